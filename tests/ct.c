/*
 * Constant-time test for valgrind memcheck (ctgrind method): every secret input is marked
 * undefined, so memcheck reports any branch, table index or address computed from a secret.
 * Run: valgrind --error-exitcode=3 ct_microsalt          must report nothing;
 *      valgrind --error-exitcode=3 ct_microsalt leaky    must report the leaky comparison,
 * which proves that this test can see a leak.
 * Outputs are declassified before the test looks at them; public inputs stay defined.
 * Signature verification is variable time by design on public data and has no secrets here.
 */
#include <stdio.h>
#include <string.h>

#include <valgrind/memcheck.h>

#include "microsalt.h"
#include "ntrulpr761.h"

#define SECRET(p, n) VALGRIND_MAKE_MEM_UNDEFINED((p), (n))
#define PUBLIC(p, n) VALGRIND_MAKE_MEM_DEFINED((p), (n))
#define MAXLEN 300

static const unsigned long long lengths[] = {0, 1, 31, 32, 63, 64, 65, 127, 128, 129, 255, 300};
#define NLENGTHS (sizeof lengths / sizeof lengths[0])

static unsigned char key[64], key2[64], nonce[24], msg[MAXLEN + 64], out[MAXLEN + 64],
    out2[MAXLEN + 64], pk[32], pk2[32], sk[64], sk2[32], tag[32];

static void fill(unsigned char *p, size_t n, unsigned seed)
{
    size_t i;
    for (i = 0; i < n; i++) p[i] = (unsigned char)(seed * 131 + i * 7 + (i >> 3));
}

/* Declassifies a result the test then reads; the library must not depend on it. */
static int public_int(int rc)
{
    PUBLIC(&rc, sizeof rc);
    return rc;
}

static void ct_symmetric(void)
{
    size_t i;
    for (i = 0; i < NLENGTHS; i++) {
        unsigned long long n = lengths[i];
        unsigned long long boxed = n + 32;

        fill(key, 32, 1);
        fill(msg, boxed, 2);
        fill(nonce, 24, 3);
        memset(msg, 0, 32);

        SECRET(key, 32);
        SECRET(msg, n);
        crypto_hash(out, msg, n);
        crypto_auth(tag, msg, n, key);
        (void)public_int(crypto_auth_verify(tag, msg, n, key));
        crypto_onetimeauth(tag, msg, n, key);
        (void)public_int(crypto_onetimeauth_verify(tag, msg, n, key));
        crypto_stream(out, n, nonce, key);
        crypto_stream_xor(out, msg, n, nonce, key);
        crypto_stream_salsa20(out, n, nonce, key);
        crypto_stream_salsa20_xor(out, msg, n, nonce, key);

        /* secretbox: secret key and plaintext (after the 32 zero bytes of padding). */
        SECRET(msg + 32, n);
        (void)public_int(crypto_secretbox(out, msg, boxed, nonce, key));
        PUBLIC(out, boxed); /* the ciphertext is public */
        (void)public_int(crypto_secretbox_open(out2, out, boxed, nonce, key));
        out[boxed - 1] ^= 1; /* forged ciphertext: same timing, -1 */
        (void)public_int(crypto_secretbox_open(out2, out, boxed, nonce, key));
        (void)public_int(crypto_box_afternm(out, msg, boxed, nonce, key));
        PUBLIC(out, boxed);
        (void)public_int(crypto_box_open_afternm(out2, out, boxed, nonce, key));
    }
    fill(key, 32, 4);
    fill(msg, 64, 5);
    SECRET(key, 32);
    SECRET(msg, 16);
    crypto_core_salsa20(out, msg, key, msg + 16);
    crypto_core_hsalsa20(out, msg, key, msg + 16);
    /* hashblocks: secret state and data. */
    SECRET(msg, 64);
    fill(out2, 256, 6);
    SECRET(out2, 256);
    (void)public_int(crypto_hashblocks(msg, out2, 256));
    /* verify_16/32: both operands secret, equal and unequal. */
    fill(key, 32, 7);
    memcpy(key2, key, 32);
    SECRET(key, 32);
    SECRET(key2, 32);
    (void)public_int(crypto_verify_16(key, key2));
    (void)public_int(crypto_verify_32(key, key2));
    key2[31] ^= 0x40;
    SECRET(key2, 32);
    (void)public_int(crypto_verify_16(key, key2));
    (void)public_int(crypto_verify_32(key, key2));
}

static void ct_chacha(void)
{
    static const unsigned char ad[13] = "header bytes";
    unsigned long long outlen;
    size_t i;
    for (i = 0; i < NLENGTHS; i++) {
        unsigned long long n = lengths[i];
        fill(key, 32, 70);
        fill(msg, n, 71 + (unsigned)i);
        fill(nonce, 24, 72);
        SECRET(key, 32);
        SECRET(msg, n);
        crypto_stream_chacha20(out, n, nonce, key);
        crypto_stream_chacha20_xor(out, msg, n, nonce, key);
        (void)public_int(crypto_stream_chacha20_ietf_xor(out, msg, n, nonce, key));
        crypto_stream_xchacha20_xor(out, msg, n, nonce, key);
        (void)public_int(crypto_aead_chacha20poly1305_ietf_encrypt(out, &outlen, msg, n, ad,
                                                                   sizeof ad, NULL, nonce, key));
        PUBLIC(out, n + 16); /* the ciphertext and tag are public */
        (void)public_int(crypto_aead_chacha20poly1305_ietf_decrypt(out2, NULL, NULL, out, n + 16,
                                                                   ad, sizeof ad, nonce, key));
        out[n] ^= 1; /* a forged tag: same timing, -1 */
        (void)public_int(crypto_aead_chacha20poly1305_ietf_decrypt(out2, NULL, NULL, out, n + 16,
                                                                   ad, sizeof ad, nonce, key));
        (void)public_int(crypto_aead_xchacha20poly1305_ietf_encrypt(
            out, &outlen, msg, n, ad, sizeof ad, NULL, nonce, key));
        PUBLIC(out, n + 16);
        (void)public_int(crypto_aead_xchacha20poly1305_ietf_decrypt(
            out2, NULL, NULL, out, n + 16, ad, sizeof ad, nonce, key));
    }
    SECRET(msg, 16);
    crypto_core_hchacha20(out, msg, key, NULL);
}

static void ct_curve(void)
{
    size_t i;
    unsigned seed;
    for (seed = 0; seed < 3; seed++) {
        fill(sk2, 32, 10 + seed);
        fill(key, 32, 20 + seed);
        /* Public keys made by the library, declassified as public keys are. */
        crypto_scalarmult_base(pk2, sk2);
        PUBLIC(pk2, 32);

        SECRET(key, 32);
        (void)public_int(crypto_scalarmult_base(out, key));
        (void)public_int(crypto_scalarmult(out, key, pk2));
        (void)public_int(crypto_box_beforenm(out, pk2, key));

        fill(msg, 32 + 100, 30 + seed);
        memset(msg, 0, 32);
        SECRET(msg + 32, 100);
        fill(nonce, 24, 40 + seed);
        (void)public_int(crypto_box(out, msg, 132, nonce, pk2, key));
        PUBLIC(out, 132);
        (void)public_int(crypto_box_open(out2, out, 132, nonce, pk2, key));
        out[40] ^= 8;
        (void)public_int(crypto_box_open(out2, out, 132, nonce, pk2, key));

        /* Ed25519: secret seed and message; the public half of sk is public. */
        fill(key, 32, 50 + seed);
        SECRET(key, 32);
        crypto_sign_seed_keypair(pk, sk, key);
        PUBLIC(pk, 32);
        PUBLIC(sk + 32, 32);
        for (i = 0; i < NLENGTHS; i++) {
            unsigned long long n = lengths[i], smlen;
            fill(msg, n, 60 + (unsigned)i);
            SECRET(msg, n);
            crypto_sign_detached(tag, NULL, msg, n, sk);
            crypto_sign(out, &smlen, msg, n, sk);
        }
    }
}

/* Replaces the library's randombytes in this program: deterministic bytes, marked secret, so
 * that ntrulpr761's key generation and encapsulation run on secrets from their source. */
void randombytes(unsigned char *buf, unsigned long long len)
{
    static unsigned seed = 90;
    fill(buf, (size_t)len, seed++);
    SECRET(buf, len);
}

static unsigned char kem_pk[crypto_kem_ntrulpr761_PUBLICKEYBYTES],
    kem_sk[crypto_kem_ntrulpr761_SECRETKEYBYTES], kem_ct[crypto_kem_ntrulpr761_CIPHERTEXTBYTES];

/* Both variants: the draws of keypair and enc are secret (randombytes above); pk and ct are
 * public once made; dec runs on a valid and on a changed ciphertext (implicit rejection). */
static void ct_kem(void)
{
    int v;
    for (v = 0; v < 2; v++) {
        int (*keypair)(unsigned char *, unsigned char *) =
            v ? microsalt_ntrulpr761_ref_keypair : crypto_kem_ntrulpr761_keypair;
        int (*enc)(unsigned char *, unsigned char *, const unsigned char *) =
            v ? microsalt_ntrulpr761_ref_enc : crypto_kem_ntrulpr761_enc;
        int (*dec)(unsigned char *, const unsigned char *, const unsigned char *) =
            v ? microsalt_ntrulpr761_ref_dec : crypto_kem_ntrulpr761_dec;
        (void)public_int(keypair(kem_pk, kem_sk));
        PUBLIC(kem_pk, sizeof kem_pk);
        (void)public_int(enc(kem_ct, key, kem_pk));
        PUBLIC(kem_ct, sizeof kem_ct);
        (void)public_int(dec(key2, kem_ct, kem_sk));
        kem_ct[100] ^= 4;
        (void)public_int(dec(key2, kem_ct, kem_sk));
    }
}

/* The bare-metal generator (it is built on hosts too): the raw entropy, the persisted seed and
 * everything after them are secret; only the verdicts are public. */
static unsigned char rng_entropy[1600], rng_seed[RANDOMBYTES_SEEDBYTES];

static int rng_read(unsigned char seed[RANDOMBYTES_SEEDBYTES], void *ctx)
{
    (void)ctx;
    memcpy(seed, rng_seed, sizeof rng_seed);
    return 0;
}

static int rng_write(const unsigned char seed[RANDOMBYTES_SEEDBYTES], void *ctx)
{
    (void)ctx;
    memcpy(rng_seed, seed, sizeof rng_seed);
    return 0;
}

static void ct_rng(void)
{
    static const randombytes_store store = {rng_read, rng_write, NULL};
    size_t i;
    fill(rng_entropy, sizeof rng_entropy, 7);
    fill(rng_seed, sizeof rng_seed, 8);
    SECRET(rng_entropy, sizeof rng_entropy);
    SECRET(rng_seed, sizeof rng_seed);
    (void)public_int(randombytes_seed(rng_entropy, sizeof rng_entropy, &store));
    for (i = 0; i < NLENGTHS; i++) {
        (void)public_int(randombytes_generate(out, lengths[i]));
    }
    (void)public_int(randombytes_mix(key, 32));
    (void)public_int(randombytes_reseed(rng_entropy, sizeof rng_entropy));
    (void)public_int(randombytes_generate(out, 64));
}

/* A comparison with an early exit: exactly what this test exists to catch. */
static int leaky_compare(const unsigned char *a, const unsigned char *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (a[i] != b[i]) return -1;
    }
    return 0;
}

int main(int argc, char **argv)
{
    if (!RUNNING_ON_VALGRIND) {
        fprintf(stderr, "ct_microsalt must run under valgrind memcheck\n");
        return 2;
    }
    if (argc > 1 && strcmp(argv[1], "leaky") == 0) {
        fill(key, 32, 1);
        memcpy(key2, key, 32);
        SECRET(key, 32);
        return public_int(leaky_compare(key, key2, 32)) == 0 ? 0 : 1;
    }
    ct_symmetric();
    ct_chacha();
    ct_curve();
    ct_kem();
    ct_rng();
    printf("ct: all secret-handling operations ran\n");
    return 0;
}
