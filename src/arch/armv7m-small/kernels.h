/*
 * ARMv7-M in little flash (the cortex-m3-small build, targets.txt): the kernels the build
 * uses (docs/kernels.md), chosen for flash first. Its search path goes on to armv7m and
 * armv6m, whose files it takes where it has none of its own; every kernel not switched on
 * here is its family's portable C twin.
 */
#ifndef MICROSALT_KERNELS_H
#define MICROSALT_KERNELS_H

/* Off by choice (tests/kernels/kernels.def): the C twins are smaller than armv7m's unrolled
 * Salsa20 (C: 0.6 KB, armv7m: 2.0 KB) and table lookup (0.3 KB, 0.8 KB), whose speed the
 * NaCl API can spare. */
#define MICROSALT_NATIVE_SALSA20_BLOCKS 0
#define MICROSALT_NATIVE_GE25519_SELECT 0
/* Off by choice too: the M3's binary GCD inversion (armv6m's fe_invert.c and
 * fe_invert_reduce.S and armv7m's fe_invert_gcd.S, 2.5 KB; 47,192 cycles against Fermat's
 * 156,294) and its X25519 ladder (armv7m's x25519_ladder.S, 4.6 KB, 6% of X25519) would take
 * the NaCl API past μNaCl's 15,240 bytes; Fermat's chain and the twin's ladder only call the
 * field kernels. */
#define MICROSALT_NATIVE_FE_INVERT 0
#define MICROSALT_NATIVE_X25519_LADDER 0
/* Off by choice as well: armv7m's multiplication and squaring of public operands
 * (fe25519_mul_public.S, 3.2 KB, for verification) would take the NaCl API past 15,240
 * bytes; verification takes the constant-time kernels. */
#define MICROSALT_NATIVE_FE_MUL_PUBLIC 0
#define MICROSALT_NATIVE_FE_SQ_PUBLIC 0

/* GF(2^255 - 19) as eight 32-bit words reduced mod 2^256 - 38 (src/curve25519/fe25519_packed.c),
 * the layout of the field kernels below. */
#define MICROSALT_FE_PACKED 1
/* fe25519_mul.S: microsalt_fe_mul and microsalt_fe_sq (src/curve25519/fe25519.h) by rows
 * of MULs of 16-bit digits, in 0.9 KB: the packed C twins, which take the 64-bit products of
 * ct_mul32x32_64 apart, are 1.8x slower. */
#define MICROSALT_NATIVE_FE_MUL 1
#define MICROSALT_NATIVE_FE_SQ 1
/* armv7m's fe_add.S, fe_sub.S, fe_cswap.S, fe_freeze.S and armv6m's fe_mul121666.S: 0.8 KB
 * together, 0.3 KB more than their C twins, which take 1.3 to 4.3 times their cycles (the
 * M3's kernel figures, BENCHMARKS.md). */
#define MICROSALT_NATIVE_FE_ADD 1
#define MICROSALT_NATIVE_FE_SUB 1
#define MICROSALT_NATIVE_FE_MUL121666 1
#define MICROSALT_NATIVE_FE_CSWAP 1
#define MICROSALT_NATIVE_FE_FREEZE 1
/* armv7m's poly1305.S (1.2 KB): the C twin in radix 2^32 is larger (2.3 KB), its products
 * taken apart by ct_mul32x32_64. */
#define MICROSALT_NATIVE_POLY1305_BLOCKS 1
#define MICROSALT_POLY1305_RADIX32 1
/* armv6m's poly1305_finish.S: the tag in 166 bytes; the NaCl API is about 100 bytes smaller
 * than with the twin and its memset calls. */
#define MICROSALT_NATIVE_POLY1305_FINISH 1
/* sha512.S: one round and one schedule word in loops, 0.8 KB and K's 0.6 KB, where armv7m's
 * writes out eight of each (4.1 KB); the C twin is as large and takes 1.6x its cycles. */
#define MICROSALT_NATIVE_SHA512_BLOCKS 1
/* armv7m's chacha.S (1.2 KB, the C twin 0.6 KB): outside the NaCl API, for the AEADs. */
#define MICROSALT_NATIVE_CHACHA_BLOCKS 1
/* As armv7m's: the M3's long multiplies end early on small operands. */
#define MICROSALT_MUL64_VARIABLE_TIME 1

#endif
