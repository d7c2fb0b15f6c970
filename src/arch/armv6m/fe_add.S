/*
 * GF(2^255 - 19) addition for ARMv6-M (the Cortex-M0), the contract of
 * src/curve25519/fe25519.h (packed layout: eight 32-bit words below 2^256, arithmetic mod
 * 2^256 - 38). Constant time: straight-line code, fixed addresses, and the carries are taken
 * into values by ADCS and MULS, never branched on.
 *
 * f + g < 2^257: its carry out of bit 256 is worth 38 (2^256 = 38 mod 2^256 - 38) and is added
 * back in; that addition carries out again only by wrapping the value below 38, so the second
 * 38 it then adds to the low word cannot carry.
 *
 * Registers: ARMv6-M's arithmetic wants the low registers, so f goes through r3-r6 four words
 * at a time and g one word at a time through r7; LDM, LDR and STM leave the carry flag, which
 * chains the halves. The low half of h waits in h itself during the second half: h may alias
 * f or g, whose words are read before h's same words are written. r4-r7 and lr pushed (20
 * bytes of stack). Cycles, modelled (docs/cycle-model.md), the call included: 121.
 */
    .syntax unified
    .thumb
    .text

/* void microsalt_fe_add(fe25519 *h, const fe25519 *f, const fe25519 *g); */
    .global microsalt_fe_add
    .type microsalt_fe_add, %function
    .thumb_func
microsalt_fe_add:
    push    {r4-r7, lr}
    ldm     r1!, {r3-r6}
    ldr     r7, [r2, #0]
    adds    r3, r3, r7
    ldr     r7, [r2, #4]
    adcs    r4, r4, r7
    ldr     r7, [r2, #8]
    adcs    r5, r5, r7
    ldr     r7, [r2, #12]
    adcs    r6, r6, r7
    stm     r0!, {r3-r6}
    ldm     r1!, {r3-r6}
    ldr     r7, [r2, #16]
    adcs    r3, r3, r7
    ldr     r7, [r2, #20]
    adcs    r4, r4, r7
    ldr     r7, [r2, #24]
    adcs    r5, r5, r7
    ldr     r7, [r2, #28]
    adcs    r6, r6, r7
    movs    r7, #0                  @ MOVS with an immediate leaves the carry
    adcs    r7, r7, r7              @ the carry out of bit 256
    movs    r1, #38
    muls    r7, r1, r7
    subs    r0, r0, #16
    ldr     r1, [r0, #0]
    ldr     r2, [r0, #4]
    adds    r1, r1, r7
    movs    r7, #0
    adcs    r2, r2, r7
    str     r1, [r0, #0]
    str     r2, [r0, #4]
    ldr     r1, [r0, #8]
    ldr     r2, [r0, #12]
    adcs    r1, r1, r7
    adcs    r2, r2, r7
    str     r1, [r0, #8]
    str     r2, [r0, #12]
    adcs    r3, r3, r7
    adcs    r4, r4, r7
    adcs    r5, r5, r7
    adcs    r6, r6, r7
    adcs    r7, r7, r7              @ the second carry: 38 more, which cannot carry
    movs    r1, #38
    muls    r7, r1, r7
    ldr     r1, [r0, #0]
    adds    r1, r1, r7
    str     r1, [r0, #0]
    adds    r0, r0, #16
    stm     r0!, {r3-r6}
    pop     {r4-r7, pc}
    .size microsalt_fe_add, .-microsalt_fe_add
