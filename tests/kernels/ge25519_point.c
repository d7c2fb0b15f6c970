/*
 * The point kernels of ge25519.h, the fixed-base multiplication's addition (both signs), the
 * doublings and verification's addition, against their twins: the same coordinates as values mod p, on random words
 * and on all-ones words (the formulas are checked as polynomials: the operands need not be
 * points on the curve; the suites check the group law through Ed25519's and X25519's
 * vectors).
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

/* The operands on the stack, not in .bss: the ATmega328P's RAM has no room to spare. */
void kernel_bench_ge25519_madd(void)
{
    ge25519 r;
    ge_niels n;
    ge_p1p1 t;
    uint32_t neg = kt_rand() & 1;
    operands(&r, &n, 0);
    kt_measure("ge25519_madd", 0);
    microsalt_ge25519_madd(&r, &n, neg, &t);
    kt_measure_end();
    kt_measure("ge25519_madd", 1);
    microsalt_ge25519_madd_portable(&r, &n, neg, &t);
    kt_measure_end();
}

void kernel_test_ge25519_dbl(void)
{
    unsigned trial;
    for (trial = 0; trial < 10; trial++) {
        ge_p2 p;
        ge_p1p1 r, t;
        field(&p.X, trial);
        field(&p.Y, trial + 1);
        field(&p.Z, trial + 2);
        KT_CALL(microsalt_ge25519_dbl, &r, &p);
        microsalt_ge25519_dbl_portable(&t, &p);
        kt_check(kt_abi_ok() && same(&r.X, &t.X) && same(&r.Y, &t.Y) && same(&r.Z, &t.Z) &&
                     same(&r.T, &t.T),
                 "ge25519_dbl", trial);
    }
}

void kernel_bench_ge25519_dbl(void)
{
    ge_p2 p;
    ge_p1p1 r;
    field(&p.X, 0);
    field(&p.Y, 1);
    field(&p.Z, 2);
    kt_measure("ge25519_dbl", 0);
    microsalt_ge25519_dbl(&r, &p);
    kt_measure_end();
    kt_measure("ge25519_dbl", 1);
    microsalt_ge25519_dbl_portable(&r, &p);
    kt_measure_end();
}

void kernel_test_ge25519_dbl_completed(void)
{
    unsigned trial;
    for (trial = 0; trial < 10; trial++) {
        ge_p1p1 t, u;
        ge_p2 q;
        field(&t.X, trial);
        field(&t.Y, trial + 1);
        field(&t.Z, trial + 2);
        field(&t.T, trial + 3);
        u = t;
        KT_CALL(microsalt_ge25519_dbl_completed, &t, &q);
        microsalt_ge25519_dbl_completed_portable(&u, &q);
        kt_check(kt_abi_ok() && same(&t.X, &u.X) && same(&t.Y, &u.Y) && same(&t.Z, &u.Z) &&
                     same(&t.T, &u.T),
                 "ge25519_dbl_completed", trial);
    }
}

void kernel_bench_ge25519_dbl_completed(void)
{
    ge_p1p1 t;
    ge_p2 q;
    field(&t.X, 0);
    field(&t.Y, 1);
    field(&t.Z, 2);
    field(&t.T, 3);
    kt_measure("ge25519_dbl_completed", 0);
    microsalt_ge25519_dbl_completed(&t, &q);
    kt_measure_end();
    kt_measure("ge25519_dbl_completed", 1);
    microsalt_ge25519_dbl_completed_portable(&t, &q);
    kt_measure_end();
}

/* Both forms of q (Niels, and cached with its 2Z) and both signs. */
void kernel_test_ge25519_add_completed(void)
{
    unsigned trial;
    for (trial = 0; trial < 12; trial++) {
        ge_p1p1 t, u;
        ge25519 r, s;
        ge_niels q;
        fe25519 z2;
        const fe25519 *z = trial & 2 ? &z2 : NULL;
        int negate = trial & 1;
        field(&t.X, trial);
        field(&t.Y, trial + 1);
        field(&t.Z, trial + 2);
        field(&t.T, trial + 3);
        field(&q.ypx, trial + 4);
        field(&q.ymx, trial + 5);
        field(&q.xy2d, trial + 6);
        field(&z2, trial + 7);
        u = t;
        KT_CALL(microsalt_ge25519_add_completed, &t, &r, &q, z, negate);
        microsalt_ge25519_add_completed_portable(&u, &s, &q, z, negate);
        kt_check(kt_abi_ok() && same(&t.X, &u.X) && same(&t.Y, &u.Y) && same(&t.Z, &u.Z) &&
                     same(&t.T, &u.T) && same(&r.X, &s.X) && same(&r.Y, &s.Y) &&
                     same(&r.Z, &s.Z) && same(&r.T, &s.T),
                 "ge25519_add_completed", trial);
    }
}

/* A cached q, negated: the path of an A multiple (negate and z2 are public, so the
 * constant-time runs keep them fixed). */
void kernel_bench_ge25519_add_completed(void)
{
    ge_p1p1 t;
    ge25519 r;
    ge_niels q;
    fe25519 z2;
    field(&t.X, 0);
    field(&t.Y, 1);
    field(&t.Z, 2);
    field(&t.T, 3);
    field(&q.ypx, 4);
    field(&q.ymx, 5);
    field(&q.xy2d, 6);
    field(&z2, 7);
    kt_measure("ge25519_add_completed", 0);
    microsalt_ge25519_add_completed(&t, &r, &q, &z2, 1);
    kt_measure_end();
    kt_measure("ge25519_add_completed", 1);
    microsalt_ge25519_add_completed_portable(&t, &r, &q, &z2, 1);
    kt_measure_end();
}
