/*
 * wolfCrypt 5.5.4 for the lab (bench/peers/wolfssl.c): a bare-metal, microcontroller-style
 * configuration (WOLFSSL_USER_SETTINGS) with just the operations the lab compares: X25519,
 * Ed25519, ChaCha20, Poly1305, ChaCha20-Poly1305, SHA-512 and P-256 (ECDH, ECDSA). Nothing of
 * TLS, no file system, no threads, no OS entropy, no heap.
 *
 * Choices, following wolfSSL's own guidance for embedded targets (its GCC-ARM example
 * configuration, IDE/GCC-ARM/Header/user_settings.h, and the "small footprint" options of
 * its manual):
 *  - Curve25519 and Ed25519: wolfSSL's default code (fe_operations.c, ge_operations.c), and,
 *    for the lab's second wolfSSL build (MICROSALT_LAB_WOLFSSL_SMALL, bench/peers/peers.py),
 *    CURVED25519_SMALL (= CURVE25519_SMALL + ED25519_SMALL): the low-memory field and group
 *    code (fe_low_mem.c, ge_low_mem.c) that the vendor's microcontroller example selects.
 *  - Math: the single-precision P-256 code (WOLFSSL_SP_MATH + WOLFSSL_HAVE_SP_ECC, in C:
 *    sp_c32.c, or sp_c64.c on 64-bit hosts) with WOLFSSL_SP_SMALL, the variant wolfSSL
 *    recommends for constrained devices: fixed-size numbers on the stack, no heap, timing
 *    resistant. Its Cortex-M assembly (WOLFSSL_SP_ARM_CORTEX_M_ASM) is left out so that one
 *    portable build serves every target of a family (Cortex-M0 lacks UMULL/UMLAL).
 *  - WOLFSSL_NO_MALLOC (+ NO_WOLFSSL_MEMORY): XMALLOC is null, so any heap use would fail
 *    visibly; none of the code paths used here allocates.
 *  - The random source: WC_NO_HASHDRBG with CUSTOM_RAND_GENERATE_BLOCK, so WC_RNG draws
 *    straight from the application's randombytes (the firmware's on targets, microsalt's on the
 *    host) instead of a Hash-DRBG seeded from an OS; the lab's ECDSA nonces need no more.
 *  - No SMALL_STACK: it would move buffers to the (absent) heap.
 */
#ifndef MICROSALT_LAB_WOLFSSL_USER_SETTINGS_H
#define MICROSALT_LAB_WOLFSSL_USER_SETTINGS_H

/* Platform: one thread, no OS, no file system, no sockets, no clock. */
#define SINGLE_THREADED
#define NO_FILESYSTEM
#define NO_WRITEV
#define NO_MAIN_DRIVER
#define NO_DEV_RANDOM
#define WOLFSSL_NO_SOCK
#define WOLFSSL_USER_IO
#define NO_ASN_TIME
#define WOLFCRYPT_ONLY
#define NO_ERROR_STRINGS
#define WOLFSSL_IGNORE_FILE_WARN
#define SIZEOF_LONG_LONG 8

/* AVR: int is 16 bits, so wolfCrypt's default word32 (unsigned int) would be too short. Its
 * WC_16BIT_CPU would drop the 64-bit type SHA-512 needs; the types are given here instead. */
#if defined(__AVR__)
#define WOLFSSL_TYPES
typedef unsigned char byte;
typedef signed char sword8;
typedef unsigned char word8;
typedef int sword16;
typedef unsigned int word16;
typedef long sword32;
typedef unsigned long word32;
#define SIZEOF_LONG 4
#endif

/* No heap. */
#define NO_WOLFSSL_MEMORY
#define WOLFSSL_NO_MALLOC
#define WOLFSSL_SP_NO_MALLOC

/* Random numbers from the application (bench/peers/wolfssl.c). */
#define WC_NO_HASHDRBG
#define CUSTOM_RAND_GENERATE_BLOCK wolfssl_lab_rng_block
int wolfssl_lab_rng_block(unsigned char *output, unsigned int size);

/* Curve25519 and Ed25519. */
#define HAVE_CURVE25519
#define HAVE_ED25519
#ifdef MICROSALT_LAB_WOLFSSL_SMALL
#define CURVED25519_SMALL
#endif

/* ChaCha20, Poly1305 and their AEAD. */
#define HAVE_CHACHA
#define HAVE_POLY1305
#define HAVE_ONE_TIME_AUTH

/* SHA-512 (also Ed25519's hash); no SHA-384. */
#define WOLFSSL_SHA512
#define NO_SHA
#define NO_SHA256
#define NO_MD5
#define NO_HMAC

/* P-256 alone, on the single-precision C code. */
#define HAVE_ECC
#define ECC_USER_CURVES
#define ECC_TIMING_RESISTANT
#define WOLFSSL_SP_MATH
#define WOLFSSL_HAVE_SP_ECC
#define WOLFSSL_SP_SMALL
#define WOLFSSL_PUBLIC_MP

/* Everything else off. */
#define NO_RSA
#define NO_DH
#define NO_DSA
#define NO_AES
#define NO_DES3
#define NO_RC4
#define NO_MD4
#define NO_PWDBASED
#define NO_PSK
#define NO_OLD_TLS
#define NO_SESSION_CACHE
#define NO_CODING
#define NO_SIG_WRAPPER
#define NO_ASN
#define NO_CERTS
#define WOLFSSL_NO_SHAKE256

#endif
