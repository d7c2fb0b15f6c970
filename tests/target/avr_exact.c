/*
 * The AVR runner's exactness test (tests/check-avr-runner.sh): runs the hand-counted routine
 * of avr_exact.S between the markers, then prints the stack depth that the HAL's stack
 * painting saw, for the script to compare with the runner's SP-based figure and the hand count.
 */
#include <stdint.h>

#include "avr_hal.h"
#include "hal.h"

uint16_t avr_exact_run(void);

int main(void)
{
    uint16_t sp;
    hal_setup();
    sp = avr_exact_run();
    hal_puts("painted=");
    hal_put_u32((uint32_t)(sp + 1u - avr_hal_stack_low()));
    hal_puts("\n");
    hal_exit(0);
}
