/*
 * ntrulpr761 on the target: KAT entry 0 (build/target/vectors_kem.h, from the host's NIST
 * DRBG, `tests/gen/ntrulpr761_kat.c --target`) through both variants. randombytes replays
 * the entry's draws, so key generation and encapsulation must give the KAT's pk, sk, ct and
 * ss byte for byte; decapsulation must give ss, and the specification's rejection value for
 * the ciphertext with its first byte changed. Each operation is measured (ids: variant * 3 +
 * 1..3 for keypair, enc, dec), so the runner reports its peak stack. Before that, the
 * variants' multiplications by the generator must agree for extreme inputs.
 *
 * RAM: an ATmega2560 has 8 KB for everything, so two 1294-byte buffers serve all steps: the
 * key pair (pk in one, sk in the other), then the ciphertext over the checked sk, then sk
 * again from flash for decapsulation.
 */
/* ntrulpr761's keys and buffers (about 2.6 KB) and its 4.5 KB of stack on AVR; bigger than an
 * ATmega328P's 2 KB (its sorting network's list alone takes 3 KB), so built only where it
 * fits (platform/targets.py). */
#define FIRMWARE_RAM_BYTES 7424
#include <string.h>

#include "hal.h"
#include "ntrulpr761.h"
#include "vectors_kem.h"

#define PKB crypto_kem_ntrulpr761_PUBLICKEYBYTES
#define SKB crypto_kem_ntrulpr761_SECRETKEYBYTES
#define CTB crypto_kem_ntrulpr761_CIPHERTEXTBYTES

static unsigned char buf_a[SKB], buf_b[SKB], ss[32], ss2[32];
static uint16_t draw_pos, checks, failures;

/* The KAT's draws, in order. */
void randombytes(unsigned char *x, unsigned long long len)
{
    if (draw_pos + len > sizeof kem_draws) {
        hal_puts_flash(HAL_STR("FAIL more draws than the KAT made\n"));
        hal_exit(1);
    }
    hal_flash_read(x, kem_draws + draw_pos, (size_t)len);
    draw_pos = (uint16_t)(draw_pos + len);
}

/* Compares n bytes of RAM with flash, 64 at a time. */
static void check_flash(const unsigned char *got, const unsigned char *want, size_t n,
                        const char *what)
{
    unsigned char chunk[64];
    size_t i, k;
    int ok = 1;
    for (i = 0; i < n; i += k) {
        k = n - i < sizeof chunk ? n - i : sizeof chunk;
        hal_flash_read(chunk, want + i, k);
        ok &= memcmp(got + i, chunk, k) == 0;
    }
    checks++;
    if (!ok) {
        failures++;
        hal_puts_flash(HAL_STR("FAIL "));
        hal_puts_flash(what);
        hal_putc('\n');
    }
}

static void run(uint8_t variant, int (*keypair)(unsigned char *, unsigned char *),
                int (*enc)(unsigned char *, unsigned char *, const unsigned char *),
                int (*dec)(unsigned char *, const unsigned char *, const unsigned char *))
{
    volatile int rc = 0;
    uint8_t id = (uint8_t)(3 * variant);
    draw_pos = 0;
    hal_measure_begin(id + 1);
    rc |= keypair(buf_b, buf_a);
    hal_measure_end(id + 1);
    check_flash(buf_b, kem_pk, PKB, HAL_STR("keypair pk"));
    check_flash(buf_a, kem_sk, SKB, HAL_STR("keypair sk"));
    hal_measure_begin(id + 2);
    rc |= enc(buf_a, ss, buf_b);
    hal_measure_end(id + 2);
    check_flash(buf_a, kem_ct, CTB, HAL_STR("enc ct"));
    check_flash(ss, kem_ss, 32, HAL_STR("enc ss"));
    hal_flash_read(buf_b, kem_sk, SKB);
    hal_measure_begin(id + 3);
    rc |= dec(ss2, buf_a, buf_b);
    hal_measure_end(id + 3);
    check_flash(ss2, kem_ss, 32, HAL_STR("dec ss"));
    buf_a[0] ^= 1;
    rc |= dec(ss2, buf_a, buf_b);
    check_flash(ss2, kem_ss_reject, 32, HAL_STR("dec of a changed ciphertext: rejection value"));
    checks++;
    if (rc != 0) {
        failures++;
        hal_puts_flash(HAL_STR("FAIL a KEM function returned nonzero\n"));
    }
}

/* The two variants' G * s agree on the target for polynomials s that a KEM never draws and
 * that drive the default variant's Karatsuba operand sums to their extremes: all of one
 * sign, and signs by its 96-coefficient leaf slices and by its halves (the host test checks
 * both variants against a plain product). Compared by SHA-512, one product at a time: an
 * ATmega2560 has no room for two beside the multiplication's own stack. */
static void check_mul_generator(void)
{
    int16_t c[761];
    unsigned char seed[32], s_enc[191], digest[64], want[64];
    uint8_t pattern, k;
    for (k = 0; k < sizeof seed; k++) seed[k] = k;
    for (pattern = 0; pattern < 4; pattern++) {
        for (k = 0; k < sizeof s_enc; k++) { /* byte k: coefficients 4k..4k+3 */
            uint8_t plus; /* all four +1 (0xaa) or -1 (0x00) */
            if (pattern < 2) plus = pattern == 0;
            else plus = (k / (pattern == 2 ? 24 : 96)) & 1; /* 96 or 384 coefficients */
            s_enc[k] = plus ? 0xaa : 0x00;
        }
        microsalt_ntrulpr761_ref_mul_generator(c, seed, s_enc);
        crypto_hash(want, (const unsigned char *)c, sizeof c);
        microsalt_ntrulpr761_mul_generator(c, seed, s_enc);
        crypto_hash(digest, (const unsigned char *)c, sizeof c);
        checks++;
        if (memcmp(digest, want, sizeof want) != 0) {
            failures++;
            hal_puts_flash(HAL_STR("FAIL G * s: the variants differ for an extreme s\n"));
        }
    }
}

int main(void)
{
    hal_setup();
    check_mul_generator();
    run(0, crypto_kem_ntrulpr761_keypair, crypto_kem_ntrulpr761_enc, crypto_kem_ntrulpr761_dec);
    run(1, microsalt_ntrulpr761_ref_keypair, microsalt_ntrulpr761_ref_enc,
        microsalt_ntrulpr761_ref_dec);
    hal_puts_flash(HAL_STR("kem: ntrulpr761 KAT entry 0, both variants, and G * s for "
                           "extreme s: "));
    hal_put_u32(checks);
    hal_puts_flash(HAL_STR(" checks, "));
    hal_put_u32(failures);
    hal_puts_flash(HAL_STR(" failures\n"));
    hal_exit(failures == 0 ? 0 : 1);
}
