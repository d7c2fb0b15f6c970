/*
 * Constant-time check firmware: runs each secret-handling operation with RUNS different
 * secrets of the same length, each run between hal_measure_begin(id) and hal_measure_end(id).
 * The orchestrator (tests/target/run.py) requires every run of an id to give the same cycles,
 * instruction count, stack depth and trace; the id LEAKY is an early-exit comparison that must
 * NOT give identical runs, which proves the check can see a leak on this target.
 * Built once per group (ct_hash.c, ct_stream.c, ct_dh.c, ct_sign.c, ct_aead.c, ct_kem.c) to fit
 * an ATmega328P (ct_kem excepted: ntrulpr761 needs more than its 2 KB of RAM).
 */
#include <string.h>

#include "hal.h"
#include "xorshift.h"
#include "microsalt.h"

/* Runs per operation. Fewer on Cortex-M, whose runner follows every data access in Python:
 * a run there costs tens of times an AVR run in wall-clock time, and 4 runs with different
 * secrets (half of them comparing equal values) still expose a secret-dependent branch,
 * index or latency. tests/target/run.py expects these counts. */
#if defined(__AVR__)
#define RUNS 8
#else
#define RUNS 4
#endif
#define MLEN 100 /* crosses the block sizes of SHA-512 (128 with padding), Salsa20 and Poly1305 */

/* The measurements, ids from 1 (ct_checks.def says what each covers). */
enum {
    CT_NONE,
#define CT(id, covers) id,
#include "ct_checks.def"
#undef CT
};

#if CT_GROUP != 6
static unsigned char secret[64], msg[32 + MLEN], out[64 + 32 + MLEN];
#endif
/* Results go here, so the compiler cannot drop a call whose result is otherwise unused. */
static volatile int sink;
#if CT_GROUP == 2 || CT_GROUP == 3 || CT_GROUP == 5
static unsigned char box[32 + MLEN], nonce[24]; /* public: the same for every run */
#endif
static uint32_t rng = 0x2545F491u;

/* Test-only bytes: a different secret for every run. */
static void fill(unsigned char *p, size_t n)
{
    xorshift32_fill(&rng, p, n);
}

#define MEASURE(id, call)                                                                   \
    do {                                                                                    \
        hal_measure_begin(id);                                                              \
        call;                                                                               \
        hal_measure_end(id);                                                                \
    } while (0)

#if CT_GROUP == 1
/* What the check must catch: the loop stops at the first differing byte. */
static int __attribute__((noinline)) leaky_compare(const unsigned char *a,
                                                   const unsigned char *b, size_t n)
{
    size_t i;
    for (i = 0; i < n; i++) {
        if (a[i] != b[i]) return -1;
    }
    return 0;
}

static void run_group(void)
{
    static const unsigned char zero[32];
    int i;
    for (i = 0; i < RUNS; i++) {
        fill(secret, 64);
        fill(msg, MLEN);
        /* Half the runs compare equal values: the result is secret, its timing must not be. */
        if (i & 1) memcpy(secret + 32, secret, 32);
        secret[0] = (unsigned char)(i & 3); /* the leaky compare exits after 0 or 1 byte */
        MEASURE(CT_LEAKY, sink = leaky_compare(secret, zero, 32));
        MEASURE(CT_VERIFY16, sink = crypto_verify_16(secret, secret + 32));
        MEASURE(CT_VERIFY32, sink = crypto_verify_32(secret, secret + 32));
        MEASURE(CT_HASH, crypto_hash(out, msg, MLEN));
        MEASURE(CT_HASHBLOCKS, sink = crypto_hashblocks(secret, msg, 128)); /* one block */
        MEASURE(CT_AUTH, crypto_auth(out, msg, MLEN, secret));
        out[0] ^= (unsigned char)(i & 1); /* odd runs verify a wrong tag */
        MEASURE(CT_AUTH_VERIFY, sink = crypto_auth_verify(out, msg, MLEN, secret));
    }
}
#elif CT_GROUP == 2
static void run_group(void)
{
    int i;
    for (i = 0; i < RUNS; i++) {
        fill(secret, 64);
        fill(msg + 32, MLEN);
        memset(msg, 0, 32);
        MEASURE(CT_STREAM, crypto_stream(out, MLEN, nonce, secret));
        MEASURE(CT_STREAM_XOR, crypto_stream_xor(out, msg, MLEN, nonce, secret));
        MEASURE(CT_SALSA20_XOR, crypto_stream_salsa20_xor(out, msg, MLEN, nonce, secret));
        MEASURE(CT_CORE_SALSA20, crypto_core_salsa20(out, msg + 32, secret, secret + 32));
        MEASURE(CT_CORE_HSALSA20, crypto_core_hsalsa20(out, msg + 32, secret, secret + 32));
        MEASURE(CT_ONETIMEAUTH, crypto_onetimeauth(out, msg, MLEN, secret));
        MEASURE(CT_ONETIMEAUTH_VERIFY, sink = crypto_onetimeauth_verify(out, msg, MLEN, secret));
        MEASURE(CT_SECRETBOX, crypto_secretbox(box, msg, 32 + MLEN, nonce, secret));
        MEASURE(CT_SECRETBOX_OPEN,
                sink = crypto_secretbox_open(out, box, 32 + MLEN, nonce, secret));
        box[40] ^= 1;
        MEASURE(CT_SECRETBOX_FORGED,
                sink = crypto_secretbox_open(out, box, 32 + MLEN, nonce, secret));
    }
}
#elif CT_GROUP == 3
static void run_group(void)
{
    unsigned char peer_pk[32], peer_sk[32], pk[32];
    int i;
    fill(peer_sk, 32);
    crypto_scalarmult_base(peer_pk, peer_sk);
    for (i = 0; i < RUNS; i++) {
        fill(secret, 32);
        fill(msg + 32, MLEN);
        memset(msg, 0, 32);
        MEASURE(CT_SCALARMULT, sink = crypto_scalarmult(out, secret, peer_pk));
        MEASURE(CT_SCALARMULT_BASE, sink = crypto_scalarmult_base(pk, secret));
        MEASURE(CT_BEFORENM, sink = crypto_box_beforenm(out, peer_pk, secret));
        MEASURE(CT_BOX, sink = crypto_box(box, msg, 32 + MLEN, nonce, peer_pk, secret));
        MEASURE(CT_BOX_OPEN, sink = crypto_box_open(out, box, 32 + MLEN, nonce, pk, peer_sk));
        box[40] ^= 1;
        MEASURE(CT_BOX_FORGED, sink = crypto_box_open(out, box, 32 + MLEN, nonce, pk, peer_sk));
    }
}
#elif CT_GROUP == 4
static void run_group(void)
{
    unsigned char pk[32], sk[64];
    unsigned long long smlen;
    int i;
    for (i = 0; i < RUNS; i++) {
        fill(secret, 32);
        fill(msg, MLEN);
        MEASURE(CT_SIGN_KEYPAIR, crypto_sign_seed_keypair(pk, sk, secret));
        MEASURE(CT_SIGN_DETACHED, crypto_sign_detached(out, NULL, msg, MLEN, sk));
        MEASURE(CT_SIGN, crypto_sign(out, &smlen, msg, MLEN, sk));
    }
}
#elif CT_GROUP == 5
#include "chacha20.h"

static void run_group(void)
{
    static const unsigned char ad[13] = "header bytes";
    uint32_t x[16];
    int i;
    for (i = 0; i < RUNS; i++) {
        fill(secret, 64);
        fill(msg, MLEN);
        MEASURE(CT_CHACHA20_XOR, crypto_stream_chacha20_xor(out, msg, MLEN, nonce, secret));
        MEASURE(CT_CHACHA20_IETF_XOR,
                crypto_stream_chacha20_ietf_xor(out, msg, MLEN, nonce, secret));
        MEASURE(CT_XCHACHA20_XOR, crypto_stream_xchacha20_xor(out, msg, MLEN, nonce, secret));
        MEASURE(CT_HCHACHA20, crypto_core_hchacha20(out, msg, secret, NULL));
        MEASURE(CT_AEAD_ENCRYPT,
                crypto_aead_chacha20poly1305_ietf_encrypt(box, NULL, msg, MLEN, ad, sizeof ad,
                                                          NULL, nonce, secret));
        MEASURE(CT_AEAD_DECRYPT,
                sink = crypto_aead_chacha20poly1305_ietf_decrypt(
                    out, NULL, NULL, box, MLEN + 16, ad, sizeof ad, nonce, secret));
        box[40] ^= 1;
        MEASURE(CT_AEAD_FORGED,
                sink = crypto_aead_chacha20poly1305_ietf_decrypt(
                    out, NULL, NULL, box, MLEN + 16, ad, sizeof ad, nonce, secret));
        MEASURE(CT_XAEAD_ENCRYPT,
                crypto_aead_xchacha20poly1305_ietf_encrypt(box, NULL, msg, MLEN, ad, sizeof ad,
                                                           NULL, nonce, secret));
        MEASURE(CT_XAEAD_DECRYPT,
                sink = crypto_aead_xchacha20poly1305_ietf_decrypt(
                    out, NULL, NULL, box, MLEN + 16, ad, sizeof ad, nonce, secret));
        box[MLEN + 3] ^= 0x80; /* a changed tag byte */
        MEASURE(CT_XAEAD_FORGED,
                sink = crypto_aead_xchacha20poly1305_ietf_decrypt(
                    out, NULL, NULL, box, MLEN + 16, ad, sizeof ad, nonce, secret));
        /* The kernel itself with the round count the lab's ChaCha8 figure uses. */
        memcpy(x, secret, sizeof x);
        MEASURE(CT_CHACHA8_KERNEL, microsalt_chacha_blocks(out, msg, 1, x, 8));
    }
}
#elif CT_GROUP == 6
#include "ntrulpr761.h"

/* ntrulpr761 takes its secrets from randombytes: here a different stream for every run,
 * except the 32-byte generator seed that starts a key pair, which is public (it is the start
 * of pk) and kept the same, since the table-based AES that expands it may look up by it. */
static uint8_t seed_next;

void randombytes(unsigned char *x, unsigned long long len)
{
    if (seed_next) {
        memset(x, 0x5a, (size_t)len);
        seed_next = 0;
    } else {
        fill(x, (size_t)len);
    }
}

/* Key pairs from the same seed, encapsulations to one public key, and decapsulations of one
 * ciphertext with the matching secret key (run 0: accepted) or with other secret parts
 * (rejected): all must take the same time. Fewer runs than the other groups: each takes
 * millions of cycles, and 2 already pair an accepted with a rejected decapsulation; the
 * reference variant, 2 to 7 times slower and not the one the API calls, gets only those 2 on
 * Cortex-M. Two buffers only, for an ATmega2560's 8 KB: sk holds a copy of pk, which enc
 * reads there. */
#define KEM_RUNS 4
#if defined(__AVR__)
#define KEM_REF_RUNS 4
#else
#define KEM_REF_RUNS 2
#endif
static unsigned char kem_sk[crypto_kem_ntrulpr761_SECRETKEYBYTES],
    kem_ct[crypto_kem_ntrulpr761_CIPHERTEXTBYTES], kem_ss[32];

/* Runs after the first get other secret parts of sk. Out of line, so that the compiler has
 * no reason to peel the first run off the measured loop (different code addresses would
 * differ in the trace for a reason that is not the library's). */
static void __attribute__((noinline)) vary_secret_key(int run)
{
    if (run > 0) {
        fill(kem_sk, 191);                                               /* Small_encode(a) */
        fill(kem_sk + 191 + crypto_kem_ntrulpr761_PUBLICKEYBYTES, 32); /* rho */
    }
}

static void run_kem(uint8_t id, int runs, int (*keypair)(unsigned char *, unsigned char *),
                    int (*enc)(unsigned char *, unsigned char *, const unsigned char *),
                    int (*dec)(unsigned char *, const unsigned char *, const unsigned char *))
{
    const unsigned char *pk = kem_sk + 191; /* the copy of pk in sk, after Small_encode(a) */
    int i;
    for (i = 0; i < runs; i++) {
        seed_next = 1;
        MEASURE(id, sink = keypair(kem_ct, kem_sk)); /* pk lands in kem_ct, then is dropped */
    }
    seed_next = 1;
    keypair(kem_ct, kem_sk);
    for (i = 0; i < runs; i++) {
        MEASURE(id + 1, sink = enc(kem_ct, kem_ss, pk));
    }
    for (i = 0; i < runs; i++) {
        vary_secret_key(i);
        MEASURE(id + 2, sink = dec(kem_ss, kem_ct, kem_sk));
    }
}

static void run_group(void)
{
    run_kem(CT_KEM_KEYPAIR, KEM_RUNS, crypto_kem_ntrulpr761_keypair,
            crypto_kem_ntrulpr761_enc, crypto_kem_ntrulpr761_dec);
    run_kem(CT_KEM_REF_KEYPAIR, KEM_REF_RUNS, microsalt_ntrulpr761_ref_keypair,
            microsalt_ntrulpr761_ref_enc, microsalt_ntrulpr761_ref_dec);
}
#else
#error "define CT_GROUP"
#endif

int main(void)
{
    hal_setup();
    run_group();
    hal_puts("ct: done\n");
    hal_exit(0);
}
