/*
 * The fixed-base multiplication's addition (ge25519.h) against its twin: the same
 * coordinates as values mod p, for both signs, on random words and on all-ones words (the
 * formulas are checked as polynomials: the operands need not be points on the curve; the
 * suites check the group law through Ed25519's and X25519's vectors).
 */
#include "common.h"
#include "fe25519.h"
#include "ge25519.h"
#include "kernel_test.h"

static void field(fe25519 *f, unsigned trial)
{
    uint8_t b[32];
    kt_fill(b, sizeof b);
#if MICROSALT_FE_PACKED
    memcpy(f->v, b, sizeof f->v);
    if (trial % 5 == 4) memset(f->v, 0xff, sizeof f->v); /* 2^256 - 1 */
#else
    (void)trial;
    microsalt_fe_frombytes(f, b);
#endif
}

static int same(const fe25519 *f, const fe25519 *g)
{
    uint8_t a[32], b[32];
    microsalt_fe_tobytes(a, f);
    microsalt_fe_tobytes(b, g);
    return memcmp(a, b, 32) == 0;
}

static void operands(ge25519 *r, ge_niels *n, unsigned trial)
{
    field(&r->X, trial);
    field(&r->Y, trial + 1);
    field(&r->Z, trial + 2);
    field(&r->T, trial + 3);
    field(&n->ypx, trial + 4);
    field(&n->ymx, trial + 5);
    field(&n->xy2d, trial + 6);
}

void kernel_test_ge25519_madd(void)
{
    unsigned trial;
    for (trial = 0; trial < 10; trial++) {
        ge25519 r, s;
        ge_niels n, m;
        ge_p1p1 t;
        uint32_t neg = trial & 1;
        operands(&r, &n, trial);
        s = r;
        m = n;
        KT_CALL(microsalt_ge25519_madd, &r, &n, neg, &t);
        microsalt_ge25519_madd_portable(&s, &m, neg, &t);
        kt_check(kt_abi_ok() && same(&r.X, &s.X) && same(&r.Y, &s.Y) && same(&r.Z, &s.Z) &&
                     same(&r.T, &s.T),
                 "ge25519_madd", trial);
    }
}

void kernel_bench_ge25519_madd(void)
{
    static ge25519 r;
    static ge_niels n;
    static ge_p1p1 t;
    uint32_t neg = kt_rand() & 1;
    operands(&r, &n, 0);
    kt_measure("ge25519_madd", 0);
    microsalt_ge25519_madd(&r, &n, neg, &t);
    kt_measure_end();
    kt_measure("ge25519_madd", 1);
    microsalt_ge25519_madd_portable(&r, &n, neg, &t);
    kt_measure_end();
}
