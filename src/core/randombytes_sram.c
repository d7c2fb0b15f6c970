/*
 * randombytes_seed_sram (bare-metal builds): the generator seeded from the SRAM start-up
 * values of a .noinit region, which neither avr-libc's startup code nor platform/cortexm's
 * writes (docs/rng.md). A separate file, so that only programs calling it reserve the region.
 */
#include "common.h"
#include "rng.h"

static uint8_t sram[MICROSALT_RNG_SRAM_BYTES] __attribute__((section(".noinit")));

int randombytes_seed_sram(const randombytes_store *store)
{
    if (randombytes_seed(sram, sizeof sram, store) != 0) {
        return -1;
    }
    /* The raw bytes determine the first key: they must not outlive it. Generator output (not
     * zeros) takes their place, so that a warm reset, which keeps SRAM, finds bytes that pass
     * the health tests and that no boot used before. */
    return randombytes_generate(sram, sizeof sram);
}
