/*
 * crypto_auth: HMAC-SHA-512 (RFC 2104) with a 32-byte key, truncated to its first 32 bytes.
 * The key is shorter than SHA-512's 128-byte block, so it is only zero-padded, never hashed.
 */
#include "common.h"
#include "sha512.h"

static void hmacsha512256(uint8_t out[32], const uint8_t *m, unsigned long long mlen,
                          const uint8_t k[32])
{
    microsalt_sha512_ctx ctx;
    uint8_t pad[128], inner[64];
    unsigned i;

    memset(pad, 0x36, sizeof pad);
    for (i = 0; i < 32; i++) {
        pad[i] ^= k[i];
    }
    microsalt_sha512_init(&ctx);
    microsalt_sha512_update(&ctx, pad, sizeof pad);
    microsalt_sha512_update(&ctx, m, mlen);
    microsalt_sha512_final(&ctx, inner);

    for (i = 0; i < sizeof pad; i++) {
        pad[i] ^= 0x36 ^ 0x5c; /* ipad -> opad, keeping the key */
    }
    microsalt_sha512_init(&ctx);
    microsalt_sha512_update(&ctx, pad, sizeof pad);
    microsalt_sha512_update(&ctx, inner, sizeof inner);
    microsalt_sha512_final(&ctx, inner);

    memcpy(out, inner, 32);
    microsalt_wipe(pad, sizeof pad);
    microsalt_wipe(inner, sizeof inner);
}

int crypto_auth(unsigned char *a, const unsigned char *m, unsigned long long mlen,
                const unsigned char *k)
{
    hmacsha512256(a, m, mlen, k);
    return 0;
}

int crypto_auth_verify(const unsigned char *a, const unsigned char *m, unsigned long long mlen,
                       const unsigned char *k)
{
    uint8_t tag[32];
    int r;
    hmacsha512256(tag, m, mlen, k);
    r = crypto_verify_32(a, tag);
    microsalt_wipe(tag, sizeof tag);
    return r;
}
