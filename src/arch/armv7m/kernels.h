/*
 * ARMv7-M (Cortex-M3, and the Cortex-M4 through armv7em/kernels.h): the kernels of this
 * directory that the build uses (docs/kernels.md). Every kernel not switched on here is its
 * family's portable C twin.
 */
#ifndef MICROSALT_KERNELS_H
#define MICROSALT_KERNELS_H

/* chacha.S: microsalt_chacha_blocks (src/symmetric/chacha20.h). */
#define MICROSALT_NATIVE_CHACHA_BLOCKS 1
/* The Cortex-M3's UMULL/SMULL/UMLAL/SMLAL end early on small operands, so ct_mul32x32_64
 * takes the twin of 16-bit halves (common.h). */
#define MICROSALT_MUL64_VARIABLE_TIME 1

#endif
