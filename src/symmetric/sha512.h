/* Incremental SHA-512 for the library's own use (Ed25519, HMAC); crypto_hash is the API. */
#ifndef MICROSALT_SHA512_H
#define MICROSALT_SHA512_H

#include <stdint.h>

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
