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

#include "kernels.h"
#include "microsalt.h"

#if defined(__GNUC__) || defined(__clang__)
#define MICROSALT_INLINE static inline __attribute__((always_inline))
#else
#define MICROSALT_INLINE static inline
#endif

/* On a static function that some builds do not call (src/curve25519/ge25519_formulas.h): no
 * warning, and still no code when unused. */
#if defined(__GNUC__) || defined(__clang__)
#define MICROSALT_UNUSED __attribute__((unused))
#else
#define MICROSALT_UNUSED
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

/* Unrolls the loop that follows n times on compilers that take the request (GCC 8 and later,
 * clang): for short loops over a local array that unrolled code keeps in registers. */
#if (defined(__GNUC__) && __GNUC__ >= 8) || defined(__clang__)
#define MICROSALT_PRAGMA(text) _Pragma(#text)
#define MICROSALT_UNROLL(n) MICROSALT_PRAGMA(GCC unroll n)
#else
#define MICROSALT_UNROLL(n)
#endif

/* Tables the word-wise readers below may assume 4-byte aligned: MICROSALT_ALIGN4 on the
 * definition, MICROSALT_ASSUME_ALIGNED4 on the pointer, so that a compiler that knows neither
 * where the table lies nor its alignment still reads whole words (the Cortex-M0, which faults
 * on unaligned words, otherwise reads bytes). */
#if defined(__GNUC__) || defined(__clang__)
#define MICROSALT_ALIGN4 __attribute__((aligned(4)))
#define MICROSALT_ASSUME_ALIGNED4(p) __builtin_assume_aligned((p), 4)
#else
#define MICROSALT_ALIGN4
#define MICROSALT_ASSUME_ALIGNED4(p) (p)
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

/* Any x. Returns bit 31 of x (0 or 1).
 * Not simply x >> 31: avr-gcc 5.4 compiles that to `clr; sbrc; inc`, a skip on the secret bit
 * (equal cycles, different paths). Shifting the top byte, kept opaque by a barrier, gives
 * `rol; clr; rol` on AVR and a plain shift elsewhere. */
MICROSALT_INLINE uint32_t ct_msb_u32(uint32_t x)
{
    uint8_t top = ct_barrier_u8((uint8_t)(x >> 24));
    return (uint32_t)(uint8_t)(top >> 7);
}

/* Any x. Returns 1 when x == 0 and 0 otherwise. */
MICROSALT_INLINE uint32_t ct_is_zero_u32(uint32_t x)
{
    return 1 ^ ct_msb_u32(ct_barrier_u32(x | ((uint32_t)0 - x)));
}

/* Returns 1 when x == y and 0 otherwise. */
MICROSALT_INLINE uint32_t ct_eq_u32(uint32_t x, uint32_t y)
{
    return ct_is_zero_u32(x ^ y);
}

/* Any x, y. Returns 0xFFFFFFFF when x < y (unsigned) and 0 otherwise: the borrow of x - y.
 * 32-bit cores get it as the high word of the 64-bit difference (subtract, subtract with
 * carry: no branch; the target constant-time checks confirm it per core); avr-gcc would call
 * libgcc's 64-bit subtract and shift there, so AVR computes the borrow bit from the operands'
 * top bits instead. */
MICROSALT_INLINE uint32_t ct_lt_mask_u32(uint32_t x, uint32_t y)
{
#if defined(__AVR__)
    return ct_mask_u32(ct_msb_u32((~x & y) | (~(x ^ y) & (x - y))));
#else
    return (uint32_t)(((uint64_t)ct_barrier_u32(x) - y) >> 32);
#endif
}

/* Any a, b. Returns the carry out of a + b (0 or 1), without a comparison that a compiler
 * could turn into a branch: HChaCha20 and HSalsa20 put secret input where the stream's block
 * counter is. */
MICROSALT_INLINE uint32_t ct_add_carry_u32(uint32_t a, uint32_t b)
{
    uint32_t sum = a + b;
    return ct_msb_u32((a & b) | ((a | b) & ~sum));
}

/* Any a, b; carry < 2^16. Sets *r to the low word of a + b + carry and returns the carry out,
 * 0 or 1. 32-bit cores add with carry; AVR adds in 16-bit halves, because avr-gcc expands
 * 64-bit arithmetic into hundreds of bytes a use. No comparison either way. */
MICROSALT_INLINE uint32_t ct_adc_u32(uint32_t *r, uint32_t a, uint32_t b, uint32_t carry)
{
#if defined(__AVR__)
    uint32_t lo = (a & 0xFFFF) + (b & 0xFFFF) + carry;
    uint32_t hi = (a >> 16) + (b >> 16) + (lo >> 16);
    *r = (lo & 0xFFFF) | (hi << 16);
    return hi >> 16;
#else
    uint64_t sum = (uint64_t)a + b + carry;
    *r = (uint32_t)sum;
    return (uint32_t)(sum >> 32);
#endif
}

/* Any a, b; borrow 0 or 1. Sets *r to the low word of a - b - borrow and returns the borrow
 * out, 0 or 1, as ct_adc_u32 does its carry: on AVR each 16-bit half's difference is above
 * -2^17, so its bit 31 is its borrow; elsewhere bit 63 of the 64-bit difference is. */
MICROSALT_INLINE uint32_t ct_sbb_u32(uint32_t *r, uint32_t a, uint32_t b, uint32_t borrow)
{
#if defined(__AVR__)
    uint32_t lo = (a & 0xFFFF) - (b & 0xFFFF) - borrow;
    uint32_t hi = (a >> 16) - (b >> 16) - ct_msb_u32(lo);
    *r = (lo & 0xFFFF) | (hi << 16);
    return ct_msb_u32(hi);
#else
    uint64_t d = (uint64_t)a - b - borrow;
    *r = (uint32_t)d;
    return ct_msb_u32((uint32_t)(d >> 32));
#endif
}

/* Keystream blocks the portable Salsa20 and ChaCha code computes side by side: four on 64-bit
 * hosts, where compilers turn the loops over the lanes into SIMD instructions, one on the
 * microcontrollers, where the lane loops vanish. */
#if UINTPTR_MAX > 0xFFFFFFFFu
#define MICROSALT_LANES 4
#else
#define MICROSALT_LANES 1
#endif

/* ---- Widening multiplication. -------------------------------------------------------- */

/* Any a, b. Returns a * b as 64 bits, without the 64-bit multiply that the compiler would
 * call for (uint64_t)a * b. Four 16x16->32 products, combined in 16-bit pieces so no
 * intermediate sum overflows 32 bits: mid_lo < 3 * 2^16 and mid_hi < 2^17 + 3. */
MICROSALT_INLINE uint64_t ct_mul32x32_64_portable(uint32_t a, uint32_t b)
{
    uint32_t a_lo = a & 0xffff, a_hi = a >> 16, b_lo = b & 0xffff, b_hi = b >> 16;
    uint32_t lo = a_lo * b_lo, hi = a_hi * b_hi, m1 = a_lo * b_hi, m2 = a_hi * b_lo;
    uint32_t mid_lo = (m1 & 0xffff) + (m2 & 0xffff) + (lo >> 16);
    uint32_t mid_hi = (m1 >> 16) + (m2 >> 16) + (mid_lo >> 16);
    return ((uint64_t)(hi + mid_hi) << 32) | ((lo & 0xffff) | (mid_lo << 16));
}

/* Any a, b. Returns a * b as 64 bits in time independent of a and b.
 * The compilers' own 32x32->64 multiplication is not constant time on every core: libgcc's
 * AVR helper (__umulsidi3 via __muldi3_6) and its Cortex-M0 helper (__aeabi_lmul) branch on
 * carries, and the Cortex-M3's UMULL/SMULL/UMLAL/SMLAL terminate early on small operands.
 * The architecture's kernels.h says which applies (docs/kernels.md): AVR has a straight-line
 * assembly kernel (the C twin above makes avr-gcc call a looping 64-bit shift); M0 and M3
 * declare MICROSALT_MUL64_VARIABLE_TIME and use the C twin, whose 32-bit MULs take a fixed
 * time; the M4's UMULL and 64-bit hosts' multipliers are constant time. */
#if MICROSALT_NATIVE_MUL32X32_64
uint64_t microsalt_mul32x32_64(uint32_t a, uint32_t b); /* src/arch/avr/mul32x32_64.S */
#define ct_mul32x32_64 microsalt_mul32x32_64
#elif MICROSALT_MUL64_VARIABLE_TIME
#define ct_mul32x32_64 ct_mul32x32_64_portable
#else
MICROSALT_INLINE uint64_t ct_mul32x32_64(uint32_t a, uint32_t b)
{
    return (uint64_t)a * b;
}
#endif

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

/* ---- Constant data kept in flash. -----------------------------------------------------
 * avr-gcc copies plain const data into RAM at start-up, and an ATmega328P has 2 KB of it:
 * tables are declared MICROSALT_FLASH and read through these helpers, which use the AVR's
 * program-memory loads there and plain reads elsewhere. The addresses read are public (round
 * numbers, whole-table scans), so they are free to depend on them. */
#if defined(__AVR__)
#include <avr/pgmspace.h>
#define MICROSALT_FLASH PROGMEM
MICROSALT_INLINE void flash_read(void *dst, const void *src, size_t n)
{
    memcpy_P(dst, src, n);
}
MICROSALT_INLINE uint32_t flash_u32(const uint32_t *p)
{
    return pgm_read_dword(p);
}
#else
#define MICROSALT_FLASH
MICROSALT_INLINE void flash_read(void *dst, const void *src, size_t n)
{
    memcpy(dst, src, n);
}
MICROSALT_INLINE uint32_t flash_u32(const uint32_t *p)
{
    return *p;
}
#endif
/* The n bytes of flash data at p, readable as RAM: copied into buf on AVR, p itself elsewhere
 * (no copy where flash is ordinary memory). */
MICROSALT_INLINE const uint8_t *flash_view(uint8_t *buf, const uint8_t *p, size_t n)
{
#if defined(__AVR__)
    flash_read(buf, p, n);
    return buf;
#else
    (void)buf;
    (void)n;
    return p;
#endif
}
MICROSALT_INLINE uint64_t flash_u64(const uint64_t *p)
{
    uint64_t v;
    flash_read(&v, p, sizeof v);
    return v;
}

/* ---- Wiping. -------------------------------------------------------------------------- */

/* Zeroes n bytes in a way the compiler may not drop as a dead store. Inline on 32- and 64-bit
 * targets, where the compiler turns the memset of a small constant size (every wipe of a
 * local) into a few word stores instead of a call to the C library's byte loop; a call on
 * AVR, where flash is the scarcer resource, and on ARMv6-M built for speed, where the
 * compiler cannot assume a byte array aligned and calls newlib's memset (109 cycles for 64
 * bytes; common.c's word stores take 71). */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__AVR__) &&                       \
    !(defined(__GNUC__) && defined(__ARM_ARCH_6M__) && !defined(__OPTIMIZE_SIZE__))
MICROSALT_INLINE void microsalt_wipe(void *p, size_t n)
{
    /* The empty asm claims to read the memory, so the compiler must keep the memset. */
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}
#else
void microsalt_wipe(void *p, size_t n);
#endif

/* Zeroes n words, n a multiple of 4, as microsalt_wipe does bytes, for a state wiped after
 * every call: where microsalt_wipe is a call (on the Cortex-M0, to common.c's word stores,
 * which take 71 cycles for 64 bytes, newlib's memset 109), four word stores a pass inline
 * (sixteen words: 52). Builds for size keep the call, which is shorter. */
#if (defined(__GNUC__) || defined(__clang__)) && !defined(__AVR__) && !defined(__OPTIMIZE_SIZE__)
MICROSALT_INLINE void microsalt_wipe_words(uint32_t *w, size_t n)
{
    uint32_t zero = 0;
    size_t i;
    /* An opaque zero, so that the compiler cannot turn the loop back into memset. */
    __asm__("" : "+r"(zero));
    for (i = 0; i < n; i += 4) {
        w[i] = w[i + 1] = w[i + 2] = w[i + 3] = zero;
    }
    __asm__ __volatile__("" : : "r"(w) : "memory");
}
#else
#define microsalt_wipe_words(w, n) microsalt_wipe((w), 4 * (n))
#endif

/* ---- Little- and big-endian loads and stores, independent of the host's byte order. ---- */

/* Rotations by a public, fixed amount: 0 < n < 32 (a shift by 32 is undefined). */
MICROSALT_INLINE uint32_t rotl32(uint32_t x, unsigned n)
{
    return (x << n) | (x >> (32 - n));
}

MICROSALT_INLINE uint32_t rotr32(uint32_t x, unsigned n)
{
    return (x >> n) | (x << (32 - n));
}

MICROSALT_INLINE uint32_t load32_le(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

/* w[i] = load32_le(p + 4 i) for i < n, the keys, nonces and constants that set up a state.
 * A core without unaligned word loads (ARMv6-M) takes four byte loads a word in load32_le;
 * there an aligned p, the usual case, takes word loads instead: a branch on p's address,
 * which is public. */
MICROSALT_INLINE void load32_le_words(uint32_t *w, const uint8_t *p, size_t n)
{
    size_t i;
#if defined(__GNUC__) && defined(__arm__) && !defined(__ARM_FEATURE_UNALIGNED) && \
    defined(__BYTE_ORDER__) && __BYTE_ORDER__ == __ORDER_LITTLE_ENDIAN__
    if (((uintptr_t)p & 3) == 0) {
        const uint8_t *q = (const uint8_t *)__builtin_assume_aligned(p, 4);
        /* Unrolled: a counted loop's increment, test and branch cost more than its word's
         * load and store (Poly1305's key: 36 cycles looped, 16 unrolled). */
#pragma GCC unroll 8
        for (i = 0; i < n; i++) {
            uint32_t v;
            memcpy(&v, q + 4 * i, 4);
            /* Opaque to the compiler, so that the loop stays word loads instead of becoming
             * a call of the C library's memcpy, several times slower at these sizes. */
            __asm__("" : "+r"(v));
            w[i] = v;
        }
        return;
    }
#endif
    for (i = 0; i < n; i++) {
        w[i] = load32_le(p + 4 * i);
    }
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
#if MICROSALT_BYTE_REGISTERS
    /* A byte a step: avr-gcc expands the eight shifted terms below into some 300 bytes a
     * use. */
    uint64_t x = 0;
    int i;
    for (i = 0; i < 8; i++) {
        x = (x << 8) | p[i];
    }
    return x;
#else
    return ((uint64_t)p[0] << 56) | ((uint64_t)p[1] << 48) | ((uint64_t)p[2] << 40) |
           ((uint64_t)p[3] << 32) | ((uint64_t)p[4] << 24) | ((uint64_t)p[5] << 16) |
           ((uint64_t)p[6] << 8) | (uint64_t)p[7];
#endif
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
