/* TweetNaCl (bench/peers/peers.py) for the lab: NaCl's API under names of its own
 * (tweetnacl.h maps them to *_tweet), so it links beside microsalt (bench/peers/adapter.h). */
#include "adapter.h"
#include "tweetnacl.h"
#include "nacl_api.h"

/* crypto_sign_open writes the whole signed message to its output. */
static uint8_t opened[64 + PEER_MAX_BYTES];

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
