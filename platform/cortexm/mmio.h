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
/* The non-volatile store of HAL_NV_BYTES (platform/hal/hal.h) bytes, through an index that
 * NV_DATA's reads and writes advance; an index past the store is a protocol error. */
#define CORTEXM_NV_INDEX CORTEXM_MMIO(0x18) /* write: sets the index */
#define CORTEXM_NV_DATA CORTEXM_MMIO(0x1c)  /* write: stores the low byte; read: the byte */

#endif
