/*
 * The target test firmware: checks the records of one vector group (tests/target/ops.h)
 * against the library, then exits with the number of failures. Built once per group
 * (suite_hash.c, suite_stream.c, suite_dh.c, suite_sign.c and suite_aead.c define SUITE_GROUP
 * and include this file) so each
 * firmware links only its group's primitives and fits a 32 KB ATmega328P.
 */
#include <string.h>

#include "hal.h"
#include "microsalt.h"
#include "ops.h"

#if SUITE_GROUP == 1
#include "vectors_hash.h"
#elif SUITE_GROUP == 2
#include "vectors_stream.h"
#elif SUITE_GROUP == 3
#include "vectors_dh.h"
#elif SUITE_GROUP == 4
#include "vectors_sign.h"
#elif SUITE_GROUP == 5
#include "vectors_aead.h"
#else
#error "define SUITE_GROUP"
#endif

/* Buffers as large as the group's largest record and no larger: an ATmega328P's 2 KB of RAM
 * must also hold the library's stack. got also takes crypto_sign's signed message. */
#define MAXIN VEC_MAXIN
#define MAXOUT VEC_MAXOUT
static unsigned char in[MAXIN], expect[MAXOUT], got[MAXOUT + MAXIN];
static uint16_t inlen, outlen;
static uint16_t checks, failures, record_no, verify_not_run;
static uint8_t op;

static void fail(const char *what)
{
    failures++;
    hal_puts_flash(HAL_STR("FAIL record "));
    hal_put_u32(record_no);
    hal_puts_flash(HAL_STR(" op "));
    hal_put_u32(op);
    hal_puts_flash(HAL_STR(": "));
    hal_puts_flash(what);
    hal_putc('\n');
}

static void check_bytes(const unsigned char *x, const unsigned char *y, size_t n,
                        const char *what)
{
    checks++;
    if (n > 0 && memcmp(x, y, n) != 0) fail(what);
}

static void check_true(int ok, const char *what)
{
    checks++;
    if (!ok) fail(what);
}

#if SUITE_GROUP == 2 || SUITE_GROUP == 5
/* The record's first n bytes (key, then nonce) copied to an address that is not a multiple of
 * 4: the library loads keys and nonces by words from aligned addresses and by bytes from the
 * others (common.h: load32_le_words); the other calls pass the record's key where it is. */
static unsigned char *misaligned(size_t n)
{
    static unsigned char buf[2 + 48];
    unsigned char *p = buf + ((((uintptr_t)buf + 1) & 3) != 0 ? 1 : 2);
    memcpy(p, in, n);
    return p;
}
#endif

/* Reads the next record into in/expect; returns 0 at the end of the blob. */
static int next_record(size_t *pos)
{
    unsigned char h[2];
    hal_flash_read(&op, vectors + *pos, 1);
    if (op == OP_END) return 0;
    hal_flash_read(h, vectors + *pos + 1, 2);
    inlen = (uint16_t)(h[0] | (h[1] << 8));
    hal_flash_read(h, vectors + *pos + 3 + inlen, 2);
    outlen = (uint16_t)(h[0] | (h[1] << 8));
    if (inlen > MAXIN || outlen > MAXOUT) {
        fail(HAL_STR("record larger than the firmware's buffers"));
        return 0;
    }
    hal_flash_read(in, vectors + *pos + 3, inlen);
    hal_flash_read(expect, vectors + *pos + 5 + inlen, outlen);
    *pos += 5u + inlen + outlen;
    return 1;
}

#if SUITE_GROUP == 1 || SUITE_GROUP == 2
/* Both symmetric groups share this dispatcher; each compiles only its own cases, so its
 * firmware links only its own primitives. */
static void run(void)
{
    unsigned long long m;
    switch (op) {
#if SUITE_GROUP == 1
    case OP_HASH:
        crypto_hash(got, in, inlen);
        check_bytes(got, expect, 64, HAL_STR("crypto_hash"));
        break;
    case OP_HASHBLOCKS:
        memcpy(got, in, 64);
        check_true(crypto_hashblocks(got, in + 64, inlen - 64u) == (int)((inlen - 64u) % 128u),
                   HAL_STR("crypto_hashblocks return"));
        check_bytes(got, expect, 64, HAL_STR("crypto_hashblocks state"));
        break;
    case OP_AUTH:
        m = inlen - 32u;
        crypto_auth(got, in + 32, m, in);
        check_bytes(got, expect, 32, HAL_STR("crypto_auth"));
        check_true(crypto_auth_verify(expect, in + 32, m, in) == 0, HAL_STR("crypto_auth_verify"));
        expect[7] ^= 0x10;
        check_true(crypto_auth_verify(expect, in + 32, m, in) == -1, HAL_STR("auth forgery"));
        break;
    case OP_VERIFY:
        got[0] = (unsigned char)(inlen == 64 ? crypto_verify_32(in, in + 32)
                                             : crypto_verify_16(in, in + 16));
        check_bytes(got, expect, 1, HAL_STR("crypto_verify"));
        break;
#else
    case OP_ONETIMEAUTH:
        m = inlen - 32u;
        crypto_onetimeauth(got, in + 32, m, in);
        check_bytes(got, expect, 16, HAL_STR("crypto_onetimeauth"));
        check_true(crypto_onetimeauth_verify(expect, in + 32, m, misaligned(32)) == 0,
                   HAL_STR("onetimeauth_verify"));
        expect[15] ^= 0x80;
        check_true(crypto_onetimeauth_verify(expect, in + 32, m, misaligned(32)) == -1,
                   HAL_STR("onetimeauth forgery"));
        break;
    case OP_STREAM:
        m = inlen - 56u;
        crypto_stream_xor(got, in + 56, m, in + 32, in);
        check_bytes(got, expect, (size_t)m, HAL_STR("crypto_stream_xor"));
        crypto_stream(got, m, in + 32, in);
        for (m = 0; m < inlen - 56u; m++) got[m] ^= in[56 + m];
        check_bytes(got, expect, (size_t)m, HAL_STR("crypto_stream"));
        break;
    case OP_STREAM_SALSA20:
        m = inlen - 40u;
        crypto_stream_salsa20_xor(got, in + 40, m, in + 32, in);
        check_bytes(got, expect, (size_t)m, HAL_STR("crypto_stream_salsa20_xor"));
        crypto_stream_salsa20(got, m, misaligned(40) + 32, misaligned(40));
        for (m = 0; m < inlen - 40u; m++) got[m] ^= in[40 + m];
        check_bytes(got, expect, (size_t)m, HAL_STR("crypto_stream_salsa20"));
        break;
    case OP_CORE_SALSA20:
        crypto_core_salsa20(got, in, in + 16, in + 48);
        check_bytes(got, expect, 64, HAL_STR("crypto_core_salsa20"));
        break;
    case OP_CORE_HSALSA20:
        crypto_core_hsalsa20(got, in, in + 16, in + 48);
        check_bytes(got, expect, 32, HAL_STR("crypto_core_hsalsa20"));
        break;
    case OP_SECRETBOX:
        m = inlen - 56u;
        if (m < 32) { /* every box starts with its 32 zero bytes */
            fail(HAL_STR("secretbox record shorter than its padding"));
            break;
        }
        check_true(crypto_secretbox(got, in + 56, m, in + 32, in) == 0,
                   HAL_STR("crypto_secretbox rc"));
        check_bytes(got, expect, (size_t)m, HAL_STR("crypto_secretbox"));
        check_true(crypto_secretbox_open(got, expect, m, in + 32, in) == 0,
                   HAL_STR("secretbox_open"));
        check_bytes(got, in + 56, (size_t)m, HAL_STR("secretbox_open plaintext"));
        expect[m - 1] ^= 1;
        check_true(crypto_secretbox_open(got, expect, m, in + 32, in) == -1,
                   HAL_STR("secretbox forgery"));
        memset(expect, 0, (size_t)m);
        check_bytes(got, expect, (size_t)m, HAL_STR("secretbox forgery zeroes output"));
        break;
#endif
    default:
        fail(HAL_STR("unknown op"));
    }
}
#elif SUITE_GROUP == 3
static unsigned char opened[MAXOUT];
static void run(void)
{
    unsigned long long m;
    switch (op) {
    case OP_SCALARMULT:
        got[32] = (unsigned char)crypto_scalarmult(got, in, in + 32);
        check_bytes(got, expect, 33, HAL_STR("crypto_scalarmult (output and return)"));
        break;
    case OP_SCALARMULT_BASE:
        check_true(crypto_scalarmult_base(got, in) == 0, HAL_STR("crypto_scalarmult_base rc"));
        check_bytes(got, expect, 32, HAL_STR("crypto_scalarmult_base"));
        break;
    case OP_BOX:
        m = inlen - 152u;
        check_true(crypto_box(got, in + 152, m, in + 128, in + 96, in) == 0,
                   HAL_STR("crypto_box rc"));
        check_bytes(got, expect, (size_t)m, HAL_STR("crypto_box"));
        check_true(crypto_box_open(opened, expect, m, in + 128, in + 32, in + 64) == 0,
                   HAL_STR("crypto_box_open"));
        check_bytes(opened, in + 152, (size_t)m, HAL_STR("crypto_box_open plaintext"));
        check_true(crypto_box_beforenm(got, in + 96, in) == 0, HAL_STR("beforenm rc"));
        check_true(crypto_box_afternm(opened, in + 152, m, in + 128, got) == 0,
                   HAL_STR("afternm rc"));
        check_bytes(opened, expect, (size_t)m, HAL_STR("crypto_box_afternm"));
        expect[20] ^= 4;
        check_true(crypto_box_open_afternm(opened, expect, m, in + 128, got) == -1,
                   HAL_STR("box forgery"));
        break;
    default:
        fail(HAL_STR("unknown op"));
    }
}
#elif SUITE_GROUP == 5
/* The AEADs' ops share one shape: key, nonce, adlen, ad, then the message or the ciphertext
 * and tag. */
struct aead_ops {
    size_t noncelen;
    int (*encrypt)(unsigned char *, unsigned long long *, const unsigned char *,
                   unsigned long long, const unsigned char *, unsigned long long,
                   const unsigned char *, const unsigned char *, const unsigned char *);
    int (*decrypt)(unsigned char *, unsigned long long *, unsigned char *, const unsigned char *,
                   unsigned long long, const unsigned char *, unsigned long long,
                   const unsigned char *, const unsigned char *);
    int (*decrypt_detached)(unsigned char *, unsigned char *, const unsigned char *,
                            unsigned long long, const unsigned char *, const unsigned char *,
                            unsigned long long, const unsigned char *, const unsigned char *);
};
static const struct aead_ops ietf = {12, crypto_aead_chacha20poly1305_ietf_encrypt,
                                     crypto_aead_chacha20poly1305_ietf_decrypt,
                                     crypto_aead_chacha20poly1305_ietf_decrypt_detached};
static const struct aead_ops xchacha = {24, crypto_aead_xchacha20poly1305_ietf_encrypt,
                                        crypto_aead_xchacha20poly1305_ietf_decrypt,
                                        crypto_aead_xchacha20poly1305_ietf_decrypt_detached};

/* Encrypts, checks c || tag, decrypts (combined, then detached in place), then a changed
 * tag must give -1 and zeros. */
static void aead_seal(const struct aead_ops *a)
{
    const unsigned char *k = in, *n = in + 32, *ad = in + 33 + a->noncelen;
    unsigned adlen = in[32 + a->noncelen];
    unsigned long long m = inlen - 33u - a->noncelen - adlen, len = 0;
    const unsigned char *msg = ad + adlen;

    check_true(a->encrypt(got, &len, msg, m, ad, adlen, NULL, n, k) == 0 && len == m + 16,
               HAL_STR("aead encrypt rc"));
    check_bytes(got, expect, (size_t)m + 16, HAL_STR("aead encrypt"));
    check_true(a->decrypt(got + m + 16, &len, NULL, got, m + 16, ad, adlen, n, k) == 0 &&
                   len == m,
               HAL_STR("aead decrypt rc"));
    check_bytes(got + m + 16, msg, (size_t)m, HAL_STR("aead decrypt"));
    check_true(a->decrypt_detached(got, NULL, got, m, expect + m, ad, adlen, n, k) == 0,
               HAL_STR("aead decrypt_detached rc"));
    check_bytes(got, msg, (size_t)m, HAL_STR("aead decrypt_detached"));
    expect[m + 5] ^= 0x40;
    check_true(a->decrypt(got, &len, NULL, expect, m + 16, ad, adlen, n, k) == -1 && len == 0,
               HAL_STR("aead forgery"));
    memset(expect, 0, (size_t)m);
    check_bytes(got, expect, (size_t)m, HAL_STR("aead forgery zeroes output"));
}

/* A verdict: rc and the plaintext (zeros when refused). */
static void aead_open(const struct aead_ops *a)
{
    const unsigned char *k = in, *n = in + 32, *ad = in + 33 + a->noncelen;
    unsigned adlen = in[32 + a->noncelen];
    unsigned long long clen = inlen - 33u - a->noncelen - adlen;
    memset(got, 0x5a, (size_t)clen);
    got[0] = (unsigned char)a->decrypt(got + 1, NULL, NULL, ad + adlen, clen, ad, adlen, n, k);
    check_bytes(got, expect, outlen, HAL_STR("aead verdict"));
}

static void run(void)
{
    static const unsigned char zero16[16];
    unsigned long long m;
    uint32_t ic;
    switch (op) {
    case OP_STREAM_CHACHA20:
        m = inlen - 40u;
        crypto_stream_chacha20_xor(got, in + 40, m, in + 32, in);
        check_bytes(got, expect, (size_t)m, HAL_STR("crypto_stream_chacha20_xor"));
        crypto_stream_chacha20(got, m, in + 32, in);
        for (m = 0; m < inlen - 40u; m++) got[m] ^= in[40 + m];
        check_bytes(got, expect, (size_t)m, HAL_STR("crypto_stream_chacha20"));
        break;
    case OP_STREAM_XCHACHA20:
        m = inlen - 56u;
        crypto_stream_xchacha20_xor(got, in + 56, m, in + 32, in);
        check_bytes(got, expect, (size_t)m, HAL_STR("crypto_stream_xchacha20_xor"));
        crypto_stream_xchacha20(got, m, in + 32, in);
        for (m = 0; m < inlen - 56u; m++) got[m] ^= in[56 + m];
        check_bytes(got, expect, (size_t)m, HAL_STR("crypto_stream_xchacha20"));
        break;
    case OP_STREAM_CHACHA20_IETF:
        m = inlen - 48u;
        ic = (uint32_t)in[44] | (uint32_t)in[45] << 8 | (uint32_t)in[46] << 16 |
             (uint32_t)in[47] << 24;
        memset(got, 0, (size_t)m + 1);
        got[0] = (unsigned char)crypto_stream_chacha20_ietf_xor_ic(got + 1, in + 48, m, in + 32,
                                                                   ic, in);
        check_bytes(got, expect, (size_t)m + 1, HAL_STR("crypto_stream_chacha20_ietf_xor_ic"));
        if (ic == 0) {
            crypto_stream_chacha20_ietf_xor(got + 1, in + 48, m, in + 32, in);
            check_bytes(got, expect, (size_t)m + 1, HAL_STR("crypto_stream_chacha20_ietf_xor"));
            crypto_stream_chacha20_ietf(got + 1, m, misaligned(44) + 32, misaligned(44));
            for (m = 0; m < inlen - 48u; m++) got[1 + m] ^= in[48 + m];
            check_bytes(got, expect, (size_t)m + 1, HAL_STR("crypto_stream_chacha20_ietf"));
        }
        break;
    case OP_CORE_HCHACHA20:
        crypto_core_hchacha20(got, in, in + 16, memcmp(in + 48, zero16, 16) ? in + 48 : NULL);
        check_bytes(got, expect, 32, HAL_STR("crypto_core_hchacha20"));
        break;
    case OP_AEAD_IETF:
        aead_seal(&ietf);
        break;
    case OP_AEAD_XCHACHA:
        aead_seal(&xchacha);
        break;
    case OP_AEAD_IETF_OPEN:
        aead_open(&ietf);
        break;
    case OP_AEAD_XCHACHA_OPEN:
        aead_open(&xchacha);
        break;
    default:
        fail(HAL_STR("unknown op"));
    }
}
#else
/* Where Ed25519 verification does not fit (HAL_ED25519_VERIFY_FITS), the group checks key
 * generation and signatures only, and says so. */

static void run(void)
{
    unsigned char pk[32], sk[64];
    unsigned long long m, smlen;
#if HAL_ED25519_VERIFY_FITS
    unsigned long long mlen;
#endif
    switch (op) {
    case OP_SIGN_KEYPAIR:
        crypto_sign_seed_keypair(pk, sk, in);
        check_bytes(pk, expect, 32, HAL_STR("crypto_sign_seed_keypair"));
        break;
    case OP_SIGN:
        m = inlen - 32u;
        crypto_sign_seed_keypair(pk, sk, in);
        crypto_sign_detached(got, NULL, in + 32, m, sk);
        check_bytes(got, expect, 64, HAL_STR("crypto_sign_detached"));
        crypto_sign(got, &smlen, in + 32, m, sk);
        check_true(smlen == m + 64, HAL_STR("crypto_sign length"));
        check_bytes(got, expect, 64, HAL_STR("crypto_sign signature"));
        check_bytes(got + 64, in + 32, (size_t)m, HAL_STR("crypto_sign message"));
#if HAL_ED25519_VERIFY_FITS
        check_true(crypto_sign_verify_detached(expect, in + 32, m, pk) == 0,
                   HAL_STR("verify_detached"));
        check_true(crypto_sign_open(got, &mlen, got, smlen, pk) == 0 && mlen == m,
                   HAL_STR("crypto_sign_open"));
        check_bytes(got, in + 32, (size_t)m, HAL_STR("crypto_sign_open message"));
        expect[40] ^= 2;
        check_true(crypto_sign_verify_detached(expect, in + 32, m, pk) == -1,
                   HAL_STR("sign forgery"));
#endif
        break;
    case OP_SIGN_VERIFY:
#if HAL_ED25519_VERIFY_FITS
        got[0] = (unsigned char)crypto_sign_verify_detached(in + 32, in + 96, inlen - 96u, in);
        check_bytes(got, expect, 1, HAL_STR("Wycheproof verdict"));
#else
        verify_not_run++;
#endif
        break;
    default:
        fail(HAL_STR("unknown op"));
    }
}
#endif

int main(void)
{
    size_t pos = 0;
    hal_setup();
    while (next_record(&pos)) {
        run();
        record_no++;
    }
    hal_puts_flash(HAL_STR("suite: "));
    hal_put_u32(record_no);
    hal_puts_flash(HAL_STR(" records, "));
    hal_put_u32(checks);
    hal_puts_flash(HAL_STR(" checks, "));
    hal_put_u32(failures);
    hal_puts_flash(HAL_STR(" failures\n"));
    if (verify_not_run > 0) {
        hal_puts_flash(HAL_STR("suite: Ed25519 verification not built for this MCU (its stack "
                               "does not fit 2 KB of RAM): "));
        hal_put_u32(verify_not_run);
        hal_puts_flash(HAL_STR(" verdict records not checked\n"));
    }
    hal_exit(failures == 0 && checks > 0 ? 0 : 1);
}
