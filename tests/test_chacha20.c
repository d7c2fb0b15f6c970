/* ChaCha20 (original and IETF), HChaCha20, XChaCha20, and the ChaCha20-Poly1305 and
 * XChaCha20-Poly1305 AEADs: known answers, Wycheproof, libsodium differentials, forgeries and
 * the IETF counter limit. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "chacha20.h"
#include "harness.h"
#include "oracle.h"

#define AEAD_MAX 1200 /* the longest message a record or a differential case uses */

static unsigned long long field_ull(const struct vec_record *rec, const char *name)
{
    return strtoull(vec_str(rec, name), NULL, 10);
}

/* ---- AEAD calls shared by the vectors, Wycheproof and the differentials --------------- */

/* The two AEADs behind one shape; nonce length 12 (IETF) or 24 (X). */
struct aead {
    const char *name;
    size_t noncelen;
    int (*encrypt)(unsigned char *, unsigned long long *, const unsigned char *,
                   unsigned long long, const unsigned char *, unsigned long long,
                   const unsigned char *, const unsigned char *, const unsigned char *);
    int (*decrypt)(unsigned char *, unsigned long long *, unsigned char *, const unsigned char *,
                   unsigned long long, const unsigned char *, unsigned long long,
                   const unsigned char *, const unsigned char *);
    int (*encrypt_detached)(unsigned char *, unsigned char *, unsigned long long *,
                            const unsigned char *, unsigned long long, const unsigned char *,
                            unsigned long long, const unsigned char *, const unsigned char *,
                            const unsigned char *);
    int (*decrypt_detached)(unsigned char *, unsigned char *, const unsigned char *,
                            unsigned long long, const unsigned char *, const unsigned char *,
                            unsigned long long, const unsigned char *, const unsigned char *);
};

static const struct aead ietf = {
    "chacha20poly1305_ietf", 12, crypto_aead_chacha20poly1305_ietf_encrypt,
    crypto_aead_chacha20poly1305_ietf_decrypt,
    crypto_aead_chacha20poly1305_ietf_encrypt_detached,
    crypto_aead_chacha20poly1305_ietf_decrypt_detached};
static const struct aead xietf = {
    "xchacha20poly1305_ietf", 24, crypto_aead_xchacha20poly1305_ietf_encrypt,
    crypto_aead_xchacha20poly1305_ietf_decrypt,
    crypto_aead_xchacha20poly1305_ietf_encrypt_detached,
    crypto_aead_xchacha20poly1305_ietf_decrypt_detached};

/* Encrypts m (combined and detached, into guarded buffers) and checks c || tag against want;
 * decrypts it back (combined, detached and in place) and checks m. */
static void check_aead_case(const struct aead *a, const uint8_t *k, const uint8_t *n,
                            const uint8_t *ad, size_t adlen, const uint8_t *m, size_t mlen,
                            const uint8_t *want, const char *where)
{
    uint8_t *c = guarded_alloc(mlen + 16), *p = guarded_alloc(mlen), *tag = guarded_alloc(16);
    unsigned long long outlen = 99;

    CHECK(a->encrypt(c, &outlen, m, mlen, ad, adlen, NULL, n, k) == 0);
    CHECKF(outlen == mlen + 16 && memcmp(c, want, mlen + 16) == 0, "%s: %s encrypt", where,
           a->name);
    outlen = 99;
    CHECK(a->decrypt(p, &outlen, NULL, c, mlen + 16, ad, adlen, n, k) == 0);
    CHECKF(outlen == mlen && memcmp(p, m, mlen) == 0, "%s: %s decrypt", where, a->name);

    memset(c, 0, mlen + 16);
    outlen = 99;
    CHECK(a->encrypt_detached(c, tag, &outlen, m, mlen, ad, adlen, NULL, n, k) == 0);
    CHECKF(outlen == 16 && memcmp(c, want, mlen) == 0 && memcmp(tag, want + mlen, 16) == 0,
           "%s: %s encrypt_detached", where, a->name);
    CHECK(a->decrypt_detached(p, NULL, c, mlen, tag, ad, adlen, n, k) == 0);
    CHECKF(memcmp(p, m, mlen) == 0, "%s: %s decrypt_detached", where, a->name);

    /* In place: the plaintext's buffer becomes the ciphertext and back. */
    memcpy(c, m, mlen);
    CHECK(a->encrypt(c, NULL, c, mlen, ad, adlen, NULL, n, k) == 0);
    CHECKF(memcmp(c, want, mlen + 16) == 0, "%s: %s in-place encrypt", where, a->name);
    CHECK(a->decrypt(c, NULL, NULL, c, mlen + 16, ad, adlen, n, k) == 0);
    CHECKF(memcmp(c, m, mlen) == 0, "%s: %s in-place decrypt", where, a->name);

    guarded_free(c, mlen + 16, "aead ciphertext");
    guarded_free(p, mlen, "aead plaintext");
    guarded_free(tag, 16, "aead tag");
}

/* c || tag (clen bytes) must not decrypt: -1, m all zeros, *mlen_p == 0, and the same for the
 * detached form. */
static void check_aead_rejects(const struct aead *a, const uint8_t *k, const uint8_t *n,
                               const uint8_t *ad, size_t adlen, const uint8_t *c, size_t clen,
                               const char *where)
{
    size_t mlen = clen - 16, i;
    uint8_t *m = guarded_alloc(mlen);
    unsigned long long outlen = 99;
    uint8_t nonzero = 0;

    memset(m, 0x5a, mlen);
    CHECKF(a->decrypt(m, &outlen, NULL, c, clen, ad, adlen, n, k) == -1, "%s: %s accepted",
           where, a->name);
    for (i = 0; i < mlen; i++) nonzero |= m[i];
    CHECKF(outlen == 0 && nonzero == 0, "%s: %s output not cleared", where, a->name);
    memset(m, 0x5a, mlen);
    CHECKF(a->decrypt_detached(m, NULL, c, mlen, c + mlen, ad, adlen, n, k) == -1,
           "%s: %s detached accepted", where, a->name);
    for (i = 0; i < mlen; i++) nonzero |= m[i];
    CHECKF(nonzero == 0, "%s: %s detached output not cleared", where, a->name);
    guarded_free(m, mlen, "rejected plaintext");
}

/* ---- Known answers (tests/vectors/chacha20.vec) ------------------------------------------ */

static void check_vector_record(const struct vec_record *rec, int counts[8])
{
    static const char *const types[8] = {"block", "stream", "polykey", "aead",
                                         "hchacha", "xaead", "xstream", "rounds"};
    const char *type = vec_str(rec, "type");
    uint8_t key[32], nonce[24], in[AEAD_MAX], want[AEAD_MAX + 16], got[AEAD_MAX + 16],
        ad[64];
    char where[64];
    size_t len, noncelen, adlen;
    int t;

    for (t = 0; t < 8 && strcmp(type, types[t]) != 0; t++) continue;
    CHECKF(t < 8, "%s:%d: unknown type %s", rec->file, rec->line, type);
    if (t == 8) return;
    counts[t]++;
    snprintf(where, sizeof where, "%s:%d", rec->file, rec->line);
    CHECK(vec_hex(rec, "key", key, sizeof key) == 32);

    if (t == 0) { /* block: the keystream block `counter` */
        CHECK(vec_hex(rec, "nonce", nonce, sizeof nonce) == 12);
        CHECK(vec_hex(rec, "out", want, sizeof want) == 64);
        memset(in, 0, 64);
        CHECK(crypto_stream_chacha20_ietf_xor_ic(got, in, 64, nonce,
                                                 (uint32_t)field_ull(rec, "counter"), key) == 0);
        CHECKF(memcmp(got, want, 64) == 0, "%s: block", where);
    } else if (t == 1 || t == 6) { /* stream, xstream: plaintext xor keystream from counter */
        noncelen = t == 1 ? 12 : 24;
        CHECK(vec_hex(rec, "nonce", nonce, sizeof nonce) == noncelen);
        len = vec_hex(rec, "plaintext", in, sizeof in);
        CHECK(vec_hex(rec, "ciphertext", want, sizeof want) == len);
        if (t == 1) {
            CHECK(crypto_stream_chacha20_ietf_xor_ic(got, in, len, nonce,
                                                     (uint32_t)field_ull(rec, "counter"),
                                                     key) == 0);
        } else {
            CHECK(crypto_stream_xchacha20_xor_ic(got, in, len, nonce, field_ull(rec, "counter"),
                                                 key) == 0);
        }
        CHECKF(memcmp(got, want, len) == 0, "%s: stream", where);
    } else if (t == 2) { /* polykey: the first 32 bytes of block 0 */
        CHECK(vec_hex(rec, "nonce", nonce, sizeof nonce) == 12);
        CHECK(vec_hex(rec, "otk", want, sizeof want) == 32);
        CHECK(crypto_stream_chacha20_ietf(got, 32, nonce, key) == 0);
        CHECKF(memcmp(got, want, 32) == 0, "%s: Poly1305 key", where);
    } else if (t == 3 || t == 5) { /* aead, xaead */
        const struct aead *a = t == 3 ? &ietf : &xietf;
        CHECK(vec_hex(rec, "nonce", nonce, sizeof nonce) == a->noncelen);
        adlen = vec_hex(rec, "aad", ad, sizeof ad);
        len = vec_hex(rec, "plaintext", in, sizeof in);
        CHECK(vec_hex(rec, "ciphertext", want, sizeof want) == len);
        CHECK(vec_hex(rec, "tag", want + len, 16) == 16);
        check_aead_case(a, key, nonce, ad, adlen, in, len, want, where);
    } else if (t == 4) { /* hchacha: with the default constant, and given explicitly */
        static const uint8_t sigma[16] = "expand 32-byte k";
        CHECK(vec_hex(rec, "input", in, 16) == 16);
        CHECK(vec_hex(rec, "out", want, sizeof want) == 32);
        CHECK(crypto_core_hchacha20(got, in, key, NULL) == 0);
        CHECKF(memcmp(got, want, 32) == 0, "%s: HChaCha20", where);
        CHECK(crypto_core_hchacha20(got, in, key, sigma) == 0);
        CHECKF(memcmp(got, want, 32) == 0, "%s: HChaCha20 with its constant", where);
    } else { /* rounds: block 0 of the original ChaCha with 8, 12 or 20 rounds, from the
              * kernel itself */
        uint32_t x[16];
        unsigned rounds = (unsigned)field_ull(rec, "rounds");
        CHECK(vec_hex(rec, "iv", nonce, 8) == 8);
        CHECK(vec_hex(rec, "keystream", want, sizeof want) == 64);
        microsalt_chacha_setup(x, key, NULL);
        x[12] = x[13] = 0;
        x[14] = (uint32_t)nonce[0] | (uint32_t)nonce[1] << 8 | (uint32_t)nonce[2] << 16 |
                (uint32_t)nonce[3] << 24;
        x[15] = (uint32_t)nonce[4] | (uint32_t)nonce[5] << 8 | (uint32_t)nonce[6] << 16 |
                (uint32_t)nonce[7] << 24;
        memset(in, 0, 64);
        microsalt_chacha_blocks(got, in, 1, x, rounds);
        CHECKF(memcmp(got, want, 64) == 0 && x[12] == 1, "%s: ChaCha%u", where, rounds);
    }
}

static void check_vectors(void)
{
    struct vec_file *vf = vec_open("chacha20.vec", 0);
    struct vec_record rec;
    int counts[8] = {0, 0, 0, 0, 0, 0, 0, 0}, t;
    while (vec_next(vf, &rec)) check_vector_record(&rec, counts);
    vec_close(vf);
    /* Every record of SOURCES.md was read: RFC 8439 2.3.2 and A.1, 2.4.2 and A.2, 2.6.2 and
     * A.4, 2.8.2 and A.5; the XChaCha draft's 2.2.1, A.3.1 and A.3.2; Strombergson's TC1-3. */
    static const int expected[8] = {6, 4, 4, 2, 1, 1, 2, 9};
    for (t = 0; t < 8; t++) {
        CHECKF(counts[t] == expected[t], "chacha20.vec: %d records of type %d", counts[t], t);
    }
}

/* ---- Wycheproof ----------------------------------------------------------------------------- */

static void check_wycheproof(const struct aead *a, const char *file, int expect_cases)
{
    struct vec_file *vf = vec_open(file, 1);
    struct vec_record rec;
    int cases = 0, valid = 0, rejected = 0, wrong_nonce = 0;
    while (vec_next(vf, &rec)) {
        uint8_t key[32], iv[64], ad[AEAD_MAX], m[AEAD_MAX], want[AEAD_MAX + 16];
        uint8_t *got;
        const char *result = vec_str(&rec, "result");
        long tc = strtol(vec_str(&rec, "tcId"), NULL, 10);
        size_t ivlen, adlen, mlen;
        char where[48];

        cases++;
        snprintf(where, sizeof where, "%s tcId %ld", file, tc);
        CHECK(vec_hex(&rec, "key", key, sizeof key) == 32);
        ivlen = vec_hex(&rec, "iv", iv, sizeof iv);
        adlen = vec_hex(&rec, "aad", ad, sizeof ad);
        mlen = vec_hex(&rec, "msg", m, sizeof m);
        CHECK(vec_hex(&rec, "ct", want, sizeof want) == mlen);
        if (ivlen != a->noncelen) {
            /* The API takes a fixed-size nonce: such a case cannot even be expressed (the
             * file gives these no tag). */
            CHECKF(strcmp(result, "invalid") == 0, "%s: %lu-byte nonce not invalid", where,
                   (unsigned long)ivlen);
            wrong_nonce++;
            continue;
        }
        CHECK(vec_hex(&rec, "tag", want + mlen, 16) == 16);
        if (strcmp(result, "valid") == 0) {
            check_aead_case(a, key, iv, ad, adlen, m, mlen, want, where);
            valid++;
        } else {
            CHECKF(strcmp(result, "invalid") == 0, "%s: unexpected verdict %s", where, result);
            got = guarded_alloc(mlen + 16);
            memcpy(got, want, mlen + 16);
            check_aead_rejects(a, key, iv, ad, adlen, got, mlen + 16, where);
            guarded_free(got, mlen + 16, "wycheproof ciphertext");
            rejected++;
        }
    }
    vec_close(vf);
    CHECKF(cases == expect_cases, "%s: %d cases", file, cases);
    printf("  %s: %d valid, %d forgeries rejected, %d with other nonce sizes\n", file, valid,
           rejected, wrong_nonce);
}

/* ---- libsodium differentials ----------------------------------------------------------------- */

typedef int (*xor_ic64_fn)(unsigned char *, const unsigned char *, unsigned long long,
                           const unsigned char *, uint64_t, const unsigned char *);

/* The _xor_ic forms at length len from counter ic, against libsodium. */
static void check_xor_ic(size_t len, uint64_t ic)
{
    uint8_t *m = guarded_alloc(len), *c = guarded_alloc(len), *want = malloc(len + 1);
    uint8_t n[24], k[32];
    CHECK(want != NULL);
    test_rng_bytes(m, len);
    test_rng_bytes(n, sizeof n);
    test_rng_bytes(k, sizeof k);
    CHECK(sodium()->crypto_stream_chacha20_xor_ic(want, m, len, n, ic, k) == 0);
    CHECK(crypto_stream_chacha20_xor_ic(c, m, len, n, ic, k) == 0);
    CHECKF(memcmp(c, want, len) == 0, "chacha20_xor_ic length %lu ic %llx", (unsigned long)len,
           (unsigned long long)ic);
    CHECK(sodium()->crypto_stream_xchacha20_xor_ic(want, m, len, n, ic, k) == 0);
    CHECK(crypto_stream_xchacha20_xor_ic(c, m, len, n, ic, k) == 0);
    CHECKF(memcmp(c, want, len) == 0, "xchacha20_xor_ic length %lu", (unsigned long)len);
    /* The IETF counter is 32 bits; stay within its reach here (the limit has its own test). */
    ic = (uint32_t)ic % (0xffffffffu - len / 64);
    CHECK(sodium()->crypto_stream_chacha20_ietf_xor_ic(want, m, len, n, (uint32_t)ic, k) == 0);
    CHECK(crypto_stream_chacha20_ietf_xor_ic(c, m, len, n, (uint32_t)ic, k) == 0);
    CHECKF(memcmp(c, want, len) == 0, "chacha20_ietf_xor_ic length %lu", (unsigned long)len);
    free(want);
    guarded_free(m, len, "xor_ic message");
    guarded_free(c, len, "xor_ic output");
}

static void check_streams(void)
{
    static const size_t large[] = {4096, 65536 + 3};
    size_t len, i;
    for (len = 0; len <= 1100; len++) {
        check_stream_length(len, 8, crypto_stream_chacha20, sodium()->crypto_stream_chacha20,
                            crypto_stream_chacha20_xor, sodium()->crypto_stream_chacha20_xor,
                            "chacha20");
        check_stream_length(len, 12, crypto_stream_chacha20_ietf,
                            sodium()->crypto_stream_chacha20_ietf,
                            crypto_stream_chacha20_ietf_xor,
                            sodium()->crypto_stream_chacha20_ietf_xor, "chacha20_ietf");
        check_stream_length(len, 24, crypto_stream_xchacha20, sodium()->crypto_stream_xchacha20,
                            crypto_stream_xchacha20_xor, sodium()->crypto_stream_xchacha20_xor,
                            "xchacha20");
        /* Counters that carry from word 12 into word 13 within the message, and random. */
        check_xor_ic(len, len % 3 == 0 ? 0xffffffffu - len % 7 : ((uint64_t)test_rng_u32() << 32 |
                                                                  test_rng_u32()));
    }
    for (i = 0; i < sizeof large / sizeof large[0]; i++) {
        check_stream_length(large[i], 12, crypto_stream_chacha20_ietf,
                            sodium()->crypto_stream_chacha20_ietf,
                            crypto_stream_chacha20_ietf_xor,
                            sodium()->crypto_stream_chacha20_ietf_xor, "chacha20_ietf");
        check_xor_ic(large[i], 0xfffffff0u);
    }
}

static void check_hchacha20(void)
{
    int i;
    for (i = 0; i < 2000; i++) {
        uint8_t in[16], k[32], c[16], want[32];
        uint8_t *out = guarded_alloc(32);
        const uint8_t *cp = (i & 1) ? c : NULL;
        test_rng_bytes(in, sizeof in);
        test_rng_bytes(k, sizeof k);
        test_rng_bytes(c, sizeof c);
        CHECK(sodium()->crypto_core_hchacha20(want, in, k, cp) == 0);
        CHECK(crypto_core_hchacha20(out, in, k, cp) == 0);
        CHECKF(memcmp(out, want, 32) == 0, "crypto_core_hchacha20 case %d", i);
        guarded_free(out, 32, "hchacha20 output");
    }
}

/* The IETF 32-bit counter: the last block is allowed, one byte more is refused and nothing is
 * written. The AEADs refuse lengths above MESSAGEBYTES_MAX before touching any buffer (a
 * read would trip the canaries or ASan). */
static void check_counter_limit(void)
{
    uint8_t m[130], c[130], want[130], n[24], k[32];
    uint8_t *small = guarded_alloc(16);
    unsigned long long clen = 99;

    test_rng_bytes(m, sizeof m);
    test_rng_bytes(n, sizeof n);
    test_rng_bytes(k, sizeof k);
    CHECK(sodium()->crypto_stream_chacha20_ietf_xor_ic(want, m, 64, n, 0xffffffffu, k) == 0);
    CHECK(crypto_stream_chacha20_ietf_xor_ic(c, m, 64, n, 0xffffffffu, k) == 0);
    CHECK(memcmp(c, want, 64) == 0);
    CHECK(sodium()->crypto_stream_chacha20_ietf_xor_ic(want, m, 128, n, 0xfffffffeu, k) == 0);
    CHECK(crypto_stream_chacha20_ietf_xor_ic(c, m, 128, n, 0xfffffffeu, k) == 0);
    CHECK(memcmp(c, want, 128) == 0);
    memset(c, 0xa5, sizeof c);
    CHECK(crypto_stream_chacha20_ietf_xor_ic(c, m, 65, n, 0xffffffffu, k) == -1);
    CHECK(crypto_stream_chacha20_ietf_xor_ic(c, m, 129, n, 0xfffffffeu, k) == -1);
    CHECK(crypto_stream_chacha20_ietf_xor_ic(c, m, 1, n, 0xffffffffu, k) == 0);
    CHECK(c[1] == 0xa5 && c[64] == 0xa5);
    CHECK(crypto_stream_chacha20_ietf_xor(small, small, (64ULL << 32) + 1, n, k) == -1);
    CHECK(crypto_stream_chacha20_ietf(small, ~0ULL, n, k) == -1);

    CHECK(crypto_aead_chacha20poly1305_ietf_encrypt(
              small, &clen, small, crypto_aead_chacha20poly1305_ietf_MESSAGEBYTES_MAX + 1, NULL,
              0, NULL, n, k) == -1);
    CHECK(clen == 0);
    CHECK(crypto_aead_xchacha20poly1305_ietf_encrypt_detached(
              small, small, NULL, small, ~0ULL, NULL, 0, NULL, n, k) == -1);
    CHECK(crypto_aead_chacha20poly1305_ietf_decrypt_detached(
              small, NULL, small, crypto_aead_chacha20poly1305_ietf_MESSAGEBYTES_MAX + 1, small,
              NULL, 0, n, k) == -1);
    /* Shorter than a tag: nothing to decrypt. */
    clen = 99;
    CHECK(crypto_aead_xchacha20poly1305_ietf_decrypt(small, &clen, NULL, small, 15, NULL, 0, n,
                                                     k) == -1);
    CHECK(clen == 0);
    guarded_free(small, 16, "counter-limit buffer");
}

/* Random keys, nonces and associated data at every message length, against libsodium. */
static void check_aead_differential(const struct aead *a)
{
    size_t len;
    for (len = 0; len <= 1100; len++) {
        uint8_t k[32], n[24], ad[64], *m = guarded_alloc(len), *want = malloc(len + 16);
        size_t adlen = (len * 7) % 65;
        unsigned long long wantlen;
        char where[48];
        CHECK(want != NULL);
        test_rng_bytes(k, sizeof k);
        test_rng_bytes(n, sizeof n);
        test_rng_bytes(ad, sizeof ad);
        test_rng_bytes(m, len);
        if (a == &ietf) {
            CHECK(sodium()->crypto_aead_chacha20poly1305_ietf_encrypt(want, &wantlen, m, len, ad,
                                                                      adlen, NULL, n, k) == 0);
        } else {
            CHECK(sodium()->crypto_aead_xchacha20poly1305_ietf_encrypt(want, &wantlen, m, len,
                                                                       ad, adlen, NULL, n,
                                                                       k) == 0);
        }
        snprintf(where, sizeof where, "length %lu", (unsigned long)len);
        check_aead_case(a, k, n, adlen > 0 ? ad : NULL, adlen, m, len, want, where);
        free(want);
        guarded_free(m, len, "aead message");
    }
}

/* Any changed byte of ciphertext, tag, nonce, key or associated data is refused and the
 * output zeroed. */
static void check_aead_forgeries(const struct aead *a)
{
    static const size_t lens[] = {0, 1, 63, 64, 65, 150};
    size_t li, i;
    for (li = 0; li < sizeof lens / sizeof lens[0]; li++) {
        size_t len = lens[li], adlen = 13;
        uint8_t k[32], n[24], ad[13], m[150], c[166];
        char where[64];
        test_rng_bytes(k, sizeof k);
        test_rng_bytes(n, sizeof n);
        test_rng_bytes(ad, sizeof ad);
        test_rng_bytes(m, len);
        CHECK(a->encrypt(c, NULL, m, len, ad, adlen, NULL, n, k) == 0);
        for (i = 0; i < len + 16; i++) {
            c[i] ^= 0x20;
            snprintf(where, sizeof where, "length %lu, ciphertext byte %lu", (unsigned long)len,
                     (unsigned long)i);
            check_aead_rejects(a, k, n, ad, adlen, c, len + 16, where);
            c[i] ^= 0x20;
        }
        for (i = 0; i < a->noncelen; i++) {
            n[i] ^= 1;
            snprintf(where, sizeof where, "length %lu, nonce byte %lu", (unsigned long)len,
                     (unsigned long)i);
            check_aead_rejects(a, k, n, ad, adlen, c, len + 16, where);
            n[i] ^= 1;
        }
        for (i = 0; i < 32; i++) {
            k[i] ^= 0x80;
            snprintf(where, sizeof where, "length %lu, key byte %lu", (unsigned long)len,
                     (unsigned long)i);
            check_aead_rejects(a, k, n, ad, adlen, c, len + 16, where);
            k[i] ^= 0x80;
        }
        for (i = 0; i < adlen; i++) {
            ad[i] ^= 4;
            snprintf(where, sizeof where, "length %lu, ad byte %lu", (unsigned long)len,
                     (unsigned long)i);
            check_aead_rejects(a, k, n, ad, adlen, c, len + 16, where);
            ad[i] ^= 4;
        }
        /* Dropping the associated data, or a byte of it, is a change too. */
        check_aead_rejects(a, k, n, ad, 0, c, len + 16, "no ad");
        check_aead_rejects(a, k, n, ad, adlen - 1, c, len + 16, "shorter ad");
        /* Unchanged, it opens. */
        CHECK(a->decrypt(m, NULL, NULL, c, len + 16, ad, adlen, n, k) == 0);
    }
}

void test_chacha20(void)
{
    check_vectors();
    check_hchacha20();
    check_streams();
    check_counter_limit();
}

void test_aead_chacha20poly1305(void)
{
    check_wycheproof(&ietf, "chacha20poly1305_wycheproof.vec", 325);
    check_wycheproof(&xietf, "xchacha20poly1305_wycheproof.vec", 315);
    check_aead_differential(&ietf);
    check_aead_differential(&xietf);
    check_aead_forgeries(&ietf);
    check_aead_forgeries(&xietf);
}
