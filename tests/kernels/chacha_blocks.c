/*
 * microsalt_chacha_blocks (src/symmetric/chacha20.h) against its portable twin: random
 * states, messages and alignments, 8, 12 and 20 rounds, 1 to 4 blocks, in place and not, and
 * block counters that carry into word 13.
 */
#include "chacha20.h"
#include "kernel_test.h"

#define TRIAL_BYTES (4 * 64 + 4) /* keeps offset 0 of every buffer word-aligned */
#define m kt_arena
#define c_native (kt_arena + TRIAL_BYTES)
#define c_twin (kt_arena + 2 * TRIAL_BYTES)

void kernel_test_chacha_blocks(void)
{
    static const unsigned rounds[3] = {8, 12, 20};
    uint32_t x[16], xn[16], xp[16];
    unsigned trial;

    for (trial = 0; trial < 60; trial++) {
        size_t nblocks = 1 + trial % 4, off = trial % 3, len = 64 * nblocks;
        unsigned r = rounds[trial % 3];
        kt_fill(x, sizeof x);
        if (trial % 5 == 0) x[12] = 0xFFFFFFFFu - (trial % 2);
        if (trial % 7 == 0) memset(x, 0xFF, sizeof x); /* every word at its maximum */
        kt_fill(m, TRIAL_BYTES);
        memcpy(xn, x, sizeof x);
        memcpy(xp, x, sizeof x);
        microsalt_chacha_blocks_portable(c_twin + off, m + off, nblocks, xp, r);
        if ((trial / 3) & 1) {
            memcpy(c_native, m, TRIAL_BYTES);
            KT_CALL(microsalt_chacha_blocks, c_native + off, c_native + off, nblocks, xn, r);
        } else {
            memset(c_native, 0xA5, TRIAL_BYTES);
            KT_CALL(microsalt_chacha_blocks, c_native + off, m + off, nblocks, xn, r);
        }
        kt_check(kt_abi_ok() && memcmp(c_native + off, c_twin + off, len) == 0 &&
                     memcmp(xn, xp, sizeof x) == 0 &&
                     (off == 0 || c_native[off - 1] == ((trial / 3) & 1 ? m[off - 1] : 0xA5)),
                 "chacha_blocks", trial);
    }
}

void kernel_bench_chacha_blocks(void)
{
    uint32_t x[16];
    kt_fill(x, sizeof x);
    kt_fill(m, 64);
    kt_measure("chacha_blocks", 0);
    microsalt_chacha_blocks(m, m, 1, x, 20);
    kt_measure_end();
    kt_measure("chacha_blocks", 1);
    microsalt_chacha_blocks_portable(m, m, 1, x, 20);
    kt_measure_end();
}
