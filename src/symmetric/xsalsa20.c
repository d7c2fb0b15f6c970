/*
 * XSalsa20 ("Extending the Salsa20 nonce"): HSalsa20 turns the key and the first 16 nonce
 * bytes into a subkey, which keys Salsa20 with the last 8 nonce bytes.
 */
#include "common.h"
#include "salsa20.h"

int crypto_stream(unsigned char *c, unsigned long long clen, const unsigned char *n,
                  const unsigned char *k)
{
    uint8_t subkey[32];
    crypto_core_hsalsa20(subkey, n, k, microsalt_salsa20_sigma);
    crypto_stream_salsa20(c, clen, n + 16, subkey);
    microsalt_wipe(subkey, sizeof subkey);
    return 0;
}

int crypto_stream_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                      const unsigned char *n, const unsigned char *k)
{
    uint8_t subkey[32];
    crypto_core_hsalsa20(subkey, n, k, microsalt_salsa20_sigma);
    crypto_stream_salsa20_xor(c, m, mlen, n + 16, subkey);
    microsalt_wipe(subkey, sizeof subkey);
    return 0;
}
