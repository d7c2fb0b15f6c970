/*
 * AVR (ATmega2560, ATmega328P): the kernels of this directory that the build uses
 * (docs/kernels.md). Every kernel not switched on here is its family's portable C twin.
 */
#ifndef MICROSALT_KERNELS_H
#define MICROSALT_KERNELS_H

/* chacha.S: microsalt_chacha_blocks (src/symmetric/chacha20.h). */
#define MICROSALT_NATIVE_CHACHA_BLOCKS 1
/* mul32x32_64.S: microsalt_mul32x32_64 (ct_mul32x32_64, src/core/common.h), in place of
 * libgcc's 64-bit multiply, which branches on carries. */
#define MICROSALT_NATIVE_MUL32X32_64 1
#define MICROSALT_MUL64_VARIABLE_TIME 1

#endif
