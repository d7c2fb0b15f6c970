/*
 * microsalt_poly1305_blocks for the Cortex-M4 (contract: src/symmetric/poly1305.h): the
 * state's five 26-bit limbs become 32-bit words at the call's edges, and poly1305_words.S does
 * the blocks in radix 2^32 with UMULL/UMLAL (16 products and 3 small ones a block, where the
 * 26-bit twin needs 25). The conversions are shifts and masks, with no branch on values.
 */
#include "common.h"
#include "poly1305.h"

#if MICROSALT_NATIVE_POLY1305_BLOCKS

void microsalt_armv7em_poly1305_words(uint32_t w[9], const uint8_t *m, size_t nblocks,
                                      uint32_t hibit);

/* w = sum limb[i] 2^(26 i), limbs as between blocks (limb 1 below 2^26 + 2^6, the others
 * below 2^26): w[4] is at most 4. */
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

void microsalt_poly1305_blocks(microsalt_poly1305_state *st, const uint8_t *m, size_t nblocks,
                               uint32_t hibit)
{
    const uint32_t m26 = ((uint32_t)1 << 26) - 1;
    uint32_t w[10], c;
    if (nblocks == 0) return;
    limbs_to_words(w, st->h);
    limbs_to_words(w + 5, st->r); /* r < 2^124: w[9] = 0, not passed */
    microsalt_armv7em_poly1305_words(w, m, nblocks, hibit);
    /* h4 <= 4: back to 26-bit limbs with bits 130 and up folded in as 5 each, which leaves
     * them as between blocks. */
    c = (w[4] >> 2) * 5;
    st->h[0] = (w[0] & m26) + c;
    st->h[1] = ((w[0] >> 26) | (w[1] << 6)) & m26;
    st->h[2] = ((w[1] >> 20) | (w[2] << 12)) & m26;
    st->h[3] = ((w[2] >> 14) | (w[3] << 18)) & m26;
    st->h[4] = ((w[3] >> 8) | (w[4] << 24)) & m26;
    st->h[1] += st->h[0] >> 26;
    st->h[0] &= m26;
    microsalt_wipe(w, sizeof w);
}

#else
/* The portable twin is in use; ISO C wants a declaration here. */
typedef int microsalt_armv7em_poly1305_unused;
#endif
