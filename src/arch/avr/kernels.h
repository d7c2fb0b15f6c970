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
/* Signed 16x16 -> 32-bit products go through libgcc routines that branch on the signs:
 * ntrulpr761 multiplies by masks instead (src/ntrulpr761/). */
#define MICROSALT_MUL16_VARIABLE_TIME 1
/* 32 8-bit registers: ntrulpr761's dot product does not unroll by four, and its bitsliced AES
 * runs byte lane by byte lane (src/ntrulpr761/). */
#define MICROSALT_FEW_REGISTERS 1
#define MICROSALT_BYTE_REGISTERS 1

#endif
