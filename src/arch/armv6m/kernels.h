/*
 * ARMv6-M (Cortex-M0): the kernels of this directory that the build uses (docs/kernels.md).
 * Every kernel not switched on here is its family's portable C twin.
 */
#ifndef MICROSALT_KERNELS_H
#define MICROSALT_KERNELS_H

/* chacha.S: microsalt_chacha_blocks (src/symmetric/chacha20.h). */
#define MICROSALT_NATIVE_CHACHA_BLOCKS 1
/* No long multiply: the compiler's 32x32->64 product is libgcc's __aeabi_lmul, which
 * branches on carries, so ct_mul32x32_64 takes the twin of 16-bit halves (common.h). */
#define MICROSALT_MUL64_VARIABLE_TIME 1
/* Eight low registers: ntrulpr761's dot product does not unroll by four (src/ntrulpr761/). */
#define MICROSALT_FEW_REGISTERS 1

#endif
