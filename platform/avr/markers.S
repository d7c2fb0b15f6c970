/*
 * The measurement markers, in assembly so that their shape is fixed: the runner
 * (platform/avr/runner.c) relies on it to leave their cost out of the measurement.
 *  - hal_measure_begin: paint, then the BEGIN command, then `ret`; the measurement starts
 *    at the instruction the `ret` returns to.
 *  - hal_measure_end: exactly three instructions up to and including the END command
 *    (`out`, `ldi`, `out`); the measurement stops before the call that entered it.
 * Both only use call-clobbered registers (r24-r27, r30, r31).
 */
#include "avr_hal.h"

#define IO(addr) ((addr) - 0x20)
#define SPL_IO 0x3d
#define SPH_IO 0x3e

    .section .text.hal_measure_begin, "ax", @progbits
    .global hal_measure_begin
    .type hal_measure_begin, @function
hal_measure_begin:
    /* Paint [__heap_start, SP]: everything below our return address. */
    ldi r26, lo8(__heap_start)
    ldi r27, hi8(__heap_start)
    in r30, SPL_IO
    in r31, SPH_IO
    ldi r25, AVR_HAL_PAINT
1:  st X+, r25
    cp r30, r26
    cpc r31, r27
    brsh 1b
    out IO(AVR_HAL_ARG), r24
    ldi r24, AVR_HAL_BEGIN
    out IO(AVR_HAL_COMMAND), r24
    ret
    .size hal_measure_begin, . - hal_measure_begin

    .section .text.hal_measure_end, "ax", @progbits
    .global hal_measure_end
    .type hal_measure_end, @function
hal_measure_end:
    out IO(AVR_HAL_ARG), r24
    ldi r24, AVR_HAL_END
    out IO(AVR_HAL_COMMAND), r24
    ret
    .size hal_measure_end, . - hal_measure_end
