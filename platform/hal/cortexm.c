/*
 * The HAL of the simulated Cortex-M0/M3/M4 (platform/cortexm/): every call is a store to a
 * register of platform/cortexm/mmio.h that platform/cortexm/runner.py acts on. The runner excludes
 * the instructions of hal_measure_begin and hal_measure_end from what it measures, so each
 * marker is a leaf function that does nothing but its store.
 */
#include <string.h>

#include "hal.h"
#include "../cortexm/mmio.h"

void hal_setup(void)
{
    /* The startup code has already prepared RAM; the simulated chip needs nothing else. */
}

void hal_putc(char c)
{
    CORTEXM_PUTC = (uint8_t)c;
}

void hal_puts(const char *s)
{
    while (*s != '\0') {
        hal_putc(*s++);
    }
}

void hal_put_u32(uint32_t x)
{
    /* Repeated subtraction: the Cortex-M0 has no divide instruction. */
    static const uint32_t powers[] = {1000000000u, 100000000u, 10000000u, 1000000u, 100000u,
                                      10000u, 1000u, 100u, 10u, 1u};
    int started = 0;
    size_t i;
    for (i = 0; i < sizeof powers / sizeof powers[0]; i++) {
        char digit = '0';
        while (x >= powers[i]) {
            x -= powers[i];
            digit++;
        }
        if (digit != '0' || started || powers[i] == 1u) {
            hal_putc(digit);
            started = 1;
        }
    }
}

void hal_measure_begin(uint8_t id)
{
    CORTEXM_BEGIN = id;
}

void hal_measure_end(uint8_t id)
{
    CORTEXM_END = id;
}

void hal_exit(int code)
{
    CORTEXM_EXIT = (uint32_t)code;
    for (;;) {
    }
}

void hal_flash_read(void *dst, const void *flash_src, size_t n)
{
    memcpy(dst, flash_src, n);
}

void hal_nv_read(void *dst, size_t n)
{
    uint8_t *d = dst;
    CORTEXM_NV_INDEX = 0;
    while (n-- != 0) {
        *d++ = (uint8_t)CORTEXM_NV_DATA;
    }
}

void hal_nv_write(const void *src, size_t n)
{
    const uint8_t *s = src;
    CORTEXM_NV_INDEX = 0;
    while (n-- != 0) {
        CORTEXM_NV_DATA = *s++;
    }
}
