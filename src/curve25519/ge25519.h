/*
 * The Ed25519 group: the twisted Edwards curve -x^2 + y^2 = 1 + d x^2 y^2 over GF(2^255 - 19),
 * d = -121665/121666, with base point B = (x, 4/5), x even (RFC 8032, section 5.1).
 * Shared by Ed25519 (src/curve25519/ed25519.c) and X25519's fixed-base multiplication.
 */
#ifndef MICROSALT_GE25519_H
#define MICROSALT_GE25519_H

#include <stdint.h>

#include "fe25519.h"
#include "kernels.h"

/* Extended coordinates (Hisil-Wong-Carter-Dawson 2008): x = X/Z, y = Y/Z, x y = T/Z. */
typedef struct {
    fe25519 X, Y, Z, T;
} ge25519;

/* Projective: x = X/Z, y = Y/Z. */
typedef struct {
    fe25519 X, Y, Z;
} ge_p2;

/* Completed: x = X/Z, y = Y/T. */
typedef struct {
    fe25519 X, Y, Z, T;
} ge_p1p1;

/* Affine Niels form: y + x, y - x, 2dxy. */
typedef struct {
    fe25519 ypx, ymx, xy2d;
} ge_niels;

/* Kernel (docs/kernels.md), the doubling of both scalar multiplications: r = 2p
 * (dbl-2008-hwcd with a = -1), r stored as (E : A + B) and (B - A : C - G), the negated
 * (H : F) of the formulas (see ge25519.c). r and p are different objects; every value may
 * be secret. Outputs below 2^256, as the field kernels'. */
void microsalt_ge25519_dbl_portable(ge_p1p1 *r, const ge_p2 *p);
#if MICROSALT_NATIVE_GE25519_DBL
void microsalt_ge25519_dbl(ge_p1p1 *r, const ge_p2 *p);
#else
#define microsalt_ge25519_dbl microsalt_ge25519_dbl_portable
#endif

/* Kernel (docs/kernels.md), the doubling after a doubling or an addition: t = 2t for t
 * completed, through q, which is left holding t as projective (X T : Y Z : Z T). */
void microsalt_ge25519_dbl_completed_portable(ge_p1p1 *t, ge_p2 *q);
#if MICROSALT_NATIVE_GE25519_DBL_COMPLETED
void microsalt_ge25519_dbl_completed(ge_p1p1 *t, ge_p2 *q);
#else
#define microsalt_ge25519_dbl_completed microsalt_ge25519_dbl_completed_portable
#endif

/* Kernel (docs/kernels.md), verification's addition: r = t as extended coordinates, then
 * t = r + q (r - q for negate = 1), q an odd multiple in Niels form (Z = 1, z2 NULL) or in
 * cached form with 2Z = z2. Variable time: negate and whether z2 is NULL choose the path,
 * for public points only. Outputs below 2^256, as the field kernels'. */
void microsalt_ge25519_add_completed_portable(ge_p1p1 *t, ge25519 *r, const ge_niels *q,
                                              const fe25519 *z2, int negate);
#if MICROSALT_NATIVE_GE25519_ADD_COMPLETED
void microsalt_ge25519_add_completed(ge_p1p1 *t, ge25519 *r, const ge_niels *q,
                                     const fe25519 *z2, int negate);
#else
#define microsalt_ge25519_add_completed microsalt_ge25519_add_completed_portable
#endif

/* Kernel (docs/kernels.md), the fixed-base multiplication's addition: r = r + n, or r - n
 * for neg = 1 (neg is 0 or 1), r in extended coordinates and n an affine point in Niels
 * form (a table entry). Every value may be secret: the work and the addresses do not depend
 * on them. The twin clobbers n (its y + x and y - x trade places for neg = 1) and works in
 * t; a native kernel may leave both alone. Outputs below 2^256, as the field kernels'. */
void microsalt_ge25519_madd_portable(ge25519 *r, ge_niels *n, uint32_t neg, ge_p1p1 *t);
#if MICROSALT_NATIVE_GE25519_MADD
void microsalt_ge25519_madd(ge25519 *r, ge_niels *n, uint32_t neg, ge_p1p1 *t);
#else
#define microsalt_ge25519_madd microsalt_ge25519_madd_portable
#endif

/* Kernel (docs/kernels.md), the fixed-base multiplication's table lookup: n = entry mag - 1
 * of block (eight entries of 96 bytes: y + x, y - x and 2dxy, each the 32 little-endian
 * bytes of a value below p), or the identity's (1, 1, 0) for mag = 0. mag (0..8) may be
 * secret: every entry is read, and the work and the addresses do not depend on mag. block
 * is 4-byte aligned and read through flash_view (program memory on AVR), with scratch, also
 * 4-byte aligned, as its buffer. */
void microsalt_ge25519_select_portable(ge_niels *n, const uint8_t (*block)[96], uint32_t mag,
                                       uint8_t scratch[32]);
#if MICROSALT_NATIVE_GE25519_SELECT
void microsalt_ge25519_select(ge_niels *n, const uint8_t (*block)[96], uint32_t mag,
                              uint8_t scratch[32]);
#else
#define microsalt_ge25519_select microsalt_ge25519_select_portable
#endif

/* r = [a]B for a < 2^255 (32 little-endian bytes). Constant time in a. */
void microsalt_ge25519_scalarmult_base(ge25519 *r, const uint8_t a[32]);

/* s = the 32-byte encoding of p (y with the parity of x in bit 255). */
void microsalt_ge25519_tobytes(uint8_t s[32], const ge25519 *p);

/* Decodes s per RFC 8032, section 5.1.3, and stores the NEGATED point in r (what
 * verification needs). Returns -1, leaving r unspecified, when y >= p, when x^2 has no root,
 * or when x = 0 with the sign bit set; 0 otherwise. Variable time: public inputs only. */
int microsalt_ge25519_frombytes_negate_vartime(ge25519 *r, const uint8_t s[32]);

/* r = [h]A + [s]B for h, s < 2^255; r may alias A. Variable time: public inputs only. */
void microsalt_ge25519_double_scalarmult_vartime(ge25519 *r, const uint8_t h[32],
                                                 const ge25519 *A, const uint8_t s[32]);

#endif
