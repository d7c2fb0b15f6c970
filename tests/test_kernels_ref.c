/*
 * The build's Salsa20 and Poly1305 kernels (salsa20.h, poly1305.h: on x86-64 the AVX2 ones
 * when the CPU has them, else the portable twins) called directly against independent
 * references, for what the public functions do not reach: Salsa20 block counters that carry
 * out of their low word (and wrap at 2^64) inside a batch of eight blocks, and a Poly1305
 * accumulator that is not zero on entry, with limbs anywhere within their bounds. The Salsa20
 * reference is crypto_core_salsa20 (itself checked against the spec's vectors and libsodium);
 * the Poly1305 reference is schoolbook arithmetic mod 2^130 - 5 written here. The same Salsa20
 * cases run through crypto_stream_salsa20(_xor) too (block counter 0), where the kernel's
 * blocks meet the stream's partial last block. tests/kernels/ compares the kernels with their
 * twins on every target.
 */
#include <stdio.h>
#include <string.h>

#include "harness.h"
#include "poly1305.h"
#include "salsa20.h"

/* ---- Salsa20. ------------------------------------------------------------------------- */

#define SIGMA ((const uint8_t *)"expand 32-byte k")

static uint32_t le32(const uint8_t *p)
{
    return (uint32_t)p[0] | ((uint32_t)p[1] << 8) | ((uint32_t)p[2] << 16) |
           ((uint32_t)p[3] << 24);
}

/* Keystream block number ctr (mod 2^64) through the portable core. */
static void ref_block(uint8_t out[64], const uint8_t k[32], const uint8_t nonce[8], uint64_t ctr)
{
    uint8_t in[16];
    int i;
    memcpy(in, nonce, 8);
    for (i = 0; i < 8; i++) in[8 + i] = (uint8_t)(ctr >> (8 * i));
    CHECK(crypto_core_salsa20(out, in, k, SIGMA) == 0);
}

/* mode 0: c = m xor keystream, separate buffers; 1: the bare keystream (m NULL); 2: in place.
 * direct: through the kernel, from block ctr; else through crypto_stream_salsa20(_xor), from
 * block 0 (ctr must be 0). */
static void check_salsa20_case(uint64_t ctr, size_t len, int mode, int direct)
{
    uint8_t k[32], nonce[8], block[64];
    uint8_t *m = guarded_alloc(len), *c = guarded_alloc(len);
    uint32_t x[16];
    size_t i, want_done = len, done = len;
    int bad = 0;

    test_rng_bytes(k, sizeof k);
    test_rng_bytes(nonce, sizeof nonce);
    test_rng_bytes(m, len);
    memset(c, 0xA5, len);
    if (mode == 2) memcpy(c, m, len);
    for (i = 0; i < 4; i++) {
        x[5 * i] = le32(SIGMA + 4 * i);
        x[1 + i] = le32(k + 4 * i);
        x[11 + i] = le32(k + 16 + 4 * i);
    }
    x[6] = le32(nonce);
    x[7] = le32(nonce + 4);
    x[8] = (uint32_t)ctr;
    x[9] = (uint32_t)(ctr >> 32);
    if (!direct) {
        CHECK(ctr == 0);
        if (mode == 1) {
            CHECK(crypto_stream_salsa20(c, len, nonce, k) == 0);
        } else {
            CHECK(crypto_stream_salsa20_xor(c, mode == 2 ? c : m, len, nonce, k) == 0);
        }
    } else {
        /* The kernel takes whole blocks, and always a message: zeros for the bare keystream. */
        want_done = done = len - len % 64;
        if (mode == 1) memset(c, 0, done);
        microsalt_salsa20_blocks(c, mode == 0 ? m : c, done / 64, x);
    }
    CHECKF(done == want_done, "salsa20 kernel, length %lu: took %lu bytes", (unsigned long)len,
           (unsigned long)done);
    for (i = 0; i < done && !bad; i++) {
        if (i % 64 == 0) ref_block(block, k, nonce, ctr + i / 64);
        bad = c[i] != (uint8_t)(block[i % 64] ^ (mode == 1 ? 0 : m[i]));
    }
    CHECKF(!bad, "salsa20 %s, counter %llu, length %lu, mode %d: byte %lu",
           direct ? "kernel" : "stream", (unsigned long long)ctr, (unsigned long)len, mode,
           (unsigned long)(i - 1));
    for (i = done, bad = 0; i < len; i++) {
        bad |= c[i] != (mode == 2 ? m[i] : 0xA5);
    }
    CHECKF(!bad, "salsa20 %s wrote past byte %lu", direct ? "kernel" : "stream",
           (unsigned long)done);
    if (direct) {
        uint64_t next = ((uint64_t)x[9] << 32) | x[8];
        CHECKF(next == ctr + done / 64, "salsa20 kernel counter after %lu bytes",
               (unsigned long)done);
    }
    guarded_free(m, len, "salsa20 message");
    guarded_free(c, len, "salsa20 output");
}

static void check_salsa20(int direct)
{
    static const uint64_t counters[] = {0,
                                        1,
                                        ((uint64_t)1 << 32) - 3,
                                        ((uint64_t)1 << 32) - 8,
                                        ((uint64_t)1 << 32) - 1,
                                        ((uint64_t)7 << 32) - 5,
                                        ~(uint64_t)0 - 2};
    static const size_t lengths[] = {65,  100, 128, 129, 448, 511, 512,  513,
                                      576, 577, 600, 1023, 1024, 1100, 4096 + 17};
    size_t i, j;
    int mode;
    for (i = 0; i < (direct ? sizeof counters / sizeof counters[0] : 1); i++) {
        for (j = 0; j < sizeof lengths / sizeof lengths[0]; j++) {
            for (mode = 0; mode < 3; mode++) {
                check_salsa20_case(counters[i], lengths[j], mode, direct);
            }
        }
    }
}

#if MICROSALT_POLY1305_44

/* ---- Poly1305 (the 44-bit accumulator of 64-bit hosts). ------------------------------------------------------------------------ */

#define M26 (((uint64_t)1 << 26) - 1)
#define M44 (((uint64_t)1 << 44) - 1)

/* A number mod p = 2^130 - 5 as l[0] + l[1] 2^26 + ... + l[4] 2^104. */
typedef struct {
    uint64_t l[5];
} ref;

/* Limbs below 2^26 again, the carry out of the top folded back as 5; value unchanged mod p.
 * For limbs below 2^60. */
static void ref_carry(ref *a)
{
    int i;
    while ((a->l[0] | a->l[1] | a->l[2] | a->l[3] | a->l[4]) >> 26) {
        for (i = 0; i < 4; i++) {
            a->l[i + 1] += a->l[i] >> 26;
            a->l[i] &= M26;
        }
        a->l[0] += 5 * (a->l[4] >> 26);
        a->l[4] &= M26;
    }
}

/* The unique representative below p. */
static void ref_freeze(ref *a)
{
    ref g;
    int i;
    ref_carry(a);
    /* a < 2^130 now; a >= p exactly when a + 5 reaches 2^130. */
    g = *a;
    g.l[0] += 5;
    for (i = 0; i < 4; i++) {
        g.l[i + 1] += g.l[i] >> 26;
        g.l[i] &= M26;
    }
    if (g.l[4] >> 26) {
        g.l[4] &= M26;
        *a = g;
    }
}

static void ref_add(ref *a, const ref *b)
{
    int i;
    for (i = 0; i < 5; i++) a->l[i] += b->l[i];
    ref_carry(a);
}

static void ref_mul(ref *out, const ref *a, const ref *b)
{
    uint64_t t[9] = {0};
    ref x = *a, y = *b;
    int i, j;
    ref_carry(&x);
    ref_carry(&y);
    for (i = 0; i < 5; i++) {
        for (j = 0; j < 5; j++) t[i + j] += x.l[i] * y.l[j];
    }
    for (i = 8; i >= 5; i--) t[i - 5] += 5 * t[i]; /* 2^130 = 5 */
    for (i = 0; i < 5; i++) out->l[i] = t[i];
    ref_carry(out);
}

/* x < 2^64 as a number. */
static ref ref_u64(uint64_t x)
{
    ref a = {{x & M26, (x >> 26) & M26, x >> 52, 0, 0}};
    return a;
}

/* h0 + h1 2^44 + h2 2^88 for any 64-bit limbs. */
static ref ref_from44(const uint64_t h[3])
{
    ref a = ref_u64(h[0]), t, pw = {{0, (uint64_t)1 << 18, 0, 0, 0}}; /* 2^44 */
    ref p88 = {{0, 0, 0, (uint64_t)1 << 10, 0}};                        /* 2^88 */
    t = ref_u64(h[1]);
    ref_mul(&t, &t, &pw);
    ref_add(&a, &t);
    t = ref_u64(h[2]);
    ref_mul(&t, &t, &p88);
    ref_add(&a, &t);
    return a;
}

/* The 44-bit limbs of a reduced number. */
static void ref_to44(uint64_t h[3], ref a)
{
    ref_freeze(&a);
    h[0] = (a.l[0] | (a.l[1] << 26)) & M44;
    h[1] = ((a.l[1] >> 18) | (a.l[2] << 8) | (a.l[3] << 34)) & M44;
    h[2] = (a.l[3] >> 10) | (a.l[4] << 16);
}

/* A 16-byte block with its 2^128 pad bit. */
static ref ref_block16(const uint8_t *m)
{
    ref a = {{0}};
    int bit;
    for (bit = 0; bit < 128; bit++) {
        a.l[bit / 26] |= (uint64_t)((m[bit / 8] >> (bit % 8)) & 1) << (bit % 26);
    }
    a.l[4] |= (uint64_t)1 << 24; /* bit 128 */
    return a;
}

static uint64_t rng_u64(void)
{
    return ((uint64_t)test_rng_u32() << 32) | test_rng_u32();
}

/* kind 0: random inputs; 1: the largest limbs, r and message bytes; 2: h = 0. */
static void check_poly1305_case(size_t nblocks, int kind)
{
    const uint64_t hmax[3] = {M44 + 1, M44 + 1 + ((uint64_t)1 << 7), (uint64_t)1 << 42};
    uint8_t rbytes[16], *m = guarded_alloc(16 * nblocks);
    microsalt_poly1305_state st;
    uint64_t *h = st.h;
    ref r, want, got;
    size_t i;

    if (kind == 1) {
        memset(rbytes, 0xFF, sizeof rbytes);
        memset(m, 0xFF, 16 * nblocks);
    } else {
        test_rng_bytes(rbytes, sizeof rbytes);
        test_rng_bytes(m, 16 * nblocks);
    }
    /* Clamping. */
    for (i = 3; i < 16; i += 4) rbytes[i] &= 15;
    for (i = 4; i < 16; i += 4) rbytes[i] &= 252;
    r = ref_block16(rbytes);
    r.l[4] &= ~((uint64_t)1 << 24); /* no pad bit in r */
    for (i = 0; i < 3; i++) {
        h[i] = kind == 1 ? hmax[i] - 1 : 0;
    }
    if (kind == 0) {
        h[0] = rng_u64() & M44;
        h[1] = (rng_u64() & M44) + (test_rng_u32() & 127);
        h[2] = rng_u64() >> 22;
    }
    ref_to44(st.r, r);

    want = ref_from44(h);
    for (i = 0; i < nblocks; i++) {
        ref b = ref_block16(m + 16 * i);
        ref_add(&want, &b);
        ref_mul(&want, &want, &r);
    }
    microsalt_poly1305_blocks(&st, m, nblocks, 1);
    CHECKF(h[0] < hmax[0] && h[1] < hmax[1] && h[2] < hmax[2],
           "poly1305 kernel limbs out of bounds (%lu blocks, kind %d)", (unsigned long)nblocks,
           kind);
    got = ref_from44(h);
    ref_freeze(&got);
    ref_freeze(&want);
    CHECKF(memcmp(&got, &want, sizeof got) == 0, "poly1305 kernel: %lu blocks, kind %d",
           (unsigned long)nblocks, kind);
    guarded_free(m, 16 * nblocks, "poly1305 kernel message");
}

static void check_poly1305(void)
{
    /* Runs of four for the AVX2 code, and the twin's tails after them. */
    static const size_t counts[] = {1, 3, 4, 7, 8, 9, 12, 16, 20, 64, 67, 68, 256};
    size_t i;
    int kind, rep;
    for (i = 0; i < sizeof counts / sizeof counts[0]; i++) {
        for (kind = 0; kind < 3; kind++) {
            for (rep = 0; rep < (kind == 0 ? 50 : 1); rep++) {
                check_poly1305_case(counts[i], kind);
            }
        }
    }
}

#endif

void test_kernels_ref(void)
{
    check_salsa20(0);
    check_salsa20(1);
#if MICROSALT_POLY1305_44
    check_poly1305();
#endif
}
