/*
 * ARMv7E-M (Cortex-M4): armv7m's kernels (the next directory of the search path, whose
 * sources the build compiles where this directory has no file of the same name) and this
 * directory's own (docs/kernels.md).
 */
#include "../armv7m/kernels.h"

#ifndef MICROSALT_KERNELS_ARMV7EM_H
#define MICROSALT_KERNELS_ARMV7EM_H

/* The Cortex-M4's UMULL and UMLAL take one cycle whatever their operands. */
#undef MICROSALT_MUL64_VARIABLE_TIME
/* The DSP extension: SMLAD, SMLADX, SADD16 and PKHBT, which ntrulpr761's multiplication uses
 * as intrinsics (src/ntrulpr761/), with the fixed-time UMULL in its reduction. */
#define MICROSALT_ARM_DSP 1
/* ntrulpr761_kara_leaf.c: microsalt_ntrulpr761_kara_leaf (src/ntrulpr761/ntrulpr761_internal.h). */
#define MICROSALT_NATIVE_NTRULPR761_KARA_LEAF 1
/* ntrulpr761_dot.c: microsalt_ntrulpr761_dot (src/ntrulpr761/ntrulpr761_internal.h). */
#define MICROSALT_NATIVE_NTRULPR761_DOT 1

#endif
