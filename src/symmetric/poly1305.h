/*
 * Poly1305 (RFC 8439 section 2.5): the block and tag kernels of poly1305.c, and the AEADs'
 * tag (aead_chacha20poly1305.c).
 */
#ifndef MICROSALT_POLY1305_H
#define MICROSALT_POLY1305_H

#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

/* The state: the clamped key half r and the accumulator h. Hosts with a 64x64 -> 128-bit
 * multiply use three limbs of 44, 44 and 42 bits. An architecture whose kernel works in
 * radix 2^32 (kernels.h: MICROSALT_POLY1305_RADIX32; the Cortex-M cores' words or 16-bit
 * digits, AVR's bytes, all the same little-endian number) keeps the state so, which spares
 * the kernel converting it on every call and init and finish their long shifts. Everything else, and the host-fe32
 * build (MICROSALT_FE32), uses five 26-bit limbs, whose products fit the microcontrollers'
 * 32x32 -> 64-bit multiply. The host-fepacked build uses radix 2^32 with the portable twin,
 * so that the host suite covers that layout's C code (init, finish, the twin's conversions). */
#if defined(MICROSALT_POLY1305_RADIX32)
#undef MICROSALT_POLY1305_RADIX32
#define MICROSALT_POLY1305_RADIX32 1
#define MICROSALT_POLY1305_44 0
typedef struct {
    /* Between blocks h < 6 2^128: h[4] <= 5 (the AVR and ARMv6-M kernels leave h below
     * 2^130 + 5 2^126 and 5 2^128 + 2^126, and the M4's 5 (h >> 130) must fit 32 bits). A
     * kernel may read h and r as one array of nine words (or of 36 bytes on a little-endian
     * 8-bit core), in this order. */
    uint32_t h[5];
    uint32_t r[4]; /* the clamped key half, words of the little-endian number */
} microsalt_poly1305_state;
#elif defined(__SIZEOF_INT128__) && !defined(MICROSALT_FE32)
#define MICROSALT_POLY1305_44 1
#define MICROSALT_POLY1305_RADIX32 0
typedef struct {
    uint64_t r[3]; /* r0, r1 < 2^44; r2 < 2^36 (clamping clears the top 4 bits) */
    uint64_t h[3]; /* between blocks: h0 < 2^44, h1 < 2^44 + 2^7, h2 < 2^42 */
} microsalt_poly1305_state;
#else
#define MICROSALT_POLY1305_44 0
#define MICROSALT_POLY1305_RADIX32 0
typedef struct {
    uint32_t r[5]; /* r_i < 2^26 */
    uint32_t h[5]; /* between blocks: h1 < 2^26 + 2^6, the others < 2^26 */
} microsalt_poly1305_state;
#endif

/* Contract of every Poly1305 kernel, native or C:
 * nblocks >= 0 blocks of 16 bytes at m (no alignment needed); for each, h = (h + block +
 * hibit * 2^128) * r mod 2^130 - 5, where hibit is 1 for a full block (its pad bit) and 0 for
 * a last block that carries its own pad byte. st->h is within the bounds above on entry and
 * is left within them (not reduced below p); st->r is clamped and left unchanged. r, h and the
 * message may be secret: the work depends on nblocks only. */
void microsalt_poly1305_blocks_portable(microsalt_poly1305_state *st, const uint8_t *m,
                                        size_t nblocks, uint32_t hibit);

/* The native kernel, same contract, where the architecture's kernels.h switches it on (x86-64:
 * AVX2 for runs of full blocks when the CPU has it, chosen at run time, the twin for the
 * rest); elsewhere the name is the twin's. */
#if MICROSALT_NATIVE_POLY1305_BLOCKS
void microsalt_poly1305_blocks(microsalt_poly1305_state *st, const uint8_t *m, size_t nblocks,
                               uint32_t hibit);
#else
#define microsalt_poly1305_blocks microsalt_poly1305_blocks_portable
#endif

/* Contract of the tag's kernel, native or C: tag = (h mod p) + s mod 2^128 (RFC 8439's tag,
 * s the key's second half) for st->h within the bounds above, then st zeroed. tag and s need
 * no alignment; they may be the same bytes (crypto_secretbox writes the tag over the key's
 * second half), but not otherwise overlap. h and s may be secret: the work depends on the
 * alignment of tag and s at most. */
void microsalt_poly1305_finish_portable(uint8_t tag[16], microsalt_poly1305_state *st,
                                        const uint8_t s[16]);

#if MICROSALT_NATIVE_POLY1305_FINISH
void microsalt_poly1305_finish(uint8_t tag[16], microsalt_poly1305_state *st,
                               const uint8_t s[16]);
#else
#define microsalt_poly1305_finish microsalt_poly1305_finish_portable
#endif

#if MICROSALT_POLY1305_44
/* For a vector kernel: pw = r^4, r^3, r^2, r mod p in the accumulator's limbs (three each),
 * then 20 times r^2's limbs 1 and 2. */
void microsalt_poly1305_powers(uint64_t pw[14], const uint64_t r[3]);
#endif

/* RFC 8439 section 2.8's tag: Poly1305 with the one-time key k over ad, zeros to a multiple
 * of 16 bytes, c, zeros again, then adlen and clen as 64-bit little-endian numbers. */
void microsalt_poly1305_aead(uint8_t tag[16], const uint8_t *ad, unsigned long long adlen,
                             const uint8_t *c, unsigned long long clen, const uint8_t k[32]);

#endif
