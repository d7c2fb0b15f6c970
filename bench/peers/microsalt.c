/* microsalt itself through the peers' adapter, so that on the host, where the peers' figures
 * are time-stamp-counter medians of bench/fw/peer.c, microsalt's are measured by the same
 * harness (bench/peers/adapter.h). On the simulated targets bench/fw/bench_*.c measure it. */
#include "adapter.h"
#include "microsalt.h"

int peer_x25519(uint8_t q[32], const uint8_t n[32], const uint8_t p[32])
{
    return crypto_scalarmult(q, n, p);
}

int peer_x25519_base(uint8_t q[32], const uint8_t n[32])
{
    return crypto_scalarmult_base(q, n);
}

int peer_ed25519_sign(uint8_t *sm, const uint8_t *m, size_t n, const uint8_t sk[64])
{
    return crypto_sign_detached(sm, NULL, m, n, sk);
}

int peer_ed25519_verify(const uint8_t *sm, size_t n, const uint8_t pk[32])
{
    return crypto_sign_verify_detached(sm, sm + 64, n, pk);
}

int peer_aead_encrypt(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                      const uint8_t key[32])
{
    return crypto_aead_chacha20poly1305_ietf_encrypt(c, NULL, m, n, NULL, 0, NULL, nonce, key);
}

int peer_aead_decrypt(uint8_t *m, const uint8_t *c, size_t n, const uint8_t nonce[12],
                      const uint8_t key[32])
{
    return crypto_aead_chacha20poly1305_ietf_decrypt(m, NULL, NULL, c, n + 16u, NULL, 0, nonce,
                                                     key);
}

int peer_sha512(uint8_t h[64], const uint8_t *m, size_t n)
{
    return crypto_hash(h, m, n);
}

int peer_poly1305(uint8_t tag[16], const uint8_t *m, size_t n, const uint8_t key[32])
{
    return crypto_onetimeauth(tag, m, n, key);
}

int peer_chacha20(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                  const uint8_t key[32])
{
    return crypto_stream_chacha20_ietf_xor(c, m, n, nonce, key);
}

int peer_salsa20(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[8],
                 const uint8_t key[32])
{
    return crypto_stream_salsa20_xor(c, m, n, nonce, key);
}

int peer_box(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[24],
             const uint8_t pk[32], const uint8_t sk[32])
{
    return crypto_box(c, m, n, nonce, pk, sk);
}

int peer_secretbox(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[24],
                   const uint8_t key[32])
{
    return crypto_secretbox(c, m, n, nonce, key);
}
