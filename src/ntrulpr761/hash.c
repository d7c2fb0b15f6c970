/* ntrulpr761: the hashes of the specification, from SHA-512. */
#include "ntrulpr761_internal.h"
#include "sha512.h"

/* ======================================================================================
 * Hashing: Hash_prefix(b, x) = the first 32 bytes of SHA-512(b | x).
 * ====================================================================================== */

void hash_prefix2(uint8_t out[32], uint8_t b, const uint8_t *x, uint16_t xlen,
                         const uint8_t *y, uint16_t ylen)
{
    microsalt_sha512_ctx ctx;
    uint8_t h[64];
    microsalt_sha512_init(&ctx);
    microsalt_sha512_update(&ctx, &b, 1);
    microsalt_sha512_update(&ctx, x, xlen);
    if (ylen) microsalt_sha512_update(&ctx, y, ylen);
    microsalt_sha512_final(&ctx, h);
    memcpy(out, h, 32);
    microsalt_wipe(h, sizeof h);
}

/* Hash_prefix(b, r_enc | y): HashConfirm (b = 2, y = Hash4(pk), the cache) and
 * HashSession (b = 1, or 0 on rejection with rho in place of r_enc; y = the ciphertext). */
void hash_with_r(uint8_t out[32], uint8_t b, const uint8_t r_enc[INPUTS_BYTES],
                        const uint8_t *y, uint16_t ylen)
{
    hash_prefix2(out, b, r_enc, INPUTS_BYTES, y, ylen);
}
