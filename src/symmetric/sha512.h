/* SHA-512's block kernel, and incremental SHA-512 for the library's own use (Ed25519, HMAC,
 * ntrulpr761); crypto_hash and crypto_hashblocks are the API. */
#ifndef MICROSALT_SHA512_H
#define MICROSALT_SHA512_H

#include <stddef.h>
#include <stdint.h>

#include "kernels.h"

/* Contract of every SHA-512 kernel, native or C:
 * compresses the nblocks >= 0 blocks of 128 bytes at in (no alignment needed) into the
 * chaining value s, eight 64-bit words in native order (FIPS 180-4's H0..H7). in and s do not
 * overlap. Both may be secret (an HMAC key's state, Ed25519's nonce): the work depends on
 * nblocks only. */
void microsalt_sha512_blocks_portable(uint64_t s[8], const uint8_t *in, size_t nblocks);

/* The native kernel, same contract, where the architecture's kernels.h switches it on;
 * elsewhere the name is the twin's. */
#if MICROSALT_NATIVE_SHA512_BLOCKS
void microsalt_sha512_blocks(uint64_t s[8], const uint8_t *in, size_t nblocks);
#else
#define microsalt_sha512_blocks microsalt_sha512_blocks_portable
#endif

typedef struct {
    uint64_t state[8];        /* the chaining value as words: no byte conversion per update */
    uint8_t buf[128];         /* the partial block */
    unsigned long long total; /* bytes absorbed so far */
} microsalt_sha512_ctx;

void microsalt_sha512_init(microsalt_sha512_ctx *ctx);
void microsalt_sha512_update(microsalt_sha512_ctx *ctx, const uint8_t *in,
                             unsigned long long len);
/* Writes the 64-byte digest and wipes the context. */
void microsalt_sha512_final(microsalt_sha512_ctx *ctx, uint8_t out[64]);

#endif
