/*
 * x86-64 hosts: the kernels of this directory that the build uses (docs/kernels.md), with gcc
 * or clang; another compiler gets the portable twins. Each kernel chooses AVX2 code at run
 * time when microsalt_x86_64_avx2() says the CPU has it, and its twin otherwise: the choice
 * depends on the CPU alone, never on secrets.
 */
#ifndef MICROSALT_KERNELS_H
#define MICROSALT_KERNELS_H

#if (defined(__GNUC__) || defined(__clang__)) && defined(__x86_64__)
#include <stdint.h>

/* 1 when the CPU and the operating system support AVX2, else 0. */
int microsalt_x86_64_avx2(void);

/* src/arch/x86_64/salsa20.c: microsalt_salsa20_blocks (src/symmetric/salsa20.h), AVX2 when
 * the CPU has it. */
#define MICROSALT_NATIVE_SALSA20_BLOCKS 1

/* src/arch/x86_64/poly1305.c: microsalt_poly1305_blocks (src/symmetric/poly1305.h), AVX2
 * when the CPU has it; for the 44-bit accumulator, which MICROSALT_FE32 builds do not use. */
#ifndef MICROSALT_FE32
#define MICROSALT_NATIVE_POLY1305_BLOCKS 1
#endif

#endif

#endif
