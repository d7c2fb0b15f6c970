/*
 * What a peer's adapter (bench/peers/<peer>.c) offers the peer firmware (bench/fw/peer.c): one
 * function per operation the lab compares, in microsalt's byte formats. An adapter defines
 * those its library has; the others stay weak and unresolved (null), and the firmware skips
 * them, so no adapter lists its operations twice. Every function returns 0 on success, and -1
 * on failure or, for the verifications, on a forgery.
 *
 * Layouts are NaCl's where an operation has one (signed messages: signature then message;
 * boxes: 32 zero bytes then the message), libsodium's otherwise (AEAD: ciphertext then tag).
 * Messages are processed in place where the firmware passes the same pointer twice.
 * P-256 values are big-endian: scalars 32 bytes, points x || y (64 bytes), signatures r || s.
 */
#ifndef MICROSALT_PEER_ADAPTER_H
#define MICROSALT_PEER_ADAPTER_H

#include <stddef.h>
#include <stdint.h>

#define PEER_WEAK __attribute__((weak))

/* The largest message the firmware passes, so adapters can size their buffers: 1024 bytes,
 * or 128 where 2 KB of RAM must also hold the peer's stack. */
#if defined(HAL_RAM_BYTES) && HAL_RAM_BYTES < 4096
#define PEER_MAX_BYTES 128
#else
#define PEER_MAX_BYTES 1024
#endif

/* X25519 (RFC 7748). */
PEER_WEAK int peer_x25519(uint8_t q[32], const uint8_t n[32], const uint8_t p[32]);
PEER_WEAK int peer_x25519_base(uint8_t q[32], const uint8_t n[32]);

/* Ed25519 (RFC 8032). sk is NaCl's: seed || public key. sm holds 64 + n bytes: the signature
 * is written into its first 64, the message lies in the rest (m == sm + 64). */
PEER_WEAK int peer_ed25519_sign(uint8_t *sm, const uint8_t *m, size_t n, const uint8_t sk[64]);
PEER_WEAK int peer_ed25519_verify(const uint8_t *sm, size_t n, const uint8_t pk[32]);

/* ChaCha20-Poly1305 (RFC 8439) without associated data: c holds n + 16 bytes. */
PEER_WEAK int peer_aead_encrypt(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                                const uint8_t key[32]);
PEER_WEAK int peer_aead_decrypt(uint8_t *m, const uint8_t *c, size_t n, const uint8_t nonce[12],
                                const uint8_t key[32]);

/* SHA-512, Poly1305, and the ChaCha20 (RFC 8439, counter 0) and Salsa20 streams. */
PEER_WEAK int peer_sha512(uint8_t h[64], const uint8_t *m, size_t n);
PEER_WEAK int peer_poly1305(uint8_t tag[16], const uint8_t *m, size_t n, const uint8_t key[32]);
PEER_WEAK int peer_chacha20(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                            const uint8_t key[32]);
PEER_WEAK int peer_salsa20(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[8],
                           const uint8_t key[32]);

/* NaCl's crypto_box and crypto_secretbox, n bytes including the 32 zero bytes. */
PEER_WEAK int peer_box(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[24],
                       const uint8_t pk[32], const uint8_t sk[32]);
PEER_WEAK int peer_secretbox(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[24],
                             const uint8_t key[32]);

/* P-256 (NIST SP 800-186): the public key of d, ECDH (the x coordinate of d * q), ECDSA over a
 * 32-byte digest (sign may use randombytes). */
PEER_WEAK int peer_p256_public(uint8_t q[64], const uint8_t d[32]);
PEER_WEAK int peer_p256_ecdh(uint8_t z[32], const uint8_t d[32], const uint8_t q[64]);
PEER_WEAK int peer_p256_sign(uint8_t sig[64], const uint8_t d[32], const uint8_t digest[32]);
PEER_WEAK int peer_p256_verify(const uint8_t sig[64], const uint8_t q[64],
                               const uint8_t digest[32]);

/* A peer's own signature scheme, where it has no Ed25519 (libhydrogen: Schnorr signatures on
 * Curve25519 with Gimli): keys from a 32-byte seed, signatures of 64 bytes. Checked by
 * verification and a forgery alone, as no other implementation computes it. */
PEER_WEAK int peer_own_sign_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32]);
PEER_WEAK int peer_own_sign(uint8_t sig[64], const uint8_t *m, size_t n, const uint8_t sk[64]);
PEER_WEAK int peer_own_verify(const uint8_t sig[64], const uint8_t *m, size_t n,
                              const uint8_t pk[32]);

#endif
