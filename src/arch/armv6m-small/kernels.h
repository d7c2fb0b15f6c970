/*
 * ARMv6-M in little flash (the cortex-m0-small build, targets.txt), for the Cortex-M0 parts
 * with 32 or 64 KB of flash: armv6m's kernels (the next directory of the search path, whose
 * sources the build compiles), but those whose C twins are smaller, switched off below
 * (docs/kernels.md), and two of this directory's own, which shadow armv6m's. Sizes are this
 * build's, at -Os.
 *
 * Kept: the field's multiplication and squaring (2.4 and 1.7 KB; the packed C twins are 4.1
 * and 4.4 times slower, and every curve operation is made of them); Poly1305's tag; the
 * field's addition, subtraction, 121666 and swap (0.6 KB together, 0.15 KB more than their C
 * twins, which take 1.3 to 7.7 times their cycles); the fixed-base table lookup (0.1 KB more
 * than its twin, which takes 4 times its cycles: 6% of a signature); ChaCha's blocks, outside
 * the NaCl API.
 *
 * Its own: poly1305.S, armv6m's Poly1305 with one copy of the block (1.1 KB, where armv6m's
 * four take 2.7 KB for 1% fewer cycles; the C twin in radix 2^32 is larger, 2.8 KB), and
 * sha512.S, one round and one schedule word in loops (0.6 KB and K's 0.6 KB, where armv6m's
 * eight of each take 3.7 KB; the C twin takes 0.8 KB and 1.9 times its cycles).
 */
#include "../armv6m/kernels.h"

#ifndef MICROSALT_KERNELS_ARMV6M_SMALL_H
#define MICROSALT_KERNELS_ARMV6M_SMALL_H

/* Off by choice (tests/kernels/kernels.def): the C twin is smaller than armv6m's unrolled
 * Salsa20 (C: 0.7 KB, armv6m: 3.5 KB). */
#undef MICROSALT_NATIVE_SALSA20_BLOCKS
#define MICROSALT_NATIVE_SALSA20_BLOCKS 0
/* Off by choice too: the X25519 ladder (x25519_ladder.S, 7.0 KB with its copies of the
 * multiplication and squaring; the twin's ladder, 0.3 KB, calls armv6m's) and the binary GCD
 * inversion (fe_invert.c, fe_invert_gcd.S and fe_invert_reduce.S, 2.2 KB; Fermat's chain
 * calls armv6m's squaring and multiplication). */
#undef MICROSALT_NATIVE_X25519_LADDER
#undef MICROSALT_NATIVE_FE_INVERT
#define MICROSALT_NATIVE_X25519_LADDER 0
#define MICROSALT_NATIVE_FE_INVERT 0

#endif
