/*
 * The HAL on the simulated AVRs (ATmega328P, ATmega2560): output, exit, the non-volatile
 * store and the stack painting scan go through the registers of platform/avr/avr_hal.h, which
 * the runner (platform/avr/runner.c) watches; the measurement markers are in
 * platform/avr/markers.S.
 * No interrupts are used, so the runner can count every cycle as the firmware's.
 */
#include <avr/interrupt.h>
#include <avr/io.h>
#include <string.h>

#include "avr_hal.h"
#include "hal.h"

#include <avr/pgmspace.h>

#define REG(addr) _SFR_MEM8(addr)

void hal_setup(void)
{
}

void hal_putc(char c)
{
    REG(AVR_HAL_CONSOLE) = (uint8_t)c;
}

void hal_puts(const char *s)
{
    while (*s != '\0')
        hal_putc(*s++);
}

void hal_puts_flash(const char *s)
{
    char c;
    while ((c = (char)pgm_read_byte(s++)) != '\0')
        hal_putc(c);
}

void hal_put_u32(uint32_t x)
{
    char buf[10];
    uint8_t n = 0;
    do {
        buf[n++] = (char)('0' + x % 10);
        x /= 10;
    } while (x != 0);
    while (n != 0)
        hal_putc(buf[--n]);
}

void hal_exit(int code)
{
    REG(AVR_HAL_ARG) = (code >= 0 && code <= AVR_HAL_EXIT_MAX) ? (uint8_t)code : AVR_HAL_EXIT_MAX;
    REG(AVR_HAL_COMMAND) = AVR_HAL_EXIT;
    cli();
    for (;;) {
    }
}

void hal_flash_read(void *dst, const void *flash_src, size_t n)
{
    memcpy_P(dst, flash_src, n);
}

void hal_nv_read(void *dst, size_t n)
{
    uint8_t *d = dst;
    REG(AVR_HAL_ARG) = 0;
    REG(AVR_HAL_COMMAND) = AVR_HAL_NV_SEEK;
    while (n-- != 0) {
        REG(AVR_HAL_COMMAND) = AVR_HAL_NV_GET;
        *d++ = REG(AVR_HAL_ARG);
    }
}

void hal_nv_write(const void *src, size_t n)
{
    const uint8_t *s = src;
    REG(AVR_HAL_ARG) = 0;
    REG(AVR_HAL_COMMAND) = AVR_HAL_NV_SEEK;
    while (n-- != 0) {
        REG(AVR_HAL_ARG) = *s++;
        REG(AVR_HAL_COMMAND) = AVR_HAL_NV_PUT;
    }
}

uint16_t avr_hal_stack_low(void)
{
    extern uint8_t __heap_start;
    const volatile uint8_t *p = &__heap_start;
    while (*p == AVR_HAL_PAINT)
        p++;
    return (uint16_t)(uintptr_t)p;
}
