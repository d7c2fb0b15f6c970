/*
 * The dot product of ntrulpr761's coefficient-wise products (contract in
 * src/ntrulpr761/ntrulpr761_internal.h) on the Cortex-M4: sixteen products per iteration as
 * eight SMLADs (two 16x16 products summed into the accumulator, one cycle whatever the
 * operands) on words holding two coefficients each (the M4's LDR allows them unaligned); the
 * rest four, then one, at a time with MUL, also of fixed time. The small coefficients are 16
 * bits here (small_t), so that pairs of them feed SMLAD. The time depends on n only.
 */
#include "ntrulpr761_internal.h"

/* int32_t microsalt_ntrulpr761_dot(const int16_t *x, const small_t *y, uint16_t n); */
int32_t microsalt_ntrulpr761_dot(const int16_t *x, const small_t *y, uint16_t n)
{
    int32_t acc = 0;
    uint16_t m = (uint16_t)(n & ~15u);
    const int16_t *xp = x, *xend = x + m;
    const small_t *yp = y;
    for (; xp != xend; xp += 16, yp += 16) {
        acc = __smlad(load2x16(xp), load2x16(yp), acc);
        acc = __smlad(load2x16(xp + 2), load2x16(yp + 2), acc);
        acc = __smlad(load2x16(xp + 4), load2x16(yp + 4), acc);
        acc = __smlad(load2x16(xp + 6), load2x16(yp + 6), acc);
        acc = __smlad(load2x16(xp + 8), load2x16(yp + 8), acc);
        acc = __smlad(load2x16(xp + 10), load2x16(yp + 10), acc);
        acc = __smlad(load2x16(xp + 12), load2x16(yp + 12), acc);
        acc = __smlad(load2x16(xp + 14), load2x16(yp + 14), acc);
    }
    for (; m + 4 <= n; m = (uint16_t)(m + 4)) {
        acc += x[m] * y[m] + x[m + 1] * y[m + 1] + x[m + 2] * y[m + 2] + x[m + 3] * y[m + 3];
    }
    for (; m < n; m++) acc += x[m] * y[m];
    return acc;
}
