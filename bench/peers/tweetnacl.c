/* TweetNaCl (bench/peers/peers.py) for the lab: NaCl's API under names of its own
 * (tweetnacl.h maps them to *_tweet), so it links beside microsalt (bench/peers/adapter.h). */
#include "adapter.h"
#include "tweetnacl.h"

/* crypto_sign_open writes the whole signed message to its output. */
static uint8_t opened[64 + PEER_MAX_BYTES];

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
    unsigned long long smlen;
    return crypto_sign(sm, &smlen, m, n, sk);
}

int peer_ed25519_verify(const uint8_t *sm, size_t n, const uint8_t pk[32])
{
    unsigned long long mlen;
    return crypto_sign_open(opened, &mlen, sm, 64u + n, pk);
}

int peer_sha512(uint8_t h[64], const uint8_t *m, size_t n)
{
    return crypto_hash(h, m, n);
}

int peer_poly1305(uint8_t tag[16], const uint8_t *m, size_t n, const uint8_t key[32])
{
    return crypto_onetimeauth(tag, m, n, key);
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
