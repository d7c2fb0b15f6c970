/*
 * sram_dump: the characterisation tool of issue 18's random generator, which is seeded from
 * SRAM start-up noise. Run on a real board after each power-up, it prints what the board's
 * SRAM held, so that the noise can be measured (the bits that differ between power-ups of one
 * board) beside the board's fingerprint (the bits that do not); on the simulated chips it shows
 * what the runners' --sram option makes of RAM (docs/targets.md). It also exercises the
 * non-volatile store: it prints the store as it finds it and adds 1 to every byte, so that runs
 * sharing a runner's --nv FILE show the store persisting.
 *
 * Output:
 *   @nv <the store's HAL_NV_BYTES bytes in hex>
 *   @sram bytes=<n>
 *   @sram-data <32 bytes in hex>      (one line per 32 bytes, the last one shorter if need be)
 *   @sram end
 *
 * The dump is a .noinit array, which the startup code leaves as RAM powered up and nothing
 * writes before it is printed: SRAM_DUMP_BYTES bytes (-D), by default the 1,600 (12,800 bits)
 * the generator reads, which fit an ATmega328P's 2 KB beside the stack.
 */
#include <stdint.h>

#include "hal.h"

#ifndef SRAM_DUMP_BYTES
#define SRAM_DUMP_BYTES 1600
#endif

static uint8_t sram[SRAM_DUMP_BYTES] __attribute__((section(".noinit")));

/* Lowercase hex; the digits are computed, not looked up, as a table would take AVR RAM. */
static void put_hex(const uint8_t *p, size_t n)
{
    while (n-- != 0) {
        uint8_t b = *p++, k;
        for (k = 0; k < 2; k++) {
            uint8_t d = (uint8_t)(k == 0 ? b >> 4 : b & 15);
            hal_putc((char)(d < 10 ? '0' + d : 'a' + d - 10));
        }
    }
}

int main(void)
{
    uint8_t nv[HAL_NV_BYTES];
    size_t i;

    hal_setup();
    hal_nv_read(nv, sizeof nv);
    hal_puts_flash(HAL_STR("@nv "));
    put_hex(nv, sizeof nv);
    hal_putc('\n');
    for (i = 0; i < sizeof nv; i++)
        nv[i]++;
    hal_nv_write(nv, sizeof nv);

    hal_puts_flash(HAL_STR("@sram bytes="));
    hal_put_u32(SRAM_DUMP_BYTES);
    hal_putc('\n');
    for (i = 0; i < SRAM_DUMP_BYTES; i += 32) {
        hal_puts_flash(HAL_STR("@sram-data "));
        put_hex(sram + i, SRAM_DUMP_BYTES - i < 32 ? SRAM_DUMP_BYTES - i : 32);
        hal_putc('\n');
    }
    hal_puts_flash(HAL_STR("@sram end\n"));
    hal_exit(0);
}
