/*
 * The HAL on the host, for firmware that the lab also runs natively (bench/fw/peer.c): the same
 * output protocol as the simulated chips' runners (platform/hal/hal.h), printed by the firmware
 * itself. cycles are the time-stamp counter around one call (model=measured); the host has no
 * instruction count or stack figure here (0). Measured cycles move with the machine's load:
 * bench/peers/peers.py runs the firmware several times and keeps each figure's median.
 */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "hal.h"

#if defined(__x86_64__) || defined(__i386__)
#include <x86intrin.h>
static uint64_t now(void)
{
    return __rdtsc();
}
#else
#include <time.h>
static uint64_t now(void) /* nanoseconds where there is no cycle counter */
{
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return (uint64_t)t.tv_sec * 1000000000u + (uint64_t)t.tv_nsec;
}
#endif

static uint64_t begin;

void hal_setup(void)
{
}

void hal_putc(char c)
{
    putchar(c);
}

void hal_puts(const char *s)
{
    fputs(s, stdout);
}

void hal_put_u32(uint32_t x)
{
    printf("%lu", (unsigned long)x);
}

void hal_measure_begin(uint8_t id)
{
    (void)id;
    begin = now();
}

void hal_measure_end(uint8_t id)
{
    uint64_t end = now();
    printf("@measure id=%u cycles=%llu model=measured instructions=0 stack=0 trace=0\n", id,
           (unsigned long long)(end - begin));
}

void hal_exit(int code)
{
    fflush(stdout);
    exit(code);
}

void hal_flash_read(void *dst, const void *flash_src, size_t n)
{
    memcpy(dst, flash_src, n);
}

/* The non-volatile store lasts as long as the process. It is kept complemented, so that the
 * zero-initialised array reads as erased EEPROM or flash (0xFF), as on the runners. */
static uint8_t nv_complement[HAL_NV_BYTES];

static void nv_check(size_t n)
{
    if (n > HAL_NV_BYTES) {
        fflush(stdout);
        fprintf(stderr, "hal: %zu bytes of a %d-byte non-volatile store\n", n, HAL_NV_BYTES);
        exit(126);
    }
}

void hal_nv_read(void *dst, size_t n)
{
    uint8_t *d = dst;
    size_t i;
    nv_check(n);
    for (i = 0; i < n; i++)
        d[i] = (uint8_t)~nv_complement[i];
}

void hal_nv_write(const void *src, size_t n)
{
    const uint8_t *s = src;
    size_t i;
    nv_check(n);
    for (i = 0; i < n; i++)
        nv_complement[i] = (uint8_t)~s[i];
}
