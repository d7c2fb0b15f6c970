/*
 * A SUPERCOP-layout implementation kept in-tree to test the lab's EXTERNAL= path: crypto_box
 * composed of three other primitives' headers, the way NaCl's reference is. The shared key is
 * HSalsa20 of the X25519 shared secret (the nonce input zero), and it seals with
 * XSalsa20-Poly1305. Its keypair draws from randombytes; the lab times no keypair, so this one
 * shows that an implementation's unused functions still link.
 */
#include "crypto_box.h"
#include "crypto_core_hsalsa20.h"
#include "crypto_scalarmult_curve25519.h"
#include "crypto_secretbox_xsalsa20poly1305.h"
#include "randombytes.h"

static const unsigned char sigma[16] = {'e', 'x', 'p', 'a', 'n', 'd', ' ', '3',
                                        '2', '-', 'b', 'y', 't', 'e', ' ', 'k'};
static const unsigned char zero[16];

int crypto_box_keypair(unsigned char *pk, unsigned char *sk)
{
    randombytes(sk, 32);
    return crypto_scalarmult_curve25519_base(pk, sk);
}

int crypto_box_beforenm(unsigned char *k, const unsigned char *pk, const unsigned char *sk)
{
    unsigned char s[32];
    if (crypto_scalarmult_curve25519(s, sk, pk) != 0) return -1;
    return crypto_core_hsalsa20(k, zero, s, sigma);
}

int crypto_box_afternm(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                       const unsigned char *n, const unsigned char *k)
{
    return crypto_secretbox_xsalsa20poly1305(c, m, mlen, n, k);
}

int crypto_box_open_afternm(unsigned char *m, const unsigned char *c, unsigned long long clen,
                            const unsigned char *n, const unsigned char *k)
{
    return crypto_secretbox_xsalsa20poly1305_open(m, c, clen, n, k);
}

int crypto_box(unsigned char *c, const unsigned char *m, unsigned long long mlen,
               const unsigned char *n, const unsigned char *pk, const unsigned char *sk)
{
    unsigned char k[32];
    if (crypto_box_beforenm(k, pk, sk) != 0) return -1;
    return crypto_box_afternm(c, m, mlen, n, k);
}

int crypto_box_open(unsigned char *m, const unsigned char *c, unsigned long long clen,
                    const unsigned char *n, const unsigned char *pk, const unsigned char *sk)
{
    unsigned char k[32];
    if (crypto_box_beforenm(k, pk, sk) != 0) return -1;
    return crypto_box_open_afternm(m, c, clen, n, k);
}
