/*
 * microsalt_ntrulpr761_dot (src/ntrulpr761/ntrulpr761_internal.h) against its portable twin:
 * lengths around the native kernel's steps of 16 and 4, operands at every alignment of a
 * coefficient pair, random x in [-Q12, Q12] and y in {-1, 0, 1}, and the extremes: every x at
 * +-Q12 with every y at +-1, of one sign or alternating.
 */
#include "kernel_test.h"
#include "ntrulpr761_internal.h"

#define MAX_N 190
#define xs ((int16_t *)(void *)kt_arena)
#define ys ((small_t *)(void *)(kt_arena + 2 * (MAX_N + 1)))

typedef char dot_fits_arena[2 * (MAX_N + 1) + (MAX_N + 1) * sizeof(small_t) <= KT_ARENA_BYTES
                                ? 1 : -1];

static const uint16_t lengths[] = {0, 1, 3, 4, 5, 15, 16, 17, 31, 32, 33, 47, 100, MAX_N};

/* x and y of trial, n + 1 entries so that either may start one entry in. */
static void operands(unsigned trial, uint16_t n)
{
    unsigned i, pattern = trial % 4;
    for (i = 0; i <= n; i++) {
        if (trial < 2 * sizeof lengths / sizeof lengths[0]) {
            xs[i] = (int16_t)((int32_t)(kt_rand() % (2u * Q12 + 1)) - Q12);
            ys[i] = (small_t)((int)(kt_rand() % 3) - 1);
        } else {
            int sx = pattern == 1 ? -1 : pattern >= 2 && (i & 1) ? -1 : 1;
            int sy = pattern == 3 ? -sx : sx;
            xs[i] = (int16_t)(sx * Q12);
            ys[i] = (small_t)sy;
        }
    }
}

void kernel_test_ntrulpr761_dot(void)
{
    const unsigned count = sizeof lengths / sizeof lengths[0];
    unsigned trial;
    for (trial = 0; trial < 3 * count; trial++) {
        uint16_t n = lengths[trial % count];
        unsigned ox = trial & 1, oy = (trial >> 1) & 1;
        int32_t got, want;
        operands(trial, n);
        want = microsalt_ntrulpr761_dot_portable(xs + ox, ys + oy, n);
        got = KT_CALL(microsalt_ntrulpr761_dot, xs + ox, ys + oy, n);
        kt_check(kt_abi_ok() && got == want, "ntrulpr761_dot", trial);
    }
}

static volatile int32_t sink;

void kernel_bench_ntrulpr761_dot(void)
{
    operands(0, MAX_N);
    kt_measure("ntrulpr761_dot", 0);
    sink = microsalt_ntrulpr761_dot(xs, ys, MAX_N);
    kt_measure_end();
    kt_measure("ntrulpr761_dot", 1);
    sink = microsalt_ntrulpr761_dot_portable(xs, ys, MAX_N);
    kt_measure_end();
}
