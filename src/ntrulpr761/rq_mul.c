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
#define KL 96         /* leaf operand length */
#define KPAD (8 * KL) /* 768 >= p */
#define KBPAD 4       /* zeros on each side of the s operand (see kara_leaf) */

/* |x| <= 2096216. Returns x mod q in [-2384, 2384].
 * On the M4: u = x + 457 q + Q12 in [0, 2^23); quot = floor(u * 935519 / 2^32) by UMULL (one
 * cycle, fixed time, on the M4) exceeds u / q by less than 0.0008 (935519 / 2^32 exceeds 1/q
 * by a factor 1.0000004), so it is floor(u / q) or one more when u / q is within 0.0008 below
 * an integer: u - quot q lies in [-4, q), the result in [-2299, 2295].
 * Elsewhere (32-bit multiplies only, fixed time on every core; no UMULL, which the M3 ends
 * early): u = x + 457 q in [0, 2^22); the estimate ((u >> 5) * 29235 + 2^21) >> 22 is within
 * 0.5 + 0.0193 of u / q (29235 / 2^17 exceeds 1/q by a factor 1.0000137, u / q <= 914:
 * 0.0126; the dropped low 5 bits: 31 / q), so the remainder is within 0.5193 q.
 * (u >> 5) * 29235 + 2^21 < 2^17 * 29235 + 2^21 < 2^32. */
MICROSALT_INLINE int16_t fq_reduce(int32_t x)
{
#if MICROSALT_ARM_DSP
    uint32_t u = (uint32_t)(x + (457 * Q + Q12));
    uint32_t quot = (uint32_t)(((uint64_t)u * 935519u) >> 32);
    return (int16_t)((int32_t)(u - quot * Q) - Q12);
#else
    uint32_t u = (uint32_t)(x + 457 * Q);
    uint32_t quot = (((u >> 5) * 29235u) + (1u << 21)) >> 22;
    return (int16_t)(int32_t)(u - quot * Q);
#endif
}

#if MICROSALT_ARM_DSP
MICROSALT_INLINE void store2x16(int16_t *p, uint32_t v)
{
    memcpy(p, &v, sizeof v);
}

/* The low halfword of lo and the high one of hi: one PKHBT, which gcc does not emit for
 * (lo & 0xffff) | (hi & 0xffff0000) (four instructions). */
MICROSALT_INLINE uint32_t pack_lo_hi(uint32_t lo, uint32_t hi)
{
    uint32_t t;
    __asm__("pkhbt %0, %1, %2" : "=r"(t) : "r"(lo), "r"(hi));
    return t;
}
#endif

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

#if MICROSALT_ARM_DSP
/* r = a * b (2 KL - 1 coefficients, r[2 KL - 1] = 0), each coefficient reduced by fq_reduce;
 * b points KBPAD zeros after the start of its buffer, which also has KBPAD zeros after the
 * KL coefficients. With words A_i = (a_2i, a_2i+1), B_j = (b_2j, b_2j+1) and T_j = (b_2j,
 * b_2j-1): r_2k+1 = sum_i SMLADX(A_i, B_k-i) and r_2k = sum_i SMLAD(A_i, T_k-i), the words
 * B_j outside 0..47 being zeros of the padding. kara_leaf4 computes two output words (four
 * coefficients, from k) in one pass over i, whose range (the union of both words' ranges,
 * one longer at each end: i from max(0, k - 48) to min(47, k + 1)) always has an even length,
 * so each step takes two i; it loads two A and two B and builds two T, and hands the last B,
 * B and T to the next step. Bounds: |a| <= 4590 or (four or more
 * slices, reduced) 2384, |b| <= 8 and at most 2 when |a| > 2384: the sums (and every partial
 * sum) stay below 96 * 2384 * 8 < 1.84e6, within fq_reduce's range. */
MICROSALT_INLINE void kara_leaf4(int16_t r[4], const int16_t *pa, const int16_t *pb, unsigned n)
{
    uint32_t bn = load2x16(pb + 2), bm = load2x16(pb); /* B_k+1-i, B_k-i */
    uint32_t tn = pack_lo_hi(bn, bm);                   /* T_k+1-i */
    int32_t e0 = 0, o0 = 0, e1 = 0, o1 = 0;
    while (n-- > 0) {
        uint32_t a0 = load2x16(pa), a1 = load2x16(pa + 2);
        uint32_t bl = load2x16(pb - 2), bl2 = load2x16(pb - 4);
        uint32_t tm = pack_lo_hi(bm, bl), tl = pack_lo_hi(bl, bl2);
        e1 = __smlad(a0, tn, e1);
        o1 = __smladx(a0, bn, o1);
        e0 = __smlad(a0, tm, e0);
        o0 = __smladx(a0, bm, o0);
        e1 = __smlad(a1, tm, e1);
        o1 = __smladx(a1, bm, o1);
        e0 = __smlad(a1, tl, e0);
        o0 = __smladx(a1, bl, o0);
        bn = bl;
        bm = bl2;
        tn = tl;
        pa += 4;
        pb -= 4;
    }
    r[0] = fq_reduce(e0);
    r[1] = fq_reduce(o0);
    r[2] = fq_reduce(e1);
    r[3] = fq_reduce(o1);
}

static void kara_leaf(int16_t r[2 * KL], const int16_t a[KL], const int16_t *b)
{
    unsigned k;
    for (k = 0; k < KL / 2; k += 2) kara_leaf4(r + 2 * k, a, b + 2 * k, k / 2 + 1);
    for (; k < KL; k += 2) kara_leaf4(r + 2 * k, a + 2 * (k - KL / 2), b + KL, (KL - k) / 2);
}
#else
/* r = a * b as above (r[2 KL - 1] = 0), two output coefficients per pass over i: both
 * ranges together, b's zero padding covering the ends; each step loads one a and one b and
 * reuses the b of the step before. Same bounds as the DSP version. */
static void kara_leaf(int16_t r[2 * KL], const int16_t a[KL], const small_t *b)
{
    uint16_t t;
    for (t = 0; t < 2 * KL; t += 2) {
        uint16_t ilo = (uint16_t)(t > KL - 1 ? t - (KL - 1) : 0);
        uint16_t ihi = (uint16_t)(t + 1 < KL - 1 ? t + 1 : KL - 1);
        const int16_t *pa = a + ilo, *pend = a + ihi + 1;
        const small_t *pb = b + (t - ilo); /* b_t-i */
        int32_t v0 = 0, v1 = 0;
        int32_t bn = pb[1];                /* b_t+1-i */
        while (pa != pend) {
            int32_t x = *pa++, bm = *pb--;
            v0 += x * bm;
            v1 += x * bn;
            bn = bm;
        }
        r[t] = fq_reduce(v0);
        r[t + 1] = fq_reduce(v1);
    }
}
#endif

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
                kara_leaf(r, a, b + KBPAD);
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
