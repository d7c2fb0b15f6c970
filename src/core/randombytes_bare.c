/*
 * randombytes for bare-metal builds (hosted builds compile randombytes.c instead): the
 * generator of rng.c, which the application initialises (randombytes_seed_sram, or
 * randombytes_seed). Before that, randombytes has nothing it could honestly return: it calls
 * randombytes_fatal and stops, rather than hand out predictable keys.
 */
#include "common.h"

__attribute__((weak)) void randombytes_fatal(void)
{
}

void randombytes(unsigned char *buf, unsigned long long len)
{
    if (randombytes_generate(buf, len) != 0) {
        randombytes_fatal();
        for (;;) {
        }
    }
}
