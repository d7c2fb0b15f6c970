/*
 * Ed25519 signatures (RFC 8032, section 5.1) with NaCl's crypto_sign interface and
 * libsodium's seed_keypair/detached additions. The secret key is seed || public key, as in
 * NaCl and libsodium; signing takes A from its second half rather than recomputing it.
 */
#include "common.h"
#include "ge25519.h"
#include "sc25519.h"
#include "sha512.h"

/* Copies n bytes from src to dst for buffers that may overlap, choosing the direction that
 * reads every source byte before overwriting it. */
static void move_bytes(uint8_t *dst, const uint8_t *src, size_t n)
{
    size_t i;
    if ((uintptr_t)dst <= (uintptr_t)src) {
        for (i = 0; i < n; i++) {
            dst[i] = src[i];
        }
    } else {
        for (i = n; i > 0; i--) {
            dst[i - 1] = src[i - 1];
        }
    }
}

/* az = SHA-512(seed) with the scalar half (az[0..32)) clamped: a multiple of the cofactor 8,
 * below 2^255 with bit 254 set. az[32..64) is the nonce prefix. The one-shot hash keeps its
 * context in its own frame, not in the signer's beside the point multiplication (stack). */
static void expand_seed(uint8_t az[64], const uint8_t seed[32])
{
    crypto_hash(az, seed, 32);
    az[0] &= 248;
    az[31] &= 127;
    az[31] |= 64;
}

/* out = SHA-512(x || y || m) mod L, with x and y 32 bytes each and y optional. */
static void hash_mod_l(uint8_t out[32], const uint8_t *x, const uint8_t *y, const uint8_t *m,
                       unsigned long long mlen)
{
    microsalt_sha512_ctx ctx;
    uint8_t digest[64];
    microsalt_sha512_init(&ctx);
    microsalt_sha512_update(&ctx, x, 32);
    /* One call whether y is there or not (NULL with length 0 is allowed): a branch decided at
     * the call site let the compiler copy the nonce's hash, context and all, into the
     * signer's frame, which the point multiplication then sits on (stack). */
    microsalt_sha512_update(&ctx, y, y != NULL ? 32 : 0);
    microsalt_sha512_update(&ctx, m, mlen);
    microsalt_sha512_final(&ctx, digest);
    microsalt_sc25519_reduce(out, digest);
    microsalt_wipe(digest, sizeof digest);
}

/* out = the encoding of [s]B. */
static void base_point_bytes(uint8_t out[32], const uint8_t s[32])
{
    ge25519 P;
    microsalt_ge25519_scalarmult_base(&P, s);
    microsalt_ge25519_tobytes(out, &P);
    microsalt_wipe(&P, sizeof P);
}

int crypto_sign_seed_keypair(unsigned char *pk, unsigned char *sk, const unsigned char *seed)
{
    uint8_t az[64];
    expand_seed(az, seed);
    move_bytes(sk, seed, 32); /* before pk is written: pk may be the seed's buffer */
    base_point_bytes(pk, az);
    move_bytes(sk + 32, pk, 32);
    microsalt_wipe(az, sizeof az);
    return 0;
}

int crypto_sign_keypair(unsigned char *pk, unsigned char *sk)
{
    uint8_t seed[32];
    randombytes(seed, sizeof seed);
    crypto_sign_seed_keypair(pk, sk, seed);
    microsalt_wipe(seed, sizeof seed);
    return 0;
}

/* sig must not overlap m: R is written before m is hashed the second time. */
int crypto_sign_detached(unsigned char *sig, unsigned long long *siglen, const unsigned char *m,
                         unsigned long long mlen, const unsigned char *sk)
{
    uint8_t az[64], r[32];
    expand_seed(az, sk);
    hash_mod_l(r, az + 32, NULL, m, mlen);
    base_point_bytes(sig, r); /* R */
    /* h (public) waits in the place of S, which may alias it (sc25519.h). */
    hash_mod_l(sig + 32, sig, sk + 32, m, mlen);
    microsalt_sc25519_muladd(sig + 32, sig + 32, az, r); /* S = r + h a */
    if (siglen != NULL) {
        *siglen = crypto_sign_BYTES;
    }
    microsalt_wipe(az, sizeof az);
    microsalt_wipe(r, sizeof r);
    return 0;
}

int crypto_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,
                unsigned long long mlen, const unsigned char *sk)
{
    /* The message moves into place first, so m may overlap sm anywhere (m == sm + 64 signs in
     * place); the signature is then computed over the copy. */
    move_bytes(sm + crypto_sign_BYTES, m, (size_t)mlen);
    crypto_sign_detached(sm, NULL, sm + crypto_sign_BYTES, mlen, sk);
    *smlen = mlen + crypto_sign_BYTES;
    return 0;
}

/*
 * Verification handles public data only (signature, message, public key), so it runs in
 * variable time: point decoding, wNAF recoding and the double-scalar multiplication branch.
 * Accepts exactly when S < L, A decodes canonically, and the encoding of [S]B - [h]A equals
 * R byte for byte (which rejects non-canonical R without decoding it).
 */
int crypto_sign_verify_detached(const unsigned char *sig, const unsigned char *m,
                                unsigned long long mlen, const unsigned char *pk)
{
    uint8_t h[32]; /* h, then the encoding of [S]B - [h]A */
    ge25519 p;
    if (!microsalt_sc25519_is_canonical_vartime(sig + 32) ||
        microsalt_ge25519_frombytes_negate_vartime(&p, pk) != 0) {
        return -1;
    }
    hash_mod_l(h, sig, pk, m, mlen);
    microsalt_ge25519_double_scalarmult_vartime(&p, h, &p, sig + 32);
    microsalt_ge25519_tobytes(h, &p);
    return ct_compare_bytes(h, sig, 32);
}

int crypto_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm,
                     unsigned long long smlen, const unsigned char *pk)
{
    if (smlen >= crypto_sign_BYTES &&
        crypto_sign_verify_detached(sm, sm + crypto_sign_BYTES, smlen - crypto_sign_BYTES,
                                    pk) == 0) {
        move_bytes(m, sm + crypto_sign_BYTES, (size_t)(smlen - crypto_sign_BYTES));
        *mlen = smlen - crypto_sign_BYTES;
        return 0;
    }
    if (smlen > crypto_sign_BYTES) {
        memset(m, 0, (size_t)(smlen - crypto_sign_BYTES));
    }
    *mlen = 0;
    return -1;
}
