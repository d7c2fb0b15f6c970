/*
 * The target HAL: what test and benchmark firmware may ask of a simulated chip. One
 * implementation per family (platform/hal/avr.c, platform/hal/cortexm.c), each talking to its runner
 * (platform/avr/, platform/cortexm/) through registers or addresses the runner watches.
 *
 * Runner protocol (what every runner prints on its standard output):
 *  - every character the firmware prints, unchanged;
 *  - for every hal_measure_end, one line of its own:
 *      @measure id=<id> cycles=<n> model=<exact|modelled> instructions=<n> stack=<bytes>
 *               trace=<hex> [further fields, e.g. varlat=<n> on Cortex-M]
 *    cycles and instructions count from the begin marker to the end marker (the markers' own
 *    cost excluded as far as the runner can); stack is the deepest the stack pointer went below
 *    its value at the begin marker; trace is a hash of everything the timing of the measured
 *    code could depend on (AVR: the sequence of program counters; Cortex-M: the sequence of
 *    executed blocks and of accessed data addresses), so equal traces mean the same execution
 *    path and memory access pattern;
 *  - the firmware's exit code becomes the runner's exit code; a crash, an illegal instruction
 *    or a timeout is reported on standard error and gives exit code 124 or more.
 *
 * Every runner also simulates what a bare-metal random generator needs of a chip
 * (docs/targets.md): RAM as it powers up (--sram, before the reset: the startup code then
 * writes .data and .bss but leaves .noinit as it found it), and a non-volatile store of
 * HAL_NV_BYTES bytes (EEPROM or flash on a real part) that reads 0xFF where never written and
 * keeps its content across runs given the same --nv FILE. hal_nv_read and hal_nv_write reach
 * it from byte 0; more than HAL_NV_BYTES bytes is a protocol error (exit code 126).
 */
#ifndef MICROSALT_HAL_H
#define MICROSALT_HAL_H

#include <stddef.h>
#include <stdint.h>

void hal_setup(void);
void hal_putc(char c);
void hal_puts(const char *s);
/* Prints x in decimal. */
void hal_put_u32(uint32_t x);
/* Measurement markers: nesting is not supported; ids are the firmware's own labels. */
void hal_measure_begin(uint8_t id);
void hal_measure_end(uint8_t id);
/* Ends the simulation; code 0 means success. */
void hal_exit(int code) __attribute__((noreturn));

/* The non-volatile store: n <= HAL_NV_BYTES bytes from its start. */
#define HAL_NV_BYTES 64
void hal_nv_read(void *dst, size_t n);
void hal_nv_write(const void *src, size_t n);

/* Read-only data that should stay in flash: on AVR, avr-gcc copies plain const data into RAM
 * (2 KB on an ATmega328P), so large tables are marked HAL_FLASH and read with hal_flash_read. */
#if defined(__AVR__)
#include <avr/pgmspace.h>
#define HAL_FLASH PROGMEM
#else
#define HAL_FLASH
#endif
void hal_flash_read(void *dst, const void *flash_src, size_t n);

/* String literals kept in flash: HAL_STR("...") as an argument, printed by hal_puts_flash. */
#if defined(__AVR__)
#define HAL_STR(s) PSTR(s)
void hal_puts_flash(const char *flash_s);
#else
#define HAL_STR(s) (s)
#define hal_puts_flash hal_puts
#endif

/* Whether `bytes` of RAM fit the chip (HAL_RAM_BYTES: targets.txt's figure, passed by the
 * Makefile). Firmware derives what it leaves out from this, never from the chip's name. */
#define HAL_FITS(bytes) ((bytes) <= HAL_RAM_BYTES)

/* Ed25519 verification's peak stack (1,200 bytes measured on the ATmega2560 for
 * crypto_sign_open) beside a firmware's buffers (docs/targets.md): firmware leaves it out
 * where it does not fit, and says so. */
#define HAL_ED25519_VERIFY_FITS HAL_FITS(1200 + 512)

/* Announces the operation the next measurement is of, for bench/lab.py:
 * `@op name=<name> bytes=<bytes>`; name is a HAL_STR. */
static inline void hal_announce(const char *name, uint16_t bytes)
{
    hal_puts_flash(HAL_STR("@op name="));
    hal_puts_flash(name);
    hal_puts_flash(HAL_STR(" bytes="));
    hal_put_u32(bytes);
    hal_putc('\n');
}

#endif
