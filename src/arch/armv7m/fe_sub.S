/*
 * GF(2^255 - 19) subtraction for ARMv7-M, the contract of src/curve25519/fe25519.h (packed
 * layout: eight 32-bit words below 2^256, arithmetic mod 2^256 - 38). Constant time:
 * straight-line code, fixed addresses, no multiply.
 *
 * f - g + 2^256 b, b the borrow, is f - g + 38 b mod 2^256 - 38: 38 is taken off for a
 * borrow. That borrows again only when the value was below 38, leaving it at 2^256 - 38 or
 * more, whose low word then gives up the second 38 without borrowing.
 *
 * Registers: f in r3-r10, g four words at a time in r1, r11, r12, lr; r4-r11 and lr pushed
 * (36 bytes of stack). Cycles, modelled (docs/cycle-model.md), the call included: 81.
 */
    .syntax unified
    .thumb
    .text

/* void microsalt_fe_sub(fe25519 *h, const fe25519 *f, const fe25519 *g); */
    .global microsalt_fe_sub
    .type microsalt_fe_sub, %function
    .thumb_func
microsalt_fe_sub:
    push    {r4-r11, lr}
    ldm     r1, {r3-r10}
    ldm     r2!, {r1, r11, r12, lr}
    subs    r3, r3, r1
    sbcs    r4, r4, r11
    sbcs    r5, r5, r12
    sbcs    r6, r6, lr
    ldm     r2, {r1, r11, r12, lr}
    sbcs    r7, r7, r1
    sbcs    r8, r8, r11
    sbcs    r9, r9, r12
    sbcs    r10, r10, lr
    sbc     r1, r1, r1          @ all ones on a borrow (carry clear), else 0
    and     r1, r1, #38
    subs    r3, r3, r1
    sbcs    r4, r4, #0
    sbcs    r5, r5, #0
    sbcs    r6, r6, #0
    sbcs    r7, r7, #0
    sbcs    r8, r8, #0
    sbcs    r9, r9, #0
    sbcs    r10, r10, #0
    sbc     r1, r1, r1
    and     r1, r1, #38
    sub     r3, r3, r1
    stm     r0, {r3-r10}
    pop     {r4-r11, pc}
    .size microsalt_fe_sub, .-microsalt_fe_sub
