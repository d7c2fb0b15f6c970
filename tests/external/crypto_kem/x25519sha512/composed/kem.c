/*
 * A SUPERCOP-layout implementation kept in-tree to test the lab's EXTERNAL= path for a KEM of
 * another primitive than microsalt's, which the lab checks by its own round trip: a
 * Diffie-Hellman KEM on X25519. The ciphertext is an ephemeral public key; the shared key is
 * the first half of SHA-512 of the X25519 secret, the ciphertext and the recipient's public
 * key, so that it binds both. The secret key keeps the public key after the scalar, for dec.
 */
#include <string.h>

#include "crypto_hash_sha512.h"
#include "crypto_kem.h"
#include "crypto_scalarmult_curve25519.h"
#include "randombytes.h"

/* ss from the X25519 secret s, ct and pk. */
static void derive(unsigned char *ss, const unsigned char *s, const unsigned char *ct,
                   const unsigned char *pk)
{
    unsigned char in[96], h[64];
    memcpy(in, s, 32);
    memcpy(in + 32, ct, 32);
    memcpy(in + 64, pk, 32);
    crypto_hash_sha512(h, in, sizeof in);
    memcpy(ss, h, 32);
}

int crypto_kem_keypair(unsigned char *pk, unsigned char *sk)
{
    randombytes(sk, 32);
    if (crypto_scalarmult_curve25519_base(pk, sk) != 0) return -1;
    memcpy(sk + 32, pk, 32);
    return 0;
}

int crypto_kem_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk)
{
    unsigned char e[32], s[32];
    randombytes(e, 32);
    if (crypto_scalarmult_curve25519_base(ct, e) != 0 ||
        crypto_scalarmult_curve25519(s, e, pk) != 0)
        return -1;
    derive(ss, s, ct, pk);
    return 0;
}

int crypto_kem_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk)
{
    unsigned char s[32];
    if (crypto_scalarmult_curve25519(s, sk, ct) != 0) return -1;
    derive(ss, s, ct, sk + 32);
    return 0;
}
