/*
 * The Montgomery ladder of X25519 (RFC 7748, section 5) and its final division as a kernel
 * (docs/kernels.md): the twin, microsalt_x25519_ladder_portable, is x25519.c's loop over the
 * field operations of fe25519.h, then fe_invert and fe_mul; MICROSALT_NATIVE_X25519_LADDER
 * in the architecture's kernels.h switches on one routine that does it all (the Cortex-M4's:
 * src/arch/armv7em/x25519_ladder.S).
 */
#ifndef MICROSALT_X25519_LADDER_H
#define MICROSALT_X25519_LADDER_H

#include <stdint.h>

#include "fe25519.h"
#include "kernels.h"

/* The layout the native kernels read: the offsets of e, x1 and u are 0, 32 and 64 in the
 * packed representation. */
struct microsalt_x25519_io {
    uint8_t e[32]; /* in: the scalar, clamped by the caller */
    fe25519 x1;    /* in: the input u (any value the field functions accept) */
    fe25519 u;     /* out: x2 / z2 (0 when z2 = 0) */
};

/* Contract of the kernel and its twin: (x2 : z2) = k (x1 : 1) for k = e mod 2^nbits, by
 * nbits ladder steps over bits nbits - 1 .. 0 of e, from (x2 : z2) = (1 : 0) and
 * (x3 : z3) = (x1 : 1), each step swapping by its bit XOR the previous one; then
 * u = x2 z2^(p - 2). 1 <= nbits <= 256, and bits 0, 1 and 2 of e must be 0, as clamping
 * makes them: no swap is left pending, and the steps of those bits may make the doubling
 * only, their (x3 : z3) never read (the twin's and the Cortex-M0's and M3's kernels do). u
 * is below 2^256, the value mod p that the twin's field operations make (not reduced). e,
 * x1 and u may be secret: the work and every address depend on nbits only. */
void microsalt_x25519_ladder_portable(struct microsalt_x25519_io *s, unsigned nbits);
#if MICROSALT_NATIVE_X25519_LADDER
void microsalt_x25519_ladder(struct microsalt_x25519_io *s, unsigned nbits);
#else
#define microsalt_x25519_ladder microsalt_x25519_ladder_portable
#endif

#endif
