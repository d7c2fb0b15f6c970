/*
 * The fixed-base table lookup (ge25519.h) against its twin and against the entry itself, for
 * every mag of two blocks of the table (in program memory on AVR, as the library's), with
 * canaries around the output.
 */
#include "common.h"
#include "ge25519.h"
#include "kernel_test.h"

#define GE25519_TABLE_ATTR MICROSALT_FLASH MICROSALT_ALIGN4
#define GE25519_TABLE_BLOCKS 2
#include "ge25519_base.h"

#define CANARY 0xa5u

/* Whether n holds what mag selects: the entry's coordinates, or the identity's (1, 1, 0). */
static int expected(const ge_niels *n, const uint8_t (*block)[96], uint32_t mag)
{
    uint8_t entry[96], b[32];
    const fe25519 *coords[3];
    int c, same = 1;
    coords[0] = &n->ypx;
    coords[1] = &n->ymx;
    coords[2] = &n->xy2d;
    memset(entry, 0, sizeof entry);
    if (mag == 0) {
        entry[0] = entry[32] = 1;
    } else {
        flash_read(entry, block[mag - 1], sizeof entry);
    }
    for (c = 0; c < 3; c++) {
        microsalt_fe_tobytes(b, coords[c]);
        same &= memcmp(b, entry + 32 * c, 32) == 0;
    }
    return same;
}

void kernel_test_ge25519_select(void)
{
    unsigned trial;
    for (trial = 0; trial < 18; trial++) {
        const uint8_t (*block)[96] = ge25519_base_table[trial / 9];
        uint32_t mag = trial % 9, scratch[8];
        struct {
            uint8_t before[4];
            ge_niels n;
            uint8_t after[4];
        } out;
        ge_niels t;
        memset(&out, CANARY, sizeof out);
        KT_CALL(microsalt_ge25519_select, &out.n, block, mag, (uint8_t *)scratch);
        kt_check(kt_abi_ok() && out.before[3] == CANARY && out.after[0] == CANARY &&
                     expected(&out.n, block, mag),
                 "ge25519_select", trial);
        microsalt_ge25519_select_portable(&t, block, mag, (uint8_t *)scratch);
        kt_check(expected(&t, block, mag), "ge25519_select", trial);
    }
}

void kernel_bench_ge25519_select(void)
{
    ge_niels n;
    uint32_t mag = kt_rand() % 9, scratch[8];
    kt_measure("ge25519_select", 0);
    microsalt_ge25519_select(&n, ge25519_base_table[1], mag, (uint8_t *)scratch);
    kt_measure_end();
    kt_measure("ge25519_select", 1);
    microsalt_ge25519_select_portable(&n, ge25519_base_table[1], mag, (uint8_t *)scratch);
    kt_measure_end();
}
