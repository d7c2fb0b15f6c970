/*
 * Benchmark firmware: measures each operation of one group (BENCH_GROUP, set by bench_<group>.c)
 * at the message sizes of the field's publications (16, 32, 128 and 1024 bytes) on a simulated
 * target. Before each measurement it prints `@op name=<function> bytes=<n>`; the runner's
 * `@measure` line follows (platform/hal/hal.h), and bench/lab.py pairs them.
 * Messages are processed in place in one buffer, so 1024 bytes fit an ATmega328P's RAM.
 */
#include <string.h>

#include "hal.h"
#include "measure.h"
#include "xorshift.h"
#include "microsalt.h"

#if (BENCH_GROUP == 3 || BENCH_GROUP == 4) && !HAL_FITS(64 + 1024 + 1024 + 256)
/* A 1 KB message beside the ~0.9 KB stack of X25519 or Ed25519 (and the firmware's own
 * buffers) does not fit. */
#define MAX_BYTES 128
#elif BENCH_GROUP == 6
/* ntrulpr761 takes no message, and an ATmega2560's 8 KB must hold its keys and 4.5 KB of
 * stack. */
#define MAX_BYTES 0
#else
#define MAX_BYTES 1024
#endif

static unsigned char buf[64 + MAX_BYTES], key[64], nonce[24], out[64];
static const uint16_t sizes[] = {16, 32, 128, 1024};
static volatile int sink; /* results land here, so no call is optimised away */

/* Runs body once per message size that fits, with n set to it. */
#define FOR_SIZES(n, body) FOR_EACH_SIZE(sizes, MAX_BYTES, n, body)

static void fill(void)
{
    unsigned i;
    for (i = 0; i < sizeof buf; i++) buf[i] = (unsigned char)(i * 7 + 3);
    for (i = 0; i < sizeof key; i++) key[i] = (unsigned char)(i * 13 + 1);
    for (i = 0; i < sizeof nonce; i++) nonce[i] = (unsigned char)i;
}

#if BENCH_GROUP == 1
static void run(void)
{
    FOR_SIZES(n, BENCH("crypto_hash", n, crypto_hash(out, buf, n)));
    FOR_SIZES(n, BENCH("crypto_auth", n, crypto_auth(out, buf, n, key)));
    FOR_SIZES(n, BENCH("crypto_auth_verify", n, sink = crypto_auth_verify(out, buf, n, key)));
    BENCH("crypto_verify_16", 0, sink = crypto_verify_16(key, key + 16));
    BENCH("crypto_verify_32", 0, sink = crypto_verify_32(key, key + 32));
}
#elif BENCH_GROUP == 2
static void run(void)
{
    BENCH("crypto_core_salsa20", 0, crypto_core_salsa20(out, nonce, key, key + 32));
    BENCH("crypto_core_hsalsa20", 0, crypto_core_hsalsa20(out, nonce, key, key + 32));
    FOR_SIZES(n, BENCH("crypto_stream", n, crypto_stream(buf, n, nonce, key)));
    FOR_SIZES(n, BENCH("crypto_stream_xor", n, crypto_stream_xor(buf, buf, n, nonce, key)));
    FOR_SIZES(n, BENCH("crypto_stream_salsa20_xor", n,
                       crypto_stream_salsa20_xor(buf, buf, n, nonce, key)));
    FOR_SIZES(n, BENCH("crypto_onetimeauth", n, crypto_onetimeauth(out, buf, n, key)));
    FOR_SIZES(n, BENCH("crypto_onetimeauth_verify", n,
                       sink = crypto_onetimeauth_verify(out, buf, n, key)));
    FOR_SIZES(n, {
        memset(buf, 0, 32);
        BENCH("crypto_secretbox", n, sink = crypto_secretbox(buf, buf, 32u + n, nonce, key));
        BENCH("crypto_secretbox_open", n,
              sink = crypto_secretbox_open(buf, buf, 32u + n, nonce, key));
    });
}
#elif BENCH_GROUP == 3
static void run(void)
{
    unsigned char pk[32], peer_pk[32], k[32];
    BENCH("crypto_scalarmult_base", 0, sink = crypto_scalarmult_base(pk, key));
    crypto_scalarmult_base(peer_pk, key + 32);
    BENCH("crypto_scalarmult", 0, sink = crypto_scalarmult(out, key, peer_pk));
    BENCH("crypto_box_beforenm", 0, sink = crypto_box_beforenm(k, peer_pk, key));
    FOR_SIZES(n, {
        memset(buf, 0, 32);
        BENCH("crypto_box", n, sink = crypto_box(buf, buf, 32u + n, nonce, peer_pk, key));
        BENCH("crypto_box_open", n,
              sink = crypto_box_open(buf, buf, 32u + n, nonce, pk, key + 32));
        memset(buf, 0, 32);
        BENCH("crypto_box_afternm", n, sink = crypto_box_afternm(buf, buf, 32u + n, nonce, k));
    });
}
#elif BENCH_GROUP == 4

static void run(void)
{
    unsigned char pk[32], sk[64];
    unsigned long long len;
    BENCH("crypto_sign_seed_keypair", 0, sink = crypto_sign_seed_keypair(pk, sk, key));
    FOR_SIZES(n, {
        /* The message sits where crypto_sign puts it, after the signature: in place. */
        BENCH("crypto_sign", n, sink = crypto_sign(buf, &len, buf + 64, n, sk));
        BENCH("crypto_sign_detached", n, sink = crypto_sign_detached(out, NULL, buf + 64, n, sk));
        if (HAL_ED25519_VERIFY_FITS) {
            BENCH("crypto_sign_verify_detached", n,
                  sink = crypto_sign_verify_detached(out, buf + 64, n, pk));
            BENCH("crypto_sign_open", n, sink = crypto_sign_open(buf, &len, buf, 64u + n, pk));
        }
    });
}
#elif BENCH_GROUP == 5
#include "chacha20.h"

/* The ChaCha kernel alone, as the published figures measure it: one block of ChaCha8 and of
 * ChaCha20 (rounds, feed-forward and the xor onto 64 bytes), and the portable C twin that the
 * assembly kernel replaces, for comparison. */
static void run(void)
{
    uint32_t x[16];
    unsigned long long len;
    memcpy(x, key, sizeof x);
    BENCH("chacha8_block", 64, microsalt_chacha_blocks(buf, buf, 1, x, 8));
    BENCH("chacha20_block", 64, microsalt_chacha_blocks(buf, buf, 1, x, 20));
    BENCH("chacha20_block_portable_c", 64, microsalt_chacha_blocks_portable(buf, buf, 1, x, 20));
    BENCH("crypto_core_hchacha20", 0, crypto_core_hchacha20(out, nonce, key, NULL));
    FOR_SIZES(n, BENCH("crypto_stream_chacha20_ietf_xor", n,
                       crypto_stream_chacha20_ietf_xor(buf, buf, n, nonce, key)));
    FOR_SIZES(n, BENCH("crypto_stream_xchacha20_xor", n,
                       crypto_stream_xchacha20_xor(buf, buf, n, nonce, key)));
    FOR_SIZES(n, {
        BENCH("crypto_aead_chacha20poly1305_ietf_encrypt", n,
              crypto_aead_chacha20poly1305_ietf_encrypt(buf, &len, buf, n, key, 16, NULL, nonce,
                                                        key));
        BENCH("crypto_aead_chacha20poly1305_ietf_decrypt", n,
              sink = crypto_aead_chacha20poly1305_ietf_decrypt(buf, &len, NULL, buf, n + 16u,
                                                               key, 16, nonce, key));
        BENCH("crypto_aead_xchacha20poly1305_ietf_encrypt", n,
              crypto_aead_xchacha20poly1305_ietf_encrypt(buf, &len, buf, n, key, 16, NULL,
                                                         nonce, key));
        BENCH("crypto_aead_xchacha20poly1305_ietf_decrypt", n,
              sink = crypto_aead_xchacha20poly1305_ietf_decrypt(buf, &len, NULL, buf, n + 16u,
                                                                key, 16, nonce, key));
    });
}
#elif BENCH_GROUP == 6
#include "ntrulpr761.h"

/* Deterministic bytes: the KEM's draws (a benchmark needs no secrecy). */
void randombytes(unsigned char *x, unsigned long long len)
{
    static uint32_t state = 0x9E3779B9u;
    xorshift32_fill(&state, x, (size_t)len);
}

/* Both variants, as the published packages report reference and optimized code. sk holds a
 * copy of pk, which enc reads there: two key-sized buffers in all, for an ATmega2560. */
static unsigned char kem_sk[crypto_kem_ntrulpr761_SECRETKEYBYTES],
    kem_ct[crypto_kem_ntrulpr761_CIPHERTEXTBYTES];

static void run(void)
{
    const unsigned char *pk = kem_sk + 191;
    BENCH("crypto_kem_ntrulpr761_keypair", 0, sink = crypto_kem_ntrulpr761_keypair(kem_ct, kem_sk));
    BENCH("crypto_kem_ntrulpr761_enc", 0, sink = crypto_kem_ntrulpr761_enc(kem_ct, out, pk));
    BENCH("crypto_kem_ntrulpr761_dec", 0, sink = crypto_kem_ntrulpr761_dec(out, kem_ct, kem_sk));
    BENCH("ntrulpr761_ref_keypair", 0, sink = microsalt_ntrulpr761_ref_keypair(kem_ct, kem_sk));
    BENCH("ntrulpr761_ref_enc", 0, sink = microsalt_ntrulpr761_ref_enc(kem_ct, out, pk));
    BENCH("ntrulpr761_ref_dec", 0, sink = microsalt_ntrulpr761_ref_dec(out, kem_ct, kem_sk));
}
#else
#error "define BENCH_GROUP"
#endif

int main(void)
{
    hal_setup();
    fill();
    run();
    hal_exit(0);
}
