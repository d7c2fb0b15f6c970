/*
 * A SUPERCOP-layout implementation kept in-tree to test the lab's EXTERNAL= path: Poly1305 on
 * its own, one byte per limb, the simplest arithmetic to read (not fast). Numbers mod
 * p = 2^130 - 5 are 17 limbs of 8 bits, limb 16 holding bits 128 and up; a limb may exceed 8
 * bits between carries.
 */
#include <stdint.h>
#include <string.h>

#include "crypto_onetimeauth.h"
#include "crypto_verify_16.h"

/* Brings every limb to 8 bits and h below 2^130, folding what passes 2^130 back in as 5 times
 * as much (2^130 = 5 mod p). Three passes suffice for the sums multiply leaves: after the
 * first only limb 0 is large, the second folds at most 5 onto its low 8 bits, and the third
 * folds at most 5 onto a limb 0 below 5. */
static void carry(uint32_t h[17])
{
    int pass, j;
    for (pass = 0; pass < 3; pass++) {
        for (j = 0; j < 16; j++) {
            h[j + 1] += h[j] >> 8;
            h[j] &= 255;
        }
        h[0] += 5 * (h[16] >> 2);
        h[16] &= 3;
    }
}

/* h = h r mod p. A product's limb 17 + i is bit 136 + 8 i, and 2^136 = 320 mod p. The sum of
 * one limb stays below 2^32: 17 products of at most 520 (h after an addition) by 320 * 255. */
static void multiply(uint32_t h[17], const uint32_t r[17])
{
    uint32_t x[17];
    int i, j;
    for (i = 0; i < 17; i++) {
        x[i] = 0;
        for (j = 0; j < 17; j++) x[i] += h[j] * (j <= i ? r[i - j] : 320 * r[i + 17 - j]);
    }
    memcpy(h, x, sizeof x);
    carry(h);
}

int crypto_onetimeauth(unsigned char *out, const unsigned char *m, unsigned long long mlen,
                       const unsigned char *k)
{
    uint32_t r[17], h[17], g[17], mask;
    unsigned chunk, j;
    for (j = 0; j < 16; j++) r[j] = k[j];
    r[16] = 0;
    /* The clamp of the specification: r's top bits of every fourth byte, low bits of some. */
    for (j = 3; j < 16; j += 4) r[j] &= 15;
    for (j = 4; j < 16; j += 4) r[j] &= 252;
    memset(h, 0, sizeof h);
    while (mlen > 0) {
        chunk = mlen < 16 ? (unsigned)mlen : 16;
        /* Each chunk is read as a number with a 1 byte above it. */
        for (j = 0; j < chunk; j++) h[j] += m[j];
        h[chunk] += 1;
        multiply(h, r);
        m += chunk;
        mlen -= chunk;
    }
    /* h < 2^130 < 2 p: h - p = h + 5 - 2^130 is the result where it is not negative. */
    memcpy(g, h, sizeof g);
    g[0] += 5;
    for (j = 0; j < 16; j++) {
        g[j + 1] += g[j] >> 8;
        g[j] &= 255;
    }
    mask = 0 - (g[16] >> 2);
    for (j = 0; j < 16; j++) h[j] = (h[j] & ~mask) | (g[j] & mask);
    /* The tag is h + s mod 2^128, s the key's second half. */
    g[0] = 0;
    for (j = 0; j < 16; j++) {
        g[0] += h[j] + k[16 + j];
        out[j] = (unsigned char)g[0];
        g[0] >>= 8;
    }
    return 0;
}

int crypto_onetimeauth_verify(const unsigned char *tag, const unsigned char *m,
                              unsigned long long mlen, const unsigned char *k)
{
    unsigned char correct[16];
    crypto_onetimeauth(correct, m, mlen, k);
    return crypto_verify_16(tag, correct);
}
