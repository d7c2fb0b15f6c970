/*
 * The Cortex-M runner must enforce each core's instruction set (tests/check-cortexm-runner.sh):
 * this firmware executes the first instruction its core lacks, as raw bits the assembler would
 * refuse for that core: on the M0 (ARMv6-M) a 32-bit Thumb-2 ADD.W, on the M3 (ARMv7-M) the
 * DSP extension's UMAAL. Both must crash the run (exit 125). On the M4 the same UMAAL must
 * execute and compute r1:r0 = r2 * r3 + r0 + r1, or the probe proves nothing.
 */
#include <stdint.h>

#include "hal.h"

int main(void)
{
    uint32_t lo = 5, hi = 7;
    hal_setup();
    hal_puts("cm_isa: probing\n");
#if defined(__ARM_ARCH_6M__)
    /* add.w r0, r0, #1 */
    __asm__ volatile(".inst.w 0xf1000001" ::: "r0");
#else
    /* umaal r0, r1, r2, r3 */
    {
        register uint32_t r0 __asm__("r0") = lo, r1 __asm__("r1") = hi;
        register uint32_t r2 __asm__("r2") = 0xFFFFFFFFu, r3 __asm__("r3") = 3;
        __asm__ volatile(".inst.w 0xfbe20163" : "+r"(r0), "+r"(r1) : "r"(r2), "r"(r3));
        lo = r0;
        hi = r1;
    }
#endif
    hal_puts("cm_isa: executed\n");
    /* 0xFFFFFFFF * 3 + 5 + 7 = 0x3_00000009 */
    hal_exit(lo == 9 && hi == 3 ? 0 : 1);
}
