/* Monocypher 4 (bench/peers/peers.py) for the lab: X25519, Ed25519 (its optional
 * monocypher-ed25519, SHA-512 based), the IETF ChaCha20-Poly1305 of crypto_aead_init_ietf,
 * SHA-512, Poly1305 and ChaCha20 (bench/peers/adapter.h). */
#include "adapter.h"
#include "monocypher-ed25519.h"
#include "monocypher.h"

int peer_x25519(uint8_t q[32], const uint8_t n[32], const uint8_t p[32])
{
    crypto_x25519(q, n, p);
    return 0;
}

int peer_x25519_base(uint8_t q[32], const uint8_t n[32])
{
    crypto_x25519_public_key(q, n);
    return 0;
}

int peer_ed25519_sign(uint8_t *sm, const uint8_t *m, size_t n, const uint8_t sk[64])
{
    crypto_ed25519_sign(sm, sk, m, n);
    return 0;
}

int peer_ed25519_verify(const uint8_t *sm, size_t n, const uint8_t pk[32])
{
    return crypto_ed25519_check(sm, pk, sm + 64, n);
}

int peer_aead_encrypt(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                      const uint8_t key[32])
{
    crypto_aead_ctx ctx;
    crypto_aead_init_ietf(&ctx, key, nonce);
    crypto_aead_write(&ctx, c, c + n, NULL, 0, m, n);
    return 0;
}

int peer_aead_decrypt(uint8_t *m, const uint8_t *c, size_t n, const uint8_t nonce[12],
                      const uint8_t key[32])
{
    crypto_aead_ctx ctx;
    crypto_aead_init_ietf(&ctx, key, nonce);
    return crypto_aead_read(&ctx, m, c + n, NULL, 0, c, n);
}

int peer_sha512(uint8_t h[64], const uint8_t *m, size_t n)
{
    crypto_sha512(h, m, n);
    return 0;
}

int peer_poly1305(uint8_t tag[16], const uint8_t *m, size_t n, const uint8_t key[32])
{
    crypto_poly1305(tag, m, n, key);
    return 0;
}

int peer_chacha20(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                  const uint8_t key[32])
{
    crypto_chacha20_ietf(c, m, n, key, nonce, 0);
    return 0;
}
