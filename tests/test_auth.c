/* crypto_auth: HMAC-SHA-512-256 (HMAC-SHA-512 truncated to 32 bytes, 32-byte key). */
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "oracle.h"

/* RFC 2104 HMAC-SHA-512 with any key length, built on crypto_hash by the test itself: the
 * RFC 4231 cases whose key is not 32 bytes long reach crypto_auth's HMAC only through it. */
static void hmac_sha512(uint8_t out[64], const uint8_t *k, size_t klen, const uint8_t *m,
                        size_t mlen)
{
    uint8_t key[128], inner[64];
    uint8_t *buf = malloc(128 + (mlen > 64 ? mlen : 64));
    size_t i;
    CHECK(buf != NULL);
    memset(key, 0, sizeof key);
    if (klen > 128) {
        crypto_hash(key, k, klen);
    } else {
        memcpy(key, k, klen);
    }
    for (i = 0; i < 128; i++) buf[i] = key[i] ^ 0x36;
    memcpy(buf + 128, m, mlen);
    crypto_hash(inner, buf, 128 + mlen);
    for (i = 0; i < 128; i++) buf[i] = key[i] ^ 0x5c;
    memcpy(buf + 128, inner, 64);
    crypto_hash(out, buf, 128 + 64);
    free(buf);
}

static void check_vectors(void)
{
    struct vec_file *vf = vec_open("hmacsha512256.vec", 0);
    struct vec_record rec;
    int n = 0, through_auth = 0;
    while (vec_next(vf, &rec)) {
        uint8_t key[200], msg[200], want[64], full[64], a[32];
        size_t klen = vec_hex(&rec, "key", key, sizeof key);
        size_t mlen = vec_hex(&rec, "msg", msg, sizeof msg);
        size_t wlen = vec_hex(&rec, "hmac", want, sizeof want);
        hmac_sha512(full, key, klen, msg, mlen);
        CHECK_MEM(full, want, wlen, "test-side HMAC-SHA-512, RFC 4231");
        if (klen <= 32) {
            /* HMAC zero-pads short keys to the block, so a key padded to 32 bytes with
             * zeros is the same key: crypto_auth must give the RFC's output. */
            uint8_t k32[32];
            size_t cmp = wlen < 32 ? wlen : 32;
            memset(k32, 0, sizeof k32);
            memcpy(k32, key, klen);
            CHECK(crypto_auth(a, msg, mlen, k32) == 0);
            CHECK_MEM(a, want, cmp, "crypto_auth, RFC 4231");
            if (wlen >= 32) CHECK(crypto_auth_verify(want, msg, mlen, k32) == 0);
            through_auth++;
        }
        n++;
    }
    vec_close(vf);
    CHECK(n == 7);
    CHECK(through_auth == 5);
}

static void check_length(size_t len)
{
    uint8_t *m = guarded_alloc(len);
    uint8_t *a = guarded_alloc(32);
    uint8_t k[32], want[32], full[64];

    test_rng_bytes(m, len);
    test_rng_bytes(k, sizeof k);
    CHECK(sodium()->crypto_auth(want, m, len, k) == 0);
    CHECK(crypto_auth(a, m, len, k) == 0);
    CHECKF(memcmp(a, want, 32) == 0, "crypto_auth length %lu", (unsigned long)len);
    hmac_sha512(full, k, 32, m, len);
    CHECKF(memcmp(full, want, 32) == 0, "test-side HMAC vs libsodium, length %lu",
           (unsigned long)len);
    CHECK(crypto_auth_verify(a, m, len, k) == 0);
    CHECK(sodium()->crypto_auth_verify(a, m, len, k) == 0);
    guarded_free(m, len, "auth message");
    guarded_free(a, 32, "auth tag");
}

/* Every single-bit change of tag, key or message is rejected. */
static void check_flips(void)
{
    uint8_t m[45], k[32], a[32];
    size_t i;
    int bit;
    test_rng_bytes(m, sizeof m);
    test_rng_bytes(k, sizeof k);
    CHECK(crypto_auth(a, m, sizeof m, k) == 0);
    for (i = 0; i < 8 * sizeof a; i++) {
        a[i / 8] ^= (uint8_t)(1u << (i % 8));
        CHECKF(crypto_auth_verify(a, m, sizeof m, k) == -1, "tag bit %lu", (unsigned long)i);
        a[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    for (i = 0; i < 8 * sizeof k; i++) {
        k[i / 8] ^= (uint8_t)(1u << (i % 8));
        CHECKF(crypto_auth_verify(a, m, sizeof m, k) == -1, "key bit %lu", (unsigned long)i);
        k[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    for (i = 0; i < sizeof m; i++) {
        for (bit = 0; bit < 8; bit++) {
            m[i] ^= (uint8_t)(1u << bit);
            CHECKF(crypto_auth_verify(a, m, sizeof m, k) == -1, "message byte %lu bit %d",
                   (unsigned long)i, bit);
            m[i] ^= (uint8_t)(1u << bit);
        }
    }
    /* One byte fewer or more is a different message too. */
    CHECK(crypto_auth_verify(a, m, sizeof m - 1, k) == -1);
    CHECK(crypto_auth_verify(a, m, sizeof m, k) == 0);
}

void test_auth(void)
{
    static const size_t large[] = {4096, 65536 + 3};
    size_t len, i;
    check_vectors();
    for (len = 0; len <= 1100; len++) {
        check_length(len);
    }
    for (i = 0; i < sizeof large / sizeof large[0]; i++) {
        check_length(large[i]);
    }
    check_flips();
}
