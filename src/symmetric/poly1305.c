/*
 * Poly1305 (RFC 8439 section 2.5): h = (h + block) * r mod 2^130 - 5 over the 16-byte blocks,
 * tag = (h mod 2^130 - 5) + s mod 2^128, where r is the clamped first half of the key and s
 * the second half.
 *
 * The accumulator h has two representations. Hosts with a 64x64 -> 128-bit multiply use three
 * limbs of 44, 44 and 42 bits (9 products per block, one carry chain per two blocks);
 * everything else uses five 26-bit limbs, whose products fit the 32x32 -> 64-bit multiply of
 * the microcontrollers (25 per block).
 * Both reduce with 2^130 = 5 (mod p), fold a limb's carry into the next one unconditionally
 * and never branch on or index by h, r, s or the message: constant time as written.
 * The block loop and the tag are the kernels of poly1305.h; on x86-64 hosts with AVX2, long
 * runs of full blocks go to the four-lane kernel in src/arch/x86_64/poly1305.c.
 */
#include "common.h"
#include "poly1305.h"

#if MICROSALT_POLY1305_44

__extension__ typedef unsigned __int128 u128;

#define M44 (((uint64_t)1 << 44) - 1)
#define M42 (((uint64_t)1 << 42) - 1)

static void poly1305_init(microsalt_poly1305_state *st, const uint8_t k[16])
{
    /* Clamping: the top 4 bits of every 32-bit word and the low 2 bits of words 1..3 clear. */
    uint64_t t0 = load64_le(k) & 0x0ffffffc0fffffffULL;
    uint64_t t1 = load64_le(k + 8) & 0x0ffffffc0ffffffcULL;
    st->r[0] = t0 & M44;
    st->r[1] = ((t0 >> 44) | (t1 << 20)) & M44;
    st->r[2] = t1 >> 24;
    st->h[0] = st->h[1] = st->h[2] = 0;
}

/* t = h + the 16 bytes at m as limbs, with pad (the 2^128 bit of a full block) on top: the
 * block's limbs are below 2^44, 2^44 and 2^41. */
MICROSALT_INLINE void poly1305_add_block(uint64_t t[3], const uint64_t h[3], const uint8_t *m,
                                         uint64_t pad)
{
    uint64_t lo = load64_le(m), hi = load64_le(m + 8);
    t[0] = h[0] + (lo & M44);
    t[1] = h[1] + (((lo >> 44) | (hi << 20)) & M44);
    t[2] = h[2] + ((hi >> 24) | pad);
}

/* d += a * b, column by column. a_i * b_j with i + j >= 3 lies at 2^132 and up, and
 * 2^132 = 4 * 2^130 = 20 (mod p): b20 = {20 b1, 20 b2} supplies those products. */
MICROSALT_INLINE void poly1305_mul(u128 d[3], const uint64_t a[3], const uint64_t b[3],
                                   const uint64_t b20[2])
{
    d[0] += (u128)a[0] * b[0] + (u128)a[1] * b20[1] + (u128)a[2] * b20[0];
    d[1] += (u128)a[0] * b[1] + (u128)a[1] * b[0] + (u128)a[2] * b20[1];
    d[2] += (u128)a[0] * b[2] + (u128)a[1] * b[1] + (u128)a[2] * b[0];
}

/* h = d with the carries propagated and 2^130 folded back as 5. For d0 < 2^93, d1 < 2^91.2
 * and d2 < 2^90.3 every carry is below 2^49, and h0 < 2^44, h1 < 2^44 + 2^7, h2 < 2^42. */
MICROSALT_INLINE void poly1305_carry(uint64_t h[3], const u128 d[3])
{
    u128 d1 = d[1], d2 = d[2];
    uint64_t c = (uint64_t)(d[0] >> 44);
    h[0] = (uint64_t)d[0] & M44;
    d1 += c;
    c = (uint64_t)(d1 >> 44);
    h[1] = (uint64_t)d1 & M44;
    d2 += c;
    c = (uint64_t)(d2 >> 42);
    h[2] = (uint64_t)d2 & M42;
    h[0] += c * 5;
    h[1] += h[0] >> 44;
    h[0] &= M44;
}

/* out = a b mod p with limbs like h's, for a and b with limbs like h's and b20 = {20 b1,
 * 20 b2} (< 2^48.4, < 2^46.4): d0 < 2^91.5, d1 < 2^90, d2 < 2^88.6. */
static void poly1305_mulmod(uint64_t out[3], const uint64_t a[3], const uint64_t b[3],
                            const uint64_t b20[2])
{
    u128 d[3] = {0, 0, 0};
    poly1305_mul(d, a, b, b20);
    poly1305_carry(out, d);
}

void microsalt_poly1305_powers(uint64_t pw[14], const uint64_t r[3])
{
    const uint64_t r20[2] = {20 * r[1], 20 * r[2]};
    memcpy(pw + 9, r, 3 * sizeof pw[0]);
    poly1305_mulmod(pw + 6, r, r, r20);
    pw[12] = 20 * pw[7];
    pw[13] = 20 * pw[8];
    poly1305_mulmod(pw + 3, r, pw + 6, pw + 12);
    poly1305_mulmod(pw, pw + 6, pw + 6, pw + 12);
}

void microsalt_poly1305_blocks_portable(microsalt_poly1305_state *st, const uint8_t *m,
                                        size_t nblocks, uint32_t hibit)
{
    const uint64_t pad = (uint64_t)hibit << 40;
    const uint64_t *r = st->r;
    const uint64_t r20[2] = {20 * r[1], 20 * r[2]}; /* < 2^48.4, < 2^40.4 */
    const uint64_t zero[3] = {0, 0, 0};
    uint64_t h[3], t[3], u[3], rr[3], rr20[2];
    u128 d[3];

    memcpy(h, st->h, sizeof h);
    if (nblocks >= 2) {
        /* Two blocks per step: h = (h + m1) r^2 + m2 r. The two products are independent,
         * so the processor overlaps them, and one carry chain serves both blocks. */
        poly1305_mulmod(rr, r, r, r20); /* r^2 mod p with limbs like h's */
        rr20[0] = 20 * rr[1];           /* < 2^48.4 */
        rr20[1] = 20 * rr[2];           /* < 2^46.4 */
        for (; nblocks >= 2; nblocks -= 2, m += 32) {
            poly1305_add_block(t, h, m, pad); /* < 2^45, 2^45 + 2^7, 2^42.6 */
            poly1305_add_block(u, zero, m + 16, pad); /* the second block alone */
            /* d0 < 2^92.3 + 2^89.9, d1 < 2^90.6 + 2^89.1, d2 < 2^89.6 + 2^88.2 */
            memset(d, 0, sizeof d);
            poly1305_mul(d, t, rr, rr20);
            poly1305_mul(d, u, r, r20);
            poly1305_carry(h, d);
        }
    }
    for (; nblocks > 0; nblocks--, m += 16) {
        poly1305_add_block(t, h, m, pad);
        /* d0 < 2^91.5, d1 < 2^90.1, d2 < 2^89.4 */
        memset(d, 0, sizeof d);
        poly1305_mul(d, t, r, r20);
        poly1305_carry(h, d);
    }
    memcpy(st->h, h, sizeof h);
}

/* floor((h + 5) / 2^130), exact for limbs as between blocks (h < 2^130 + 2^51 < 2p):
 * 1 exactly when h >= p. */
static uint32_t poly1305_ge_p(const microsalt_poly1305_state *st)
{
    uint64_t g0 = st->h[0] + 5;
    uint64_t g1 = st->h[1] + (g0 >> 44);
    uint64_t g2 = st->h[2] + (g1 >> 44);
    return (uint32_t)(g2 >> 42);
}

/* out = h + add + s mod 2^128, for limbs as between blocks and add < 2^32. out may be s
 * itself (crypto_secretbox writes the tag over the key's second half): s is read before out
 * is written, word by word. */
static void poly1305_output(const microsalt_poly1305_state *st, uint8_t out[16], uint32_t add,
                            const uint8_t s[16])
{
    u128 acc = (u128)st->h[0] + ((u128)st->h[1] << 44) + ((u128)st->h[2] << 88);
    acc += add;
    acc += (u128)load64_le(s) + ((u128)load64_le(s + 8) << 64);
    store64_le(out, (uint64_t)acc);
    store64_le(out + 8, (uint64_t)(acc >> 64));
}

#else /* five 26-bit limbs, or radix 2^32 around them */

#define M26 (((uint32_t)1 << 26) - 1)

/* The blocks on 26-bit limbs h and r (the bounds of microsalt_poly1305_state's 26-bit layout
 * in poly1305.h), which the loop leaves as it found them. */
static void poly1305_blocks26(uint32_t h[5], const uint32_t r[5], const uint8_t *m,
                              size_t nblocks, uint32_t hibit)
{
    const uint32_t r0 = r[0], r1 = r[1], r2 = r[2], r3 = r[3], r4 = r[4];
    /* h_i * r_j at bit 26(i + j) >= 130 wraps to 2^(26(i + j) - 130) * 5. */
    const uint32_t s1 = r1 * 5, s2 = r2 * 5, s3 = r3 * 5, s4 = r4 * 5; /* < 2^28.4 */
    const uint32_t pad = (uint32_t)hibit << 24;
    uint32_t h0 = h[0], h1 = h[1], h2 = h[2], h3 = h[3], h4 = h[4];
    uint64_t d0, d1, d2, d3, d4;

    for (; nblocks > 0; nblocks--, m += 16) {
        uint32_t t0 = load32_le(m), t1 = load32_le(m + 4), t2 = load32_le(m + 8);
        uint32_t t3 = load32_le(m + 12);
        /* h1 < 2^27 + 2^6, the others < 2^27 */
        h0 += t0 & M26;
        h1 += ((t0 >> 26) | (t1 << 6)) & M26;
        h2 += ((t1 >> 20) | (t2 << 12)) & M26;
        h3 += ((t2 >> 14) | (t3 << 18)) & M26;
        h4 += (t3 >> 8) | pad;
        /* Each d < 5 * 2^27.01 * 2^28.4 < 2^57.7. */
        d0 = ct_mul32x32_64(h0, r0) + ct_mul32x32_64(h1, s4) + ct_mul32x32_64(h2, s3) +
             ct_mul32x32_64(h3, s2) + ct_mul32x32_64(h4, s1);
        d1 = ct_mul32x32_64(h0, r1) + ct_mul32x32_64(h1, r0) + ct_mul32x32_64(h2, s4) +
             ct_mul32x32_64(h3, s3) + ct_mul32x32_64(h4, s2);
        d2 = ct_mul32x32_64(h0, r2) + ct_mul32x32_64(h1, r1) + ct_mul32x32_64(h2, r0) +
             ct_mul32x32_64(h3, s4) + ct_mul32x32_64(h4, s3);
        d3 = ct_mul32x32_64(h0, r3) + ct_mul32x32_64(h1, r2) + ct_mul32x32_64(h2, r1) +
             ct_mul32x32_64(h3, r0) + ct_mul32x32_64(h4, s4);
        d4 = ct_mul32x32_64(h0, r4) + ct_mul32x32_64(h1, r3) + ct_mul32x32_64(h2, r2) +
             ct_mul32x32_64(h3, r1) + ct_mul32x32_64(h4, r0);
        /* Carries below 2^32. d4 < 2^55 has no factor 5 in its products, so h0 plus 5 times
         * its carry, < 2^31.4, still fits 32 bits. */
        d1 += d0 >> 26;
        h0 = (uint32_t)d0 & M26;
        d2 += d1 >> 26;
        h1 = (uint32_t)d1 & M26;
        d3 += d2 >> 26;
        h2 = (uint32_t)d2 & M26;
        d4 += d3 >> 26;
        h3 = (uint32_t)d3 & M26;
        h4 = (uint32_t)d4 & M26;
        h0 += (uint32_t)(d4 >> 26) * 5;
        h1 += h0 >> 26; /* < 2^5.4 */
        h0 &= M26;
    }
    h[0] = h0;
    h[1] = h1;
    h[2] = h2;
    h[3] = h3;
    h[4] = h4;
}

#if MICROSALT_POLY1305_RADIX32

MICROSALT_INLINE void poly1305_init(microsalt_poly1305_state *st, const uint8_t k[16])
{
    /* Clamping: the top 4 bits of every 32-bit word and the low 2 bits of words 1..3 clear. */
    load32_le_words(st->r, k, 4);
    st->r[0] &= 0x0fffffffu;
    st->r[1] &= 0x0ffffffcu;
    st->r[2] &= 0x0ffffffcu;
    st->r[3] &= 0x0ffffffcu;
    /* Five stores, which GCC would make a memset call of as a loop (70 cycles on the M0). */
    st->h[0] = st->h[1] = st->h[2] = st->h[3] = st->h[4] = 0;
}

/* limb = w as 26-bit limbs, for w < 2^131 (words; w[4] <= 7): the bits from 130 up come back
 * at bit 0 as 5 each, so that the limbs are as between blocks (limb 1 below 2^26 + 1). */
static void words_to_limbs(uint32_t limb[5], const uint32_t w[5])
{
    limb[0] = (w[0] & M26) + (w[4] >> 2) * 5;
    limb[1] = ((w[0] >> 26) | (w[1] << 6)) & M26;
    limb[2] = ((w[1] >> 20) | (w[2] << 12)) & M26;
    limb[3] = ((w[2] >> 14) | (w[3] << 18)) & M26;
    limb[4] = ((w[3] >> 8) | (w[4] << 24)) & M26;
    limb[1] += limb[0] >> 26;
    limb[0] &= M26;
}

/* w = sum limb[i] 2^(26 i), limbs as between blocks: w < 2^130 + 2^32, w[4] <= 4. */
static void limbs_to_words(uint32_t w[5], const uint32_t limb[5])
{
    uint64_t acc = limb[0] + ((uint64_t)limb[1] << 26);
    w[0] = (uint32_t)acc;
    acc = (acc >> 32) + ((uint64_t)limb[2] << 20);
    w[1] = (uint32_t)acc;
    acc = (acc >> 32) + ((uint64_t)limb[3] << 14);
    w[2] = (uint32_t)acc;
    acc = (acc >> 32) + ((uint64_t)limb[4] << 8);
    w[3] = (uint32_t)acc;
    w[4] = (uint32_t)(acc >> 32);
}

/* The twin of a radix-2^32 kernel: the 26-bit loop between conversions. */
void microsalt_poly1305_blocks_portable(microsalt_poly1305_state *st, const uint8_t *m,
                                        size_t nblocks, uint32_t hibit)
{
    const uint32_t rw[5] = {st->r[0], st->r[1], st->r[2], st->r[3], 0};
    uint32_t h[5], r[5];
    words_to_limbs(h, st->h);
    words_to_limbs(r, rw); /* r < 2^124: no bits above 130 */
    poly1305_blocks26(h, r, m, nblocks, hibit);
    limbs_to_words(st->h, h);
    microsalt_wipe(h, sizeof h);
    microsalt_wipe(r, sizeof r);
}

/* The tag's twin (poly1305.h): s is read whole before tag is written. */
void microsalt_poly1305_finish_portable(uint8_t tag[16], microsalt_poly1305_state *st,
                                        const uint8_t s_bytes[16])
{
    uint32_t *h = st->h, s[4], carry, f4;
    unsigned i;
    /* f = h with the bits from 130 up folded in as 5 each, in h: h < 6 2^128, so
     * f < 2^130 + 5 < 2p. */
    carry = ct_adc_u32(&h[0], h[0], (h[4] >> 2) * 5, 0);
    for (i = 1; i < 4; i++) carry = ct_adc_u32(&h[i], h[i], 0, carry);
    f4 = carry + (h[4] & 3);
    /* f + 5 reaches 2^130 exactly when f >= p, and then f mod p is f + 5 - 2^130, whose 2^130
     * vanishes mod 2^128: the tag is f + s, plus 5 then. Only the carry of f + 5 is needed. */
    carry = ct_add_carry_u32(h[0], 5);
    for (i = 1; i < 4; i++) carry = ct_add_carry_u32(h[i], carry);
    load32_le_words(s, s_bytes, 4);
    carry = ct_adc_u32(&s[0], s[0], h[0], ct_mask_u32((f4 + carry) >> 2) & 5);
    for (i = 1; i < 4; i++) carry = ct_adc_u32(&s[i], s[i], h[i], carry);
    for (i = 0; i < 4; i++) store32_le(tag + 4 * i, s[i]);
    microsalt_wipe(s, sizeof s);
    microsalt_wipe(st, sizeof *st);
}

#else /* five 26-bit limbs */

static void poly1305_init(microsalt_poly1305_state *st, const uint8_t k[16])
{
    /* Clamping: the top 4 bits of every 32-bit word and the low 2 bits of words 1..3 clear. */
    uint32_t t0 = load32_le(k) & 0x0fffffff;
    uint32_t t1 = load32_le(k + 4) & 0x0ffffffc;
    uint32_t t2 = load32_le(k + 8) & 0x0ffffffc;
    uint32_t t3 = load32_le(k + 12) & 0x0ffffffc;
    st->r[0] = t0 & M26;
    st->r[1] = ((t0 >> 26) | (t1 << 6)) & M26;
    st->r[2] = ((t1 >> 20) | (t2 << 12)) & M26;
    st->r[3] = ((t2 >> 14) | (t3 << 18)) & M26;
    st->r[4] = t3 >> 8;
    memset(st->h, 0, sizeof st->h);
}

void microsalt_poly1305_blocks_portable(microsalt_poly1305_state *st, const uint8_t *m,
                                        size_t nblocks, uint32_t hibit)
{
    poly1305_blocks26(st->h, st->r, m, nblocks, hibit);
}

/* floor((h + 5) / 2^130), exact for limbs as between blocks (h < 2^130 + 2^32 < 2p):
 * 1 exactly when h >= p. */
static uint32_t poly1305_ge_p(const microsalt_poly1305_state *st)
{
    uint32_t g = st->h[0] + 5;
    unsigned i;
    for (i = 1; i < 5; i++) {
        g = st->h[i] + (g >> 26);
    }
    return g >> 26;
}

/* out = h + add + s mod 2^128, for limbs as between blocks and add < 2^32. out may be s
 * itself (crypto_secretbox writes the tag over the key's second half): s is read before out
 * is written, word by word. */
static void poly1305_output(const microsalt_poly1305_state *st, uint8_t out[16], uint32_t add,
                            const uint8_t s[16])
{
    const uint32_t *h = st->h;
    /* Limb i sits at bit 26i = 32j + (26i - 32j): each word j takes the limbs that start in
     * it, shifted within 64 bits, plus the carry; bits from 128 up drop out. */
    uint64_t acc = (uint64_t)h[0] + ((uint64_t)h[1] << 26) + add + load32_le(s);
    store32_le(out, (uint32_t)acc);
    acc = (acc >> 32) + ((uint64_t)h[2] << 20) + load32_le(s + 4);
    store32_le(out + 4, (uint32_t)acc);
    acc = (acc >> 32) + ((uint64_t)h[3] << 14) + load32_le(s + 8);
    store32_le(out + 8, (uint32_t)acc);
    acc = (acc >> 32) + ((uint64_t)h[4] << 8) + load32_le(s + 12);
    store32_le(out + 12, (uint32_t)acc);
}

#endif
#endif

/* The kernel over nblocks blocks, in runs its size_t count can hold (16 bits on AVR). */
static void poly1305_blocks(microsalt_poly1305_state *st, const uint8_t *m,
                            unsigned long long nblocks, uint32_t hibit)
{
    const size_t max_blocks = SIZE_MAX / 16;
    for (; nblocks > max_blocks; nblocks -= max_blocks, m += 16 * max_blocks) {
        microsalt_poly1305_blocks(st, m, max_blocks, hibit);
    }
    microsalt_poly1305_blocks(st, m, (size_t)nblocks, hibit); /* every kernel takes 0 blocks */
}

#if !MICROSALT_POLY1305_RADIX32
/* The tag's twin (poly1305.h). */
void microsalt_poly1305_finish_portable(uint8_t tag[16], microsalt_poly1305_state *st,
                                        const uint8_t s[16])
{
    /* h < 2p, so h mod p is h, or h - p = h + 5 - 2^130 when h >= p; 2^130 vanishes mod
     * 2^128. */
    poly1305_output(st, tag, ct_mask_u32(poly1305_ge_p(st)) & 5, s);
    microsalt_wipe(st, sizeof *st);
}
#endif

int crypto_onetimeauth(unsigned char *a, const unsigned char *m, unsigned long long mlen,
                       const unsigned char *k)
{
    microsalt_poly1305_state st;
    uint8_t last[16];
    size_t rest = (size_t)(mlen & 15);

    poly1305_init(&st, k);
    poly1305_blocks(&st, m, mlen >> 4, 1);
    if (rest > 0) {
        /* The last partial block carries its pad bit inside the 16 bytes. */
        memset(last, 0, sizeof last);
        memcpy(last, m + (size_t)(mlen - rest), rest);
        last[rest] = 1;
        poly1305_blocks(&st, last, 1, 0);
        microsalt_wipe(last, sizeof last);
    }
    microsalt_poly1305_finish(a, &st, k + 16);
    return 0;
}

/* Absorbs len bytes of m with a partial last block padded with zeros to a full one (RFC 8439
 * section 2.8's pad16): every block, padded or not, carries the 2^128 bit. */
static void poly1305_pad16(microsalt_poly1305_state *st, const uint8_t *m, unsigned long long len)
{
    uint8_t last[16];
    size_t rest = (size_t)(len & 15);

    poly1305_blocks(st, m, len >> 4, 1);
    if (rest > 0) {
        memset(last, 0, sizeof last);
        memcpy(last, m + (size_t)(len - rest), rest);
        poly1305_blocks(st, last, 1, 1);
        microsalt_wipe(last, sizeof last);
    }
}

void microsalt_poly1305_aead(uint8_t tag[16], const uint8_t *ad, unsigned long long adlen,
                             const uint8_t *c, unsigned long long clen, const uint8_t k[32])
{
    microsalt_poly1305_state st;
    uint8_t lengths[16];

    poly1305_init(&st, k);
    poly1305_pad16(&st, ad, adlen);
    poly1305_pad16(&st, c, clen);
    store64_le(lengths, adlen);
    store64_le(lengths + 8, clen);
    poly1305_blocks(&st, lengths, 1, 1);
    microsalt_poly1305_finish(tag, &st, k + 16);
}

int crypto_onetimeauth_verify(const unsigned char *a, const unsigned char *m,
                              unsigned long long mlen, const unsigned char *k)
{
    uint8_t tag[16];
    int r;
    crypto_onetimeauth(tag, m, mlen, k);
    r = crypto_verify_16(a, tag);
    microsalt_wipe(tag, sizeof tag);
    return r;
}
