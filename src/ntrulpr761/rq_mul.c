/* ntrulpr761: the default multiplication by the generator, G stored (Karatsuba on 32-bit
 * cores, one dot product per coefficient on AVR). */
#include "ntrulpr761_internal.h"

/* G = Generator(seed): its first P coefficients. Not inlined, so that the AES key schedule
 * does not share the stack frame of the multiplication that follows. */
static NOINLINE void generator_expand(int16_t *G, const uint8_t seed[SEEDS_BYTES])
{
    uint8_t rk[240], buf[16];
    uint16_t i, j, blk;
    aes256_pub_schedule(rk, seed);
    for (blk = 0; blk < NBLOCKS; blk++) {
        aes256_pub_ctr_block(buf, rk, blk);
        for (j = 0; j < 4; j++) {
            i = (uint16_t)(4 * blk + j);
            if (i < P) G[i] = generator_coeff(load32_le(buf + 4 * j));
        }
    }
}

#if !MICROSALT_MUL16_VARIABLE_TIME
#define MUL_GEN_REVERSED 0
/* The product G * s by three levels of Karatsuba: both factors are padded to 768 = 8 * KL
 * coefficients and split in halves of 384, 192 and 96 (levels 0, 1, 2); a leaf multiplies
 * two operands of KL coefficients by schoolbook. Per level, with y = x^n for the half size
 * n, A B = (1 - y) A0 B0 + (y^2 - y) A1 B1 + y (A0 + A1)(B0 + B1): leaf (d0, d1, d2), each
 * digit 0 (low half), 1 (high half) or 2 (the sum of both), multiplies the sum of the slices
 * of G (and of s) its digits select, and its product is added into c once per term +-x^off
 * of the product of its digits' factors (1 - y), (y^2 - y) or y; the fold x^t = x^(t-p+1) +
 * x^(t-p) for t >= p happens at that addition. 27 leaves of 96 x 96 (248832 multiplications
 * instead of 579121), 125 leaf additions; no product longer than a leaf's is ever stored:
 * c accumulates in 16 bits, reduced after each group of three leaves. */

/* x[i] += y[i] for i < n; on the M4 two coefficients per SADD16 (words may be unaligned).
 * The callers' sums stay within int16 (their bounds). */
static void add16(int16_t *x, const int16_t *y, unsigned n)
{
    unsigned i = 0;
#if MICROSALT_ARM_DSP
    for (; i + 2 <= n; i += 2) {
        store2x16(x + i, (uint32_t)__sadd16(load2x16(x + i), load2x16(y + i)));
    }
#endif
    for (; i < n; i++) x[i] = (int16_t)(x[i] + y[i]);
}


/* The leaf operands of digits d[0..2]: a = the sum of the slices of G (padded to KPAD), b
 * the same slices of s (zero at p and beyond), at the offsets that the digits select (digit 1
 * adds the level's half size, digit 2 takes both). A sum of four or eight slices of G is
 * reduced (|.| <= 8 * Q12 before), keeping the leaf product within fq_reduce's range; s sums
 * stay exact (|b| <= 8). */
static void kara_operands(int16_t a[KL], small_t b[KL + 2 * KBPAD], const int16_t G[KPAD],
                          const small_t s[P], const uint8_t d[3])
{
    uint16_t off[8], i;
    uint8_t n = 1, l, j;
    small_t *bb = b + KBPAD;
    off[0] = 0;
    for (l = 0; l < 3; l++) {
        uint16_t half = (uint16_t)((4 * KL) >> l);
        for (j = 0; j < n; j++) {
            if (d[l] == 2) off[n + j] = (uint16_t)(off[j] + half);
            else off[j] = (uint16_t)(off[j] + d[l] * half);
        }
        if (d[l] == 2) n = (uint8_t)(2 * n);
    }
    memset(b, 0, (KL + 2 * KBPAD) * sizeof(small_t));
    memcpy(a, G + off[0], KL * sizeof(int16_t));
    for (j = 0; j < n; j++) {
        uint16_t len = (uint16_t)(P - off[j] < KL ? P - off[j] : KL);
        if (j > 0) add16(a, G + off[j], KL);
#if MICROSALT_ARM_DSP
        add16(bb, s + off[j], len); /* small_t is int16_t */
#else
        for (i = 0; i < len; i++) bb[i] = (small_t)(bb[i] + s[off[j] + i]);
#endif
    }
    if (n >= 4) {
        for (i = 0; i < KL; i++) a[i] = fq_reduce(a[i]);
    }
}

/* c += x^off * r in R/q for a leaf product r (2 KL - 1 coefficients): the term at t = off + j
 * goes to c_t when t < p, else to c_(t-p) and c_(t-p+1); terms beyond 2p - 2 are dropped
 * (all leaves together put zero there: the padded factors have degree < p). In the folded
 * part c_k takes r_j + r_(j-1) in one step (on the M4 two of them per pair of SADD16s, with
 * c_k at an even k: word-aligned). */
static void kara_add(int16_t c[P], const int16_t r[2 * KL], unsigned off)
{
    unsigned i, m, end = 2 * KL - 1, n1;
    int16_t *ck;
    const int16_t *rj;
    if (off + end > 2 * P - 1) end = 2 * P - 1 - off;
    n1 = off >= P ? 0 : (P - off < end ? P - off : end);
    add16(c + off, r, n1);
    if (n1 == end) return;
    ck = c + (off + n1 - P); /* c_k for j = n1, then one k per j */
    rj = r + n1;
    m = end - n1;
    ck[0] = (int16_t)(ck[0] + rj[0]);
    i = 1;
#if MICROSALT_ARM_DSP
    if (m > 1 && ((off + n1 + 1 - P) & 1)) {
        ck[1] = (int16_t)(ck[1] + rj[1] + rj[0]);
        i = 2;
    }
    for (; i + 2 <= m; i += 2) {
        uint32_t rr = (uint32_t)__sadd16(load2x16(rj + i - 1), load2x16(rj + i));
        store2x16(ck + i, (uint32_t)__sadd16(load2x16(ck + i), rr));
    }
#endif
    for (; i < m; i++) ck[i] = (int16_t)(ck[i] + rj[i] + rj[i - 1]);
    ck[m] = (int16_t)(ck[m] + rj[m - 1]);
}

/* c = G * s in R/q (see the Karatsuba comment above), |c_k| <= 2384, with G padded to KPAD.
 * Each leaf's terms are added in two rounds, r negated in between. A group of three leaves
 * (same d0, d1) adds at most 12 leaf coefficients (|.| <= 2384) to any c_k (counted over the
 * fixed schedule of offsets and folds; 8 or 10 in the groups with a digit 2), so from |c_k|
 * <= 2384 after a reduction c_k stays within 13 * 2384 = 30992 < 2^15. Not inlined: its
 * buffers (about 800 bytes) do not share the stack with generator_expand's. */
static NOINLINE void kara_mul(int16_t c[P], const int16_t G[KPAD], const small_t s[P])
{
    int16_t a[KL], r[2 * KL];
    small_t b[KL + 2 * KBPAD];
    uint16_t off[8], i;
    uint8_t neg[8], d[3], n, l, j, round;
    memset(c, 0, P * sizeof(int16_t));
    for (d[0] = 0; d[0] < 3; d[0]++) {
        for (d[1] = 0; d[1] < 3; d[1]++) {
            for (d[2] = 0; d[2] < 3; d[2]++) {
                kara_operands(a, b, G, s, d);
                microsalt_ntrulpr761_kara_leaf(r, a, b + KBPAD);
                /* The terms of the product of 1 - y (digit 0), y^2 - y (1) or y (2). */
                off[0] = 0;
                neg[0] = 0;
                n = 1;
                for (l = 0; l < 3; l++) {
                    uint16_t half = (uint16_t)((4 * KL) >> l);
                    for (j = 0; j < n; j++) {
                        if (d[l] != 2) {
                            off[n + j] = (uint16_t)(off[j] + half);
                            neg[n + j] = (uint8_t)(neg[j] ^ 1);
                        }
                        off[j] = (uint16_t)(off[j] + (d[l] == 2 ? half : 2 * d[l] * half));
                    }
                    if (d[l] != 2) n = (uint8_t)(2 * n);
                }
                for (round = 0; round < 2; round++) {
                    if (round == 1) {
                        if (n == 1) break; /* all digits 2: one term, positive */
                        for (i = 0; i < 2 * KL; i++) r[i] = (int16_t)-r[i];
                    }
                    for (j = 0; j < n; j++) {
                        if (neg[j] == round) kara_add(c, r, off[j]);
                    }
                }
            }
            if (d[0] != 2 || d[1] != 2) {
                for (i = 0; i < P; i++) c[i] = fq_reduce(c[i]);
            }
        }
    }
    microsalt_wipe(b, sizeof b);
    microsalt_wipe(r, sizeof r);
}

/* c = G * s in R/q, frozen to [-Q12, Q12]. */
static void mul_generator_small(int16_t c[P], const uint8_t seed[SEEDS_BYTES], const small_t s[P])
{
    int16_t G[KPAD];
    uint16_t i;
    generator_expand(G, seed);
    for (i = P; i < KPAD; i++) G[i] = 0;
    kara_mul(c, G, s);
    for (i = 0; i < P; i++) c[i] = fq_freeze(c[i]);
}
#else
#define MUL_GEN_REVERSED 1 /* mul_generator_small takes s reversed */
/* c = G * s in R/q, frozen, on AVR: G stored, each product coefficient one dot product with
 * a 32-bit accumulator (prod_coeff's masked products), one freeze per output coefficient.
 * Not Karatsuba there: its operand sums of s leave {-1, 0, 1}, so a product could no longer
 * be a mask but would need a real signed multiply, which avr-gcc takes from libgcc's
 * branching routines. */
static void mul_generator_small(int16_t c[P], const uint8_t seed[SEEDS_BYTES],
                                const small_t sr[P])
{
    int16_t G[P];
    uint16_t i;
    mul_iter it;
    generator_expand(G, seed);
    mul_iter_init(&it, G, sr);
    for (i = 0; i < P; i++) c[i] = fq_freeze(mul_iter_next(&it));
}
#endif

/* This variant's G * s, s given as Small_encode bytes: the KEM's multiplication (kem.c), also
 * exposed to the tests (ntrulpr761.h). */
void microsalt_ntrulpr761_mul_generator(int16_t c[P], const uint8_t seed[SEEDS_BYTES],
                                        const uint8_t s_enc[SMALL_BYTES])
{
    small_t s[P];
    small_unpack(s, s_enc, MUL_GEN_REVERSED);
    mul_generator_small(c, seed, s);
}
