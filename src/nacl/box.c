/* crypto_box: curve25519xsalsa20poly1305 = X25519, HSalsa20 key derivation, secretbox. */
#include "common.h"

static const uint8_t hsalsa20_zero_input[16];
static const uint8_t sigma[16] = {'e', 'x', 'p', 'a', 'n', 'd', ' ', '3',
                                  '2', '-', 'b', 'y', 't', 'e', ' ', 'k'};

int crypto_box_keypair(unsigned char *pk, unsigned char *sk)
{
    randombytes(sk, crypto_box_SECRETKEYBYTES);
    /* A random scalar never gives the all-zero point; the result cannot be -1. */
    return crypto_scalarmult_base(pk, sk);
}

int crypto_box_beforenm(unsigned char *k, const unsigned char *pk, const unsigned char *sk)
{
    uint8_t s[32];
    int rc = crypto_scalarmult(s, sk, pk);
    crypto_core_hsalsa20(k, hsalsa20_zero_input, s, sigma);
    microsalt_wipe(s, sizeof s);
    return rc;
}

int crypto_box_afternm(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                       const unsigned char *n, const unsigned char *k)
{
    return crypto_secretbox(c, m, mlen, n, k);
}

int crypto_box_open_afternm(unsigned char *m, const unsigned char *c, unsigned long long clen,
                            const unsigned char *n, const unsigned char *k)
{
    return crypto_secretbox_open(m, c, clen, n, k);
}

int crypto_box(unsigned char *c, const unsigned char *m, unsigned long long mlen,
               const unsigned char *n, const unsigned char *pk, const unsigned char *sk)
{
    uint8_t k[crypto_box_BEFORENMBYTES];
    int rc = crypto_box_beforenm(k, pk, sk);
    /* rc is -1 only for a low-order public key: a property of public data. */
    ct_declassify(&rc, sizeof rc);
    if (rc == 0) {
        rc = crypto_box_afternm(c, m, mlen, n, k);
    }
    microsalt_wipe(k, sizeof k);
    return rc;
}

int crypto_box_open(unsigned char *m, const unsigned char *c, unsigned long long clen,
                    const unsigned char *n, const unsigned char *pk, const unsigned char *sk)
{
    uint8_t k[crypto_box_BEFORENMBYTES];
    int rc = crypto_box_beforenm(k, pk, sk);
    ct_declassify(&rc, sizeof rc);
    if (rc == 0) {
        rc = crypto_box_open_afternm(m, c, clen, n, k);
    } else {
        /* No plaintext leaves a failed open. */
        memset(m, 0, (size_t)clen);
    }
    microsalt_wipe(k, sizeof k);
    return rc;
}
