/*
 * GF(2^255 - 19) addition for ARMv7-M, the contract of src/curve25519/fe25519.h (packed
 * layout: eight 32-bit words below 2^256, arithmetic mod 2^256 - 38). Constant time:
 * straight-line code, fixed addresses, no multiply.
 *
 * f + g < 2^257: its carry out of bit 256 is worth 38 (2^256 = 38 mod 2^256 - 38) and is added
 * back in; that addition carries out again only by wrapping the value below 38, so the second
 * 38 it then adds to the low word cannot carry.
 *
 * Registers: f in r3-r10, g four words at a time in r1, r11, r12, lr; r4-r11 and lr pushed
 * (36 bytes of stack). Cycles, modelled (docs/cycle-model.md), the call included: 82.
 */
    .syntax unified
    .thumb
    .text

/* void microsalt_fe_add(fe25519 *h, const fe25519 *f, const fe25519 *g); */
    .global microsalt_fe_add
    .type microsalt_fe_add, %function
    .thumb_func
microsalt_fe_add:
    push    {r4-r11, lr}
    ldm     r1, {r3-r10}
    ldm     r2!, {r1, r11, r12, lr}
    adds    r3, r3, r1
    adcs    r4, r4, r11
    adcs    r5, r5, r12
    adcs    r6, r6, lr
    ldm     r2, {r1, r11, r12, lr}
    adcs    r7, r7, r1
    adcs    r8, r8, r11
    adcs    r9, r9, r12
    adcs    r10, r10, lr
    mov     r11, #38
    sbc     r1, r1, r1          @ carry - 1: 0 on a carry, else all ones
    bic     r1, r11, r1         @ 38 on a carry, else 0
    adds    r3, r3, r1
    adcs    r4, r4, #0
    adcs    r5, r5, #0
    adcs    r6, r6, #0
    adcs    r7, r7, #0
    adcs    r8, r8, #0
    adcs    r9, r9, #0
    adcs    r10, r10, #0
    sbc     r1, r1, r1
    bic     r1, r11, r1
    add     r3, r3, r1
    stm     r0, {r3-r10}
    pop     {r4-r11, pc}
    .size microsalt_fe_add, .-microsalt_fe_add
