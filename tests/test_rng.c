/*
 * The bare-metal generator (src/core/rng.c) on the host: its health tests at and around their
 * cutoffs (the default claim, 0.03 bits per bit: repetition cutoff 85, adaptive proportion
 * cutoff 471 in a 512-byte window, periods up to 16, at least 1,600 bytes), and its output
 * against a model built from libsodium's SHA-512 and Salsa20 (docs/rng.md's construction), with
 * the persisted seed, mixing, reseeding and the refusals.
 */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "oracle.h"

#define ENTROPY 1600
#define RCT_CUTOFF 85
#define APT_CUTOFF 471

/* ---- The model: the key a successful call leaves, and the output it gives. ------------- */

static uint8_t model_key[32];

static void model_init(const uint8_t *e, size_t len, const uint8_t *seed)
{
    static const char label[] = "microsalt rng init v1";
    uint8_t *in = malloc(sizeof label - 1 + 1 + 32 + len), digest[64];
    size_t n = sizeof label - 1;
    memcpy(in, label, n);
    in[n++] = seed != NULL;
    memset(in + n, 0, 32);
    if (seed != NULL) memcpy(in + n, seed, 32);
    n += 32;
    memcpy(in + n, e, len);
    sodium()->crypto_hash(digest, in, n + len);
    memcpy(model_key, digest, 32);
    free(in);
}

static void model_mix(const uint8_t *in, size_t len)
{
    static const char label[] = "microsalt rng mix v1";
    uint8_t *buf = malloc(sizeof label - 1 + 32 + len), digest[64];
    size_t n = sizeof label - 1;
    memcpy(buf, label, n);
    memcpy(buf + n, model_key, 32);
    memcpy(buf + n + 32, in, len);
    sodium()->crypto_hash(digest, buf, n + 32 + len);
    memcpy(model_key, digest, 32);
    free(buf);
}

/* Fast key erasure: keystream(key, nonce 0) = next key || output. */
static void model_generate(uint8_t *out, size_t len)
{
    static const uint8_t nonce[8];
    uint8_t *ks = malloc(32 + len);
    sodium()->crypto_stream_salsa20(ks, 32 + len, nonce, model_key);
    memcpy(model_key, ks, 32);
    memcpy(out, ks + 32, len);
    free(ks);
}

/* Output of every length class (inside the first block, at block edges, long) equals the
 * model's, with canaries around it. */
static void check_outputs(const char *what)
{
    static const size_t lens[] = {0, 1, 31, 32, 33, 95, 96, 97, 160, 1000, 4133};
    size_t i;
    for (i = 0; i < sizeof lens / sizeof lens[0]; i++) {
        uint8_t *got = guarded_alloc(lens[i]), *want = malloc(lens[i] + 1);
        CHECKF(randombytes_generate(got, lens[i]) == 0, "%s: generate %lu", what,
               (unsigned long)lens[i]);
        model_generate(want, lens[i]);
        CHECK_MEM(got, want, lens[i], what);
        guarded_free(got, lens[i], what);
        free(want);
    }
}

/* The generator refuses output: -1 and zeros. */
static void check_refuses(const char *what)
{
    uint8_t out[40];
    size_t i;
    int zero = 1;
    memset(out, 0xAA, sizeof out);
    CHECKF(randombytes_generate(out, sizeof out) == -1, "%s: generate refused", what);
    for (i = 0; i < sizeof out; i++) zero &= out[i] == 0;
    CHECKF(zero, "%s: refused output zeroed", what);
    CHECKF(randombytes_mix(out, 1) == -1, "%s: mix refused", what);
}

/* ---- The persisted seed. ---------------------------------------------------------------- */

struct store_state {
    uint8_t seed[32];
    int have, reads, writes, write_fails;
};

static int store_read(unsigned char seed[32], void *ctx)
{
    struct store_state *s = ctx;
    s->reads++;
    /* What erased EEPROM reads as: the generator must take zeros when read fails. */
    memset(seed, 0xFF, 32);
    if (!s->have) return -1;
    memcpy(seed, s->seed, 32);
    return 0;
}

static int store_write(const unsigned char seed[32], void *ctx)
{
    struct store_state *s = ctx;
    s->writes++;
    if (s->write_fails) return -1;
    memcpy(s->seed, seed, 32);
    s->have = 1;
    return 0;
}

/* ---- The tests. ---------------------------------------------------------------------------- */

/* Random bytes with no run, repeated window start or period the tests would catch. */
static void fresh(uint8_t *e, size_t len)
{
    size_t i;
    test_rng_bytes(e, len);
    for (i = 1; i < len; i++) {
        if (e[i] == e[i - 1]) e[i] ^= 0x5A;
    }
}

static void check_health(void)
{
    uint8_t e[ENTROPY + 1];
    size_t i, k;

    fresh(e, sizeof e);
    CHECK(randombytes_seed(e, ENTROPY - 1, NULL) == -1); /* too few bytes for 384 bits */
    check_refuses("short entropy");
    CHECK(randombytes_seed(NULL, ENTROPY, NULL) == -1);
    CHECK(randombytes_seed(e, ENTROPY, NULL) == 0);

    memset(e, 0, ENTROPY);
    CHECK(randombytes_seed(e, ENTROPY, NULL) == -1);
    check_refuses("all zeros");
    memset(e, 0xFF, ENTROPY);
    CHECK(randombytes_seed(e, ENTROPY, NULL) == -1);
    check_refuses("all ones");

    /* Repeating patterns: periods up to 16 fail, 17 passes (nothing else catches it). */
    for (k = 2; k <= 17; k++) {
        fresh(e, k);
        for (i = k; i < ENTROPY; i++) e[i] = e[i - k];
        CHECKF(randombytes_seed(e, ENTROPY, NULL) == (k <= 16 ? -1 : 0), "period %lu",
               (unsigned long)k);
    }
    /* Repetition count: a run of RCT_CUTOFF - 1 equal bytes passes, RCT_CUTOFF fails, at the
     * start, the middle and the end. */
    for (k = 0; k < 3; k++) {
        size_t at = k == 0 ? 0 : k == 1 ? 700 : ENTROPY - RCT_CUTOFF;
        fresh(e, ENTROPY);
        memset(e + at, 0x3C, RCT_CUTOFF - 1);
        e[at + RCT_CUTOFF - 1] = 0x3D;
        if (at > 0) e[at - 1] = 0x11;
        CHECKF(randombytes_seed(e, ENTROPY, NULL) == 0, "run of %d at %lu", RCT_CUTOFF - 1,
               (unsigned long)at);
        e[at + RCT_CUTOFF - 1] = 0x3C;
        CHECKF(randombytes_seed(e, ENTROPY, NULL) == -1, "run of %d at %lu", RCT_CUTOFF,
               (unsigned long)at);
    }
    /* Adaptive proportion: in the second window (bytes 512..1023), its first byte A = 0x77
     * APT_CUTOFF - 1 times passes and APT_CUTOFF times fails; runs of A stay below the
     * repetition cutoff, broken by bytes that differ from each other. */
    for (k = 0; k < 2; k++) {
        size_t want = APT_CUTOFF - 1 + k, placed = 0;
        fresh(e, ENTROPY);
        for (i = 512; i < 1024; i++) {
            int breaker = (i - 512) % 60 == 59 || placed == want;
            if (breaker) {
                e[i] = (uint8_t)(0x80 + (i % 97));
            } else {
                e[i] = 0x77;
                placed++;
            }
        }
        CHECK(placed == want);
        e[1024] = 0x12;
        CHECKF(randombytes_seed(e, ENTROPY, NULL) == (k == 0 ? 0 : -1), "proportion %lu",
               (unsigned long)want);
    }
}

static void check_model(void)
{
    uint8_t e[ENTROPY], more[64], bad[ENTROPY];
    struct store_state s;
    randombytes_store store = {store_read, store_write, &s};
    uint8_t first[32], second[32], written[32];

    /* Without a store. */
    fresh(e, ENTROPY);
    CHECK(randombytes_seed(e, ENTROPY, NULL) == 0);
    model_init(e, ENTROPY, NULL);
    check_outputs("no store");

    /* mix and reseed. */
    test_rng_bytes(more, sizeof more);
    CHECK(randombytes_mix(more, sizeof more) == 0);
    model_mix(more, sizeof more);
    check_outputs("mix");
    CHECK(randombytes_mix(more, 0) == 0);
    model_mix(more, 0);
    check_outputs("mix of nothing");
    memset(bad, 0, sizeof bad);
    CHECK(randombytes_reseed(bad, sizeof bad) == -1); /* the key is unchanged */
    check_outputs("after a refused reseed");
    fresh(bad, sizeof bad);
    CHECK(randombytes_reseed(bad, sizeof bad) == 0);
    model_mix(bad, sizeof bad);
    check_outputs("reseed");

    /* A fresh device: nothing stored; the store gets the first 32 bytes of output. */
    memset(&s, 0, sizeof s);
    CHECK(randombytes_seed(e, ENTROPY, &store) == 0);
    CHECK(s.reads == 1 && s.writes == 1 && s.have);
    model_init(e, ENTROPY, NULL);
    model_generate(written, 32);
    CHECK_MEM(s.seed, written, 32, "first persisted seed");
    check_outputs("fresh store");
    CHECK(randombytes_generate(first, 32) == 0);

    /* The next boot, with the same SRAM (a noiseless fingerprint, or a warm reset): the
     * stored seed makes it differ, and is replaced again. */
    memcpy(written, s.seed, 32);
    CHECK(randombytes_seed(e, ENTROPY, &store) == 0);
    CHECK(s.reads == 2 && s.writes == 2);
    model_init(e, ENTROPY, written);
    model_generate(written, 32);
    CHECK_MEM(s.seed, written, 32, "second persisted seed");
    CHECK(randombytes_generate(second, 32) == 0);
    model_generate(written, 32);
    CHECK_MEM(second, written, 32, "second boot's output");
    CHECK(memcmp(first, second, 32) != 0);

    /* A store that cannot be written: initialisation fails, the generator refuses. */
    s.write_fails = 1;
    CHECK(randombytes_seed(e, ENTROPY, &store) == -1);
    check_refuses("store write failed");

    /* A failed initialisation after a good one leaves nothing usable. */
    CHECK(randombytes_seed(e, ENTROPY, NULL) == 0);
    CHECK(randombytes_seed(bad + 1, 10, NULL) == -1);
    check_refuses("failed reinitialisation");
}

void test_rng(void)
{
    check_refuses("never initialised");
    CHECK(randombytes_reseed(NULL, 0) == -1);
    check_health();
    check_model();
}
