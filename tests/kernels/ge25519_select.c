/*
 * The fixed-base table lookup (ge25519.h) against its twin and against the entry itself, for
 * every mag of two blocks of the table (in program memory on AVR, as the library's), with
 * canaries around the output.
 */
#include "common.h"
#include "ge25519.h"
#include "kernel_test.h"

#define GE25519_TABLE_ATTR MICROSALT_FLASH MICROSALT_ALIGN4
#define GE25519_TABLE_BLOCKS 4
#include "ge25519_base.h"

#define CANARY 0xa5a5a5a5u

/* The words mag selects: the entry's, or the identity's (1, 1, 0). */
static int expected(const uint32_t w[24], const uint8_t (*block)[96], uint32_t mag)
{
    uint8_t entry[96];
    int i, same = 1;
    memset(entry, 0, sizeof entry);
    if (mag == 0) {
        entry[0] = entry[32] = 1;
    } else {
        flash_read(entry, block[mag - 1], sizeof entry);
    }
    for (i = 0; i < 24; i++) same &= w[i] == load32_le(entry + 4 * i);
    return same;
}

void kernel_test_ge25519_select(void)
{
    unsigned trial;
    for (trial = 0; trial < 18; trial++) {
        const uint8_t (*block)[96] = ge25519_base_table[trial / 9 * 3];
        uint32_t mag = trial % 9, w[26], t[24];
        uint32_t scratch[8];
        int i, canaries = 1;
        for (i = 0; i < 26; i++) w[i] = CANARY;
        KT_CALL(microsalt_ge25519_select, w + 1, block, mag, (uint8_t *)scratch);
        canaries = w[0] == CANARY && w[25] == CANARY;
        kt_check(kt_abi_ok() && canaries && expected(w + 1, block, mag), "ge25519_select",
                 trial);
        microsalt_ge25519_select_portable(t, block, mag, (uint8_t *)scratch);
        kt_check(expected(t, block, mag), "ge25519_select", trial);
    }
}

void kernel_bench_ge25519_select(void)
{
    uint32_t w[24], mag = kt_rand() % 9, scratch[8];
    kt_measure("ge25519_select", 0);
    microsalt_ge25519_select(w, ge25519_base_table[1], mag, (uint8_t *)scratch);
    kt_measure_end();
    kt_measure("ge25519_select", 1);
    microsalt_ge25519_select_portable(w, ge25519_base_table[1], mag, (uint8_t *)scratch);
    kt_measure_end();
}
