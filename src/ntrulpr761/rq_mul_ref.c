/* ntrulpr761: the reference multiplication by the generator, G streamed and never stored. */
#include "ntrulpr761_internal.h"

#define MUL_GEN_REVERSED 0
/* c = G * s in R/q, frozen to [-Q12, Q12], with G = Generator(seed) produced 4 coefficients
 * at a time and never stored. Row i adds G_i x^i s; x^t for t >= p folds into x^(t-p+1) +
 * x^(t-p). A row adds at most 2 * Q12 to a coefficient, so int16 holds 6 rows beyond a
 * frozen value (2295 + 6 * 4590 < 32768). */
static void mul_generator_small(int16_t c[P], const uint8_t seed[SEEDS_BYTES],
                                const small_t s[P])
{
    uint8_t rk[240], buf[16];
    uint16_t i, j, blk;
    uint8_t lazy = 0;
    aes256_pub_schedule(rk, seed);
    for (i = 0; i < P; i++) c[i] = 0;
    for (blk = 0; blk < NBLOCKS; blk++) {
        aes256_pub_ctr_block(buf, rk, blk);
        for (j = 0; j < 4; j++) {
            int16_t g;
            int16_t *ci;
            uint16_t n;
            i = (uint16_t)(4 * blk + j);
            if (i >= P) break;
            g = generator_coeff(load32_le(buf + 4 * j));
            n = (uint16_t)(P - i);
            ci = c + i;
            for (uint16_t k = 0; k < n; k++) ci[k] = (int16_t)(ci[k] + g * s[k]);
            for (uint16_t k = n; k < P; k++) {
                int16_t v = (int16_t)(g * s[k]);
                c[k - n] = (int16_t)(c[k - n] + v);
                c[k - n + 1] = (int16_t)(c[k - n + 1] + v);
            }
            if (++lazy == 6) {
                lazy = 0;
                for (uint16_t k = 0; k < P; k++) c[k] = fq_freeze_inline(c[k]);
            }
        }
    }
    for (i = 0; i < P; i++) c[i] = fq_freeze(c[i]);
}

/* This variant's G * s, s given as Small_encode bytes: the KEM's multiplication (kem.c), also
 * exposed to the tests (ntrulpr761.h). */
void microsalt_ntrulpr761_ref_mul_generator(int16_t c[P], const uint8_t seed[SEEDS_BYTES],
                                        const uint8_t s_enc[SMALL_BYTES])
{
    small_t s[P];
    small_unpack(s, s_enc, MUL_GEN_REVERSED);
    mul_generator_small(c, seed, s);
}
