/* micro-ecc (bench/peers/peers.py) for the lab: P-256 public keys, ECDH and ECDSA
 * (bench/peers/adapter.h). Its points are x || y and its scalars big-endian, as the adapter's. */
#include "adapter.h"
#include "uECC.h"

void randombytes(unsigned char *x, unsigned long long len);

/* uECC_sign draws its nonce from the application's generator. */
static int draw(uint8_t *dest, unsigned size)
{
    randombytes(dest, size);
    return 1;
}

int peer_p256_public(uint8_t q[64], const uint8_t d[32])
{
    return uECC_compute_public_key(d, q, uECC_secp256r1()) ? 0 : -1;
}

int peer_p256_ecdh(uint8_t z[32], const uint8_t d[32], const uint8_t q[64])
{
    uECC_set_rng(draw); /* shared_secret randomises its ladder's starting point with it */
    return uECC_shared_secret(q, d, z, uECC_secp256r1()) ? 0 : -1;
}

int peer_p256_sign(uint8_t sig[64], const uint8_t d[32], const uint8_t digest[32])
{
    uECC_set_rng(draw);
    return uECC_sign(d, digest, 32, sig, uECC_secp256r1()) ? 0 : -1;
}

int peer_p256_verify(const uint8_t sig[64], const uint8_t q[64], const uint8_t digest[32])
{
    return uECC_verify(q, digest, 32, sig, uECC_secp256r1()) ? 0 : -1;
}
