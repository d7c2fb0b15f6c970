/* ntrulpr761 (crypto_kem_ntrulpr761 and the reference variant): the constant-time internals
 * and G * s (both variants) against plain C, round trips across the two variants, implicit
 * rejection, canaries. The NIST KAT runs as its own suite step (`make kat`,
 * tests/check-kat.sh). */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "ntrulpr761.h"

#define PKB crypto_kem_ntrulpr761_PUBLICKEYBYTES
#define SKB crypto_kem_ntrulpr761_SECRETKEYBYTES
#define CTB crypto_kem_ntrulpr761_CIPHERTEXTBYTES
#define SSB crypto_kem_ntrulpr761_BYTES
#define SMALLB 191            /* Small_encode(a): the start of sk */
#define RHO_OFF (SMALLB + PKB) /* rho: after a copy of pk */

static int cmp_u32(const void *a, const void *b)
{
    uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
    return (x > y) - (x < y);
}

/* The sorting network that turns a random list into a short polynomial, against qsort:
 * lengths around powers of two and p, with duplicates and extreme values. */
static void check_sort(void)
{
    static uint32_t x[1100], y[1100];
    static const uint16_t sizes[] = {1, 2, 3, 5, 16, 17, 100, 255, 256, 257, 761, 1024, 1100};
    unsigned s, trial, i;
    for (s = 0; s < sizeof sizes / sizeof sizes[0]; s++) {
        for (trial = 0; trial < 8; trial++) {
            uint16_t n = sizes[s];
            for (i = 0; i < n; i++) {
                uint32_t v = test_rng_u32();
                if (trial % 4 == 1) v &= 7;
                if (trial % 4 == 2) v |= 0xfffffff0u;
                if (trial % 4 == 3 && (v & 1)) v = 0x80000000u;
                x[i] = y[i] = v;
            }
            microsalt_ntrulpr761_sort_u32(x, n);
            qsort(y, n, 4, cmp_u32);
            CHECKF(memcmp(x, y, 4u * n) == 0, "sort of %u values, trial %u", n, trial);
        }
    }
}

/* The reduction mod q on its whole stated domain, |x| < 2^21, against %. */
static void check_freeze(void)
{
    int32_t x;
    unsigned long bad = 0;
    for (x = -(1 << 21) + 1; x < (1 << 21); x++) {
        int32_t want = x % 4591;
        if (want > 2295) want -= 4591;
        if (want < -2295) want += 4591;
        bad += microsalt_ntrulpr761_fq_freeze(x) != want;
    }
    CHECKF(bad == 0, "fq_freeze wrong for %lu values", bad);
}

/* G * s through both variants against a plain product with 64-bit sums, G taken from the
 * product with s = 1. The polynomials s include those a KEM never draws (weight w = 250 at
 * random): all coefficients of one sign, and signs by slices of the Karatsuba split, which
 * drive its operand sums of s to their extremes, +-8. */
static void check_mul_generator(void)
{
    enum { P = 761, Q = 4591, PATTERNS = 8 };
    static int16_t g[P], c[P], c_ref[P];
    static int64_t want[P];
    int8_t s[P];
    uint8_t seed[32], s_enc[191];
    unsigned trial, pattern, i, j;
    for (trial = 0; trial < 4; trial++) {
        if (trial == 0) memset(seed, 0xff, sizeof seed);
        else test_rng_bytes(seed, sizeof seed);
        for (pattern = 0; pattern < PATTERNS; pattern++) {
            for (i = 0; i < P; i++) {
                uint32_t r = test_rng_u32();
                switch (pattern) {
                case 0: s[i] = (int8_t)(i == 0); break;                  /* G itself */
                case 1: s[i] = 1; break;
                case 2: s[i] = -1; break;
                case 3: s[i] = (int8_t)((i / 96) & 1 ? -1 : 1); break;   /* leaf slices */
                case 4: s[i] = (int8_t)((i / 192) & 1 ? 1 : -1); break;  /* level-1 halves */
                case 5: s[i] = (int8_t)((i / 384) & 1 ? -1 : 1); break;  /* level-0 halves */
                case 6: s[i] = (int8_t)(r % 3) - 1; break;               /* dense random */
                default: s[i] = (int8_t)(r % 3 == 0 ? (int)(r >> 8 & 2) - 1 : 0); break;
                }
            }
            memset(s_enc, 0, sizeof s_enc);
            for (i = 0; i < P; i++) s_enc[i / 4] |= (uint8_t)((s[i] + 1) << (2 * (i % 4)));
            microsalt_ntrulpr761_mul_generator(c, seed, s_enc);
            microsalt_ntrulpr761_ref_mul_generator(c_ref, seed, s_enc);
            CHECKF(memcmp(c, c_ref, sizeof c) == 0, "G * s: variants differ (seed %u, s %u)",
                   trial, pattern);
            if (pattern == 0) {
                memcpy(g, c_ref, sizeof g);
                continue;
            }
            memset(want, 0, sizeof want);
            for (i = 0; i < P; i++) {
                for (j = 0; j < P; j++) {
                    int64_t v = (int64_t)g[i] * s[j];
                    if (i + j < P) {
                        want[i + j] += v;
                    } else { /* x^p = x + 1 */
                        want[i + j - P] += v;
                        want[i + j - P + 1] += v;
                    }
                }
            }
            for (i = 0; i < P; i++) {
                int64_t w = ((want[i] % Q) + Q) % Q;
                if (w > Q / 2) w -= Q;
                if (c[i] != w) break;
            }
            CHECKF(i == P, "G * s wrong at coefficient %u (seed %u, s %u)", i, trial, pattern);
        }
    }
}

typedef int (*keypair_fn)(unsigned char *, unsigned char *);
typedef int (*enc_fn)(unsigned char *, unsigned char *, const unsigned char *);
typedef int (*dec_fn)(unsigned char *, const unsigned char *, const unsigned char *);

/* Key pair, encapsulation and decapsulation each from either variant, in guarded buffers:
 * the shared secrets agree whichever variant did which step. */
static void check_roundtrips(void)
{
    static const keypair_fn keypair[2] = {crypto_kem_ntrulpr761_keypair,
                                          microsalt_ntrulpr761_ref_keypair};
    static const enc_fn enc[2] = {crypto_kem_ntrulpr761_enc, microsalt_ntrulpr761_ref_enc};
    static const dec_fn dec[2] = {crypto_kem_ntrulpr761_dec, microsalt_ntrulpr761_ref_dec};
    unsigned i;
    for (i = 0; i < 24; i++) {
        uint8_t *pk = guarded_alloc(PKB), *sk = guarded_alloc(SKB), *ct = guarded_alloc(CTB);
        uint8_t *ss = guarded_alloc(SSB), *ss2 = guarded_alloc(SSB);
        unsigned k = i & 1, e = (i >> 1) & 1, d = (i >> 2) & 1;
        CHECK(keypair[k](pk, sk) == 0);
        CHECK(enc[e](ct, ss, pk) == 0);
        CHECK(dec[d](ss2, ct, sk) == 0);
        CHECKF(memcmp(ss, ss2, SSB) == 0, "round trip %u (variants %u %u %u)", i, k, e, d);
        CHECK(memcmp(sk + SMALLB, pk, PKB) == 0);
        guarded_free(pk, PKB, "pk");
        guarded_free(sk, SKB, "sk");
        guarded_free(ct, CTB, "ct");
        guarded_free(ss, SSB, "ss");
        guarded_free(ss2, SSB, "ss2");
    }
}

/* The specification's rejection value, Hash_prefix(0, rho | ct) (SHA-512, first 32 bytes),
 * computed here independently of the library's KEM code. */
static void rejection_value(uint8_t out[32], const uint8_t *c, const uint8_t *sk)
{
    static uint8_t buf[1 + 32 + CTB];
    uint8_t h[64];
    buf[0] = 0;
    memcpy(buf + 1, sk + RHO_OFF, 32);
    memcpy(buf + 33, c, CTB);
    CHECK(crypto_hash(h, buf, sizeof buf) == 0);
    memcpy(out, h, 32);
}

/* Changed ciphertexts (bits in every part: B, T, the confirmation hash) and degenerate ones
 * decapsulate to the rejection value, in both variants; the valid one still gives ss. */
static void check_rejection(void)
{
    static const unsigned positions[] = {0, 1, 500, 1006, 1007, 1100, 1134, 1135, 1150, CTB - 1};
    static uint8_t pk[PKB], sk[SKB], ct[CTB], ct2[CTB];
    uint8_t ss[SSB], ss2[SSB], want[32];
    unsigned i, k, bit, v;
    for (i = 0; i < 2; i++) {
        CHECK(crypto_kem_ntrulpr761_keypair(pk, sk) == 0);
        CHECK(crypto_kem_ntrulpr761_enc(ct, ss, pk) == 0);
        for (v = 0; v < 2; v++) {
            dec_fn dec = v ? microsalt_ntrulpr761_ref_dec : crypto_kem_ntrulpr761_dec;
            for (k = 0; k < sizeof positions / sizeof positions[0]; k++) {
                for (bit = 0; bit < 8; bit += 3) {
                    memcpy(ct2, ct, CTB);
                    ct2[positions[k]] ^= (uint8_t)(1u << bit);
                    CHECK(dec(ss2, ct2, sk) == 0);
                    rejection_value(want, ct2, sk);
                    CHECKF(memcmp(ss2, want, SSB) == 0 && memcmp(ss2, ss, SSB) != 0,
                           "byte %u bit %u of ct changed: not rejected", positions[k], bit);
                }
            }
            for (k = 0; k < 3; k++) {
                if (k == 2) {
                    test_rng_bytes(ct2, CTB);
                } else {
                    memset(ct2, k == 0 ? 0 : 0xff, CTB);
                }
                CHECK(dec(ss2, ct2, sk) == 0);
                rejection_value(want, ct2, sk);
                CHECKF(memcmp(ss2, want, SSB) == 0, "degenerate ciphertext %u not rejected", k);
            }
            CHECK(dec(ss2, ct, sk) == 0);
            CHECK(memcmp(ss2, ss, SSB) == 0);
        }
    }
}

void test_ntrulpr761(void)
{
    check_sort();
    check_freeze();
    check_mul_generator();
    check_roundtrips();
    check_rejection();
}
