/*
 * The generator behind randombytes on bare metal (rng.c, docs/rng.md): its build-time
 * configuration and what randombytes_sram.c and randombytes_bare.c share with it.
 */
#ifndef MICROSALT_RNG_H
#define MICROSALT_RNG_H

#include <stddef.h>
#include <stdint.h>

/* The claimed min-entropy of one SRAM start-up bit, in thousandths of a bit (1..1000): 30, the
 * 3% per bit Van Herrewege et al. (2013) measured on STM32 parts. The health tests' cutoffs
 * follow from it (rng_cutoffs.h). */
#ifndef MICROSALT_RNG_MILLIBITS
#define MICROSALT_RNG_MILLIBITS 30
#endif
#if MICROSALT_RNG_MILLIBITS < 1 || MICROSALT_RNG_MILLIBITS > 1000
#error "MICROSALT_RNG_MILLIBITS: the claim is 1..1000 thousandths of a bit per bit"
#endif

/* The min-entropy an initialisation must be given, by the claim: 384 bits, 1.5 times the
 * 256-bit key, as NIST SP 800-90A asks of a seed. */
#ifndef MICROSALT_RNG_MIN_ENTROPY_BITS
#define MICROSALT_RNG_MIN_ENTROPY_BITS 384
#endif

/* The .noinit region randombytes_seed_sram reads: 1,600 bytes (12,800 bits) carry 384 bits at
 * the default claim. */
#ifndef MICROSALT_RNG_SRAM_BYTES
#define MICROSALT_RNG_SRAM_BYTES 1600
#endif

#endif
