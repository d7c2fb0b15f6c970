/* microsalt itself through the peers' adapter, so that on the host, where the peers' figures
 * are time-stamp-counter medians of bench/fw/peer.c, microsalt's are measured by the same
 * harness (bench/peers/adapter.h). On the simulated targets bench/fw/bench_*.c measure it. */
#include "adapter.h"
#include "microsalt.h"
#include "nacl_api.h"

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

int peer_chacha20(uint8_t *c, const uint8_t *m, size_t n, const uint8_t nonce[12],
                  const uint8_t key[32])
{
    return crypto_stream_chacha20_ietf_xor(c, m, n, nonce, key);
}
