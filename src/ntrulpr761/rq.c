/* ntrulpr761: products in R/q coefficient by coefficient (both variants use them). */
#include "ntrulpr761_internal.h"

/* ======================================================================================
 * Multiplication in R/q = Z_q[x]/(x^p - x - 1) by a small polynomial.
 * ====================================================================================== */

int32_t microsalt_ntrulpr761_dot_portable(const int16_t *x, const small_t *y, uint16_t n)
{
    int32_t acc = 0;
    uint16_t m = 0;
#if !MICROSALT_FEW_REGISTERS
    /* Four independent products per iteration: fewer loop branches, and loads that pipeline;
     * the sum is the same (integer addition). Not on AVR, where the masked small_times of
     * four terms at once runs out of registers and is slower, nor on the Cortex-M0 (8 low
     * registers), where it measured slightly slower too. */
    for (; m + 4 <= n; m = (uint16_t)(m + 4)) {
        acc += small_times(x[m], y[m]) + small_times(x[m + 1], y[m + 1]) +
               small_times(x[m + 2], y[m + 2]) + small_times(x[m + 3], y[m + 3]);
    }
#endif
    for (; m < n; m++) acc += small_times(x[m], y[m]);
    return acc;
}

/* Coefficient t (0 <= t <= 2p - 2) of the plain product X * s: the sum over i + j = t of
 * X_i s_j, given sr = s reversed (sr[m] = s[p - 1 - m]) so that both arrays are walked
 * forwards (m = p - 1 - j) by the dot product kernel. */
static int32_t prod_coeff(const int16_t X[P], const small_t sr[P], uint16_t t)
{
    uint16_t jlo = (uint16_t)(t >= P ? t - (P - 1) : 0), jhi = (uint16_t)(t < P ? t : P - 1);
    uint16_t mlo = (uint16_t)(P - 1 - jhi), n = (uint16_t)(jhi - jlo + 1);
    return microsalt_ntrulpr761_dot(X + (t - jhi), sr + mlo, n);
}

void mul_iter_init(mul_iter *it, const int16_t X[P], const small_t sr[P])
{
    it->X = X;
    it->s = sr;
    it->prev = 0; /* c_0 has no P_(p-1) term: x^(p-1) does not fold */
    it->k = 0;
}

int32_t mul_iter_next(mul_iter *it)
{
    uint16_t k = it->k++;
    int32_t hi = (k + P <= 2 * P - 2) ? prod_coeff(it->X, it->s, (uint16_t)(k + P)) : 0;
    int32_t c = prod_coeff(it->X, it->s, k) + hi + it->prev;
    it->prev = hi;
    return c;
}
