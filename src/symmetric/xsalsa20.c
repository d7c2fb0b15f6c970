/*
 * XSalsa20 ("Extending the Salsa20 nonce"): HSalsa20 turns the key and the first 16 nonce
 * bytes into a subkey, which keys Salsa20 with the last 8 nonce bytes (salsa20.c:
 * microsalt_xsalsa20_setup).
 */
#include "common.h"
#include "salsa20.h"

/* c = m xor the keystream, or the bare keystream when m is NULL. */
static void xsalsa20_stream(uint8_t *c, const uint8_t *m, unsigned long long len,
                            const uint8_t *n, const uint8_t *k)
{
    uint32_t x[16];
    microsalt_xsalsa20_setup(x, n, k);
    microsalt_salsa20_xor(c, m, len, x);
    microsalt_wipe_words(x, 16);
}

int crypto_stream(unsigned char *c, unsigned long long clen, const unsigned char *n,
                  const unsigned char *k)
{
    xsalsa20_stream(c, NULL, clen, n, k);
    return 0;
}

int crypto_stream_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                      const unsigned char *n, const unsigned char *k)
{
    xsalsa20_stream(c, m, mlen, n, k);
    return 0;
}
