/*
 * The target's ChaCha kernel (src/arch/<arch>/chacha.S where one exists) against its portable
 * C twin, on the target: pseudo-random states, messages and alignments, 8, 12 and 20 rounds,
 * 1 to 4 blocks, in place and not, and the counter's carry into word 13. Then measures the
 * kernel: one ChaCha8 block (id 8), one ChaCha20 block (id 20), and 16 ChaCha20 blocks, a
 * 1024-byte stream (id 21).
 */
#include <string.h>

#include "chacha20.h"
#include "hal.h"

/* One 1 KB arena, so the firmware fits an ATmega328P's 2 KB of RAM: the trials' message and
 * outputs lie side by side in it, then the measured stream covers all of it. */
#define TRIAL_BYTES (4 * 64 + 4) /* keeps offset 0 of every buffer word-aligned */
static uint8_t stream[1024] __attribute__((aligned(4)));
static uint8_t *const m = stream, *const c_native = stream + TRIAL_BYTES,
                      *const c_portable = stream + 2 * TRIAL_BYTES;
static uint32_t rng = 0x9E3779B9u;

#if defined(__arm__) && MICROSALT_NATIVE_CHACHA_BLOCKS
/* tests/target/abi_arm.S: the kernel called with known r4-r11; nonzero unless they and sp
 * came back unchanged. */
int abi_arm_chacha_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t *x,
                          unsigned rounds);
#endif
#if defined(__AVR__) && MICROSALT_NATIVE_CHACHA_BLOCKS
/* tests/target/abi_avr.S: the kernels called with known r2-r17, r28-r29; nonzero unless those
 * came back unchanged and r1 zero. */
uint8_t abi_avr_chacha_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t *x,
                              unsigned rounds);
uint8_t abi_avr_mul32x32_64(uint32_t a, uint32_t b);
uint64_t microsalt_mul32x32_64(uint32_t a, uint32_t b); /* src/arch/avr/mul32x32_64.S */
#endif

static uint32_t next(void)
{
    rng ^= rng << 13;
    rng ^= rng >> 17;
    rng ^= rng << 5;
    return rng;
}

int main(void)
{
    static const unsigned rounds[3] = {8, 12, 20};
    uint32_t x[16], xn[16], xp[16];
    unsigned trial, i, failures = 0, checks = 0;

    hal_setup();
    for (trial = 0; trial < 60; trial++) {
        size_t nblocks = 1 + trial % 4, off = trial % 3, len = 64 * nblocks;
        unsigned r = rounds[trial % 3];
        int in_place = (trial / 3) & 1;
        for (i = 0; i < 16; i++) x[i] = next();
        if (trial % 5 == 0) x[12] = 0xFFFFFFFFu - (trial % 2); /* carries into word 13 */
        for (i = 0; i < TRIAL_BYTES; i++) m[i] = (uint8_t)next();
        memcpy(xn, x, sizeof x);
        memcpy(xp, x, sizeof x);
        microsalt_chacha_blocks_portable(c_portable + off, m + off, nblocks, xp, r);
        if (in_place) {
            memcpy(c_native, m, TRIAL_BYTES);
            microsalt_chacha_blocks(c_native + off, c_native + off, nblocks, xn, r);
        } else {
            memset(c_native, 0xA5, TRIAL_BYTES);
            microsalt_chacha_blocks(c_native + off, m + off, nblocks, xn, r);
        }
        checks++;
        if (memcmp(c_native + off, c_portable + off, len) != 0 || memcmp(xn, xp, sizeof x) != 0) {
            failures++;
            hal_puts("FAIL chacha kernel trial ");
            hal_put_u32(trial);
            hal_putc('\n');
        }
    }
#if defined(__arm__) && MICROSALT_NATIVE_CHACHA_BLOCKS
    {
        /* Through the ABI trampoline, in place on a word-aligned buffer, 3 blocks per round
         * count,
         * the counter carrying into word 13 after the first block. */
        uint32_t words[3 * 16];
        for (trial = 0; trial < 3; trial++) {
            for (i = 0; i < 16; i++) x[i] = next();
            x[12] = 0xFFFFFFFFu;
            for (i = 0; i < 3 * 16; i++) words[i] = next();
            memcpy(xn, x, sizeof x);
            memcpy(xp, x, sizeof x);
            microsalt_chacha_blocks_portable(c_portable, (const uint8_t *)words, 3, xp,
                                             rounds[trial]);
            checks++;
            if (abi_arm_chacha_blocks((uint8_t *)words, (const uint8_t *)words, 3, xn,
                                      rounds[trial]) != 0 ||
                memcmp(words, c_portable, sizeof words) != 0 || memcmp(xn, xp, sizeof x) != 0) {
                failures++;
                hal_puts("FAIL chacha kernel ABI (r4-r11, sp) or aligned blocks, rounds ");
                hal_put_u32(rounds[trial]);
                hal_putc('\n');
            }
        }
    }
#endif
#if defined(__AVR__) && MICROSALT_NATIVE_CHACHA_BLOCKS
    /* Through the ABI trampolines: the ChaCha kernel for 1 to 3 blocks, one per round count
     * (its output checked too), and the 32x32-bit multiplier on edge operands (its product
     * checked too, which also links it in ahead of the trampolines). */
    for (trial = 0; trial < 3; trial++) {
        size_t nblocks = 1 + trial;
        for (i = 0; i < 16; i++) x[i] = next();
        for (i = 0; i < 64 * nblocks; i++) m[i] = (uint8_t)next();
        memcpy(xn, x, sizeof x);
        memcpy(xp, x, sizeof x);
        microsalt_chacha_blocks_portable(c_portable, m, nblocks, xp, rounds[trial]);
        checks++;
        if (abi_avr_chacha_blocks(c_native, m, nblocks, xn, rounds[trial]) != 0 ||
            memcmp(c_native, c_portable, 64 * nblocks) != 0 || memcmp(xn, xp, sizeof x) != 0) {
            failures++;
            hal_puts("FAIL chacha kernel ABI (r1-r17, r28-r29), rounds ");
            hal_put_u32(rounds[trial]);
            hal_putc('\n');
        }
    }
    {
        static const uint32_t ops[3][2] = {
            {0, 0}, {0xFFFFFFFFu, 0xFFFFFFFFu}, {0x9E3779B9u, 0x7F4A7C15u}};
        for (trial = 0; trial < 3; trial++) {
            checks++;
            if (abi_avr_mul32x32_64(ops[trial][0], ops[trial][1]) != 0 ||
                microsalt_mul32x32_64(ops[trial][0], ops[trial][1]) !=
                    (uint64_t)ops[trial][0] * ops[trial][1]) {
                failures++;
                hal_puts("FAIL mul32x32_64 ABI (r1-r17, r28-r29) or product, operands ");
                hal_put_u32(trial);
                hal_putc('\n');
            }
        }
    }
#endif
    for (i = 0; i < 16; i++) x[i] = next();
    hal_measure_begin(8);
    microsalt_chacha_blocks(stream, stream, 1, x, 8);
    hal_measure_end(8);
    hal_measure_begin(20);
    microsalt_chacha_blocks(stream, stream, 1, x, 20);
    hal_measure_end(20);
    hal_measure_begin(21);
    microsalt_chacha_blocks(stream, stream, 16, x, 20);
    hal_measure_end(21);
    hal_puts("chacha kernel: ");
    hal_put_u32(checks);
    hal_puts(" checks, ");
    hal_put_u32(failures);
    hal_puts(" failures\n");
    hal_exit(failures == 0 ? 0 : 1);
}
