/* ntrulpr761: the constant-time sorting network and Short_fromlist on top of it. */
#include "ntrulpr761_internal.h"

/* ======================================================================================
 * Constant-time sorting network: Batcher's merge exchange (Knuth, TAOCP 5.2.2,
 * Algorithm M), valid for any n. The comparator schedule depends on n only.
 * ====================================================================================== */

MICROSALT_INLINE void minmax_u32(uint32_t *a, uint32_t *b)
{
    uint32_t x = *a, y = *b;
    uint32_t s = (x ^ y) & ct_lt_mask_u32(y, x);
    *a = x ^ s;
    *b = y ^ s;
}

void microsalt_ntrulpr761_sort_u32(uint32_t *x, uint16_t n)
{
    uint16_t t = 0, p, q, r, d, i, b;
    if (n < 2) return;
    while (((uint16_t)1 << t) < n) t++;
    for (p = (uint16_t)(1u << (t - 1)); p > 0; p >>= 1) {
        q = (uint16_t)(1u << (t - 1));
        r = 0;
        d = p;
        for (;;) {
            /* The i with (i & p) == r (r is 0 or p) form runs of p, every 2p from r. */
            for (b = r; b + d < n; b = (uint16_t)(b + 2 * p)) {
                uint16_t end = (uint16_t)(b + p < n - d ? b + p : n - d);
                for (i = b; i < end; i++) minmax_u32(&x[i], &x[i + d]);
            }
            if (q == p) break;
            d = (uint16_t)(q - p);
            q >>= 1;
            r = p;
        }
    }
}

/* Short_fromlist: the w first words become even (their bit 1 will give +-1), the others
 * get low bits 01 (giving 0); sorting shuffles them; the low two bits of each sorted word
 * are the coefficient plus one, which is exactly Small_encode's 2-bit digit. Writes the
 * encoding (SMALL_BYTES bytes). */
void short_fromlist(uint8_t out[SMALL_BYTES], uint32_t L[P])
{
    uint16_t i;
    for (i = 0; i < W; i++) L[i] &= ~(uint32_t)1;
    for (i = W; i < P; i++) L[i] = (L[i] & ~(uint32_t)3) | 1;
    microsalt_ntrulpr761_sort_u32(L, P);
    memset(out, 0, SMALL_BYTES);
    for (i = 0; i < P; i++) out[i >> 2] |= (uint8_t)((L[i] & 3) << (2 * (i & 3)));
}
