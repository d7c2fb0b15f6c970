/*
 * ChaCha (Bernstein, "ChaCha, a variant of Salsa20"; RFC 8439): the block kernel shared by
 * chacha20.c (the streams and HChaCha20) and aead_chacha20poly1305.c.
 *
 * The state x is the 4x4 matrix of 32-bit words: the constant in words 0..3, the key in 4..11,
 * the block counter in word 12 (and 13 for the original 64-bit counter) and the nonce after
 * it. The kernel is given the round count so the lab can measure ChaCha8 and ChaCha12 with the
 * code that runs ChaCha20.
 */
#ifndef MICROSALT_CHACHA20_H
#define MICROSALT_CHACHA20_H

#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

/* Contract of every ChaCha kernel, assembly or C:
 * rounds is 8, 12 or 20; nblocks >= 1. For each of nblocks blocks, writes 64 bytes of
 * c = m xor (the rounds applied to x, plus x), in RFC 8439's byte order, then adds 1 to the
 * 64-bit block counter in words 12 (low) and 13 of x. c == m is allowed, other overlaps are
 * not; c and m need no alignment. Constant time: the work depends on nblocks and rounds only,
 * never on x (HChaCha20 puts secret input where the counter is, so even the counter's carry
 * must not branch).
 * The counter's carry into word 13 only ever happens after the last block of an IETF request
 * (chacha20.c refuses requests that would wrap the 32-bit counter), so it never reaches the
 * IETF nonce that word 13 holds there. */
void microsalt_chacha_blocks_portable(uint8_t *c, const uint8_t *m, size_t nblocks,
                                      uint32_t x[16], unsigned rounds);

/* The native kernel, same contract (src/arch/<arch>/chacha.S), where the architecture's
 * kernels.h switches it on; elsewhere the name is the portable twin's. */
#if MICROSALT_NATIVE_CHACHA_BLOCKS
void microsalt_chacha_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t x[16],
                             unsigned rounds);
#else
#define microsalt_chacha_blocks microsalt_chacha_blocks_portable
#endif

/* x's words 0..11: the constant c (16 bytes; NULL for "expand 32-byte k") and the key k. */
void microsalt_chacha_setup(uint32_t x[16], const uint8_t k[32], const uint8_t *c);

/* c = m xor the ChaCha20 keystream of x from its current block (m == NULL: the keystream
 * alone); x's counter moves past the blocks used. The caller has checked the counter. */
void microsalt_chacha20_xor(uint8_t *c, const uint8_t *m, unsigned long long len, uint32_t x[16]);

/* HChaCha20 of the 16-byte input in with key k and constant c (NULL: "expand 32-byte k"):
 * the 32-byte out (words 0..3 and 12..15 of the rounds' output). */
void microsalt_hchacha20(uint8_t out[32], const uint8_t in[16], const uint8_t k[32],
                        const uint8_t *c);

#endif
