/* Poly1305 for the AEADs (aead_chacha20poly1305.c). */
#ifndef MICROSALT_POLY1305_H
#define MICROSALT_POLY1305_H

#include <stdint.h>

/* RFC 8439 section 2.8's tag: Poly1305 with the one-time key k over ad, zeros to a multiple
 * of 16 bytes, c, zeros again, then adlen and clen as 64-bit little-endian numbers. */
void microsalt_poly1305_aead(uint8_t tag[16], const uint8_t *ad, unsigned long long adlen,
                             const uint8_t *c, unsigned long long clen, const uint8_t k[32]);

#endif
