/*
 * The Salsa20 kernel (src/symmetric/salsa20.h) on x86-64 processors with AVX2: eight blocks at
 * a time. Register i
 * holds word i of the eight blocks (lane j: block j), so the rounds are the portable code's
 * operations (src/symmetric/salsa20.c), each done on eight blocks by one instruction; a transposition
 * then turns the lanes back into blocks. Additions, xors, shifts and shuffles by fixed
 * amounts only: constant time as written.
 */
#include "common.h"
#include "kernels.h"
#include "salsa20.h"

#if MICROSALT_NATIVE_SALSA20_BLOCKS

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

/* n 32-byte pieces of c = m xor ks. */
MICROSALT_INLINE AVX2 void xor_out(uint8_t *c, const uint8_t *m, const __m256i *ks, unsigned n)
{
    unsigned i;
#pragma GCC unroll 16
    for (i = 0; i < n; i++) {
        __m256i v = _mm256_xor_si256(
            ks[i], _mm256_loadu_si256((const __m256i *)(const void *)(m + 32 * i)));
        _mm256_storeu_si256((__m256i *)(void *)(c + 32 * i), v);
    }
}

/* x's 64-bit block counter moved on by n blocks; x may be secret (salsa20.h). */
MICROSALT_INLINE void advance(uint32_t x[16], uint32_t n)
{
    x[9] += ct_add_carry_u32(x[8], n);
    x[8] += n;
}

/* The kernel of salsa20.h: whole batches of eight blocks, then a last batch when more than
 * one block is left (its blocks' 32-byte pieces are whole, and their indices constants after
 * unrolling, so ks stays out of memory); one block, and every block on a CPU without AVX2,
 * from the portable twin, which is faster for a single block. */
static AVX2 void salsa20_blocks_avx2(uint8_t *c, const uint8_t *m, size_t nblocks,
                                     uint32_t x[16])
{
    for (; nblocks >= 8; nblocks -= 8, c += BATCH, m += BATCH) {
        /* Kept in registers (and the compiler's spill slots), like the rounds' state. */
        __m256i ks[16];
        keystream8(ks, x);
        xor_out(c, m, ks, 16);
        advance(x, 8);
    }
    if (nblocks > 1) {
        __m256i ks[16];
        unsigned i;
        keystream8(ks, x);
#pragma GCC unroll 16
        for (i = 0; i < 16; i++) {
            if (i < 2 * nblocks) xor_out(c + 32 * i, m + 32 * i, ks + i, 1);
        }
        advance(x, (uint32_t)nblocks);
        nblocks = 0;
    }
    if (nblocks == 1) microsalt_salsa20_blocks_portable(c, m, 1, x);
}

void microsalt_salsa20_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t x[16])
{
    if (nblocks > 1 && microsalt_x86_64_avx2()) {
        salsa20_blocks_avx2(c, m, nblocks, x);
    } else {
        microsalt_salsa20_blocks_portable(c, m, nblocks, x);
    }
}

#endif
