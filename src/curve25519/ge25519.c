/*
 * Ed25519 group arithmetic in extended twisted Edwards coordinates (a = -1), with the
 * formulas of Hisil, Wong, Carter and Dawson, "Twisted Edwards Curves Revisited" (2008):
 * the unified addition add-2008-hwcd-3, complete on this curve (d is not a square), so it
 * also handles the identity and doubling; and the dedicated doubling dbl-2008-hwcd.
 * Decoding and verification, whose operands are all public, take the public field kernels
 * (fe25519.h), which may be faster for taking variable time; everything else the
 * constant-time ones. The formulas are written once for both (ge25519_formulas.h).
 */
#include "ge25519.h"

#include "common.h"

/* The table and the constants stay in flash on AVR (src/core/common.h). */
#define GE25519_TABLE_ATTR MICROSALT_FLASH MICROSALT_ALIGN4
#ifndef MICROSALT_BASE_TABLE_BLOCKS
#define MICROSALT_BASE_TABLE_BLOCKS 8
#endif
#if MICROSALT_BASE_TABLE_BLOCKS != 2 && MICROSALT_BASE_TABLE_BLOCKS != 4 && \
    MICROSALT_BASE_TABLE_BLOCKS != 8 && MICROSALT_BASE_TABLE_BLOCKS != 16
#error "MICROSALT_BASE_TABLE_BLOCKS: 2, 4, 8 or 16"
#endif
#define GE25519_TABLE_BLOCKS MICROSALT_BASE_TABLE_BLOCKS
/* The width of B's digits in verification (see wnaf_chunk): 4 takes B's multiples from the
 * fixed-base table; 5 to 8 add 0.4, 1.1, 2.6 or 5.6 KB of B's odd multiples to the flash and
 * 16 bytes to the stack, for some 8, 14, 19 or 22 fewer additions of about 100. */
#ifndef MICROSALT_VERIFY_BASE_WINDOW
#define MICROSALT_VERIFY_BASE_WINDOW 4
#endif
#if MICROSALT_VERIFY_BASE_WINDOW < 4 || MICROSALT_VERIFY_BASE_WINDOW > 8
#error "MICROSALT_VERIFY_BASE_WINDOW: 4 to 8"
#endif
#define GE25519_VERIFY_WINDOW MICROSALT_VERIFY_BASE_WINDOW

#include "ge25519_base.h"

/*
 * The fixed-base table: MICROSALT_BASE_TABLE_BLOCKS = 2, 4, 8 or 16 base points B_k, each
 * with its multiples 1..8 (768 bytes a block). A scalar's 64 signed radix-16 digits split
 * into that many blocks, so [a]B costs 64 mixed additions and 4 (64 / blocks - 1) doublings.
 * The block count trades flash for doublings: 2 blocks (1.5 KB) need 124 doublings, 4 blocks
 * (3 KB) 60, 8 blocks (6 KB) 28, 16 blocks (12 KB) 12 and 32 blocks (24 KB, the usual ref10
 * layout) 4. Chips with flash to spare take 16 (targets.txt), whose 16 fewer doublings than
 * 8 make a signature about 10% faster; the ATmega328P, whose 32 KB must hold NaCl and the
 * application, takes 4, which costs its signature about 20% (1.7M cycles) against 8 blocks;
 * 2 are for an application that cannot spare even those 3 KB. The smaller tables are
 * subsets of the 16-block one (ge25519_base.h), so a build links only its own blocks.
 */
#define DIGITS 64
#define ROWS (DIGITS / MICROSALT_BASE_TABLE_BLOCKS)

/* The multiples j * B_k, j = 1..8, of block k (public): block g = k (16 / blocks) of the
 * 16-block table, which ge25519_base.h splits by g mod 8 (0, 4, 2 or 6, odd) so that a
 * build links only the blocks it uses. */
static const uint8_t (*base_block(int k))[96]
{
    int g = k * (GE25519_TABLE_BLOCKS_MAX / MICROSALT_BASE_TABLE_BLOCKS);
#if MICROSALT_BASE_TABLE_BLOCKS == 16
    if (g & 1) return ge25519_base_table_odd[g >> 1];
#endif
#if MICROSALT_BASE_TABLE_BLOCKS >= 8
    if (g & 2) return ge25519_base_table_2[g >> 2];
#endif
#if MICROSALT_BASE_TABLE_BLOCKS >= 4
    if (g & 4) return ge25519_base_table_4[g >> 3];
#endif
    return ge25519_base_table[g >> 3];
}

/*
 * Verification uses width-4 NAFs for A's scalar: digits odd and within -7..7, made 16
 * positions at a time (wnaf_chunk). A's odd multiples are computed at run time as (Y + X,
 * Y - X, 2dT) with one Z for all four (96 or 120 bytes each, and the common 2Z): a Z each
 * would take 96 or 120 bytes more of stack, bringing them to a common one 30
 * multiplications, 1% of a verification. Width 5 would save about 16 of some 100 additions
 * but needs eight multiples: +700 bytes of stack, beyond the 1,200 bytes that let an
 * ATmega328P's 2 KB hold verification and its caller. B's multiples are in flash, so its
 * width is the build's choice of flash (MICROSALT_VERIFY_BASE_WINDOW above): B, 3B, 5B, 7B
 * of the table's row 0 for width 4, and up to 127B for width 8.
 */
#define WINDOW 4
#define MULTIPLES (1 << (WINDOW - 2))

/* ---- Constant data ------------------------------------------------------------------- */

/* h = the public 32-byte constant at p (table storage). */
static void fe_load_const(fe25519 *h, const uint8_t *p)
{
    uint8_t b[32];
    microsalt_fe_frombytes(h, flash_view(b, p, sizeof b));
}

/* ---- Point formulas ------------------------------------------------------------------ */

static void p3_to_p2(ge_p2 *r, const ge25519 *p)
{
    r->X = p->X;
    r->Y = p->Y;
    r->Z = p->Z;
}

static void p3_identity(ge25519 *r)
{
    microsalt_fe_0(&r->X);
    microsalt_fe_1(&r->Y);
    microsalt_fe_1(&r->Z);
    microsalt_fe_0(&r->T);
}

/* The constant-time instance, whose doubling and additions are the kernels' twins. */
#define GE_MUL microsalt_fe_mul
#define GE_SQ microsalt_fe_sq
#define GE_NAME(name) name
#define GE_KERNEL_DEF
#define GE_KERNEL(name) microsalt_ge25519_##name##_portable
#define GE_KERNEL_CALL(name) microsalt_ge25519_##name
#include "ge25519_formulas.h"

/* ---- Fixed base: constant time ------------------------------------------------------- */

/* e = a as 64 signed radix-16 digits d_i, a = sum d_i 16^i, d_0..d_62 in -8..7 and d_63 in
 * 0..8 (a < 2^255 makes the top nibble at most 7). Digit i is nibble i of e, low nibble
 * first, in 4-bit two's complement: two digits to a byte halve the stack they take. */
static void recode_radix16(uint8_t e[DIGITS / 2], const uint8_t a[32])
{
    unsigned carry = 0, v, d[2];
    int i, h;
    for (i = 0; i < 32; i++) {
        for (h = 0; h < 2; h++) {
            v = ((a[i] >> (4 * h)) & 15) + carry; /* 0..16 */
            carry = (v + 8) >> 4;                 /* 1 when v >= 8 */
            /* v - 16 carry in -8..7, as 4 bits. The top digit is v itself, 0..8, whose 4 bits
             * are the same; digit() reads it unsigned. */
            d[h] = (v - (carry << 4)) & 15;
        }
        e[i] = (uint8_t)(d[0] | (d[1] << 4));
    }
}

/* Digit i of the recoding e, in -8..8. */
static int32_t digit(const uint8_t e[DIGITS / 2], int i)
{
    int32_t v = (e[i >> 1] >> (4 * (i & 1))) & 15;
    return i == DIGITS - 1 ? v : v - ((v & 8) << 1);
}

/* The secret temporaries of the fixed-base multiplication, wiped once at its end. */
typedef struct {
    uint8_t e[DIGITS / 2];
    union {
        ge_p1p1 t; /* each doubling's or addition's result */
        uint8_t copy[32]; /* while selecting: a table coordinate out of flash (AVR) */
    } u;
    union {
        ge_p2 q;    /* the accumulator while doubling */
        ge_niels n; /* the selected multiple while adding */
    } v;
} base_scratch;

/* The little-endian encoding of words[0..7]: their own bytes on little-endian AVR, written
 * out to buf elsewhere. */
static const uint8_t *words_le(uint8_t buf[32], const uint32_t words[8])
{
#if MICROSALT_BYTE_REGISTERS
    (void)buf;
    return (const uint8_t *)words;
#else
    int i;
    for (i = 0; i < 8; i++) store32_le(buf + 4 * i, words[i]);
    return buf;
#endif
}

/* A coordinate at a time: the OR of that coordinate of the identity (y + x = 1, y - x = 1,
 * 2dxy = 0) and of all eight entries, each ANDed with a mask that is all ones only for the
 * one whose index matches mag. The words build up in a local array, which compilers for
 * 32-bit cores keep in registers: no read-modify-write of memory per entry and word. */
void microsalt_ge25519_select_portable(ge_niels *n, const uint8_t (*block)[96], uint32_t mag,
                                       uint8_t scratch[32])
{
    fe25519 *const coords[3] = {&n->ypx, &n->ymx, &n->xy2d};
    uint32_t acc[8], m;
    const uint8_t *e;
    uint32_t j;
    int c, i;
    for (c = 0; c < 3; c++) {
        acc[0] = (uint32_t)(c < 2) & ct_mask_u32(ct_is_zero_u32(mag));
        MICROSALT_UNROLL(7)
        for (i = 1; i < 8; i++) acc[i] = 0;
        for (j = 1; j <= 8; j++) {
            e = MICROSALT_ASSUME_ALIGNED4(flash_view(scratch, block[j - 1] + 32 * c, 32));
            m = ct_mask_u32(ct_eq_u32(mag, j));
            MICROSALT_UNROLL(8)
            for (i = 0; i < 8; i++) acc[i] |= m & load32_le(e + 4 * i);
        }
        microsalt_fe_frombytes(coords[c], words_le(scratch, acc));
    }
    microsalt_wipe(acc, sizeof acc);
}

void microsalt_ge25519_madd_portable(ge25519 *r, ge_niels *n, uint32_t neg, ge_p1p1 *t)
{
    /* A negative digit adds -n = (-x, y), the way add_sum's negate does (y + x and y - x
     * trade places, then F and G), with swaps under a mask. */
    microsalt_fe_cswap(&n->ypx, &n->ymx, neg);
    add_niels(t, r, n, 0);
    microsalt_fe_cswap(&t->T, &t->Z, neg);
    p1p1_to_p3(r, t);
}

/* r = n, negated when neg: what madd makes of the identity and n, in one multiplication
 * where madd takes seven. With d = (y + x) - (y - x) = 2x and s = 2y, (X : Y : Z : T) =
 * (2d : 2s : 4 : d s) has x = X/Z, y = Y/Z and x y = T/Z. t: scratch, as madd's. */
static void niels_to_p3(ge25519 *r, ge_niels *n, uint32_t neg, ge_p1p1 *t)
{
    microsalt_fe_cswap(&n->ypx, &n->ymx, neg);
    microsalt_fe_sub(&t->X, &n->ypx, &n->ymx);
    microsalt_fe_add(&t->Y, &n->ypx, &n->ymx);
    microsalt_fe_add(&r->X, &t->X, &t->X);
    microsalt_fe_add(&r->Y, &t->Y, &t->Y);
    microsalt_fe_mul(&r->T, &t->X, &t->Y);
    microsalt_fe_1(&r->Z);
    microsalt_fe_add(&r->Z, &r->Z, &r->Z);
    microsalt_fe_add(&r->Z, &r->Z, &r->Z);
}

void microsalt_ge25519_scalarmult_base(ge25519 *r, const uint8_t a[32])
{
    base_scratch s;
    int row, k, i;
    uint32_t neg;
    recode_radix16(s.e, a);
    /* a B = sum over rows of 16^row * (sum over k of e[ROWS k + row] B_k), by Horner, from
     * the first multiple itself rather than the identity. */
    for (row = ROWS - 1; row >= 0; row--) {
        if (row < ROWS - 1) {
            p3_to_p2(&s.v.q, r);
            microsalt_ge25519_dbl(&s.u.t, &s.v.q);
            for (i = 0; i < 3; i++) microsalt_ge25519_dbl_completed(&s.u.t, &s.v.q);
            p1p1_to_p3(r, &s.u.t);
        }
        for (k = 0; k < MICROSALT_BASE_TABLE_BLOCKS; k++) {
            int32_t d = digit(s.e, ROWS * k + row);
            neg = ct_msb_u32((uint32_t)d);
            microsalt_ge25519_select(&s.v.n, base_block(k),
                                     ct_select_u32(neg, (uint32_t)-d, (uint32_t)d), s.u.copy);
            if (row == ROWS - 1 && k == 0) {
                niels_to_p3(r, &s.v.n, neg, &s.u.t);
            } else {
                microsalt_ge25519_madd(r, &s.v.n, neg, &s.u.t);
            }
        }
    }
    microsalt_wipe(&s, sizeof s);
}

void microsalt_ge25519_tobytes(uint8_t s[32], const ge25519 *p)
{
    fe25519 zinv, x, y;
    microsalt_fe_invert(&zinv, &p->Z);
    microsalt_fe_mul(&x, &p->X, &zinv);
    microsalt_fe_mul(&y, &p->Y, &zinv);
    microsalt_fe_tobytes(s, &y);
    s[31] = (uint8_t)(s[31] | (microsalt_fe_isnegative(&x) << 7));
    microsalt_wipe(&zinv, sizeof zinv);
    microsalt_wipe(&x, sizeof x);
    microsalt_wipe(&y, sizeof y);
}

/* ---- Decoding and verification: variable time, public data only --------------------- */

/* Where the architecture has public field kernels (fe25519.h), the formulas again with
 * them, for verification alone; elsewhere verification takes the constant-time formulas and
 * kernels, native ones included. */
#if MICROSALT_NATIVE_FE_MUL_PUBLIC || MICROSALT_NATIVE_FE_SQ_PUBLIC
#define GE_MUL microsalt_fe_mul_public
#define GE_SQ microsalt_fe_sq_public
#define GE_NAME(name) name##_public
#define GE_KERNEL_DEF static
#define GE_KERNEL(name) name##_public
#define GE_KERNEL_CALL(name) name##_public
#include "ge25519_formulas.h"
#else
#define p1p1_to_p3_public p1p1_to_p3
#define p3_to_cached_public p3_to_cached
#define p1p1_to_cached_public p1p1_to_cached
#define scale_cached_public scale_cached
#define add_cached_public add_cached
#define dbl_public microsalt_ge25519_dbl
#define dbl_completed_public microsalt_ge25519_dbl_completed
#define add_completed_public microsalt_ge25519_add_completed
#endif

int microsalt_ge25519_frombytes_negate_vartime(ge25519 *r, const uint8_t s[32])
{
    fe25519 u, v, v3, vxx, c;
    uint8_t canonical[32];
    unsigned sign = s[31] >> 7;
    microsalt_fe_frombytes(&r->Y, s);
    /* y < p exactly when the canonical re-encoding gives back the 255 bits of y. */
    microsalt_fe_tobytes(canonical, &r->Y);
    if (ct_compare_bytes(canonical, s, 31) != 0 || canonical[31] != (s[31] & 0x7f)) {
        return -1;
    }
    /* x^2 = u / v with u = y^2 - 1 and v = d y^2 + 1; the candidate root (RFC 8032 5.1.3) is
     * x = u v^3 (u v^7)^((p-5)/8). */
    microsalt_fe_1(&r->Z);
    microsalt_fe_sq_public(&u, &r->Y);
    fe_load_const(&c, ge25519_d);
    microsalt_fe_mul_public(&v, &u, &c);
    microsalt_fe_sub(&u, &u, &r->Z);
    microsalt_fe_add(&v, &v, &r->Z);
    microsalt_fe_sq_public(&v3, &v);
    microsalt_fe_mul_public(&v3, &v3, &v);
    microsalt_fe_sq_public(&r->X, &v3);
    microsalt_fe_mul_public(&r->X, &r->X, &v);
    microsalt_fe_mul_public(&r->X, &r->X, &u);
    microsalt_fe_pow22523(&r->X, &r->X);
    microsalt_fe_mul_public(&r->X, &r->X, &v3);
    microsalt_fe_mul_public(&r->X, &r->X, &u);
    /* v x^2 = u: x is a root; v x^2 = -u: x sqrt(-1) is; otherwise there is none. */
    microsalt_fe_sq_public(&vxx, &r->X);
    microsalt_fe_mul_public(&vxx, &vxx, &v);
    microsalt_fe_sub(&c, &vxx, &u);
    if (!microsalt_fe_iszero(&c)) {
        microsalt_fe_add(&c, &vxx, &u);
        if (!microsalt_fe_iszero(&c)) {
            return -1;
        }
        fe_load_const(&c, ge25519_sqrtm1);
        microsalt_fe_mul_public(&r->X, &r->X, &c);
    }
    if (sign == 1 && microsalt_fe_iszero(&r->X)) {
        return -1;
    }
    /* The encoded point has x of parity `sign`; its negation has the other one. */
    if (microsalt_fe_isnegative(&r->X) == sign) {
        microsalt_fe_neg(&r->X, &r->X);
    }
    microsalt_fe_mul_public(&r->T, &r->X, &r->Y);
    return 0;
}

static unsigned scalar_bit(const uint8_t s[32], unsigned i)
{
    return i < 256 ? (s[i >> 3] >> (i & 7)) & 1 : 0;
}

/*
 * Width-w NAFs of s < 2^255 (w = 4 for A's scalar, MICROSALT_VERIFY_BASE_WINDOW for B's),
 * made a chunk of CHUNK positions at a time: s = sum d_i 2^i with every nonzero d_i odd, in
 * -(2^(w-1) - 1)..2^(w-1) - 1, and followed by at least w - 1 zeros. The recoding scans the
 * bits upwards, carrying 1 into the rest of the scalar after each negative digit (s < 2^255
 * guarantees the last carry is absorbed by position 255), while the multiplication consumes
 * digits downwards: a first scan records where each chunk's scan starts, and each chunk is
 * recoded again, from its record, when the multiplication reaches it. 16 digits of each
 * scalar and 16 bytes of records instead of 256 digits keep verification within 1,200 bytes
 * of stack, with four multiples of A even on AVR.
 */
#define CHUNK 16
#define CHUNKS (256 / CHUNK)
#define B_WINDOW MICROSALT_VERIFY_BASE_WINDOW
/* A position's two digits, A's in bits 0..3 and B's above (two's complement): a byte for
 * two 4-bit digits, 16 bits where B's takes 8. */
#if B_WINDOW > 4
typedef uint16_t naf_pair;
#define B_BITS 8
#else
typedef uint8_t naf_pair;
#define B_BITS 4
#endif

/* Scans s from position lo + (start & 7), with carry start >> 3, up to lo + CHUNK, by
 * windows of `width` bits; writes the digits of positions lo..lo + CHUNK - 1 into naf (when
 * not NULL) as `bits`-bit two's-complement fields at `shift`, naf[i] for position lo + i.
 * Returns the record of where the next chunk's scan starts: the same form, in 4 bits (a
 * digit's window may reach up to width - 1 <= 7 positions into the next chunk, whose scan
 * then starts behind them). */
static uint8_t wnaf_chunk(naf_pair *naf, const uint8_t s[32], unsigned width, unsigned bits,
                          unsigned shift, unsigned lo, uint8_t start)
{
    unsigned pos = lo + (start & 7u), carry = start >> 3, v, i;
    while (pos < lo + CHUNK) {
        if (scalar_bit(s, pos) == carry) {
            pos++; /* the remaining value is even here: digit 0 */
            continue;
        }
        v = carry;
        for (i = 0; i < width; i++) {
            v += scalar_bit(s, pos + i) << i;
        }
        /* v is odd and below 2^width: the digit is v mod 2^width taken into the signed
         * range, v - 2^width when v >= 2^(width - 1), which carries 1 on; its field is that
         * mod 2^bits. */
        carry = v >> (width - 1);
        if (naf != NULL) {
            naf[pos - lo] = (naf_pair)(naf[pos - lo] |
                                       (((v - (carry << width)) & ((1u << bits) - 1)) << shift));
        }
        pos += width;
    }
    return (uint8_t)((pos - lo - CHUNK) | (carry << 3));
}

/* The digit in the `bits`-bit field of c at shift. */
static int naf_digit(naf_pair c, unsigned bits, unsigned shift)
{
    int v = (int)((c >> shift) & ((1u << bits) - 1));
    return v - ((v & (1 << (bits - 1))) << 1);
}

/* j B for odd j below 2^(B_WINDOW - 1) (public): up to 7 from row 0 of the table, the rest
 * from the odd multiples of the window's width. */
static const uint8_t *base_odd_multiple(int j)
{
#if B_WINDOW >= 8
    if (j > 63) return ge25519_base_odd_8[(j - 65) / 2];
#endif
#if B_WINDOW >= 7
    if (j > 31) return ge25519_base_odd_7[(j - 33) / 2];
#endif
#if B_WINDOW >= 6
    if (j > 15) return ge25519_base_odd_6[(j - 17) / 2];
#endif
#if B_WINDOW >= 5
    if (j > 7) return ge25519_base_odd_5[(j - 9) / 2];
#endif
    return ge25519_base_table[0][j - 1];
}

/* n = j B for odd j below 2^(B_WINDOW - 1). */
static void base_multiple(ge_niels *n, int j)
{
    const uint8_t *entry = base_odd_multiple(j);
    fe_load_const(&n->ypx, entry);
    fe_load_const(&n->ymx, entry + 32);
    fe_load_const(&n->xy2d, entry + 64);
}

void microsalt_ge25519_double_scalarmult_vartime(ge25519 *r, const uint8_t h[32],
                                                 const ge25519 *A, const uint8_t s[32])
{
    naf_pair naf[CHUNK];    /* digits of h in bits 0..3, of s above */
    uint8_t start[CHUNKS];  /* where each chunk's scan starts: h's low nibble, s's high */
    ge_niels a_odd[MULTIPLES];  /* (2i + 1) A in cached form, with one Z for all */
    fe25519 a_z2;               /* their common 2Z */
    ge_p1p1 t;
    union {
        ge_p2 q;    /* the accumulator between steps */
        ge_niels n; /* a multiple of B during a step */
    } v;
    int k, j, d, started = 0;
    start[0] = 0;
    for (k = 0; k + 1 < CHUNKS; k++) {
        start[k + 1] =
            (uint8_t)(wnaf_chunk(NULL, h, WINDOW, 4, 0, (unsigned)k * CHUNK, start[k] & 15) |
                      wnaf_chunk(NULL, s, B_WINDOW, B_BITS, 4, (unsigned)k * CHUNK,
                                 start[k] >> 4) << 4);
    }
    /* r, free until the end (and A itself when they alias), holds 2A meanwhile. */
    p3_to_cached_public(&a_odd[0], &a_z2, A);
    p3_to_p2(&v.q, A);
    dbl_public(&t, &v.q);
    p1p1_to_p3_public(r, &t);
    for (k = 1; k < MULTIPLES; k++) {
        add_cached_public(&t, r, &a_odd[k - 1], &a_z2, 0);
        /* The new multiple's own 2Z goes to v, free here. The new multiple takes the common
         * 2Z as a factor, the earlier ones and the common 2Z take its own. */
        p1p1_to_cached_public(&a_odd[k], &v.q.Z, &t);
        scale_cached_public(&a_odd[k], &a_z2);
        for (j = 0; j < k; j++) scale_cached_public(&a_odd[j], &v.q.Z);
        microsalt_fe_mul_public(&a_z2, &a_z2, &v.q.Z);
    }
    /* From the highest nonzero digit down: double, then add the digits' multiples. */
    for (k = CHUNKS - 1; k >= 0; k--) {
        memset(naf, 0, sizeof naf);
        (void)wnaf_chunk(naf, h, WINDOW, 4, 0, (unsigned)k * CHUNK, start[k] & 15);
        (void)wnaf_chunk(naf, s, B_WINDOW, B_BITS, 4, (unsigned)k * CHUNK, start[k] >> 4);
        for (j = CHUNK - 1; j >= 0; j--) {
            if (started) {
                dbl_completed_public(&t, &v.q);
            } else if (naf[j] != 0) {
                started = 1;
                microsalt_fe_0(&v.q.X);
                microsalt_fe_1(&v.q.Y);
                microsalt_fe_1(&v.q.Z);
                dbl_public(&t, &v.q);
            } else {
                continue;
            }
            d = naf_digit(naf[j], 4, 0);
            if (d != 0) {
                add_completed_public(&t, r, &a_odd[(d < 0 ? -d : d) / 2], &a_z2, d < 0);
            }
            d = naf_digit(naf[j], B_BITS, 4);
            if (d != 0) {
                base_multiple(&v.n, d < 0 ? -d : d);
                add_completed_public(&t, r, &v.n, NULL, d < 0);
            }
        }
    }
    if (!started) {
        p3_identity(r);
        return;
    }
    p1p1_to_p3_public(r, &t);
}
