/* Salsa20: crypto_core_salsa20, crypto_core_hsalsa20, crypto_stream_salsa20(_xor); and
 * XSalsa20: crypto_stream(_xor). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "oracle.h"

static unsigned long field_ul(const struct vec_record *rec, const char *name)
{
    return strtoul(vec_str(rec, name), NULL, 10);
}

/* The spec's Salsa20 hash of a 64-byte x, through crypto_core_salsa20: its c, k and in are
 * the diagonal, the key words and the middle words of the same 4x4 matrix. */
static int salsa20_hash(uint8_t out[64], const uint8_t x[64])
{
    uint8_t c[16], k[32], in[16];
    int i;
    for (i = 0; i < 4; i++) {
        memcpy(c + 4 * i, x + 20 * i, 4);
    }
    memcpy(k, x + 4, 16);
    memcpy(k + 16, x + 44, 16);
    memcpy(in, x + 24, 16);
    return crypto_core_salsa20(out, in, k, c);
}

static void check_stream_record(const struct vec_record *rec)
{
    uint8_t key[32], iv[8], want[64], digest[64], xd[64];
    size_t len = field_ul(rec, "len"), i, j;
    uint8_t *ks = guarded_alloc(len);
    char name[8];
    CHECK(vec_hex(rec, "key", key, sizeof key) == 32);
    CHECK(vec_hex(rec, "iv", iv, sizeof iv) == 8);
    CHECK(crypto_stream_salsa20(ks, len, iv, key) == 0);
    for (i = 1; i <= 4; i++) {
        size_t off;
        snprintf(name, sizeof name, "off%lu", (unsigned long)i);
        off = field_ul(rec, name);
        snprintf(name, sizeof name, "ks%lu", (unsigned long)i);
        CHECK(vec_hex(rec, name, want, sizeof want) == 64);
        CHECKF(off + 64 <= len && memcmp(ks + off, want, 64) == 0,
               "%s:%d: keystream at %lu", rec->file, rec->line, (unsigned long)off);
    }
    CHECK(vec_hex(rec, "xordigest", digest, sizeof digest) == 64);
    memset(xd, 0, sizeof xd);
    for (i = 0; i < len; i += 64) {
        for (j = 0; j < 64; j++) xd[j] ^= ks[i + j];
    }
    CHECKF(memcmp(xd, digest, 64) == 0, "%s:%d: xor-digest", rec->file, rec->line);
    /* The same keystream xored onto itself, in place, gives zeros. */
    CHECK(crypto_stream_salsa20_xor(ks, ks, len, iv, key) == 0);
    memset(xd, 0, sizeof xd);
    for (i = 0; i < len; i++) xd[0] |= ks[i];
    CHECKF(xd[0] == 0, "%s:%d: in-place xor", rec->file, rec->line);
    guarded_free(ks, len, "salsa20 vector keystream");
}

static void check_salsa20_vectors(void)
{
    struct vec_file *vf = vec_open("salsa20.vec", 0);
    struct vec_record rec;
    int counts[4] = {0, 0, 0, 0};
    while (vec_next(vf, &rec)) {
        const char *type = vec_str(&rec, "type");
        uint8_t x[64], want[64], got[64], c[16], k[32], in[16];
        if (strcmp(type, "hash") == 0) {
            unsigned long n = field_ul(&rec, "iterations"), i;
            int r = 0;
            CHECK(vec_hex(&rec, "x", x, sizeof x) == 64);
            CHECK(vec_hex(&rec, "out", want, sizeof want) == 64);
            for (i = 0; i < n; i++) {
                r |= salsa20_hash(got, x);
                memcpy(x, got, 64);
            }
            CHECK(r == 0);
            CHECKF(memcmp(x, want, 64) == 0, "%s:%d: Salsa20 hash", rec.file, rec.line);
            counts[0]++;
        } else if (strcmp(type, "core") == 0 || strcmp(type, "hcore") == 0) {
            int h = type[0] == 'h';
            size_t outlen = h ? 32 : 64;
            CHECK(vec_hex(&rec, "c", c, sizeof c) == 16);
            CHECK(vec_hex(&rec, "k", k, sizeof k) == 32);
            CHECK(vec_hex(&rec, "in", in, sizeof in) == 16);
            CHECK(vec_hex(&rec, "out", want, sizeof want) == outlen);
            CHECK((h ? crypto_core_hsalsa20 : crypto_core_salsa20)(got, in, k, c) == 0);
            CHECKF(memcmp(got, want, outlen) == 0, "%s:%d: core", rec.file, rec.line);
            counts[h ? 2 : 1]++;
        } else {
            CHECK(strcmp(type, "stream") == 0);
            check_stream_record(&rec);
            counts[3]++;
        }
    }
    vec_close(vf);
    CHECK(counts[0] == 4 && counts[1] == 2 && counts[2] == 3 && counts[3] == 6);
}

static void check_cores(void)
{
    int i;
    for (i = 0; i < 2000; i++) {
        uint8_t in[16], k[32], c[16], want[64];
        uint8_t *out = guarded_alloc(64);
        test_rng_bytes(in, sizeof in);
        test_rng_bytes(k, sizeof k);
        test_rng_bytes(c, sizeof c);
        CHECK(sodium()->crypto_core_salsa20(want, in, k, c) == 0);
        CHECK(crypto_core_salsa20(out, in, k, c) == 0);
        CHECKF(memcmp(out, want, 64) == 0, "crypto_core_salsa20 case %d", i);
        guarded_free(out, 64, "core_salsa20 output");
        out = guarded_alloc(32);
        CHECK(sodium()->crypto_core_hsalsa20(want, in, k, c) == 0);
        CHECK(crypto_core_hsalsa20(out, in, k, c) == 0);
        CHECKF(memcmp(out, want, 32) == 0, "crypto_core_hsalsa20 case %d", i);
        guarded_free(out, 32, "core_hsalsa20 output");
    }
}

void check_stream_length(size_t len, size_t noncelen, stream_fn ours, stream_fn theirs,
                                xor_fn ours_xor, xor_fn theirs_xor, const char *what)
{
    uint8_t *m = guarded_alloc(len);
    uint8_t *c = guarded_alloc(len);
    uint8_t *want = malloc(len + 1);
    uint8_t n[24], k[32];

    CHECK(want != NULL);
    test_rng_bytes(m, len);
    test_rng_bytes(n, noncelen);
    test_rng_bytes(k, sizeof k);

    CHECK(theirs(want, len, n, k) == 0);
    CHECK(ours(c, len, n, k) == 0);
    CHECKF(memcmp(c, want, len) == 0, "%s keystream length %lu", what, (unsigned long)len);

    CHECK(theirs_xor(want, m, len, n, k) == 0);
    CHECK(ours_xor(c, m, len, n, k) == 0);
    CHECKF(memcmp(c, want, len) == 0, "%s xor length %lu", what, (unsigned long)len);

    CHECK(ours_xor(m, m, len, n, k) == 0);
    CHECKF(memcmp(m, want, len) == 0, "%s in-place xor length %lu", what,
           (unsigned long)len);

    free(want);
    guarded_free(m, len, "stream message");
    guarded_free(c, len, "stream output");
}

void test_salsa20(void)
{
    static const size_t large[] = {4096, 65536 + 3};
    size_t len, i;
    check_salsa20_vectors();
    check_cores();
    for (len = 0; len <= 1100; len++) {
        check_stream_length(len, 8, crypto_stream_salsa20, sodium()->crypto_stream_salsa20,
                            crypto_stream_salsa20_xor, sodium()->crypto_stream_salsa20_xor,
                            "salsa20");
    }
    for (i = 0; i < sizeof large / sizeof large[0]; i++) {
        check_stream_length(large[i], 8, crypto_stream_salsa20,
                            sodium()->crypto_stream_salsa20, crypto_stream_salsa20_xor,
                            sodium()->crypto_stream_salsa20_xor, "salsa20");
    }
}

static void check_xsalsa20_vectors(void)
{
    struct vec_file *vf = vec_open("xsalsa20.vec", 0);
    struct vec_record rec;
    int n = 0;
    while (vec_next(vf, &rec)) {
        uint8_t key[32], nonce[24], msg[200], want[200], got[200];
        CHECK(vec_hex(&rec, "key", key, sizeof key) == 32);
        CHECK(vec_hex(&rec, "nonce", nonce, sizeof nonce) == 24);
        if (vec_has(&rec, "sha512")) {
            size_t len = field_ul(&rec, "len");
            uint8_t *ks = malloc(len);
            CHECK(ks != NULL);
            CHECK(vec_hex(&rec, "sha512", want, sizeof want) == 64);
            CHECK(crypto_stream(ks, len, nonce, key) == 0);
            CHECK(crypto_hash(got, ks, len) == 0);
            CHECKF(memcmp(got, want, 64) == 0, "%s:%d: keystream hash", rec.file, rec.line);
            free(ks);
        } else {
            size_t len = vec_hex(&rec, "c", want, sizeof want);
            if (vec_has(&rec, "msg")) {
                CHECK(vec_hex(&rec, "msg", msg, sizeof msg) == len);
                CHECK(crypto_stream_xor(got, msg, len, nonce, key) == 0);
            } else {
                CHECK(crypto_stream(got, len, nonce, key) == 0);
            }
            CHECKF(memcmp(got, want, len) == 0, "%s:%d: XSalsa20", rec.file, rec.line);
        }
        n++;
    }
    vec_close(vf);
    CHECK(n == 5);
}

void test_xsalsa20(void)
{
    static const size_t large[] = {4096, 65536 + 3};
    size_t len, i;
    check_xsalsa20_vectors();
    for (len = 0; len <= 1100; len++) {
        check_stream_length(len, 24, crypto_stream, sodium()->crypto_stream, crypto_stream_xor,
                            sodium()->crypto_stream_xor, "xsalsa20");
    }
    for (i = 0; i < sizeof large / sizeof large[0]; i++) {
        check_stream_length(large[i], 24, crypto_stream, sodium()->crypto_stream,
                            crypto_stream_xor, sodium()->crypto_stream_xor, "xsalsa20");
    }
}
