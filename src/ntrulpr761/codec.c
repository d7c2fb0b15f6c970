/* ntrulpr761: Small_decode and the Rounded encoding of the specification. */
#include "ntrulpr761_internal.h"

/* Small_decode into coefficients -1, 0, 1 (the 2-bit digit minus one); rev: in reverse
 * order (s[p - 1 - i] = coefficient i), the form prod_coeff takes. */
void small_unpack(small_t s[P], const uint8_t in[SMALL_BYTES], int rev)
{
    uint16_t i;
    for (i = 0; i < P; i++) {
        s[rev ? P - 1 - i : i] = (small_t)(((in[i >> 2] >> (2 * (i & 3))) & 3) - 1);
    }
}

/* ======================================================================================
 * Encode / Decode of a list of integers R[i] < M (the specification's mixed-radix code),
 * specialised to Rounded: p = 761 entries all with M = 1531. Pairs are merged level by
 * level; at each level all moduli are equal except possibly the last, so a level is
 * described by (n, m0, mlast). The byte counts depend on the moduli only.
 * ====================================================================================== */


/* Encode in place: R[0..P) < RMOD is destroyed. Constant time in the values of R: the
 * loops and shifts depend on the moduli only. */
void rounded_encode(sink_t *s, uint16_t R[P])
{
    uint16_t n = P, i, half;
    uint32_t m0 = RMOD, ml = RMOD, nm0 = 0, nml, m, r;
    while (n > 1) {
        half = n >> 1;
        nml = ml;
        for (i = 0; i < half; i++) {
            uint32_t mb = (2 * i + 1 == n - 1) ? ml : m0;
            r = R[2 * i] + m0 * (uint32_t)R[2 * i + 1];
            m = m0 * mb;
            while (m >= 16384) {
                sink_put(s, (uint8_t)r);
                r >>= 8;
                m = (m + 255) >> 8;
            }
            R[i] = (uint16_t)r;
            if (2 * i + 1 == n - 1) {
                nml = m;
            } else {
                nm0 = m;
            }
        }
        if (n & 1) R[half] = R[n - 1];
        n = (uint16_t)((n + 1) >> 1);
        m0 = nm0;
        ml = nml;
    }
    r = R[0];
    m = ml;
    while (m > 1) {
        sink_put(s, (uint8_t)r);
        r >>= 8;
        m = (m + 255) >> 8;
    }
}

#define MAX_LEVELS 12

/* Decode ROUNDED_BYTES public bytes into R[0..P), each < RMOD. Public data only: the
 * divisions and remainders here are by public moduli of public values. */
void rounded_decode(uint16_t R[P], const uint8_t *S)
{
    uint16_t lv_n[MAX_LEVELS], lv_off[MAX_LEVELS];
    uint16_t lv_m0[MAX_LEVELS], lv_ml[MAX_LEVELS];
    uint8_t lv_k0[MAX_LEVELS], lv_kl[MAX_LEVELS];
    uint16_t n = P, off = 0, i, half;
    uint32_t m0 = RMOD, ml = RMOD, m, r, t;
    int8_t L = 0, k;
    /* Top-down: the moduli and byte counts of each level. */
    while (n > 1) {
        uint8_t k0 = 0, kl = 0;
        half = n >> 1;
        lv_n[L] = n;
        lv_m0[L] = (uint16_t)m0;
        lv_ml[L] = (uint16_t)ml;
        lv_off[L] = off;
        m = m0 * m0;
        while (m >= 16384) {
            k0++;
            m = (m + 255) >> 8;
        }
        if (!(n & 1)) {
            uint32_t mlast = m0 * ml;
            while (mlast >= 16384) {
                kl++;
                mlast = (mlast + 255) >> 8;
            }
            ml = mlast;
            off = (uint16_t)(off + (half - 1) * k0 + kl);
        } else {
            off = (uint16_t)(off + half * k0);
        }
        lv_k0[L] = k0;
        lv_kl[L] = kl;
        m0 = m;
        n = (uint16_t)((n + 1) >> 1);
        L++;
    }
    /* The last level: one integer, little-endian, reduced mod its modulus. */
    r = 0;
    t = 1;
    for (m = ml; m > 1; m = (m + 255) >> 8) {
        r += S[off++] * t;
        t <<= 8;
    }
    R[0] = (uint16_t)(r % ml);
    /* Bottom-up: split each R2[i] with its bottom bytes into two entries, in place, from the
     * highest index down so that nothing is overwritten before it is read. */
    for (L = (int8_t)(L - 1); L >= 0; L--) {
        n = lv_n[L];
        half = n >> 1;
        if (n & 1) R[n - 1] = R[half];
        for (i = half; i-- > 0;) {
            int last = !(n & 1) && i == half - 1;
            uint8_t nb = last ? lv_kl[L] : lv_k0[L];
            const uint8_t *b = S + lv_off[L] + (uint16_t)(i * lv_k0[L]);
            uint32_t ma = lv_m0[L], mb = last ? lv_ml[L] : lv_m0[L];
            r = 0;
            t = 1;
            for (k = 0; k < (int8_t)nb; k++) {
                r += b[k] * t;
                t <<= 8;
            }
            r += t * R[i];
            R[2 * i] = (uint16_t)(r % ma);
            R[2 * i + 1] = (uint16_t)((r / ma) % mb);
        }
    }
}
