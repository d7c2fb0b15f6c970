/*
 * GF(2^255 - 19) full reduction for ARMv7-M, the contract of src/curve25519/fe25519.h (packed
 * layout: eight 32-bit words below 2^256; the output is below p = 2^255 - 19). Constant time:
 * straight-line code, fixed addresses, and the one multiply (19 q, q a bit) is MUL, which
 * takes one cycle on the M3 and M4 whatever its operands.
 *
 * Bit 255 is worth 19 (2^255 = p + 19): t = f mod 2^255 + 19 f[255] < 2^255 + 19 < 2p. Then
 * t + 19 reaches bit 255 exactly when t >= p, and t - p = t + 19 - 2^255.
 *
 * Registers: f in r2-r9, 19 in r1, the top bit in r0 (h is kept in r10), 19 times it in
 * r12; r4-r10 pushed (32 bytes of stack with lr). Cycles, modelled
 * (docs/cycle-model.md), the call included: 79.
 */
    .syntax unified
    .thumb
    .text

/* r2-r9 += 19 q, for q = 0 or 1. */
.macro ADD19 q
    mul     r12, \q, r1
    adds    r2, r2, r12
    adcs    r3, r3, #0
    adcs    r4, r4, #0
    adcs    r5, r5, #0
    adcs    r6, r6, #0
    adcs    r7, r7, #0
    adcs    r8, r8, #0
    adc     r9, r9, #0
.endm

/* void microsalt_fe_freeze(fe25519 *h, const fe25519 *f); */
    .global microsalt_fe_freeze
    .type microsalt_fe_freeze, %function
    .thumb_func
microsalt_fe_freeze:
    push    {r4-r10, lr}
    mov     r10, r0
    ldm     r1, {r2-r9}
    mov     r1, #19
    lsr     r0, r9, #31
    bic     r9, r9, #0x80000000
    ADD19   r0
    adds    r0, r2, #19
    adcs    r0, r3, #0
    adcs    r0, r4, #0
    adcs    r0, r5, #0
    adcs    r0, r6, #0
    adcs    r0, r7, #0
    adcs    r0, r8, #0
    adc     r0, r9, #0
    lsr     r0, r0, #31
    ADD19   r0
    bic     r9, r9, r0, lsl #31
    stm     r10, {r2-r9}
    pop     {r4-r10, pc}
    .size microsalt_fe_freeze, .-microsalt_fe_freeze
