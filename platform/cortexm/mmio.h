/*
 * The simulated Cortex-M chip's only peripheral: registers at 0x40000000 that
 * platform/cortexm/runner.py watches (its MMIO_* constants must match these offsets).
 */
#ifndef MICROSALT_CORTEXM_MMIO_H
#define MICROSALT_CORTEXM_MMIO_H

#include <stdint.h>

#define CORTEXM_MMIO(offset) (*(volatile uint32_t *)(0x40000000u + (offset)))
#define CORTEXM_PUTC CORTEXM_MMIO(0x00)  /* low byte: one character of output */
#define CORTEXM_BEGIN CORTEXM_MMIO(0x04) /* measurement id: opens a measurement */
#define CORTEXM_END CORTEXM_MMIO(0x08)   /* measurement id: closes it, prints @measure */
#define CORTEXM_EXIT CORTEXM_MMIO(0x0c)  /* exit code: ends the run */
#define CORTEXM_FAULT CORTEXM_MMIO(0x10) /* exception number: an unexpected exception */
#define CORTEXM_RETURNED CORTEXM_MMIO(0x14) /* main's return value: main returned */

#endif
