/* crypto_onetimeauth: Poly1305. The host build runs the 44-bit-limb code, host-fe32 the
 * 26-bit-limb code of the microcontrollers; both must pass the same checks. */
#include <string.h>

#include "harness.h"
#include "oracle.h"

static void check_vectors(void)
{
    struct vec_file *vf = vec_open("poly1305.vec", 0);
    struct vec_record rec;
    int n = 0;
    while (vec_next(vf, &rec)) {
        uint8_t key[32], msg[400], want[16], got[16];
        size_t mlen;
        CHECK(vec_hex(&rec, "key", key, sizeof key) == 32);
        mlen = vec_hex(&rec, "msg", msg, sizeof msg);
        CHECK(vec_hex(&rec, "tag", want, sizeof want) == 16);
        CHECK(crypto_onetimeauth(got, msg, mlen, key) == 0);
        CHECKF(memcmp(got, want, 16) == 0, "%s:%d: Poly1305 tag", rec.file, rec.line);
        CHECK(crypto_onetimeauth_verify(want, msg, mlen, key) == 0);
        want[n % 16] ^= 0x80;
        CHECK(crypto_onetimeauth_verify(want, msg, mlen, key) == -1);
        n++;
    }
    vec_close(vf);
    CHECK(n == 13);
}

/* Against libsodium, with a random or an all-0xFF key and message: the latter gives the
 * largest limbs and so the largest products and carries. */
static void check_length(size_t len, int all_ones)
{
    uint8_t *m = guarded_alloc(len);
    uint8_t *a = guarded_alloc(16);
    uint8_t k[32], want[16];

    if (all_ones) {
        memset(m, 0xFF, len);
        memset(k, 0xFF, sizeof k);
    } else {
        test_rng_bytes(m, len);
        test_rng_bytes(k, sizeof k);
    }
    CHECK(sodium()->crypto_onetimeauth(want, m, len, k) == 0);
    CHECK(crypto_onetimeauth(a, m, len, k) == 0);
    CHECKF(memcmp(a, want, 16) == 0, "Poly1305 length %lu%s", (unsigned long)len,
           all_ones ? " (all 0xFF)" : "");
    CHECK(crypto_onetimeauth_verify(a, m, len, k) == 0);
    guarded_free(m, len, "poly1305 message");
    guarded_free(a, 16, "poly1305 tag");
}

/* Every single-bit change of tag, key or message is rejected. */
static void check_flips(void)
{
    uint8_t m[37], k[32], a[16];
    size_t i;
    test_rng_bytes(m, sizeof m);
    test_rng_bytes(k, sizeof k);
    CHECK(crypto_onetimeauth(a, m, sizeof m, k) == 0);
    for (i = 0; i < 8 * sizeof a; i++) {
        a[i / 8] ^= (uint8_t)(1u << (i % 8));
        CHECKF(crypto_onetimeauth_verify(a, m, sizeof m, k) == -1, "tag bit %lu",
               (unsigned long)i);
        a[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    for (i = 0; i < 8 * sizeof k; i++) {
        size_t byte = i / 8, bit = i % 8;
        /* Clamping ignores 22 bits of r: the top 4 bits of bytes 3, 7, 11 and 15 and the low
         * 2 bits of bytes 4, 8 and 12. Flipping one of those changes nothing. */
        int ignored = (byte < 16 && byte % 4 == 3 && bit >= 4) ||
                      (byte < 16 && byte % 4 == 0 && byte > 0 && bit < 2);
        k[byte] ^= (uint8_t)(1u << bit);
        CHECKF(crypto_onetimeauth_verify(a, m, sizeof m, k) == (ignored ? 0 : -1),
               "key bit %lu", (unsigned long)i);
        k[byte] ^= (uint8_t)(1u << bit);
    }
    for (i = 0; i < 8 * sizeof m; i++) {
        m[i / 8] ^= (uint8_t)(1u << (i % 8));
        CHECKF(crypto_onetimeauth_verify(a, m, sizeof m, k) == -1, "message bit %lu",
               (unsigned long)i);
        m[i / 8] ^= (uint8_t)(1u << (i % 8));
    }
    CHECK(crypto_onetimeauth_verify(a, m, sizeof m, k) == 0);
}

/* Keys and messages from a few extreme byte values, against libsodium: the h >= p and
 * h + s >= 2^128 corner cases at every message length up to 4 blocks. */
static void check_edges(void)
{
    static const uint8_t fills[] = {0x00, 0x01, 0x7F, 0x80, 0xFE, 0xFF};
    uint8_t k[32], m[64], want[16], got[16];
    size_t kr, ks, mf, len;
    for (kr = 0; kr < sizeof fills; kr++) {
        for (ks = 0; ks < sizeof fills; ks++) {
            for (mf = 0; mf < sizeof fills; mf++) {
                memset(k, fills[kr], 16);
                memset(k + 16, fills[ks], 16);
                memset(m, fills[mf], sizeof m);
                for (len = 0; len <= sizeof m; len++) {
                    CHECK(sodium()->crypto_onetimeauth(want, m, len, k) == 0);
                    CHECK(crypto_onetimeauth(got, m, len, k) == 0);
                    CHECKF(memcmp(got, want, 16) == 0, "edge r=%02x s=%02x m=%02x len %lu",
                           fills[kr], fills[ks], fills[mf], (unsigned long)len);
                }
            }
        }
    }
}

void test_poly1305(void)
{
    static const size_t large[] = {4096, 65536 + 3};
    size_t len, i;
    check_vectors();
    for (len = 0; len <= 1100; len++) {
        check_length(len, 0);
        check_length(len, 1);
    }
    for (i = 0; i < sizeof large / sizeof large[0]; i++) {
        check_length(large[i], 0);
        check_length(large[i], 1);
    }
    check_flips();
    check_edges();
}
