#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "ge25519.h"
#include "harness.h"
#include "oracle.h"
#include "sc25519.h"

/* L, little-endian. */
static const uint8_t ORDER[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
    0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
};

/* The standard encoding of B: y = 4/5, x even. */
static void base_encoding(uint8_t b[32])
{
    memset(b, 0x66, 32);
    b[0] = 0x58;
}

static int all_zero(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (p[i] != 0) return 0;
    }
    return 1;
}

/*
 * crypto_sign_open on sm (smlen bytes) must fail: -1, *mlen = 0 and the output plaintext
 * m[0..smlen-64) zeroed. m is a guarded buffer of exactly max(smlen - 64, 0) bytes, so a
 * write past the plaintext shows up as a broken canary.
 */
static void expect_open_fails(const uint8_t *sm, unsigned long long smlen, const uint8_t *pk,
                              const char *what, long where)
{
    size_t n = smlen > 64 ? (size_t)(smlen - 64) : 0;
    uint8_t *m = guarded_alloc(n);
    unsigned long long mlen = 12345;
    CHECKF(crypto_sign_open(m, &mlen, sm, smlen, pk) == -1, "%s %ld: open accepted", what,
           where);
    CHECKF(mlen == 0, "%s %ld: mlen %llu after failure", what, where, mlen);
    CHECKF(all_zero(m, n), "%s %ld: plaintext not zeroed", what, where);
    guarded_free(m, n, "open output");
}

/* Everything a known (seed, pk, msg, sig) fixes: keys, both signing forms, both checks. */
static void check_known(const char *name, const uint8_t seed[32], const uint8_t pk[32],
                        const uint8_t *msg, size_t mlen, const uint8_t sig[64])
{
    uint8_t pk2[32], sk[64], sig2[64];
    uint8_t *sm = guarded_alloc(mlen + 64), *m = guarded_alloc(mlen);
    unsigned long long smlen = 0, siglen = 0, mlen2 = 0;
    CHECK(crypto_sign_seed_keypair(pk2, sk, seed) == 0);
    CHECK_MEM(pk2, pk, 32, name);
    CHECK_MEM(sk, seed, 32, name);
    CHECK_MEM(sk + 32, pk, 32, name);
    CHECK(crypto_sign_detached(sig2, &siglen, msg, mlen, sk) == 0);
    CHECKF(siglen == 64, "%s: siglen %llu", name, siglen);
    CHECK_MEM(sig2, sig, 64, name);
    CHECK(crypto_sign(sm, &smlen, msg, mlen, sk) == 0);
    CHECKF(smlen == mlen + 64, "%s: smlen", name);
    CHECK_MEM(sm, sig, 64, name);
    CHECK_MEM(sm + 64, msg, mlen, name);
    CHECKF(crypto_sign_verify_detached(sig, msg, mlen, pk) == 0, "%s: verify", name);
    CHECKF(crypto_sign_open(m, &mlen2, sm, smlen, pk) == 0, "%s: open", name);
    CHECKF(mlen2 == mlen, "%s: open mlen", name);
    CHECK_MEM(m, msg, mlen, name);
    guarded_free(sm, mlen + 64, "signed message");
    guarded_free(m, mlen, "opened message");
}

static void test_rfc8032(void)
{
    struct vec_file *vf = vec_open("ed25519_rfc8032.vec", 0);
    struct vec_record rec;
    int count = 0;
    while (vec_next(vf, &rec)) {
        uint8_t seed[32], pk[32], sig[64], *msg = malloc(2048);
        size_t mlen;
        if (msg == NULL) abort();
        CHECK(vec_hex(&rec, "seed", seed, 32) == 32);
        CHECK(vec_hex(&rec, "pk", pk, 32) == 32);
        CHECK(vec_hex(&rec, "sig", sig, 64) == 64);
        mlen = vec_hex(&rec, "msg", msg, 2048);
        check_known(vec_str(&rec, "name"), seed, pk, msg, mlen, sig);
        free(msg);
        count++;
    }
    vec_close(vf);
    CHECKF(count == 5, "RFC 8032 has 5 Ed25519 vectors, read %d", count);
}

/*
 * Every Wycheproof case with its verdict (the file has no "acceptable" cases; one would be
 * reported, not counted). A signature of the wrong length cannot reach verify_detached; it
 * goes through crypto_sign_open as sig || msg, the NaCl form of the same mistake.
 */
static void test_wycheproof(void)
{
    struct vec_file *vf = vec_open("ed25519_wycheproof.vec", 1);
    struct vec_record rec;
    int count = 0;
    while (vec_next(vf, &rec)) {
        const char *result = vec_str(&rec, "result");
        long tc = atol(vec_str(&rec, "tcId"));
        size_t hexlen = strlen(vec_str(&rec, "msg"));
        uint8_t pk[32], sig[128];
        uint8_t *msg = malloc(hexlen / 2 + 1), *sm = malloc(hexlen / 2 + 128);
        size_t mlen, siglen;
        int valid = strcmp(result, "valid") == 0;
        if (msg == NULL || sm == NULL) abort();
        CHECK(vec_hex(&rec, "pk", pk, 32) == 32);
        siglen = vec_hex(&rec, "sig", sig, sizeof sig);
        mlen = vec_hex(&rec, "msg", msg, hexlen / 2 + 1);
        memcpy(sm, sig, siglen);
        memcpy(sm + siglen, msg, mlen);
        if (strcmp(result, "acceptable") == 0) {
            printf("  wycheproof tcId %ld (acceptable): verify says %d\n", tc,
                   siglen == 64 ? crypto_sign_verify_detached(sig, msg, mlen, pk) : -1);
        } else if (valid) {
            uint8_t *m = guarded_alloc(mlen);
            unsigned long long got = 0;
            CHECKF(siglen == 64, "wycheproof tcId %ld: valid with a %lu-byte signature", tc,
                   (unsigned long)siglen);
            CHECKF(crypto_sign_verify_detached(sig, msg, mlen, pk) == 0,
                   "wycheproof tcId %ld: valid signature rejected", tc);
            CHECKF(crypto_sign_open(m, &got, sm, siglen + mlen, pk) == 0 && got == mlen,
                   "wycheproof tcId %ld: open rejected", tc);
            CHECK_MEM(m, msg, mlen, "wycheproof opened message");
            guarded_free(m, mlen, "wycheproof open output");
        } else {
            CHECKF(strcmp(result, "invalid") == 0, "wycheproof tcId %ld: result %s", tc,
                   result);
            if (siglen == 64) {
                CHECKF(crypto_sign_verify_detached(sig, msg, mlen, pk) == -1,
                       "wycheproof tcId %ld: invalid signature accepted", tc);
            }
            expect_open_fails(sm, siglen + mlen, pk, "wycheproof tcId", tc);
        }
        free(msg);
        free(sm);
        count++;
    }
    vec_close(vf);
    CHECKF(count == 151, "wycheproof ed25519: %d cases", count);
}

/* One random key and message of length len, against libsodium, in every calling form. */
static void differential(size_t len)
{
    const struct sodium_oracle *na = sodium();
    uint8_t seed[32], pk[32], sk[64], pk_ref[32], sk_ref[64], sig[64], sig_ref[64];
    uint8_t *msg = guarded_alloc(len), *sm = guarded_alloc(len + 64),
            *sm_ref = guarded_alloc(len + 64), *m = guarded_alloc(len),
            *inplace = guarded_alloc(len + 64);
    unsigned long long smlen = 0, smlen_ref = 0, mlen = 0, siglen = 0;
    test_rng_bytes(seed, 32);
    test_rng_bytes(msg, len);

    CHECK(crypto_sign_seed_keypair(pk, sk, seed) == 0);
    CHECK(na->crypto_sign_seed_keypair(pk_ref, sk_ref, seed) == 0);
    CHECK_MEM(pk, pk_ref, 32, "public key vs libsodium");
    CHECK_MEM(sk, sk_ref, 64, "secret key vs libsodium");

    CHECK(crypto_sign_detached(sig, &siglen, msg, len, sk) == 0 && siglen == 64);
    CHECK(na->crypto_sign_detached(sig_ref, NULL, msg, len, sk) == 0);
    CHECK_MEM(sig, sig_ref, 64, "detached signature vs libsodium");
    CHECK(crypto_sign_detached(sig, NULL, msg, len, sk) == 0);
    CHECK_MEM(sig, sig_ref, 64, "detached signature, siglen NULL");

    CHECK(crypto_sign(sm, &smlen, msg, len, sk) == 0);
    CHECK(na->crypto_sign(sm_ref, &smlen_ref, msg, len, sk) == 0);
    CHECKF(smlen == len + 64 && smlen_ref == smlen, "smlen at length %lu", (unsigned long)len);
    CHECK_MEM(sm, sm_ref, len + 64, "signed message vs libsodium");

    CHECKF(crypto_sign_verify_detached(sig_ref, msg, len, pk) == 0, "verify at length %lu",
           (unsigned long)len);
    CHECKF(na->crypto_sign_verify_detached(sig, msg, len, pk) == 0,
           "libsodium verify at length %lu", (unsigned long)len);
    CHECKF(crypto_sign_open(m, &mlen, sm_ref, smlen_ref, pk) == 0 && mlen == len,
           "open at length %lu", (unsigned long)len);
    CHECK_MEM(m, msg, len, "opened message");
    memset(m, 0, len);
    CHECKF(na->crypto_sign_open(m, &mlen, sm, smlen, pk) == 0 && mlen == len,
           "libsodium open at length %lu", (unsigned long)len);
    CHECK_MEM(m, msg, len, "message opened by libsodium");

    /* In place: the message already at sm + 64, then m == sm. */
    memcpy(inplace + 64, msg, len);
    CHECK(crypto_sign(inplace, &smlen, inplace + 64, len, sk) == 0);
    CHECK_MEM(inplace, sm_ref, len + 64, "crypto_sign with m = sm + 64");
    memcpy(inplace, msg, len);
    CHECK(crypto_sign(inplace, &smlen, inplace, len, sk) == 0);
    CHECK_MEM(inplace, sm_ref, len + 64, "crypto_sign with m = sm");
    CHECK(crypto_sign_open(inplace, &mlen, inplace, smlen, pk) == 0 && mlen == len);
    CHECK_MEM(inplace, msg, len, "crypto_sign_open with m = sm");

    guarded_free(msg, len, "message");
    guarded_free(sm, len + 64, "signed message");
    guarded_free(sm_ref, len + 64, "libsodium signed message");
    guarded_free(m, len, "opened message");
    guarded_free(inplace, len + 64, "in-place buffer");
}

static void test_differential(void)
{
    static const size_t large[] = {4096, 65536 + 3, 1000000};
    size_t len;
    test_rng_seed(0xed25519);
    for (len = 0; len <= 1100; len++) {
        differential(len);
    }
    for (len = 0; len < sizeof large / sizeof large[0]; len++) {
        differential(large[len]);
    }
}

/* Every single-bit change of signature, message or public key is rejected by both checks. */
static void test_bit_flips(size_t len)
{
    uint8_t seed[32], pk[32], sk[64];
    uint8_t *sm = malloc(len + 64);
    unsigned long long smlen;
    size_t i;
    int bit;
    if (sm == NULL) abort();
    test_rng_bytes(seed, 32);
    crypto_sign_seed_keypair(pk, sk, seed);
    test_rng_bytes(sm + 64, len);
    crypto_sign(sm, &smlen, sm + 64, len, sk);
    CHECK(crypto_sign_verify_detached(sm, sm + 64, len, pk) == 0);
    for (i = 0; i < smlen; i++) {
        for (bit = 0; bit < 8; bit++) {
            sm[i] ^= (uint8_t)(1u << bit);
            CHECKF(crypto_sign_verify_detached(sm, sm + 64, len, pk) == -1,
                   "flip of signed-message bit %lu accepted", (unsigned long)(8 * i + bit));
            expect_open_fails(sm, smlen, pk, "signed-message bit", (long)(8 * i + bit));
            sm[i] ^= (uint8_t)(1u << bit);
        }
    }
    for (i = 0; i < 32; i++) {
        for (bit = 0; bit < 8; bit++) {
            pk[i] ^= (uint8_t)(1u << bit);
            CHECKF(crypto_sign_verify_detached(sm, sm + 64, len, pk) == -1,
                   "flip of public-key bit %lu accepted", (unsigned long)(8 * i + bit));
            expect_open_fails(sm, smlen, pk, "public-key bit", (long)(8 * i + bit));
            pk[i] ^= (uint8_t)(1u << bit);
        }
    }
    CHECK(crypto_sign_verify_detached(sm, sm + 64, len, pk) == 0);
    free(sm);
}

/* Too short to hold a signature: rejected without reading or writing past the buffers. */
static void test_short(void)
{
    uint8_t seed[32], pk[32], sk[64];
    unsigned long long smlen;
    test_rng_bytes(seed, 32);
    crypto_sign_seed_keypair(pk, sk, seed);
    for (smlen = 0; smlen < 64; smlen++) {
        uint8_t *sm = guarded_alloc((size_t)smlen);
        test_rng_bytes(sm, (size_t)smlen);
        expect_open_fails(sm, smlen, pk, "smlen", (long)smlen);
        guarded_free(sm, (size_t)smlen, "short signed message");
    }
}

/* S + kL encodes the same residue but is not canonical: RFC 8032 requires S < L. */
static void test_s_malleability(void)
{
    uint8_t seed[32], pk[32], sk[64], msg[40], sig[64], bad[64];
    int k, i;
    test_rng_bytes(seed, 32);
    test_rng_bytes(msg, sizeof msg);
    crypto_sign_seed_keypair(pk, sk, seed);
    crypto_sign_detached(sig, NULL, msg, sizeof msg, sk);
    CHECK(crypto_sign_verify_detached(sig, msg, sizeof msg, pk) == 0);
    memcpy(bad, sig, 64);
    for (k = 1; k <= 15; k++) { /* S + 15 L < 2^256 */
        unsigned carry = 0;
        for (i = 0; i < 32; i++) {
            unsigned v = bad[32 + i] + ORDER[i] + carry;
            bad[32 + i] = (uint8_t)v;
            carry = v >> 8;
        }
        CHECK(carry == 0);
        CHECKF(crypto_sign_verify_detached(bad, msg, sizeof msg, pk) == -1, "S + %d L", k);
        CHECKF(sodium()->crypto_sign_verify_detached(bad, msg, sizeof msg, pk) == -1,
               "libsodium S + %d L", k);
    }
}

void test_ed25519(void)
{
    test_rfc8032();
    test_wycheproof();
    test_differential();
    test_rng_seed(0xf11b);
    test_bit_flips(0);
    test_bit_flips(33);
    test_short();
    test_s_malleability();
}

/* ---- The group: the fixed-base table against an independent route ------------------- */

/* [h]B computed by the variable-time double-scalar path from a decoded B: doublings and
 * additions of run-time multiples, without the fixed-base table. */
static void independent_base_mult(uint8_t out[32], const uint8_t h[32])
{
    static const uint8_t zero[32];
    uint8_t neg_b[32];
    ge25519 b, r;
    base_encoding(neg_b);
    neg_b[31] |= 0x80; /* -B: decoding negates it back to B */
    CHECK(microsalt_ge25519_frombytes_negate_vartime(&b, neg_b) == 0);
    microsalt_ge25519_double_scalarmult_vartime(&r, h, &b, zero);
    microsalt_ge25519_tobytes(out, &r);
}

static void base_mult(uint8_t out[32], const uint8_t a[32])
{
    ge25519 r;
    microsalt_ge25519_scalarmult_base(&r, a);
    microsalt_ge25519_tobytes(out, &r);
}

static void test_table(void)
{
    uint8_t a[32], want[32], got[32];
    int k, j;
    /* [j 16^(8k)] B is digit j (or -8 then 1, for j = 8) against block k: every table entry
     * is used by one of these. */
    for (k = 0; k < 8; k++) {
        for (j = 1; j <= 8; j++) {
            memset(a, 0, 32);
            a[4 * k] = (uint8_t)j;
            base_mult(got, a);
            independent_base_mult(want, a);
            CHECKF(memcmp(got, want, 32) == 0, "table entry %d of block %d", j, k);
        }
    }
    memset(a, 0, 32);
    a[0] = 1;
    base_mult(got, a);
    base_encoding(want);
    CHECK_MEM(got, want, 32, "[1]B");
    a[0] = 0;
    base_mult(got, a);
    memset(want, 0, 32);
    want[0] = 1;
    CHECK_MEM(got, want, 32, "[0]B is the identity");
}

static void test_group_random(void)
{
    static const uint8_t zero[32];
    int n;
    for (n = 0; n < 300; n++) {
        uint8_t a[32], x[32], h[32], s[32], hx_s[32], enc[32], want[32], got[32];
        ge25519 p, q;
        /* Random scalars below 2^255, with the extremes sometimes. */
        test_rng_bytes(a, 32);
        if (n == 0) memset(a, 0xff, 32);
        a[31] &= 0x7f;
        base_mult(want, a);
        independent_base_mult(got, a);
        CHECK_MEM(got, want, 32, "[a]B, table vs double-scalar path on A");
        /* The B side of the double-scalar path: [0]A + [a]B. */
        CHECK(microsalt_ge25519_frombytes_negate_vartime(&p, want) == 0);
        microsalt_ge25519_double_scalarmult_vartime(&q, zero, &p, a);
        microsalt_ge25519_tobytes(got, &q);
        CHECK_MEM(got, want, 32, "[a]B, table vs double-scalar path on B");
        /* Decoding negates: the re-encoding differs in the sign bit only. */
        microsalt_ge25519_tobytes(enc, &p);
        want[31] ^= 0x80;
        CHECK_MEM(enc, want, 32, "decode-negate-encode");
        /* [h](-X) + [s]B with X = [x]B equals [s - h x]B, i.e. (h' x + s) with h' = L - h. */
        test_rng_bytes(x, 32);
        x[31] &= 0x0f;
        test_rng_bytes(h, 32);
        h[31] &= 0x0f;
        test_rng_bytes(s, 32);
        s[31] &= 0x0f;
        base_mult(enc, x);
        CHECK(microsalt_ge25519_frombytes_negate_vartime(&p, enc) == 0);
        microsalt_ge25519_double_scalarmult_vartime(&q, h, &p, s);
        microsalt_ge25519_tobytes(got, &q);
        {
            uint8_t wide[64], hneg[32];
            unsigned borrow = 0;
            int i;
            /* hneg = L - (h mod L) */
            memset(wide, 0, 64);
            memcpy(wide, h, 32);
            microsalt_sc25519_reduce(hneg, wide);
            for (i = 0; i < 32; i++) {
                unsigned v = ORDER[i] - hneg[i] - borrow;
                hneg[i] = (uint8_t)v;
                borrow = (v >> 8) & 1;
            }
            microsalt_sc25519_muladd(hx_s, hneg, x, s);
        }
        base_mult(want, hx_s);
        CHECK_MEM(got, want, 32, "[h](-[x]B) + [s]B");
    }
}

static void test_decoding(void)
{
    static const uint8_t p_bytes[32] = {
        0xed, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff,
        0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0xff, 0x7f,
    };
    uint8_t s[32], enc[32];
    ge25519 p;
    int i, sign;
    /* y = p + i, i = 0..18: every non-canonical y, either sign. */
    for (i = 0; i <= 18; i++) {
        for (sign = 0; sign < 2; sign++) {
            memcpy(s, p_bytes, 32);
            s[0] = (uint8_t)(s[0] + i);
            s[31] |= (uint8_t)(sign << 7);
            CHECKF(microsalt_ge25519_frombytes_negate_vartime(&p, s) == -1,
                   "y = p + %d, sign %d accepted", i, sign);
        }
    }
    /* y = 1: x = 0, the identity; with the sign bit set it must fail (RFC 8032 5.1.3). */
    memset(s, 0, 32);
    s[0] = 1;
    CHECK(microsalt_ge25519_frombytes_negate_vartime(&p, s) == 0);
    microsalt_ge25519_tobytes(enc, &p);
    CHECK_MEM(enc, s, 32, "-identity");
    s[31] = 0x80;
    CHECK(microsalt_ge25519_frombytes_negate_vartime(&p, s) == -1);
    /* y = 2 and y = 7 have no x on the curve (x^2 would be a non-square). */
    memset(s, 0, 32);
    s[0] = 2;
    CHECK(microsalt_ge25519_frombytes_negate_vartime(&p, s) == -1);
    s[0] = 7;
    CHECK(microsalt_ge25519_frombytes_negate_vartime(&p, s) == -1);
    /* y = -1 (p - 1): x = 0 again, the point of order 2. */
    memcpy(s, p_bytes, 32);
    s[0] = 0xec;
    CHECK(microsalt_ge25519_frombytes_negate_vartime(&p, s) == 0);
    microsalt_ge25519_tobytes(enc, &p);
    CHECK_MEM(enc, s, 32, "-(0, -1)");
}

void test_ge25519(void)
{
    test_rng_seed(0x6e25519);
    test_table();
    test_group_random();
    test_decoding();
}
