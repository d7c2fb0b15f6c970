/*
 * ntrulpr761: the NTRU LPRime key-encapsulation mechanism of NTRU Prime round 3
 * (p = 761, q = 4591, w = 250, tau0..3 = 2156, 114, 2007, 287, I = 256), byte-exact with
 * the specification "NTRU Prime: round 3" (2020) and its KAT.
 *
 * Layout: pk = S (32-byte seed) | Rounded_encode(A);  sk = Small_encode(a) | pk | rho | Hash4(pk);
 *         ct = Rounded_encode(B) | Top_encode(T) | HashConfirm.
 *
 * Memory: no malloc, no VLAs. The largest object is the 761-word list that the sorting
 * network turns into a short polynomial (3044 bytes); the generator G is never stored: its
 * coefficients are produced 4 at a time by AES-256-CTR inside the multiplication, and only
 * the 256 coefficients of b*A and a*B that the scheme uses are computed. Each phase lives
 * in its own non-inlined function so that the large arrays of different phases share stack.
 *
 * Constant time: everything derived from a, b, r or rho is handled with branch-free,
 * index-free code (the sorting network, the masks of common.h, Barrett-style reduction by
 * multiplication, the streamed ciphertext comparison). Decode only ever sees public bytes
 * (pk, ct) and may divide. AES-256-CTR runs with two kinds of key: the public seed S
 * (Generator; a table-based AES is fine there) and Hash5(r), derived from the secret
 * plaintext (HashShort; a bitsliced constant-time AES is used there). See the AES section.
 *
 * Two variants of the multiplication by the generator G, identical in output: by default G is
 * stored (1522 bytes of stack) and each product coefficient is one 32-bit dot product; with
 * NTRULPR761_REFERENCE (src/ntrulpr761_ref.c compiles this file again so, under internal
 * names, for the tests and the lab) G is streamed row by row and never stored.
 */
#include <stddef.h>
#include <stdint.h>
#include <string.h>

#include "common.h"
#include "ntrulpr761.h"
#include "sha512.h"

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

typedef char ntrulpr761_sizes_ok[(PK_BYTES == crypto_kem_ntrulpr761_PUBLICKEYBYTES &&
                                  SK_BYTES == crypto_kem_ntrulpr761_SECRETKEYBYTES &&
                                  CT_BYTES == crypto_kem_ntrulpr761_CIPHERTEXTBYTES)
                                     ? 1
                                     : -1];

/* ======================================================================================
 * Arithmetic mod q and mod 3, constant time.
 * ====================================================================================== */

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
int16_t microsalt_ntrulpr761_fq_freeze(int32_t x)
{
    uint32_t t = ct_barrier_u32((uint32_t)x) * 914u + 0x80200000u; /* x*914 + 2^21 + 2^31 */
    int32_t quot = (int32_t)(t >> 22) - 512;
    int32_t r = x - quot * Q;
    r += (int32_t)(Q & ct_mask_u32(is_negative(r + Q12)));  /* r < -Q12: add q */
    r -= (int32_t)(Q & ct_mask_u32(is_negative(Q12 - r)));  /* r > Q12: subtract q */
    return (int16_t)r;
}
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

/* ======================================================================================
 * Constant-time sorting network: Batcher's merge exchange (Knuth, TAOCP 5.2.2,
 * Algorithm M), valid for any n. The comparator schedule depends on n only.
 * ====================================================================================== */

MICROSALT_INLINE void minmax_u32(uint32_t *a, uint32_t *b)
{
    uint32_t x = *a, y = *b;
    uint32_t s = (x ^ y) & ct_lt_mask_u32(y, x);
    *a = x ^ s;
    *b = y ^ s;
}

void microsalt_ntrulpr761_sort_u32(uint32_t *x, uint16_t n)
{
    uint16_t t = 0, p, q, r, d, i, b;
    if (n < 2) return;
    while (((uint16_t)1 << t) < n) t++;
    for (p = (uint16_t)(1u << (t - 1)); p > 0; p >>= 1) {
        q = (uint16_t)(1u << (t - 1));
        r = 0;
        d = p;
        for (;;) {
            /* The i with (i & p) == r (r is 0 or p) form runs of p, every 2p from r. */
            for (b = r; b + d < n; b = (uint16_t)(b + 2 * p)) {
                uint16_t end = (uint16_t)(b + p < n - d ? b + p : n - d);
                for (i = b; i < end; i++) minmax_u32(&x[i], &x[i + d]);
            }
            if (q == p) break;
            d = (uint16_t)(q - p);
            q >>= 1;
            r = p;
        }
    }
}

/* Short_fromlist: the w first words become even (their bit 1 will give +-1), the others
 * get low bits 01 (giving 0); sorting shuffles them; the low two bits of each sorted word
 * are the coefficient plus one, which is exactly Small_encode's 2-bit digit. Writes the
 * encoding (SMALL_BYTES bytes). */
static void short_fromlist(uint8_t out[SMALL_BYTES], uint32_t L[P])
{
    uint16_t i;
    for (i = 0; i < W; i++) L[i] &= ~(uint32_t)1;
    for (i = W; i < P; i++) L[i] = (L[i] & ~(uint32_t)3) | 1;
    microsalt_ntrulpr761_sort_u32(L, P);
    memset(out, 0, SMALL_BYTES);
    for (i = 0; i < P; i++) out[i >> 2] |= (uint8_t)((L[i] & 3) << (2 * (i & 3)));
}

/* A small coefficient (-1, 0 or 1) as the multiplication reads it: one byte, or on cores with
 * the DSP extension (Cortex-M4) 16 bits, so that pairs of them feed SMLAD (prod_coeff). */
#if defined(__ARM_FEATURE_DSP)
#include <arm_acle.h>
typedef int16_t small_t;
#else
typedef int8_t small_t;
#endif

/* Small_decode into coefficients -1, 0, 1 (the 2-bit digit minus one); rev: in reverse
 * order (s[p - 1 - i] = coefficient i), the form prod_coeff takes. */
static void small_unpack(small_t s[P], const uint8_t in[SMALL_BYTES], int rev)
{
    uint16_t i;
    for (i = 0; i < P; i++) {
        s[rev ? P - 1 - i : i] = (small_t)(((in[i >> 2] >> (2 * (i & 3))) & 3) - 1);
    }
}

/* ======================================================================================
 * AES-256 in counter mode: Expand(k) = the first 4p bytes of AES-256-CTR under key k with
 * a zero 16-byte initial counter block, incremented as a 128-bit big-endian integer.
 *
 * Two implementations:
 *  - a table-based one (S-box lookups indexed by state bytes) for the generator, whose key
 *    is the public seed S: every value it handles is public (the coefficients of G are part
 *    of what anyone can compute from pk), so data-dependent table indices leak nothing;
 *  - a bitsliced constant-time one for HashShort, whose key Hash5(r) is derived from the
 *    secret plaintext r: no table lookups, no branches on data.
 * ====================================================================================== */

static const uint8_t aes_sbox[256] MICROSALT_FLASH = {
    0x63, 0x7c, 0x77, 0x7b, 0xf2, 0x6b, 0x6f, 0xc5, 0x30, 0x01, 0x67, 0x2b,
    0xfe, 0xd7, 0xab, 0x76, 0xca, 0x82, 0xc9, 0x7d, 0xfa, 0x59, 0x47, 0xf0,
    0xad, 0xd4, 0xa2, 0xaf, 0x9c, 0xa4, 0x72, 0xc0, 0xb7, 0xfd, 0x93, 0x26,
    0x36, 0x3f, 0xf7, 0xcc, 0x34, 0xa5, 0xe5, 0xf1, 0x71, 0xd8, 0x31, 0x15,
    0x04, 0xc7, 0x23, 0xc3, 0x18, 0x96, 0x05, 0x9a, 0x07, 0x12, 0x80, 0xe2,
    0xeb, 0x27, 0xb2, 0x75, 0x09, 0x83, 0x2c, 0x1a, 0x1b, 0x6e, 0x5a, 0xa0,
    0x52, 0x3b, 0xd6, 0xb3, 0x29, 0xe3, 0x2f, 0x84, 0x53, 0xd1, 0x00, 0xed,
    0x20, 0xfc, 0xb1, 0x5b, 0x6a, 0xcb, 0xbe, 0x39, 0x4a, 0x4c, 0x58, 0xcf,
    0xd0, 0xef, 0xaa, 0xfb, 0x43, 0x4d, 0x33, 0x85, 0x45, 0xf9, 0x02, 0x7f,
    0x50, 0x3c, 0x9f, 0xa8, 0x51, 0xa3, 0x40, 0x8f, 0x92, 0x9d, 0x38, 0xf5,
    0xbc, 0xb6, 0xda, 0x21, 0x10, 0xff, 0xf3, 0xd2, 0xcd, 0x0c, 0x13, 0xec,
    0x5f, 0x97, 0x44, 0x17, 0xc4, 0xa7, 0x7e, 0x3d, 0x64, 0x5d, 0x19, 0x73,
    0x60, 0x81, 0x4f, 0xdc, 0x22, 0x2a, 0x90, 0x88, 0x46, 0xee, 0xb8, 0x14,
    0xde, 0x5e, 0x0b, 0xdb, 0xe0, 0x32, 0x3a, 0x0a, 0x49, 0x06, 0x24, 0x5c,
    0xc2, 0xd3, 0xac, 0x62, 0x91, 0x95, 0xe4, 0x79, 0xe7, 0xc8, 0x37, 0x6d,
    0x8d, 0xd5, 0x4e, 0xa9, 0x6c, 0x56, 0xf4, 0xea, 0x65, 0x7a, 0xae, 0x08,
    0xba, 0x78, 0x25, 0x2e, 0x1c, 0xa6, 0xb4, 0xc6, 0xe8, 0xdd, 0x74, 0x1f,
    0x4b, 0xbd, 0x8b, 0x8a, 0x70, 0x3e, 0xb5, 0x66, 0x48, 0x03, 0xf6, 0x0e,
    0x61, 0x35, 0x57, 0xb9, 0x86, 0xc1, 0x1d, 0x9e, 0xe1, 0xf8, 0x98, 0x11,
    0x69, 0xd9, 0x8e, 0x94, 0x9b, 0x1e, 0x87, 0xe9, 0xce, 0x55, 0x28, 0xdf,
    0x8c, 0xa1, 0x89, 0x0d, 0xbf, 0xe6, 0x42, 0x68, 0x41, 0x99, 0x2d, 0x0f,
    0xb0, 0x54, 0xbb, 0x16,
};
#if defined(__AVR__)
#define SBOX(x) pgm_read_byte(&aes_sbox[(x)])
#else
#define SBOX(x) aes_sbox[(x)]
#endif

MICROSALT_INLINE uint8_t xtime(uint8_t x)
{
    return (uint8_t)((x << 1) ^ (0x1b & (uint8_t)(0 - (x >> 7))));
}

/* ---- Table-based AES-256 (public keys and data only). --------------------------------- */

static void aes256_pub_schedule(uint8_t rk[240], const uint8_t key[32])
{
    uint8_t rcon = 1, t[4], tmp;
    uint8_t i;
    memcpy(rk, key, 32);
    for (i = 8; i < 60; i++) {
        memcpy(t, rk + 4 * (i - 1), 4);
        if ((i & 7) == 0) {
            tmp = t[0];
            t[0] = (uint8_t)(SBOX(t[1]) ^ rcon);
            t[1] = SBOX(t[2]);
            t[2] = SBOX(t[3]);
            t[3] = SBOX(tmp);
            rcon = xtime(rcon);
        } else if ((i & 7) == 4) {
            t[0] = SBOX(t[0]);
            t[1] = SBOX(t[1]);
            t[2] = SBOX(t[2]);
            t[3] = SBOX(t[3]);
        }
        rk[4 * i + 0] = (uint8_t)(rk[4 * (i - 8) + 0] ^ t[0]);
        rk[4 * i + 1] = (uint8_t)(rk[4 * (i - 8) + 1] ^ t[1]);
        rk[4 * i + 2] = (uint8_t)(rk[4 * (i - 8) + 2] ^ t[2]);
        rk[4 * i + 3] = (uint8_t)(rk[4 * (i - 8) + 3] ^ t[3]);
    }
}

/* Encrypts the counter block whose last two bytes are the big-endian ctr (the others zero:
 * Expand never needs more than 191 blocks). State byte 4c + r is row r of column c. */
static void aes256_pub_ctr_block(uint8_t out[16], const uint8_t rk[240], uint16_t ctr)
{
    uint8_t s[16], u[16];
    uint8_t round, c, i;
    for (i = 0; i < 16; i++) s[i] = rk[i];
    s[14] ^= (uint8_t)(ctr >> 8);
    s[15] ^= (uint8_t)ctr;
    for (round = 1; round <= 14; round++) {
        /* SubBytes and ShiftRows: row r moves left by r columns. */
        for (c = 0; c < 4; c++) {
            u[4 * c + 0] = SBOX(s[4 * c + 0]);
            u[4 * c + 1] = SBOX(s[4 * ((c + 1) & 3) + 1]);
            u[4 * c + 2] = SBOX(s[4 * ((c + 2) & 3) + 2]);
            u[4 * c + 3] = SBOX(s[4 * ((c + 3) & 3) + 3]);
        }
        if (round < 14) {
            for (c = 0; c < 4; c++) {
                uint8_t a0 = u[4 * c], a1 = u[4 * c + 1], a2 = u[4 * c + 2], a3 = u[4 * c + 3];
                uint8_t t = (uint8_t)(a0 ^ a1 ^ a2 ^ a3);
                u[4 * c + 0] = (uint8_t)(a0 ^ t ^ xtime((uint8_t)(a0 ^ a1)));
                u[4 * c + 1] = (uint8_t)(a1 ^ t ^ xtime((uint8_t)(a1 ^ a2)));
                u[4 * c + 2] = (uint8_t)(a2 ^ t ^ xtime((uint8_t)(a2 ^ a3)));
                u[4 * c + 3] = (uint8_t)(a3 ^ t ^ xtime((uint8_t)(a3 ^ a0)));
            }
        }
        for (i = 0; i < 16; i++) s[i] = (uint8_t)(u[i] ^ rk[16 * round + i]);
    }
    memcpy(out, s, 16);
}

/* ---- Bitsliced constant-time AES-256 (secret keys). -----------------------------------
 * Two blocks at once: bit j of plane word x[k] is bit k of byte j, bytes 0..15 being the
 * first block and 16..31 the second; byte 4c + r of a block is row r of column c. The S-box
 * is the inverse in GF(2^8) = GF(2)[t]/(t^8 + t^4 + t^3 + t + 1), computed as x^254 with
 * bitsliced multiplications and squarings, followed by the affine map. */

/* The AES S-box on 32 bytes at once, in place: a straight-line circuit of 178 AND/XOR gates
 * (about a quarter of the x^254 square-and-multiply it replaces), derived with a tower field:
 * GF(2^8) = GF(16)[y]/(y^2 + y + 8) over GF(16) = GF(2)[z]/(z^4 + z + 1). An input byte is
 * mapped linearly to h y + l (h, l in GF(16)); its inverse is (h y + h + l) / N with the norm
 * N = 8 h^2 + h l + l^2; 1/N is each bit's algebraic normal form in N's bits (0 maps to 0, as
 * the S-box needs); the GF(16) products use two levels of Karatsuba; the map back to the AES
 * basis is merged with the S-box's affine map (its constant 0x63 is the four NOTs). The linear
 * maps share common XOR pairs (Paar's greedy method). Checked on all 256 inputs when derived,
 * and by the KAT. Only AND, XOR and NOT: constant time. */
static void sbox_bs(uint32_t x[8])
{
    uint32_t t1 = x[1] ^ x[4];
    uint32_t t2 = t1 ^ x[6];
    uint32_t t3 = x[3] ^ x[5];
    uint32_t t4 = x[5] ^ x[7];
    uint32_t t5 = x[0] ^ x[3];
    uint32_t t6 = t3 ^ x[4];
    uint32_t t7 = t2 ^ t3;
    uint32_t t8 = x[3] ^ x[6];
    uint32_t t9 = t8 ^ x[7];
    uint32_t t10 = t4 ^ x[1];
    uint32_t t11 = x[2] ^ x[3];
    uint32_t t12 = t2 ^ x[7];
    uint32_t t13 = t11 ^ t12;
    uint32_t t14 = t13 ^ t4;
    uint32_t t15 = t10 ^ t12;
    uint32_t t16 = t15 ^ t4;
    uint32_t t17 = t5 ^ t7;
    uint32_t t18 = t6 ^ t9;
    uint32_t t19 = t12 ^ t17;
    uint32_t t20 = t14 ^ t7;
    uint32_t t21 = t11 ^ t18;
    uint32_t t22 = t16 ^ t9;
    uint32_t t23 = t10 & t5;
    uint32_t t24 = t11 & t6;
    uint32_t t25 = (t10 ^ t11) & (t5 ^ t6);
    uint32_t t26 = t25 ^ t23;
    uint32_t t27 = t26 ^ t24;
    uint32_t t28 = t12 & t7;
    uint32_t t29 = t4 & t9;
    uint32_t t30 = (t12 ^ t4) & (t7 ^ t9);
    uint32_t t31 = t30 ^ t28;
    uint32_t t32 = t31 ^ t29;
    uint32_t t33 = t10 ^ t12;
    uint32_t t34 = t11 ^ t4;
    uint32_t t35 = t5 ^ t7;
    uint32_t t36 = t6 ^ t9;
    uint32_t t37 = t33 & t35;
    uint32_t t38 = t34 & t36;
    uint32_t t39 = (t33 ^ t34) & (t35 ^ t36);
    uint32_t t40 = t39 ^ t37;
    uint32_t t41 = t40 ^ t38;
    uint32_t t42 = t37 ^ t23;
    uint32_t t43 = t42 ^ t28;
    uint32_t t44 = t41 ^ t27;
    uint32_t t45 = t44 ^ t32;
    uint32_t t46 = t38 ^ t24;
    uint32_t t47 = t46 ^ t29;
    uint32_t t48 = t24 ^ t43;
    uint32_t t49 = t47 ^ t28;
    uint32_t t50 = t23 ^ t49;
    uint32_t t51 = t27 ^ t49;
    uint32_t t52 = t51 ^ t32;
    uint32_t t53 = t48 ^ t32;
    uint32_t t54 = t53 ^ t29;
    uint32_t t55 = t45 ^ t29;
    uint32_t t56 = t19 ^ t50;
    uint32_t t57 = t20 ^ t52;
    uint32_t t58 = t21 ^ t54;
    uint32_t t59 = t22 ^ t55;
    uint32_t t60 = t56 & t58;
    uint32_t t61 = t57 & t58;
    uint32_t t62 = t56 & t57;
    uint32_t t63 = t62 & t58;
    uint32_t t64 = t61 & t59;
    uint32_t t65 = t56 ^ t57;
    uint32_t t66 = t65 ^ t58;
    uint32_t t67 = t66 ^ t60;
    uint32_t t68 = t67 ^ t61;
    uint32_t t69 = t68 ^ t63;
    uint32_t t70 = t69 ^ t59;
    uint32_t t71 = t70 ^ t64;
    uint32_t t72 = t57 & t59;
    uint32_t t73 = t62 & t59;
    uint32_t t74 = t62 ^ t60;
    uint32_t t75 = t74 ^ t61;
    uint32_t t76 = t75 ^ t59;
    uint32_t t77 = t76 ^ t72;
    uint32_t t78 = t77 ^ t73;
    uint32_t t79 = t56 & t59;
    uint32_t t80 = t60 & t59;
    uint32_t t81 = t62 ^ t58;
    uint32_t t82 = t81 ^ t60;
    uint32_t t83 = t82 ^ t59;
    uint32_t t84 = t83 ^ t79;
    uint32_t t85 = t84 ^ t80;
    uint32_t t86 = t58 & t59;
    uint32_t t87 = t57 ^ t58;
    uint32_t t88 = t87 ^ t59;
    uint32_t t89 = t88 ^ t79;
    uint32_t t90 = t89 ^ t72;
    uint32_t t91 = t90 ^ t86;
    uint32_t t92 = t91 ^ t64;
    uint32_t t93 = t10 ^ t5;
    uint32_t t94 = t11 ^ t6;
    uint32_t t95 = t12 ^ t7;
    uint32_t t96 = t4 ^ t9;
    uint32_t t97 = t10 & t71;
    uint32_t t98 = t11 & t78;
    uint32_t t99 = (t10 ^ t11) & (t71 ^ t78);
    uint32_t t100 = t99 ^ t97;
    uint32_t t101 = t100 ^ t98;
    uint32_t t102 = t12 & t85;
    uint32_t t103 = t4 & t92;
    uint32_t t104 = (t12 ^ t4) & (t85 ^ t92);
    uint32_t t105 = t104 ^ t102;
    uint32_t t106 = t105 ^ t103;
    uint32_t t107 = t10 ^ t12;
    uint32_t t108 = t11 ^ t4;
    uint32_t t109 = t71 ^ t85;
    uint32_t t110 = t78 ^ t92;
    uint32_t t111 = t107 & t109;
    uint32_t t112 = t108 & t110;
    uint32_t t113 = (t107 ^ t108) & (t109 ^ t110);
    uint32_t t114 = t113 ^ t111;
    uint32_t t115 = t114 ^ t112;
    uint32_t t116 = t111 ^ t97;
    uint32_t t117 = t116 ^ t102;
    uint32_t t118 = t115 ^ t101;
    uint32_t t119 = t118 ^ t106;
    uint32_t t120 = t112 ^ t98;
    uint32_t t121 = t120 ^ t103;
    uint32_t t122 = t98 ^ t117;
    uint32_t t123 = t121 ^ t102;
    uint32_t t124 = t97 ^ t123;
    uint32_t t125 = t101 ^ t123;
    uint32_t t126 = t125 ^ t106;
    uint32_t t127 = t122 ^ t106;
    uint32_t t128 = t127 ^ t103;
    uint32_t t129 = t119 ^ t103;
    uint32_t t130 = t93 & t71;
    uint32_t t131 = t94 & t78;
    uint32_t t132 = (t93 ^ t94) & (t71 ^ t78);
    uint32_t t133 = t132 ^ t130;
    uint32_t t134 = t133 ^ t131;
    uint32_t t135 = t95 & t85;
    uint32_t t136 = t96 & t92;
    uint32_t t137 = (t95 ^ t96) & (t85 ^ t92);
    uint32_t t138 = t137 ^ t135;
    uint32_t t139 = t138 ^ t136;
    uint32_t t140 = t93 ^ t95;
    uint32_t t141 = t94 ^ t96;
    uint32_t t142 = t71 ^ t85;
    uint32_t t143 = t78 ^ t92;
    uint32_t t144 = t140 & t142;
    uint32_t t145 = t141 & t143;
    uint32_t t146 = (t140 ^ t141) & (t142 ^ t143);
    uint32_t t147 = t146 ^ t144;
    uint32_t t148 = t147 ^ t145;
    uint32_t t149 = t144 ^ t130;
    uint32_t t150 = t149 ^ t135;
    uint32_t t151 = t148 ^ t134;
    uint32_t t152 = t151 ^ t139;
    uint32_t t153 = t145 ^ t131;
    uint32_t t154 = t153 ^ t136;
    uint32_t t155 = t131 ^ t150;
    uint32_t t156 = t154 ^ t135;
    uint32_t t157 = t130 ^ t156;
    uint32_t t158 = t134 ^ t156;
    uint32_t t159 = t158 ^ t139;
    uint32_t t160 = t155 ^ t139;
    uint32_t t161 = t160 ^ t136;
    uint32_t t162 = t152 ^ t136;
    uint32_t t163 = t126 ^ t128;
    uint32_t t164 = t157 ^ t162;
    uint32_t t165 = t159 ^ t161;
    uint32_t t166 = t124 ^ t163;
    uint32_t t167 = t128 ^ t129;
    uint32_t t168 = t164 ^ t165;
    uint32_t t169 = t167 ^ t168;
    uint32_t t170 = t128 ^ t157;
    uint32_t t171 = t170 ^ t159;
    uint32_t t172 = t161 ^ t164;
    uint32_t t173 = t172 ^ t166;
    uint32_t t174 = t126 ^ t168;
    uint32_t t175 = t163 ^ t164;
    uint32_t t176 = t165 ^ t166;
    uint32_t t177 = t162 ^ t165;
    uint32_t t178 = t177 ^ t167;
    x[0] = ~t169;
    x[1] = ~t171;
    x[2] = t173;
    x[3] = t174;
    x[4] = t175;
    x[5] = ~t176;
    x[6] = ~t166;
    x[7] = t178;
}

/* Bitslices n bytes (n <= 32) into planes: bit j of x[k] = bit k of in[j]. */
static void bs_load(uint32_t x[8], const uint8_t *in, uint8_t n)
{
    uint8_t j, k;
    for (k = 0; k < 8; k++) x[k] = 0;
    for (j = 0; j < n; j++) {
        uint32_t b = in[j];
        for (k = 0; k < 8; k++) x[k] |= ((b >> k) & 1) << j;
    }
}

static void bs_store(uint8_t *out, const uint32_t x[8], uint8_t n)
{
    uint8_t j, k;
    for (j = 0; j < n; j++) {
        uint32_t b = 0;
        for (k = 0; k < 8; k++) b |= ((x[k] >> j) & 1) << k;
        out[j] = (uint8_t)b;
    }
}

/* The round keys, bitsliced for one block (16 bits per plane). */
typedef struct {
    uint16_t rk[15][8];
} aes256_ct_key;

static void aes256_ct_schedule(aes256_ct_key *ks, const uint8_t key[32])
{
    uint8_t w[32], t[4], rcon = 1;
    uint32_t x[8];
    uint8_t i, k;
    memcpy(w, key, 32); /* the last 8 words of the schedule, as a ring */
    for (i = 0; i < 60; i++) {
        uint8_t *wi = w + 4 * (i & 7);
        if (i >= 8) {
            memcpy(t, w + 4 * ((i - 1) & 7), 4);
            if ((i & 7) == 0 || (i & 7) == 4) {
                bs_load(x, t, 4);
                sbox_bs(x);
                bs_store(t, x, 4);
                if ((i & 7) == 0) { /* RotWord after SubWord: they commute */
                    uint8_t t0 = t[0];
                    t[0] = (uint8_t)(t[1] ^ rcon);
                    t[1] = t[2];
                    t[2] = t[3];
                    t[3] = t0;
                    rcon = xtime(rcon);
                }
            }
            for (k = 0; k < 4; k++) wi[k] ^= t[k];
        }
        if ((i & 3) == 3) { /* a round key is complete: words i-3..i */
            bs_load(x, w + 4 * ((i - 3) & 7), 16);
            for (k = 0; k < 8; k++) ks->rk[i >> 2][k] = (uint16_t)x[k];
        }
    }
    microsalt_wipe(w, sizeof w);
    microsalt_wipe(t, sizeof t);
    microsalt_wipe(x, sizeof x);
}

/* Rotates each 16-bit half of x right by s (0 < s < 16). */
MICROSALT_INLINE uint32_t rotr16x2(uint32_t x, uint8_t s)
{
    uint32_t lo = ((uint32_t)0xffffu >> s) * 0x00010001u;
    return ((x >> s) & lo) | ((x << (16 - s)) & ~lo);
}

MICROSALT_INLINE void add_round_key(uint32_t x[8], const uint16_t rk[8])
{
    uint8_t k;
    for (k = 0; k < 8; k++) x[k] ^= (uint32_t)rk[k] * 0x00010001u;
}

/* Encrypts the two blocks held in x. */
static void aes256_ct_encrypt2(uint32_t x[8], const aes256_ct_key *ks)
{
    uint8_t round, k;
    add_round_key(x, ks->rk[0]);
    for (round = 1; round <= 14; round++) {
        sbox_bs(x);
        /* ShiftRows: in a block, new byte 4c + r = old byte 4c + r + 4r (mod 16), so row r
         * rotates right by 4r bits within each 16-bit half. */
        for (k = 0; k < 8; k++) {
            uint32_t v = x[k];
            x[k] = (v & 0x11111111u) | rotr16x2(v & 0x22222222u, 4) |
                   rotr16x2(v & 0x44444444u, 8) | rotr16x2(v & 0x88888888u, 12);
        }
        if (round < 14) {
            /* MixColumns: out_r = a_r ^ t ^ xtime(a_r ^ a_(r+1)), t = a0 ^ a1 ^ a2 ^ a3; the
             * four rows of a column are the four bits of a nibble. */
            uint32_t y[8], tt[8];
            for (k = 0; k < 8; k++) {
                uint32_t v = x[k];
                uint32_t r1 = ((v >> 1) & 0x77777777u) | ((v << 3) & 0x88888888u);
                uint32_t r2 = ((v >> 2) & 0x33333333u) | ((v << 2) & 0xccccccccu);
                y[k] = v ^ r1;
                tt[k] = y[k] ^ r2 ^ ((r2 >> 1) & 0x77777777u) ^ ((r2 << 3) & 0x88888888u);
            }
            /* xtime(y): multiply by t, reducing t^8 into t^4 + t^3 + t + 1. */
            x[0] ^= tt[0] ^ y[7];
            x[1] ^= tt[1] ^ y[0] ^ y[7];
            x[2] ^= tt[2] ^ y[1];
            x[3] ^= tt[3] ^ y[2] ^ y[7];
            x[4] ^= tt[4] ^ y[3] ^ y[7];
            x[5] ^= tt[5] ^ y[4];
            x[6] ^= tt[6] ^ y[5];
            x[7] ^= tt[7] ^ y[6];
        }
        add_round_key(x, ks->rk[round]);
    }
}

/* Two consecutive counter blocks ctr, ctr + 1 (ctr even, < 65534) -> 32 bytes of stream. */
static void aes256_ct_ctr2(uint8_t out[32], const aes256_ct_key *ks, uint16_t ctr)
{
    uint32_t x[8];
    uint8_t k;
    uint16_t c1 = (uint16_t)(ctr + 1);
    for (k = 0; k < 8; k++) {
        x[k] = ((((uint32_t)ctr >> (8 + k)) & 1) << 14) | ((((uint32_t)ctr >> k) & 1) << 15) |
               ((((uint32_t)c1 >> (8 + k)) & 1) << 30) | ((((uint32_t)c1 >> k) & 1) << 31);
    }
    aes256_ct_encrypt2(x, ks);
    bs_store(out, x, 32);
}

/* Expand for a secret key: L[i] = the i-th little-endian 32-bit word of the stream. */
static void expand_ct(uint32_t L[P], const uint8_t key[32])
{
    aes256_ct_key ks;
    uint8_t buf[32];
    uint16_t blk, i;
    aes256_ct_schedule(&ks, key);
    for (blk = 0; blk < NBLOCKS; blk += 2) {
        aes256_ct_ctr2(buf, &ks, blk);
        for (i = 0; i < 8; i++) {
            uint16_t idx = (uint16_t)(4 * blk + i);
            if (idx < P) L[idx] = load32_le(buf + 4 * i);
        }
    }
    microsalt_wipe(&ks, sizeof ks);
    microsalt_wipe(buf, sizeof buf);
}

/* ======================================================================================
 * Hashing: Hash_prefix(b, x) = the first 32 bytes of SHA-512(b | x).
 * ====================================================================================== */

static void hash_prefix2(uint8_t out[32], uint8_t b, const uint8_t *x, uint16_t xlen,
                         const uint8_t *y, uint16_t ylen)
{
    microsalt_sha512_ctx ctx;
    uint8_t h[64];
    microsalt_sha512_init(&ctx);
    microsalt_sha512_update(&ctx, &b, 1);
    microsalt_sha512_update(&ctx, x, xlen);
    if (ylen) microsalt_sha512_update(&ctx, y, ylen);
    microsalt_sha512_final(&ctx, h);
    memcpy(out, h, 32);
    microsalt_wipe(h, sizeof h);
}

/* Hash_prefix(b, r_enc | y): HashConfirm (b = 2, y = Hash4(pk), the cache) and
 * HashSession (b = 1, or 0 on rejection with rho in place of r_enc; y = the ciphertext). */
static void hash_with_r(uint8_t out[32], uint8_t b, const uint8_t r_enc[INPUTS_BYTES],
                        const uint8_t *y, uint16_t ylen)
{
    hash_prefix2(out, b, r_enc, INPUTS_BYTES, y, ylen);
}

/* ======================================================================================
 * Encode / Decode of a list of integers R[i] < M (the specification's mixed-radix code),
 * specialised to Rounded: p = 761 entries all with M = 1531. Pairs are merged level by
 * level; at each level all moduli are equal except possibly the last, so a level is
 * described by (n, m0, mlast). The byte counts depend on the moduli only.
 * ====================================================================================== */

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

/* Encode in place: R[0..P) < RMOD is destroyed. Constant time in the values of R: the
 * loops and shifts depend on the moduli only. */
static void rounded_encode(sink_t *s, uint16_t R[P])
{
    uint16_t n = P, i, half;
    uint32_t m0 = RMOD, ml = RMOD, nm0 = 0, nml, m, r;
    while (n > 1) {
        half = n >> 1;
        nml = ml;
        for (i = 0; i < half; i++) {
            uint32_t mb = (2 * i + 1 == n - 1) ? ml : m0;
            r = R[2 * i] + m0 * (uint32_t)R[2 * i + 1];
            m = m0 * mb;
            while (m >= 16384) {
                sink_put(s, (uint8_t)r);
                r >>= 8;
                m = (m + 255) >> 8;
            }
            R[i] = (uint16_t)r;
            if (2 * i + 1 == n - 1) {
                nml = m;
            } else {
                nm0 = m;
            }
        }
        if (n & 1) R[half] = R[n - 1];
        n = (uint16_t)((n + 1) >> 1);
        m0 = nm0;
        ml = nml;
    }
    r = R[0];
    m = ml;
    while (m > 1) {
        sink_put(s, (uint8_t)r);
        r >>= 8;
        m = (m + 255) >> 8;
    }
}

#define MAX_LEVELS 12

/* Decode ROUNDED_BYTES public bytes into R[0..P), each < RMOD. Public data only: the
 * divisions and remainders here are by public moduli of public values. */
static void rounded_decode(uint16_t R[P], const uint8_t *S)
{
    uint16_t lv_n[MAX_LEVELS], lv_off[MAX_LEVELS];
    uint16_t lv_m0[MAX_LEVELS], lv_ml[MAX_LEVELS];
    uint8_t lv_k0[MAX_LEVELS], lv_kl[MAX_LEVELS];
    uint16_t n = P, off = 0, i, half;
    uint32_t m0 = RMOD, ml = RMOD, m, r, t;
    int8_t L = 0, k;
    /* Top-down: the moduli and byte counts of each level. */
    while (n > 1) {
        uint8_t k0 = 0, kl = 0;
        half = n >> 1;
        lv_n[L] = n;
        lv_m0[L] = (uint16_t)m0;
        lv_ml[L] = (uint16_t)ml;
        lv_off[L] = off;
        m = m0 * m0;
        while (m >= 16384) {
            k0++;
            m = (m + 255) >> 8;
        }
        if (!(n & 1)) {
            uint32_t mlast = m0 * ml;
            while (mlast >= 16384) {
                kl++;
                mlast = (mlast + 255) >> 8;
            }
            ml = mlast;
            off = (uint16_t)(off + (half - 1) * k0 + kl);
        } else {
            off = (uint16_t)(off + half * k0);
        }
        lv_k0[L] = k0;
        lv_kl[L] = kl;
        m0 = m;
        n = (uint16_t)((n + 1) >> 1);
        L++;
    }
    /* The last level: one integer, little-endian, reduced mod its modulus. */
    r = 0;
    t = 1;
    for (m = ml; m > 1; m = (m + 255) >> 8) {
        r += S[off++] * t;
        t <<= 8;
    }
    R[0] = (uint16_t)(r % ml);
    /* Bottom-up: split each R2[i] with its bottom bytes into two entries, in place, from the
     * highest index down so that nothing is overwritten before it is read. */
    for (L = (int8_t)(L - 1); L >= 0; L--) {
        n = lv_n[L];
        half = n >> 1;
        if (n & 1) R[n - 1] = R[half];
        for (i = half; i-- > 0;) {
            int last = !(n & 1) && i == half - 1;
            uint8_t nb = last ? lv_kl[L] : lv_k0[L];
            const uint8_t *b = S + lv_off[L] + (uint16_t)(i * lv_k0[L]);
            uint32_t ma = lv_m0[L], mb = last ? lv_ml[L] : lv_m0[L];
            r = 0;
            t = 1;
            for (k = 0; k < (int8_t)nb; k++) {
                r += b[k] * t;
                t <<= 8;
            }
            r += t * R[i];
            R[2 * i] = (uint16_t)(r % ma);
            R[2 * i + 1] = (uint16_t)((r / ma) % mb);
        }
    }
}

/* ======================================================================================
 * Multiplication in R/q = Z_q[x]/(x^p - x - 1) by a small polynomial.
 * ====================================================================================== */

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
#if defined(__AVR__)
    uint16_t nonzero = (uint16_t)-(uint16_t)ct_barrier_u8((uint8_t)(y & 1));
    uint16_t negative = (uint16_t)-(uint16_t)ct_barrier_u8((uint8_t)((uint8_t)y >> 7));
    return (int16_t)((((uint16_t)x ^ negative) - negative) & nonzero);
#else
    return (int32_t)x * y;
#endif
}

#if defined(__ARM_FEATURE_DSP)
/* Two consecutive 16-bit values as one word (an LDR: the M4 allows it unaligned). */
MICROSALT_INLINE uint32_t load2x16(const int16_t *p)
{
    uint32_t v;
    memcpy(&v, p, sizeof v);
    return v;
}
#endif

/* Coefficient t (0 <= t <= 2p - 2) of the plain product X * s: the sum over i + j = t of
 * X_i s_j, given sr = s reversed (sr[m] = s[p - 1 - m]) so that both arrays are walked
 * forwards (m = p - 1 - j), which compilers vectorise. */
static int32_t prod_coeff(const int16_t X[P], const small_t sr[P], uint16_t t)
{
    int32_t acc = 0;
    uint16_t jlo = (uint16_t)(t >= P ? t - (P - 1) : 0), jhi = (uint16_t)(t < P ? t : P - 1);
    uint16_t m, mlo = (uint16_t)(P - 1 - jhi), n = (uint16_t)(jhi - jlo + 1);
    const int16_t *x = X + (t - jhi);
    const small_t *y = sr + mlo;
    m = 0;
#if defined(__ARM_FEATURE_DSP)
    /* Sixteen products per iteration as eight SMLADs (two 16x16 products summed into acc, one
     * cycle, fixed time) on 32-bit words holding two coefficients each (memcpy: the words may
     * be unaligned, which the M4's LDR allows); the same sum as below, |acc| <= p Q12 < 2^21. */
    {
        const int16_t *xp = x, *xend = x + (n & ~15u);
        const small_t *yp = y;
        for (; xp != xend; xp += 16, yp += 16) {
            acc = __smlad(load2x16(xp), load2x16(yp), acc);
            acc = __smlad(load2x16(xp + 2), load2x16(yp + 2), acc);
            acc = __smlad(load2x16(xp + 4), load2x16(yp + 4), acc);
            acc = __smlad(load2x16(xp + 6), load2x16(yp + 6), acc);
            acc = __smlad(load2x16(xp + 8), load2x16(yp + 8), acc);
            acc = __smlad(load2x16(xp + 10), load2x16(yp + 10), acc);
            acc = __smlad(load2x16(xp + 12), load2x16(yp + 12), acc);
            acc = __smlad(load2x16(xp + 14), load2x16(yp + 14), acc);
        }
        m = (uint16_t)(n & ~15u);
    }
#endif
#if !defined(__AVR__) && !defined(__ARM_ARCH_6M__)
    /* Four independent products per iteration: fewer loop branches, and loads that pipeline;
     * the sum is the same (integer addition, |acc| <= p Q12 < 2^21). Not on AVR, where the
     * masked small_times of four terms at once runs out of registers and is slower, nor on
     * the Cortex-M0 (8 low registers), where it measured slightly slower too. */
    for (; m + 4 <= n; m = (uint16_t)(m + 4)) {
        acc += small_times(x[m], y[m]) + small_times(x[m + 1], y[m + 1]) +
               small_times(x[m + 2], y[m + 2]) + small_times(x[m + 3], y[m + 3]);
    }
#endif
    for (; m < n; m++) acc += small_times(x[m], y[m]);
    return acc;
}

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

static void mul_iter_init(mul_iter *it, const int16_t X[P], const small_t sr[P])
{
    it->X = X;
    it->s = sr;
    it->prev = 0; /* c_0 has no P_(p-1) term: x^(p-1) does not fold */
    it->k = 0;
}

static int32_t mul_iter_next(mul_iter *it)
{
    uint16_t k = it->k++;
    int32_t hi = (k + P <= 2 * P - 2) ? prod_coeff(it->X, it->s, (uint16_t)(k + P)) : 0;
    int32_t c = prod_coeff(it->X, it->s, k) + hi + it->prev;
    it->prev = hi;
    return c;
}

#ifndef NTRULPR761_REFERENCE
#define MUL_GEN_REVERSED 1 /* mul_generator_small takes s reversed */
/* c = G * s in R/q, frozen: the faster variant stores G (1522 bytes more stack) and
 * computes each product coefficient as one dot product with a 32-bit accumulator, freezing
 * once per output coefficient instead of the reference's lazy whole-array freezes. */
static void mul_generator_small(int16_t c[P], const uint8_t seed[SEEDS_BYTES],
                                const small_t sr[P])
{
    int16_t G[P];
    uint8_t rk[240], buf[16];
    uint16_t i, j, blk;
    mul_iter it;
    aes256_pub_schedule(rk, seed);
    for (blk = 0; blk < NBLOCKS; blk++) {
        aes256_pub_ctr_block(buf, rk, blk);
        for (j = 0; j < 4; j++) {
            i = (uint16_t)(4 * blk + j);
            if (i < P) G[i] = generator_coeff(load32_le(buf + 4 * j));
        }
    }
    mul_iter_init(&it, G, sr);
    for (i = 0; i < P; i++) c[i] = fq_freeze(mul_iter_next(&it));
}
#else
#define MUL_GEN_REVERSED 0
/* c = G * s in R/q, frozen to [-Q12, Q12], with G = Generator(seed) produced 4 coefficients
 * at a time and never stored. Row i adds G_i x^i s; x^t for t >= p folds into x^(t-p+1) +
 * x^(t-p). A row adds at most 2 * Q12 to a coefficient, so int16 holds 6 rows beyond a
 * frozen value (2295 + 6 * 4590 < 32768). */
static void mul_generator_small(int16_t c[P], const uint8_t seed[SEEDS_BYTES],
                                const small_t s[P])
{
    uint8_t rk[240], buf[16];
    uint16_t i, j, blk;
    uint8_t lazy = 0;
    aes256_pub_schedule(rk, seed);
    for (i = 0; i < P; i++) c[i] = 0;
    for (blk = 0; blk < NBLOCKS; blk++) {
        aes256_pub_ctr_block(buf, rk, blk);
        for (j = 0; j < 4; j++) {
            int16_t g;
            int16_t *ci;
            uint16_t n;
            i = (uint16_t)(4 * blk + j);
            if (i >= P) break;
            g = generator_coeff(load32_le(buf + 4 * j));
            n = (uint16_t)(P - i);
            ci = c + i;
            for (uint16_t k = 0; k < n; k++) ci[k] = (int16_t)(ci[k] + g * s[k]);
            for (uint16_t k = n; k < P; k++) {
                int16_t v = (int16_t)(g * s[k]);
                c[k - n] = (int16_t)(c[k - n] + v);
                c[k - n + 1] = (int16_t)(c[k - n + 1] + v);
            }
            if (++lazy == 6) {
                lazy = 0;
                for (uint16_t k = 0; k < P; k++) c[k] = fq_freeze(c[k]);
            }
        }
    }
    for (i = 0; i < P; i++) c[i] = fq_freeze(c[i]);
}
#endif

/* ======================================================================================
 * The KEM.
 * ====================================================================================== */

/* Round(G * s), Rounded_encode'd into the sink: the B (or, at keygen, A) part. */
static NOINLINE void rounded_gen_product(sink_t *out, const uint8_t seed[SEEDS_BYTES],
                                         const uint8_t s_enc[SMALL_BYTES])
{
    int16_t c[P];
    small_t s[P];
    uint16_t i;
    small_unpack(s, s_enc, MUL_GEN_REVERSED);
    mul_generator_small(c, seed, s);
    for (i = 0; i < P; i++) c[i] = (int16_t)round3_index(c[i]);
    rounded_encode(out, (uint16_t *)c);
    microsalt_wipe(c, sizeof c);
    microsalt_wipe(s, sizeof s);
}

/* Rounded_decode of public bytes into coefficients in [-Q12, Q12] (a multiple of 3 each). */
static void rounded_decode_fq(int16_t X[P], const uint8_t *bytes)
{
    uint16_t i;
    rounded_decode((uint16_t *)X, bytes);
    for (i = 0; i < P; i++) X[i] = (int16_t)(3 * (uint16_t)X[i] - Q12);
}

/* T = Top(b A + r Q12) for the first I coefficients, Top_encode'd into the sink. */
static NOINLINE void top_part(sink_t *out, const uint8_t *pk, const uint8_t b_enc[SMALL_BYTES],
                              const uint8_t r_enc[INPUTS_BYTES])
{
    int16_t A[P];
    small_t b[P];
    mul_iter it;
    uint16_t i;
    rounded_decode_fq(A, pk + SEEDS_BYTES);
    small_unpack(b, b_enc, 1);
    mul_iter_init(&it, A, b);
    for (i = 0; i < NI; i += 2) {
        /* r_i Q12 as a mask, not a multiply: r_i is secret. */
        uint32_t r0 = (r_enc[i >> 3] >> (i & 7)) & 1, r1 = (r_enc[i >> 3] >> ((i + 1) & 7)) & 1;
        uint8_t t0 = top(fq_freeze(mul_iter_next(&it) + (int32_t)(Q12 & ct_mask_u32(r0))));
        uint8_t t1 = top(fq_freeze(mul_iter_next(&it) + (int32_t)(Q12 & ct_mask_u32(r1))));
        sink_put(out, (uint8_t)(t0 | (t1 << 4)));
    }
    microsalt_wipe(b, sizeof b);
}

/* HashShort(r) = Short_fromlist(Expand(h)) with h = Hash5(r_enc), as its Small encoding.
 * The caller hashes, so that SHA-512's stack is not stacked on top of the list. */
static NOINLINE void hash_short(uint8_t out[SMALL_BYTES], const uint8_t h[HASH_BYTES])
{
    uint32_t L[P];
    expand_ct(L, h);
    short_fromlist(out, L);
    microsalt_wipe(L, sizeof L);
}

/* Hide: the ciphertext of r_enc under pk, into the sink (written, or compared). */
static void hide(sink_t *out, const uint8_t r_enc[INPUTS_BYTES], const uint8_t *pk,
                 const uint8_t cache[HASH_BYTES])
{
    uint8_t b[SMALL_BYTES], conf[HASH_BYTES];
    uint8_t i;
    hash_prefix2(conf, 5, r_enc, INPUTS_BYTES, NULL, 0); /* conf holds Hash5(r_enc) first */
    hash_short(b, conf);
    rounded_gen_product(out, pk, b);
    top_part(out, pk, b, r_enc);
    hash_with_r(conf, 2, r_enc, cache, HASH_BYTES);
    for (i = 0; i < HASH_BYTES; i++) sink_put(out, conf[i]);
    microsalt_wipe(b, sizeof b);
}

/* Short_random: the list is one draw of 4p bytes, read as little-endian words (in place:
 * word i is built from bytes 4i..4i+3, which no earlier word overwrote). */
static NOINLINE void short_random(uint8_t out[SMALL_BYTES])
{
    uint32_t L[P];
    uint16_t i;
    randombytes((unsigned char *)L, sizeof L);
    for (i = 0; i < P; i++) L[i] = load32_le((const uint8_t *)&L[i]);
    short_fromlist(out, L);
    microsalt_wipe(L, sizeof L);
}

int crypto_kem_ntrulpr761_keypair(unsigned char *pk, unsigned char *sk)
{
    sink_t out;
    randombytes(pk, SEEDS_BYTES);
    ct_declassify(pk, SEEDS_BYTES); /* the seed S is public: it is the start of pk */
    short_random(sk);
    out.out = pk + SEEDS_BYTES;
    out.cmp = NULL;
    out.pos = 0;
    out.diff = 0;
    rounded_gen_product(&out, pk, sk);
    memcpy(sk + SMALL_BYTES, pk, PK_BYTES);
    randombytes(sk + SMALL_BYTES + PK_BYTES, INPUTS_BYTES);
    hash_prefix2(sk + SMALL_BYTES + PK_BYTES + INPUTS_BYTES, 4, pk, PK_BYTES, NULL, 0);
    return 0;
}

int crypto_kem_ntrulpr761_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk)
{
    uint8_t cache[HASH_BYTES], r_enc[INPUTS_BYTES];
    sink_t out;
    hash_prefix2(cache, 4, pk, PK_BYTES, NULL, 0);
    randombytes(r_enc, INPUTS_BYTES);
    out.out = ct;
    out.cmp = NULL;
    out.pos = 0;
    out.diff = 0;
    hide(&out, r_enc, pk, cache);
    hash_with_r(ss, 1, r_enc, ct, CT_BYTES);
    microsalt_wipe(r_enc, sizeof r_enc);
    return 0;
}

/* Decrypt: r_i = 1 when Right(T_i) - (a B)_i + 4w + 1 is negative mod q (centred). */
static NOINLINE void zdecrypt(uint8_t r_enc[INPUTS_BYTES], const uint8_t *ct, const uint8_t *sk)
{
    int16_t B[P];
    small_t a[P];
    mul_iter it;
    uint16_t i;
    rounded_decode_fq(B, ct);
    small_unpack(a, sk, 1);
    memset(r_enc, 0, INPUTS_BYTES);
    mul_iter_init(&it, B, a);
    for (i = 0; i < NI; i++) {
        uint8_t t = (uint8_t)((ct[ROUNDED_BYTES + (i >> 1)] >> (4 * (i & 1))) & 15);
        int32_t v = (int32_t)right(t) - mul_iter_next(&it) + 4 * W + 1;
        uint32_t bit = is_negative(fq_freeze(v));
        r_enc[i >> 3] |= (uint8_t)(bit << (i & 7));
    }
    microsalt_wipe(a, sizeof a);
}

int crypto_kem_ntrulpr761_dec(unsigned char *ss, const unsigned char *ct, const unsigned char *sk)
{
    const uint8_t *pk = sk + SMALL_BYTES;
    const uint8_t *rho = pk + PK_BYTES;
    const uint8_t *cache = rho + INPUTS_BYTES;
    uint8_t r_enc[INPUTS_BYTES];
    uint8_t ok;
    sink_t cmp;
    zdecrypt(r_enc, ct, sk);
    cmp.out = NULL;
    cmp.cmp = ct;
    cmp.pos = 0;
    cmp.diff = 0;
    hide(&cmp, r_enc, pk, cache);
    /* ok = 1 when the re-encryption equals ct; otherwise use rho and hash prefix 0. */
    ok = (uint8_t)ct_is_zero_u32(cmp.diff);
    ct_cmov_bytes(r_enc, rho, INPUTS_BYTES, (uint8_t)(ok ^ 1));
    hash_with_r(ss, ok, r_enc, ct, CT_BYTES);
    microsalt_wipe(r_enc, sizeof r_enc);
    return 0;
}
