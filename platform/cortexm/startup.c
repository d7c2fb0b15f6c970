/*
 * Reset and exception entry of the simulated Cortex-M chip: the vector table (initial stack
 * pointer and reset handler, read by the runner as a real core reads them), .data copied from
 * flash and .bss zeroed as on a real part, then main, which ends the run with hal_exit: a return
 * from main, like any exception, is reported to the runner as an error.
 */
#include <stdint.h>
#include <string.h>

#include "mmio.h"

int main(void);
void cortexm_reset(void);

extern uint32_t __data_load[], __data_start[], __data_end[], __bss_start[], __bss_end[];
extern char __stack_top[];

void cortexm_reset(void)
{
    memcpy(__data_start, __data_load, (size_t)((char *)__data_end - (char *)__data_start));
    memset(__bss_start, 0, (size_t)((char *)__bss_end - (char *)__bss_start));
    CORTEXM_RETURNED = (uint32_t)main();
    for (;;) {
    }
}

static void cortexm_fault(void)
{
    uint32_t ipsr;
    __asm__ volatile("mrs %0, ipsr" : "=r"(ipsr));
    CORTEXM_FAULT = ipsr;
    for (;;) {
    }
}

/* Entries 1..15 are the reset handler and the ARMv6-M/ARMv7-M system exceptions. */
struct cortexm_vectors {
    void *initial_sp;
    void (*handler[15])(void);
};

__attribute__((section(".vectors"), used)) static const struct cortexm_vectors vectors = {
    __stack_top,
    {cortexm_reset, cortexm_fault, cortexm_fault, cortexm_fault, cortexm_fault, cortexm_fault, 0, 0,
     0, 0, cortexm_fault, cortexm_fault, 0, cortexm_fault, cortexm_fault}};
