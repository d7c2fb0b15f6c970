/*
 * A toy peer for tests/check-peers.py, packed into a local package by the test: it defines the
 * adapter functions itself (bench/peers/adapter.h). Its "signatures" are a checksum, not
 * cryptography, but they pass the firmware's own checks (the valid one accepted, a forgery
 * refused); its "SHA-512" is deliberately wrong, so the lab must report it as wrong and time
 * nothing of it.
 */
#include <string.h>

#include "adapter.h"

static void checksum(uint8_t out[64], const uint8_t *m, size_t n, const uint8_t key[32])
{
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < 32; i++) h = (h ^ key[i]) * 16777619u;
    for (i = 0; i < n; i++) h = (h ^ m[i]) * 16777619u;
    for (i = 0; i < 64; i++) out[i] = (uint8_t)(h >> (8 * (i % 4)));
}

int peer_own_sign_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
    memcpy(pk, seed, 32);
    memcpy(sk, seed, 32);
    memcpy(sk + 32, seed, 32);
    return 0;
}

int peer_own_sign(uint8_t sig[64], const uint8_t *m, size_t n, const uint8_t sk[64])
{
    checksum(sig, m, n, sk);
    return 0;
}

int peer_own_verify(const uint8_t sig[64], const uint8_t *m, size_t n, const uint8_t pk[32])
{
    uint8_t want[64];
    checksum(want, m, n, pk);
    return memcmp(want, sig, 64) == 0 ? 0 : -1;
}

int peer_sha512(uint8_t h[64], const uint8_t *m, size_t n)
{
    (void)m;
    memset(h, (int)(n & 0xff), 64);
    return 0;
}
