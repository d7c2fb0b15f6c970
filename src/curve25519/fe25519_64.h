/*
 * The hot operations of the 64-bit representation (fe25519_64.c has the rest): five 51-bit
 * limbs with 128-bit products, h = sum h[i] * 2^(51 i). Included by fe25519.h only, where
 * MICROSALT_FE64 is defined, which requires __SIZEOF_INT128__ (so the 128-bit type below is
 * guarded as the project requires).
 *
 * Why inline: a ladder step or a point addition is a string of field operations whose
 * operands would otherwise go through memory at every call. Compiled in place, the limbs stay
 * in registers between operations and the processor overlaps independent operations:
 * crypto_scalarmult takes about 13% fewer cycles and signature verification about 10%
 * (x86-64, gcc 12, -O2), for some 30 KB more host code. The 32-bit representation, built for
 * microcontrollers, keeps them out of line.
 *
 * Bounds. An element is *bounded* when every limb is below 2^51 + 2^14 (limbs are unsigned,
 * so never negative). Every function here takes bounded inputs and returns bounded outputs,
 * which is what lets any output feed any function, chains of fe_add/fe_sub/fe_neg included;
 * each function states where its output is tighter. The value need not be reduced below p.
 *
 * Wiping: the register spills these functions leave in their caller's frame are not wiped,
 * as libsodium and ref10 leave those of their field operations: each of thousands of uses
 * overwrites the last, and wiping each would cost as much as the arithmetic. The callers wipe
 * their fe25519 state.
 */
#ifndef MICROSALT_FE25519_64_H
#define MICROSALT_FE25519_64_H

#include "common.h"

__extension__ typedef unsigned __int128 microsalt_u128;

#define MICROSALT_FE64_MASK51 (((uint64_t)1 << 51) - 1)

/* Carries five wide column sums into h, one sequential chain; the carry out of the top
 * column comes back as 19 times itself (2^255 = 19 mod p).
 * Pre: t[k] < 2^110 (five products of bounded limbs, one factor times 19, are < 2^108.6).
 * Post: h[0], h[2..4] < 2^51; h[1] < 2^51 + 2^13 (bounded). */
MICROSALT_INLINE void microsalt_fe64_carry_wide(fe25519 *h, microsalt_u128 t0,
                                                microsalt_u128 t1, microsalt_u128 t2,
                                                microsalt_u128 t3, microsalt_u128 t4)
{
    uint64_t r0, r1, r2, r3, r4, c;
    t1 += t0 >> 51;
    r0 = (uint64_t)t0 & MICROSALT_FE64_MASK51;
    t2 += t1 >> 51;
    r1 = (uint64_t)t1 & MICROSALT_FE64_MASK51;
    t3 += t2 >> 51;
    r2 = (uint64_t)t2 & MICROSALT_FE64_MASK51;
    t4 += t3 >> 51;
    r3 = (uint64_t)t3 & MICROSALT_FE64_MASK51;
    c = (uint64_t)(t4 >> 51); /* < 2^59, so 19 * c + r0 < 2^64 */
    r4 = (uint64_t)t4 & MICROSALT_FE64_MASK51;
    r0 += 19 * c;
    r1 += r0 >> 51; /* r0 < 2^63.3: adds < 2^12.3 */
    r0 &= MICROSALT_FE64_MASK51;
    h->v[0] = r0;
    h->v[1] = r1;
    h->v[2] = r2;
    h->v[3] = r3;
    h->v[4] = r4;
}

/* h = (h0, ..., h4) after one sequential carry pass, the top carry folded back as 19. Each
 * step waits for the previous one, but that keeps compilers from packing the limbs into
 * vector registers, whose stores the next multiplication could not forward to its scalar
 * loads (a stall far longer than the chain).
 * Pre: every limb < 2^53. Post: h[1..4] < 2^51, h[0] < 2^51 + 19 * 4 (bounded). */
MICROSALT_INLINE void microsalt_fe64_carry(fe25519 *h, uint64_t h0, uint64_t h1, uint64_t h2,
                                           uint64_t h3, uint64_t h4)
{
    h1 += h0 >> 51;
    h2 += h1 >> 51;
    h3 += h2 >> 51;
    h4 += h3 >> 51;
    h->v[0] = (h0 & MICROSALT_FE64_MASK51) + 19 * (h4 >> 51);
    h->v[1] = h1 & MICROSALT_FE64_MASK51;
    h->v[2] = h2 & MICROSALT_FE64_MASK51;
    h->v[3] = h3 & MICROSALT_FE64_MASK51;
    h->v[4] = h4 & MICROSALT_FE64_MASK51;
}

/* Pre: f, g bounded, so f + g < 2^52 + 2^15 per limb. Post: bounded (see carry). */
MICROSALT_INLINE void microsalt_fe_add(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    microsalt_fe64_carry(h, f->v[0] + g->v[0], f->v[1] + g->v[1], f->v[2] + g->v[2],
                         f->v[3] + g->v[3], f->v[4] + g->v[4]);
}

/* Pre: f, g bounded. Adds 2p, whose limbs (2^52 - 38, 2^52 - 2, ...) exceed any bounded limb,
 * so no limb goes negative; f + 2p - g < 2^53 per limb. Post: bounded (see carry). */
MICROSALT_INLINE void microsalt_fe_sub(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    const uint64_t two_p0 = ((uint64_t)1 << 52) - 38, two_p = ((uint64_t)1 << 52) - 2;
    microsalt_fe64_carry(h, f->v[0] + two_p0 - g->v[0], f->v[1] + two_p - g->v[1],
                         f->v[2] + two_p - g->v[2], f->v[3] + two_p - g->v[3],
                         f->v[4] + two_p - g->v[4]);
}

/* Pre: f, g bounded, so each product is < 2^102.1 and with the factor 19 < 2^106.4.
 * Post: bounded (see carry_wide). */
MICROSALT_INLINE void microsalt_fe_mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    uint64_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    /* Limb products at 2^(51 k) with k >= 5 wrap to k - 5 times 2^255 = 19. */
    uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
    microsalt_fe64_carry_wide(
        h,
        (microsalt_u128)f0 * g0 + (microsalt_u128)f1 * g4_19 + (microsalt_u128)f2 * g3_19 +
            (microsalt_u128)f3 * g2_19 + (microsalt_u128)f4 * g1_19,
        (microsalt_u128)f0 * g1 + (microsalt_u128)f1 * g0 + (microsalt_u128)f2 * g4_19 +
            (microsalt_u128)f3 * g3_19 + (microsalt_u128)f4 * g2_19,
        (microsalt_u128)f0 * g2 + (microsalt_u128)f1 * g1 + (microsalt_u128)f2 * g0 +
            (microsalt_u128)f3 * g4_19 + (microsalt_u128)f4 * g3_19,
        (microsalt_u128)f0 * g3 + (microsalt_u128)f1 * g2 + (microsalt_u128)f2 * g1 +
            (microsalt_u128)f3 * g0 + (microsalt_u128)f4 * g4_19,
        (microsalt_u128)f0 * g4 + (microsalt_u128)f1 * g3 + (microsalt_u128)f2 * g2 +
            (microsalt_u128)f3 * g1 + (microsalt_u128)f4 * g0);
}

/* Pre: f bounded. The symmetric products appear once, doubled. Post: bounded. */
MICROSALT_INLINE void microsalt_fe_sq(fe25519 *h, const fe25519 *f)
{
    uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    uint64_t d0 = 2 * f0, d1 = 2 * f1, d2 = 2 * f2, d3 = 2 * f3;
    uint64_t f3_19 = 19 * f3, f4_19 = 19 * f4;
    microsalt_fe64_carry_wide(
        h, (microsalt_u128)f0 * f0 + (microsalt_u128)d1 * f4_19 + (microsalt_u128)d2 * f3_19,
        (microsalt_u128)d0 * f1 + (microsalt_u128)d2 * f4_19 + (microsalt_u128)f3 * f3_19,
        (microsalt_u128)d0 * f2 + (microsalt_u128)f1 * f1 + (microsalt_u128)d3 * f4_19,
        (microsalt_u128)d0 * f3 + (microsalt_u128)d1 * f2 + (microsalt_u128)f4 * f4_19,
        (microsalt_u128)d0 * f4 + (microsalt_u128)d1 * f3 + (microsalt_u128)f2 * f2);
}

/* Pre: f bounded, so each column is < 2^68.1. Post: bounded (see carry_wide). */
MICROSALT_INLINE void microsalt_fe_mul121666(fe25519 *h, const fe25519 *f)
{
    microsalt_fe64_carry_wide(h, (microsalt_u128)f->v[0] * 121666,
                              (microsalt_u128)f->v[1] * 121666, (microsalt_u128)f->v[2] * 121666,
                              (microsalt_u128)f->v[3] * 121666, (microsalt_u128)f->v[4] * 121666);
}

/* Pre: f, g bounded. Post: unchanged limbs, swapped or not. */
MICROSALT_INLINE void microsalt_fe_cswap(fe25519 *f, fe25519 *g, uint32_t b)
{
    uint32_t m32 = ct_mask_u32(b);
    uint64_t m = ((uint64_t)m32 << 32) | m32, x;
    int i;
    for (i = 0; i < 5; i++) {
        x = m & (f->v[i] ^ g->v[i]);
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

#endif
