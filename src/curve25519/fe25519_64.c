/*
 * GF(2^255 - 19) in five 51-bit limbs: the operations called a few times per operation
 * (encoding, decoding, constants, negation). The hot ones, and the bounds
 * every function here keeps (limbs below 2^51 + 2^14), are in fe25519_64.h.
 *
 * Wiping: fe_tobytes wipes its copy of the limbs.
 */
#include "fe25519.h"

#ifdef MICROSALT_FE64

#define MASK51 MICROSALT_FE64_MASK51

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

/* Pre: f bounded. Post: bounded (as fe_sub). */
void microsalt_fe_neg(fe25519 *h, const fe25519 *f)
{
    fe25519 zero;
    microsalt_fe_0(&zero);
    microsalt_fe_sub(h, &zero, f);
}

#else
/* The 32-bit representation (fe25519_32.c) is in use; ISO C wants a declaration here. */
typedef int microsalt_fe25519_64_unused;
#endif
