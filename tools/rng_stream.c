/*
 * Writes the bare-metal generator's output (src/core/rng.c, built on the host) to standard
 * output without end, for a statistical battery: `make rng-battery` pipes it into dieharder.
 *
 *   rng_stream [SEED]   the generator initialised from 1,600 bytes of SplitMix64(SEED)
 *                       (default 1), then requests of 64 KB, each with its own key erasure
 *
 * The initialisation input is not entropy here but a reproducible stand-in that passes the
 * health tests; the battery judges the output stage. When the reader goes away it says on
 * standard error how many bytes it wrote (the battery's sample size), and stops.
 */
#include <signal.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "microsalt.h"

static uint64_t splitmix64(uint64_t *state)
{
    uint64_t z = (*state += UINT64_C(0x9E3779B97F4A7C15));
    z = (z ^ (z >> 30)) * UINT64_C(0xBF58476D1CE4E5B9);
    z = (z ^ (z >> 27)) * UINT64_C(0x94D049BB133111EB);
    return z ^ (z >> 31);
}

int main(int argc, char **argv)
{
    static unsigned char seed_bytes[1600], buf[1 << 16];
    uint64_t state = argc > 1 ? strtoull(argv[1], NULL, 0) : 1;
    unsigned long long written = 0;
    size_t i;
    /* A closed pipe makes fwrite fail instead of killing the program unannounced. */
    signal(SIGPIPE, SIG_IGN);
    for (i = 0; i < sizeof seed_bytes; i++) {
        seed_bytes[i] = (unsigned char)splitmix64(&state);
    }
    if (randombytes_seed(seed_bytes, sizeof seed_bytes, NULL) != 0) {
        fputs("rng_stream: the generator refused its input\n", stderr);
        return 1;
    }
    for (;;) {
        if (randombytes_generate(buf, sizeof buf) != 0) {
            fputs("rng_stream: the generator failed\n", stderr);
            return 1;
        }
        if (fwrite(buf, 1, sizeof buf, stdout) != sizeof buf) {
            fprintf(stderr, "rng_stream: %llu bytes written\n", written);
            return 0;
        }
        written += sizeof buf;
    }
}
