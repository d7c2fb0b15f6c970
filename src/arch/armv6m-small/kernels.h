/*
 * ARMv6-M in little flash (the cortex-m0-small build, targets.txt): the kernels the build
 * uses (docs/kernels.md), chosen for flash first, for the Cortex-M0 parts with 32 or 64 KB.
 * Its search path goes on to armv6m, whose files it takes; every kernel not switched on here
 * is its family's portable C twin. Sizes are the -Os build's.
 */
#ifndef MICROSALT_KERNELS_H
#define MICROSALT_KERNELS_H

/* Off by choice (tests/kernels/kernels.def): the C twins are smaller than armv6m's unrolled
 * Salsa20 (C: 0.7 KB, armv6m: 3.5 KB), SHA-512 (1.5 KB with its constants, 3.7 KB) and
 * table lookup (0.3 KB, 0.4 KB). */
#define MICROSALT_NATIVE_SALSA20_BLOCKS 0
#define MICROSALT_NATIVE_SHA512_BLOCKS 0
#define MICROSALT_NATIVE_GE25519_SELECT 0
/* Off by choice too: the X25519 ladder (x25519_ladder.S, 7.0 KB with its copies of the
 * multiplication and squaring; the twin's ladder, 0.3 KB, calls the kernels below) and the binary GCD inversion (fe_invert.c, fe_invert_gcd.S and
 * fe_invert_reduce.S, 2.2 KB; Fermat's chain calls the squaring and multiplication below). */
#define MICROSALT_NATIVE_X25519_LADDER 0
#define MICROSALT_NATIVE_FE_INVERT 0

/* GF(2^255 - 19) as eight 32-bit words reduced mod 2^256 - 38 (src/curve25519/fe25519_packed.c),
 * the layout of the field kernels below. */
#define MICROSALT_FE_PACKED 1
/* armv6m's fe25519_mul.S (2.4 KB and 1.7 KB): the packed C twins are 4.1 and 4.4 times
 * slower, and every curve operation is made of them. */
#define MICROSALT_NATIVE_FE_MUL 1
#define MICROSALT_NATIVE_FE_SQ 1
/* armv6m's fe_add.S, fe_sub.S, fe_mul121666.S and fe_cswap.S: 0.6 KB together, 0.15 KB
 * more than their C twins, which take 1.3 to 7.7 times their cycles (the M0's kernel
 * figures, BENCHMARKS.md). */
#define MICROSALT_NATIVE_FE_ADD 1
#define MICROSALT_NATIVE_FE_SUB 1
#define MICROSALT_NATIVE_FE_MUL121666 1
#define MICROSALT_NATIVE_FE_CSWAP 1
/* armv6m's poly1305.S (2.7 KB) and poly1305_finish.S: the C twin in radix 2^32 is larger
 * (2.8 KB), its products taken apart by ct_mul32x32_64. */
#define MICROSALT_NATIVE_POLY1305_BLOCKS 1
#define MICROSALT_POLY1305_RADIX32 1
#define MICROSALT_NATIVE_POLY1305_FINISH 1
/* armv6m's chacha.S: outside the NaCl API, for the AEADs. */
#define MICROSALT_NATIVE_CHACHA_BLOCKS 1
/* As armv6m's: libgcc's 32x32->64 product branches on carries, and eight low registers. */
#define MICROSALT_MUL64_VARIABLE_TIME 1
#define MICROSALT_FEW_REGISTERS 1

#endif
