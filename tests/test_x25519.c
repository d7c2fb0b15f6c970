/*
 * crypto_scalarmult and crypto_scalarmult_base: RFC 7748 vectors (single, iterated, the
 * Diffie-Hellman example), every Wycheproof x25519 case, and libsodium on random inputs,
 * including non-canonical u (p .. 2^255 - 1) and u with bit 255 set. Outputs go into
 * canary-guarded buffers.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "harness.h"
#include "oracle.h"

static int all_zero(const uint8_t *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (b[i] != 0) return 0;
    }
    return 1;
}

/* X25519(scalar, u) into a guarded buffer, checked against want and the return rule. */
static void check_one(const uint8_t scalar[32], const uint8_t u[32], const uint8_t want[32],
                      const char *what)
{
    uint8_t *out = guarded_alloc(32);
    int rc = crypto_scalarmult(out, scalar, u);
    CHECK_MEM(out, want, 32, what);
    CHECKF(rc == (all_zero(want, 32) ? -1 : 0), "%s: returned %d", what, rc);
    guarded_free(out, 32, what);
}

static void rfc7748(void)
{
    static const uint8_t nine[32] = {9};
    struct vec_file *vf = vec_open("x25519_rfc7748.vec", 0);
    struct vec_record rec;
    int singles = 0, iterated = 0, dh = 0;
    while (vec_next(vf, &rec)) {
        uint8_t a[32], b[32], c[32], d[32], e[32];
        if (vec_has(&rec, "scalar")) {
            vec_hex(&rec, "scalar", a, 32);
            vec_hex(&rec, "u", b, 32);
            vec_hex(&rec, "out", c, 32);
            check_one(a, b, c, "RFC 7748 5.2");
            /* The oracle agrees with the transcription. */
            CHECK(sodium()->crypto_scalarmult(d, a, b) == 0);
            CHECK_MEM(d, c, 32, "RFC 7748 5.2 (libsodium)");
            singles++;
        } else if (vec_has(&rec, "iterations")) {
            long i, n = strtol(vec_str(&rec, "iterations"), NULL, 10);
            uint8_t k[32], u[32], next[32];
            memcpy(k, nine, 32);
            memcpy(u, nine, 32);
            for (i = 0; i < n; i++) {
                CHECK(crypto_scalarmult(next, k, u) == 0);
                memcpy(u, k, 32);
                memcpy(k, next, 32);
            }
            vec_hex(&rec, "out", c, 32);
            CHECK_MEM(k, c, 32, "RFC 7748 5.2 iterated");
            iterated++;
        } else {
            uint8_t *out = guarded_alloc(32);
            vec_hex(&rec, "alice_private", a, 32);
            vec_hex(&rec, "alice_public", b, 32);
            vec_hex(&rec, "bob_private", c, 32);
            vec_hex(&rec, "bob_public", d, 32);
            vec_hex(&rec, "shared", e, 32);
            CHECK(crypto_scalarmult_base(out, a) == 0);
            CHECK_MEM(out, b, 32, "RFC 7748 6.1 Alice's public key (base)");
            check_one(a, nine, b, "RFC 7748 6.1 Alice's public key");
            CHECK(crypto_scalarmult_base(out, c) == 0);
            CHECK_MEM(out, d, 32, "RFC 7748 6.1 Bob's public key (base)");
            check_one(c, nine, d, "RFC 7748 6.1 Bob's public key");
            check_one(a, d, e, "RFC 7748 6.1 shared secret (Alice)");
            check_one(c, b, e, "RFC 7748 6.1 shared secret (Bob)");
            CHECK(sodium()->crypto_scalarmult(out, a, d) == 0);
            CHECK_MEM(out, e, 32, "RFC 7748 6.1 shared secret (libsodium)");
            guarded_free(out, 32, "RFC 7748 6.1");
            dh++;
        }
    }
    vec_close(vf);
    CHECK(singles == 2 && iterated == 2 && dh == 1);
}

/* Every case, valid or acceptable (low-order and non-canonical public keys, twist points,
 * bit 255 set): the shared value is checked, and an all-zero one must return -1. */
static void wycheproof(void)
{
    struct vec_file *vf = vec_open("x25519_wycheproof.vec", 1);
    struct vec_record rec;
    int cases = 0, zero = 0;
    while (vec_next(vf, &rec)) {
        uint8_t priv[32], pub[32], shared[32];
        char what[64];
        CHECK(vec_hex(&rec, "private", priv, 32) == 32);
        CHECK(vec_hex(&rec, "public", pub, 32) == 32);
        CHECK(vec_hex(&rec, "shared", shared, 32) == 32);
        CHECK(strcmp(vec_str(&rec, "result"), "invalid") != 0);
        snprintf(what, sizeof what, "wycheproof tcId %s", vec_str(&rec, "tcId"));
        check_one(priv, pub, shared, what);
        zero += all_zero(shared, 32);
        cases++;
    }
    vec_close(vf);
    CHECK(cases == 518);
    CHECK(zero > 0); /* the -1 path was exercised */
}

/* Low-order points give an all-zero output and -1; inputs and output may alias. */
static void edge_cases(void)
{
    uint8_t scalar[32], u[32], want[32], buf[32];
    int i, rc;
    test_rng_bytes(scalar, 32);
    for (i = 0; i < 4; i++) {
        /* 0, 1, p (= 0) and p + 1 (= 1), each with and without bit 255. */
        memset(u, 0, 32);
        if (i >= 2) {
            memset(u, 0xff, 32);
            u[0] = 0xed;
            u[31] = 0x7f;
        }
        u[0] = (uint8_t)(u[0] + (i & 1));
        memset(want, 0, 32);
        check_one(scalar, u, want, "low-order u");
        u[31] |= 0x80;
        check_one(scalar, u, want, "low-order u, bit 255 set");
    }
    for (i = 0; i < 20; i++) {
        test_rng_bytes(scalar, 32);
        test_rng_bytes(u, 32);
        CHECK(crypto_scalarmult(want, scalar, u) == 0);
        memcpy(buf, u, 32);
        rc = crypto_scalarmult(buf, scalar, buf);
        CHECK(rc == 0);
        CHECK_MEM(buf, want, 32, "crypto_scalarmult with q = p");
        memcpy(buf, scalar, 32);
        rc = crypto_scalarmult(buf, buf, u);
        CHECK(rc == 0);
        CHECK_MEM(buf, want, 32, "crypto_scalarmult with q = n");
        CHECK(crypto_scalarmult_base(want, scalar) == 0);
        memcpy(buf, scalar, 32);
        rc = crypto_scalarmult_base(buf, buf);
        CHECK(rc == 0);
        CHECK_MEM(buf, want, 32, "crypto_scalarmult_base with q = n");
    }
}

static void differential(int cases)
{
    int i;
    for (i = 0; i < cases; i++) {
        uint8_t scalar[32], u[32], want[32];
        uint8_t *out = guarded_alloc(32);
        int rc, want_rc;
        test_rng_bytes(scalar, 32);
        test_rng_bytes(u, 32);
        switch (i % 4) {
        case 0: /* non-canonical: p .. 2^255 - 1 */
            memset(u, 0xff, 32);
            u[0] = (uint8_t)(0xed + i % 19);
            u[31] = 0x7f;
            break;
        case 1:
            u[31] |= 0x80;
            break;
        case 2:
            u[31] &= 0x7f;
            break;
        default:
            break;
        }
        if (i % 8 == 4) u[31] |= 0x80; /* non-canonical and bit 255 set */
        rc = crypto_scalarmult(out, scalar, u);
        want_rc = sodium()->crypto_scalarmult(want, scalar, u);
        CHECK_MEM(out, want, 32, "crypto_scalarmult vs libsodium");
        CHECKF(rc == want_rc, "crypto_scalarmult case %d returned %d, libsodium %d", i, rc,
               want_rc);
        guarded_free(out, 32, "crypto_scalarmult output");

        out = guarded_alloc(32);
        rc = crypto_scalarmult_base(out, scalar);
        want_rc = sodium()->crypto_scalarmult_base(want, scalar);
        CHECK_MEM(out, want, 32, "crypto_scalarmult_base vs libsodium");
        CHECKF(rc == want_rc, "crypto_scalarmult_base case %d returned %d, libsodium %d", i, rc,
               want_rc);
        guarded_free(out, 32, "crypto_scalarmult_base output");
    }
}

void test_x25519(void)
{
    test_rng_seed(0x7832353531392121ULL);
    rfc7748();
    wycheproof();
    edge_cases();
    differential(2000);
}
