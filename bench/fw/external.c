/*
 * Benchmark firmware for an implementation given to the lab in SUPERCOP layout (`make bench
 * EXTERNAL=DIR`, bench/lab.py). The generated crypto_<op>.h renames its functions to ext_<name>,
 * so they link beside microsalt's; the generated external_api.h declares them and selects the
 * operation's section below (EXT_OP_<OP>). Each section measures the operation's core
 * functions at bench.c's sizes and checks every output against microsalt's, and that opening
 * and verifying functions reject a forgery: bench/lab.py counts the figures only after the
 * line "@external agrees with microsalt".
 * No section calls the implementation's keypair, except for a KEM of another primitive than
 * microsalt's, so an implementation that leaves it out still links.
 */
#include <string.h>

#include "hal.h"
#include "measure.h"
#include "xorshift.h"
#include "external_api.h" /* generated: microsalt.h, api.h, the ext_ prototypes */

#if defined(EXT_OP_KEM)
/* A KEM takes no message, and an ATmega2560's 8 KB must hold its keys beside its stack. */
#define MAX_BYTES 0
#elif (defined(EXT_OP_BOX) || defined(EXT_OP_SIGN)) && !HAL_FITS(64 + 1024 + 1024 + 256)
/* As in bench.c: a 1 KB message beside the stack of X25519 or Ed25519 does not fit. */
#define MAX_BYTES 128
#else
#define MAX_BYTES 1024
#endif

/* The bytes before a message: NaCl's zero padding, or a signature. */
#if defined(EXT_OP_SIGN)
#define PAD_BYTES 64
#elif defined(EXT_OP_BOX) || defined(EXT_OP_SECRETBOX)
#define PAD_BYTES 32
#else
#define PAD_BYTES 0
#endif

/* One message buffer, processed in place as in bench.c: an ATmega328P has room for no second
 * one, so outputs are compared by their CRC (crc32). */
static unsigned char buf[PAD_BYTES + MAX_BYTES > 0 ? PAD_BYTES + MAX_BYTES : 1 /* a KEM's */],
    key[64], nonce[24], out[64];
static const uint16_t sizes[] = {16, 32, 128, 1024};
static int ok = 1;
static uint32_t draws = 0x9E3779B9u;

/* The randomness an implementation draws (a KEM's encapsulation, a keypair it defines):
 * reproducible, so that a KEM's draws can be replayed for microsalt. */
void randombytes(unsigned char *x, unsigned long long len)
{
    xorshift32_fill(&draws, x, (size_t)len);
}

/* CRC-32 (IEEE, reflected), bit by bit: a few dozen bytes of flash, where SHA-512 does not fit
 * an ATmega328P's 32 KB beside X25519. A wrong output passes with odds of 2^-32, and never
 * one that differs within 32 consecutive bits. */
static uint32_t crc32(const unsigned char *p, size_t len)
{
    uint32_t c = 0xFFFFFFFFu;
    int k;
    while (len-- > 0) {
        c ^= *p++;
        for (k = 0; k < 8; k++) c = (c >> 1) ^ (0xEDB88320u & (0 - (c & 1)));
    }
    return ~c;
}

/* The message of n bytes, after `zeros` zero bytes (NaCl's padding, room for a signature). */
static void message(unsigned zeros, uint16_t n)
{
    unsigned i;
    memset(buf, 0, zeros);
    for (i = 0; i < n; i++) buf[zeros + i] = (unsigned char)(i * 7 + 3);
}

static int is_message(const unsigned char *m, uint16_t n)
{
    unsigned i;
    for (i = 0; i < n; i++)
        if (m[i] != (unsigned char)(i * 7 + 3)) return 0;
    return 1;
}

/* Runs body once per message size that fits, with n set to it. */
#define FOR_SIZES(n, body) FOR_EACH_SIZE(sizes, MAX_BYTES, n, body)

/* Measures the implementation's call, which must succeed. */
#define MEASURE(name, n, call)                                                              \
    do {                                                                                    \
        int r_;                                                                             \
        BENCH(name, n, r_ = (call));                                                        \
        ok &= r_ == 0;                                                                      \
    } while (0)

/* The implementation's call (measured) and microsalt's, each on message n after `zeros` zero
 * bytes, must leave the same len bytes at result; microsalt's stay there. */
#define SAME(name, zeros, n, result, len, ext_call, microsalt_call)                         \
    do {                                                                                    \
        uint32_t crc_;                                                                      \
        message(zeros, n);                                                                  \
        MEASURE(name, n, ext_call);                                                         \
        crc_ = crc32(result, len);                                                          \
        message(zeros, n);                                                                  \
        ok &= (microsalt_call) == 0;                                                        \
        ok &= crc32(result, len) == crc_;                                                   \
    } while (0)

/* The implementation's opening or verifying call (measured) on microsalt's output must succeed
 * and find `opened` true; on that output made again by `remake` with the bit `forged` flipped,
 * it must fail. */
#define OPENS(name, n, ext_call, opened, remake, forged)                                    \
    do {                                                                                    \
        MEASURE(name, n, ext_call);                                                         \
        ok &= (opened);                                                                     \
        ok &= (remake) == 0;                                                                \
        (forged) ^= 1;                                                                      \
        ok &= (ext_call) != 0;                                                              \
    } while (0)

/* A MAC over message n with microsalt's tag in out; the forgery changes its last byte. */
#define MAC(op, bytes)                                                                      \
    FOR_SIZES(n, {                                                                          \
        SAME(#op, 0, n, out, bytes, ext_##op(out, buf, n, key), op(out, buf, n, key));      \
        OPENS(#op "_verify", n, ext_##op##_verify(out, buf, n, key), 1,                     \
              op(out, buf, n, key), buf[n - 1]);                                            \
    })

#if defined(EXT_OP_HASH)
static void run(void)
{
    FOR_SIZES(n, SAME("crypto_hash", 0, n, out, 64, ext_crypto_hash(out, buf, n),
                      crypto_hash(out, buf, n)));
}
#elif defined(EXT_OP_AUTH)
static void run(void)
{
    MAC(crypto_auth, 32);
}
#elif defined(EXT_OP_ONETIMEAUTH)
static void run(void)
{
    MAC(crypto_onetimeauth, 16);
}
#elif defined(EXT_OP_STREAM)
static void run(void)
{
    FOR_SIZES(n, {
        SAME("crypto_stream", 0, n, buf, n, ext_crypto_stream(buf, n, nonce, key),
             crypto_stream(buf, n, nonce, key));
        SAME("crypto_stream_xor", 0, n, buf, n, ext_crypto_stream_xor(buf, buf, n, nonce, key),
             crypto_stream_xor(buf, buf, n, nonce, key));
    });
}
#elif defined(EXT_OP_SECRETBOX)
static int seal(uint16_t n)
{
    message(32, n);
    return crypto_secretbox(buf, buf, 32u + n, nonce, key);
}

static void run(void)
{
    FOR_SIZES(n, {
        SAME("crypto_secretbox", 32, n, buf, 32u + n,
             ext_crypto_secretbox(buf, buf, 32u + n, nonce, key), seal(n));
        OPENS("crypto_secretbox_open", n, ext_crypto_secretbox_open(buf, buf, 32u + n, nonce, key),
              is_message(buf + 32, n), seal(n), buf[31u + n]);
    });
}
#elif defined(EXT_OP_BOX)
/* Alice's secret key is key, Bob's key + 32; k their shared key, microsalt's. */
static unsigned char alice[32], bob[32], k[32];

/* microsalt's box of message n from Alice to Bob. Once the implementation's beforenm is
 * microsalt's, this is what crypto_box makes too, without the cost of another X25519. */
static int seal(uint16_t n)
{
    message(32, n);
    return crypto_box_afternm(buf, buf, 32u + n, nonce, k);
}

static void run(void)
{
    ok &= crypto_scalarmult_base(alice, key) == 0 && crypto_scalarmult_base(bob, key + 32) == 0;
    SAME("crypto_box_beforenm", 0, 0, k, 32, ext_crypto_box_beforenm(k, bob, key),
         crypto_box_beforenm(k, bob, key));
    FOR_SIZES(n, {
        SAME("crypto_box", 32, n, buf, 32u + n,
             ext_crypto_box(buf, buf, 32u + n, nonce, bob, key), seal(n));
        OPENS("crypto_box_open", n, ext_crypto_box_open(buf, buf, 32u + n, nonce, alice, key + 32),
              is_message(buf + 32, n), seal(n), buf[31u + n]);
        SAME("crypto_box_afternm", 32, n, buf, 32u + n,
             ext_crypto_box_afternm(buf, buf, 32u + n, nonce, k), seal(n));
        OPENS("crypto_box_open_afternm", n,
              ext_crypto_box_open_afternm(buf, buf, 32u + n, nonce, k), is_message(buf + 32, n),
              seal(n), buf[31u + n]);
    });
}
#elif defined(EXT_OP_SCALARMULT)
static void run(void)
{
    unsigned char bob[32];
    ok &= crypto_scalarmult_base(bob, key + 32) == 0;
    SAME("crypto_scalarmult_base", 0, 0, out, 32, ext_crypto_scalarmult_base(out, key),
         crypto_scalarmult_base(out, key));
    SAME("crypto_scalarmult", 0, 0, out, 32, ext_crypto_scalarmult(out, key, bob),
         crypto_scalarmult(out, key, bob));
}
#elif defined(EXT_OP_SIGN)
/* SUPERCOP's signed message: the signature, then the message (in place, after 64 bytes). */
static unsigned char pk[32], sk[64];
static unsigned long long len, ext_len;

static int sign(uint16_t n)
{
    message(64, n);
    return crypto_sign(buf, &len, buf + 64, n, sk);
}

static void run(void)
{
    ok &= crypto_sign_seed_keypair(pk, sk, key) == 0;
    FOR_SIZES(n, {
        SAME("crypto_sign", 64, n, buf, 64u + n, ext_crypto_sign(buf, &ext_len, buf + 64, n, sk),
             sign(n));
        ok &= ext_len == 64u + n;
        /* Where microsalt's own verification does not fit beside the buffers, neither is an
         * implementation's measured (bench.c). */
        if (HAL_ED25519_VERIFY_FITS)
            OPENS("crypto_sign_open", n, ext_crypto_sign_open(buf, &ext_len, buf, 64u + n, pk),
                  ext_len == n && is_message(buf, n), sign(n), buf[63u + n]);
    });
}
#elif defined(EXT_OP_KEM)
static unsigned char ct[CRYPTO_CIPHERTEXTBYTES], ss[2][CRYPTO_BYTES];
#if defined(EXT_MICROSALT_PRIMITIVE)
/* ntrulpr761's secret key holds the public key after the secret's 191-byte encoding: two
 * key-sized buffers in all, as in bench.c. */
static unsigned char sk[CRYPTO_SECRETKEYBYTES];
#define pk (sk + 191)
#define ENC_DRAWS 0x2545F491u

/* Encapsulation draws its randomness: both implementations get the same draws, as NTRU
 * Prime's KATs do, so a conforming one makes microsalt's ciphertext and key. */
static int encapsulate(void)
{
    draws = ENC_DRAWS;
    return crypto_kem_ntrulpr761_enc(ct, ss[1], pk);
}
#else
static unsigned char pk[CRYPTO_PUBLICKEYBYTES], sk[CRYPTO_SECRETKEYBYTES];
#endif

static void run(void)
{
#if defined(EXT_MICROSALT_PRIMITIVE)
    ok &= crypto_kem_ntrulpr761_keypair(ct, sk) == 0; /* the copy of pk in sk serves */
    draws = ENC_DRAWS;
    SAME("crypto_kem_enc", 0, 0, ct, sizeof ct, ext_crypto_kem_enc(ct, ss[0], pk), encapsulate());
    ok &= memcmp(ss[0], ss[1], CRYPTO_BYTES) == 0;
    MEASURE("crypto_kem_dec", 0, ext_crypto_kem_dec(ss[0], ct, sk));
    ok &= memcmp(ss[0], ss[1], CRYPTO_BYTES) == 0;
    /* A forged ciphertext gets implicit rejection's key, microsalt's. */
    ct[0] ^= 1;
    ok &= ext_crypto_kem_dec(ss[0], ct, sk) == crypto_kem_ntrulpr761_dec(ss[1], ct, sk);
    ok &= memcmp(ss[0], ss[1], CRYPTO_BYTES) == 0;
#else
    /* Nothing of microsalt's to compare with: decapsulation must recover the key, and not
     * from a forged ciphertext (rejected, or implicitly rejected with another key). */
    ok &= ext_crypto_kem_keypair(pk, sk) == 0;
    MEASURE("crypto_kem_enc", 0, ext_crypto_kem_enc(ct, ss[0], pk));
    MEASURE("crypto_kem_dec", 0, ext_crypto_kem_dec(ss[1], ct, sk));
    ok &= memcmp(ss[0], ss[1], CRYPTO_BYTES) == 0;
    ct[0] ^= 1;
    ok &= ext_crypto_kem_dec(ss[1], ct, sk) != 0 || memcmp(ss[0], ss[1], CRYPTO_BYTES) != 0;
#endif
}
#else
#error "external_api.h selects no operation (EXT_OP_*)"
#endif

int main(void)
{
    unsigned i;
    hal_setup();
    for (i = 0; i < sizeof key; i++) key[i] = (unsigned char)(i * 13 + 1);
    for (i = 0; i < sizeof nonce; i++) nonce[i] = (unsigned char)i;
    run();
    hal_puts_flash(ok ? HAL_STR("@external agrees with microsalt\n")
                      : HAL_STR("@external DISAGREES with microsalt\n"));
    hal_exit(ok ? 0 : 1);
}
