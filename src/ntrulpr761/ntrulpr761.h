/* ntrulpr761 internals exposed to the tests (not part of the public API). */
#ifndef MICROSALT_NTRULPR761_H
#define MICROSALT_NTRULPR761_H

#include <stdint.h>

#include "microsalt.h"

/* Sorts x[0..n) ascending with a constant-time sorting network (n <= 32767). */
void microsalt_ntrulpr761_sort_u32(uint32_t *x, uint16_t n);
/* The centred representative of x mod 4591, for |x| < 2^21, in constant time. */
int16_t microsalt_ntrulpr761_fq_freeze(int32_t x);

/* c = G * s in R/q, frozen to [-2295, 2295], through the variant's multiplication (the ref_
 * one through the reference variant's): G the generator of seed (32 bytes), s the small
 * polynomial whose Small_encode is s_enc (191 bytes; its digits 0..2 stand for -1, 0, 1). */
void microsalt_ntrulpr761_mul_generator(int16_t c[761], const uint8_t seed[32],
                                        const uint8_t s_enc[191]);
void microsalt_ntrulpr761_ref_mul_generator(int16_t c[761], const uint8_t seed[32],
                                            const uint8_t s_enc[191]);

/* The reference variant (kem.c with rq_mul_ref.c's multiplication): the same KEM, byte for
 * byte, with the generator streamed instead of stored; the lab measures it beside the default
 * one. */
int microsalt_ntrulpr761_ref_keypair(unsigned char *pk, unsigned char *sk);
int microsalt_ntrulpr761_ref_enc(unsigned char *ct, unsigned char *ss, const unsigned char *pk);
int microsalt_ntrulpr761_ref_dec(unsigned char *ss, const unsigned char *ct,
                                 const unsigned char *sk);

#endif
