/*
 * Salsa20 (Bernstein, "Salsa20 specification"): the block kernel shared by salsa20.c (the
 * cores and the stream) and xsalsa20.c, and the XSalsa20 state that xsalsa20.c and
 * crypto_secretbox_open (src/nacl/secretbox.c) run it on.
 *
 * The state x is the Salsa20 input matrix as 16 words: the constant on the diagonal (words 0,
 * 5, 10, 15), the key in words 1..4 and 11..14, and the 16-byte input in words 6..9 (for the
 * stream: the nonce, then the 64-bit block counter in words 8 (low) and 9).
 */
#ifndef MICROSALT_SALSA20_H
#define MICROSALT_SALSA20_H

#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

/* "expand 32-byte k": Salsa20's constant for 256-bit keys, which XSalsa20 also gives to
 * HSalsa20. */
extern const unsigned char microsalt_salsa20_sigma[16];
/* The same constant as four little-endian words: Salsa20's diagonal, ChaCha20's first row. */
#define MICROSALT_SIGMA0 0x61707865u
#define MICROSALT_SIGMA1 0x3320646eu
#define MICROSALT_SIGMA2 0x79622d32u
#define MICROSALT_SIGMA3 0x6b206574u

/* x = XSalsa20's state for key k and the 24-byte nonce n, at block 0 (the XSalsa20 paper):
 * HSalsa20 of k and n[0..16) as its key, n[16..24) as its nonce. */
void microsalt_xsalsa20_setup(uint32_t x[16], const uint8_t n[24], const uint8_t k[32]);

/* c = m xor the keystream of the state x from its block counter on, or the bare keystream
 * when m is NULL; x's counter moves past the blocks used, a partial last one included.
 * c == m is allowed. The caller wipes x. */
void microsalt_salsa20_xor(uint8_t *c, const uint8_t *m, unsigned long long len, uint32_t x[16]);

/* Contract of every Salsa20 kernel, native or C:
 * nblocks >= 1. For each of nblocks blocks, writes 64 bytes of c = m xor (the 20 rounds
 * applied to x, plus x), in the specification's byte order, then adds 1 to the 64-bit number
 * in words 8 (low) and 9 of x. c == m is allowed, other overlaps are not; c and m need no
 * alignment. Every word of x may be secret (HSalsa20 puts secret input in words 6..9, so even
 * the carry into word 9 must not branch): the work depends on nblocks only. */
void microsalt_salsa20_blocks_portable(uint8_t *c, const uint8_t *m, size_t nblocks,
                                       uint32_t x[16]);

/* The native kernel, same contract, where the architecture's kernels.h switches it on (x86-64:
 * AVX2 for batches of eight blocks when the CPU has it, chosen at run time, the twin for the
 * rest); elsewhere the name is the twin's. */
#if MICROSALT_NATIVE_SALSA20_BLOCKS
void microsalt_salsa20_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t x[16]);
#else
#define microsalt_salsa20_blocks microsalt_salsa20_blocks_portable
#endif

#endif
