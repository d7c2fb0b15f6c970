/*
 * The Poly1305 kernels (src/symmetric/poly1305.h) against their portable twins.
 *
 * microsalt_poly1305_blocks: 0 to 9 blocks (the x86-64 kernel's runs of four and what is left
 * after them), with and without the pad bit, from accumulators anywhere within their bounds
 * and at their maxima, with random and all-ones clamped keys and messages, at every
 * alignment mod 4. The accumulators are
 * compared mod p, since the contract leaves h partly reduced (the twin of a radix-2^32 kernel
 * goes through 26-bit limbs and leaves another representative), and the kernel's must be
 * within bounds.
 *
 * microsalt_poly1305_finish: tags from random and maximal accumulators and, in radix 2^32,
 * from those next to p, 2^130, 2^128 and the bound, where the reduction turns; random, all-zero and
 * all-ones s; tag and s at every pair of alignments mod 4, apart or the same bytes; canaries
 * around the tag; the state must be zero after.
 */
#include "kernel_test.h"
#include "poly1305.h"

#define MAX_BLOCKS 9
#define msg (kt_arena + 4)

/* A random accumulator within the bounds of poly1305.h, or (max) every limb at its bound. */
static void random_state(microsalt_poly1305_state *st, int max)
{
    unsigned i;
    uint8_t key[16];
    kt_fill(key, sizeof key);
    if (max) memset(key, 0xFF, sizeof key);
#if MICROSALT_POLY1305_44
    {
        const uint64_t m44 = ((uint64_t)1 << 44) - 1;
        uint64_t lo = 0, hi = 0;
        for (i = 0; i < 8; i++) {
            lo |= (uint64_t)key[i] << (8 * i);
            hi |= (uint64_t)key[8 + i] << (8 * i);
        }
        lo &= 0x0ffffffc0fffffffULL;
        hi &= 0x0ffffffc0ffffffcULL;
        st->r[0] = lo & m44;
        st->r[1] = ((lo >> 44) | (hi << 20)) & m44;
        st->r[2] = hi >> 24;
        for (i = 0; i < 3; i++) st->h[i] = ((uint64_t)kt_rand() << 32 | kt_rand()) & m44;
        st->h[1] += kt_rand() & 127;
        st->h[2] &= ((uint64_t)1 << 42) - 1;
        if (max) {
            st->h[0] = m44;
            st->h[1] = m44 + 128;
            st->h[2] = ((uint64_t)1 << 42) - 1;
        }
    }
#elif MICROSALT_POLY1305_RADIX32
    for (i = 0; i < 4; i++) {
        st->r[i] = (uint32_t)key[4 * i] | (uint32_t)key[4 * i + 1] << 8 |
                   (uint32_t)key[4 * i + 2] << 16 | (uint32_t)key[4 * i + 3] << 24;
        st->r[i] &= i == 0 ? 0x0fffffffu : 0x0ffffffcu;
        st->h[i] = max ? 0xFFFFFFFFu : kt_rand();
    }
    st->h[4] = max ? 5 : kt_rand() % 6;
#else
    {
        const uint32_t m26 = ((uint32_t)1 << 26) - 1;
        uint32_t t[4];
        for (i = 0; i < 4; i++) {
            t[i] = (uint32_t)key[4 * i] | (uint32_t)key[4 * i + 1] << 8 |
                   (uint32_t)key[4 * i + 2] << 16 | (uint32_t)key[4 * i + 3] << 24;
            t[i] &= i == 0 ? 0x0fffffffu : 0x0ffffffcu;
        }
        st->r[0] = t[0] & m26;
        st->r[1] = ((t[0] >> 26) | (t[1] << 6)) & m26;
        st->r[2] = ((t[1] >> 20) | (t[2] << 12)) & m26;
        st->r[3] = ((t[2] >> 14) | (t[3] << 18)) & m26;
        st->r[4] = t[3] >> 8;
        for (i = 0; i < 5; i++) st->h[i] = max ? m26 : kt_rand() & m26;
        st->h[1] += max ? 63 : kt_rand() & 63;
    }
#endif
}

/* The accumulator's limbs (words in radix 2^32), their radix (limb_bits: h = sum h[i]
 * 2^(limb_bits[0] + ... + limb_bits[i - 1]), bits 130 and up above the last limb) and their
 * largest values between blocks (poly1305.h). */
#if MICROSALT_POLY1305_44
#define LIMBS 3
typedef uint64_t limb_t;
static const unsigned limb_bits[LIMBS] = {44, 44, 42};
static const limb_t limb_max[LIMBS] = {((limb_t)1 << 44) - 1, ((limb_t)1 << 44) + 127,
                                       ((limb_t)1 << 42) - 1};
#elif MICROSALT_POLY1305_RADIX32
#define LIMBS 5
typedef uint32_t limb_t;
static const limb_t limb_max[LIMBS] = {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 5};
#else
#define LIMBS 5
typedef uint32_t limb_t;
static const unsigned limb_bits[LIMBS] = {26, 26, 26, 26, 26};
static const limb_t limb_max[LIMBS] = {((limb_t)1 << 26) - 1, ((limb_t)1 << 26) + 63,
                                       ((limb_t)1 << 26) - 1, ((limb_t)1 << 26) - 1,
                                       ((limb_t)1 << 26) - 1};
#endif

/* 1 when h is within the bounds of poly1305.h. */
static int within_bounds(const microsalt_poly1305_state *st)
{
    unsigned i;
    for (i = 0; i < LIMBS; i++) {
        if (st->h[i] > limb_max[i]) return 0;
    }
    return 1;
}

#if MICROSALT_POLY1305_RADIX32
/* h mod p (2^130 - 5), fully reduced, as words. Test code: it may branch. Words and 32-bit
 * carries, not the generic limbs below: 64-bit arithmetic would not fit the ATmega328P's
 * kernel firmware. */
static void canonical(limb_t out[LIMBS], const microsalt_poly1305_state *st)
{
    uint32_t g[LIMBS], c;
    unsigned i, pass;
    memcpy(out, st->h, sizeof st->h);
    for (pass = 0; pass < 2; pass++) {
        c = 5 * (out[4] >> 2); /* bits 130 and up, worth 5 each */
        out[4] &= 3;
        for (i = 0; i < LIMBS; i++) {
            out[i] += c;
            c = out[i] < c; /* the carry: the sum wrapped */
        }
    }
    /* now below 2^130 + 5, at most once above p: h + 5 - 2^130 when that is >= 0 */
    c = 5;
    for (i = 0; i < LIMBS; i++) {
        g[i] = out[i] + c;
        c = g[i] < c;
    }
    if (g[4] >> 2) {
        g[4] &= 3;
        memcpy(out, g, sizeof g);
    }
}
#else
/* h mod p (2^130 - 5), fully reduced, in the limbs' layout. Test code: it may branch. */
static void canonical(limb_t out[LIMBS], const microsalt_poly1305_state *st)
{
    limb_t g[LIMBS], carry;
    unsigned i, pass;
    memcpy(out, st->h, sizeof st->h);
    for (pass = 0; pass < 2; pass++) {
        for (i = 0; i + 1 < LIMBS; i++) {
            out[i + 1] += out[i] >> limb_bits[i];
            out[i] &= ((limb_t)1 << limb_bits[i]) - 1;
        }
        carry = out[LIMBS - 1] >> limb_bits[LIMBS - 1];
        out[LIMBS - 1] &= ((limb_t)1 << limb_bits[LIMBS - 1]) - 1;
        out[0] += 5 * carry;
    }
    /* now below 2^130 + a little, at most once above p: g = h + 5 - 2^130 when that is >= 0 */
    carry = 5;
    for (i = 0; i < LIMBS; i++) {
        g[i] = out[i] + carry;
        carry = g[i] >> limb_bits[i];
        g[i] &= ((limb_t)1 << limb_bits[i]) - 1;
    }
    if (carry) memcpy(out, g, sizeof g);
}
#endif

static int same_mod_p(const microsalt_poly1305_state *a, const microsalt_poly1305_state *b)
{
    limb_t ca[LIMBS], cb[LIMBS];
    canonical(ca, a);
    canonical(cb, b);
    return memcmp(ca, cb, sizeof ca) == 0 && memcmp(a->r, b->r, sizeof a->r) == 0;
}

void kernel_test_poly1305_blocks(void)
{
    microsalt_poly1305_state st, sn, sp;
    unsigned trial;

    /* Every alignment with every block count, from random and from maximal accumulators,
     * keys and messages: the three independent, not one trial number's residues, which
     * would tie even counts to aligned messages. */
    for (trial = 0; trial < 8 * (MAX_BLOCKS + 1); trial++) {
        size_t off = trial % 4, nblocks = trial / 4 % (MAX_BLOCKS + 1);
        uint32_t hibit = trial % 5 != 2;
        int max = trial / (4 * (MAX_BLOCKS + 1)) == 1;
        random_state(&st, max);
        kt_fill(msg, MAX_BLOCKS * 16 + 4);
        if (max) memset(msg, 0xFF, MAX_BLOCKS * 16 + 4);
        sn = sp = st;
        microsalt_poly1305_blocks_portable(&sp, msg - off, nblocks, hibit);
        KT_CALL(microsalt_poly1305_blocks, &sn, msg - off, nblocks, hibit);
        kt_check(kt_abi_ok() && same_mod_p(&sn, &sp) && within_bounds(&sn), "poly1305_blocks",
                 trial);
    }
}

void kernel_bench_poly1305_blocks(void)
{
    microsalt_poly1305_state st;
    random_state(&st, 0);
    kt_fill(msg, 64);
    kt_measure("poly1305_blocks", 0);
    microsalt_poly1305_blocks(&st, msg, 4, 1);
    kt_measure_end();
    kt_measure("poly1305_blocks", 1);
    microsalt_poly1305_blocks_portable(&st, msg, 4, 1);
    kt_measure_end();
}

#define FINISH_SLOT 24 /* a tag or s at offset 4 + 0..3 in its slot, canaries around it */
#define FINISH_CANARY 0xA5

#if MICROSALT_POLY1305_RADIX32
/* Accumulators where the tag's reduction turns, as radix-2^32 words: p - 1, p, p + 1,
 * 2^130 - 1, 2^130, 2^130 + 4 (folded: 9), the bound 6 2^128 - 1, and 2^128 - 5 plus 0, 1
 * and 2 times 2^128, whose f + 5 carries out of the low 128 bits but not into bit 130 (a
 * kernel that took the wrong carry for f >= p fails there). */
static const uint32_t finish_edges[][5] = {
    {0xFFFFFFFBu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0},
    {0xFFFFFFFBu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 1},
    {0xFFFFFFFBu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 2},
    {0xFFFFFFFAu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 3},
    {0xFFFFFFFBu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 3},
    {0xFFFFFFFCu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 3},
    {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 3},
    {0, 0, 0, 0, 4},
    {4, 0, 0, 0, 4},
    {0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 0xFFFFFFFFu, 5},
};
#define FINISH_EDGES (sizeof finish_edges / sizeof finish_edges[0])
#else
#define FINISH_EDGES 0
#endif

/* 1 when the slot holds the canary everywhere but its 16 bytes at off. */
static int canaries_intact(const uint8_t *slot, size_t off)
{
    size_t i;
    for (i = 0; i < FINISH_SLOT; i++) {
        if ((i < off || i >= off + 16) && slot[i] != FINISH_CANARY) return 0;
    }
    return 1;
}

static int state_zero(const microsalt_poly1305_state *st)
{
    const uint8_t *b = (const uint8_t *)st;
    size_t i;
    for (i = 0; i < sizeof *st; i++) {
        if (b[i] != 0) return 0;
    }
    return 1;
}

void kernel_test_poly1305_finish(void)
{
    uint8_t *s_twin = kt_arena, *tag_twin = kt_arena + FINISH_SLOT;
    uint8_t *s_slot = kt_arena + 2 * FINISH_SLOT, *tag_slot = kt_arena + 3 * FINISH_SLOT;
    microsalt_poly1305_state st, sn;
    unsigned trial;

    for (trial = 0; trial < 16 * (FINISH_EDGES + 3); trial++) {
        size_t tag_off = 4 + trial % 4, s_off = 4 + trial / 4 % 4;
        unsigned kind = trial / 16;
        int same = trial % 3 == 0;
        uint8_t *s = s_slot + s_off, *tag = same ? s : tag_slot + tag_off;
        random_state(&st, kind == 1);
#if MICROSALT_POLY1305_RADIX32
        if (kind >= 3) memcpy(st.h, finish_edges[kind - 3], sizeof st.h);
#endif
        memset(kt_arena, FINISH_CANARY, 4 * FINISH_SLOT);
        kt_fill(s, 16);
        if (trial % 5 == 1) memset(s, 0xFF, 16);
        if (trial % 5 == 3) memset(s, 0, 16);
        memcpy(s_twin, s, 16);
        sn = st;
        microsalt_poly1305_finish_portable(tag_twin, &st, s_twin);
        KT_CALL(microsalt_poly1305_finish, tag, &sn, s);
        kt_check(kt_abi_ok() && memcmp(tag, tag_twin, 16) == 0 && state_zero(&sn) &&
                     state_zero(&st) && canaries_intact(same ? s_slot : tag_slot,
                                                        same ? s_off : tag_off) &&
                     (same || (canaries_intact(s_slot, s_off) && memcmp(s, s_twin, 16) == 0)),
                 "poly1305_finish", trial);
    }
}

void kernel_bench_poly1305_finish(void)
{
    microsalt_poly1305_state st;
    uint8_t *s = kt_arena, *tag = kt_arena + 16;
    random_state(&st, 0);
    kt_fill(s, 16);
    kt_measure("poly1305_finish", 0);
    microsalt_poly1305_finish(tag, &st, s);
    kt_measure_end();
    random_state(&st, 0);
    kt_measure("poly1305_finish", 1);
    microsalt_poly1305_finish_portable(tag, &st, s);
    kt_measure_end();
}
