/*
 * A SUPERCOP-layout implementation kept in-tree to test the lab's EXTERNAL= path: XSalsa20 as
 * its definition composes it, HSalsa20 of the key and the nonce's first 16 bytes keying
 * Salsa20 with the nonce's last 8.
 */
#include "crypto_core_hsalsa20.h"
#include "crypto_stream.h"
#include "crypto_stream_salsa20.h"

static const unsigned char sigma[16] = {'e', 'x', 'p', 'a', 'n', 'd', ' ', '3',
                                        '2', '-', 'b', 'y', 't', 'e', ' ', 'k'};

int crypto_stream(unsigned char *c, unsigned long long clen, const unsigned char *n,
                  const unsigned char *k)
{
    unsigned char subkey[32];
    if (crypto_core_hsalsa20(subkey, n, k, sigma) != 0) return -1;
    return crypto_stream_salsa20(c, clen, n + 16, subkey);
}

int crypto_stream_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                      const unsigned char *n, const unsigned char *k)
{
    unsigned char subkey[32];
    if (crypto_core_hsalsa20(subkey, n, k, sigma) != 0) return -1;
    return crypto_stream_salsa20_xor(c, m, mlen, n + 16, subkey);
}
