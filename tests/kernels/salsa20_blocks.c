/*
 * microsalt_salsa20_blocks (src/symmetric/salsa20.h) against its portable twin: random states,
 * messages and alignments, 1 to 9 blocks (the x86-64 kernel's batches of eight and what is
 * left after them), in place and not, counters that carry out of word 8 and wrap at 2^64, and
 * states of all-ones words.
 */
#include "kernel_test.h"
#include "salsa20.h"

#define MAX_BLOCKS 4
#define TRIAL_BYTES (MAX_BLOCKS * 64 + 4) /* keeps offset 0 of every buffer word-aligned */
#define m kt_arena
#define c_native (kt_arena + TRIAL_BYTES)
#define c_twin (kt_arena + 2 * TRIAL_BYTES)

void kernel_test_salsa20_blocks(void)
{
    uint32_t x[16], xn[16], xp[16];
    unsigned trial;

    for (trial = 0; trial < 60; trial++) {
        size_t nblocks = 1 + trial % MAX_BLOCKS, off = trial % 3, len = 64 * nblocks;
        int in_place = (trial / 3) & 1;
        kt_fill(x, sizeof x);
        if (trial % 5 == 0) x[8] = 0xFFFFFFFFu - (trial % 2); /* carries into word 9 */
        if (trial % 10 == 5) x[9] = 0xFFFFFFFFu;             /* and the counter wraps */
        if (trial % 7 == 0) memset(x, 0xFF, sizeof x);
        kt_fill(m, TRIAL_BYTES);
        memcpy(xn, x, sizeof x);
        memcpy(xp, x, sizeof x);
        microsalt_salsa20_blocks_portable(c_twin + off, m + off, nblocks, xp);
        if (in_place) {
            memcpy(c_native, m, TRIAL_BYTES);
            KT_CALL(microsalt_salsa20_blocks, c_native + off, c_native + off, nblocks, xn);
        } else {
            memset(c_native, 0xA5, TRIAL_BYTES);
            KT_CALL(microsalt_salsa20_blocks, c_native + off, m + off, nblocks, xn);
        }
        kt_check(kt_abi_ok() && memcmp(c_native + off, c_twin + off, len) == 0 &&
                     memcmp(xn, xp, sizeof x) == 0 &&
                     c_native[off + len] == (in_place ? m[off + len] : 0xA5),
                 "salsa20_blocks", trial);
    }
}

void kernel_bench_salsa20_blocks(void)
{
    uint32_t x[16];
    kt_fill(x, sizeof x);
    kt_fill(m, 64);
    kt_measure("salsa20_blocks", 0);
    microsalt_salsa20_blocks(m, m, 1, x);
    kt_measure_end();
    kt_measure("salsa20_blocks", 1);
    microsalt_salsa20_blocks_portable(m, m, 1, x);
    kt_measure_end();
}
