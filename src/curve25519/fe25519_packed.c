/*
 * GF(2^255 - 19) in eight 32-bit words reduced mod 2p = 2^256 - 38, the layout that fast
 * assembly on 8- and 32-bit cores uses (an AVR sees the same 32 bytes): h = sum v[i] 2^(32 i).
 * These are the portable twins of the field kernels (fe25519.h): an architecture's native
 * kernel takes and returns exactly this layout.
 *
 * Bounds. Every function takes any eight words (0 <= h < 2^256) and returns a value below
 * 2^256 that need not be below p; only fe_freeze, and so fe_tobytes, reduce fully. Arithmetic
 * mod 2^256 - 38 is arithmetic mod p, since 2^256 - 38 = 2p. A carry out of bit 256 is worth
 * 38 (2^256 = 38 mod 2p) and is added back in.
 *
 * Products go through ct_mul32x32_64 (common.h), 32x32 -> 64 bits in constant time on every
 * core. Row by row, each step r + a_i b_j + carry fits 64 bits: (2^32 - 1)^2 + 2 (2^32 - 1)
 * = 2^64 - 1, the multiply-accumulate-accumulate that UMAAL does in one instruction.
 *
 * Wiping: as the other representations, the hot functions leave their frames to be
 * overwritten by the next call; fe_tobytes wipes its copy.
 */
#include "fe25519.h"

#if MICROSALT_FE_PACKED

#include "common.h"

/* h = t + 38 c for t < 2^256 and c < 2^32 (so 38 c < 2^38): one carry chain, then the carry
 * out of bit 256 (at most 1, worth 38 again) once more, after which nothing carries: the
 * first chain leaves at most 2^256 + 2^38, so the second adds 38 to a value below 2^38.
 * Post: h < 2^256. h may be t. */
static void fold(uint32_t h[8], const uint32_t t[8], uint32_t c)
{
    uint64_t acc = (uint64_t)t[0] + ct_mul32x32_64(c, 38);
    int i;
    h[0] = (uint32_t)acc;
    for (i = 1; i < 8; i++) {
        acc = (acc >> 32) + t[i];
        h[i] = (uint32_t)acc;
    }
    acc = (uint64_t)h[0] + (38 & ct_mask_u32((uint32_t)(acc >> 32)));
    h[0] = (uint32_t)acc;
    for (i = 1; i < 8; i++) {
        acc = (acc >> 32) + h[i];
        h[i] = (uint32_t)acc;
    }
}

/* h = t mod 2^256 - 38 for the 512-bit t: t_lo + 38 t_hi, word by word (38 t_hi[i] + t_lo[i]
 * + carry < 2^38 + 2^33), then the carry out of the top word folded as above. Post: < 2^256. */
static void reduce512(fe25519 *h, const uint32_t t[16])
{
    uint32_t lo[8];
    uint64_t acc = 0;
    int i;
    for (i = 0; i < 8; i++) {
        acc += (uint64_t)t[i] + ct_mul32x32_64(t[8 + i], 38);
        lo[i] = (uint32_t)acc;
        acc >>= 32;
    }
    fold(h->v, lo, (uint32_t)acc); /* acc < 39 */
}

void microsalt_fe_frombytes(fe25519 *h, const uint8_t s[32])
{
    int i;
    for (i = 0; i < 8; i++) h->v[i] = load32_le(s + 4 * i);
    h->v[7] &= 0x7fffffff; /* bit 255 ignored */
}

void microsalt_fe_freeze_portable(fe25519 *h, const fe25519 *f)
{
    uint32_t t[8], q, m;
    uint64_t acc;
    int i;
    /* Bit 255 is worth 19 (2^255 = p + 19): t = f mod 2^255 + 19 b < 2^255 + 19. */
    q = ct_msb_u32(f->v[7]);
    acc = (uint64_t)f->v[0] + (19 & ct_mask_u32(q));
    t[0] = (uint32_t)acc;
    for (i = 1; i < 8; i++) {
        acc = (acc >> 32) + (i == 7 ? f->v[7] & 0x7fffffff : f->v[i]);
        t[i] = (uint32_t)acc;
    }
    /* t < 2p: t - p = t + 19 - 2^255 when t + 19 reaches bit 255 (q = 1), else t. */
    acc = (uint64_t)t[0] + 19;
    for (i = 1; i < 8; i++) acc = (acc >> 32) + t[i];
    q = ct_msb_u32((uint32_t)acc);
    m = ct_mask_u32(q);
    acc = (uint64_t)t[0] + (19 & m);
    h->v[0] = (uint32_t)acc;
    for (i = 1; i < 8; i++) {
        acc = (acc >> 32) + t[i];
        h->v[i] = (uint32_t)acc;
    }
    h->v[7] &= ~(m & 0x80000000u);
    microsalt_wipe(t, sizeof t);
}

void microsalt_fe_tobytes(uint8_t s[32], const fe25519 *f)
{
    fe25519 t;
    int i;
    microsalt_fe_freeze(&t, f);
    for (i = 0; i < 8; i++) store32_le(s + 4 * i, t.v[i]);
    microsalt_wipe(&t, sizeof t);
}

void microsalt_fe_add_portable(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint32_t t[8];
    uint64_t acc = 0;
    int i;
    for (i = 0; i < 8; i++) {
        acc += (uint64_t)f->v[i] + g->v[i];
        t[i] = (uint32_t)acc;
        acc >>= 32;
    }
    fold(h->v, t, (uint32_t)acc); /* f + g < 2^257: the carry is 0 or 1 */
}

/* f - g + 2^256 b, where b (0 or 1) is the borrow, is f - g + 38 b mod 2p; so 38 is taken off
 * for a borrow, and once more if that borrows (the value was below 38). Post: < 2^256. */
void microsalt_fe_sub_portable(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint32_t t[8], b;
    uint64_t acc = 0;
    int pass, i;
    for (i = 0; i < 8; i++) {
        acc = (uint64_t)f->v[i] - g->v[i] - ct_msb_u32((uint32_t)(acc >> 32));
        t[i] = (uint32_t)acc;
    }
    for (pass = 0; pass < 2; pass++) {
        b = ct_msb_u32((uint32_t)(acc >> 32));
        acc = (uint64_t)t[0] - (38 & ct_mask_u32(b));
        t[0] = (uint32_t)acc;
        for (i = 1; i < 8; i++) {
            acc = (uint64_t)t[i] - ct_msb_u32((uint32_t)(acc >> 32));
            t[i] = (uint32_t)acc;
        }
    }
    memcpy(h->v, t, sizeof t);
}

void microsalt_fe_neg(fe25519 *h, const fe25519 *f)
{
    fe25519 zero;
    memset(&zero, 0, sizeof zero);
    microsalt_fe_sub(h, &zero, f);
}

void microsalt_fe_mul_portable(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    uint32_t t[16];
    int i, j;
    memset(t, 0, sizeof t);
    for (i = 0; i < 8; i++) {
        uint64_t acc = 0;
        for (j = 0; j < 8; j++) {
            acc = ct_mul32x32_64(f->v[i], g->v[j]) + t[i + j] + (acc >> 32);
            t[i + j] = (uint32_t)acc;
        }
        t[i + 8] = (uint32_t)(acc >> 32);
    }
    reduce512(h, t);
}

/* The 28 products f_i f_j with i < j once, doubled by a shift, then the 8 squares f_i^2 on
 * the diagonal: 36 products instead of 64. */
void microsalt_fe_sq_portable(fe25519 *h, const fe25519 *f)
{
    uint32_t t[16];
    uint64_t acc;
    int i, j;
    memset(t, 0, sizeof t);
    for (i = 0; i < 7; i++) {
        acc = 0;
        for (j = i + 1; j < 8; j++) {
            acc = ct_mul32x32_64(f->v[i], f->v[j]) + t[i + j] + (acc >> 32);
            t[i + j] = (uint32_t)acc;
        }
        t[i + 8] = (uint32_t)(acc >> 32);
    }
    /* Twice the cross products: below 2^511, so the shift loses nothing. */
    for (i = 15; i > 0; i--) t[i] = (t[i] << 1) | ct_msb_u32(t[i - 1]);
    t[0] <<= 1;
    acc = 0;
    for (i = 0; i < 8; i++) {
        uint64_t sq = ct_mul32x32_64(f->v[i], f->v[i]);
        acc += (uint64_t)t[2 * i] + (uint32_t)sq;
        t[2 * i] = (uint32_t)acc;
        acc = (acc >> 32) + t[2 * i + 1] + (uint32_t)(sq >> 32);
        t[2 * i + 1] = (uint32_t)acc;
        acc >>= 32;
    }
    reduce512(h, t);
}

/* f 121666 < 2^273: nine words, the ninth (< 2^17) folded as 38 times itself. */
void microsalt_fe_mul121666_portable(fe25519 *h, const fe25519 *f)
{
    uint32_t t[8];
    uint64_t acc = 0;
    int i;
    for (i = 0; i < 8; i++) {
        acc = ct_mul32x32_64(f->v[i], 121666) + (acc >> 32);
        t[i] = (uint32_t)acc;
    }
    fold(h->v, t, (uint32_t)(acc >> 32));
}

void microsalt_fe_cswap_portable(fe25519 *f, fe25519 *g, uint32_t b)
{
    uint32_t m = ct_mask_u32(b), x;
    int i;
    for (i = 0; i < 8; i++) {
        x = m & (f->v[i] ^ g->v[i]);
        f->v[i] ^= x;
        g->v[i] ^= x;
    }
}

#else
/* Another representation is in use; ISO C wants a declaration here. */
typedef int microsalt_fe25519_packed_unused;
#endif
