#include "harness.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef VECTOR_DIR
#define VECTOR_DIR "tests/vectors"
#endif
#ifndef GENERATED_VECTOR_DIR
#define GENERATED_VECTOR_DIR "build/vectors"
#endif

unsigned long harness_failures;
unsigned long harness_checks;

void harness_fail(const char *file, int line, const char *fmt, ...)
{
    va_list ap;
    harness_failures++;
    if (harness_failures > 200) {
        return; /* the count still grows; the log stays readable */
    }
    fprintf(stderr, "FAIL %s:%d: ", file, line);
    va_start(ap, fmt);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fputc('\n', stderr);
}

static void print_hex(const uint8_t *p, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        fprintf(stderr, "%02x", p[i]);
    }
    fputc('\n', stderr);
}

void check_mem(const char *file, int line, const uint8_t *got, const uint8_t *want, size_t n,
               const char *what)
{
    harness_checks++;
    if (n == 0 || memcmp(got, want, n) == 0) {
        return;
    }
    harness_fail(file, line, "%s differs (%lu bytes)", what, (unsigned long)n);
    if (harness_failures <= 200) {
        fprintf(stderr, "  got:  ");
        print_hex(got, n);
        fprintf(stderr, "  want: ");
        print_hex(want, n);
    }
}

static int hex_nibble(char c)
{
    if (c >= '0' && c <= '9') return c - '0';
    if (c >= 'a' && c <= 'f') return c - 'a' + 10;
    if (c >= 'A' && c <= 'F') return c - 'A' + 10;
    return -1;
}

size_t hex_decode(uint8_t *out, size_t max, const char *hex)
{
    size_t n = 0;
    while (hex[0] != '\0') {
        int hi = hex_nibble(hex[0]);
        int lo = hex[1] != '\0' ? hex_nibble(hex[1]) : -1;
        if (hi < 0 || lo < 0) {
            fprintf(stderr, "hex_decode: bad hex near \"%.16s\"\n", hex);
            abort();
        }
        if (n >= max) {
            fprintf(stderr, "hex_decode: more than %lu bytes\n", (unsigned long)max);
            abort();
        }
        out[n++] = (uint8_t)(hi << 4 | lo);
        hex += 2;
    }
    return n;
}

/* ---- Vector files --------------------------------------------------------------------- */

struct vec_file {
    FILE *f;
    char path[512];
    int line;
    char *buf;        /* the current record's text, owned */
    size_t cap;
};

struct vec_file *vec_open(const char *name, int in_build)
{
    struct vec_file *vf = calloc(1, sizeof *vf);
    if (vf == NULL) abort();
    snprintf(vf->path, sizeof vf->path, "%s/%s", in_build ? GENERATED_VECTOR_DIR : VECTOR_DIR,
             name);
    vf->f = fopen(vf->path, "r");
    if (vf->f == NULL) {
        fprintf(stderr, "vec_open: cannot open %s\n", vf->path);
        abort();
    }
    return vf;
}

static char *trim(char *s)
{
    char *e;
    while (*s == ' ' || *s == '\t') s++;
    e = s + strlen(s);
    while (e > s && (e[-1] == ' ' || e[-1] == '\t' || e[-1] == '\n' || e[-1] == '\r')) e--;
    *e = '\0';
    return s;
}

int vec_next(struct vec_file *vf, struct vec_record *rec)
{
    char *line = NULL;
    size_t linecap = 0;
    size_t used = 0;
    ssize_t got;
    int started = 0;
    size_t offsets[VEC_MAX_FIELDS][2];
    int i;

    rec->file = vf->path;
    rec->nfields = 0;
    while ((got = getline(&line, &linecap, vf->f)) >= 0) {
        char *t, *eq;
        vf->line++;
        t = trim(line);
        if (t[0] == '#') continue;
        if (t[0] == '\0') {
            if (started) break;
            continue;
        }
        eq = strchr(t, '=');
        if (eq == NULL || rec->nfields == VEC_MAX_FIELDS) {
            fprintf(stderr, "%s:%d: malformed vector line\n", vf->path, vf->line);
            abort();
        }
        if (!started) rec->line = vf->line;
        started = 1;
        *eq = '\0';
        {
            char *k = trim(t), *v = trim(eq + 1);
            size_t kl = strlen(k) + 1, vl = strlen(v) + 1;
            if (used + kl + vl > vf->cap) {
                vf->cap = (used + kl + vl) * 2;
                vf->buf = realloc(vf->buf, vf->cap);
                if (vf->buf == NULL) abort();
            }
            memcpy(vf->buf + used, k, kl);
            offsets[rec->nfields][0] = used;
            used += kl;
            memcpy(vf->buf + used, v, vl);
            offsets[rec->nfields][1] = used;
            used += vl;
            rec->nfields++;
        }
    }
    free(line);
    for (i = 0; i < rec->nfields; i++) {
        rec->name[i] = vf->buf + offsets[i][0];
        rec->value[i] = vf->buf + offsets[i][1];
    }
    return started;
}

void vec_close(struct vec_file *vf)
{
    fclose(vf->f);
    free(vf->buf);
    free(vf);
}

int vec_has(const struct vec_record *rec, const char *name)
{
    int i;
    for (i = 0; i < rec->nfields; i++) {
        if (strcmp(rec->name[i], name) == 0) return 1;
    }
    return 0;
}

const char *vec_str(const struct vec_record *rec, const char *name)
{
    int i;
    for (i = 0; i < rec->nfields; i++) {
        if (strcmp(rec->name[i], name) == 0) return rec->value[i];
    }
    fprintf(stderr, "%s:%d: record lacks field '%s'\n", rec->file, rec->line, name);
    abort();
}

size_t vec_hex(const struct vec_record *rec, const char *name, uint8_t *out, size_t max)
{
    return hex_decode(out, max, vec_str(rec, name));
}

/* ---- Canaries ------------------------------------------------------------------------- */

static uint8_t canary_byte(size_t i)
{
    return (uint8_t)(0xA5 ^ (i * 29));
}

uint8_t *guarded_alloc(size_t n)
{
    uint8_t *p = malloc(n + 2 * CANARY_BYTES);
    size_t i;
    if (p == NULL) abort();
    for (i = 0; i < CANARY_BYTES; i++) {
        p[i] = canary_byte(i);
        p[CANARY_BYTES + n + i] = canary_byte(i + CANARY_BYTES);
    }
    /* The usable bytes start with a pattern too, so reads of unwritten output are visible. */
    memset(p + CANARY_BYTES, 0xEE, n);
    return p + CANARY_BYTES;
}

void guarded_free(uint8_t *p, size_t n, const char *what)
{
    uint8_t *base = p - CANARY_BYTES;
    size_t i;
    int ok = 1;
    for (i = 0; i < CANARY_BYTES; i++) {
        if (base[i] != canary_byte(i) || p[n + i] != canary_byte(i + CANARY_BYTES)) ok = 0;
    }
    CHECKF(ok, "canary around %s (%lu bytes) was overwritten", what, (unsigned long)n);
    free(base);
}

/* ---- Test-only deterministic bytes ---------------------------------------------------- */

static uint64_t rng_state = 0x6d6963726f73616cULL;

void test_rng_seed(uint64_t seed)
{
    rng_state = seed;
}

static uint64_t splitmix64(void)
{
    uint64_t z = (rng_state += 0x9E3779B97F4A7C15ULL);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ULL;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBULL;
    return z ^ (z >> 31);
}

void test_rng_bytes(uint8_t *out, size_t n)
{
    while (n > 0) {
        uint64_t r = splitmix64();
        size_t k = n < 8 ? n : 8;
        memcpy(out, &r, k);
        out += k;
        n -= k;
    }
}

uint32_t test_rng_u32(void)
{
    return (uint32_t)(splitmix64() >> 32);
}
