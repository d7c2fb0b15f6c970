/*
 * Mbed TLS 2.28.3 for the lab (bench/peers/mbedtls.c), as MBEDTLS_CONFIG_FILE: a bare-metal,
 * microcontroller-style build of just the operations the lab compares: X25519 (ECP on
 * Curve25519), ChaCha20, Poly1305, ChaCha20-Poly1305, SHA-512 and P-256 (ECDH, ECDSA).
 * Mbed TLS 2.28 has no Ed25519. No TLS, no file system, no threads, no OS entropy, no clock.
 *
 * Choices:
 *  - ECP: MBEDTLS_ECP_WINDOW_SIZE and MBEDTLS_ECP_FIXED_POINT_OPTIM keep their defaults (4 and
 *    1: comb tables of up to 2^(4-1) points, and P-256's precomputed base-point table in flash);
 *    Mbed TLS documents lowering them (configs/config-suite-b.h uses 2 and 0) to save RAM at a
 *    cost in speed, which is not needed where these fit. MBEDTLS_ECP_NIST_OPTIM (the fast
 *    P-256 reduction) is on, as in the default configuration.
 *  - MBEDTLS_HAVE_ASM, the default: bn_mul.h's inline assembly where it has some (Thumb and
 *    Thumb-2, x86-64), portable C elsewhere (AVR).
 *  - MBEDTLS_MPI_MAX_SIZE 32: no number is larger than 256 bits here (as config-suite-b.h
 *    sizes it for its curves); it bounds only some stack buffers.
 *  - The heap: bignums come from mbedtls_calloc and mbedtls_free, which
 *    MBEDTLS_PLATFORM_MEMORY with the _MACRO options binds at compile time to a static-buffer
 *    allocator in the adapter (bench/peers/mbedtls.c), so neither newlib's nor avr-libc's
 *    malloc (nor _sbrk, which the bare Cortex-M firmware lacks) is linked, and heap use is
 *    bounded by a buffer counted in the firmware's static RAM.
 *  - No entropy module: ECDSA nonces and the ECP blinding draw from an f_rng the adapter gives
 *    them, which calls the application's randombytes.
 */
#ifndef MICROSALT_LAB_MBEDTLS_CONFIG_H
#define MICROSALT_LAB_MBEDTLS_CONFIG_H

/* System */
#define MBEDTLS_HAVE_ASM
#define MBEDTLS_NO_PLATFORM_ENTROPY
#define MBEDTLS_PLATFORM_C
#define MBEDTLS_PLATFORM_MEMORY
#define MBEDTLS_PLATFORM_NO_STD_FUNCTIONS
#define MBEDTLS_PLATFORM_CALLOC_MACRO mbedtls_lab_calloc
#define MBEDTLS_PLATFORM_FREE_MACRO mbedtls_lab_free
#include <stddef.h>
void *mbedtls_lab_calloc(size_t n, size_t size);
void mbedtls_lab_free(void *p);

/* Symmetric primitives */
#define MBEDTLS_CHACHA20_C
#define MBEDTLS_POLY1305_C
#define MBEDTLS_CHACHAPOLY_C
#define MBEDTLS_SHA512_C

/* Public key: big numbers, elliptic curves, ECDH, ECDSA (which needs ASN.1 for its DER
 * functions, unused here) */
#define MBEDTLS_BIGNUM_C
#define MBEDTLS_ECP_C
#define MBEDTLS_ECP_DP_SECP256R1_ENABLED
#define MBEDTLS_ECP_DP_CURVE25519_ENABLED
#define MBEDTLS_ECP_NIST_OPTIM
#define MBEDTLS_ECP_NO_INTERNAL_RNG /* the adapter always passes its f_rng */
#define MBEDTLS_ECDH_C
#define MBEDTLS_ECDSA_C
#define MBEDTLS_ASN1_PARSE_C
#define MBEDTLS_ASN1_WRITE_C

#define MBEDTLS_MPI_MAX_SIZE 32

#include "mbedtls/check_config.h"

#endif
