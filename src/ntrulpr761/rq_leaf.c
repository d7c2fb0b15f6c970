/* ntrulpr761: the portable twin of the Karatsuba leaf kernel (ntrulpr761_internal.h). */
#include "ntrulpr761_internal.h"

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
            v0 += x * bm;
            v1 += x * bn;
            bn = bm;
        }
        r[t] = fq_reduce(v0);
        r[t + 1] = fq_reduce(v1);
    }
}
