/*
 * microsalt_sha512_blocks (src/symmetric/sha512.h) against its portable twin: 0 to 2 blocks
 * of random, all-zero and all-ones bytes at every alignment mod 4, from random and all-ones
 * chaining values.
 */
#include "kernel_test.h"
#include "sha512.h"

#define MAX_BLOCKS 2
#define in (kt_arena + 4)

void kernel_test_sha512_blocks(void)
{
    uint64_t s[8], sn[8], sp[8];
    unsigned trial;

    for (trial = 0; trial < 24; trial++) {
        size_t nblocks = trial % (MAX_BLOCKS + 1), off = trial % 4;
        kt_fill(s, sizeof s);
        if (trial % 6 == 1) memset(s, 0xFF, sizeof s);
        kt_fill(in, MAX_BLOCKS * 128 + 4);
        if (trial % 8 == 3) memset(in, 0xFF, MAX_BLOCKS * 128 + 4);
        if (trial % 8 == 7) memset(in, 0, MAX_BLOCKS * 128 + 4);
        memcpy(sn, s, sizeof s);
        memcpy(sp, s, sizeof s);
        microsalt_sha512_blocks_portable(sp, in - off, nblocks);
        KT_CALL(microsalt_sha512_blocks, sn, in - off, nblocks);
        kt_check(kt_abi_ok() && memcmp(sn, sp, sizeof s) == 0, "sha512_blocks", trial);
    }
}

void kernel_bench_sha512_blocks(void)
{
    uint64_t s[8];
    kt_fill(s, sizeof s);
    kt_fill(in, 128);
    kt_measure("sha512_blocks", 0);
    microsalt_sha512_blocks(s, in, 1);
    kt_measure_end();
    kt_measure("sha512_blocks", 1);
    microsalt_sha512_blocks_portable(s, in, 1);
    kt_measure_end();
}
