/*
 * GF(2^255 - 19) multiplication by 121666 for the Cortex-M4 (ARMv7E-M), the contract of
 * src/curve25519/fe25519.h (packed layout: eight 32-bit words below 2^256, arithmetic mod
 * 2^256 - 38). Constant time: straight-line code, fixed addresses, and the M4's UMAAL takes
 * one cycle whatever its operands.
 *
 * Each word: UMAAL lo, hi, f[i], 121666 with lo the carry in and hi zero leaves the product
 * word in lo and the next carry in hi, so the two registers trade roles from word to word.
 * f 121666 < 2^273: the ninth word (below 2^17) is worth 38 times itself, and the carry out
 * of bit 256 that its addition may leave is worth 38 once more, which cannot carry again (the
 * first addition carried only by wrapping the value below 38 * 2^17).
 *
 * Registers: f in r3-r10, 121666 in r1, the carry in r2, r11 and r12; r4-r11 pushed (36 bytes
 * of stack with lr). Cycles, modelled (docs/cycle-model.md), the call included: 78.
 */
    .syntax unified
    .thumb
    .text

/* void microsalt_fe_mul121666(fe25519 *h, const fe25519 *f); */
    .global microsalt_fe_mul121666
    .type microsalt_fe_mul121666, %function
    .thumb_func
microsalt_fe_mul121666:
    push    {r4-r11, lr}
    ldm     r1, {r3-r10}
    movw    r1, #:lower16:121666
    movt    r1, #:upper16:121666
    umull   r3, r2, r3, r1          @ h[0] in r3, carry in r2
    mov     r11, #0
    umaal   r2, r11, r4, r1         @ h[1] in r2, carry in r11
    mov     r4, #0
    umaal   r11, r4, r5, r1         @ h[2] in r11, carry in r4
    mov     r5, #0
    umaal   r4, r5, r6, r1          @ h[3] in r4, carry in r5
    mov     r6, #0
    umaal   r5, r6, r7, r1          @ h[4] in r5, carry in r6
    mov     r7, #0
    umaal   r6, r7, r8, r1          @ h[5] in r6, carry in r7
    mov     r8, #0
    umaal   r7, r8, r9, r1          @ h[6] in r7, carry in r8
    mov     r9, #0
    umaal   r8, r9, r10, r1         @ h[7] in r8, the ninth word in r9
    mov     r12, #38
    mul     r9, r9, r12
    adds    r3, r3, r9
    adcs    r2, r2, #0
    adcs    r11, r11, #0
    adcs    r4, r4, #0
    adcs    r5, r5, #0
    adcs    r6, r6, #0
    adcs    r7, r7, #0
    adcs    r8, r8, #0
    sbc     r9, r9, r9
    bic     r9, r12, r9
    add     r3, r3, r9
    str     r3, [r0, #0]
    str     r2, [r0, #4]
    str     r11, [r0, #8]
    str     r4, [r0, #12]
    str     r5, [r0, #16]
    str     r6, [r0, #20]
    str     r7, [r0, #24]
    str     r8, [r0, #28]
    pop     {r4-r11, pc}
    .size microsalt_fe_mul121666, .-microsalt_fe_mul121666
