/* ntrulpr761: the portable twin of the Karatsuba leaf kernel (ntrulpr761_internal.h). */
#include "ntrulpr761_internal.h"

/* x b for |x| <= 4590 and |b| <= 8 (the leaf's bounds). Where signed 16-bit products go
 * through libgcc routines that branch on the signs (AVR), from unsigned factors offset by the
 * bounds: x b = (X - 4590)(B - 8) = X B - 8 X - 4590 B + 36720 with X = x + 4590 < 2^14 and
 * B = b + 8 <= 16, computed mod 2^32. */
MICROSALT_INLINE int32_t leaf_times(int32_t x, int32_t b)
{
#if MICROSALT_MUL16_VARIABLE_TIME
    uint16_t ux = (uint16_t)(x + 4590), ub = (uint16_t)(b + 8);
    return (int32_t)((uint32_t)ux * ub + 36720u - ((uint32_t)ux << 3) - (uint32_t)ub * 4590u);
#else
    return x * b;
#endif
}

/* Two output coefficients per pass over i: both ranges together, b's zero padding covering
 * the ends; each step loads one a and one b and reuses the b of the step before. */
void microsalt_ntrulpr761_kara_leaf_portable(int16_t r[2 * KL], const int16_t a[KL],
                                            const small_t *b)
{
    uint16_t t;
    for (t = 0; t < 2 * KL; t += 2) {
        uint16_t ilo = (uint16_t)(t > KL - 1 ? t - (KL - 1) : 0);
        uint16_t ihi = (uint16_t)(t + 1 < KL - 1 ? t + 1 : KL - 1);
        const int16_t *pa = a + ilo, *pend = a + ihi + 1;
        const small_t *pb = b + (t - ilo); /* b_t-i */
        int32_t v0 = 0, v1 = 0;
        int32_t bn = pb[1];                /* b_t+1-i */
        while (pa != pend) {
            int32_t x = *pa++, bm = *pb--;
            v0 += leaf_times(x, bm);
            v1 += leaf_times(x, bn);
            bn = bm;
        }
        r[t] = fq_reduce(v0);
        r[t + 1] = fq_reduce(v1);
    }
}
