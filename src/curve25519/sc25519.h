/*
 * Arithmetic modulo the Ed25519 group order L = 2^252 + 27742317777372353535851937790883648493
 * on little-endian byte strings. Outputs are fully reduced (< L); outputs may alias inputs.
 */
#ifndef MICROSALT_SC25519_H
#define MICROSALT_SC25519_H

#include <stdint.h>

/* r = s mod L for any 64-byte s. Constant time. */
void microsalt_sc25519_reduce(uint8_t r[32], const uint8_t s[64]);
/* r = (a * b + c) mod L for any 32-byte a, b, c. Constant time. */
void microsalt_sc25519_muladd(uint8_t r[32], const uint8_t a[32], const uint8_t b[32],
                              const uint8_t c[32]);
/* 1 when s < L (the canonical encoding RFC 8032 requires of S), else 0. Variable time: only
 * for public values such as a signature's S. */
int microsalt_sc25519_is_canonical_vartime(const uint8_t s[32]);

#endif
