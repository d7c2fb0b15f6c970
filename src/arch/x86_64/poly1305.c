/*
 * Poly1305 on x86-64 processors with AVX2: four blocks side by side. Lane j of the
 * accumulator takes blocks j, j + 4, j + 8, ... and is multiplied by r^4 between them, so
 * with n = 4k blocks, multiplying the lanes of the last step by r^4, r^3, r^2 and r instead
 * leaves block i (from 1) with the factor r^(n - i + 1) of Poly1305's h = sum m_i r^(n-i+1);
 * the lanes' sum is the accumulator. The vectors hold five 26-bit limbs per lane (bit 26i
 * in limb i) in 64-bit lanes, whose 32x32 -> 64-bit multiply (vpmuludq) is the portable
 * 26-bit code's (src/symmetric/poly1305.c). Multiplies, additions, shifts and masks only: constant time
 * as written.
 */
#include "common.h"
#include "kernels.h"
#include "poly1305.h"

#if MICROSALT_NATIVE_POLY1305_BLOCKS

#include <immintrin.h>

#define AVX2 __attribute__((target("avx2")))

#define M26 (((uint64_t)1 << 26) - 1)
#define M42 (((uint64_t)1 << 42) - 1)
#define M44 (((uint64_t)1 << 44) - 1)

/* l = the 26-bit limbs of the number with 44-bit limbs h (h0 < 2^44, h1 < 2^44 + 2^7,
 * h2 < 2^42: below 2^130 + 2^52). l0..l3 < 2^26, l4 < 2^26 + 1. */
MICROSALT_INLINE void to_limbs26(uint64_t l[5], const uint64_t h[3])
{
    uint64_t h1 = h[1] & M44, h2 = h[2] + (h[1] >> 44); /* h2 < 2^42 + 1 */
    l[0] = h[0] & M26;
    l[1] = ((h[0] >> 26) | (h1 << 18)) & M26;
    l[2] = (h1 >> 8) & M26;
    l[3] = ((h1 >> 34) | (h2 << 10)) & M26;
    l[4] = h2 >> 16;
}

/* The limbs of r^k times 5 supply the products at 2^130 and up (2^130 = 5 mod p). */
MICROSALT_INLINE AVX2 __m256i times5(__m256i x)
{
    return _mm256_add_epi64(x, _mm256_slli_epi64(x, 2));
}

/* h = (t r) mod p, partially reduced, lane by lane. On entry t_i < 2^27.01, r_i <= 2^26 and
 * s_i = 5 r_i < 2^28.33: every product is below 2^55.4 and every column sum d_i below 2^57.8.
 * On exit h1 < 2^26 + 2^9, h4 < 2^26 + 2^7 and the other limbs < 2^26. */
MICROSALT_INLINE AVX2 void mul_reduce(__m256i h[5], const __m256i t[5], const __m256i r[5],
                                      const __m256i s[5])
{
    const __m256i mask = _mm256_set1_epi64x((long long)M26);
    __m256i d0, d1, d2, d3, d4, c;

    d0 = _mm256_add_epi64(
        _mm256_add_epi64(_mm256_mul_epu32(t[0], r[0]), _mm256_mul_epu32(t[1], s[4])),
        _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(t[2], s[3]),
                                          _mm256_mul_epu32(t[3], s[2])),
                         _mm256_mul_epu32(t[4], s[1])));
    d1 = _mm256_add_epi64(
        _mm256_add_epi64(_mm256_mul_epu32(t[0], r[1]), _mm256_mul_epu32(t[1], r[0])),
        _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(t[2], s[4]),
                                          _mm256_mul_epu32(t[3], s[3])),
                         _mm256_mul_epu32(t[4], s[2])));
    d2 = _mm256_add_epi64(
        _mm256_add_epi64(_mm256_mul_epu32(t[0], r[2]), _mm256_mul_epu32(t[1], r[1])),
        _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(t[2], r[0]),
                                          _mm256_mul_epu32(t[3], s[4])),
                         _mm256_mul_epu32(t[4], s[3])));
    d3 = _mm256_add_epi64(
        _mm256_add_epi64(_mm256_mul_epu32(t[0], r[3]), _mm256_mul_epu32(t[1], r[2])),
        _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(t[2], r[1]),
                                          _mm256_mul_epu32(t[3], r[0])),
                         _mm256_mul_epu32(t[4], s[4])));
    d4 = _mm256_add_epi64(
        _mm256_add_epi64(_mm256_mul_epu32(t[0], r[4]), _mm256_mul_epu32(t[1], r[3])),
        _mm256_add_epi64(_mm256_add_epi64(_mm256_mul_epu32(t[2], r[2]),
                                          _mm256_mul_epu32(t[3], r[1])),
                         _mm256_mul_epu32(t[4], r[0])));

    /* Two carry chains side by side, 0 -> 1 -> 2 -> 3 and 3 -> 4 -> 0 -> 1, then 3 -> 4. */
    c = _mm256_srli_epi64(d0, 26); /* < 2^31.8 */
    d0 = _mm256_and_si256(d0, mask);
    d1 = _mm256_add_epi64(d1, c);
    c = _mm256_srli_epi64(d3, 26);
    d3 = _mm256_and_si256(d3, mask);
    d4 = _mm256_add_epi64(d4, c);

    c = _mm256_srli_epi64(d1, 26);
    d1 = _mm256_and_si256(d1, mask);
    d2 = _mm256_add_epi64(d2, c);
    c = _mm256_srli_epi64(d4, 26); /* < 2^31.9 */
    d4 = _mm256_and_si256(d4, mask);
    d0 = _mm256_add_epi64(d0, times5(c)); /* < 2^34.4 */

    c = _mm256_srli_epi64(d2, 26);
    d2 = _mm256_and_si256(d2, mask);
    d3 = _mm256_add_epi64(d3, c); /* < 2^32.1 */
    c = _mm256_srli_epi64(d0, 26); /* < 2^8.4 */
    h[0] = _mm256_and_si256(d0, mask);
    h[1] = _mm256_add_epi64(d1, c);

    c = _mm256_srli_epi64(d3, 26); /* < 2^6.1 */
    h[2] = d2;
    h[3] = _mm256_and_si256(d3, mask);
    h[4] = _mm256_add_epi64(d4, c);
}

/* t = h + the four blocks at m, block j in lane j' = 0, 2, 1, 3 (the order of unpacking two
 * 32-byte loads), each with its 2^128 pad bit. The blocks' limbs are below 2^26, and 2^25 for
 * limb 4 with its pad bit. */
MICROSALT_INLINE AVX2 void add_blocks(__m256i t[5], const __m256i h[5], const uint8_t *m)
{
    const __m256i mask = _mm256_set1_epi64x((long long)M26);
    const __m256i pad = _mm256_set1_epi64x((long long)1 << 24);
    __m256i a = _mm256_loadu_si256((const __m256i *)(const void *)m);
    __m256i b = _mm256_loadu_si256((const __m256i *)(const void *)(m + 32));
    __m256i lo = _mm256_unpacklo_epi64(a, b); /* bytes 0..7 of blocks 0, 2 | 1, 3 */
    __m256i hi = _mm256_unpackhi_epi64(a, b); /* bytes 8..15 */

    t[0] = _mm256_add_epi64(h[0], _mm256_and_si256(lo, mask));
    t[1] = _mm256_add_epi64(h[1], _mm256_and_si256(_mm256_srli_epi64(lo, 26), mask));
    t[2] = _mm256_add_epi64(
        h[2], _mm256_and_si256(_mm256_or_si256(_mm256_srli_epi64(lo, 52),
                                               _mm256_slli_epi64(hi, 12)),
                               mask));
    t[3] = _mm256_add_epi64(h[3], _mm256_and_si256(_mm256_srli_epi64(hi, 14), mask));
    t[4] = _mm256_add_epi64(h[4], _mm256_or_si256(_mm256_srli_epi64(hi, 40), pad));
}

/* Absorbs the nblocks full 16-byte blocks at m into h (the 44-bit accumulator of
 * poly1305.h, within its bounds between blocks); pw holds r^4, r^3, r^2 and r mod p in the
 * same form, three limbs each; nblocks is a positive multiple of 4. */
static AVX2 void poly1305_blocks_avx2(uint64_t h[3], const uint64_t pw[12], const uint8_t *m,
                                      size_t nblocks)
{
    /* The 26-bit limbs of r^4, r^3, r^2, r and h, wiped at the end. The vectors live in
     * registers and the compiler's spill slots, like the portable code's working state. */
    uint64_t l[5][5], c;
    __m256i r[5], s[5], v[5], t[5];
    unsigned i;

#pragma GCC unroll 5
    for (i = 0; i < 4; i++) {
        to_limbs26(l[i], pw + 3 * i);
    }
    to_limbs26(l[4], h);
#pragma GCC unroll 5
    for (i = 0; i < 5; i++) {
        r[i] = _mm256_set1_epi64x((long long)l[0][i]);
        s[i] = times5(r[i]);
        /* The accumulator joins the first block, in lane 0. */
        v[i] = _mm256_setr_epi64x((long long)l[4][i], 0, 0, 0);
    }
    for (; nblocks > 4; nblocks -= 4, m += 64) {
        add_blocks(t, v, m);
        mul_reduce(v, t, r, s);
    }
#pragma GCC unroll 5
    for (i = 0; i < 5; i++) {
        /* The lanes' powers in the last step: lanes 0, 1, 2, 3 hold blocks 0, 2, 1, 3. */
        r[i] = _mm256_setr_epi64x((long long)l[0][i], (long long)l[2][i], (long long)l[1][i],
                                  (long long)l[3][i]);
        s[i] = times5(r[i]);
    }
    add_blocks(t, v, m);
    mul_reduce(v, t, r, s);

    /* The lanes' sum, limb by limb (< 2^28.01), carried into 44-bit limbs. */
#pragma GCC unroll 5
    for (i = 0; i < 5; i++) {
        __m128i x = _mm_add_epi64(_mm256_castsi256_si128(v[i]),
                                  _mm256_extracti128_si256(v[i], 1));
        l[4][i] = (uint64_t)_mm_cvtsi128_si64(_mm_add_epi64(x, _mm_unpackhi_epi64(x, x)));
    }
    c = l[4][0] + (l[4][1] << 26); /* < 2^54.1 */
    h[0] = c & M44;
    c = (c >> 44) + (l[4][2] << 8) + (l[4][3] << 34); /* < 2^62.1 */
    h[1] = c & M44;
    c = (c >> 44) + (l[4][4] << 16); /* < 2^44.1 */
    h[2] = c & M42;
    h[0] += (c >> 42) * 5; /* c >> 42 <= 4 */
    h[1] += h[0] >> 44;    /* h1 < 2^44 + 1 */
    h[0] &= M44;
    microsalt_wipe(l, sizeof l);
}

/* Below this many blocks the AVX2 code's setup outweighs its speed. */
#define AVX2_MIN_BLOCKS 8

/* The kernel of poly1305.h: runs of full blocks, four at a time, in AVX2 when the CPU has it;
 * the rest, and a block without its pad bit, from the portable twin. */
void microsalt_poly1305_blocks(microsalt_poly1305_state *st, const uint8_t *m, size_t nblocks,
                               uint32_t hibit)
{
    if (hibit == 1 && nblocks >= AVX2_MIN_BLOCKS && microsalt_x86_64_avx2()) {
        size_t n = nblocks & ~(size_t)3;
        uint64_t pw[14];
        microsalt_poly1305_powers(pw, st->r);
        poly1305_blocks_avx2(st->h, pw, m, n);
        microsalt_wipe(pw, sizeof pw);
        m += 16 * n;
        nblocks -= n;
    }
    microsalt_poly1305_blocks_portable(st, m, nblocks, hibit);
}

#endif
