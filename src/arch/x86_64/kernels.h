/*
 * The x86-64 kernels (this directory), used by src/symmetric/salsa20.c and
 * src/symmetric/poly1305.c in host builds whose search path has x86_64 (targets.txt); with
 * another compiler this header switches nothing on. A kernel
 * may run only after microsalt_x86_64_avx2() returned 1. The choice depends on the CPU alone,
 * never on secrets.
 */
#ifndef MICROSALT_KERNELS_H
#define MICROSALT_KERNELS_H

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#define MICROSALT_X86_64

#include <stdint.h>

/* 1 when the CPU and the operating system support AVX2, else 0. */
int microsalt_x86_64_avx2(void);

/* Salsa20 (salsa20.c). x is a Salsa20 input matrix as 16 words, its 64-bit block counter in
 * words 8 (low) and 9. Writes c = m xor the keystream from that block on (the bare keystream
 * when m is NULL; c == m is allowed) for a leading part of the len bytes and returns the
 * part's length: len, or the largest multiple of 512 when the bytes after it fit one block;
 * then x's counter has moved past the part's blocks. */
unsigned long long microsalt_salsa20_xor_avx2(uint8_t *c, const uint8_t *m,
                                              unsigned long long len, uint32_t x[16]);

/* Poly1305 (poly1305.c). h is src/symmetric/poly1305.c's accumulator in 44-bit limbs, within that
 * file's bounds between blocks, and pw holds r^4, r^3, r^2 and r mod p in the same form,
 * three limbs each. Absorbs the nblocks full 16-byte blocks at m into h; nblocks is a
 * positive multiple of 4. */
void microsalt_poly1305_blocks_avx2(uint64_t h[3], const uint64_t pw[12], const uint8_t *m,
                                    unsigned long long nblocks);

#endif

#endif
