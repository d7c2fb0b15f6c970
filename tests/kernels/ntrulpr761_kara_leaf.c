/*
 * microsalt_ntrulpr761_kara_leaf (src/ntrulpr761/ntrulpr761_internal.h) against its portable
 * twin, coefficient by coefficient mod q (each may return any representative in
 * [-2384, 2384]): random operands within both of the contract's regimes (|a| <= 4590 with
 * |b| <= 2, |a| <= 2384 with |b| <= 8), and the regimes' extremes with every sign pattern:
 * all coefficients at their bound, of one sign or alternating.
 */
#include "kernel_test.h"
#include "ntrulpr761_internal.h"

#define a ((int16_t *)(void *)kt_arena)
#define b ((small_t *)(void *)(kt_arena + 2 * KL))
#define r_twin ((int16_t *)(void *)(kt_arena + 2 * KL + (KL + 2 * KBPAD) * sizeof(small_t)))

typedef char leaf_fits_arena[2 * KL + (KL + 2 * KBPAD) * sizeof(small_t) + 4 * KL <=
                                     KT_ARENA_BYTES ? 1 : -1];

/* A value uniform in [-bound, bound] (bound < 2^15). */
static int16_t within(int16_t bound)
{
    return (int16_t)((int32_t)(kt_rand() % (2u * (uint16_t)bound + 1)) - bound);
}

/* Operands of trial: regime (trial & 1: |a| <= 2384, |b| <= 8; else 4590, 2), and for
 * trials 8 and up the extremes: signs all +, all -, alternating, or alternating in pairs. */
static void operands(unsigned trial)
{
    int16_t amax = (trial & 1) ? 2384 : 4590, bmax = (trial & 1) ? 8 : 2;
    unsigned i, pattern = trial >> 1;
    memset(b, 0, (KL + 2 * KBPAD) * sizeof(small_t));
    for (i = 0; i < KL; i++) {
        if (trial < 8) {
            a[i] = within(amax);
            b[KBPAD + i] = (small_t)within(bmax);
        } else {
            int sa = pattern % 4 == 0 ? 1 : pattern % 4 == 1 ? -1 : (i & 1) ? -1 : 1;
            int sb = pattern % 4 == 3 ? ((i >> 1) & 1 ? -1 : 1) : sa;
            a[i] = (int16_t)(sa * amax);
            b[KBPAD + i] = (small_t)(sb * bmax);
        }
    }
}

void kernel_test_ntrulpr761_kara_leaf(void)
{
    int16_t r[2 * KL];
    unsigned trial, i;
    for (trial = 0; trial < 16; trial++) {
        int ok;
        operands(trial);
        microsalt_ntrulpr761_kara_leaf_portable(r_twin, a, b + KBPAD);
        memset(r, 0x55, sizeof r);
        KT_CALL(microsalt_ntrulpr761_kara_leaf, r, a, b + KBPAD);
        ok = kt_abi_ok() && r[2 * KL - 1] == 0 && r_twin[2 * KL - 1] == 0;
        for (i = 0; i < 2 * KL - 1; i++) {
            ok &= r[i] >= -2384 && r[i] <= 2384 &&
                  microsalt_ntrulpr761_fq_freeze(r[i]) ==
                      microsalt_ntrulpr761_fq_freeze(r_twin[i]);
        }
        kt_check(ok, "ntrulpr761_kara_leaf", trial);
    }
}

void kernel_bench_ntrulpr761_kara_leaf(void)
{
    int16_t r[2 * KL];
    operands(kt_rand() & 1);
    kt_measure("ntrulpr761_kara_leaf", 0);
    microsalt_ntrulpr761_kara_leaf(r, a, b + KBPAD);
    kt_measure_end();
    kt_measure("ntrulpr761_kara_leaf", 1);
    microsalt_ntrulpr761_kara_leaf_portable(r, a, b + KBPAD);
    kt_measure_end();
}
