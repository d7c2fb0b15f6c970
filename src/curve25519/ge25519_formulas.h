/*
 * The point formulas of ge25519.c, written once for two field multiplications: included
 * there for the constant-time one (microsalt_fe_mul, microsalt_fe_sq), whose instance is
 * also the doubling and addition kernels' twins, and, where the architecture has public
 * field kernels (fe25519.h), again for those, as static functions that only decoding and
 * verification call. Hence no include guard. The includer defines:
 *   GE_MUL, GE_SQ                 the field multiplication and squaring (functions);
 *   GE_NAME(name)                 the name of this instance's static formula `name`;
 *   GE_KERNEL_DEF                 the storage class of the kernel bodies (empty or static);
 *   GE_KERNEL(name)               the name of this instance's body of kernel `name`;
 *   GE_KERNEL_CALL(name)          what this instance's kernel bodies call as kernel `name`;
 * and fe_load_const; this file undefines its parameters at the end. Each instance calls only
 * some of the static formulas (the constant-time one, where the public one exists, none of
 * verification's), hence MICROSALT_UNUSED on them all.
 */

MICROSALT_UNUSED static void GE_NAME(p1p1_to_p2)(ge_p2 *r, const ge_p1p1 *p)
{
    GE_MUL(&r->X, &p->X, &p->T);
    GE_MUL(&r->Y, &p->Y, &p->Z);
    GE_MUL(&r->Z, &p->Z, &p->T);
}

MICROSALT_UNUSED static void GE_NAME(p1p1_to_p3)(ge25519 *r, const ge_p1p1 *p)
{
    GE_MUL(&r->X, &p->X, &p->T);
    GE_MUL(&r->Y, &p->Y, &p->Z);
    GE_MUL(&r->Z, &p->Z, &p->T);
    GE_MUL(&r->T, &p->X, &p->Y);
}

/* The cached form of p: (Y + X, Y - X, 2dT) into r, 2Z into z2. */
MICROSALT_UNUSED static void GE_NAME(p3_to_cached)(ge_niels *r, fe25519 *z2, const ge25519 *p)
{
    fe25519 d2;
    fe_load_const(&d2, ge25519_2d);
    microsalt_fe_add(&r->ypx, &p->Y, &p->X);
    microsalt_fe_sub(&r->ymx, &p->Y, &p->X);
    microsalt_fe_add(z2, &p->Z, &p->Z);
    GE_MUL(&r->xy2d, &p->T, &d2);
}

/* As p1p1_to_p3 then p3_to_cached, without a whole extended point in between (verification
 * keeps its stack small this way). */
MICROSALT_UNUSED static void GE_NAME(p1p1_to_cached)(ge_niels *r, fe25519 *z2,
                                                     const ge_p1p1 *p)
{
    fe25519 t;
    GE_MUL(&r->ypx, &p->X, &p->T);   /* X3 */
    GE_MUL(&r->ymx, &p->Y, &p->Z);   /* Y3 */
    microsalt_fe_add(&t, &r->ymx, &r->ypx);
    microsalt_fe_sub(&r->ymx, &r->ymx, &r->ypx);
    r->ypx = t;
    GE_MUL(z2, &p->Z, &p->T);
    microsalt_fe_add(z2, z2, z2);
    fe_load_const(&t, ge25519_2d);
    GE_MUL(&r->xy2d, &p->X, &p->Y);  /* T3 */
    GE_MUL(&r->xy2d, &r->xy2d, &t);
}

/* The cached point r with every coordinate times f: the same point, its 2Z times f. */
MICROSALT_UNUSED static void GE_NAME(scale_cached)(ge_niels *r, const fe25519 *f)
{
    GE_MUL(&r->ypx, &r->ypx, f);
    GE_MUL(&r->ymx, &r->ymx, f);
    GE_MUL(&r->xy2d, &r->xy2d, f);
}

/*
 * r = p + q (add-2008-hwcd-3 with k = 2d), q given as (Y+X, Y-X, 2dT) of a representative
 * with Z = zq, and r->Z holding 2 Z_p zq on entry (which saves a temporary). With negate = 1
 * (public), adds -q = (-x, y) instead: Y+X and Y-X trade places and 2dT changes sign, which
 * trades F and G. r's fields hold every intermediate value, so there is no temporary (stack
 * on the microcontrollers); the price is G = 2 (2 Z_p zq) - F, one addition more.
 */
MICROSALT_UNUSED static void GE_NAME(add_sum)(ge_p1p1 *r, const ge25519 *p, const fe25519 *ypx,
                                              const fe25519 *ymx, const fe25519 *t2d,
                                              int negate)
{
    if (negate) {
        const fe25519 *swap = ypx;
        ypx = ymx;
        ymx = swap;
    }
    microsalt_fe_sub(&r->T, &p->Y, &p->X);
    GE_MUL(&r->T, &r->T, ymx);              /* A */
    microsalt_fe_add(&r->Y, &p->Y, &p->X);
    GE_MUL(&r->Y, &r->Y, ypx);              /* B */
    microsalt_fe_sub(&r->X, &r->Y, &r->T);  /* E = B - A */
    microsalt_fe_add(&r->Y, &r->Y, &r->T);  /* H = B + A */
    GE_MUL(&r->T, &p->T, t2d);              /* C */
    if (negate) {
        microsalt_fe_add(&r->T, &r->Z, &r->T);
    } else {
        microsalt_fe_sub(&r->T, &r->Z, &r->T);
    }
    microsalt_fe_add(&r->Z, &r->Z, &r->Z);
    microsalt_fe_sub(&r->Z, &r->Z, &r->T);  /* G */
}

/* r = p + q for q in affine Niels form. */
MICROSALT_UNUSED static void GE_NAME(add_niels)(ge_p1p1 *r, const ge25519 *p, const ge_niels *q,
                                                int negate)
{
    microsalt_fe_add(&r->Z, &p->Z, &p->Z);
    GE_NAME(add_sum)(r, p, &q->ypx, &q->ymx, &q->xy2d, negate);
}

/* r = p + q for q in cached form, its 2Z in z2. */
MICROSALT_UNUSED static void GE_NAME(add_cached)(ge_p1p1 *r, const ge25519 *p, const ge_niels *q,
                                                 const fe25519 *z2, int negate)
{
    GE_MUL(&r->Z, &p->Z, z2);
    GE_NAME(add_sum)(r, p, &q->ypx, &q->ymx, &q->xy2d, negate);
}

/*
 * r = 2p (dbl-2008-hwcd with a = -1): A = X^2, B = Y^2, C = 2Z^2, E = (X+Y)^2 - A - B,
 * G = B - A, F = G - C, H = -A - B. The completed result is (E : G) and (H : F), stored
 * as (-H : -F) = (A + B : C - G), which saves a negation. r's fields hold A, B and C on the
 * way, so there is no temporary (stack on the microcontrollers), and G comes out as
 * 2B - (A + B) for the same number of additions.
 */
GE_KERNEL_DEF void GE_KERNEL(dbl)(ge_p1p1 *r, const ge_p2 *p)
{
    GE_SQ(&r->Y, &p->X);                    /* A */
    GE_SQ(&r->Z, &p->Y);                    /* B */
    GE_SQ(&r->T, &p->Z);
    microsalt_fe_add(&r->T, &r->T, &r->T);  /* C */
    microsalt_fe_add(&r->X, &p->X, &p->Y);
    GE_SQ(&r->X, &r->X);                    /* (X+Y)^2 */
    microsalt_fe_add(&r->Y, &r->Y, &r->Z);  /* A + B */
    microsalt_fe_add(&r->Z, &r->Z, &r->Z);
    microsalt_fe_sub(&r->Z, &r->Z, &r->Y);  /* G */
    microsalt_fe_sub(&r->X, &r->X, &r->Y);  /* E */
    microsalt_fe_sub(&r->T, &r->T, &r->Z);  /* C - G */
}

GE_KERNEL_DEF void GE_KERNEL(dbl_completed)(ge_p1p1 *t, ge_p2 *q)
{
    GE_NAME(p1p1_to_p2)(q, t);
    GE_KERNEL_CALL(dbl)(t, q);
}

GE_KERNEL_DEF void GE_KERNEL(add_completed)(ge_p1p1 *t, ge25519 *r, const ge_niels *q,
                                            const fe25519 *z2, int negate)
{
    GE_NAME(p1p1_to_p3)(r, t);
    if (z2 != NULL) {
        GE_NAME(add_cached)(t, r, q, z2, negate);
    } else {
        GE_NAME(add_niels)(t, r, q, negate);
    }
}

#undef GE_MUL
#undef GE_SQ
#undef GE_NAME
#undef GE_KERNEL_DEF
#undef GE_KERNEL
#undef GE_KERNEL_CALL
