/*
 * The field kernels of fe25519.h (fe_add, fe_sub, fe_mul, fe_sq, fe_mul_public, fe_sq_public,
 * fe_sqn, fe_invert, fe_mul121666, fe_cswap, fe_freeze) against an independent reference:
 * plain 256-bit numbers reduced mod p by the schoolbook method, written here. In the packed
 * representation each kernel is also compared with its portable twin (the same value mod p,
 * below 2^256 as any eight words are), on random words and on the edges the contract admits:
 * 2^256 - 1, 2p - 1 = 2^256 - 39, p, p - 1, 0.
 * In the other representations the build's operations, fed through fe_frombytes, meet the
 * reference alone: the target's compiled field arithmetic checked on the target.
 */
#include "common.h"
#include "fe25519.h"
#include "kernel_test.h"

/* ---- Reference: r = w[0] + w[1] 2^32 + ... + w[7] 2^224, fully reduced mod p. ---------- */

typedef struct {
    uint32_t w[8];
} ref;

static const ref P = {{0xffffffedu, 0xffffffffu, 0xffffffffu, 0xffffffffu, 0xffffffffu,
                       0xffffffffu, 0xffffffffu, 0x7fffffffu}};

/* r >= p ? */
static int ref_ge_p(const ref *r)
{
    int i;
    for (i = 7; i >= 0; i--) {
        if (r->w[i] != P.w[i]) return r->w[i] > P.w[i];
    }
    return 1;
}

/* r = (t + top 2^256) mod p, where 2^256 = 38 mod p. */
static void ref_reduce(ref *r, const uint32_t t[8], uint32_t top)
{
    uint64_t c = 0;
    int i;
    memcpy(r->w, t, sizeof r->w);
    while (top != 0) {
        c = (uint64_t)top * 38;
        for (i = 0; i < 8; i++) {
            c += r->w[i];
            r->w[i] = (uint32_t)c;
            c >>= 32;
        }
        top = (uint32_t)c;
    }
    while (ref_ge_p(r)) {
        int64_t d = 0;
        for (i = 0; i < 8; i++) {
            d += (int64_t)r->w[i] - P.w[i];
            r->w[i] = (uint32_t)d;
            d >>= 32;
        }
    }
}

static void ref_add(ref *r, const ref *a, const ref *b)
{
    uint32_t t[8];
    uint64_t c = 0;
    int i;
    for (i = 0; i < 8; i++) {
        c += (uint64_t)a->w[i] + b->w[i];
        t[i] = (uint32_t)c;
        c >>= 32;
    }
    ref_reduce(r, t, (uint32_t)c);
}

/* r = a - b = a + (p - b). */
static void ref_sub(ref *r, const ref *a, const ref *b)
{
    ref nb;
    int64_t d = 0;
    int i;
    for (i = 0; i < 8; i++) {
        d += (int64_t)P.w[i] - b->w[i];
        nb.w[i] = (uint32_t)d;
        d >>= 32;
    }
    ref_add(r, a, &nb);
}

static void ref_mul(ref *r, const ref *a, const ref *b)
{
    uint32_t t[16], hi[8];
    int i, j;
    memset(t, 0, sizeof t);
    for (i = 0; i < 8; i++) {
        uint64_t c = 0;
        for (j = 0; j < 8; j++) {
            c += (uint64_t)a->w[i] * b->w[j] + t[i + j];
            t[i + j] = (uint32_t)c;
            c >>= 32;
        }
        t[i + 8] = (uint32_t)c;
    }
    /* t = lo + 2^256 hi = lo + 38 hi; 38 hi, reduced, added to lo, reduced. */
    {
        ref lo, h38;
        uint64_t c = 0;
        for (i = 0; i < 8; i++) {
            c += (uint64_t)t[8 + i] * 38;
            hi[i] = (uint32_t)c;
            c >>= 32;
        }
        ref_reduce(&h38, hi, (uint32_t)c);
        ref_reduce(&lo, t, 0);
        ref_add(r, &lo, &h38);
    }
}

/* ---- Operands. -------------------------------------------------------------------------- */

/* A field element and its reference value: random, or (trial by trial) an edge value. */
static void operand(fe25519 *f, ref *r, unsigned trial)
{
    uint8_t b[32];
    kt_fill(b, sizeof b);
#if MICROSALT_FE_PACKED
    {
        /* The packed words directly: every 256-bit value is a valid operand. */
        static const uint32_t low[5] = {0xffffffffu, 0xffffffd9u, 0xffffffedu, 0xffffffecu, 0};
        uint32_t t[8];
        int i;
        unsigned edge = trial % 8;
        for (i = 0; i < 8; i++) t[i] = load32_le(b + 4 * i);
        if (edge < 5) {
            /* 2^256 - 1, 2^256 - 39 (2p - 1), p, p - 1, 0 */
            for (i = 1; i < 8; i++) t[i] = edge == 4 ? 0 : edge < 2 ? 0xffffffffu : 0x7fffffffu;
            if (edge >= 2 && edge < 4) {
                for (i = 1; i < 7; i++) t[i] = 0xffffffffu;
            }
            t[0] = low[edge];
        }
        memcpy(f->v, t, sizeof t);
        ref_reduce(r, t, 0);
    }
#else
    uint32_t t[8];
    int i;
    (void)trial;
    microsalt_fe_frombytes(f, b);
    b[31] &= 0x7f;
    for (i = 0; i < 8; i++) t[i] = load32_le(b + 4 * i);
    ref_reduce(r, t, 0);
#endif
}

/* Whether f stands for r: its canonical encoding is r's words. */
static int equals(const fe25519 *f, const ref *r)
{
    uint8_t b[32];
    int i, same = 1;
    microsalt_fe_tobytes(b, f);
    for (i = 0; i < 8; i++) same &= load32_le(b + 4 * i) == r->w[i];
    return same;
}

/* ---- The kernels. ----------------------------------------------------------------------- */

/* Every pair of the eight operand kinds (five edges, three random) for binary operations. */
#define TRIALS 64

/* The build's kernel `name` (native, or the twin where not switched on), and its twin where
 * the representation has twins, else the build's operation itself ("twin only"). */
#define KERNEL_OF(name) microsalt_##name
#if MICROSALT_FE_PACKED
#define TWIN(name) microsalt_##name##_portable
#else
#define TWIN(name) microsalt_##name
#endif

/* A binary operation: native (through KT_CALL), twin and reference agree, and so does the
 * native one with its output aliasing its first operand. */
#define BINARY_TEST(name, ref_op)                                                         \
    void kernel_test_##name(void)                                                           \
    {                                                                                       \
        unsigned trial;                                                                     \
        for (trial = 0; trial < TRIALS; trial++) {                                          \
            fe25519 f, g, h, t;                                                             \
            ref rf, rg, want;                                                               \
            operand(&f, &rf, trial);                                                        \
            operand(&g, &rg, trial / 8);                                                \
            ref_op(&want, &rf, &rg);                                                        \
            KT_CALL(KERNEL_OF(name), &h, &f, &g);                                                        \
            kt_check(kt_abi_ok() && equals(&h, &want), #name, trial);                       \
            TWIN(name)(&t, &f, &g);                                                           \
            kt_check(equals(&t, &want), #name, trial);                                      \
            KT_CALL(KERNEL_OF(name), &f, &f, &g);                                                        \
            kt_check(equals(&f, &want), #name, trial);                                      \
        }                                                                                   \
    }

BINARY_TEST(fe_add, ref_add)
BINARY_TEST(fe_sub, ref_sub)
BINARY_TEST(fe_mul, ref_mul)
BINARY_TEST(fe_mul_public, ref_mul)

static void ref_sq(ref *r, const ref *a)
{
    ref_mul(r, a, a);
}

static void ref_mul121666(ref *r, const ref *a)
{
    ref k;
    memset(&k, 0, sizeof k);
    k.w[0] = 121666;
    ref_mul(r, a, &k);
}

#define UNARY_TEST(name, ref_op)                                                          \
    void kernel_test_##name(void)                                                           \
    {                                                                                       \
        unsigned trial;                                                                     \
        for (trial = 0; trial < TRIALS; trial++) {                                          \
            fe25519 f, h, t;                                                                \
            ref rf, want;                                                                   \
            operand(&f, &rf, trial);                                                        \
            ref_op(&want, &rf);                                                             \
            KT_CALL(KERNEL_OF(name), &h, &f);                                                            \
            kt_check(kt_abi_ok() && equals(&h, &want), #name, trial);                       \
            TWIN(name)(&t, &f);                                                               \
            kt_check(equals(&t, &want), #name, trial);                                      \
            KT_CALL(KERNEL_OF(name), &f, &f);                                                            \
            kt_check(equals(&f, &want), #name, trial);                                      \
        }                                                                                   \
    }

UNARY_TEST(fe_sq, ref_sq)
UNARY_TEST(fe_sq_public, ref_sq)
UNARY_TEST(fe_mul121666, ref_mul121666)

/* n squarings, n = 1 .. 9 and 50 (the inversion's longest chains are 50 and 100). */
void kernel_test_fe_sqn(void)
{
    unsigned trial;
    for (trial = 0; trial < 10; trial++) {
        fe25519 f, h, t;
        ref rf, want;
        unsigned n = trial < 9 ? trial + 1 : 50, i;
        operand(&f, &rf, trial);
        ref_sq(&want, &rf);
        for (i = 1; i < n; i++) ref_sq(&want, &want);
        KT_CALL(microsalt_fe_sqn, &h, &f, n);
        kt_check(kt_abi_ok() && equals(&h, &want), "fe_sqn", trial);
        microsalt_fe_sqn_portable(&t, &f, n);
        kt_check(equals(&t, &want), "fe_sqn", trial);
        KT_CALL(microsalt_fe_sqn, &f, &f, n);
        kt_check(equals(&f, &want), "fe_sqn", trial);
    }
}

/* The inverse, native, twin and in place, each checked by the reference: h f = 1 mod p, or
 * h = 0 where f = 0 mod p (the edges p and 0). Fewer trials: the twin is 265 field
 * operations. */
static int inverts(const fe25519 *h, const ref *rf)
{
    uint8_t b[32];
    ref rh, prod;
    int i, f_zero = 1, h_zero = 1, one = 1;
    microsalt_fe_tobytes(b, h);
    for (i = 0; i < 8; i++) rh.w[i] = load32_le(b + 4 * i);
    ref_mul(&prod, &rh, rf);
    for (i = 0; i < 8; i++) {
        f_zero &= rf->w[i] == 0;
        h_zero &= rh.w[i] == 0;
        one &= prod.w[i] == (i == 0);
    }
    return f_zero ? h_zero : one;
}

void kernel_test_fe_invert(void)
{
    unsigned trial;
    for (trial = 0; trial < 16; trial++) {
        fe25519 f, h;
        ref rf;
        operand(&f, &rf, trial);
        KT_CALL(KERNEL_OF(fe_invert), &h, &f);
        kt_check(kt_abi_ok() && inverts(&h, &rf), "fe_invert", trial);
        TWIN(fe_invert)(&h, &f);
        kt_check(inverts(&h, &rf), "fe_invert", trial);
        KT_CALL(KERNEL_OF(fe_invert), &f, &f);
        kt_check(inverts(&f, &rf), "fe_invert", trial);
    }
}

#if MICROSALT_FE_PACKED
/* fe_freeze's output is the canonical words themselves. */
static int frozen(const fe25519 *f, const ref *r)
{
    return memcmp(f->v, r->w, sizeof r->w) == 0;
}
#define FREEZE microsalt_fe_freeze
#else
/* Elsewhere the freeze is inside fe_tobytes, whose bytes are the canonical words. */
static void tobytes_words(fe25519 *h, const fe25519 *f)
{
    memset(h, 0, sizeof *h);
    microsalt_fe_tobytes((uint8_t *)h, f);
}
static int frozen(const fe25519 *f, const ref *r)
{
    uint32_t w[8];
    int i;
    for (i = 0; i < 8; i++) w[i] = load32_le((const uint8_t *)f + 4 * i);
    return memcmp(w, r->w, sizeof w) == 0;
}
#define FREEZE tobytes_words
#endif

void kernel_test_fe_freeze(void)
{
    unsigned trial;
    for (trial = 0; trial < TRIALS; trial++) {
        fe25519 f, h;
        ref rf;
        operand(&f, &rf, trial);
        KT_CALL(FREEZE, &h, &f);
        kt_check(kt_abi_ok() && frozen(&h, &rf), "fe_freeze", trial);
#if MICROSALT_FE_PACKED
        microsalt_fe_freeze_portable(&h, &f);
        kt_check(frozen(&h, &rf), "fe_freeze", trial);
#endif
    }
}

void kernel_test_fe_cswap(void)
{
    unsigned trial;
    for (trial = 0; trial < TRIALS; trial++) {
        fe25519 f, g, f0, g0;
        ref rf, rg;
        uint32_t b = trial & 1;
        operand(&f, &rf, trial);
        operand(&g, &rg, trial + 3);
        f0 = f;
        g0 = g;
        KT_CALL(microsalt_fe_cswap, &f, &g, b);
        kt_check(kt_abi_ok() && memcmp(&f, b ? &g0 : &f0, sizeof f) == 0 &&
                     memcmp(&g, b ? &f0 : &g0, sizeof g) == 0,
                 "fe_cswap", trial);
        TWIN(fe_cswap)(&f, &g, b);
        kt_check(memcmp(&f, &f0, sizeof f) == 0 && memcmp(&g, &g0, sizeof g) == 0, "fe_cswap",
                 trial);
    }
}

/* ---- Measurements: one call of the build's kernel, one of its twin. --------------------- */

static fe25519 bench_f, bench_g, bench_h;

static void bench_operands(void)
{
    ref r;
    operand(&bench_f, &r, 5);
    operand(&bench_g, &r, 6);
}

#define BINARY_BENCH(name)                                                                \
    void kernel_bench_##name(void)                                                          \
    {                                                                                       \
        bench_operands();                                                                   \
        kt_measure(#name, 0);                                                               \
        KERNEL_OF(name)(&bench_h, &bench_f, &bench_g);                                                   \
        kt_measure_end();                                                                   \
        kt_measure(#name, 1);                                                               \
        TWIN(name)(&bench_h, &bench_f, &bench_g);                                             \
        kt_measure_end();                                                                   \
    }
#define UNARY_BENCH(name)                                                                 \
    void kernel_bench_##name(void)                                                          \
    {                                                                                       \
        bench_operands();                                                                   \
        kt_measure(#name, 0);                                                               \
        KERNEL_OF(name)(&bench_h, &bench_f);                                                             \
        kt_measure_end();                                                                   \
        kt_measure(#name, 1);                                                               \
        TWIN(name)(&bench_h, &bench_f);                                                       \
        kt_measure_end();                                                                   \
    }

BINARY_BENCH(fe_add)
BINARY_BENCH(fe_sub)
BINARY_BENCH(fe_mul)
UNARY_BENCH(fe_sq)
BINARY_BENCH(fe_mul_public)
UNARY_BENCH(fe_sq_public)
UNARY_BENCH(fe_mul121666)

/* Ten squarings: the cost of the loop around fe_sq. */
void kernel_bench_fe_sqn(void)
{
    bench_operands();
    kt_measure("fe_sqn", 0);
    microsalt_fe_sqn(&bench_h, &bench_f, 10);
    kt_measure_end();
    kt_measure("fe_sqn", 1);
    microsalt_fe_sqn_portable(&bench_h, &bench_f, 10);
    kt_measure_end();
}

void kernel_bench_fe_invert(void)
{
    bench_operands();
    kt_measure("fe_invert", 0);
    microsalt_fe_invert(&bench_h, &bench_f);
    kt_measure_end();
    kt_measure("fe_invert", 1);
    microsalt_fe_invert_portable(&bench_h, &bench_f);
    kt_measure_end();
}

void kernel_bench_fe_freeze(void)
{
    bench_operands();
    kt_measure("fe_freeze", 0);
    FREEZE(&bench_h, &bench_f);
    kt_measure_end();
    kt_measure("fe_freeze", 1);
#if MICROSALT_FE_PACKED
    microsalt_fe_freeze_portable(&bench_h, &bench_f);
#else
    FREEZE(&bench_h, &bench_f);
#endif
    kt_measure_end();
}

void kernel_bench_fe_cswap(void)
{
    uint32_t b = kt_rand() & 1;
    bench_operands();
    kt_measure("fe_cswap", 0);
    microsalt_fe_cswap(&bench_f, &bench_g, b);
    kt_measure_end();
    kt_measure("fe_cswap", 1);
    TWIN(fe_cswap)(&bench_f, &bench_g, b);
    kt_measure_end();
}
