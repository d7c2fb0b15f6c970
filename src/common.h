/*
 * Shared internals: byte-order-independent loads and stores, the constant-time helpers and
 * wiping. The constant-time helpers live here and only here; each states its contract.
 *
 * Every helper routes its mask through a value barrier: without it, compilers that see a mask
 * built from a 0/1 value may turn `(a & m) | (b & ~m)` back into a branch or a skip instruction
 * (avr-gcc 5.4 does), which would leak the secret bit through timing.
 */
#ifndef MICROSALT_COMMON_H
#define MICROSALT_COMMON_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "microsalt.h"

#if defined(__GNUC__) || defined(__clang__)
#define MICROSALT_INLINE static inline __attribute__((always_inline))
#else
#define MICROSALT_INLINE static inline
#endif

/* ---- Value barriers: the compiler must treat the result as an unknown value. -------- */
#if defined(__GNUC__) || defined(__clang__)
MICROSALT_INLINE uint32_t ct_barrier_u32(uint32_t x)
{
    __asm__("" : "+r"(x));
    return x;
}
MICROSALT_INLINE uint8_t ct_barrier_u8(uint8_t x)
{
    __asm__("" : "+r"(x));
    return x;
}
#else
MICROSALT_INLINE uint32_t ct_barrier_u32(uint32_t x)
{
    volatile uint32_t v = x;
    return v;
}
MICROSALT_INLINE uint8_t ct_barrier_u8(uint8_t x)
{
    volatile uint8_t v = x;
    return v;
}
#endif

/* ---- Masks, selection, swap. ---------------------------------------------------------- */

/* b is 0 or 1. Returns 0 when b == 0 and 0xFFFFFFFF when b == 1. */
MICROSALT_INLINE uint32_t ct_mask_u32(uint32_t b)
{
    return (uint32_t)0 - ct_barrier_u32(b);
}

/* b is 0 or 1. Returns 0 when b == 0 and 0xFF when b == 1. */
MICROSALT_INLINE uint8_t ct_mask_u8(uint8_t b)
{
    return (uint8_t)((uint8_t)0 - ct_barrier_u8(b));
}

/* b is 0 or 1. Returns x when b == 1 and y when b == 0. */
MICROSALT_INLINE uint32_t ct_select_u32(uint32_t b, uint32_t x, uint32_t y)
{
    uint32_t m = ct_mask_u32(b);
    return y ^ (m & (x ^ y));
}

/* Any x. Returns 1 when x == 0 and 0 otherwise. */
MICROSALT_INLINE uint32_t ct_is_zero_u32(uint32_t x)
{
    return 1 ^ (ct_barrier_u32(x | ((uint32_t)0 - x)) >> 31);
}

/* Returns 1 when x == y and 0 otherwise. */
MICROSALT_INLINE uint32_t ct_eq_u32(uint32_t x, uint32_t y)
{
    return ct_is_zero_u32(x ^ y);
}

/* b is 0 or 1. Copies src over dst (n bytes) when b == 1; leaves dst alone when b == 0. */
MICROSALT_INLINE void ct_cmov_bytes(uint8_t *dst, const uint8_t *src, size_t n, uint8_t b)
{
    uint8_t m = ct_mask_u8(b);
    size_t i;
    for (i = 0; i < n; i++) {
        dst[i] ^= (uint8_t)(m & (dst[i] ^ src[i]));
    }
}

/* Returns 0 when x[0..n) == y[0..n) and -1 otherwise, reading every byte. */
MICROSALT_INLINE int ct_compare_bytes(const uint8_t *x, const uint8_t *y, size_t n)
{
    uint32_t d = 0;
    size_t i;
    for (i = 0; i < n; i++) {
        d |= (uint32_t)(x[i] ^ y[i]);
    }
    /* d < 256: ct_is_zero_u32(d) is 1 on equality; map 1 -> 0 and 0 -> -1. */
    return (int)ct_is_zero_u32(d) - 1;
}

/* ---- Declassification for the valgrind constant-time test. ---------------------------
 * The test marks secrets undefined and fails on any branch or index that depends on them.
 * A few results are public by design although computed from secrets: whether a tag verified
 * (the caller learns it from the return value) and whether a shared point was all zeros.
 * ct_declassify states that at the one place where the code branches on such a result. It is
 * empty except in the test's MICROSALT_CT_TESTING build. */
#ifdef MICROSALT_CT_TESTING
#include <valgrind/memcheck.h>
#define ct_declassify(p, n) ((void)VALGRIND_MAKE_MEM_DEFINED((p), (n)))
#else
#define ct_declassify(p, n) ((void)0)
#endif

/* ---- Wiping. -------------------------------------------------------------------------- */

/* Zeroes n bytes in a way the compiler may not drop as a dead store. */
void microsalt_wipe(void *p, size_t n);

/* ---- Little- and big-endian loads and stores, independent of the host's byte order. ---- */

MICROSALT_INLINE uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

MICROSALT_INLINE void store32_le(uint8_t *p, uint32_t x)
{
    p[0] = (uint8_t)x;
    p[1] = (uint8_t)(x >> 8);
    p[2] = (uint8_t)(x >> 16);
    p[3] = (uint8_t)(x >> 24);
}

MICROSALT_INLINE uint64_t load64_le(const uint8_t *p)
{
    return (uint64_t)load32_le(p) | ((uint64_t)load32_le(p + 4) << 32);
}

MICROSALT_INLINE void store64_le(uint8_t *p, uint64_t x)
{
    store32_le(p, (uint32_t)x);
    store32_le(p + 4, (uint32_t)(x >> 32));
}

MICROSALT_INLINE uint64_t load64_be(const uint8_t *p)
{
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) |
           ((uint64_t)p[3] << 32) | ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) |
           ((uint64_t)p[6] << 8) | (uint64_t)p[7];
}

MICROSALT_INLINE void store64_be(uint8_t *p, uint64_t x)
{
    int i;
    for (i = 7; i >= 0; i--) {
        p[i] = (uint8_t)x;
        x >>= 8;
    }
}

#endif
