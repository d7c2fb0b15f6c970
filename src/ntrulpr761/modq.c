/* ntrulpr761: arithmetic mod q, constant time. */
#include "ntrulpr761_internal.h"

/* |x| < 2^21. The quotient estimate round(x * 914 / 2^22) is within 0.7 of x / q (914 / 2^22
 * exceeds 1/q by a factor 1.00045, so the error is below 0.2 for |x| < 2^21), hence the
 * remainder lies in (-q, q) and one masked correction each way centres it. The offset
 * 2^31 makes the shifted quantity non-negative, so no signed shift is needed. The barrier
 * hides that x is often a sign-extended 16-bit value: knowing it, avr-gcc multiplies through
 * libgcc's __usmulhisi3, which branches on the sign. */
int16_t microsalt_ntrulpr761_fq_freeze(int32_t x)
{
    uint32_t t = ct_barrier_u32((uint32_t)x) * 914u + 0x80200000u; /* x*914 + 2^21 + 2^31 */
    int32_t quot = (int32_t)(t >> 22) - 512;
    int32_t r = x - quot * Q;
    r += (int32_t)(Q & ct_mask_u32(is_negative(r + Q12)));  /* r < -Q12: add q */
    r -= (int32_t)(Q & ct_mask_u32(is_negative(Q12 - r)));  /* r > Q12: subtract q */
    return (int16_t)r;
}
