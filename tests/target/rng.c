/*
 * The bare-metal generator on the target, as an application uses it: randombytes_seed_sram on
 * the .noinit region the runner filled as SRAM powers up (--sram, docs/targets.md), with the seed
 * persisted in the runner's non-volatile store (hal_nv_read/hal_nv_write; erased bytes, all
 * 0xFF, mean no seed). tests/target/rng_check.py boots it as different devices, boots and
 * failure modes and judges what it prints:
 *   @rng refused=<1|0>      randombytes_generate before initialisation refused, output zeroed
 *   @rng init=<0|-1>        randombytes_seed_sram's result; on -1 the firmware then calls
 *                           randombytes, which must end in randombytes_fatal below (exit 3)
 *   @rng-data <hex>         2,500 bytes (20,000 bits, FIPS 140-2's sample) from randombytes,
 *                           drawn in requests of 1 to 32 bytes, 32 bytes a line
 *   @rng warm=<0|-1> <hex>  a second randombytes_seed_sram in the same boot (SRAM as a warm
 *                           reset would find it: overwritten by the first) and 32 bytes
 * Measurements: id 1 is randombytes_seed_sram, id 2 a 32-byte randombytes_generate; their
 * traces must not depend on the SRAM contents.
 */
#include <string.h>

#include "hal.h"
#include "microsalt.h"

#define SAMPLE_BYTES 2500

static int nv_read(unsigned char seed[RANDOMBYTES_SEEDBYTES], void *ctx)
{
    uint8_t erased = 0xFF;
    size_t i;
    (void)ctx;
    hal_nv_read(seed, RANDOMBYTES_SEEDBYTES);
    for (i = 0; i < RANDOMBYTES_SEEDBYTES; i++) erased &= seed[i];
    return erased == 0xFF ? -1 : 0;
}

static int nv_write(const unsigned char seed[RANDOMBYTES_SEEDBYTES], void *ctx)
{
    (void)ctx;
    hal_nv_write(seed, RANDOMBYTES_SEEDBYTES);
    return 0;
}

static const randombytes_store store = {nv_read, nv_write, NULL};

void randombytes_fatal(void)
{
    hal_puts_flash(HAL_STR("@rng fatal\n"));
    hal_exit(3);
}

static void put_hex(const uint8_t *p, size_t n)
{
    static const char digits[] = "0123456789abcdef";
    size_t i;
    for (i = 0; i < n; i++) {
        hal_putc(digits[p[i] >> 4]);
        hal_putc(digits[p[i] & 15]);
    }
}

int main(void)
{
    uint8_t chunk[32];
    size_t done = 0, want = 1, i;
    int rc, zero = 1;

    hal_setup();
    memset(chunk, 0xAA, sizeof chunk);
    rc = randombytes_generate(chunk, sizeof chunk);
    for (i = 0; i < sizeof chunk; i++) zero &= chunk[i] == 0;
    hal_puts_flash(HAL_STR("@rng refused="));
    hal_putc(rc == -1 && zero ? '1' : '0');
    hal_putc('\n');

    hal_measure_begin(1);
    rc = randombytes_seed_sram(&store);
    hal_measure_end(1);
    hal_puts_flash(rc == 0 ? HAL_STR("@rng init=0\n") : HAL_STR("@rng init=-1\n"));
    if (rc != 0) {
        randombytes(chunk, sizeof chunk);
        hal_puts_flash(HAL_STR("FAIL randombytes returned without a generator\n"));
        hal_exit(1);
    }

    hal_measure_begin(2);
    rc = randombytes_generate(chunk, 32);
    hal_measure_end(2);
    if (rc != 0) {
        hal_puts_flash(HAL_STR("FAIL randombytes_generate after initialisation\n"));
        hal_exit(1);
    }

    /* Requests of 1, 2, ..., 32 bytes, then again, until the sample is complete; printed 32
     * bytes a line (one small buffer: the ATmega328P has 2 KB of RAM, 1,600 of them the
     * region). */
    while (done < SAMPLE_BYTES) {
        size_t n = want, k;
        if (n > SAMPLE_BYTES - done) n = SAMPLE_BYTES - done;
        randombytes(chunk, n);
        for (k = 0; k < n; k++, done++) {
            if (done % 32 == 0) hal_puts_flash(HAL_STR("@rng-data "));
            put_hex(chunk + k, 1);
            if (done % 32 == 31 || done + 1 == SAMPLE_BYTES) hal_putc('\n');
        }
        want = want == sizeof chunk ? 1 : want + 1;
    }

    rc = randombytes_seed_sram(NULL);
    hal_puts_flash(rc == 0 ? HAL_STR("@rng warm=0 ") : HAL_STR("@rng warm=-1 "));
    randombytes(chunk, 32);
    put_hex(chunk, 32);
    hal_putc('\n');
    hal_exit(0);
}
