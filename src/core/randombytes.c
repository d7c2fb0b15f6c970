/*
 * randombytes for hosted builds: the operating system's generator, or a loud abort. There is
 * no fallback to a weaker source. Bare-metal builds leave this file out (see the Makefile)
 * and the application defines randombytes itself.
 */
#if defined(__linux__)
#define _GNU_SOURCE
#include <errno.h>
#include <sys/random.h>
#elif defined(__APPLE__) || defined(__OpenBSD__) || defined(__FreeBSD__) || defined(__NetBSD__)
#include <unistd.h>
#include <sys/random.h>
#else
#error "randombytes: no OS generator known for this platform; define randombytes yourself"
#endif
#include <stdio.h>
#include <stdlib.h>

#include "microsalt.h"

static void randombytes_fail(void)
{
    fputs("microsalt: randombytes: the operating system's random generator failed\n", stderr);
    abort();
}

void randombytes(unsigned char *buf, unsigned long long len)
{
    while (len > 0) {
        /* getentropy and getrandom both deliver at most 256 bytes per call without blocking
         * once the pool is initialised. */
        size_t chunk = len > 256 ? 256 : (size_t)len;
#if defined(__linux__)
        ssize_t got = getrandom(buf, chunk, 0);
        if (got < 0) {
            if (errno == EINTR) {
                continue;
            }
            randombytes_fail();
        }
        chunk = (size_t)got;
#else
        if (getentropy(buf, chunk) != 0) {
            randombytes_fail();
        }
#endif
        buf += chunk;
        len -= chunk;
    }
}
