/*
 * GF(2^255 - 19) in five 51-bit limbs with 128-bit products: h = sum h[i] * 2^(51 i).
 *
 * Bounds. An element is *bounded* when every limb is below 2^51 + 2^14 (limbs are unsigned,
 * so never negative). Every function here takes bounded inputs and returns bounded outputs,
 * which is what lets any output feed any function, chains of fe_add/fe_sub/fe_neg included;
 * each function states where its output is tighter. The value need not be reduced below p.
 *
 * Wiping: the hot functions (mul, sq, add, sub, ...) leave their own stack frames as they
 * are, as libsodium and ref10 do: each of thousands of calls per operation overwrites the
 * last, and wiping each frame would cost as much as the arithmetic. The callers wipe their
 * fe25519 state; the functions called a few times per operation (fe_tobytes and those of
 * fe25519.c) wipe what they hold.
 *
 * MICROSALT_FE64 is defined by fe25519.h only where __SIZEOF_INT128__ is, so the 128-bit type
 * below is guarded as the project requires.
 */
#include "fe25519.h"

#ifdef MICROSALT_FE64

#include "common.h"

__extension__ typedef unsigned __int128 u128;

#define MASK51 (((uint64_t)1 << 51) - 1)

/* Carries five wide column sums into h.
 * Pre: t[k] < 2^110 (five products of bounded limbs, one factor times 19, are < 2^108.6).
 * Post: h[0], h[2..4] < 2^51; h[1] < 2^51 + 2^13 (bounded). */
MICROSALT_INLINE void carry_wide(fe25519 *h, u128 t[5])
{
    uint64_t r0, r1, r2, r3, r4, c;
    t[1] += t[0] >> 51;
    r0 = (uint64_t)t[0] & MASK51;
    t[2] += t[1] >> 51;
    r1 = (uint64_t)t[1] & MASK51;
    t[3] += t[2] >> 51;
    r2 = (uint64_t)t[2] & MASK51;
    t[4] += t[3] >> 51;
    r3 = (uint64_t)t[3] & MASK51;
    c = (uint64_t)(t[4] >> 51); /* < 2^59, so 19 * c + r0 < 2^64 */
    r4 = (uint64_t)t[4] & MASK51;
    r0 += 19 * c;
    r1 += r0 >> 51; /* r0 < 2^63.3: adds < 2^12.3 */
    r0 &= MASK51;
    h->v[0] = r0;
    h->v[1] = r1;
    h->v[2] = r2;
    h->v[3] = r3;
    h->v[4] = r4;
}

/* h = (h0, ..., h4) after one sequential carry pass, the top carry folded back as 19
 * (2^255 = 19 mod p). Each step waits for the previous one, but that keeps compilers from
 * packing the limbs into vector registers, whose stores the next multiplication could not
 * forward to its scalar loads (a stall far longer than the chain).
 * Pre: every limb < 2^53. Post: h[1..4] < 2^51, h[0] < 2^51 + 19 * 4 (bounded). */
MICROSALT_INLINE void carry(fe25519 *h, uint64_t h0, uint64_t h1, uint64_t h2, uint64_t h3,
                            uint64_t h4)
{
    h1 += h0 >> 51;
    h2 += h1 >> 51;
    h3 += h2 >> 51;
    h4 += h3 >> 51;
    h->v[0] = (h0 & MASK51) + 19 * (h4 >> 51);
    h->v[1] = h1 & MASK51;
    h->v[2] = h2 & MASK51;
    h->v[3] = h3 & MASK51;
    h->v[4] = h4 & MASK51;
}

/* Post: limbs < 2^51, bit 255 of s ignored. */
void microsalt_fe_frombytes(fe25519 *h, const uint8_t s[32])
{
    uint64_t w0 = load64_le(s), w1 = load64_le(s + 8), w2 = load64_le(s + 16),
             w3 = load64_le(s + 24);
    h->v[0] = w0 & MASK51;
    h->v[1] = ((w0 >> 51) | (w1 << 13)) & MASK51;
    h->v[2] = ((w1 >> 38) | (w2 << 26)) & MASK51;
    h->v[3] = ((w2 >> 25) | (w3 << 39)) & MASK51;
    h->v[4] = (w3 >> 12) & MASK51;
}

/* Pre: bounded. Writes the unique encoding below p. */
void microsalt_fe_tobytes(uint8_t s[32], const fe25519 *f)
{
    uint64_t h[5], q;
    int i;
    for (i = 0; i < 5; i++) {
        h[i] = f->v[i];
    }
    /* Bounded, h < 2^255 + 2^219 < 2p: subtracting p once (or not) reduces it fully.
     * q = 1 exactly when h >= p, i.e. when h + 19 carries out of bit 255. */
    q = (h[0] + 19) >> 51;
    for (i = 1; i < 5; i++) {
        q = (h[i] + q) >> 51;
    }
    /* h - q p = h + 19 q - q 2^255: add 19 q, carry, and drop bit 255. */
    h[0] += 19 * q;
    for (i = 0; i < 4; i++) {
        h[i + 1] += h[i] >> 51;
        h[i] &= MASK51;
    }
    h[4] &= MASK51;
    store64_le(s, h[0] | (h[1] << 51));
    store64_le(s + 8, (h[1] >> 13) | (h[2] << 38));
    store64_le(s + 16, (h[2] >> 26) | (h[3] << 25));
    store64_le(s + 24, (h[3] >> 39) | (h[4] << 12));
    microsalt_wipe(h, sizeof h);
}

void microsalt_fe_0(fe25519 *h)
{
    memset(h, 0, sizeof *h);
}

void microsalt_fe_1(fe25519 *h)
{
    memset(h, 0, sizeof *h);
    h->v[0] = 1;
}

/* Pre: f, g bounded, so f + g < 2^52 + 2^15 per limb. Post: bounded (see carry). */
void microsalt_fe_add(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    carry(h, f->v[0] + g->v[0], f->v[1] + g->v[1], f->v[2] + g->v[2], f->v[3] + g->v[3],
          f->v[4] + g->v[4]);
}

/* Pre: f, g bounded. Adds 2p, whose limbs (2^52 - 38, 2^52 - 2, ...) exceed any bounded limb,
 * so no limb goes negative; f + 2p - g < 2^53 per limb. Post: bounded (see carry). */
void microsalt_fe_sub(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    const uint64_t two_p0 = ((uint64_t)1 << 52) - 38, two_p = ((uint64_t)1 << 52) - 2;
    carry(h, f->v[0] + two_p0 - g->v[0], f->v[1] + two_p - g->v[1],
          f->v[2] + two_p - g->v[2], f->v[3] + two_p - g->v[3], f->v[4] + two_p - g->v[4]);
}

/* Pre: f bounded. Post: bounded (as fe_sub). */
void microsalt_fe_neg(fe25519 *h, const fe25519 *f)
{
    fe25519 zero;
    microsalt_fe_0(&zero);
    microsalt_fe_sub(h, &zero, f);
}

/* Pre: f, g bounded, so each product is < 2^102.1 and with the factor 19 < 2^106.4.
 * Post: bounded (see carry_wide). */
void microsalt_fe_mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    uint64_t g0 = g->v[0], g1 = g->v[1], g2 = g->v[2], g3 = g->v[3], g4 = g->v[4];
    /* Limb products at 2^(51 k) with k >= 5 wrap to k - 5 times 2^255 = 19. */
    uint64_t g1_19 = 19 * g1, g2_19 = 19 * g2, g3_19 = 19 * g3, g4_19 = 19 * g4;
    u128 t[5];
    t[0] = (u128)f0 * g0 + (u128)f1 * g4_19 + (u128)f2 * g3_19 + (u128)f3 * g2_19 +
           (u128)f4 * g1_19;
    t[1] = (u128)f0 * g1 + (u128)f1 * g0 + (u128)f2 * g4_19 + (u128)f3 * g3_19 +
           (u128)f4 * g2_19;
    t[2] = (u128)f0 * g2 + (u128)f1 * g1 + (u128)f2 * g0 + (u128)f3 * g4_19 +
           (u128)f4 * g3_19;
    t[3] = (u128)f0 * g3 + (u128)f1 * g2 + (u128)f2 * g1 + (u128)f3 * g0 + (u128)f4 * g4_19;
    t[4] = (u128)f0 * g4 + (u128)f1 * g3 + (u128)f2 * g2 + (u128)f3 * g1 + (u128)f4 * g0;
    carry_wide(h, t);
}

/* Pre: f bounded. The symmetric products appear once, doubled. Post: bounded. */
void microsalt_fe_sq(fe25519 *h, const fe25519 *f)
{
    uint64_t f0 = f->v[0], f1 = f->v[1], f2 = f->v[2], f3 = f->v[3], f4 = f->v[4];
    uint64_t d0 = 2 * f0, d1 = 2 * f1, d2 = 2 * f2, d3 = 2 * f3;
    uint64_t f3_19 = 19 * f3, f4_19 = 19 * f4;
    u128 t[5];
    t[0] = (u128)f0 * f0 + (u128)d1 * f4_19 + (u128)d2 * f3_19;
    t[1] = (u128)d0 * f1 + (u128)d2 * f4_19 + (u128)f3 * f3_19;
    t[2] = (u128)d0 * f2 + (u128)f1 * f1 + (u128)d3 * f4_19;
    t[3] = (u128)d0 * f3 + (u128)d1 * f2 + (u128)f4 * f4_19;
    t[4] = (u128)d0 * f4 + (u128)d1 * f3 + (u128)f2 * f2;
    carry_wide(h, t);
}

/* Pre: f bounded, so t[k] < 2^68.1. Post: bounded (see carry_wide). */
void microsalt_fe_mul121666(fe25519 *h, const fe25519 *f)
{
    u128 t[5];
    int i;
    for (i = 0; i < 5; i++) {
        t[i] = (u128)f->v[i] * 121666;
    }
    carry_wide(h, t);
}

/* Pre: f, g bounded. Post: unchanged limbs, swapped or not. */
void microsalt_fe_cswap(fe25519 *f, fe25519 *g, uint32_t b)
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

/* Pre: f, g bounded. Post: f holds the limbs of g or its own. */
void microsalt_fe_cmov(fe25519 *f, const fe25519 *g, uint32_t b)
{
    uint32_t m32 = ct_mask_u32(b);
    uint64_t m = ((uint64_t)m32 << 32) | m32;
    int i;
    for (i = 0; i < 5; i++) {
        f->v[i] ^= m & (f->v[i] ^ g->v[i]);
    }
}

#else
/* The 32-bit representation (fe25519_32.c) is in use; ISO C wants a declaration here. */
typedef int microsalt_fe25519_64_unused;
#endif
