/*
 * The contract between the AVR HAL (platform/hal/avr.c, platform/avr/markers.S) and the runner
 * (platform/avr/runner.c), included by all three (the .S file through the C preprocessor).
 *
 * The firmware talks to the runner through the three general-purpose I/O registers, which
 * sit at the same addresses on the ATmega328P and the ATmega2560 and drive no peripheral:
 *  - a byte written to GPIOR0 is a character of output;
 *  - a command is written to GPIOR1 after its argument was written to GPIOR2.
 * Addresses are data-space addresses (I/O address + 0x20).
 */
#ifndef MICROSALT_AVR_HAL_H
#define MICROSALT_AVR_HAL_H

#define AVR_HAL_CONSOLE 0x3E /* GPIOR0 */
#define AVR_HAL_COMMAND 0x4A /* GPIOR1 */
#define AVR_HAL_ARG 0x4B     /* GPIOR2 */

/* Commands; the argument is the marker id or the exit code. */
#define AVR_HAL_BEGIN 1
#define AVR_HAL_END 2
#define AVR_HAL_EXIT 3
/* The non-volatile store of HAL_NV_BYTES (platform/hal/hal.h) bytes, through an index:
 * NV_SEEK sets it to the argument; NV_PUT stores the argument at it, NV_GET has the runner
 * write the byte at it into the argument register, where the next instruction can read it;
 * both advance the index. An index past the store is a protocol error. */
#define AVR_HAL_NV_SEEK 4
#define AVR_HAL_NV_PUT 5
#define AVR_HAL_NV_GET 6
#define AVR_HAL_NV_BYTES 64

/* hal_measure_begin fills the free RAM below its stack frame with this byte, so the deepest
 * byte the measured code wrote can be found afterwards (avr_hal_stack_low). */
#define AVR_HAL_PAINT 0xC5

/* Exit codes from 124 up are the runner's own (timeout, crash): the HAL maps larger firmware
 * codes to AVR_HAL_EXIT_MAX. */
#define AVR_HAL_EXIT_MAX 123

#if !defined(__ASSEMBLER__) && defined(__AVR__)
#include <stdint.h>
/* The lowest RAM address that no longer holds AVR_HAL_PAINT since hal_measure_begin. */
uint16_t avr_hal_stack_low(void);
#endif

#endif
