/* wolfCrypt 5.5.4 (wolfSSL's crypto library, bench/peers/peers.py) for the lab, configured by
 * bench/peers/config/wolfssl_user_settings.h: X25519 (wc_curve25519, little-endian byte
 * vectors as RFC 7748's), Ed25519, ChaCha20-Poly1305, SHA-512, Poly1305, ChaCha20 and P-256
 * (wc_ecc on its single-precision code, with raw big-endian x || y and r || s)
 * (bench/peers/adapter.h). */
#include <string.h>

#include "adapter.h"

#include <wolfssl/wolfcrypt/settings.h>

#include <wolfssl/wolfcrypt/chacha.h>
#include <wolfssl/wolfcrypt/chacha20_poly1305.h>
#include <wolfssl/wolfcrypt/curve25519.h>
#include <wolfssl/wolfcrypt/ecc.h>
#include <wolfssl/wolfcrypt/ed25519.h>
#include <wolfssl/wolfcrypt/poly1305.h>
#include <wolfssl/wolfcrypt/random.h>
#include <wolfssl/wolfcrypt/sha512.h>
#include <wolfssl/wolfcrypt/wolfmath.h>

void randombytes(unsigned char *x, unsigned long long len);

/* CUSTOM_RAND_GENERATE_BLOCK: every WC_RNG draws from the application's randombytes. */
int wolfssl_lab_rng_block(unsigned char *output, unsigned int size)
{
    randombytes(output, size);
    return 0;
}

/* wc_curve25519_make_pub and wc_curve25519_generic refuse a scalar that is not clamped, so the
 * adapter clamps a copy, as RFC 7748 decodes scalars; key import (wc_curve25519_import_private_ex)
 * clamps by itself. */
int peer_x25519(uint8_t q[32], const uint8_t n[32], const uint8_t p[32])
{
    curve25519_key sk, pk;
    word32 len = 32;
    int ret;
    if (wc_curve25519_init(&sk) != 0 || wc_curve25519_init(&pk) != 0) return -1;
    ret = wc_curve25519_import_private_ex(n, 32, &sk, EC25519_LITTLE_ENDIAN);
    if (ret == 0) ret = wc_curve25519_import_public_ex(p, 32, &pk, EC25519_LITTLE_ENDIAN);
    if (ret == 0) ret = wc_curve25519_shared_secret_ex(&sk, &pk, q, &len, EC25519_LITTLE_ENDIAN);
    wc_curve25519_free(&sk);
    wc_curve25519_free(&pk);
    return ret == 0 && len == 32 ? 0 : -1;
}

int peer_x25519_base(uint8_t q[32], const uint8_t n[32])
{
    uint8_t k[32];
    int ret;
    memcpy(k, n, 32);
    k[0] &= 248;
    k[31] = (uint8_t)((k[31] & 127) | 64);
    ret = wc_curve25519_make_pub(32, q, 32, k);
    memset(k, 0, sizeof k);
    return ret == 0 ? 0 : -1;
}

int peer_ed25519_sign(uint8_t *sm, const uint8_t *m, size_t n, const uint8_t sk[64])
{
    ed25519_key key;
    word32 len = 64;
    int ret;
    if (wc_ed25519_init(&key) != 0) return -1;
    ret = wc_ed25519_import_private_key(sk, 32, sk + 32, 32, &key);
    if (ret == 0) ret = wc_ed25519_sign_msg(m, (word32)n, sm, &len, &key);
    wc_ed25519_free(&key);
    return ret == 0 && len == 64 ? 0 : -1;
}

int peer_ed25519_verify(const uint8_t *sm, size_t n, const uint8_t pk[32])
{
    ed25519_key key;
    int ret, valid = 0;
    if (wc_ed25519_init(&key) != 0) return -1;
    ret = wc_ed25519_import_public(pk, 32, &key);
    if (ret == 0) ret = wc_ed25519_verify_msg(sm, 64, sm + 64, (word32)n, &valid, &key);
    wc_ed25519_free(&key);
    return ret == 0 && valid == 1 ? 0 : -1;
}

int peer_aead_encrypt(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                      const uint8_t key[32])
{
    return wc_ChaCha20Poly1305_Encrypt(key, nonce, NULL, 0, m, (word32)n, c, c + n) == 0 ? 0
                                                                                        : -1;
}

int peer_aead_decrypt(uint8_t *m, const uint8_t *c, size_t n, const uint8_t nonce[12],
                      const uint8_t key[32])
{
    return wc_ChaCha20Poly1305_Decrypt(key, nonce, NULL, 0, c, (word32)n, c + n, m) == 0 ? 0
                                                                                        : -1;
}

int peer_sha512(uint8_t h[64], const uint8_t *m, size_t n)
{
    wc_Sha512 sha;
    int ret = wc_InitSha512(&sha);
    if (ret == 0) ret = wc_Sha512Update(&sha, m, (word32)n);
    if (ret == 0) ret = wc_Sha512Final(&sha, h);
    wc_Sha512Free(&sha);
    return ret == 0 ? 0 : -1;
}

int peer_poly1305(uint8_t tag[16], const uint8_t *m, size_t n, const uint8_t key[32])
{
    Poly1305 ctx;
    int ret = wc_Poly1305SetKey(&ctx, key, 32);
    if (ret == 0) ret = wc_Poly1305Update(&ctx, m, (word32)n);
    if (ret == 0) ret = wc_Poly1305Final(&ctx, tag);
    return ret == 0 ? 0 : -1;
}

int peer_chacha20(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                  const uint8_t key[32])
{
    ChaCha ctx;
    int ret = wc_Chacha_SetKey(&ctx, key, 32);
    if (ret == 0) ret = wc_Chacha_SetIV(&ctx, nonce, 0);
    if (ret == 0) ret = wc_Chacha_Process(&ctx, c, m, (word32)n);
    return ret == 0 ? 0 : -1;
}

/* P-256: keys imported from raw big-endian values (wc_ecc_import_private_key_ex,
 * wc_ecc_import_unsigned), signatures as the two integers of wc_ecc_sign_hash_ex and
 * wc_ecc_verify_hash_ex rather than wolfCrypt's usual DER. */
int peer_p256_public(uint8_t q[64], const uint8_t d[32])
{
    ecc_key key;
    word32 xlen = 32, ylen = 32;
    int ret;
    if (wc_ecc_init(&key) != 0) return -1;
    ret = wc_ecc_import_private_key_ex(d, 32, NULL, 0, &key, ECC_SECP256R1);
    if (ret == 0) ret = wc_ecc_make_pub(&key, NULL);
    if (ret == 0) ret = wc_ecc_export_public_raw(&key, q, &xlen, q + 32, &ylen);
    wc_ecc_free(&key);
    return ret == 0 && xlen == 32 && ylen == 32 ? 0 : -1;
}

int peer_p256_ecdh(uint8_t z[32], const uint8_t d[32], const uint8_t q[64])
{
    ecc_key sk, pk;
    WC_RNG rng;
    word32 len = 32;
    int ret;
    if (wc_InitRng(&rng) != 0) return -1;
    if (wc_ecc_init(&sk) != 0 || wc_ecc_init(&pk) != 0) return -1;
    ret = wc_ecc_import_private_key_ex(d, 32, NULL, 0, &sk, ECC_SECP256R1);
    if (ret == 0) ret = wc_ecc_set_rng(&sk, &rng); /* blinding, where the code uses it */
    if (ret == 0) ret = wc_ecc_import_unsigned(&pk, q, q + 32, NULL, ECC_SECP256R1);
    if (ret == 0) ret = wc_ecc_shared_secret(&sk, &pk, z, &len);
    wc_ecc_free(&sk);
    wc_ecc_free(&pk);
    wc_FreeRng(&rng);
    return ret == 0 && len == 32 ? 0 : -1;
}

int peer_p256_sign(uint8_t sig[64], const uint8_t d[32], const uint8_t digest[32])
{
    ecc_key key;
    WC_RNG rng;
    mp_int r, s;
    int ret;
    if (wc_InitRng(&rng) != 0) return -1;
    if (wc_ecc_init(&key) != 0) return -1;
    ret = mp_init_multi(&r, &s, NULL, NULL, NULL, NULL);
    if (ret == 0) ret = wc_ecc_import_private_key_ex(d, 32, NULL, 0, &key, ECC_SECP256R1);
    if (ret == 0) ret = wc_ecc_sign_hash_ex(digest, 32, &rng, &key, &r, &s);
    if (ret == 0) ret = mp_to_unsigned_bin_len(&r, sig, 32);
    if (ret == 0) ret = mp_to_unsigned_bin_len(&s, sig + 32, 32);
    mp_forcezero(&r);
    mp_forcezero(&s);
    wc_ecc_free(&key);
    wc_FreeRng(&rng);
    return ret == 0 ? 0 : -1;
}

int peer_p256_verify(const uint8_t sig[64], const uint8_t q[64], const uint8_t digest[32])
{
    ecc_key key;
    mp_int r, s;
    int ret, valid = 0;
    if (wc_ecc_init(&key) != 0) return -1;
    ret = mp_init_multi(&r, &s, NULL, NULL, NULL, NULL);
    if (ret == 0) ret = mp_read_unsigned_bin(&r, sig, 32);
    if (ret == 0) ret = mp_read_unsigned_bin(&s, sig + 32, 32);
    if (ret == 0) ret = wc_ecc_import_unsigned(&key, q, q + 32, NULL, ECC_SECP256R1);
    if (ret == 0) ret = wc_ecc_verify_hash_ex(&r, &s, digest, 32, &valid, &key);
    wc_ecc_free(&key);
    return ret == 0 && valid == 1 ? 0 : -1;
}
