/*
 * ntrulpr761's internals, shared by the files of src/ntrulpr761/ (one concern each: modq.c,
 * sort.c, codec.c, hash.c, aes_pub.c, aes_ct.c, rq.c, rq_mul.c and rq_mul_ref.c for the two
 * variants of the multiplication by the generator, kem.c): the parameters, the small helpers
 * every file inlines, and the functions one file gives another.
 *
 * Architecture properties come from the architecture's kernels.h (docs/kernels.md):
 * MICROSALT_ARM_DSP (the Cortex-M4's SMLAD, SADD16, PKHBT and fixed-time UMULL),
 * MICROSALT_MUL16_VARIABLE_TIME (AVR: signed 16-bit products go through libgcc routines that
 * branch on the signs), MICROSALT_FEW_REGISTERS (AVR, Cortex-M0) and MICROSALT_BYTE_REGISTERS
 * (AVR).
 */
#ifndef MICROSALT_NTRULPR761_INTERNAL_H
#define MICROSALT_NTRULPR761_INTERNAL_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common.h"
#include "ntrulpr761.h"

#define P 761
#define Q 4591
#define Q12 2295 /* (q - 1) / 2 */
#define W 250
#define TAU0 2156
#define TAU1 114
#define TAU2 2007
#define TAU3 287
#define NI 256 /* I: bits of the plaintext */

#define SEEDS_BYTES 32
#define SMALL_BYTES ((P + 3) / 4) /* 191 */
#define ROUNDED_BYTES 1007
#define TOP_BYTES (NI / 2)
#define INPUTS_BYTES (NI / 8)
#define HASH_BYTES 32
#define PK_BYTES (SEEDS_BYTES + ROUNDED_BYTES)
#define CT_INNER_BYTES (ROUNDED_BYTES + TOP_BYTES)
#define CT_BYTES (CT_INNER_BYTES + HASH_BYTES)
#define SK_BYTES (SMALL_BYTES + PK_BYTES + INPUTS_BYTES + HASH_BYTES)
#define RMOD ((Q + 2) / 3) /* 1531: the range of a rounded coefficient divided by 3 */
#define NBLOCKS ((4 * P + 15) / 16) /* AES blocks of one Expand: 191 */

#if defined(__GNUC__) || defined(__clang__)
#define NOINLINE __attribute__((noinline))
#else
#define NOINLINE
#endif

/* 1 when x < 0, else 0. */
MICROSALT_INLINE uint32_t is_negative(int32_t x)
{
    return ct_msb_u32((uint32_t)x);
}

/* |x| < 2^21. The quotient estimate round(x * 914 / 2^22) is within 0.7 of x / q (914 / 2^22
 * exceeds 1/q by a factor 1.00045, so the error is below 0.2 for |x| < 2^21), hence the
 * remainder lies in (-q, q) and one masked correction each way centres it. The offset
 * 2^31 makes the shifted quantity non-negative, so no signed shift is needed. The barrier
 * hides that x is often a sign-extended 16-bit value: knowing it, avr-gcc multiplies through
 * libgcc's __usmulhisi3, which branches on the sign. */
MICROSALT_INLINE int16_t fq_freeze_inline(int32_t x)
{
    uint32_t t = ct_barrier_u32((uint32_t)x) * 914u + 0x80200000u; /* x*914 + 2^21 + 2^31 */
    int32_t quot = (int32_t)(t >> 22) - 512;
    int32_t r = x - quot * Q;
    r += (int32_t)(Q & ct_mask_u32(is_negative(r + Q12)));  /* r < -Q12: add q */
    r -= (int32_t)(Q & ct_mask_u32(is_negative(Q12 - r)));  /* r > Q12: subtract q */
    return (int16_t)r;
}

/* The same out of line (modq.c; ntrulpr761.h states its contract), what most callers use; the
 * reference variant's lazy reduction, 96,000 calls per multiplication, takes the inline one. */
#define fq_freeze microsalt_ntrulpr761_fq_freeze

/* x in [-Q12, Q12]. Returns R in [0, 1530] with 3R - Q12 = Round(x), the multiple of 3
 * nearest to x: u = x + Q12 (Q12 is a multiple of 3), d = floor(u / 3) by a multiply
 * (21846 / 2^16 exceeds 1/3 by less than 0.05 / 4590), t = u mod 3 in {0, 1, 2}; t = 2
 * rounds up. */
MICROSALT_INLINE uint16_t round3_index(int16_t x)
{
    uint32_t u = (uint32_t)((int32_t)x + Q12);
    uint32_t d = (u * 21846u) >> 16;
    uint32_t t = u - 3 * d;
    return (uint16_t)(d + (t >> 1));
}

/* Top(C) for C in [-Q12, Q12]: (tau1 (C + tau0) + 2^14) >> 15, in [0, 15], computed as
 * tau1 (C + Q12) + (2^14 + tau1 (tau0 - Q12)) = tau1 (C + Q12) + 538 so that both factors are
 * unsigned: avr-gcc multiplies a signed 16-bit C through libgcc's __usmulhisi3, which
 * branches on its sign. */
MICROSALT_INLINE uint8_t top(int16_t c)
{
    uint32_t v = (uint32_t)TAU1 * (uint16_t)(c + Q12) + (16384 - TAU1 * (Q12 - TAU0));
    return (uint8_t)(v >> 15);
}

/* Right(T) = Fq_freeze(tau3 T - tau2). */
MICROSALT_INLINE int16_t right(uint8_t t)
{
    return fq_freeze((int32_t)TAU3 * t - TAU2);
}

/* A small coefficient (-1, 0 or 1) as the multiplication reads it: one byte, or on cores with
 * the DSP extension (Cortex-M4) 16 bits, so that pairs of them feed SMLAD (prod_coeff). */
#if MICROSALT_ARM_DSP
#include <arm_acle.h>
typedef int16_t small_t;
#else
typedef int8_t small_t;
#endif

/* Where encoded bytes go (codec.c, kem.c): written out, or compared with a ciphertext. */
typedef struct {
    uint8_t *out;       /* write here, or */
    const uint8_t *cmp; /* compare with here (out == NULL), accumulating into diff */
    uint16_t pos;
    uint8_t diff;
} sink_t;

MICROSALT_INLINE void sink_put(sink_t *s, uint8_t b)
{
    if (s->out) {
        s->out[s->pos] = b;
    } else {
        s->diff |= (uint8_t)(b ^ s->cmp[s->pos]);
    }
    s->pos++;
}

/* G_i from the word L_i: (L_i mod q) - Q12, reduced without division (2^16 = 1262 mod q).
 * G is public; this is constant time anyway. */
MICROSALT_INLINE int16_t generator_coeff(uint32_t L)
{
    uint32_t x = (L >> 16) * 1262u + (L & 0xffffu); /* < 82.8e6 */
    int16_t r;
    x = (x >> 16) * 1262u + (x & 0xffffu);          /* < 1.66e6 < 2^21 */
    r = fq_freeze((int32_t)x);
    r = (int16_t)(r + (int16_t)(Q & ct_mask_u32(is_negative(r)))); /* [0, q) */
    return (int16_t)(r - Q12);
}

/* x * y for a small y in {-1, 0, 1}. The native multiply where it takes a fixed time; on AVR
 * a product of two signed values goes through libgcc's __mulhisi3, which branches on the
 * signs, so there y's two bits select x, -x or 0 through masks (behind a value barrier). */
MICROSALT_INLINE int32_t small_times(int16_t x, int8_t y)
{
#if MICROSALT_MUL16_VARIABLE_TIME
    uint16_t nonzero = (uint16_t)-(uint16_t)ct_barrier_u8((uint8_t)(y & 1));
    uint16_t negative = (uint16_t)-(uint16_t)ct_barrier_u8((uint8_t)((uint8_t)y >> 7));
    return (int16_t)((((uint16_t)x ^ negative) - negative) & nonzero);
#else
    return (int32_t)x * y;
#endif
}

#if MICROSALT_ARM_DSP
/* Two consecutive 16-bit values as one word (an LDR: the M4 allows it unaligned). */
MICROSALT_INLINE uint32_t load2x16(const int16_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}
#endif

/* The dot product sum_{m < n} x_m y_m, a kernel (docs/kernels.md; the twin in rq.c, the
 * Cortex-M4's SMLAD one in src/arch/armv7em/ntrulpr761_dot.c). Contract: n <= P, |x_m| <=
 * Q12, y_m in {-1, 0, 1}; returns the exact sum (|.| <= P Q12 < 2^21). x and y need no
 * alignment. Both may be secret (y is a secret small polynomial): the work depends on n
 * only. */
int32_t microsalt_ntrulpr761_dot_portable(const int16_t *x, const small_t *y, uint16_t n);
#if MICROSALT_NATIVE_NTRULPR761_DOT
int32_t microsalt_ntrulpr761_dot(const int16_t *x, const small_t *y, uint16_t n);
#else
#define microsalt_ntrulpr761_dot microsalt_ntrulpr761_dot_portable
#endif

/* Coefficients 0, 1, 2, ... of X * s in R/q, one per call, unreduced. With P_t the plain
 * product, x^t for t >= p folds into x^(t-p+1) + x^(t-p), so c_k = P_k + P_(k+p) +
 * P_(k+p-1) (the last for k >= 1); P_(k+p) is kept for the next k, so every P_t is computed
 * once. Each s_j enters at most two of the three terms: |c_k| <= 2 w Q12 < 2^21, within
 * fq_freeze's range (and still with r Q12 or Right(T) + 4w + 1 added). */
typedef struct {
    const int16_t *X;
    const small_t *s; /* reversed: see prod_coeff */
    int32_t prev; /* P_(k+p-1) for the next k */
    uint16_t k;
} mul_iter;

/* The Karatsuba multiplication of rq_mul.c (32-bit cores): leaves of KL coefficients. */
#define KL 96         /* leaf operand length */
#define KPAD (8 * KL) /* 768 >= p */
#define KBPAD 4       /* zeros on each side of the s operand (see kara_leaf) */

/* |x| <= 2096216. Returns x mod q in [-2384, 2384].
 * On the M4: u = x + 457 q + Q12 in [0, 2^23); quot = floor(u * 935519 / 2^32) by UMULL (one
 * cycle, fixed time, on the M4) exceeds u / q by less than 0.0008 (935519 / 2^32 exceeds 1/q
 * by a factor 1.0000004), so it is floor(u / q) or one more when u / q is within 0.0008 below
 * an integer: u - quot q lies in [-4, q), the result in [-2299, 2295].
 * Elsewhere (32-bit multiplies only, fixed time on every core; no UMULL, which the M3 ends
 * early): u = x + 457 q in [0, 2^22); the estimate ((u >> 5) * 29235 + 2^21) >> 22 is within
 * 0.5 + 0.0193 of u / q (29235 / 2^17 exceeds 1/q by a factor 1.0000137, u / q <= 914:
 * 0.0126; the dropped low 5 bits: 31 / q), so the remainder is within 0.5193 q.
 * (u >> 5) * 29235 + 2^21 < 2^17 * 29235 + 2^21 < 2^32. */
MICROSALT_INLINE int16_t fq_reduce(int32_t x)
{
#if MICROSALT_ARM_DSP
    uint32_t u = (uint32_t)(x + (457 * Q + Q12));
    uint32_t quot = (uint32_t)(((uint64_t)u * 935519u) >> 32);
    return (int16_t)((int32_t)(u - quot * Q) - Q12);
#else
    uint32_t u = (uint32_t)(x + 457 * (int32_t)Q);
    uint32_t quot = (((u >> 5) * 29235u) + ((uint32_t)1 << 21)) >> 22;
    return (int16_t)(int32_t)(u - quot * Q);
#endif
}

#if MICROSALT_ARM_DSP
MICROSALT_INLINE void store2x16(int16_t *p, uint32_t v)
{
    memcpy(p, &v, sizeof v);
}

/* The low halfword of lo and the high one of hi: one PKHBT, which gcc does not emit for
 * (lo & 0xffff) | (hi & 0xffff0000) (four instructions). */
MICROSALT_INLINE uint32_t pack_lo_hi(uint32_t lo, uint32_t hi)
{
    uint32_t t;
    __asm__("pkhbt %0, %1, %2" : "=r"(t) : "r"(lo), "r"(hi));
    return t;
}
#endif

/* The Karatsuba leaf, a kernel (docs/kernels.md; the twin in rq_leaf.c, the Cortex-M4's
 * SMLAD one in src/arch/armv7em/ntrulpr761_kara_leaf.c). Contract: r = a b, the 2 KL - 1
 * coefficients of the product of a (KL coefficients) and the KL coefficients at b, each
 * reduced mod q into [-2384, 2384] (any representative: fq_reduce's range differs between
 * cores), and r[2 KL - 1] = 0. The KBPAD entries before b and after b + KL are zeros, which
 * a kernel may read. Bounds: |a_i| <= 4590, |b_j| <= 8, and |b_j| <= 2 where some |a_i| >
 * 2384. r overlaps neither. a and b may be secret (b is a slice sum of the secret s): the
 * work is the same for every input. */
void microsalt_ntrulpr761_kara_leaf_portable(int16_t r[2 * KL], const int16_t a[KL],
                                            const small_t *b);
#if MICROSALT_NATIVE_NTRULPR761_KARA_LEAF
void microsalt_ntrulpr761_kara_leaf(int16_t r[2 * KL], const int16_t a[KL], const small_t *b);
#else
#define microsalt_ntrulpr761_kara_leaf microsalt_ntrulpr761_kara_leaf_portable
#endif

/* sort.c */
#define short_fromlist microsalt_ntrulpr761_short_fromlist
void short_fromlist(uint8_t out[SMALL_BYTES], uint32_t L[P]);
/* codec.c */
#define small_unpack microsalt_ntrulpr761_small_unpack
#define rounded_encode microsalt_ntrulpr761_rounded_encode
#define rounded_decode microsalt_ntrulpr761_rounded_decode
void small_unpack(small_t s[P], const uint8_t in[SMALL_BYTES], int rev);
void rounded_encode(sink_t *s, uint16_t R[P]);
void rounded_decode(uint16_t R[P], const uint8_t *S);
/* hash.c */
#define hash_prefix2 microsalt_ntrulpr761_hash_prefix2
#define hash_with_r microsalt_ntrulpr761_hash_with_r
void hash_prefix2(uint8_t out[32], uint8_t b, const uint8_t *x, uint16_t xlen, const uint8_t *y,
                  uint16_t ylen);
void hash_with_r(uint8_t out[32], uint8_t b, const uint8_t r_enc[INPUTS_BYTES], const uint8_t *y,
                 uint16_t ylen);
/* aes_pub.c: AES-256 with a public key (the seed S): the key schedule and one counter block. */
#define aes256_pub_schedule microsalt_ntrulpr761_aes256_pub_schedule
#define aes256_pub_ctr_block microsalt_ntrulpr761_aes256_pub_ctr_block
void aes256_pub_schedule(uint8_t rk[240], const uint8_t key[32]);
void aes256_pub_ctr_block(uint8_t out[16], const uint8_t rk[240], uint16_t ctr);
/* aes_ct.c: Expand for a secret key, in constant time. */
#define expand_ct microsalt_ntrulpr761_expand_ct
void expand_ct(uint32_t L[P], const uint8_t key[32]);
/* rq.c */
#define mul_iter_init microsalt_ntrulpr761_mul_iter_init
#define mul_iter_next microsalt_ntrulpr761_mul_iter_next
void mul_iter_init(mul_iter *it, const int16_t X[P], const small_t sr[P]);
int32_t mul_iter_next(mul_iter *it);
/* The KEM's two variants differ only in the multiplication by the generator:
 * microsalt_ntrulpr761_mul_generator (rq_mul.c) and microsalt_ntrulpr761_ref_mul_generator
 * (rq_mul_ref.c), both declared in ntrulpr761.h. */
typedef void (*microsalt_ntrulpr761_mul_generator_fn)(int16_t c[P], const uint8_t seed[32],
                                                      const uint8_t s_enc[SMALL_BYTES]);

#endif
