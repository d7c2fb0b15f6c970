/*
 * X25519 (RFC 7748): crypto_scalarmult and crypto_scalarmult_base.
 *
 * The Montgomery ladder on projective (X : Z) coordinates, one conditional swap per scalar
 * bit and one inversion at the end. Every step runs the same operations whatever the scalar,
 * and the swap is a mask, so timing and memory addresses do not depend on it.
 */
#include "common.h"
#include "fe25519.h"
#include "ge25519.h"
#include "x25519_ladder.h"

/* libsodium's rule: an all-zero result (a low-order input point) is an error, found without a
 * branch on the secret bytes. Returns -1 when q is all zeros, else 0. */
static int zero_result(const uint8_t q[32])
{
    uint32_t d = 0;
    int i;
    for (i = 0; i < 32; i++) {
        d |= q[i];
    }
    return -(int)ct_is_zero_u32(d);
}

/* The twin's working state, all secret, in one place so that a single wipe clears it; z2
 * works in the caller's u, where the result goes, so that X25519 takes no more stack than
 * the ladder did before it became a kernel. */
struct ladder {
    fe25519 x2, x3, z3; /* (x2 : z2) = k u and (x3 : z3) = (k + 1) u, k the bits so far */
    fe25519 t0, t1;
};

/* (x2 : z2) = 2 (x2 : z2), and where addition is set (x3 : z3) = (x2 : z2) + (x3 : z3), their
 * difference being x1. The formulas of RFC 7748 section 5, with z2 = E (BB + 121666 E), which
 * equals E (AA + 121665 E) because AA = BB + E. */
static void ladder_step(struct ladder *s, fe25519 *z2, const fe25519 *x1, int addition)
{
    microsalt_fe_sub(&s->t1, &s->x2, z2);         /* B */
    microsalt_fe_add(&s->x2, &s->x2, z2);         /* A */
    if (addition) {
        microsalt_fe_sub(&s->t0, &s->x3, &s->z3); /* D */
        microsalt_fe_add(z2, &s->x3, &s->z3);     /* C */
        microsalt_fe_mul(&s->z3, &s->t0, &s->x2); /* DA */
        microsalt_fe_mul(z2, z2, &s->t1);         /* CB */
        microsalt_fe_add(&s->x3, &s->z3, z2);     /* DA + CB */
        microsalt_fe_sub(z2, &s->z3, z2);         /* DA - CB */
        microsalt_fe_sq(&s->x3, &s->x3);          /* x3 = (DA + CB)^2 */
        microsalt_fe_sq(z2, z2);
        microsalt_fe_mul(&s->z3, x1, z2);         /* z3 = x1 (DA - CB)^2 */
    }
    microsalt_fe_sq(&s->t0, &s->t1);              /* BB */
    microsalt_fe_sq(&s->t1, &s->x2);              /* AA */
    microsalt_fe_mul(&s->x2, &s->t1, &s->t0);     /* x2 = AA BB */
    microsalt_fe_sub(&s->t1, &s->t1, &s->t0);     /* E = AA - BB */
    microsalt_fe_mul121666(z2, &s->t1);
    microsalt_fe_add(z2, z2, &s->t0);             /* BB + 121666 E */
    microsalt_fe_mul(z2, &s->t1, z2);             /* z2 = E (BB + 121666 E) */
}

void microsalt_x25519_ladder_portable(struct microsalt_x25519_io *io, unsigned nbits)
{
    struct ladder s;
    uint32_t swap = 0, bit;
    unsigned i;

    microsalt_fe_1(&s.x2);
    microsalt_fe_0(&io->u);
    s.x3 = io->x1;
    microsalt_fe_1(&s.z3);
    for (i = nbits; i-- > 0;) {
        bit = (uint32_t)(io->e[i >> 3] >> (i & 7)) & 1;
        /* Swaps are deferred: the pairs stay swapped while the bits repeat, so each step
         * swaps by the XOR of its bit and the previous one. */
        swap ^= bit;
        microsalt_fe_cswap(&s.x2, &s.x3, swap);
        microsalt_fe_cswap(&io->u, &s.z3, swap);
        swap = bit;
        /* Bits 2 to 0 are 0 (the contract): (x3 : z3) is not read after their steps. */
        ladder_step(&s, &io->u, &io->x1, i >= 3);
    }
    /* No swap is pending: bit 0 of e is 0. */
    microsalt_fe_invert(&io->u, &io->u);
    microsalt_fe_mul(&io->u, &s.x2, &io->u);
    microsalt_wipe(&s, sizeof s);
}

int crypto_scalarmult(unsigned char *q, const unsigned char *n, const unsigned char *p)
{
    struct microsalt_x25519_io s;

    /* Inputs are read in full before q is written, so q may alias n or p. */
    memcpy(s.e, n, 32);
    s.e[0] &= 248;
    s.e[31] &= 127;
    s.e[31] |= 64;
    microsalt_fe_frombytes(&s.x1, p); /* ignores bit 255 of p, as RFC 7748 requires */
    microsalt_x25519_ladder(&s, 255);
    microsalt_fe_tobytes(q, &s.u);
    microsalt_wipe(&s, sizeof s);
    return zero_result(q);
}

/* [n]9 through the Edwards curve: the fixed-base table of Ed25519 costs a fraction of a ladder.
 * The birational map u = (1 + y) / (1 - y) = (Z + Y) / (Z - Y) takes [e]B on edwards25519 to
 * [e]9 on curve25519 (RFC 7748, section 4.1). Z - Y is never 0: that needs y = 1, the identity,
 * and [e]B is not the identity for a clamped e: B has odd prime order L, the multiples of L in
 * [2^254, 2^255) are 4L .. 7L, and none of them is a multiple of 8 as a clamped e is. */
int crypto_scalarmult_base(unsigned char *q, const unsigned char *n)
{
    struct {
        uint8_t e[32];
        ge25519 A;
    } s;
    memcpy(s.e, n, 32);
    s.e[0] &= 248;
    s.e[31] &= 127;
    s.e[31] |= 64;
    microsalt_ge25519_scalarmult_base(&s.A, s.e);
    /* X and T are not needed: they hold the numerator and the denominator (less stack). */
    microsalt_fe_add(&s.A.X, &s.A.Z, &s.A.Y);
    microsalt_fe_sub(&s.A.T, &s.A.Z, &s.A.Y);
    microsalt_fe_invert(&s.A.T, &s.A.T);
    microsalt_fe_mul(&s.A.X, &s.A.X, &s.A.T);
    microsalt_fe_tobytes(q, &s.A.X);
    microsalt_wipe(&s, sizeof s);
    return zero_result(q);
}
