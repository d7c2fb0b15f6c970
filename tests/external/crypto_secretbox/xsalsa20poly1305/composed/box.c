/*
 * A SUPERCOP-layout implementation kept in-tree to test the lab's EXTERNAL= path:
 * XSalsa20-Poly1305 composed of two other primitives' headers, the way NaCl's reference
 * secretbox is, so it exercises an implementation's dependencies on several of them. The
 * keystream's first 32 bytes key Poly1305 (they are what the 32 zero bytes before the message
 * encrypt to); the rest encrypts the message.
 */
#include <string.h>

#include "crypto_onetimeauth_poly1305.h"
#include "crypto_secretbox.h"
#include "crypto_stream_xsalsa20.h"

int crypto_secretbox(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                     const unsigned char *n, const unsigned char *k)
{
    unsigned char otk[32];
    if (mlen < 32 || crypto_stream_xsalsa20_xor(c, m, mlen, n, k) != 0) return -1;
    /* The tag lands on the key's last 16 bytes: a copy keeps the key apart from it. */
    memcpy(otk, c, 32);
    if (crypto_onetimeauth_poly1305(c + 16, c + 32, mlen - 32, otk) != 0) return -1;
    memset(c, 0, 16);
    return 0;
}

int crypto_secretbox_open(unsigned char *m, const unsigned char *c, unsigned long long clen,
                          const unsigned char *n, const unsigned char *k)
{
    unsigned char otk[32];
    if (clen < 32 || crypto_stream_xsalsa20(otk, 32, n, k) != 0) return -1;
    /* Before decrypting: m may be c. */
    if (crypto_onetimeauth_poly1305_verify(c + 16, c + 32, clen - 32, otk) != 0) return -1;
    if (crypto_stream_xsalsa20_xor(m, c, clen, n, k) != 0) return -1;
    memset(m, 0, 32);
    return 0;
}
