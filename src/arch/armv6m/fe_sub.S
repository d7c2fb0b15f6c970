/*
 * GF(2^255 - 19) subtraction for ARMv6-M (the Cortex-M0), the contract of
 * src/curve25519/fe25519.h (packed layout: eight 32-bit words below 2^256, arithmetic mod
 * 2^256 - 38). Constant time: straight-line code, fixed addresses, and the borrows are taken
 * into values by SBCS and ANDS, never branched on.
 *
 * f - g + 2^256 b, b the borrow, is f - g + 38 b mod 2^256 - 38: 38 is taken off for a
 * borrow. That borrows again only when the value was below 38, leaving it at 2^256 - 38 or
 * more, whose low word then gives up the second 38 without borrowing.
 *
 * Registers: as fe_add.S's, with SBCS for ADCS; a borrow becomes 38 as (0 - borrow) & 38.
 * r4-r7 and lr pushed (20 bytes of stack). Cycles, modelled (docs/cycle-model.md), the call
 * included: 121.
 */
    .syntax unified
    .thumb
    .text

/* void microsalt_fe_sub(fe25519 *h, const fe25519 *f, const fe25519 *g); */
    .global microsalt_fe_sub
    .type microsalt_fe_sub, %function
    .thumb_func
microsalt_fe_sub:
    push    {r4-r7, lr}
    ldm     r1!, {r3-r6}
    ldr     r7, [r2, #0]
    subs    r3, r3, r7
    ldr     r7, [r2, #4]
    sbcs    r4, r4, r7
    ldr     r7, [r2, #8]
    sbcs    r5, r5, r7
    ldr     r7, [r2, #12]
    sbcs    r6, r6, r7
    stm     r0!, {r3-r6}
    ldm     r1!, {r3-r6}
    ldr     r7, [r2, #16]
    sbcs    r3, r3, r7
    ldr     r7, [r2, #20]
    sbcs    r4, r4, r7
    ldr     r7, [r2, #24]
    sbcs    r5, r5, r7
    ldr     r7, [r2, #28]
    sbcs    r6, r6, r7
    movs    r7, #0                  @ MOVS with an immediate leaves the carry
    sbcs    r7, r7, r7              @ 0 - the borrow out of bit 256
    movs    r1, #38
    ands    r7, r7, r1
    subs    r0, r0, #16
    ldr     r1, [r0, #0]
    ldr     r2, [r0, #4]
    subs    r1, r1, r7
    movs    r7, #0
    sbcs    r2, r2, r7
    str     r1, [r0, #0]
    str     r2, [r0, #4]
    ldr     r1, [r0, #8]
    ldr     r2, [r0, #12]
    sbcs    r1, r1, r7
    sbcs    r2, r2, r7
    str     r1, [r0, #8]
    str     r2, [r0, #12]
    sbcs    r3, r3, r7
    sbcs    r4, r4, r7
    sbcs    r5, r5, r7
    sbcs    r6, r6, r7
    sbcs    r7, r7, r7              @ the second borrow: 38 less, which cannot borrow
    movs    r1, #38
    ands    r7, r7, r1
    ldr     r1, [r0, #0]
    subs    r1, r1, r7
    str     r1, [r0, #0]
    adds    r0, r0, #16
    stm     r0!, {r3-r6}
    pop     {r4-r7, pc}
    .size microsalt_fe_sub, .-microsalt_fe_sub
