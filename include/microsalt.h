/*
 * microsalt: the NaCl API for microcontrollers and hosts.
 *
 * Prototypes, byte outputs and the ZEROBYTES/BOXZEROBYTES padding convention are those of
 * NaCl and TweetNaCl; crypto_sign_seed_keypair, crypto_sign_detached and
 * crypto_sign_verify_detached follow libsodium. The short names (crypto_box) are the linked
 * symbols; the full NaCl names (crypto_box_curve25519xsalsa20poly1305) are macros for them.
 *
 * Every function returns 0 on success and -1 on failure, except crypto_hashblocks (bytes left).
 * crypto_scalarmult, crypto_box_beforenm and the box functions built on them return -1 when
 * the shared point is all zeros (a low-order public key), as libsodium does; the output is
 * still written, so NaCl callers that ignore the result see NaCl's bytes.
 */
#ifndef MICROSALT_H
#define MICROSALT_H

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) || defined(__clang__)
#define MICROSALT_WARN_UNUSED_RESULT __attribute__((warn_unused_result))
#else
#define MICROSALT_WARN_UNUSED_RESULT
#endif

/* ---- crypto_box: curve25519xsalsa20poly1305 ------------------------------------------ */
#define crypto_box_PUBLICKEYBYTES 32
#define crypto_box_SECRETKEYBYTES 32
#define crypto_box_BEFORENMBYTES 32
#define crypto_box_NONCEBYTES 24
#define crypto_box_ZEROBYTES 32
#define crypto_box_BOXZEROBYTES 16
#define crypto_box_PRIMITIVE "curve25519xsalsa20poly1305"

int crypto_box_keypair(unsigned char *pk, unsigned char *sk);
int crypto_box(unsigned char *c, const unsigned char *m, unsigned long long mlen,
               const unsigned char *n, const unsigned char *pk, const unsigned char *sk);
MICROSALT_WARN_UNUSED_RESULT
int crypto_box_open(unsigned char *m, const unsigned char *c, unsigned long long clen,
                    const unsigned char *n, const unsigned char *pk, const unsigned char *sk);
int crypto_box_beforenm(unsigned char *k, const unsigned char *pk, const unsigned char *sk);
int crypto_box_afternm(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                       const unsigned char *n, const unsigned char *k);
MICROSALT_WARN_UNUSED_RESULT
int crypto_box_open_afternm(unsigned char *m, const unsigned char *c, unsigned long long clen,
                            const unsigned char *n, const unsigned char *k);

/* ---- crypto_secretbox: xsalsa20poly1305 ----------------------------------------------- */
#define crypto_secretbox_KEYBYTES 32
#define crypto_secretbox_NONCEBYTES 24
#define crypto_secretbox_ZEROBYTES 32
#define crypto_secretbox_BOXZEROBYTES 16
#define crypto_secretbox_PRIMITIVE "xsalsa20poly1305"

int crypto_secretbox(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                     const unsigned char *n, const unsigned char *k);
MICROSALT_WARN_UNUSED_RESULT
int crypto_secretbox_open(unsigned char *m, const unsigned char *c, unsigned long long clen,
                          const unsigned char *n, const unsigned char *k);

/* ---- crypto_sign: ed25519 ------------------------------------------------------------- */
#define crypto_sign_BYTES 64
#define crypto_sign_PUBLICKEYBYTES 32
#define crypto_sign_SECRETKEYBYTES 64 /* 32-byte seed || 32-byte public key */
#define crypto_sign_SEEDBYTES 32
#define crypto_sign_PRIMITIVE "ed25519"

int crypto_sign_keypair(unsigned char *pk, unsigned char *sk);
int crypto_sign_seed_keypair(unsigned char *pk, unsigned char *sk, const unsigned char *seed);
/* sm = signature (64 bytes) || m; *smlen = mlen + 64. */
int crypto_sign(unsigned char *sm, unsigned long long *smlen, const unsigned char *m,
                unsigned long long mlen, const unsigned char *sk);
/* m needs room for smlen - 64 bytes (NaCl callers give smlen); on failure *mlen = 0 and
 * m[0..smlen - 64) is zeroed. */
MICROSALT_WARN_UNUSED_RESULT
int crypto_sign_open(unsigned char *m, unsigned long long *mlen, const unsigned char *sm,
                     unsigned long long smlen, const unsigned char *pk);
/* siglen may be NULL. */
int crypto_sign_detached(unsigned char *sig, unsigned long long *siglen, const unsigned char *m,
                         unsigned long long mlen, const unsigned char *sk);
MICROSALT_WARN_UNUSED_RESULT
int crypto_sign_verify_detached(const unsigned char *sig, const unsigned char *m,
                                unsigned long long mlen, const unsigned char *pk);

/* ---- crypto_hash: sha512; crypto_hashblocks: sha512 compression ----------------------- */
#define crypto_hash_BYTES 64
#define crypto_hash_PRIMITIVE "sha512"
#define crypto_hashblocks_STATEBYTES 64
#define crypto_hashblocks_BLOCKBYTES 128
#define crypto_hashblocks_PRIMITIVE "sha512"

int crypto_hash(unsigned char *out, const unsigned char *m, unsigned long long mlen);
/* Consumes the whole 128-byte blocks of in, updating the big-endian 64-byte state;
 * returns the number of bytes left over (inlen mod 128). */
int crypto_hashblocks(unsigned char *statebytes, const unsigned char *in,
                      unsigned long long inlen);

/* ---- crypto_auth: hmacsha512256 ------------------------------------------------------- */
#define crypto_auth_BYTES 32
#define crypto_auth_KEYBYTES 32
#define crypto_auth_PRIMITIVE "hmacsha512256"

int crypto_auth(unsigned char *a, const unsigned char *m, unsigned long long mlen,
                const unsigned char *k);
MICROSALT_WARN_UNUSED_RESULT
int crypto_auth_verify(const unsigned char *a, const unsigned char *m, unsigned long long mlen,
                       const unsigned char *k);

/* ---- crypto_onetimeauth: poly1305 ----------------------------------------------------- */
#define crypto_onetimeauth_BYTES 16
#define crypto_onetimeauth_KEYBYTES 32
#define crypto_onetimeauth_PRIMITIVE "poly1305"

int crypto_onetimeauth(unsigned char *a, const unsigned char *m, unsigned long long mlen,
                       const unsigned char *k);
MICROSALT_WARN_UNUSED_RESULT
int crypto_onetimeauth_verify(const unsigned char *a, const unsigned char *m,
                              unsigned long long mlen, const unsigned char *k);

/* ---- crypto_stream: xsalsa20; crypto_stream_salsa20 ----------------------------------- */
#define crypto_stream_KEYBYTES 32
#define crypto_stream_NONCEBYTES 24
#define crypto_stream_PRIMITIVE "xsalsa20"
#define crypto_stream_salsa20_KEYBYTES 32
#define crypto_stream_salsa20_NONCEBYTES 8

int crypto_stream(unsigned char *c, unsigned long long clen, const unsigned char *n,
                  const unsigned char *k);
int crypto_stream_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                      const unsigned char *n, const unsigned char *k);
int crypto_stream_salsa20(unsigned char *c, unsigned long long clen, const unsigned char *n,
                          const unsigned char *k);
int crypto_stream_salsa20_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                              const unsigned char *n, const unsigned char *k);

/* ---- crypto_core: salsa20, hsalsa20 --------------------------------------------------- */
#define crypto_core_salsa20_OUTPUTBYTES 64
#define crypto_core_salsa20_INPUTBYTES 16
#define crypto_core_salsa20_KEYBYTES 32
#define crypto_core_salsa20_CONSTBYTES 16
#define crypto_core_hsalsa20_OUTPUTBYTES 32
#define crypto_core_hsalsa20_INPUTBYTES 16
#define crypto_core_hsalsa20_KEYBYTES 32
#define crypto_core_hsalsa20_CONSTBYTES 16

int crypto_core_salsa20(unsigned char *out, const unsigned char *in, const unsigned char *k,
                        const unsigned char *c);
int crypto_core_hsalsa20(unsigned char *out, const unsigned char *in, const unsigned char *k,
                         const unsigned char *c);

/* ---- ChaCha20, HChaCha20, XChaCha20 (libsodium's names and semantics) ------------------- */
/* crypto_stream_chacha20: the original ChaCha20, 8-byte nonce and 64-bit block counter.
 * crypto_stream_chacha20_ietf: RFC 8439, 12-byte nonce and 32-bit block counter; a request
 * that would run the counter past 2^32 - 1 returns -1 and writes nothing.
 * crypto_stream_xchacha20: 24-byte nonce; HChaCha20 of its first 16 bytes keys the original
 * ChaCha20 with its last 8. The _xor_ic forms start at block ic instead of 0. */
#define crypto_stream_chacha20_KEYBYTES 32
#define crypto_stream_chacha20_NONCEBYTES 8
#define crypto_stream_chacha20_ietf_KEYBYTES 32
#define crypto_stream_chacha20_ietf_NONCEBYTES 12
#define crypto_stream_chacha20_ietf_MESSAGEBYTES_MAX (64ULL << 32)
#define crypto_stream_xchacha20_KEYBYTES 32
#define crypto_stream_xchacha20_NONCEBYTES 24
#define crypto_core_hchacha20_OUTPUTBYTES 32
#define crypto_core_hchacha20_INPUTBYTES 16
#define crypto_core_hchacha20_KEYBYTES 32
#define crypto_core_hchacha20_CONSTBYTES 16

int crypto_stream_chacha20(unsigned char *c, unsigned long long clen, const unsigned char *n,
                           const unsigned char *k);
int crypto_stream_chacha20_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                               const unsigned char *n, const unsigned char *k);
int crypto_stream_chacha20_xor_ic(unsigned char *c, const unsigned char *m,
                                  unsigned long long mlen, const unsigned char *n, uint64_t ic,
                                  const unsigned char *k);
int crypto_stream_chacha20_ietf(unsigned char *c, unsigned long long clen, const unsigned char *n,
                                const unsigned char *k);
int crypto_stream_chacha20_ietf_xor(unsigned char *c, const unsigned char *m,
                                    unsigned long long mlen, const unsigned char *n,
                                    const unsigned char *k);
int crypto_stream_chacha20_ietf_xor_ic(unsigned char *c, const unsigned char *m,
                                       unsigned long long mlen, const unsigned char *n,
                                       uint32_t ic, const unsigned char *k);
int crypto_stream_xchacha20(unsigned char *c, unsigned long long clen, const unsigned char *n,
                            const unsigned char *k);
int crypto_stream_xchacha20_xor(unsigned char *c, const unsigned char *m,
                                unsigned long long mlen, const unsigned char *n,
                                const unsigned char *k);
int crypto_stream_xchacha20_xor_ic(unsigned char *c, const unsigned char *m,
                                   unsigned long long mlen, const unsigned char *n, uint64_t ic,
                                   const unsigned char *k);
/* c: the 16-byte constant, or NULL for "expand 32-byte k". */
int crypto_core_hchacha20(unsigned char *out, const unsigned char *in, const unsigned char *k,
                          const unsigned char *c);

/* ---- AEAD: ChaCha20-Poly1305 (RFC 8439) and XChaCha20-Poly1305 -------------------------- */
/* libsodium's functions: c is the ciphertext followed by the 16-byte tag (clen = mlen + 16);
 * the _detached forms keep the tag apart. nsec is unused and must be NULL. Decryption returns
 * -1 and zeroes m (all clen - 16 bytes) when the tag does not verify. Messages longer than
 * MESSAGEBYTES_MAX are refused with -1 (the 32-bit block counter must not wrap). m and c may be the
 * same buffer. MESSAGEBYTES_MAX is libsodium's: block 0 keys Poly1305, and libsodium keeps one
 * more block in reserve. */
#define crypto_aead_chacha20poly1305_ietf_KEYBYTES 32
#define crypto_aead_chacha20poly1305_ietf_NSECBYTES 0
#define crypto_aead_chacha20poly1305_ietf_NPUBBYTES 12
#define crypto_aead_chacha20poly1305_ietf_ABYTES 16
#define crypto_aead_chacha20poly1305_ietf_MESSAGEBYTES_MAX (64ULL * 0xfffffffeULL)
#define crypto_aead_xchacha20poly1305_ietf_KEYBYTES 32
#define crypto_aead_xchacha20poly1305_ietf_NSECBYTES 0
#define crypto_aead_xchacha20poly1305_ietf_NPUBBYTES 24
#define crypto_aead_xchacha20poly1305_ietf_ABYTES 16
#define crypto_aead_xchacha20poly1305_ietf_MESSAGEBYTES_MAX (64ULL * 0xfffffffeULL)

int crypto_aead_chacha20poly1305_ietf_encrypt(unsigned char *c, unsigned long long *clen_p,
                                              const unsigned char *m, unsigned long long mlen,
                                              const unsigned char *ad, unsigned long long adlen,
                                              const unsigned char *nsec,
                                              const unsigned char *npub, const unsigned char *k);
MICROSALT_WARN_UNUSED_RESULT
int crypto_aead_chacha20poly1305_ietf_decrypt(unsigned char *m, unsigned long long *mlen_p,
                                              unsigned char *nsec, const unsigned char *c,
                                              unsigned long long clen, const unsigned char *ad,
                                              unsigned long long adlen,
                                              const unsigned char *npub, const unsigned char *k);
int crypto_aead_chacha20poly1305_ietf_encrypt_detached(
    unsigned char *c, unsigned char *mac, unsigned long long *maclen_p, const unsigned char *m,
    unsigned long long mlen, const unsigned char *ad, unsigned long long adlen,
    const unsigned char *nsec, const unsigned char *npub, const unsigned char *k);
MICROSALT_WARN_UNUSED_RESULT
int crypto_aead_chacha20poly1305_ietf_decrypt_detached(
    unsigned char *m, unsigned char *nsec, const unsigned char *c, unsigned long long clen,
    const unsigned char *mac, const unsigned char *ad, unsigned long long adlen,
    const unsigned char *npub, const unsigned char *k);
int crypto_aead_xchacha20poly1305_ietf_encrypt(unsigned char *c, unsigned long long *clen_p,
                                               const unsigned char *m, unsigned long long mlen,
                                               const unsigned char *ad, unsigned long long adlen,
                                               const unsigned char *nsec,
                                               const unsigned char *npub, const unsigned char *k);
MICROSALT_WARN_UNUSED_RESULT
int crypto_aead_xchacha20poly1305_ietf_decrypt(unsigned char *m, unsigned long long *mlen_p,
                                               unsigned char *nsec, const unsigned char *c,
                                               unsigned long long clen, const unsigned char *ad,
                                               unsigned long long adlen,
                                               const unsigned char *npub, const unsigned char *k);
int crypto_aead_xchacha20poly1305_ietf_encrypt_detached(
    unsigned char *c, unsigned char *mac, unsigned long long *maclen_p, const unsigned char *m,
    unsigned long long mlen, const unsigned char *ad, unsigned long long adlen,
    const unsigned char *nsec, const unsigned char *npub, const unsigned char *k);
MICROSALT_WARN_UNUSED_RESULT
int crypto_aead_xchacha20poly1305_ietf_decrypt_detached(
    unsigned char *m, unsigned char *nsec, const unsigned char *c, unsigned long long clen,
    const unsigned char *mac, const unsigned char *ad, unsigned long long adlen,
    const unsigned char *npub, const unsigned char *k);

/* ---- crypto_scalarmult: curve25519 ---------------------------------------------------- */
#define crypto_scalarmult_BYTES 32
#define crypto_scalarmult_SCALARBYTES 32
#define crypto_scalarmult_PRIMITIVE "curve25519"

int crypto_scalarmult(unsigned char *q, const unsigned char *n, const unsigned char *p);
int crypto_scalarmult_base(unsigned char *q, const unsigned char *n);

/* ---- crypto_kem_ntrulpr761: NTRU LPRime (NTRU Prime round 3), a post-quantum KEM ------- */
/* SUPERCOP/NIST API, byte-exact with the round-3 specification and its KAT. keypair and enc
 * draw from randombytes. dec returns 0 also when it rejects a ciphertext: ss is then the
 * specification's implicit-rejection value, a pseudorandom function of the secret key and
 * the ciphertext. */
#define crypto_kem_ntrulpr761_PUBLICKEYBYTES 1039
#define crypto_kem_ntrulpr761_SECRETKEYBYTES 1294
#define crypto_kem_ntrulpr761_CIPHERTEXTBYTES 1167
#define crypto_kem_ntrulpr761_BYTES 32
#define crypto_kem_ntrulpr761_PRIMITIVE "ntrulpr761"

int crypto_kem_ntrulpr761_keypair(unsigned char *pk, unsigned char *sk);
int crypto_kem_ntrulpr761_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk);
int crypto_kem_ntrulpr761_dec(unsigned char *ss, const unsigned char *ct,
                              const unsigned char *sk);

/* ---- crypto_verify: constant-time comparison ------------------------------------------ */
#define crypto_verify_16_BYTES 16
#define crypto_verify_32_BYTES 32

MICROSALT_WARN_UNUSED_RESULT
int crypto_verify_16(const unsigned char *x, const unsigned char *y);
MICROSALT_WARN_UNUSED_RESULT
int crypto_verify_32(const unsigned char *x, const unsigned char *y);

/* ---- randombytes ---------------------------------------------------------------------- */
/* Hosted builds take bytes from the OS and abort if it fails. Bare-metal builds take them from
 * the generator below, and stop in randombytes_fatal if it was never initialised: they never
 * return weak bytes. An application may still define randombytes itself instead. */
void randombytes(unsigned char *buf, unsigned long long len);

/* ---- The generator for chips without an OS (docs/rng.md) ------------------------------
 * Seeded from raw entropy (by default the SRAM start-up noise of a .noinit region) through
 * health tests and SHA-512; output from Salsa20 with fast key erasure. One generator per
 * program; not thread- or interrupt-safe. Built on hosts too (their randombytes stays the
 * OS's), where the tests drive it directly. */
#define RANDOMBYTES_SEEDBYTES 32

/* Optional persistence of a seed in EEPROM or flash: mixed into every initialisation and
 * replaced at once, so that entropy accumulates across boots and no two boots, warm resets
 * included, produce the same stream. Each callback returns 0 on success, -1 on failure (read:
 * no seed stored yet, which is not an error). */
typedef struct randombytes_store {
    int (*read)(unsigned char seed[RANDOMBYTES_SEEDBYTES], void *ctx);
    int (*write)(const unsigned char seed[RANDOMBYTES_SEEDBYTES], void *ctx);
    void *ctx;
} randombytes_store;

/* Initialises from len bytes of raw entropy and the store (NULL: none). Fails (-1), leaving
 * the generator unusable, when the bytes fail the health tests (NIST SP 800-90B repetition
 * count and adaptive proportion tests, any repeating pattern of up to 16 bytes) or are too few
 * for 384 bits by the build's per-bit claim (MICROSALT_RNG_MILLIBITS, default 0.03 bits per
 * bit: 1,600 bytes), or when the store's write fails. The caller wipes its buffer. */
MICROSALT_WARN_UNUSED_RESULT
int randombytes_seed(const unsigned char *entropy, unsigned long long len,
                     const randombytes_store *store);

/* Bare metal only: randombytes_seed on the MICROSALT_RNG_SRAM_BYTES (default 1,600) bytes of
 * the .noinit region, which the startup code leaves as the SRAM powered up; on success the
 * region is overwritten with generator output, so that neither a later memory dump nor a warm
 * reset finds the raw bytes again. */
MICROSALT_WARN_UNUSED_RESULT
int randombytes_seed_sram(const randombytes_store *store); /* bare metal only */

/* Mixes more input (a device-unique ID, ADC noise, timer jitter) into the key; no health
 * test, no entropy claimed. -1 before a successful initialisation. */
int randombytes_mix(const unsigned char *in, unsigned long long len);

/* Mixes fresh raw entropy (a hardware RNG's output, a new SRAM sample) after the same tests
 * and size requirement as randombytes_seed; -1, the key unchanged, if it fails them or the
 * generator is not initialised. */
MICROSALT_WARN_UNUSED_RESULT
int randombytes_reseed(const unsigned char *entropy, unsigned long long len);

/* len bytes of output; -1 with out zeroed before a successful initialisation. */
MICROSALT_WARN_UNUSED_RESULT
int randombytes_generate(unsigned char *out, unsigned long long len);

/* Bare metal only: called by randombytes when the generator cannot deliver, then randombytes
 * stops the program in an endless loop. The library's default does nothing; an application
 * defines its own to log, reset the chip or signal the failure. */
void randombytes_fatal(void); /* bare metal only */

/* ---- Full NaCl names ------------------------------------------------------------------ */
#define crypto_box_curve25519xsalsa20poly1305_PUBLICKEYBYTES crypto_box_PUBLICKEYBYTES
#define crypto_box_curve25519xsalsa20poly1305_SECRETKEYBYTES crypto_box_SECRETKEYBYTES
#define crypto_box_curve25519xsalsa20poly1305_BEFORENMBYTES crypto_box_BEFORENMBYTES
#define crypto_box_curve25519xsalsa20poly1305_NONCEBYTES crypto_box_NONCEBYTES
#define crypto_box_curve25519xsalsa20poly1305_ZEROBYTES crypto_box_ZEROBYTES
#define crypto_box_curve25519xsalsa20poly1305_BOXZEROBYTES crypto_box_BOXZEROBYTES
#define crypto_box_curve25519xsalsa20poly1305_keypair crypto_box_keypair
#define crypto_box_curve25519xsalsa20poly1305 crypto_box
#define crypto_box_curve25519xsalsa20poly1305_open crypto_box_open
#define crypto_box_curve25519xsalsa20poly1305_beforenm crypto_box_beforenm
#define crypto_box_curve25519xsalsa20poly1305_afternm crypto_box_afternm
#define crypto_box_curve25519xsalsa20poly1305_open_afternm crypto_box_open_afternm

#define crypto_secretbox_xsalsa20poly1305_KEYBYTES crypto_secretbox_KEYBYTES
#define crypto_secretbox_xsalsa20poly1305_NONCEBYTES crypto_secretbox_NONCEBYTES
#define crypto_secretbox_xsalsa20poly1305_ZEROBYTES crypto_secretbox_ZEROBYTES
#define crypto_secretbox_xsalsa20poly1305_BOXZEROBYTES crypto_secretbox_BOXZEROBYTES
#define crypto_secretbox_xsalsa20poly1305 crypto_secretbox
#define crypto_secretbox_xsalsa20poly1305_open crypto_secretbox_open

#define crypto_sign_ed25519_BYTES crypto_sign_BYTES
#define crypto_sign_ed25519_PUBLICKEYBYTES crypto_sign_PUBLICKEYBYTES
#define crypto_sign_ed25519_SECRETKEYBYTES crypto_sign_SECRETKEYBYTES
#define crypto_sign_ed25519_SEEDBYTES crypto_sign_SEEDBYTES
#define crypto_sign_ed25519_keypair crypto_sign_keypair
#define crypto_sign_ed25519_seed_keypair crypto_sign_seed_keypair
#define crypto_sign_ed25519 crypto_sign
#define crypto_sign_ed25519_open crypto_sign_open
#define crypto_sign_ed25519_detached crypto_sign_detached
#define crypto_sign_ed25519_verify_detached crypto_sign_verify_detached

#define crypto_hash_sha512_BYTES crypto_hash_BYTES
#define crypto_hash_sha512 crypto_hash
#define crypto_hashblocks_sha512_STATEBYTES crypto_hashblocks_STATEBYTES
#define crypto_hashblocks_sha512_BLOCKBYTES crypto_hashblocks_BLOCKBYTES
#define crypto_hashblocks_sha512 crypto_hashblocks

#define crypto_auth_hmacsha512256_BYTES crypto_auth_BYTES
#define crypto_auth_hmacsha512256_KEYBYTES crypto_auth_KEYBYTES
#define crypto_auth_hmacsha512256 crypto_auth
#define crypto_auth_hmacsha512256_verify crypto_auth_verify

#define crypto_onetimeauth_poly1305_BYTES crypto_onetimeauth_BYTES
#define crypto_onetimeauth_poly1305_KEYBYTES crypto_onetimeauth_KEYBYTES
#define crypto_onetimeauth_poly1305 crypto_onetimeauth
#define crypto_onetimeauth_poly1305_verify crypto_onetimeauth_verify

#define crypto_stream_xsalsa20_KEYBYTES crypto_stream_KEYBYTES
#define crypto_stream_xsalsa20_NONCEBYTES crypto_stream_NONCEBYTES
#define crypto_stream_xsalsa20 crypto_stream
#define crypto_stream_xsalsa20_xor crypto_stream_xor

#define crypto_scalarmult_curve25519_BYTES crypto_scalarmult_BYTES
#define crypto_scalarmult_curve25519_SCALARBYTES crypto_scalarmult_SCALARBYTES
#define crypto_scalarmult_curve25519 crypto_scalarmult
#define crypto_scalarmult_curve25519_base crypto_scalarmult_base

#ifdef __cplusplus
}
#endif

#endif
