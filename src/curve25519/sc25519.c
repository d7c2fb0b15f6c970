/*
 * Scalars modulo L by Barrett reduction (HAC 14.42) on 32-bit words, with 32x32->64-bit
 * products: the same multiplier the 32-bit field code needs, and no division anywhere.
 */
#include "sc25519.h"

#include "common.h"

/* L, little-endian words. */
static const uint32_t L_WORDS[8] MICROSALT_FLASH = {
    0x5cf5d3ed, 0x5812631a, 0xa2f79cd6, 0x14def9de, 0x00000000, 0x00000000, 0x00000000,
    0x10000000,
};

/* mu = floor(2^512 / L) < 2^260, the Barrett constant. */
static const uint32_t MU_WORDS[9] MICROSALT_FLASH = {
    0x0a2c131b, 0xed9ce5a3, 0x086329a7, 0x2106215d, 0xffffffeb, 0xffffffff, 0xffffffff,
    0xffffffff, 0x0000000f,
};

/*
 * r = (a * b) mod 2^(32 nr) for a of na words and b of nb words; r must not alias a or b.
 * Each step computes a_i b_j + r_(i+j) + carry <= (2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1,
 * so it fits a uint64_t exactly. The loop bounds depend on the sizes only.
 */
static void mul_words(uint32_t *r, size_t nr, const uint32_t *a, size_t na, const uint32_t *b,
                      size_t nb)
{
    size_t i, j;
    memset(r, 0, nr * sizeof *r);
    for (i = 0; i < na && i < nr; i++) {
        uint32_t carry = 0;
        for (j = 0; j < nb && i + j < nr; j++) {
            uint64_t t = ct_mul32x32_64(a[i], b[j]) + r[i + j] + carry;
            r[i + j] = (uint32_t)t;
            carry = (uint32_t)(t >> 32);
        }
        if (i + nb < nr) {
            r[i + nb] = carry;
        }
    }
}

/* t = t - L when t >= L, for t of 9 words; constant time. */
static void sub_l_if_ge(uint32_t t[9])
{
    uint32_t borrow = 0, keep, d;
    int i;
    /* First pass: the borrow out of t - L, that is t < L. */
    for (i = 0; i < 9; i++) {
        borrow = ct_sbb_u32(&d, t[i], i < 8 ? flash_u32(&L_WORDS[i]) : 0, borrow);
    }
    keep = ct_mask_u32(1 ^ borrow);
    borrow = 0;
    for (i = 0; i < 9; i++) {
        borrow = ct_sbb_u32(&t[i], t[i], (i < 8 ? flash_u32(&L_WORDS[i]) : 0) & keep, borrow);
    }
}

/* r = x mod L for x < 2^512 in 16 words; r in 8 words. Constant time. */
static void barrett(uint32_t r[8], const uint32_t x[16])
{
    struct {
        uint32_t q2[18]; /* q1 mu, q1 = floor(x / 2^224) = x[7..15] < 2^288: < 2^548 */
        uint32_t r2[9];  /* q3 L mod 2^288, q3 = floor(q1 mu / 2^288) = q2[9..17] < 2^260 */
        uint32_t t[9];   /* x - q3 L */
        uint32_t c[9];   /* mu, then L, copied out of flash */
    } s;
    uint32_t borrow = 0;
    int i;
    flash_read(s.c, MU_WORDS, sizeof MU_WORDS);
    mul_words(s.q2, 18, x + 7, 9, s.c, 9);
    flash_read(s.c, L_WORDS, sizeof L_WORDS);
    mul_words(s.r2, 9, s.q2 + 9, 9, s.c, 8);
    /* x / L = q1 mu / 2^288 + e with 0 <= e < q1 (2^512 - mu L) / (2^288 L) + 2^224 / L,
     * and 2^512 - mu L < 0.23 L for this L: e < 0.23 + 2^-28 < 1. So q3 = floor(x / L) or
     * one less (HAC 14.42 allows two less in general), x - q3 L is in [0, 2L), and as
     * 2L < 2^288 it equals (x mod 2^288 - r2) mod 2^288. */
    for (i = 0; i < 9; i++) {
        borrow = ct_sbb_u32(&s.t[i], x[i], s.r2[i], borrow);
    }
    sub_l_if_ge(s.t);
    /* Now t < L < 2^253: t[8] = 0. */
    memcpy(r, s.t, 8 * sizeof *r);
    microsalt_wipe(&s, sizeof s);
}

void microsalt_sc25519_reduce(uint8_t r[32], const uint8_t s[64])
{
    uint32_t x[16], y[8];
    int i;
    for (i = 0; i < 16; i++) {
        x[i] = load32_le(s + 4 * i);
    }
    barrett(y, x);
    for (i = 0; i < 8; i++) {
        store32_le(r + 4 * i, y[i]);
    }
    microsalt_wipe(x, sizeof x);
    microsalt_wipe(y, sizeof y);
}

void microsalt_sc25519_muladd(uint8_t r[32], const uint8_t a[32], const uint8_t b[32],
                              const uint8_t c[32])
{
    struct {
        uint32_t a[8], b[8], x[16], y[8];
    } s;
    uint32_t carry = 0;
    int i;
    for (i = 0; i < 8; i++) {
        s.a[i] = load32_le(a + 4 * i);
        s.b[i] = load32_le(b + 4 * i);
    }
    mul_words(s.x, 16, s.a, 8, s.b, 8);
    /* a b + c <= (2^256 - 1)^2 + 2^256 - 1 < 2^512: no carry leaves the 16 words. */
    for (i = 0; i < 16; i++) {
        carry = ct_adc_u32(&s.x[i], s.x[i], i < 8 ? load32_le(c + 4 * i) : 0, carry);
    }
    barrett(s.y, s.x);
    for (i = 0; i < 8; i++) {
        store32_le(r + 4 * i, s.y[i]);
    }
    microsalt_wipe(&s, sizeof s);
}

int microsalt_sc25519_is_canonical_vartime(const uint8_t s[32])
{
    int i;
    for (i = 7; i >= 0; i--) {
        uint32_t w = load32_le(s + 4 * i);
        uint32_t l = flash_u32(&L_WORDS[i]);
        if (w != l) {
            return w < l;
        }
    }
    return 0; /* s = L */
}
