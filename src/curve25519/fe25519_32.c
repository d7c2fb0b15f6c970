/*
 * GF(2^255 - 19) in ten limbs of alternately 26 and 25 bits with 32x32->64 products, for
 * 8-, 16- and 32-bit machines: h = sum h[i] * 2^e(i), where e(i) = ceil(25.5 i) and limb i
 * has width(i) = 26 bits when i is even and 25 when it is odd.
 *
 * Bounds. An element is *bounded* when every limb is below 2^width(i) + 2^14. Limbs are never
 * negative (int32_t is the interface's type; the values always fit in 31 bits), so every shift
 * here is on a non-negative value. Every function takes bounded inputs and returns bounded
 * outputs, which is what lets any output feed any function, chains of fe_add/fe_sub/fe_neg
 * included; each function states where its output is tighter. The value need not be below p.
 *
 * Wiping: as in fe25519_64.h, the hot functions leave their stack frames to be overwritten
 * by the next call, and fe_tobytes wipes its copy.
 *
 * Products: limbs i and j meet at 2^(e(i) + e(j)), which is 2^e(i+j) except when i and j are
 * both odd, where it is twice that; and 2^e(k + 10) = 2^255 * 2^e(k) = 19 * 2^e(k) mod p. So
 * the schoolbook multiplies by operands pre-scaled by 2 (odd limbs) and by 19 (wrapped terms).
 * Products are computed column by column, which keeps one 64-bit accumulator live: on a
 * Cortex-M3/M4 that is one multiply-accumulate per term, and elsewhere it keeps stack small.
 */
#include "fe25519.h"

#if !defined(MICROSALT_FE64) && !MICROSALT_FE_PACKED

#include "common.h"

#define WIDTH(i) (26 - ((i) & 1))
#define LIMB_MASK(i) (((uint32_t)1 << WIDTH(i)) - 1)

static void unpack(uint32_t t[10], const fe25519 *f)
{
    int i;
    for (i = 0; i < 10; i++) {
        t[i] = (uint32_t)f->v[i];
    }
}

/* Pre: every t[i] < 2^31. */
static void pack(fe25519 *h, const uint32_t t[10])
{
    int i;
    for (i = 0; i < 10; i++) {
        h->v[i] = (int32_t)t[i];
    }
}

/* One sequential carry pass, the top carry folded back as 19 (2^255 = 19 mod p).
 * Pre: every limb < 2^28.
 * Post: h[1..9] below their width; h[0] < 2^26 + 19 * 8 (bounded); value mod p unchanged. */
static void carry(uint32_t h[10])
{
    uint32_t c;
    int i;
    for (i = 0; i < 9; i++) {
        c = h[i] >> WIDTH(i);
        h[i] &= LIMB_MASK(i);
        h[i + 1] += c;
    }
    c = h[9] >> 25;
    h[9] &= LIMB_MASK(9);
    h[0] += 19 * c;
}

/* Products are carried column by column as they are summed: limb k of the result takes the
 * low width(k) bits of the column sum plus the carry in, the rest carries into column k + 1.
 * Pre: acc < 2^60 (a column of ten products of bounded limbs, one factor scaled by 2 or 19,
 * is < 2^59.6; the carry in is < 2^35). Post: h[k] below its width. */
MICROSALT_INLINE uint64_t put_limb(fe25519 *h, int k, uint64_t acc)
{
    h->v[k] = (int32_t)((uint32_t)acc & LIMB_MASK(k));
    return acc >> WIDTH(k);
}

/* Folds the carry c out of limb 9 back as 19 c (2^255 = 19 mod p).
 * Pre: h[0..9] below their width, c < 2^35. Post: h[0] < 2^26, h[1] < 2^25 + 2^14 (bounded):
 * h[0] + 19 c < 2^39.3, so it carries less than 2^13.3 into h[1]. */
static void fold_top(fe25519 *h, uint64_t c)
{
    /* 19 c as shifts: a 64-bit multiplication would call libgcc's, which is not constant
     * time on AVR (src/core/common.h). */
    uint64_t h0 = (uint64_t)(uint32_t)h->v[0] + (c << 4) + (c << 1) + c;
    h->v[0] = (int32_t)((uint32_t)h0 & LIMB_MASK(0));
    h->v[1] += (int32_t)(h0 >> 26);
}

/* Post: limb i below its width; bit 255 of s ignored. */
void microsalt_fe_frombytes(fe25519 *h, const uint8_t s[32])
{
    int i;
    for (i = 0; i < 10; i++) {
        int e = (51 * i + 1) >> 1;
        /* (e mod 8) + width(i) <= 32, so one 32-bit load holds the whole limb. */
        h->v[i] = (int32_t)((load32_le(s + (e >> 3)) >> (e & 7)) & LIMB_MASK(i));
    }
}

/* Pre: bounded. Writes the unique encoding below p. */
void microsalt_fe_tobytes(uint8_t s[32], const fe25519 *f)
{
    uint32_t h[10], q, x;
    int i;
    unpack(h, f);
    /* Bounded, h < 2^255 + 2^245 < 2p: subtracting p once (or not) reduces it fully.
     * q = 1 exactly when h >= p, i.e. when h + 19 carries out of bit 255. */
    q = (h[0] + 19) >> 26;
    for (i = 1; i < 10; i++) {
        q = (h[i] + q) >> WIDTH(i);
    }
    /* h - q p = h + 19 q - q 2^255: add 19 q, carry, and drop bit 255. */
    h[0] += 19 * q;
    for (i = 0; i < 9; i++) {
        h[i + 1] += h[i] >> WIDTH(i);
        h[i] &= LIMB_MASK(i);
    }
    h[9] &= LIMB_MASK(9);
    memset(s, 0, 32);
    for (i = 0; i < 10; i++) {
        int e = (51 * i + 1) >> 1, b = e >> 3;
        x = h[i] << (e & 7); /* fits: (e mod 8) + width(i) <= 32 */
        s[b] |= (uint8_t)x;
        s[b + 1] |= (uint8_t)(x >> 8);
        s[b + 2] |= (uint8_t)(x >> 16);
        s[b + 3] |= (uint8_t)(x >> 24);
    }
    microsalt_wipe(h, sizeof h);
}

/* Pre: f, g bounded, so f + g < 2^27 + 2^15 per limb. Post: bounded (see carry). */
void microsalt_fe_add(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint32_t t[10];
    int i;
    for (i = 0; i < 10; i++) {
        t[i] = (uint32_t)f->v[i] + (uint32_t)g->v[i];
    }
    carry(t);
    pack(h, t);
}

/* Pre: f, g bounded. Adds 2p, whose limbs (2^27 - 38, then 2^26 - 2 and 2^27 - 2 alternately)
 * exceed any bounded limb, so no limb goes negative; f + 2p - g < 2^27.6 per limb.
 * Post: bounded (see carry). */
void microsalt_fe_sub(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint32_t t[10];
    int i;
    for (i = 0; i < 10; i++) {
        t[i] = (uint32_t)f->v[i] + ((uint32_t)2 << WIDTH(i)) - 2 - (uint32_t)g->v[i];
    }
    t[0] -= 36;
    carry(t);
    pack(h, t);
}

/* Pre: f bounded. Post: bounded (as fe_sub). */
void microsalt_fe_neg(fe25519 *h, const fe25519 *f)
{
    fe25519 zero;
    microsalt_fe_0(&zero);
    microsalt_fe_sub(h, &zero, f);
}

/* Pre: f, g bounded: the scaled operands are < 2^26 + 2^15 (f, odd limbs doubled) and
 * < 2^30.3 (g times 19), so each product is < 2^56.3. The operands are copied first, so h
 * may be written while columns are still being summed. Post: as fold_top. */
void microsalt_fe_mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint32_t a[10], ad[10], b[10], b19[10];
    uint64_t acc = 0;
    int i, k;
    for (i = 0; i < 10; i++) {
        a[i] = (uint32_t)f->v[i];
        ad[i] = a[i] << (i & 1);
        b[i] = (uint32_t)g->v[i];
        b19[i] = 19 * b[i];
    }
    for (k = 0; k < 10; k++) {
        /* Both of i and k - i are odd only when k is even. */
        const uint32_t *x = (k & 1) ? a : ad;
        for (i = 0; i <= k; i++) {
            acc += ct_mul32x32_64(x[i], b[k - i]);
        }
        for (; i < 10; i++) {
            acc += ct_mul32x32_64(x[i], b19[k + 10 - i]);
        }
        acc = put_limb(h, k, acc);
    }
    fold_top(h, acc);
}

/* Pre: f bounded. Each product f[i] f[j], i != j, is taken once and doubled; the scaled
 * operands and product bounds are those of fe_mul, and f is copied first as there.
 * Post: as fold_top. */
void microsalt_fe_sq(fe25519 *h, const fe25519 *f)
{
    uint32_t a[10], ad[10], a19[10];
    uint64_t acc = 0;
    int i, k;
    for (i = 0; i < 10; i++) {
        a[i] = (uint32_t)f->v[i];
        ad[i] = a[i] << (i & 1);
        a19[i] = 19 * a[i];
    }
    for (k = 0; k < 10; k++) {
        const uint32_t *x = (k & 1) ? a : ad;
        uint64_t pairs = 0;
        /* Pairs i < j with i + j = k, then with i + j = k + 10 (wrapped). */
        for (i = 0; 2 * i < k; i++) {
            pairs += ct_mul32x32_64(x[i], a[k - i]);
        }
        for (i = k + 1; 2 * i < k + 10; i++) {
            pairs += ct_mul32x32_64(x[i], a19[k + 10 - i]);
        }
        acc += 2 * pairs;
        /* Squares land on even columns: f[k/2]^2 and, wrapped, f[k/2 + 5]^2. */
        if ((k & 1) == 0) {
            acc += ct_mul32x32_64(ad[k / 2], a[k / 2]) +
                   ct_mul32x32_64(ad[k / 2 + 5], a19[k / 2 + 5]);
        }
        acc = put_limb(h, k, acc);
    }
    fold_top(h, acc);
}

/* Pre: f bounded, so each column is < 2^43. Limb k of f is read before limb k of h is
 * written, so h may be f. Post: as fold_top. */
void microsalt_fe_mul121666(fe25519 *h, const fe25519 *f)
{
    uint64_t acc = 0;
    int k;
    for (k = 0; k < 10; k++) {
        acc += ct_mul32x32_64((uint32_t)f->v[k], 121666);
        acc = put_limb(h, k, acc);
    }
    fold_top(h, acc);
}

/* Pre: f, g bounded. Post: unchanged limbs, swapped or not. */
void microsalt_fe_cswap(fe25519 *f, fe25519 *g, uint32_t b)
{
    uint32_t m = ct_mask_u32(b), x;
    int i;
    for (i = 0; i < 10; i++) {
        x = m & ((uint32_t)f->v[i] ^ (uint32_t)g->v[i]);
        f->v[i] = (int32_t)((uint32_t)f->v[i] ^ x);
        g->v[i] = (int32_t)((uint32_t)g->v[i] ^ x);
    }
}

#else
/* The 64-bit representation (fe25519_64.c) is in use; ISO C wants a declaration here. */
typedef int microsalt_fe25519_32_unused;
#endif
