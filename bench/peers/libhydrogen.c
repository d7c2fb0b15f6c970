/* libhydrogen (bench/peers/peers.py) for the lab: its X25519 and its own signatures, Schnorr
 * on Curve25519 with the Gimli hash (not Ed25519; bench/peers/adapter.h). X25519 is internal to
 * libhydrogen, so its one C file is compiled here, in the adapter's unit. */
#include "hydrogen.c"

#include "adapter.h"
#include "hal.h"

void randombytes(unsigned char *x, unsigned long long len);

#if defined(__arm__)
/* libhydrogen aborts on what it cannot recover from; newlib's abort wants the process
 * functions a bare-metal firmware lacks, so here it ends the simulation (a failed run). */
void abort(void)
{
    hal_exit(134);
}
#endif

#if !defined(__unix__)
void random_bytes(uint8_t *buf, size_t size)
{
    randombytes(buf, size);
}
#endif

static const char context[hydro_sign_CONTEXTBYTES] = {'m', 'i', 'c', 'r', 'o', 'l', 'a', 'b'};

int peer_x25519(uint8_t q[32], const uint8_t n[32], const uint8_t p[32])
{
    return hydro_x25519_scalarmult(q, n, p, 1);
}

int peer_x25519_base(uint8_t q[32], const uint8_t n[32])
{
    return hydro_x25519_scalarmult_base(q, n);
}

int peer_own_sign_keypair(uint8_t pk[32], uint8_t sk[64], const uint8_t seed[32])
{
    hydro_sign_keypair kp;
    if (hydro_init() != 0) return -1;
    hydro_sign_keygen_deterministic(&kp, seed);
    memcpy(pk, kp.pk, 32);
    memcpy(sk, kp.sk, 64);
    return 0;
}

int peer_own_sign(uint8_t sig[64], const uint8_t *m, size_t n, const uint8_t sk[64])
{
    return hydro_sign_create(sig, m, n, context, sk);
}

int peer_own_verify(const uint8_t sig[64], const uint8_t *m, size_t n, const uint8_t pk[32])
{
    return hydro_sign_verify(sig, m, n, context, pk);
}
