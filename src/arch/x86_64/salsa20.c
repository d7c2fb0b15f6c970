/*
 * The Salsa20 keystream on x86-64 processors with AVX2: eight blocks at a time. Register i
 * holds word i of the eight blocks (lane j: block j), so the rounds are the portable code's
 * operations (src/symmetric/salsa20.c), each done on eight blocks by one instruction; a transposition
 * then turns the lanes back into blocks. Additions, xors, shifts and shuffles by fixed
 * amounts only: constant time as written.
 */
#include "common.h"
#include "kernels.h"

#ifdef MICROSALT_X86_64

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

#define BATCH 512 /* bytes: eight blocks */

MICROSALT_INLINE AVX2 void quarterround(__m256i y[16], unsigned a, unsigned b, unsigned c,
                                        unsigned d)
{
    __m256i t;
    t = _mm256_add_epi32(y[a], y[d]);
    y[b] = _mm256_xor_si256(y[b], _mm256_or_si256(_mm256_slli_epi32(t, 7),
                                                  _mm256_srli_epi32(t, 25)));
    t = _mm256_add_epi32(y[b], y[a]);
    y[c] = _mm256_xor_si256(y[c], _mm256_or_si256(_mm256_slli_epi32(t, 9),
                                                  _mm256_srli_epi32(t, 23)));
    t = _mm256_add_epi32(y[c], y[b]);
    y[d] = _mm256_xor_si256(y[d], _mm256_or_si256(_mm256_slli_epi32(t, 13),
                                                  _mm256_srli_epi32(t, 19)));
    t = _mm256_add_epi32(y[d], y[c]);
    y[a] = _mm256_xor_si256(y[a], _mm256_or_si256(_mm256_slli_epi32(t, 18),
                                                  _mm256_srli_epi32(t, 14)));
}

/* Transposes the 8x8 matrix of 32-bit words w[0..7] (w[i] lane j: word i of block j) into
 * every other vector of out: out[2j] = words 0..7 of block j. */
MICROSALT_INLINE AVX2 void transpose8(__m256i *out, const __m256i w[8])
{
    __m256i t[8], u[8];
    unsigned i;
#pragma GCC unroll 16
    for (i = 0; i < 4; i++) {
        /* t[2i] lanes: w[2i][0], w[2i+1][0], w[2i][1], w[2i+1][1] | the same for 4, 5 */
        t[2 * i] = _mm256_unpacklo_epi32(w[2 * i], w[2 * i + 1]);
        t[2 * i + 1] = _mm256_unpackhi_epi32(w[2 * i], w[2 * i + 1]); /* 2, 3 | 6, 7 */
    }
#pragma GCC unroll 16
    for (i = 0; i < 2; i++) {
        /* u[4i + j]: words 4i..4i+3 of block j | of block j + 4 */
        u[4 * i] = _mm256_unpacklo_epi64(t[4 * i], t[4 * i + 2]);
        u[4 * i + 1] = _mm256_unpackhi_epi64(t[4 * i], t[4 * i + 2]);
        u[4 * i + 2] = _mm256_unpacklo_epi64(t[4 * i + 1], t[4 * i + 3]);
        u[4 * i + 3] = _mm256_unpackhi_epi64(t[4 * i + 1], t[4 * i + 3]);
    }
#pragma GCC unroll 16
    for (i = 0; i < 4; i++) {
        out[2 * i] = _mm256_permute2x128_si256(u[i], u[4 + i], 0x20);
        out[2 * (i + 4)] = _mm256_permute2x128_si256(u[i], u[4 + i], 0x31);
    }
}

/* ks = the eight keystream blocks from x's block counter on, in memory order (ks[2j] and
 * ks[2j + 1]: block j). */
MICROSALT_INLINE AVX2 void keystream8(__m256i ks[16], const uint32_t x[16])
{
    const __m256i lane = _mm256_setr_epi32(0, 1, 2, 3, 4, 5, 6, 7);
    const __m256i bias = _mm256_set1_epi32(-0x7fffffff - 1); /* for unsigned comparison */
    __m256i y[16], w8, w9, carry;
    unsigned i;

#pragma GCC unroll 16
    for (i = 0; i < 16; i++) {
        y[i] = _mm256_set1_epi32((int)x[i]);
    }
    /* The lanes' counters: w8 = x[8] + j, and its carry (j > w8 as unsigned numbers, all ones
     * in the lanes that wrapped) out of word 9. */
    w8 = _mm256_add_epi32(y[8], lane);
    carry = _mm256_cmpgt_epi32(_mm256_xor_si256(lane, bias), _mm256_xor_si256(w8, bias));
    w9 = _mm256_sub_epi32(y[9], carry);
    y[8] = w8;
    y[9] = w9;
    for (i = 0; i < 10; i++) {
        /* column round */
        quarterround(y, 0, 4, 8, 12);
        quarterround(y, 5, 9, 13, 1);
        quarterround(y, 10, 14, 2, 6);
        quarterround(y, 15, 3, 7, 11);
        /* row round */
        quarterround(y, 0, 1, 2, 3);
        quarterround(y, 5, 6, 7, 4);
        quarterround(y, 10, 11, 8, 9);
        quarterround(y, 15, 12, 13, 14);
    }
#pragma GCC unroll 16
    for (i = 0; i < 16; i++) {
        if (i == 8 || i == 9) {
            y[i] = _mm256_add_epi32(y[i], i == 8 ? w8 : w9);
        } else {
            y[i] = _mm256_add_epi32(y[i], _mm256_set1_epi32((int)x[i]));
        }
    }
    transpose8(ks, y);
    transpose8(ks + 1, y + 8);
}

/* n 32-byte pieces of c = m xor ks (c = ks when m is NULL). */
MICROSALT_INLINE AVX2 void xor_out(uint8_t *c, const uint8_t *m, const __m256i *ks, unsigned n)
{
    unsigned i;
#pragma GCC unroll 16
    for (i = 0; i < n; i++) {
        __m256i v = ks[i];
        if (m != NULL) {
            v = _mm256_xor_si256(
                v, _mm256_loadu_si256((const __m256i *)(const void *)(m + 32 * i)));
        }
        _mm256_storeu_si256((__m256i *)(void *)(c + 32 * i), v);
    }
}

/* Whole batches, then a last batch when more than one block is left: below that, the
 * portable one-block code is faster. */
AVX2 unsigned long long microsalt_salsa20_xor_avx2(uint8_t *c, const uint8_t *m,
                                                   unsigned long long len, uint32_t x[16])
{
    unsigned long long done = 0;

    for (; len - done >= BATCH; done += BATCH) {
        /* Kept in registers (and the compiler's spill slots), like the rounds' state. */
        __m256i ks[16];
        keystream8(ks, x);
        xor_out(c + done, m != NULL ? m + done : NULL, ks, 16);
        /* The 64-bit block counter; block numbers are public. */
        x[8] += 8;
        x[9] += (uint32_t)(x[8] < 8);
    }
    if (len - done > 64) {
        /* The last batch: its whole 32-byte pieces, then the bytes of a partial one. The
         * pieces' indices are constants after unrolling, so ks stays out of memory. */
        unsigned rest = (unsigned)(len - done), i;
        __m256i ks[16], tail = _mm256_setzero_si256();
        uint8_t piece[32];
        keystream8(ks, x);
        c += done;
        if (m != NULL) {
            m += done;
        }
#pragma GCC unroll 16
        for (i = 0; i < 16; i++) {
            if (32 * i + 32 <= rest) {
                xor_out(c + 32 * i, m != NULL ? m + 32 * i : NULL, ks + i, 1);
            } else if (32 * i < rest) {
                tail = ks[i];
            }
        }
        _mm256_storeu_si256((__m256i *)(void *)piece, tail);
        for (i = rest & ~31u; i < rest; i++) {
            c[i] = (uint8_t)(piece[i % 32] ^ (m != NULL ? m[i] : 0));
        }
        microsalt_wipe(piece, sizeof piece);
        done = len;
    }
    return done;
}

#endif
