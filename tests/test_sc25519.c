#include <string.h>

#include "harness.h"
#include "sc25519.h"

/* L, little-endian. */
static const uint8_t ORDER[32] = {
    0xed, 0xd3, 0xf5, 0x5c, 0x1a, 0x63, 0x12, 0x58, 0xd6, 0x9c, 0xf7, 0xa2,
    0xde, 0xf9, 0xde, 0x14, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00,
    0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x00, 0x10,
};

/* ---- A slow, obviously correct reference: binary long division, bit by bit. ---------- */

/* r (33 bytes) >= L? */
static int ref_ge_order(const uint8_t r[33])
{
    int i;
    if (r[32] != 0) return 1;
    for (i = 31; i >= 0; i--) {
        if (r[i] != ORDER[i]) return r[i] > ORDER[i];
    }
    return 1;
}

/* out = x mod L for an n-byte x. */
static void ref_mod(uint8_t out[32], const uint8_t *x, size_t n)
{
    uint8_t r[33];
    size_t bit = 8 * n;
    int i;
    memset(r, 0, sizeof r);
    while (bit-- > 0) {
        unsigned carry = (x[bit / 8] >> (bit % 8)) & 1;
        for (i = 0; i < 33; i++) { /* r = 2 r + bit; r < 2L < 2^254 stays in 33 bytes */
            unsigned v = (unsigned)(r[i] << 1) | carry;
            r[i] = (uint8_t)v;
            carry = v >> 8;
        }
        if (ref_ge_order(r)) {
            unsigned borrow = 0;
            for (i = 0; i < 33; i++) {
                unsigned v = r[i] - (i < 32 ? ORDER[i] : 0) - borrow;
                r[i] = (uint8_t)v;
                borrow = (v >> 8) & 1;
            }
        }
    }
    memcpy(out, r, 32);
}

/* out (64 bytes) = a * b + c for 32-byte a, b, c. */
static void ref_muladd_wide(uint8_t out[64], const uint8_t a[32], const uint8_t b[32],
                            const uint8_t c[32])
{
    unsigned long acc[64];
    unsigned long carry = 0;
    int i, j;
    for (i = 0; i < 64; i++) acc[i] = i < 32 ? c[i] : 0;
    for (i = 0; i < 32; i++) {
        for (j = 0; j < 32; j++) acc[i + j] += (unsigned long)a[i] * b[j];
    }
    for (i = 0; i < 64; i++) {
        carry += acc[i];
        out[i] = (uint8_t)carry;
        carry >>= 8;
    }
}

static void check_reduce(const uint8_t x[64], const char *what)
{
    uint8_t want[32], got[32], copy[64];
    ref_mod(want, x, 64);
    microsalt_sc25519_reduce(got, x);
    CHECK_MEM(got, want, 32, what);
    memcpy(copy, x, 64);
    microsalt_sc25519_reduce(copy, copy); /* in place */
    CHECK_MEM(copy, want, 32, what);
}

static void check_muladd(const uint8_t a[32], const uint8_t b[32], const uint8_t c[32],
                         const char *what)
{
    uint8_t wide[64], want[32], got[32];
    ref_muladd_wide(wide, a, b, c);
    ref_mod(want, wide, 64);
    microsalt_sc25519_muladd(got, a, b, c);
    CHECK_MEM(got, want, 32, what);
}

static void test_reduce(void)
{
    uint8_t x[64], q[32], r[32], ones[32];
    int n, i;
    memset(ones, 0xff, 32);
    memset(x, 0, 64);
    check_reduce(x, "reduce 0");
    memset(x, 0xff, 64);
    check_reduce(x, "reduce 2^512 - 1");
    for (i = 0; i <= 4; i++) { /* L - 2 .. L + 2; the low byte 0xed does not wrap */
        memset(x, 0, 64);
        memcpy(x, ORDER, 32);
        x[0] = (uint8_t)(ORDER[0] - 2 + i);
        check_reduce(x, "reduce near L");
    }
    /* q L + r for random q and edge r: Barrett's quotient estimate is off by 0, 1 or 2,
     * and the multiples of L exercise each correction. */
    for (n = 0; n < 3000; n++) {
        uint8_t zero[32] = {0};
        test_rng_bytes(q, 32);
        if (n % 3 == 0) {
            memset(r, 0, 32);
        } else if (n % 3 == 1) {
            memcpy(r, ORDER, 32);
            r[0] = (uint8_t)(r[0] - 1); /* L - 1 */
        } else {
            test_rng_bytes(r, 32);
        }
        ref_muladd_wide(x, q, ORDER, r);
        check_reduce(x, "reduce q L + r");
        ref_muladd_wide(x, q, ones, zero);
        check_reduce(x, "reduce q (2^256 - 1)");
        test_rng_bytes(x, 64);
        check_reduce(x, "reduce random");
    }
}

static void test_muladd(void)
{
    uint8_t a[32], b[32], c[32], lm1[32];
    int n;
    memset(a, 0xff, 32);
    check_muladd(a, a, a, "muladd of 2^256 - 1");
    memcpy(lm1, ORDER, 32);
    lm1[0] = (uint8_t)(lm1[0] - 1);
    check_muladd(lm1, lm1, lm1, "muladd of L - 1");
    memset(a, 0, 32);
    check_muladd(a, lm1, lm1, "muladd 0 (L - 1) + (L - 1)");
    for (n = 0; n < 3000; n++) {
        test_rng_bytes(a, 32);
        test_rng_bytes(b, 32);
        test_rng_bytes(c, 32);
        if (n % 2) { /* the shapes Ed25519 uses: h < L, clamped a, r < L */
            a[31] &= 0x0f;
            b[0] &= 248;
            b[31] = (uint8_t)((b[31] & 127) | 64);
            c[31] &= 0x0f;
        }
        check_muladd(a, b, c, "muladd random");
        microsalt_sc25519_muladd(a, a, b, c); /* output aliasing an input */
        CHECK(microsalt_sc25519_is_canonical_vartime(a) == 1);
    }
}

static void test_canonical(void)
{
    uint8_t s[32];
    int i;
    memcpy(s, ORDER, 32);
    CHECK(microsalt_sc25519_is_canonical_vartime(s) == 0); /* L */
    s[0]--;
    CHECK(microsalt_sc25519_is_canonical_vartime(s) == 1); /* L - 1 */
    s[0] = (uint8_t)(s[0] + 2);
    CHECK(microsalt_sc25519_is_canonical_vartime(s) == 0); /* L + 1 */
    memset(s, 0, 32);
    CHECK(microsalt_sc25519_is_canonical_vartime(s) == 1); /* 0 */
    s[31] = 0x10;
    CHECK(microsalt_sc25519_is_canonical_vartime(s) == 1); /* 2^252 */
    memset(s, 0xff, 32);
    CHECK(microsalt_sc25519_is_canonical_vartime(s) == 0); /* 2^256 - 1 */
    /* L with one byte changed: below L exactly when the byte went down. */
    for (i = 0; i < 32; i++) {
        memcpy(s, ORDER, 32);
        s[i] = (uint8_t)(s[i] + 1);
        CHECKF(microsalt_sc25519_is_canonical_vartime(s) == 0, "L + 2^%d", 8 * i);
        if (ORDER[i] != 0) {
            memcpy(s, ORDER, 32);
            s[i] = (uint8_t)(s[i] - 1);
            CHECKF(microsalt_sc25519_is_canonical_vartime(s) == 1, "L - 2^%d", 8 * i);
        }
    }
}

void test_sc25519(void)
{
    test_rng_seed(0x5c25519);
    test_reduce();
    test_muladd();
    test_canonical();
}
