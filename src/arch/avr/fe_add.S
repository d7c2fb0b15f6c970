/*
 * GF(2^255 - 19) addition for AVR, avr-gcc ABI; the contract is fe25519.h's (packed layout:
 * 32 little-endian bytes below 2^256, arithmetic mod 2^256 - 38).
 * Two passes: h = f + g with carry c, then bit 255 of h and c folded back in as 19 (2c + b)
 * (2^256 = 38 and 2^255 = 19 mod p) on h mod 2^255, which cannot carry out: the result is below
 * 2^255 + 57. Constant time: the loops count bytes, every address follows from the pointers,
 * and the fold is a multiplication, never a branch.
 * Registers: X = f, Z = g, Y = h (r28-r29 pushed); r18-r21 scratch; r1 = 0 on return.
 * Unrolled by FE_UNROLL bytes (fe_unroll.h: all 32 in -O2 builds, 4 in -Os builds).
 * Measured (atmega2560, simavr, the kernel test's call included): 431 cycles at -O2 (464 when
 * each byte of the fold cleared a register).
 */
#include "fe_unroll.h"

    .text
    .global microsalt_fe_add
    .type microsalt_fe_add, @function
/* void microsalt_fe_add(fe25519 *h, const fe25519 *f, const fe25519 *g); */
microsalt_fe_add:
    push r28
    push r29
    movw r26, r22
    movw r30, r20
    movw r28, r24
    clc
    FE_LOOP_START(r20)
    .rept FE_UNROLL
    ld r18, X+
    ld r19, Z+
    adc r18, r19
    st Y+, r18
    .endr
    FE_LOOP_END(r20)
    /* r18 = h[31]: r19 = 2c + bit 255, r18 = h[31] mod 2^7. */
    clr r19
    rol r19
    lsl r18
    rol r19
    lsr r18
    st -Y, r18
    sbiw r28, 31
    ldi r20, 19
    mul r19, r20
    mov r20, r0             /* 19 (2c + b) <= 57: r1 = 0 */
#ifdef __OPTIMIZE_SIZE__
    clc
    FE_LOOP_START(r21)
    .rept FE_UNROLL
    ld r18, Y
    adc r18, r20
    st Y+, r18
    clr r20
    .endr
    FE_LOOP_END(r21)
#else
    /* Unrolled, the later bytes take only the carry, from r1 (zero): no clear a byte. */
    ld r18, Y
    add r18, r20
    st Y+, r18
    .rept 31
    ld r18, Y
    adc r18, r1
    st Y+, r18
    .endr
#endif
    pop r29
    pop r28
    ret
    .size microsalt_fe_add, .-microsalt_fe_add
