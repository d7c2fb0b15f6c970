/*
 * ChaCha20-Poly1305 (RFC 8439 section 2.8) and XChaCha20-Poly1305 (draft-irtf-cfrg-xchacha:
 * HChaCha20 of the first 16 nonce bytes is the key, and four zero bytes then the last 8 nonce
 * bytes the nonce, of ChaCha20-Poly1305), with libsodium's functions.
 * Block 0 of the keystream keys Poly1305; the message is encrypted from block 1. Decryption
 * checks the tag before it writes anything but zeros; the tag comparison is crypto_verify_16.
 */
#include "common.h"
#include "chacha20.h"
#include "poly1305.h"

#define MESSAGEBYTES_MAX crypto_aead_chacha20poly1305_ietf_MESSAGEBYTES_MAX

/* x: the ChaCha20 state for key k and the 12-byte nonce n, at block 0. Writes Poly1305's
 * one-time key and leaves x at block 1. */
static void aead_setup(uint32_t x[16], uint8_t otk[32], const uint8_t n[12], const uint8_t k[32])
{
    uint8_t block0[64];

    microsalt_chacha_setup(x, k, NULL);
    x[12] = 0;
    load32_le_words(x + 13, n, 3);
    memset(block0, 0, sizeof block0);
    microsalt_chacha_blocks(block0, block0, 1, x, 20);
    memcpy(otk, block0, 32);
    microsalt_wipe(block0, sizeof block0);
}

static int ietf_encrypt_detached(uint8_t *c, uint8_t mac[16], const uint8_t *m,
                                 unsigned long long mlen, const uint8_t *ad,
                                 unsigned long long adlen, const uint8_t n[12],
                                 const uint8_t k[32])
{
    uint32_t x[16];
    uint8_t otk[32];

    if (mlen > MESSAGEBYTES_MAX) return -1;
    aead_setup(x, otk, n, k);
    microsalt_chacha20_xor(c, m, mlen, x);
    microsalt_poly1305_aead(mac, ad, adlen, c, mlen, otk);
    microsalt_wipe(x, sizeof x);
    microsalt_wipe(otk, sizeof otk);
    return 0;
}

static int ietf_decrypt_detached(uint8_t *m, const uint8_t *c, unsigned long long clen,
                                 const uint8_t mac[16], const uint8_t *ad,
                                 unsigned long long adlen, const uint8_t n[12],
                                 const uint8_t k[32])
{
    uint32_t x[16];
    uint8_t otk[32], tag[16];
    int r;

    if (clen > MESSAGEBYTES_MAX) return -1;
    aead_setup(x, otk, n, k);
    microsalt_poly1305_aead(tag, ad, adlen, c, clen, otk);
    r = crypto_verify_16(tag, mac);
    /* Whether the tag verified is what the caller learns anyway. */
    ct_declassify(&r, sizeof r);
    if (r == 0) {
        microsalt_chacha20_xor(m, c, clen, x);
    } else if (clen > 0) {
        memset(m, 0, (size_t)clen);
    }
    microsalt_wipe(x, sizeof x);
    microsalt_wipe(otk, sizeof otk);
    microsalt_wipe(tag, sizeof tag);
    return r;
}

/* The subkey and 12-byte nonce of XChaCha20-Poly1305 for the 24-byte nonce n. */
static void xchacha_subkey(uint8_t subkey[32], uint8_t n12[12], const uint8_t n[24],
                           const uint8_t k[32])
{
    microsalt_hchacha20(subkey, n, k, NULL);
    memset(n12, 0, 4);
    memcpy(n12 + 4, n + 16, 8);
}

static int xchacha_encrypt_detached(uint8_t *c, uint8_t mac[16], const uint8_t *m,
                                    unsigned long long mlen, const uint8_t *ad,
                                    unsigned long long adlen, const uint8_t n[24],
                                    const uint8_t k[32])
{
    uint8_t subkey[32], n12[12];
    int r;
    xchacha_subkey(subkey, n12, n, k);
    r = ietf_encrypt_detached(c, mac, m, mlen, ad, adlen, n12, subkey);
    microsalt_wipe(subkey, sizeof subkey);
    return r;
}

static int xchacha_decrypt_detached(uint8_t *m, const uint8_t *c, unsigned long long clen,
                                    const uint8_t mac[16], const uint8_t *ad,
                                    unsigned long long adlen, const uint8_t n[24],
                                    const uint8_t k[32])
{
    uint8_t subkey[32], n12[12];
    int r;
    xchacha_subkey(subkey, n12, n, k);
    r = ietf_decrypt_detached(m, c, clen, mac, ad, adlen, n12, subkey);
    microsalt_wipe(subkey, sizeof subkey);
    return r;
}

/* The combined forms: the tag follows the ciphertext. The tag is taken from c before m is
 * written, since m and c may be the same buffer. */
typedef int (*encrypt_fn)(uint8_t *, uint8_t *, const uint8_t *, unsigned long long,
                          const uint8_t *, unsigned long long, const uint8_t *, const uint8_t *);
typedef int (*decrypt_fn)(uint8_t *, const uint8_t *, unsigned long long, const uint8_t *,
                          const uint8_t *, unsigned long long, const uint8_t *, const uint8_t *);

static int combined_encrypt(encrypt_fn enc, uint8_t *c, unsigned long long *clen_p,
                            const uint8_t *m, unsigned long long mlen, const uint8_t *ad,
                            unsigned long long adlen, const uint8_t *n, const uint8_t *k)
{
    int r;
    if (mlen > MESSAGEBYTES_MAX) {
        r = -1;
    } else {
        r = enc(c, c + (size_t)mlen, m, mlen, ad, adlen, n, k);
    }
    if (clen_p != NULL) *clen_p = r == 0 ? mlen + 16 : 0;
    return r;
}

static int combined_decrypt(decrypt_fn dec, uint8_t *m, unsigned long long *mlen_p,
                            const uint8_t *c, unsigned long long clen, const uint8_t *ad,
                            unsigned long long adlen, const uint8_t *n, const uint8_t *k)
{
    uint8_t mac[16];
    int r = -1;
    if (clen >= 16) {
        memcpy(mac, c + (size_t)(clen - 16), 16);
        r = dec(m, c, clen - 16, mac, ad, adlen, n, k);
    }
    if (mlen_p != NULL) *mlen_p = r == 0 ? clen - 16 : 0;
    return r;
}

/* ---- The libsodium API --------------------------------------------------------------------- */

int crypto_aead_chacha20poly1305_ietf_encrypt_detached(
    unsigned char *c, unsigned char *mac, unsigned long long *maclen_p, const unsigned char *m,
    unsigned long long mlen, const unsigned char *ad, unsigned long long adlen,
    const unsigned char *nsec, const unsigned char *npub, const unsigned char *k)
{
    int r = ietf_encrypt_detached(c, mac, m, mlen, ad, adlen, npub, k);
    (void)nsec;
    if (maclen_p != NULL) *maclen_p = r == 0 ? 16 : 0;
    return r;
}

int crypto_aead_chacha20poly1305_ietf_decrypt_detached(
    unsigned char *m, unsigned char *nsec, const unsigned char *c, unsigned long long clen,
    const unsigned char *mac, const unsigned char *ad, unsigned long long adlen,
    const unsigned char *npub, const unsigned char *k)
{
    (void)nsec;
    return ietf_decrypt_detached(m, c, clen, mac, ad, adlen, npub, k);
}

int crypto_aead_chacha20poly1305_ietf_encrypt(unsigned char *c, unsigned long long *clen_p,
                                              const unsigned char *m, unsigned long long mlen,
                                              const unsigned char *ad, unsigned long long adlen,
                                              const unsigned char *nsec,
                                              const unsigned char *npub, const unsigned char *k)
{
    (void)nsec;
    return combined_encrypt(ietf_encrypt_detached, c, clen_p, m, mlen, ad, adlen, npub, k);
}

int crypto_aead_chacha20poly1305_ietf_decrypt(unsigned char *m, unsigned long long *mlen_p,
                                              unsigned char *nsec, const unsigned char *c,
                                              unsigned long long clen, const unsigned char *ad,
                                              unsigned long long adlen,
                                              const unsigned char *npub, const unsigned char *k)
{
    (void)nsec;
    return combined_decrypt(ietf_decrypt_detached, m, mlen_p, c, clen, ad, adlen, npub, k);
}

int crypto_aead_xchacha20poly1305_ietf_encrypt_detached(
    unsigned char *c, unsigned char *mac, unsigned long long *maclen_p, const unsigned char *m,
    unsigned long long mlen, const unsigned char *ad, unsigned long long adlen,
    const unsigned char *nsec, const unsigned char *npub, const unsigned char *k)
{
    int r = xchacha_encrypt_detached(c, mac, m, mlen, ad, adlen, npub, k);
    (void)nsec;
    if (maclen_p != NULL) *maclen_p = r == 0 ? 16 : 0;
    return r;
}

int crypto_aead_xchacha20poly1305_ietf_decrypt_detached(
    unsigned char *m, unsigned char *nsec, const unsigned char *c, unsigned long long clen,
    const unsigned char *mac, const unsigned char *ad, unsigned long long adlen,
    const unsigned char *npub, const unsigned char *k)
{
    (void)nsec;
    return xchacha_decrypt_detached(m, c, clen, mac, ad, adlen, npub, k);
}

int crypto_aead_xchacha20poly1305_ietf_encrypt(unsigned char *c, unsigned long long *clen_p,
                                               const unsigned char *m, unsigned long long mlen,
                                               const unsigned char *ad, unsigned long long adlen,
                                               const unsigned char *nsec,
                                               const unsigned char *npub, const unsigned char *k)
{
    (void)nsec;
    return combined_encrypt(xchacha_encrypt_detached, c, clen_p, m, mlen, ad, adlen, npub, k);
}

int crypto_aead_xchacha20poly1305_ietf_decrypt(unsigned char *m, unsigned long long *mlen_p,
                                               unsigned char *nsec, const unsigned char *c,
                                               unsigned long long clen, const unsigned char *ad,
                                               unsigned long long adlen,
                                               const unsigned char *npub, const unsigned char *k)
{
    (void)nsec;
    return combined_decrypt(xchacha_decrypt_detached, m, mlen_p, c, clen, ad, adlen, npub, k);
}
