/* crypto_secretbox: xsalsa20poly1305 with NaCl's 32 and 16 zero bytes of padding. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "oracle.h"

static int all_zero(const uint8_t *p, size_t n)
{
    size_t i;
    uint8_t d = 0;
    for (i = 0; i < n; i++) d |= p[i];
    return d == 0;
}

static void check_vector(void)
{
    struct vec_file *vf = vec_open("secretbox.vec", 0);
    struct vec_record rec;
    int n = 0;
    while (vec_next(vf, &rec)) {
        uint8_t k[32], nonce[24], m[32 + 200], want[16 + 200], c[32 + 200], back[32 + 200];
        size_t mlen, clen;
        CHECK(vec_hex(&rec, "key", k, sizeof k) == 32);
        CHECK(vec_hex(&rec, "nonce", nonce, sizeof nonce) == 24);
        memset(m, 0, 32);
        mlen = 32 + vec_hex(&rec, "m", m + 32, 200);
        memset(want, 0, 16);
        clen = 16 + vec_hex(&rec, "c", want + 16, 200);
        CHECK(clen == mlen);
        CHECK(crypto_secretbox(c, m, mlen, nonce, k) == 0);
        CHECKF(memcmp(c, want, mlen) == 0, "%s:%d: secretbox", rec.file, rec.line);
        CHECK(crypto_secretbox_open(back, c, clen, nonce, k) == 0);
        CHECKF(memcmp(back, m, mlen) == 0, "%s:%d: secretbox_open", rec.file, rec.line);
        n++;
    }
    vec_close(vf);
    CHECK(n == 1);
}

/* One message length (after the 32 zero bytes) against libsodium, in separate buffers and in
 * place, with exact-size guarded buffers. */
static void check_length(size_t len)
{
    size_t mlen = 32 + len;
    uint8_t *m = guarded_alloc(mlen);
    uint8_t *c = guarded_alloc(mlen);
    uint8_t *back = guarded_alloc(mlen);
    uint8_t *want = malloc(mlen);
    uint8_t k[32], n[24];

    CHECK(want != NULL);
    memset(m, 0, 32);
    test_rng_bytes(m + 32, len);
    test_rng_bytes(k, sizeof k);
    test_rng_bytes(n, sizeof n);

    CHECK(sodium()->crypto_secretbox(want, m, mlen, n, k) == 0);
    CHECK(crypto_secretbox(c, m, mlen, n, k) == 0);
    CHECKF(memcmp(c, want, mlen) == 0, "secretbox length %lu", (unsigned long)len);
    CHECK(crypto_secretbox_open(back, c, mlen, n, k) == 0);
    CHECKF(memcmp(back, m, mlen) == 0, "secretbox_open length %lu", (unsigned long)len);
    CHECK(sodium()->crypto_secretbox_open(back, c, mlen, n, k) == 0);

    /* In place: c == m for both directions. */
    memcpy(back, m, mlen);
    CHECK(crypto_secretbox(back, back, mlen, n, k) == 0);
    CHECKF(memcmp(back, want, mlen) == 0, "in-place secretbox length %lu", (unsigned long)len);
    CHECK(crypto_secretbox_open(back, back, mlen, n, k) == 0);
    CHECKF(memcmp(back, m, mlen) == 0, "in-place secretbox_open length %lu",
           (unsigned long)len);

    free(want);
    guarded_free(m, mlen, "secretbox message");
    guarded_free(c, mlen, "secretbox ciphertext");
    guarded_free(back, mlen, "secretbox plaintext");
}

/* Lengths below the padding: -1, nothing written outside the exact-size buffers (ASan and
 * the canaries watch), and open leaves its output zeroed. */
static void check_short(void)
{
    size_t len;
    uint8_t k[32], n[24];
    test_rng_bytes(k, sizeof k);
    test_rng_bytes(n, sizeof n);
    for (len = 0; len < 32; len++) {
        uint8_t *m = guarded_alloc(len);
        uint8_t *c = guarded_alloc(len);
        test_rng_bytes(c, len);
        memset(m, 0, len);
        CHECKF(crypto_secretbox(c, m, len, n, k) == -1, "secretbox mlen %lu",
               (unsigned long)len);
        memset(m, 0xAA, len);
        CHECKF(crypto_secretbox_open(m, c, len, n, k) == -1, "secretbox_open clen %lu",
               (unsigned long)len);
        CHECKF(all_zero(m, len), "secretbox_open clen %lu left output", (unsigned long)len);
        guarded_free(m, len, "short secretbox message");
        guarded_free(c, len, "short secretbox ciphertext");
    }
}

static void expect_reject(const uint8_t *c, size_t clen, const uint8_t *n, const uint8_t *k,
                          const char *what, size_t bit)
{
    uint8_t *m = guarded_alloc(clen);
    memset(m, 0xAA, clen);
    CHECKF(crypto_secretbox_open(m, c, clen, n, k) == -1, "%s bit %lu accepted", what,
           (unsigned long)bit);
    CHECKF(all_zero(m, clen), "%s bit %lu: output not zeroed", what, (unsigned long)bit);
    CHECK(sodium()->crypto_secretbox_open(m, c, clen, n, k) == -1);
    guarded_free(m, clen, "rejected secretbox output");
}

/* Every single-bit change of tag, ciphertext, nonce or key is rejected with the output
 * zeroed. The first 16 bytes of c are padding that NaCl never reads: changing them must not
 * matter, as in NaCl and libsodium. */
static void check_flips(void)
{
    enum { LEN = 32 + 45 };
    uint8_t m[LEN], c[LEN], back[LEN], n[24], k[32];
    size_t i;
    memset(m, 0, 32);
    test_rng_bytes(m + 32, LEN - 32);
    test_rng_bytes(n, sizeof n);
    test_rng_bytes(k, sizeof k);
    CHECK(crypto_secretbox(c, m, LEN, n, k) == 0);
    for (i = 8 * 16; i < 8 * LEN; i++) {
        c[i / 8] ^= (uint8_t)(1u << (i % 8));
        expect_reject(c, LEN, n, k, i < 8 * 32 ? "tag" : "ciphertext", i);
        c[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    for (i = 0; i < 8 * sizeof n; i++) {
        n[i / 8] ^= (uint8_t)(1u << (i % 8));
        expect_reject(c, LEN, n, k, "nonce", i);
        n[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    for (i = 0; i < 8 * sizeof k; i++) {
        k[i / 8] ^= (uint8_t)(1u << (i % 8));
        expect_reject(c, LEN, n, k, "key", i);
        k[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    for (i = 0; i < 8 * 16; i++) {
        c[i / 8] ^= (uint8_t)(1u << (i % 8));
        CHECKF(crypto_secretbox_open(back, c, LEN, n, k) == 0, "padding bit %lu",
               (unsigned long)i);
        CHECK(memcmp(back, m, LEN) == 0);
        c[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    /* A truncated box fails too. */
    expect_reject(c, LEN - 1, n, k, "truncated", 0);
}

void test_secretbox(void)
{
    static const size_t large[] = {4096, 65536 + 3};
    size_t len, i;
    check_vector();
    for (len = 0; len <= 1100; len++) {
        check_length(len);
    }
    for (i = 0; i < sizeof large / sizeof large[0]; i++) {
        check_length(large[i]);
    }
    check_short();
    check_flips();
}
