/*
 * xorshift32 (Marsaglia, 2003): the one generator of the test and benchmark firmware and the
 * kernel tests, for operands and stand-in secrets. Reproducible by design and never for keys.
 * Each user keeps its own state, so the sequences of one firmware do not depend on another's.
 */
#ifndef MICROSALT_XORSHIFT_H
#define MICROSALT_XORSHIFT_H

#include <stddef.h>
#include <stdint.h>

/* state != 0. Advances state and returns it. */
static inline uint32_t xorshift32(uint32_t *state)
{
    uint32_t x = *state;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *state = x;
}

/* n bytes at p, the low byte of each step. */
static inline void xorshift32_fill(uint32_t *state, void *p, size_t n)
{
    uint8_t *b = p;
    while (n-- > 0) *b++ = (uint8_t)xorshift32(state);
}

#endif
