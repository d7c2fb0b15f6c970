/*
 * The X25519 ladder kernel (x25519_ladder.h) against its twin: the same u as values mod p, on random scalars and inputs, on the edges of u (0, 1, p - 1, 2^256 - 1 where the
 * packed words admit it) and on every length of ladder from 1 to 9 bits, then the full 255
 * bits. The whole X25519 is checked against RFC 7748 and Wycheproof by the suites.
 */
#include "common.h"
#include "fe25519.h"
#include "kernel_test.h"
#include "x25519_ladder.h"

/* The full ladder costs a scalar multiplication: a few where the kernel is native, one
 * where the comparison is of the twin with itself. */
#if MICROSALT_NATIVE_X25519_LADDER
#define FULL_TRIALS 3
#else
#define FULL_TRIALS 1
#endif
#define SHORT_TRIALS 9

static void operands(struct microsalt_x25519_io *s, unsigned trial)
{
    uint8_t u[32];
    kt_fill(s->e, sizeof s->e);
    s->e[0] &= 0xf8; /* the contract's zero bits */
    kt_fill(u, sizeof u);
    if (trial % 4 == 1) {
        memset(u, 0, sizeof u); /* u = 0, then 1 */
        u[0] = (uint8_t)(trial / 4 % 2);
    } else if (trial % 4 == 2) {
        memset(u, 0xff, sizeof u); /* p - 1 when frombytes drops bit 255 */
        u[0] = 0xec;
        u[31] = 0x7f;
    }
    microsalt_fe_frombytes(&s->x1, u);
#if MICROSALT_FE_PACKED
    if (trial % 4 == 3) memset(s->x1.v, 0xff, sizeof s->x1.v); /* 2^256 - 1 */
#endif
}

/* FNV-1a of the inputs e and x1, which the kernel must leave alone: a hash rather than a
 * copy, since the ATmega328P's stack has no room for a second state beside the twin's. */
static uint32_t inputs_hash(const struct microsalt_x25519_io *s)
{
    const uint8_t *b = s->e, *x = (const uint8_t *)&s->x1;
    uint32_t h = 2166136261u;
    size_t i;
    for (i = 0; i < sizeof s->e; i++) h = (h ^ b[i]) * 16777619u;
    for (i = 0; i < sizeof s->x1; i++) h = (h ^ x[i]) * 16777619u;
    return h;
}

void kernel_test_x25519_ladder(void)
{
    unsigned trial;
    for (trial = 0; trial < SHORT_TRIALS + FULL_TRIALS; trial++) {
        struct microsalt_x25519_io s;
        uint8_t want[32], got[32];
        unsigned nbits = trial < SHORT_TRIALS ? trial + 1 : 255;
        uint32_t before;
        operands(&s, trial);
        before = inputs_hash(&s);
        microsalt_x25519_ladder_portable(&s, nbits);
        microsalt_fe_tobytes(want, &s.u);
        KT_CALL(microsalt_x25519_ladder, &s, nbits);
        microsalt_fe_tobytes(got, &s.u);
        kt_check(kt_abi_ok() && memcmp(got, want, 32) == 0 && inputs_hash(&s) == before,
                 "x25519_ladder", trial);
    }
}

/* A ladder of 8 bits and the division: not the cost of a whole X25519 in the constant-time
 * runs (the AVR's follow every data access). */
void kernel_bench_x25519_ladder(void)
{
    struct microsalt_x25519_io s;
    operands(&s, 0);
    kt_measure("x25519_ladder", 0);
    microsalt_x25519_ladder(&s, 8);
    kt_measure_end();
    kt_measure("x25519_ladder", 1);
    microsalt_x25519_ladder_portable(&s, 8);
    kt_measure_end();
}
