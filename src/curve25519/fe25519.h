/*
 * Arithmetic in GF(2^255 - 19), shared by X25519 and Ed25519.
 *
 * Three representations, one interface:
 *  - 64-bit hosts with a 128-bit product (__SIZEOF_INT128__): five 51-bit limbs in uint64_t
 *    (fe25519_64.h, fe25519_64.c);
 *  - everything else, and any build with MICROSALT_FE32 (the microcontroller path, also run on
 *    the host by the test suite): ten limbs of alternately 26 and 25 bits in int32_t, with
 *    32x32->64 products (fe25519_32.c);
 *  - packed, where the architecture's kernels.h (or the build, host-fepacked) defines
 *    MICROSALT_FE_PACKED: eight 32-bit words reduced mod 2^256 - 38, the layout of the field
 *    kernels (fe25519_packed.c holds their portable twins).
 *
 * Contract, for every representation:
 *  - every function accepts as input the output of any function here, including chains of
 *    fe_add/fe_sub/fe_neg results, and outputs may alias inputs;
 *  - fe_tobytes writes the canonical (fully reduced) little-endian encoding;
 *  - fe_frombytes ignores bit 255 and accepts non-canonical values (2^255-19 .. 2^255-1);
 *  - nothing branches or indexes on the values: all are constant time, and any value may be
 *    secret, except for fe_mul_public and fe_sq_public (below), which take public values only.
 * The representation-specific files state the limb bounds each function needs and produces.
 */
#ifndef MICROSALT_FE25519_H
#define MICROSALT_FE25519_H

#include <stdint.h>

#include "kernels.h"

#if defined(MICROSALT_FE_PACKED)
#undef MICROSALT_FE_PACKED
#define MICROSALT_FE_PACKED 1
/* v[i] is bits 32i..32i+31 of a value below 2^256, not necessarily below p. */
typedef struct {
    uint32_t v[8];
} fe25519;
#elif defined(__SIZEOF_INT128__) && !defined(MICROSALT_FE32)
#define MICROSALT_FE_PACKED 0
#define MICROSALT_FE64 1
typedef struct {
    uint64_t v[5];
} fe25519;
#else
#define MICROSALT_FE_PACKED 0
typedef struct {
    int32_t v[10];
} fe25519;
#endif

void microsalt_fe_frombytes(fe25519 *h, const uint8_t s[32]);
void microsalt_fe_tobytes(uint8_t s[32], const fe25519 *h);
void microsalt_fe_0(fe25519 *h);
void microsalt_fe_1(fe25519 *h);
void microsalt_fe_neg(fe25519 *h, const fe25519 *f);
/* h = f^(p-2) = 1/f (and 0 when f = 0). A kernel (docs/kernels.md) whose twin is Fermat's
 * exponentiation; MICROSALT_NATIVE_FE_INVERT switches on a binary GCD (packed layout only:
 * the Cortex-M0 and M3's src/arch/armv6m/fe_invert.c). */
void microsalt_fe_invert_portable(fe25519 *h, const fe25519 *f);
#if MICROSALT_NATIVE_FE_INVERT
void microsalt_fe_invert(fe25519 *h, const fe25519 *f);
#else
#define microsalt_fe_invert microsalt_fe_invert_portable
#endif
/* h = f^((p-5)/8), the exponent of the square-root step of Ed25519 point decoding. */
void microsalt_fe_pow22523(fe25519 *h, const fe25519 *f);
/* h = f^(2^n), n >= 1 (public): the squaring chains of the exponentiations. A kernel
 * (docs/kernels.md) in every representation, whose twin calls fe_sq n times;
 * MICROSALT_NATIVE_FE_SQN switches on a native loop (the Cortex-M4's in
 * src/arch/armv7em/x25519_ladder.S). */
void microsalt_fe_sqn_portable(fe25519 *h, const fe25519 *f, unsigned n);
#if MICROSALT_NATIVE_FE_SQN
void microsalt_fe_sqn(fe25519 *h, const fe25519 *f, unsigned n);
#else
#define microsalt_fe_sqn microsalt_fe_sqn_portable
#endif
/* 1 when the canonical encoding of f is odd (its "sign" in RFC 8032), else 0. */
uint32_t microsalt_fe_isnegative(const fe25519 *f);
/* 1 when f = 0 mod p, else 0. */
uint32_t microsalt_fe_iszero(const fe25519 *f);

/*
 * The operations the ladder and the point formulas repeat thousands of times. The 64-bit
 * representation defines them as inline functions in fe25519_64.h (see there why); the 32-bit
 * one out of line in fe25519_32.c, with these declarations.
 *
 * In the packed representation they are the field kernels (docs/kernels.md). Contract of
 * every kernel, native or C: inputs are any eight words (0 <= value < 2^256), outputs are
 * below 2^256 and congruent to the result mod p, not necessarily mod 2^256 - 38 (the twins'
 * are) nor below p (fe_freeze's is); outputs may alias inputs; every
 * operand may be secret, so the work never depends on the values. The portable twins
 * microsalt_fe_<op>_portable are in fe25519_packed.c; MICROSALT_NATIVE_FE_<OP> in the
 * architecture's kernels.h switches a native one on.
 *
 * fe_mul_public and fe_sq_public: h = f g and h = f^2 for public operands only (point
 * decoding and verification), so they may take time that depends on the values (the
 * Cortex-M3's UMULL, whose latency does). Otherwise fe_mul's and fe_sq's contract: any eight
 * words in, below 2^256 out, congruent mod p, outputs may alias inputs; their twins are
 * fe_mul's and fe_sq's. Kernels in the packed layout only; elsewhere, and without a native
 * one, fe_mul and fe_sq themselves.
 */
#ifdef MICROSALT_FE64
#include "fe25519_64.h"
#elif MICROSALT_FE_PACKED
/* h = f + g, f - g, f g, f^2, 121666 f (mod 2^256 - 38). */
void microsalt_fe_add_portable(fe25519 *h, const fe25519 *f, const fe25519 *g);
void microsalt_fe_sub_portable(fe25519 *h, const fe25519 *f, const fe25519 *g);
void microsalt_fe_mul_portable(fe25519 *h, const fe25519 *f, const fe25519 *g);
void microsalt_fe_sq_portable(fe25519 *h, const fe25519 *f);
void microsalt_fe_mul121666_portable(fe25519 *h, const fe25519 *f);
/* b is 0 or 1: swap f and g when b == 1. */
void microsalt_fe_cswap_portable(fe25519 *f, fe25519 *g, uint32_t b);
/* h = f mod p, fully reduced (below p). */
void microsalt_fe_freeze_portable(fe25519 *h, const fe25519 *f);

#if MICROSALT_NATIVE_FE_ADD
void microsalt_fe_add(fe25519 *h, const fe25519 *f, const fe25519 *g);
#else
#define microsalt_fe_add microsalt_fe_add_portable
#endif
#if MICROSALT_NATIVE_FE_SUB
void microsalt_fe_sub(fe25519 *h, const fe25519 *f, const fe25519 *g);
#else
#define microsalt_fe_sub microsalt_fe_sub_portable
#endif
#if MICROSALT_NATIVE_FE_MUL
void microsalt_fe_mul(fe25519 *h, const fe25519 *f, const fe25519 *g);
#else
#define microsalt_fe_mul microsalt_fe_mul_portable
#endif
#if MICROSALT_NATIVE_FE_SQ
void microsalt_fe_sq(fe25519 *h, const fe25519 *f);
#else
#define microsalt_fe_sq microsalt_fe_sq_portable
#endif
/* The public kernels (see above): without a native one, fe_mul and fe_sq themselves, whose
 * twins are theirs too. */
#if MICROSALT_NATIVE_FE_MUL_PUBLIC
void microsalt_fe_mul_public(fe25519 *h, const fe25519 *f, const fe25519 *g);
#else
#define microsalt_fe_mul_public microsalt_fe_mul
#endif
#define microsalt_fe_mul_public_portable microsalt_fe_mul_portable
#if MICROSALT_NATIVE_FE_SQ_PUBLIC
void microsalt_fe_sq_public(fe25519 *h, const fe25519 *f);
#else
#define microsalt_fe_sq_public microsalt_fe_sq
#endif
#define microsalt_fe_sq_public_portable microsalt_fe_sq_portable
#if MICROSALT_NATIVE_FE_MUL121666
void microsalt_fe_mul121666(fe25519 *h, const fe25519 *f);
#else
#define microsalt_fe_mul121666 microsalt_fe_mul121666_portable
#endif
#if MICROSALT_NATIVE_FE_CSWAP
void microsalt_fe_cswap(fe25519 *f, fe25519 *g, uint32_t b);
#else
#define microsalt_fe_cswap microsalt_fe_cswap_portable
#endif
#if MICROSALT_NATIVE_FE_FREEZE
void microsalt_fe_freeze(fe25519 *h, const fe25519 *f);
#else
#define microsalt_fe_freeze microsalt_fe_freeze_portable
#endif
#else
void microsalt_fe_add(fe25519 *h, const fe25519 *f, const fe25519 *g);
void microsalt_fe_sub(fe25519 *h, const fe25519 *f, const fe25519 *g);
void microsalt_fe_mul(fe25519 *h, const fe25519 *f, const fe25519 *g);
void microsalt_fe_sq(fe25519 *h, const fe25519 *f);
/* h = f * 121666, the constant (A + 2) / 4 of the Montgomery ladder (RFC 7748 uses a24 =
 * 121665 with a different grouping; both are fine). */
void microsalt_fe_mul121666(fe25519 *h, const fe25519 *f);
/* b is 0 or 1: swap f and g when b == 1. */
void microsalt_fe_cswap(fe25519 *f, fe25519 *g, uint32_t b);
#endif
#if !MICROSALT_FE_PACKED
/* No public kernels outside the packed layout (see above). */
#define microsalt_fe_mul_public microsalt_fe_mul
#define microsalt_fe_sq_public microsalt_fe_sq
#endif

#endif
