/*
 * The test runner's shared pieces: checks that count failures and keep going, hex and
 * vector-file reading, canary-guarded buffers and a deterministic test-only byte source.
 */
#ifndef MICROSALT_TEST_HARNESS_H
#define MICROSALT_TEST_HARNESS_H

#include <stddef.h>
#include <stdint.h>

#include "microsalt.h"

extern unsigned long harness_failures;
extern unsigned long harness_checks;

void harness_fail(const char *file, int line, const char *fmt, ...);

#define CHECK(cond)                                                                     \
    do {                                                                                \
        harness_checks++;                                                               \
        if (!(cond)) harness_fail(__FILE__, __LINE__, "%s", #cond);                     \
    } while (0)

/* Like CHECK, with a printf-style description of the case. */
#define CHECKF(cond, ...)                                                               \
    do {                                                                                \
        harness_checks++;                                                               \
        if (!(cond)) harness_fail(__FILE__, __LINE__, __VA_ARGS__);                     \
    } while (0)

#define CHECK_MEM(got, want, n, what)                                                   \
    check_mem(__FILE__, __LINE__, (got), (want), (n), (what))
void check_mem(const char *file, int line, const uint8_t *got, const uint8_t *want, size_t n,
               const char *what);

/* Decodes hex into out (at most max bytes); returns the byte count. Aborts on bad hex. */
size_t hex_decode(uint8_t *out, size_t max, const char *hex);

/* ---- Vector files: records of `name = value` lines, separated by blank lines; # comments. */
#define VEC_MAX_FIELDS 16
struct vec_record {
    const char *file;
    int line;                     /* line of the record's first field */
    int nfields;
    char *name[VEC_MAX_FIELDS];
    char *value[VEC_MAX_FIELDS];
};
struct vec_file;
/* Opens dir/name where dir is the committed tests/vectors (in_build = 0) or the generated
 * build/vectors (in_build = 1). Aborts if the file is missing: a vector file never skips. */
struct vec_file *vec_open(const char *name, int in_build);
/* Returns 1 and fills rec with the next record, or 0 at the end of the file. */
int vec_next(struct vec_file *vf, struct vec_record *rec);
void vec_close(struct vec_file *vf);
/* The named field's text; aborts if the record lacks it. */
const char *vec_str(const struct vec_record *rec, const char *name);
/* Whether the record has the field. */
int vec_has(const struct vec_record *rec, const char *name);
/* Hex-decodes the named field into out; returns its length. Aborts if it is longer than max. */
size_t vec_hex(const struct vec_record *rec, const char *name, uint8_t *out, size_t max);

/* ---- Canary-guarded buffers: n usable bytes with a fixed pattern on each side. ---------- */
#define CANARY_BYTES 16
uint8_t *guarded_alloc(size_t n);
/* Checks both guards; reports a failure naming what overwrote them. Frees the buffer. */
void guarded_free(uint8_t *p, size_t n, const char *what);

/* ---- Test-only deterministic bytes (SplitMix64). Never a substitute for randombytes. ---- */
void test_rng_seed(uint64_t seed);
void test_rng_bytes(uint8_t *out, size_t n);
uint32_t test_rng_u32(void);

/* ---- Stream ciphers against libsodium (test_salsa20.c), for every stream test. --------- */
typedef int (*stream_fn)(unsigned char *, unsigned long long, const unsigned char *,
                         const unsigned char *);
typedef int (*xor_fn)(unsigned char *, const unsigned char *, unsigned long long,
                      const unsigned char *, const unsigned char *);
/* One length: the keystream, its xor onto a random message and the xor in place, with random
 * noncelen-byte nonce and key, each against libsodium's, with canaries around the outputs. */
void check_stream_length(size_t len, size_t noncelen, stream_fn ours, stream_fn theirs,
                         xor_fn ours_xor, xor_fn theirs_xor, const char *what);

#endif
