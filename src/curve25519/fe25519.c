/*
 * The field operations that do not depend on the representation: the constants 0 and 1 (in
 * both, limb 0 is the lowest), and the rest built only from fe_mul, fe_sq and fe_tobytes, so
 * they inherit those functions' bounds (bounded inputs, bounded outputs) in both
 * representations.
 */
#include "common.h"
#include "fe25519.h"

void microsalt_fe_0(fe25519 *h)
{
    memset(h, 0, sizeof *h);
}

void microsalt_fe_1(fe25519 *h)
{
    memset(h, 0, sizeof *h);
    h->v[0] = 1;
}

/* The 13 multiplications of an exponentiation share one copy of fe_mul: the 64-bit build
 * would compile each in place (fe25519_64.h), some 550 bytes apiece, for no speed that
 * shows. */
static void mul(fe25519 *h, const fe25519 *f, const fe25519 *g)
{
    microsalt_fe_mul(h, f, g);
}

void microsalt_fe_sqn_portable(fe25519 *h, const fe25519 *f, unsigned n)
{
    microsalt_fe_sq(h, f);
    while (--n > 0) {
        microsalt_fe_sq(h, h);
    }
}

/* The part shared by both exponents, p - 2 = 2^255 - 21 and (p - 5) / 8 = 2^252 - 3:
 * r = z^(2^250 - 1) and z11 = z^11. 254 squarings and 11 multiplications. */
static void pow2_250_1(fe25519 *r, fe25519 *z11, const fe25519 *z)
{
    fe25519 t0, t1, t2;
    microsalt_fe_sq(&t0, z);            /* z^2 */
    microsalt_fe_sqn(&t1, &t0, 2);      /* z^8 */
    mul(&t1, &t1, z);                   /* z^9 */
    mul(z11, &t0, &t1);                 /* z^11 */
    microsalt_fe_sq(&t0, z11);          /* z^22 */
    mul(&t0, &t0, &t1);                 /* z^31 = z^(2^5 - 1) */
    microsalt_fe_sqn(&t1, &t0, 5);
    mul(&t0, &t1, &t0);                 /* z^(2^10 - 1) */
    microsalt_fe_sqn(&t1, &t0, 10);
    mul(&t1, &t1, &t0);                 /* z^(2^20 - 1) */
    microsalt_fe_sqn(&t2, &t1, 20);
    mul(&t1, &t2, &t1);                 /* z^(2^40 - 1) */
    microsalt_fe_sqn(&t1, &t1, 10);
    mul(&t0, &t1, &t0);                 /* z^(2^50 - 1) */
    microsalt_fe_sqn(&t1, &t0, 50);
    mul(&t1, &t1, &t0);                 /* z^(2^100 - 1) */
    microsalt_fe_sqn(&t2, &t1, 100);
    mul(&t1, &t2, &t1);                 /* z^(2^200 - 1) */
    microsalt_fe_sqn(&t1, &t1, 50);
    mul(r, &t1, &t0);                   /* z^(2^250 - 1) */
    microsalt_wipe(&t0, sizeof t0);
    microsalt_wipe(&t1, sizeof t1);
    microsalt_wipe(&t2, sizeof t2);
}

void microsalt_fe_invert_portable(fe25519 *h, const fe25519 *f)
{
    fe25519 t, z11;
    pow2_250_1(&t, &z11, f);
    microsalt_fe_sqn(&t, &t, 5);        /* z^(2^255 - 32) */
    mul(h, &t, &z11);                   /* z^(2^255 - 21) */
    microsalt_wipe(&t, sizeof t);
    microsalt_wipe(&z11, sizeof z11);
}

void microsalt_fe_pow22523(fe25519 *h, const fe25519 *f)
{
    fe25519 t, z11;
    pow2_250_1(&t, &z11, f);
    microsalt_fe_sqn(&t, &t, 2);        /* z^(2^252 - 4) */
    mul(h, &t, f);                      /* z^(2^252 - 3) */
    microsalt_wipe(&t, sizeof t);
    microsalt_wipe(&z11, sizeof z11);
}

uint32_t microsalt_fe_isnegative(const fe25519 *f)
{
    uint8_t s[32];
    uint32_t r;
    microsalt_fe_tobytes(s, f);
    r = s[0] & 1;
    microsalt_wipe(s, sizeof s);
    return r;
}

uint32_t microsalt_fe_iszero(const fe25519 *f)
{
    uint8_t s[32];
    uint32_t d = 0;
    int i;
    microsalt_fe_tobytes(s, f);
    for (i = 0; i < 32; i++) {
        d |= s[i];
    }
    microsalt_wipe(s, sizeof s);
    return ct_is_zero_u32(d);
}
