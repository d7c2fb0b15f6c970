/*
 * Host speed and stack report: microsalt beside libsodium and NaCl in the same process.
 * libsodium is loaded through tests/oracle.c, since it exports the same NaCl names; NaCl's
 * static library (Debian libnacl-dev) names its functions after their implementations
 * (crypto_box_curve25519xsalsa20poly1305_ref, ...), so it links beside microsalt as it is.
 * NaCl has no Ed25519 (only the older edwards25519sha512batch), so its sign cells are empty.
 *
 * Cycles: the median over many runs of the time-stamp counter around one call (x86-64), or of
 * clock_gettime nanoseconds elsewhere; both libraries are measured alternately so machine noise
 * hits them alike. Stack: each microsalt operation runs once on a thread whose stack is painted
 * with a pattern; the deepest overwritten byte, minus the same figure for an empty call, is the
 * operation's peak stack use.
 */
#include <pthread.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>
#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
#endif

#include "../tests/oracle.h"
#include "microsalt.h"

#define MSG 1024
static unsigned char key[64], key2[64], pk[32], pk2[32], sk[64], spk[32], nonce[24],
    msg[MSG + 64], boxed[MSG], out[MSG + 64], sig[64], shared[32];
static unsigned long long smlen;

static uint64_t now(void)
{
#if defined(__x86_64__) || defined(__i386__)
    return __rdtsc();
#else
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000000000u + (uint64_t)ts.tv_nsec;
#endif
}

struct op {
    const char *name;
    unsigned bytes;
    void (*ms)(void);
    void (*so)(void);
    void (*nacl)(void); /* NULL where NaCl lacks the primitive */
};

/* NaCl's own names for the primitives (its headers would clash with microsalt.h's). */
#define UC unsigned char
#define ULL unsigned long long
int crypto_scalarmult_curve25519_donna_c64(UC *, const UC *, const UC *);
int crypto_scalarmult_curve25519_donna_c64_base(UC *, const UC *);
int crypto_box_curve25519xsalsa20poly1305_ref(UC *, const UC *, ULL, const UC *, const UC *,
                                              const UC *);
int crypto_box_curve25519xsalsa20poly1305_ref_open(UC *, const UC *, ULL, const UC *,
                                                   const UC *, const UC *);
int crypto_secretbox_xsalsa20poly1305_ref(UC *, const UC *, ULL, const UC *, const UC *);
int crypto_stream_xsalsa20_ref_xor(UC *, const UC *, ULL, const UC *, const UC *);
int crypto_hash_sha512_ref(UC *, const UC *, ULL);
int crypto_auth_hmacsha512256_ref(UC *, const UC *, ULL, const UC *);
int crypto_onetimeauth_poly1305_53(UC *, const UC *, ULL, const UC *);

#define S (sodium())
static void ms_scalarmult(void) { (void)crypto_scalarmult(shared, key, pk2); }
static void so_scalarmult(void) { (void)S->crypto_scalarmult(shared, key, pk2); }
static void ms_scalarmult_base(void) { (void)crypto_scalarmult_base(shared, key); }
static void so_scalarmult_base(void) { (void)S->crypto_scalarmult_base(shared, key); }
static void ms_sign_keypair(void) { crypto_sign_seed_keypair(spk, sk, key); }
static void so_sign_keypair(void) { S->crypto_sign_seed_keypair(spk, sk, key); }
static void ms_sign(void) { crypto_sign_detached(sig, NULL, msg, 32, sk); }
static void so_sign(void) { S->crypto_sign_detached(sig, NULL, msg, 32, sk); }
static void ms_verify(void) { (void)!crypto_sign_verify_detached(sig, msg, 32, spk); }
static void so_verify(void) { (void)S->crypto_sign_verify_detached(sig, msg, 32, spk); }
static void ms_box(void) { (void)crypto_box(out, msg, MSG, nonce, pk2, key); }
static void so_box(void) { (void)S->crypto_box(out, msg, MSG, nonce, pk2, key); }
static void ms_box_open(void) { (void)!crypto_box_open(out, boxed, MSG, nonce, pk2, key); }
static void so_box_open(void) { (void)S->crypto_box_open(out, boxed, MSG, nonce, pk2, key); }
static void ms_secretbox(void) { crypto_secretbox(out, msg, MSG, nonce, key); }
static void so_secretbox(void) { S->crypto_secretbox(out, msg, MSG, nonce, key); }
static void ms_stream_xor(void) { crypto_stream_xor(out, msg, MSG, nonce, key); }
static void so_stream_xor(void) { S->crypto_stream_xor(out, msg, MSG, nonce, key); }
static void ms_hash(void) { crypto_hash(out, msg, MSG); }
static void so_hash(void) { S->crypto_hash(out, msg, MSG); }
static void ms_auth(void) { crypto_auth(out, msg, MSG, key); }
static void so_auth(void) { S->crypto_auth(out, msg, MSG, key); }
static void ms_onetimeauth(void) { crypto_onetimeauth(out, msg, MSG, key); }
static void so_onetimeauth(void) { S->crypto_onetimeauth(out, msg, MSG, key); }
static void ms_chacha20_ietf(void) { (void)crypto_stream_chacha20_ietf_xor(out, msg, MSG, nonce, key); }
static void so_chacha20_ietf(void) { S->crypto_stream_chacha20_ietf_xor(out, msg, MSG, nonce, key); }
static void ms_aead(void)
{
    crypto_aead_chacha20poly1305_ietf_encrypt(out, NULL, msg, MSG, key2, 16, NULL, nonce, key);
}
static void so_aead(void)
{
    S->crypto_aead_chacha20poly1305_ietf_encrypt(out, NULL, msg, MSG, key2, 16, NULL, nonce, key);
}
static void ms_xaead(void)
{
    crypto_aead_xchacha20poly1305_ietf_encrypt(out, NULL, msg, MSG, key2, 16, NULL, nonce, key);
}
static void so_xaead(void)
{
    S->crypto_aead_xchacha20poly1305_ietf_encrypt(out, NULL, msg, MSG, key2, 16, NULL, nonce,
                                                  key);
}
static void na_scalarmult(void) { (void)crypto_scalarmult_curve25519_donna_c64(shared, key, pk2); }
static void na_scalarmult_base(void)
{
    (void)crypto_scalarmult_curve25519_donna_c64_base(shared, key);
}
static void na_box(void)
{
    (void)crypto_box_curve25519xsalsa20poly1305_ref(out, msg, MSG, nonce, pk2, key);
}
static void na_box_open(void)
{
    (void)crypto_box_curve25519xsalsa20poly1305_ref_open(out, boxed, MSG, nonce, pk2, key);
}
static void na_secretbox(void) { crypto_secretbox_xsalsa20poly1305_ref(out, msg, MSG, nonce, key); }
static void na_stream_xor(void) { crypto_stream_xsalsa20_ref_xor(out, msg, MSG, nonce, key); }
static void na_hash(void) { crypto_hash_sha512_ref(out, msg, MSG); }
static void na_auth(void) { crypto_auth_hmacsha512256_ref(out, msg, MSG, key); }
static void na_onetimeauth(void) { crypto_onetimeauth_poly1305_53(out, msg, MSG, key); }
static void empty(void) {}

/* ntrulpr761, which neither libsodium nor NaCl has: microsalt alone in its rows. */
static unsigned char kem_pk[crypto_kem_ntrulpr761_PUBLICKEYBYTES],
    kem_sk[crypto_kem_ntrulpr761_SECRETKEYBYTES], kem_ct[crypto_kem_ntrulpr761_CIPHERTEXTBYTES];
static void ms_kem_keypair(void) { (void)crypto_kem_ntrulpr761_keypair(kem_pk, kem_sk); }
static void ms_kem_enc(void) { (void)crypto_kem_ntrulpr761_enc(kem_ct, shared, kem_pk); }
static void ms_kem_dec(void) { (void)crypto_kem_ntrulpr761_dec(shared, kem_ct, kem_sk); }

static const struct op ops[] = {
    {"crypto_scalarmult", 0, ms_scalarmult, so_scalarmult, na_scalarmult},
    {"crypto_scalarmult_base", 0, ms_scalarmult_base, so_scalarmult_base, na_scalarmult_base},
    {"crypto_sign_seed_keypair", 0, ms_sign_keypair, so_sign_keypair, NULL},
    {"crypto_sign_detached", 32, ms_sign, so_sign, NULL},
    {"crypto_sign_verify_detached", 32, ms_verify, so_verify, NULL},
    {"crypto_box", MSG, ms_box, so_box, na_box},
    {"crypto_box_open", MSG, ms_box_open, so_box_open, na_box_open},
    {"crypto_secretbox", MSG, ms_secretbox, so_secretbox, na_secretbox},
    {"crypto_stream_xor", MSG, ms_stream_xor, so_stream_xor, na_stream_xor},
    {"crypto_hash", MSG, ms_hash, so_hash, na_hash},
    {"crypto_auth", MSG, ms_auth, so_auth, na_auth},
    {"crypto_onetimeauth", MSG, ms_onetimeauth, so_onetimeauth, na_onetimeauth},
    {"crypto_stream_chacha20_ietf_xor", MSG, ms_chacha20_ietf, so_chacha20_ietf, NULL},
    {"crypto_aead_chacha20poly1305_ietf_encrypt", MSG, ms_aead, so_aead, NULL},
    {"crypto_aead_xchacha20poly1305_ietf_encrypt", MSG, ms_xaead, so_xaead, NULL},
    {"crypto_kem_ntrulpr761_keypair", 0, ms_kem_keypair, NULL, NULL},
    {"crypto_kem_ntrulpr761_enc", 0, ms_kem_enc, NULL, NULL},
    {"crypto_kem_ntrulpr761_dec", 0, ms_kem_dec, NULL, NULL},
};
#define NOPS (sizeof ops / sizeof ops[0])

static int cmp_u64(const void *a, const void *b)
{
    uint64_t x = *(const uint64_t *)a, y = *(const uint64_t *)b;
    return x < y ? -1 : x > y;
}

#define RUNS 301
#define IMPLS 3

/* Medians of RUNS rounds, each round timing every implementation once, in turn, so machine
 * noise hits them alike; med[k] is 0 for an implementation the op lacks. */
static void medians(const struct op *op, uint64_t med[IMPLS])
{
    static uint64_t t[IMPLS][RUNS];
    void (*fn[IMPLS])(void) = {op->ms, op->so, op->nacl};
    struct timespec start, now_ts;
    int i, k;
    /* Warm caches, branch predictors and the clock (the first operation measured would
     * otherwise pay for frequency ramp-up): at least 20 rounds and at least 50 ms. */
    clock_gettime(CLOCK_MONOTONIC, &start);
    for (i = 0;; i++) {
        for (k = 0; k < IMPLS; k++) {
            if (fn[k] != NULL) fn[k]();
        }
        clock_gettime(CLOCK_MONOTONIC, &now_ts);
        if (i >= 20 && (now_ts.tv_sec - start.tv_sec) * 1000000000L +
                               (now_ts.tv_nsec - start.tv_nsec) > 50000000L) {
            break;
        }
    }
    for (i = 0; i < RUNS; i++) {
        for (k = 0; k < IMPLS; k++) {
            uint64_t t0;
            if (fn[k] == NULL) continue;
            t0 = now();
            fn[k]();
            t[k][i] = now() - t0;
        }
    }
    for (k = 0; k < IMPLS; k++) {
        med[k] = 0;
        if (fn[k] == NULL) continue;
        qsort(t[k], RUNS, sizeof t[k][0], cmp_u64);
        med[k] = t[k][RUNS / 2];
    }
}

/* ---- Stack: run a function on a painted thread stack. -------------------------------- */
#define STACK_SIZE (256 * 1024)
#define PAINT 0xA5
static unsigned char stack_mem[STACK_SIZE] __attribute__((aligned(4096)));

struct thunk {
    void (*fn)(void);
};

static void *run_fn(void *arg)
{
    ((struct thunk *)arg)->fn();
    return NULL;
}

static size_t stack_used(void (*fn)(void))
{
    pthread_attr_t attr;
    pthread_t t;
    struct thunk thunk;
    size_t i;
    thunk.fn = fn;
    memset(stack_mem, PAINT, STACK_SIZE);
    pthread_attr_init(&attr);
    pthread_attr_setstack(&attr, stack_mem, STACK_SIZE);
    if (pthread_create(&t, &attr, run_fn, &thunk) != 0) {
        perror("pthread_create");
        exit(1);
    }
    pthread_join(t, NULL);
    pthread_attr_destroy(&attr);
    for (i = 0; i < STACK_SIZE && stack_mem[i] == PAINT; i++) {
    }
    return STACK_SIZE - i;
}

/* The one call callgrind counts (--toggle-collect=measured_call): `bench_host --once OP IMPL`
 * runs operation OP of implementation IMPL (0 microsalt, 1 libsodium, 2 NaCl) once, after the
 * same setup as the timed runs; exit code 2 when that implementation lacks the operation. */
void measured_call(void (*fn)(void));
void __attribute__((noinline)) measured_call(void (*fn)(void))
{
    fn();
}

static void setup(void)
{
    size_t i;
    for (i = 0; i < sizeof key; i++) key[i] = (unsigned char)(i * 7 + 1);
    for (i = 0; i < sizeof msg; i++) msg[i] = (unsigned char)(i * 13 + 5);
    memset(msg, 0, 32);
    for (i = 0; i < sizeof nonce; i++) nonce[i] = (unsigned char)i;
    crypto_box_keypair(pk2, key2);
    crypto_box_keypair(pk, key);
    crypto_sign_seed_keypair(spk, sk, key);
    crypto_sign_detached(sig, &smlen, msg, 32, sk);
    ms_kem_keypair();
    ms_kem_enc(); /* a ciphertext for dec */
    /* A valid box for crypto_box_open to verify and decrypt. */
    (void)crypto_box(boxed, msg, MSG, nonce, pk2, key);
}

int main(int argc, char **argv)
{
    size_t i, k, base;
    if (argc == 4 && strcmp(argv[1], "--once") == 0) {
        unsigned long op = strtoul(argv[2], NULL, 10), impl = strtoul(argv[3], NULL, 10);
        void (*fn)(void);
        if (op >= NOPS || impl >= IMPLS) return 1;
        fn = impl == 0 ? ops[op].ms : impl == 1 ? ops[op].so : ops[op].nacl;
        if (fn == NULL) return 2;
        setup();
        fn(); /* warm: libsodium picks its implementations on first use */
        measured_call(fn);
        return 0;
    }
    if (argc == 2 && strcmp(argv[1], "--list") == 0) {
        for (i = 0; i < NOPS; i++) printf("%s %u\n", ops[i].name, ops[i].bytes);
        return 0;
    }
    printf("| operation | bytes | microsalt cycles | libsodium cycles | NaCl cycles "
           "| / libsodium | / NaCl | microsalt stack (bytes) |\n");
    printf("|---|---:|---:|---:|---:|---:|---:|---:|\n");
    setup();

    base = stack_used(empty);
    for (i = 0; i < NOPS; i++) {
        uint64_t med[IMPLS];
        size_t used = stack_used(ops[i].ms) - base;
        medians(&ops[i], med);
        printf("| %s | %u | %llu | ", ops[i].name, ops[i].bytes, (unsigned long long)med[0]);
        for (k = 1; k < IMPLS; k++) {
            if (med[k] != 0) printf("%llu | ", (unsigned long long)med[k]);
            else printf("- | ");
        }
        for (k = 1; k < IMPLS; k++) {
            if (med[k] != 0) printf("%.2f | ", (double)med[0] / (double)med[k]);
            else printf("- | ");
        }
        printf("%lu |\n", (unsigned long)used);
        fflush(stdout);
    }
    return 0;
}
