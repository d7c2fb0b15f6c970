/* SHA-512: crypto_hash, crypto_hashblocks and the library's incremental interface. */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "oracle.h"
#include "sha512.h"

/* FIPS 180-4 section 5.3.5: the initial hash value, as crypto_hashblocks' big-endian state. */
static const char IV_HEX[] =
    "6a09e667f3bcc908bb67ae8584caa73b3c6ef372fe94f82ba54ff53a5f1d36f1"
    "510e527fade682d19b05688c2b3e6c1f1f83d9abfb41bd6b5be0cd19137e2179";

/* SHA-512 built only from crypto_hashblocks: the whole blocks, then the test's own padding. */
static void sha512_via_hashblocks(uint8_t out[64], const uint8_t *m, size_t len)
{
    uint8_t tail[256];
    size_t rest, whole, tlen, i;
    int r;

    hex_decode(out, 64, IV_HEX);
    r = crypto_hashblocks(out, m, len);
    CHECKF(r == (int)(len % 128), "hashblocks(%lu) returned %d", (unsigned long)len, r);
    rest = len % 128;
    whole = len - rest;
    memset(tail, 0, sizeof tail);
    memcpy(tail, m + whole, rest);
    tail[rest] = 0x80;
    tlen = rest < 112 ? 128 : 256;
    /* The 128-bit bit length, big-endian; len < 2^61 here. */
    for (i = 0; i < 8; i++) {
        tail[tlen - 1 - i] = (uint8_t)(((uint64_t)len << 3) >> (8 * i));
    }
    r = crypto_hashblocks(out, tail, tlen);
    CHECK(r == 0);
}

static void check_vectors(void)
{
    struct vec_file *vf = vec_open("sha512.vec", 0);
    struct vec_record rec;
    int n = 0;
    while (vec_next(vf, &rec)) {
        uint8_t want[64], got[64], via_blocks[64];
        uint8_t *m;
        size_t len;
        CHECK(vec_hex(&rec, "digest", want, sizeof want) == 64);
        if (vec_has(&rec, "repeat")) {
            uint8_t byte;
            len = strtoul(vec_str(&rec, "repeat"), NULL, 10);
            CHECK(vec_hex(&rec, "byte", &byte, 1) == 1);
            m = malloc(len);
            CHECK(m != NULL);
            memset(m, byte, len);
        } else {
            len = strlen(vec_str(&rec, "msg")) / 2;
            m = malloc(len + 1);
            CHECK(m != NULL);
            CHECK(vec_hex(&rec, "msg", m, len) == len);
        }
        crypto_hash(got, m, len);
        CHECK_MEM(got, want, 64, "crypto_hash vector");
        sha512_via_hashblocks(via_blocks, m, len);
        CHECK_MEM(via_blocks, want, 64, "SHA-512 built from crypto_hashblocks, vector");
        {
            /* The incremental interface, one byte at a time for short inputs. */
            microsalt_sha512_ctx ctx;
            size_t i, step = len < 1000 ? 1 : 4099;
            microsalt_sha512_init(&ctx);
            for (i = 0; i < len; i += step) {
                microsalt_sha512_update(&ctx, m + i, len - i < step ? len - i : step);
            }
            microsalt_sha512_final(&ctx, got);
            CHECK_MEM(got, want, 64, "incremental SHA-512 vector");
        }
        free(m);
        n++;
    }
    vec_close(vf);
    CHECK(n == 4);
}

/* Every length, against libsodium, with exact-size guarded buffers. */
static void check_length(size_t len)
{
    uint8_t *m = guarded_alloc(len);
    uint8_t *out = guarded_alloc(64);
    uint8_t want[64], got[64];
    microsalt_sha512_ctx ctx;
    size_t i, chunk;

    test_rng_bytes(m, len);
    CHECK(sodium()->crypto_hash(want, m, len) == 0);
    CHECK(crypto_hash(out, m, len) == 0);
    CHECKF(memcmp(out, want, 64) == 0, "crypto_hash length %lu", (unsigned long)len);

    sha512_via_hashblocks(got, m, len);
    CHECKF(memcmp(got, want, 64) == 0, "hashblocks-built SHA-512 length %lu",
           (unsigned long)len);

    /* Random chunking, including empty updates, exercises every buffer boundary. */
    microsalt_sha512_init(&ctx);
    for (i = 0; i < len; i += chunk) {
        chunk = test_rng_u32() % 300;
        if (chunk > len - i) chunk = len - i;
        microsalt_sha512_update(&ctx, m + i, chunk);
    }
    microsalt_sha512_final(&ctx, got);
    CHECKF(memcmp(got, want, 64) == 0, "incremental length %lu", (unsigned long)len);

    guarded_free(m, len, "sha512 message");
    guarded_free(out, 64, "sha512 digest");
}

/* crypto_hashblocks consumes whole blocks only and reports the rest, whatever follows. */
static void check_hashblocks_partial(void)
{
    uint8_t *state = guarded_alloc(64);
    uint8_t in[3 * 128 + 127], a[64];
    size_t len;
    test_rng_bytes(in, sizeof in);
    for (len = 0; len <= sizeof in; len += 1 + len / 7) {
        size_t whole = len - len % 128;
        test_rng_bytes(state, 64);
        memcpy(a, state, 64);
        CHECK(crypto_hashblocks(a, in, whole) == 0);
        CHECK(crypto_hashblocks(state, in, len) == (int)(len % 128));
        CHECKF(memcmp(a, state, 64) == 0, "hashblocks partial block, length %lu",
               (unsigned long)len);
    }
    guarded_free(state, 64, "hashblocks state");
}

void test_sha512(void)
{
    static const size_t large[] = {4096, 65536 + 3, 1000003};
    size_t len, i;
    check_vectors();
    for (len = 0; len <= 1100; len++) {
        check_length(len);
    }
    for (i = 0; i < sizeof large / sizeof large[0]; i++) {
        check_length(large[i]);
    }
    check_hashblocks_partial();
}
