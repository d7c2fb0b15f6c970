/*
 * Benchmark firmware, group rng: the bare-metal generator (docs/rng.md). bench/lab.py runs it
 * with the runner's --sram device, so that the .noinit region holds a simulated SRAM
 * power-up and initialisation succeeds. Measured: randombytes_seed_sram (the health tests and
 * SHA-512 over the 1,600-byte region, then the region overwritten with output) and requests of
 * 32 and 1024 bytes. Not built on bench.c's buffers: the region takes 1,600 of an ATmega328P's
 * 2,048 bytes of RAM, where the 1024-byte request does not fit beside it and is left out.
 */
#include "hal.h"
#include "measure.h"
#include "microsalt.h"

#if HAL_FITS(1600 + 1024 + 512)
#define MAX_REQUEST 1024
#else
#define MAX_REQUEST 32
#endif

static unsigned char buf[MAX_REQUEST];
static volatile int sink;

static void check(const char *what)
{
    if (sink != 0) {
        hal_puts_flash(what);
        hal_exit(1);
    }
}

int main(void)
{
    static const uint16_t requests[] = {32, 1024};
    hal_setup();
    BENCH("randombytes_seed_sram", 0, sink = randombytes_seed_sram(NULL));
    check(HAL_STR("FAIL randombytes_seed_sram (is the runner's --sram device set?)\n"));
    FOR_EACH_SIZE(requests, MAX_REQUEST, n, {
        BENCH("randombytes_generate", n, sink = randombytes_generate(buf, n));
        check(HAL_STR("FAIL randombytes_generate\n"));
    });
    hal_exit(0);
}
