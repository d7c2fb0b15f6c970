/*
 * The adapter functions (bench/peers/adapter.h) of a library with NaCl's API, whose names its
 * own header has declared before this one is included: TweetNaCl's (bench/peers/tweetnacl.c)
 * and microsalt's (bench/peers/microsalt.c). Defines them, so it is included once per adapter.
 */
int peer_x25519(uint8_t q[32], const uint8_t n[32], const uint8_t p[32])
{
    return crypto_scalarmult(q, n, p);
}

int peer_x25519_base(uint8_t q[32], const uint8_t n[32])
{
    return crypto_scalarmult_base(q, n);
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
