/*
 * ntrulpr761: the NTRU LPRime key-encapsulation mechanism of NTRU Prime round 3
 * (p = 761, q = 4591, w = 250, tau0..3 = 2156, 114, 2007, 287, I = 256), byte-exact with
 * the specification "NTRU Prime: round 3" (2020) and its KAT.
 *
 * Layout: pk = S (32-byte seed) | Rounded_encode(A);  sk = Small_encode(a) | pk | rho | Hash4(pk);
 *         ct = Rounded_encode(B) | Top_encode(T) | HashConfirm.
 *
 * Memory: no malloc, no VLAs. The largest object is the 761-word list that the sorting
 * network turns into a short polynomial (3044 bytes); only the 256 coefficients of b*A and
 * a*B that the scheme uses are computed. Each phase lives in its own non-inlined function so
 * that the large arrays of different phases share stack.
 *
 * Constant time: everything derived from a, b, r or rho is handled with branch-free,
 * index-free code (the sorting network, the masks of common.h, Barrett-style reduction by
 * multiplication, the streamed ciphertext comparison). Decode only ever sees public bytes
 * (pk, ct) and may divide. AES-256-CTR runs with two kinds of key: the public seed S
 * (Generator; a table-based AES is fine there) and Hash5(r), derived from the secret
 * plaintext (HashShort; a bitsliced constant-time AES is used there). See the AES section.
 *
 * Two variants of the multiplication by the generator G, identical in output. By default G is
 * stored (1536 bytes of stack, padded to 768 coefficients) and multiplied by three levels of
 * Karatsuba on 32-bit cores; on AVR (1522 bytes) each product coefficient is one 32-bit dot
 * product (see mul_generator_small for why not Karatsuba there). With NTRULPR761_REFERENCE
 * (src/ntrulpr761/ntrulpr761_ref.c compiles this file again so, under internal names, for the tests and
 * the lab) G is never stored: its coefficients are produced 4 at a time by AES-256-CTR inside
 * a schoolbook multiplication.
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
 * a zero 16-byte initial counter block, incremented as a 128-bit big-endian integer. Expand
 * needs blocks 0..190, so only the last byte of a counter block is ever nonzero.
 *
 * Two implementations:
 *  - a table-based one (lookups indexed by state bytes) for the generator, whose key is the
 *    public seed S: every value it handles is public (the coefficients of G are part of what
 *    anyone can compute from pk), so data-dependent table indices leak nothing;
 *  - a bitsliced constant-time one for HashShort, whose key Hash5(r) is derived from the
 *    secret plaintext r: no table lookups, no branches on data.
 * Both hold a column of the state (or of a round key) as a little-endian word: row r in bits
 * 8r..8r+7.
 * ====================================================================================== */

typedef char aes_ctr_in_last_byte[NBLOCKS <= 256 ? 1 : -1];

/* ---- Table-based AES-256 (public keys and data only). ---------------------------------
 * aes_te[x] is the column MixColumns makes of S(x) standing in row 0: (2 S(x), S(x), S(x),
 * 3 S(x)). Standing in row r it makes that column rotated left by 8r bits, so one 1 KB table
 * serves all four rows (a rotated operand costs nothing on ARM), and bytes 1 and 2 of an entry
 * are S(x) itself, for the last round and the key schedule. In flash on AVR. */
static const uint32_t aes_te[256] MICROSALT_FLASH = {
    0xa56363c6, 0x847c7cf8, 0x997777ee, 0x8d7b7bf6, 0x0df2f2ff, 0xbd6b6bd6,
    0xb16f6fde, 0x54c5c591, 0x50303060, 0x03010102, 0xa96767ce, 0x7d2b2b56,
    0x19fefee7, 0x62d7d7b5, 0xe6abab4d, 0x9a7676ec, 0x45caca8f, 0x9d82821f,
    0x40c9c989, 0x877d7dfa, 0x15fafaef, 0xeb5959b2, 0xc947478e, 0x0bf0f0fb,
    0xecadad41, 0x67d4d4b3, 0xfda2a25f, 0xeaafaf45, 0xbf9c9c23, 0xf7a4a453,
    0x967272e4, 0x5bc0c09b, 0xc2b7b775, 0x1cfdfde1, 0xae93933d, 0x6a26264c,
    0x5a36366c, 0x413f3f7e, 0x02f7f7f5, 0x4fcccc83, 0x5c343468, 0xf4a5a551,
    0x34e5e5d1, 0x08f1f1f9, 0x937171e2, 0x73d8d8ab, 0x53313162, 0x3f15152a,
    0x0c040408, 0x52c7c795, 0x65232346, 0x5ec3c39d, 0x28181830, 0xa1969637,
    0x0f05050a, 0xb59a9a2f, 0x0907070e, 0x36121224, 0x9b80801b, 0x3de2e2df,
    0x26ebebcd, 0x6927274e, 0xcdb2b27f, 0x9f7575ea, 0x1b090912, 0x9e83831d,
    0x742c2c58, 0x2e1a1a34, 0x2d1b1b36, 0xb26e6edc, 0xee5a5ab4, 0xfba0a05b,
    0xf65252a4, 0x4d3b3b76, 0x61d6d6b7, 0xceb3b37d, 0x7b292952, 0x3ee3e3dd,
    0x712f2f5e, 0x97848413, 0xf55353a6, 0x68d1d1b9, 0x00000000, 0x2cededc1,
    0x60202040, 0x1ffcfce3, 0xc8b1b179, 0xed5b5bb6, 0xbe6a6ad4, 0x46cbcb8d,
    0xd9bebe67, 0x4b393972, 0xde4a4a94, 0xd44c4c98, 0xe85858b0, 0x4acfcf85,
    0x6bd0d0bb, 0x2aefefc5, 0xe5aaaa4f, 0x16fbfbed, 0xc5434386, 0xd74d4d9a,
    0x55333366, 0x94858511, 0xcf45458a, 0x10f9f9e9, 0x06020204, 0x817f7ffe,
    0xf05050a0, 0x443c3c78, 0xba9f9f25, 0xe3a8a84b, 0xf35151a2, 0xfea3a35d,
    0xc0404080, 0x8a8f8f05, 0xad92923f, 0xbc9d9d21, 0x48383870, 0x04f5f5f1,
    0xdfbcbc63, 0xc1b6b677, 0x75dadaaf, 0x63212142, 0x30101020, 0x1affffe5,
    0x0ef3f3fd, 0x6dd2d2bf, 0x4ccdcd81, 0x140c0c18, 0x35131326, 0x2fececc3,
    0xe15f5fbe, 0xa2979735, 0xcc444488, 0x3917172e, 0x57c4c493, 0xf2a7a755,
    0x827e7efc, 0x473d3d7a, 0xac6464c8, 0xe75d5dba, 0x2b191932, 0x957373e6,
    0xa06060c0, 0x98818119, 0xd14f4f9e, 0x7fdcdca3, 0x66222244, 0x7e2a2a54,
    0xab90903b, 0x8388880b, 0xca46468c, 0x29eeeec7, 0xd3b8b86b, 0x3c141428,
    0x79dedea7, 0xe25e5ebc, 0x1d0b0b16, 0x76dbdbad, 0x3be0e0db, 0x56323264,
    0x4e3a3a74, 0x1e0a0a14, 0xdb494992, 0x0a06060c, 0x6c242448, 0xe45c5cb8,
    0x5dc2c29f, 0x6ed3d3bd, 0xefacac43, 0xa66262c4, 0xa8919139, 0xa4959531,
    0x37e4e4d3, 0x8b7979f2, 0x32e7e7d5, 0x43c8c88b, 0x5937376e, 0xb76d6dda,
    0x8c8d8d01, 0x64d5d5b1, 0xd24e4e9c, 0xe0a9a949, 0xb46c6cd8, 0xfa5656ac,
    0x07f4f4f3, 0x25eaeacf, 0xaf6565ca, 0x8e7a7af4, 0xe9aeae47, 0x18080810,
    0xd5baba6f, 0x887878f0, 0x6f25254a, 0x722e2e5c, 0x241c1c38, 0xf1a6a657,
    0xc7b4b473, 0x51c6c697, 0x23e8e8cb, 0x7cdddda1, 0x9c7474e8, 0x211f1f3e,
    0xdd4b4b96, 0xdcbdbd61, 0x868b8b0d, 0x858a8a0f, 0x907070e0, 0x423e3e7c,
    0xc4b5b571, 0xaa6666cc, 0xd8484890, 0x05030306, 0x01f6f6f7, 0x120e0e1c,
    0xa36161c2, 0x5f35356a, 0xf95757ae, 0xd0b9b969, 0x91868617, 0x58c1c199,
    0x271d1d3a, 0xb99e9e27, 0x38e1e1d9, 0x13f8f8eb, 0xb398982b, 0x33111122,
    0xbb6969d2, 0x70d9d9a9, 0x898e8e07, 0xa7949433, 0xb69b9b2d, 0x221e1e3c,
    0x92878715, 0x20e9e9c9, 0x49cece87, 0xff5555aa, 0x78282850, 0x7adfdfa5,
    0x8f8c8c03, 0xf8a1a159, 0x80898909, 0x170d0d1a, 0xdabfbf65, 0x31e6e6d7,
    0xc6424284, 0xb86868d0, 0xc3414182, 0xb0999929, 0x772d2d5a, 0x110f0f1e,
    0xcbb0b07b, 0xfc5454a8, 0xd6bbbb6d, 0x3a16162c,
};

MICROSALT_INLINE uint32_t te(uint32_t x) /* x < 256 */
{
    return flash_u32(&aes_te[x]);
}

/* A column of a full round before AddRoundKey: SubBytes and MixColumns of row 0 of a, row 1 of
 * b, row 2 of c and row 3 of d (ShiftRows is the caller's choice of columns). */
MICROSALT_INLINE uint32_t aes_col(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return te(a & 0xff) ^ rotr32(te((b >> 8) & 0xff), 24) ^ rotr32(te((c >> 16) & 0xff), 16) ^
           rotr32(te(d >> 24), 8);
}

/* The same without MixColumns: the last round's column; SubWord when a = b = c = d. */
MICROSALT_INLINE uint32_t aes_sub_col(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return ((te(a & 0xff) >> 8) & 0xffu) | (te((b >> 8) & 0xff) & 0xff00u) |
           (te((c >> 16) & 0xff) & 0xff0000u) | ((te(d >> 24) << 8) & 0xff000000u);
}

/* One full round of the state s (four columns) with the round key at k. */
MICROSALT_INLINE void aes_round(uint32_t s[4], const uint8_t k[16])
{
    uint32_t t0 = aes_col(s[0], s[1], s[2], s[3]) ^ load32_le(k);
    uint32_t t1 = aes_col(s[1], s[2], s[3], s[0]) ^ load32_le(k + 4);
    uint32_t t2 = aes_col(s[2], s[3], s[0], s[1]) ^ load32_le(k + 8);
    s[3] = aes_col(s[3], s[0], s[1], s[2]) ^ load32_le(k + 12);
    s[0] = t0;
    s[1] = t1;
    s[2] = t2;
}

/* rk: round keys 3..14 at their usual offsets 48..239, as column words; before them, what
 * all counter blocks (< 256) share in rounds 1 and 2. Such a block differs from block 0 in
 * byte 15 only (row 3 of column 3); round 1's ShiftRows moves it to column 0, the only column
 * that then depends on the counter, and round 2 takes one byte of that column into each of
 * its columns. So bytes 0..15 hold round 2's columns without those four lookups, key 2
 * included; bytes 16..19 round 1's column 0 without byte 15's lookup, key 1 included; byte 20
 * byte 15 of key 0. A lookup is left out by looking up 0x52 instead, which S maps to 0. */
static void aes256_pub_schedule(uint8_t rk[240], const uint8_t key[32])
{
    uint32_t s[4], col0;
    uint8_t i, rcon = 1, key15;
    memcpy(rk, key, 32);
    for (i = 8; i < 60; i++) {
        uint32_t t = load32_le(rk + 4 * (i - 1));
        if ((i & 3) == 0) t = aes_sub_col(t, t, t, t);
        if ((i & 7) == 0) {
            t = rotr32(t, 8) ^ rcon; /* RotWord after SubWord: they commute */
            rcon = (uint8_t)(rcon << 1); /* 1..64: AES-256 uses seven, none reduced */
        }
        store32_le(rk + 4 * i, load32_le(rk + 4 * (i - 8)) ^ t);
    }
    for (i = 0; i < 4; i++) s[i] = load32_le(rk + 4 * i);
    key15 = rk[15];
    s[3] = (s[3] & 0x00ffffffu) | 0x52000000u;
    aes_round(s, rk + 16);
    col0 = s[0];
    s[0] = 0x52525252u;
    aes_round(s, rk + 32);
    for (i = 0; i < 4; i++) store32_le(rk + 4 * i, s[i]);
    store32_le(rk + 16, col0);
    rk[20] = key15;
}

/* Encrypts counter block ctr (< 256: its last byte, the others zero). */
static void aes256_pub_ctr_block(uint8_t out[16], const uint8_t rk[240], uint16_t ctr)
{
    uint32_t s[4], x;
    uint8_t round;
    x = load32_le(rk + 16) ^ rotr32(te((uint8_t)(rk[20] ^ ctr)), 8); /* round 1, column 0 */
    s[0] = load32_le(rk) ^ te(x & 0xff);
    s[1] = load32_le(rk + 4) ^ rotr32(te(x >> 24), 8);
    s[2] = load32_le(rk + 8) ^ rotr32(te((x >> 16) & 0xff), 16);
    s[3] = load32_le(rk + 12) ^ rotr32(te((x >> 8) & 0xff), 24);
    for (round = 3; round < 14; round++) aes_round(s, rk + 16 * round);
    store32_le(out, aes_sub_col(s[0], s[1], s[2], s[3]) ^ load32_le(rk + 224));
    store32_le(out + 4, aes_sub_col(s[1], s[2], s[3], s[0]) ^ load32_le(rk + 228));
    store32_le(out + 8, aes_sub_col(s[2], s[3], s[0], s[1]) ^ load32_le(rk + 232));
    store32_le(out + 12, aes_sub_col(s[3], s[0], s[1], s[2]) ^ load32_le(rk + 236));
}

/* ---- Bitsliced constant-time AES-256 (secret keys). -----------------------------------
 * Two blocks at once in eight 32-bit planes: bit 8r + 2c + b of plane x[k] is bit k of the
 * byte in row r, column c of block b. Rows are the bytes of a plane, so "the next row" is a
 * rotation of the plane by 8 bits; the columns of a row are 2-bit fields of its byte.
 * Fixslicing (Adomnicai and Peyrin, 2020): ShiftRows, which would rotate the fields of
 * each byte by a different amount, is never applied; instead, after j rounds, row r of the
 * true state stands rotated by rj columns, MixColumns fetches the rows of a true column from
 * where they stand, the round keys are stored rotated alike, and after the last round
 * (14 = 2 mod 4) rows 1 and 3 are put back. */

#if defined(__AVR__)
/* avr-gcc holds a 32-bit value in four of its 8-bit registers and spills the circuit's 20-odd
 * live values heavily; as the gates are bitwise, each byte lane of the planes runs the circuit
 * on its own instead, in 8-bit values that fit the registers (4 times the gates, a third of the
 * cycles). */
typedef uint8_t sbox_t;
#define SBOX_STRIDE 4
#else
typedef uint32_t sbox_t;
#define SBOX_STRIDE 1
#endif

/* The AES S-box on 32 bytes at once, in place: a straight-line circuit of 178 AND/XOR gates
 * (about a quarter of the x^254 square-and-multiply it replaces), derived with a tower field:
 * GF(2^8) = GF(16)[y]/(y^2 + y + 8) over GF(16) = GF(2)[z]/(z^4 + z + 1). An input byte is
 * mapped linearly to h y + l (h, l in GF(16)); its inverse is (h y + h + l) / N with the norm
 * N = 8 h^2 + h l + l^2; 1/N is each bit's algebraic normal form in N's bits (0 maps to 0, as
 * the S-box needs); the GF(16) products use two levels of Karatsuba; the map back to the AES
 * basis is merged with the S-box's affine map (its constant 0x63 is the four NOTs). The linear
 * maps share common XOR pairs (Paar's greedy method). Checked on all 256 inputs when derived,
 * and by the KAT. Only AND, XOR and NOT: constant time. */
static void sbox_lanes(sbox_t *x)
{
    sbox_t x0 = x[0], x1 = x[SBOX_STRIDE], x2 = x[2 * SBOX_STRIDE], x3 = x[3 * SBOX_STRIDE];
    sbox_t x4 = x[4 * SBOX_STRIDE], x5 = x[5 * SBOX_STRIDE], x6 = x[6 * SBOX_STRIDE];
    sbox_t x7 = x[7 * SBOX_STRIDE];
    sbox_t t1 = x1 ^ x4;
    sbox_t t2 = t1 ^ x6;
    sbox_t t3 = x3 ^ x5;
    sbox_t t4 = x5 ^ x7;
    sbox_t t5 = x0 ^ x3;
    sbox_t t6 = t3 ^ x4;
    sbox_t t7 = t2 ^ t3;
    sbox_t t8 = x3 ^ x6;
    sbox_t t9 = t8 ^ x7;
    sbox_t t10 = t4 ^ x1;
    sbox_t t11 = x2 ^ x3;
    sbox_t t12 = t2 ^ x7;
    sbox_t t13 = t11 ^ t12;
    sbox_t t14 = t13 ^ t4;
    sbox_t t15 = t10 ^ t12;
    sbox_t t16 = t15 ^ t4;
    sbox_t t17 = t5 ^ t7;
    sbox_t t18 = t6 ^ t9;
    sbox_t t19 = t12 ^ t17;
    sbox_t t20 = t14 ^ t7;
    sbox_t t21 = t11 ^ t18;
    sbox_t t22 = t16 ^ t9;
    sbox_t t23 = t10 & t5;
    sbox_t t24 = t11 & t6;
    sbox_t t25 = (t10 ^ t11) & (t5 ^ t6);
    sbox_t t26 = t25 ^ t23;
    sbox_t t27 = t26 ^ t24;
    sbox_t t28 = t12 & t7;
    sbox_t t29 = t4 & t9;
    sbox_t t30 = (t12 ^ t4) & (t7 ^ t9);
    sbox_t t31 = t30 ^ t28;
    sbox_t t32 = t31 ^ t29;
    sbox_t t33 = t10 ^ t12;
    sbox_t t34 = t11 ^ t4;
    sbox_t t35 = t5 ^ t7;
    sbox_t t36 = t6 ^ t9;
    sbox_t t37 = t33 & t35;
    sbox_t t38 = t34 & t36;
    sbox_t t39 = (t33 ^ t34) & (t35 ^ t36);
    sbox_t t40 = t39 ^ t37;
    sbox_t t41 = t40 ^ t38;
    sbox_t t42 = t37 ^ t23;
    sbox_t t43 = t42 ^ t28;
    sbox_t t44 = t41 ^ t27;
    sbox_t t45 = t44 ^ t32;
    sbox_t t46 = t38 ^ t24;
    sbox_t t47 = t46 ^ t29;
    sbox_t t48 = t24 ^ t43;
    sbox_t t49 = t47 ^ t28;
    sbox_t t50 = t23 ^ t49;
    sbox_t t51 = t27 ^ t49;
    sbox_t t52 = t51 ^ t32;
    sbox_t t53 = t48 ^ t32;
    sbox_t t54 = t53 ^ t29;
    sbox_t t55 = t45 ^ t29;
    sbox_t t56 = t19 ^ t50;
    sbox_t t57 = t20 ^ t52;
    sbox_t t58 = t21 ^ t54;
    sbox_t t59 = t22 ^ t55;
    sbox_t t60 = t56 & t58;
    sbox_t t61 = t57 & t58;
    sbox_t t62 = t56 & t57;
    sbox_t t63 = t62 & t58;
    sbox_t t64 = t61 & t59;
    sbox_t t65 = t56 ^ t57;
    sbox_t t66 = t65 ^ t58;
    sbox_t t67 = t66 ^ t60;
    sbox_t t68 = t67 ^ t61;
    sbox_t t69 = t68 ^ t63;
    sbox_t t70 = t69 ^ t59;
    sbox_t t71 = t70 ^ t64;
    sbox_t t72 = t57 & t59;
    sbox_t t73 = t62 & t59;
    sbox_t t74 = t62 ^ t60;
    sbox_t t75 = t74 ^ t61;
    sbox_t t76 = t75 ^ t59;
    sbox_t t77 = t76 ^ t72;
    sbox_t t78 = t77 ^ t73;
    sbox_t t79 = t56 & t59;
    sbox_t t80 = t60 & t59;
    sbox_t t81 = t62 ^ t58;
    sbox_t t82 = t81 ^ t60;
    sbox_t t83 = t82 ^ t59;
    sbox_t t84 = t83 ^ t79;
    sbox_t t85 = t84 ^ t80;
    sbox_t t86 = t58 & t59;
    sbox_t t87 = t57 ^ t58;
    sbox_t t88 = t87 ^ t59;
    sbox_t t89 = t88 ^ t79;
    sbox_t t90 = t89 ^ t72;
    sbox_t t91 = t90 ^ t86;
    sbox_t t92 = t91 ^ t64;
    sbox_t t93 = t10 ^ t5;
    sbox_t t94 = t11 ^ t6;
    sbox_t t95 = t12 ^ t7;
    sbox_t t96 = t4 ^ t9;
    sbox_t t97 = t10 & t71;
    sbox_t t98 = t11 & t78;
    sbox_t t99 = (t10 ^ t11) & (t71 ^ t78);
    sbox_t t100 = t99 ^ t97;
    sbox_t t101 = t100 ^ t98;
    sbox_t t102 = t12 & t85;
    sbox_t t103 = t4 & t92;
    sbox_t t104 = (t12 ^ t4) & (t85 ^ t92);
    sbox_t t105 = t104 ^ t102;
    sbox_t t106 = t105 ^ t103;
    sbox_t t107 = t10 ^ t12;
    sbox_t t108 = t11 ^ t4;
    sbox_t t109 = t71 ^ t85;
    sbox_t t110 = t78 ^ t92;
    sbox_t t111 = t107 & t109;
    sbox_t t112 = t108 & t110;
    sbox_t t113 = (t107 ^ t108) & (t109 ^ t110);
    sbox_t t114 = t113 ^ t111;
    sbox_t t115 = t114 ^ t112;
    sbox_t t116 = t111 ^ t97;
    sbox_t t117 = t116 ^ t102;
    sbox_t t118 = t115 ^ t101;
    sbox_t t119 = t118 ^ t106;
    sbox_t t120 = t112 ^ t98;
    sbox_t t121 = t120 ^ t103;
    sbox_t t122 = t98 ^ t117;
    sbox_t t123 = t121 ^ t102;
    sbox_t t124 = t97 ^ t123;
    sbox_t t125 = t101 ^ t123;
    sbox_t t126 = t125 ^ t106;
    sbox_t t127 = t122 ^ t106;
    sbox_t t128 = t127 ^ t103;
    sbox_t t129 = t119 ^ t103;
    sbox_t t130 = t93 & t71;
    sbox_t t131 = t94 & t78;
    sbox_t t132 = (t93 ^ t94) & (t71 ^ t78);
    sbox_t t133 = t132 ^ t130;
    sbox_t t134 = t133 ^ t131;
    sbox_t t135 = t95 & t85;
    sbox_t t136 = t96 & t92;
    sbox_t t137 = (t95 ^ t96) & (t85 ^ t92);
    sbox_t t138 = t137 ^ t135;
    sbox_t t139 = t138 ^ t136;
    sbox_t t140 = t93 ^ t95;
    sbox_t t141 = t94 ^ t96;
    sbox_t t142 = t71 ^ t85;
    sbox_t t143 = t78 ^ t92;
    sbox_t t144 = t140 & t142;
    sbox_t t145 = t141 & t143;
    sbox_t t146 = (t140 ^ t141) & (t142 ^ t143);
    sbox_t t147 = t146 ^ t144;
    sbox_t t148 = t147 ^ t145;
    sbox_t t149 = t144 ^ t130;
    sbox_t t150 = t149 ^ t135;
    sbox_t t151 = t148 ^ t134;
    sbox_t t152 = t151 ^ t139;
    sbox_t t153 = t145 ^ t131;
    sbox_t t154 = t153 ^ t136;
    sbox_t t155 = t131 ^ t150;
    sbox_t t156 = t154 ^ t135;
    sbox_t t157 = t130 ^ t156;
    sbox_t t158 = t134 ^ t156;
    sbox_t t159 = t158 ^ t139;
    sbox_t t160 = t155 ^ t139;
    sbox_t t161 = t160 ^ t136;
    sbox_t t162 = t152 ^ t136;
    sbox_t t163 = t126 ^ t128;
    sbox_t t164 = t157 ^ t162;
    sbox_t t165 = t159 ^ t161;
    sbox_t t166 = t124 ^ t163;
    sbox_t t167 = t128 ^ t129;
    sbox_t t168 = t164 ^ t165;
    sbox_t t169 = t167 ^ t168;
    sbox_t t170 = t128 ^ t157;
    sbox_t t171 = t170 ^ t159;
    sbox_t t172 = t161 ^ t164;
    sbox_t t173 = t172 ^ t166;
    sbox_t t174 = t126 ^ t168;
    sbox_t t175 = t163 ^ t164;
    sbox_t t176 = t165 ^ t166;
    sbox_t t177 = t162 ^ t165;
    sbox_t t178 = t177 ^ t167;
    x[0] = (sbox_t)~t169;
    x[SBOX_STRIDE] = (sbox_t)~t171;
    x[2 * SBOX_STRIDE] = t173;
    x[3 * SBOX_STRIDE] = t174;
    x[4 * SBOX_STRIDE] = t175;
    x[5 * SBOX_STRIDE] = (sbox_t)~t176;
    x[6 * SBOX_STRIDE] = (sbox_t)~t166;
    x[7 * SBOX_STRIDE] = t178;
}

static void sbox_bs(uint32_t x[8])
{
#if defined(__AVR__)
    uint8_t j;
    for (j = 0; j < 4; j++) sbox_lanes((uint8_t *)x + j); /* byte j of every plane */
#else
    sbox_lanes(x);
#endif
}

/* Exchanges the bits of *b selected by m with the bits of *a selected by m << n. */
MICROSALT_INLINE void swapmove(uint32_t *a, uint32_t *b, uint32_t m, uint8_t n)
{
    uint32_t t = ((*a >> n) ^ *b) & m;
    *b ^= t;
    *a ^= t << n;
}

/* Converts eight column words, w[2c + b] = column c of block b, to planes, and back: bit k of
 * byte lane r of w[j] and bit j of byte lane r of w[k] change places (an 8x8 bit transpose in
 * each byte lane, its own inverse), in three rounds of exchanges, one per bit of j and k.
 * Written out: compilers keep loops of four here. */
static void bs_transpose(uint32_t w[8])
{
    swapmove(&w[0], &w[1], 0x55555555u, 1);
    swapmove(&w[2], &w[3], 0x55555555u, 1);
    swapmove(&w[4], &w[5], 0x55555555u, 1);
    swapmove(&w[6], &w[7], 0x55555555u, 1);
    swapmove(&w[0], &w[2], 0x33333333u, 2);
    swapmove(&w[1], &w[3], 0x33333333u, 2);
    swapmove(&w[4], &w[6], 0x33333333u, 2);
    swapmove(&w[5], &w[7], 0x33333333u, 2);
    swapmove(&w[0], &w[4], 0x0f0f0f0fu, 4);
    swapmove(&w[1], &w[5], 0x0f0f0f0fu, 4);
    swapmove(&w[2], &w[6], 0x0f0f0f0fu, 4);
    swapmove(&w[3], &w[7], 0x0f0f0f0fu, 4);
}

/* Moves column c + s of each row to column c (0 < s < 4): rotates each byte right by 2s. */
#if defined(__AVR__)
MICROSALT_INLINE uint8_t rotr8(uint8_t b, uint8_t n) /* 0 < n < 8 */
{
    return (uint8_t)((b >> n) | (b << (8 - n)));
}

/* Byte by byte: avr-gcc rotates a byte in a few instructions (swap for 4 bits) but shifts a
 * 32-bit word one bit at a time. */
MICROSALT_INLINE uint32_t rot_cols(uint32_t x, uint8_t s)
{
    return (uint32_t)rotr8((uint8_t)x, 2 * s) | ((uint32_t)rotr8((uint8_t)(x >> 8), 2 * s) << 8) |
           ((uint32_t)rotr8((uint8_t)(x >> 16), 2 * s) << 16) |
           ((uint32_t)rotr8((uint8_t)(x >> 24), 2 * s) << 24);
}
#else
MICROSALT_INLINE uint32_t rot_cols(uint32_t x, uint8_t s)
{
    uint32_t keep = (0xffu >> (2 * s)) * 0x01010101u;
    return ((x >> (2 * s)) & keep) | ((x << (8 - 2 * s)) & ~keep);
}
#endif

/* MixColumns when row r stands rotated by r*s columns (s = rounds done mod 4): row r + 1 of
 * a true column stands one row down and s columns on, where T(v) = rot_cols(v, s) rotated by
 * 8 bits fetches it. With y = v ^ T(v): 2y ^ T(v) ^ T(T(y)) = 2 a_r ^ 3 a_(r+1) ^ a_(r+2) ^
 * a_(r+3), and T(T(y)) is y rotated by 16 bits with rot_cols(., 2s mod 4). One plane v:
 * returns T(v) ^ T(T(y)) and sets *y; doubling then moves plane k of y to k + 1, reducing t^8
 * into t^4 + t^3 + t + 1. */
MICROSALT_INLINE uint32_t mix_plane(uint32_t v, uint8_t s, uint32_t *y)
{
    uint32_t tv = rotr32(s ? rot_cols(v, s) : v, 8);
    *y = v ^ tv;
    return tv ^ rotr32((s & 1) ? rot_cols(*y, 2) : *y, 16);
}

/* MixColumns and AddRoundKey, unrolled so that the state passes through registers once. */
MICROSALT_INLINE void mix_columns_ark(uint32_t x[8], uint8_t s, const uint32_t rk[8])
{
    uint32_t y7, y0, y1, y2, y3, y4, y5, y6;
    uint32_t t7 = mix_plane(x[7], s, &y7);
    x[0] = mix_plane(x[0], s, &y0) ^ y7 ^ rk[0];
    x[1] = mix_plane(x[1], s, &y1) ^ y0 ^ y7 ^ rk[1];
    x[2] = mix_plane(x[2], s, &y2) ^ y1 ^ rk[2];
    x[3] = mix_plane(x[3], s, &y3) ^ y2 ^ y7 ^ rk[3];
    x[4] = mix_plane(x[4], s, &y4) ^ y3 ^ y7 ^ rk[4];
    x[5] = mix_plane(x[5], s, &y5) ^ y4 ^ rk[5];
    x[6] = mix_plane(x[6], s, &y6) ^ y5 ^ rk[6];
    x[7] = t7 ^ y6 ^ rk[7];
}

/* The round keys as planes of two copies of the key, round key j rotated like the state
 * after j rounds. */
typedef struct {
    uint32_t rk[15][8];
} aes256_ct_key;

static void aes256_ct_schedule(aes256_ct_key *ks, const uint8_t key[32])
{
    uint32_t w[8], x[8]; /* w: the last 8 words of the schedule, as a ring */
    uint8_t i, c, r, rcon = 1;
    for (i = 0; i < 8; i++) w[i] = load32_le(key + 4 * i);
    for (i = 0; i < 60; i++) {
        if (i >= 8) {
            uint32_t t = w[(i - 1) & 7];
            if ((i & 3) == 0) { /* SubWord, bitsliced: t is secret */
                memset(x, 0, sizeof x);
                x[0] = t;
                bs_transpose(x);
                sbox_bs(x);
                bs_transpose(x);
                t = x[0];
                if ((i & 7) == 0) {
                    t = rotr32(t, 8) ^ rcon; /* RotWord after SubWord: they commute */
                    rcon = (uint8_t)(rcon << 1); /* 1..64: AES-256 uses seven, none reduced */
                }
            }
            w[i & 7] ^= t;
        }
        if ((i & 3) == 3) { /* round key i >> 2 is complete: w[(i - 3) & 7] on */
            const uint32_t *k = w + ((i - 3) & 7);
            uint8_t s = (uint8_t)((i >> 2) & 3);
            for (c = 0; c < 4; c++) {
                uint32_t v = 0;
                for (r = 0; r < 4; r++) v |= k[(c - r * s) & 3] & ((uint32_t)0xff << (8 * r));
                x[2 * c] = x[2 * c + 1] = v;
            }
            bs_transpose(x);
            memcpy(ks->rk[i >> 2], x, sizeof x);
        }
    }
    microsalt_wipe(w, sizeof w);
    microsalt_wipe(x, sizeof x);
}

/* Two blocks from the state after round 1's SubBytes (planes) to the ciphertext, as column
 * words: x[2c + b] = column c of block b. */
static void aes256_ct_finish2(uint32_t x[8], const aes256_ct_key *ks)
{
    uint8_t round, k;
    for (round = 1; round < 13; round += 4) {
        mix_columns_ark(x, 1, ks->rk[round]);
        sbox_bs(x);
        mix_columns_ark(x, 2, ks->rk[round + 1]);
        sbox_bs(x);
        mix_columns_ark(x, 3, ks->rk[round + 2]);
        sbox_bs(x);
        mix_columns_ark(x, 0, ks->rk[round + 3]);
        sbox_bs(x);
    }
    mix_columns_ark(x, 1, ks->rk[13]);
    sbox_bs(x);
    for (k = 0; k < 8; k++) x[k] ^= ks->rk[14][k];
    bs_transpose(x);
    for (k = 0; k < 4; k++) { /* rows 1 and 3 stand two columns on */
        uint32_t t = (x[k] ^ x[k + 4]) & 0xff00ff00u;
        x[k] ^= t;
        x[k + 4] ^= t;
    }
}

/* Round 1's S-box output in byte 15 (row 3, column 3) of counter blocks base..base + 31 (base
 * a multiple of 32): bit j of q[k] = bit k of S(byte 15 of key 0 ^ (base + j)). That byte is
 * the only one of a counter block (< 256) that is not the key's alone, so 32 blocks share one
 * S-box evaluation here and one of the rest of the state. rk0[k] has the key byte's bit k in
 * bits 30 and 31. */
static void ct_sub_byte15(uint32_t q[8], const uint32_t rk0[8], uint16_t base)
{
    static const uint32_t lane_bit[5] MICROSALT_FLASH = {0xaaaaaaaau, 0xccccccccu, 0xf0f0f0f0u,
                                                          0xff00ff00u, 0xffff0000u};
    uint8_t k;
    for (k = 0; k < 8; k++) {
        uint32_t ctr = k < 5 ? flash_u32(&lane_bit[k]) : (uint32_t)0 - ((base >> k) & 1);
        q[k] = ctr ^ ((uint32_t)0 - ((rk0[k] >> 30) & 1));
    }
    sbox_bs(q);
}

/* Expand for a secret key: L[i] = the i-th little-endian 32-bit word of the stream, two
 * counter blocks at a time. */
static void expand_ct(uint32_t L[P], const uint8_t key[32])
{
    aes256_ct_key ks;
    uint32_t sub1[8], q[8], x[8];
    uint16_t blk, i;
    uint8_t k;
    aes256_ct_schedule(&ks, key);
    memcpy(sub1, ks.rk[0], sizeof sub1);
    sbox_bs(sub1);
    for (blk = 0; blk < NBLOCKS; blk += 2) {
        if ((blk & 31) == 0) ct_sub_byte15(q, ks.rk[0], blk);
        for (k = 0; k < 8; k++) { /* blocks blk and blk + 1 in bits 30 and 31 */
            x[k] = (sub1[k] & 0x3fffffffu) | (((q[k] >> (blk & 31)) & 3) << 30);
        }
        aes256_ct_finish2(x, &ks);
        for (i = 0; i < 8; i++) { /* word c of block blk + b */
            uint16_t idx = (uint16_t)(4 * blk + i);
            if (idx < P) L[idx] = x[2 * (i & 3) + (i >> 2)];
        }
    }
    microsalt_wipe(&ks, sizeof ks);
    microsalt_wipe(sub1, sizeof sub1);
    microsalt_wipe(q, sizeof q);
    microsalt_wipe(x, sizeof x);
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
/* G = Generator(seed): its first P coefficients. Not inlined, so that the AES key schedule
 * does not share the stack frame of the multiplication that follows. */
static NOINLINE void generator_expand(int16_t *G, const uint8_t seed[SEEDS_BYTES])
{
    uint8_t rk[240], buf[16];
    uint16_t i, j, blk;
    aes256_pub_schedule(rk, seed);
    for (blk = 0; blk < NBLOCKS; blk++) {
        aes256_pub_ctr_block(buf, rk, blk);
        for (j = 0; j < 4; j++) {
            i = (uint16_t)(4 * blk + j);
            if (i < P) G[i] = generator_coeff(load32_le(buf + 4 * j));
        }
    }
}
#endif

#if !defined(NTRULPR761_REFERENCE) && !defined(__AVR__)
#define MUL_GEN_REVERSED 0
/* The product G * s by three levels of Karatsuba: both factors are padded to 768 = 8 * KL
 * coefficients and split in halves of 384, 192 and 96 (levels 0, 1, 2); a leaf multiplies
 * two operands of KL coefficients by schoolbook. Per level, with y = x^n for the half size
 * n, A B = (1 - y) A0 B0 + (y^2 - y) A1 B1 + y (A0 + A1)(B0 + B1): leaf (d0, d1, d2), each
 * digit 0 (low half), 1 (high half) or 2 (the sum of both), multiplies the sum of the slices
 * of G (and of s) its digits select, and its product is added into c once per term +-x^off
 * of the product of its digits' factors (1 - y), (y^2 - y) or y; the fold x^t = x^(t-p+1) +
 * x^(t-p) for t >= p happens at that addition. 27 leaves of 96 x 96 (248832 multiplications
 * instead of 579121), 125 leaf additions; no product longer than a leaf's is ever stored:
 * c accumulates in 16 bits, reduced after each group of three leaves. */
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
#if defined(__ARM_FEATURE_DSP)
    uint32_t u = (uint32_t)(x + (457 * Q + Q12));
    uint32_t quot = (uint32_t)(((uint64_t)u * 935519u) >> 32);
    return (int16_t)((int32_t)(u - quot * Q) - Q12);
#else
    uint32_t u = (uint32_t)(x + 457 * Q);
    uint32_t quot = (((u >> 5) * 29235u) + (1u << 21)) >> 22;
    return (int16_t)(int32_t)(u - quot * Q);
#endif
}

#if defined(__ARM_FEATURE_DSP)
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

/* x[i] += y[i] for i < n; on the M4 two coefficients per SADD16 (words may be unaligned).
 * The callers' sums stay within int16 (their bounds). */
static void add16(int16_t *x, const int16_t *y, unsigned n)
{
    unsigned i = 0;
#if defined(__ARM_FEATURE_DSP)
    for (; i + 2 <= n; i += 2) {
        store2x16(x + i, (uint32_t)__sadd16(load2x16(x + i), load2x16(y + i)));
    }
#endif
    for (; i < n; i++) x[i] = (int16_t)(x[i] + y[i]);
}

#if defined(__ARM_FEATURE_DSP)
/* r = a * b (2 KL - 1 coefficients, r[2 KL - 1] = 0), each coefficient reduced by fq_reduce;
 * b points KBPAD zeros after the start of its buffer, which also has KBPAD zeros after the
 * KL coefficients. With words A_i = (a_2i, a_2i+1), B_j = (b_2j, b_2j+1) and T_j = (b_2j,
 * b_2j-1): r_2k+1 = sum_i SMLADX(A_i, B_k-i) and r_2k = sum_i SMLAD(A_i, T_k-i), the words
 * B_j outside 0..47 being zeros of the padding. kara_leaf4 computes two output words (four
 * coefficients, from k) in one pass over i, whose range (the union of both words' ranges,
 * one longer at each end: i from max(0, k - 48) to min(47, k + 1)) always has an even length,
 * so each step takes two i; it loads two A and two B and builds two T, and hands the last B,
 * B and T to the next step. Bounds: |a| <= 4590 or (four or more
 * slices, reduced) 2384, |b| <= 8 and at most 2 when |a| > 2384: the sums (and every partial
 * sum) stay below 96 * 2384 * 8 < 1.84e6, within fq_reduce's range. */
MICROSALT_INLINE void kara_leaf4(int16_t r[4], const int16_t *pa, const int16_t *pb, unsigned n)
{
    uint32_t bn = load2x16(pb + 2), bm = load2x16(pb); /* B_k+1-i, B_k-i */
    uint32_t tn = pack_lo_hi(bn, bm);                   /* T_k+1-i */
    int32_t e0 = 0, o0 = 0, e1 = 0, o1 = 0;
    while (n-- > 0) {
        uint32_t a0 = load2x16(pa), a1 = load2x16(pa + 2);
        uint32_t bl = load2x16(pb - 2), bl2 = load2x16(pb - 4);
        uint32_t tm = pack_lo_hi(bm, bl), tl = pack_lo_hi(bl, bl2);
        e1 = __smlad(a0, tn, e1);
        o1 = __smladx(a0, bn, o1);
        e0 = __smlad(a0, tm, e0);
        o0 = __smladx(a0, bm, o0);
        e1 = __smlad(a1, tm, e1);
        o1 = __smladx(a1, bm, o1);
        e0 = __smlad(a1, tl, e0);
        o0 = __smladx(a1, bl, o0);
        bn = bl;
        bm = bl2;
        tn = tl;
        pa += 4;
        pb -= 4;
    }
    r[0] = fq_reduce(e0);
    r[1] = fq_reduce(o0);
    r[2] = fq_reduce(e1);
    r[3] = fq_reduce(o1);
}

static void kara_leaf(int16_t r[2 * KL], const int16_t a[KL], const int16_t *b)
{
    unsigned k;
    for (k = 0; k < KL / 2; k += 2) kara_leaf4(r + 2 * k, a, b + 2 * k, k / 2 + 1);
    for (; k < KL; k += 2) kara_leaf4(r + 2 * k, a + 2 * (k - KL / 2), b + KL, (KL - k) / 2);
}
#else
/* r = a * b as above (r[2 KL - 1] = 0), two output coefficients per pass over i: both
 * ranges together, b's zero padding covering the ends; each step loads one a and one b and
 * reuses the b of the step before. Same bounds as the DSP version. */
static void kara_leaf(int16_t r[2 * KL], const int16_t a[KL], const small_t *b)
{
    uint16_t t;
    for (t = 0; t < 2 * KL; t += 2) {
        uint16_t ilo = (uint16_t)(t > KL - 1 ? t - (KL - 1) : 0);
        uint16_t ihi = (uint16_t)(t + 1 < KL - 1 ? t + 1 : KL - 1);
        const int16_t *pa = a + ilo, *pend = a + ihi + 1;
        const small_t *pb = b + (t - ilo); /* b_t-i */
        int32_t v0 = 0, v1 = 0;
        int32_t bn = pb[1];                /* b_t+1-i */
        while (pa != pend) {
            int32_t x = *pa++, bm = *pb--;
            v0 += x * bm;
            v1 += x * bn;
            bn = bm;
        }
        r[t] = fq_reduce(v0);
        r[t + 1] = fq_reduce(v1);
    }
}
#endif

/* The leaf operands of digits d[0..2]: a = the sum of the slices of G (padded to KPAD), b
 * the same slices of s (zero at p and beyond), at the offsets that the digits select (digit 1
 * adds the level's half size, digit 2 takes both). A sum of four or eight slices of G is
 * reduced (|.| <= 8 * Q12 before), keeping the leaf product within fq_reduce's range; s sums
 * stay exact (|b| <= 8). */
static void kara_operands(int16_t a[KL], small_t b[KL + 2 * KBPAD], const int16_t G[KPAD],
                          const small_t s[P], const uint8_t d[3])
{
    uint16_t off[8], i;
    uint8_t n = 1, l, j;
    small_t *bb = b + KBPAD;
    off[0] = 0;
    for (l = 0; l < 3; l++) {
        uint16_t half = (uint16_t)((4 * KL) >> l);
        for (j = 0; j < n; j++) {
            if (d[l] == 2) off[n + j] = (uint16_t)(off[j] + half);
            else off[j] = (uint16_t)(off[j] + d[l] * half);
        }
        if (d[l] == 2) n = (uint8_t)(2 * n);
    }
    memset(b, 0, (KL + 2 * KBPAD) * sizeof(small_t));
    memcpy(a, G + off[0], KL * sizeof(int16_t));
    for (j = 0; j < n; j++) {
        uint16_t len = (uint16_t)(P - off[j] < KL ? P - off[j] : KL);
        if (j > 0) add16(a, G + off[j], KL);
#if defined(__ARM_FEATURE_DSP)
        add16(bb, s + off[j], len); /* small_t is int16_t */
#else
        for (i = 0; i < len; i++) bb[i] = (small_t)(bb[i] + s[off[j] + i]);
#endif
    }
    if (n >= 4) {
        for (i = 0; i < KL; i++) a[i] = fq_reduce(a[i]);
    }
}

/* c += x^off * r in R/q for a leaf product r (2 KL - 1 coefficients): the term at t = off + j
 * goes to c_t when t < p, else to c_(t-p) and c_(t-p+1); terms beyond 2p - 2 are dropped
 * (all leaves together put zero there: the padded factors have degree < p). In the folded
 * part c_k takes r_j + r_(j-1) in one step (on the M4 two of them per pair of SADD16s, with
 * c_k at an even k: word-aligned). */
static void kara_add(int16_t c[P], const int16_t r[2 * KL], unsigned off)
{
    unsigned i, m, end = 2 * KL - 1, n1;
    int16_t *ck;
    const int16_t *rj;
    if (off + end > 2 * P - 1) end = 2 * P - 1 - off;
    n1 = off >= P ? 0 : (P - off < end ? P - off : end);
    add16(c + off, r, n1);
    if (n1 == end) return;
    ck = c + (off + n1 - P); /* c_k for j = n1, then one k per j */
    rj = r + n1;
    m = end - n1;
    ck[0] = (int16_t)(ck[0] + rj[0]);
    i = 1;
#if defined(__ARM_FEATURE_DSP)
    if (m > 1 && ((off + n1 + 1 - P) & 1)) {
        ck[1] = (int16_t)(ck[1] + rj[1] + rj[0]);
        i = 2;
    }
    for (; i + 2 <= m; i += 2) {
        uint32_t rr = (uint32_t)__sadd16(load2x16(rj + i - 1), load2x16(rj + i));
        store2x16(ck + i, (uint32_t)__sadd16(load2x16(ck + i), rr));
    }
#endif
    for (; i < m; i++) ck[i] = (int16_t)(ck[i] + rj[i] + rj[i - 1]);
    ck[m] = (int16_t)(ck[m] + rj[m - 1]);
}

/* c = G * s in R/q (see the Karatsuba comment above), |c_k| <= 2384, with G padded to KPAD.
 * Each leaf's terms are added in two rounds, r negated in between. A group of three leaves
 * (same d0, d1) adds at most 12 leaf coefficients (|.| <= 2384) to any c_k (counted over the
 * fixed schedule of offsets and folds; 8 or 10 in the groups with a digit 2), so from |c_k|
 * <= 2384 after a reduction c_k stays within 13 * 2384 = 30992 < 2^15. Not inlined: its
 * buffers (about 800 bytes) do not share the stack with generator_expand's. */
static NOINLINE void kara_mul(int16_t c[P], const int16_t G[KPAD], const small_t s[P])
{
    int16_t a[KL], r[2 * KL];
    small_t b[KL + 2 * KBPAD];
    uint16_t off[8], i;
    uint8_t neg[8], d[3], n, l, j, round;
    memset(c, 0, P * sizeof(int16_t));
    for (d[0] = 0; d[0] < 3; d[0]++) {
        for (d[1] = 0; d[1] < 3; d[1]++) {
            for (d[2] = 0; d[2] < 3; d[2]++) {
                kara_operands(a, b, G, s, d);
                kara_leaf(r, a, b + KBPAD);
                /* The terms of the product of 1 - y (digit 0), y^2 - y (1) or y (2). */
                off[0] = 0;
                neg[0] = 0;
                n = 1;
                for (l = 0; l < 3; l++) {
                    uint16_t half = (uint16_t)((4 * KL) >> l);
                    for (j = 0; j < n; j++) {
                        if (d[l] != 2) {
                            off[n + j] = (uint16_t)(off[j] + half);
                            neg[n + j] = (uint8_t)(neg[j] ^ 1);
                        }
                        off[j] = (uint16_t)(off[j] + (d[l] == 2 ? half : 2 * d[l] * half));
                    }
                    if (d[l] != 2) n = (uint8_t)(2 * n);
                }
                for (round = 0; round < 2; round++) {
                    if (round == 1) {
                        if (n == 1) break; /* all digits 2: one term, positive */
                        for (i = 0; i < 2 * KL; i++) r[i] = (int16_t)-r[i];
                    }
                    for (j = 0; j < n; j++) {
                        if (neg[j] == round) kara_add(c, r, off[j]);
                    }
                }
            }
            if (d[0] != 2 || d[1] != 2) {
                for (i = 0; i < P; i++) c[i] = fq_reduce(c[i]);
            }
        }
    }
    microsalt_wipe(b, sizeof b);
    microsalt_wipe(r, sizeof r);
}

/* c = G * s in R/q, frozen to [-Q12, Q12]. */
static void mul_generator_small(int16_t c[P], const uint8_t seed[SEEDS_BYTES], const small_t s[P])
{
    int16_t G[KPAD];
    uint16_t i;
    generator_expand(G, seed);
    for (i = P; i < KPAD; i++) G[i] = 0;
    kara_mul(c, G, s);
    for (i = 0; i < P; i++) c[i] = fq_freeze(c[i]);
}
#elif !defined(NTRULPR761_REFERENCE)
#define MUL_GEN_REVERSED 1 /* mul_generator_small takes s reversed */
/* c = G * s in R/q, frozen, on AVR: G stored, each product coefficient one dot product with
 * a 32-bit accumulator (prod_coeff's masked products), one freeze per output coefficient.
 * Not Karatsuba there: its operand sums of s leave {-1, 0, 1}, so a product could no longer
 * be a mask but would need a real signed multiply, which avr-gcc takes from libgcc's
 * branching routines. */
static void mul_generator_small(int16_t c[P], const uint8_t seed[SEEDS_BYTES],
                                const small_t sr[P])
{
    int16_t G[P];
    uint16_t i;
    mul_iter it;
    generator_expand(G, seed);
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

/* Tests only (ntrulpr761.h): this variant's G * s, s given as Small_encode bytes. */
void microsalt_ntrulpr761_mul_generator(int16_t c[P], const uint8_t seed[SEEDS_BYTES],
                                        const uint8_t s_enc[SMALL_BYTES])
{
    small_t s[P];
    small_unpack(s, s_enc, MUL_GEN_REVERSED);
    mul_generator_small(c, seed, s);
}

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
