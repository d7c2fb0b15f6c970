/*
 * The Karatsuba leaf of ntrulpr761 (contract in src/ntrulpr761/ntrulpr761_internal.h) on the
 * Cortex-M4: two coefficients per SMLAD/SMLADX, which take one cycle whatever their operands,
 * as do the loads, PKHBT and the UMULL of fq_reduce, so the time depends on nothing but KL.
 * The small coefficients are 16 bits here (small_t), so that pairs of them feed SMLAD.
 */
#include "ntrulpr761_internal.h"

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

/* void microsalt_ntrulpr761_kara_leaf(int16_t r[2 * KL], const int16_t a[KL],
 *                                     const small_t *b); */
void microsalt_ntrulpr761_kara_leaf(int16_t r[2 * KL], const int16_t a[KL], const small_t *b)
{
    unsigned k;
    for (k = 0; k < KL / 2; k += 2) kara_leaf4(r + 2 * k, a, b + 2 * k, k / 2 + 1);
    for (; k < KL; k += 2) kara_leaf4(r + 2 * k, a + 2 * (k - KL / 2), b + KL, (KL - k) / 2);
}
