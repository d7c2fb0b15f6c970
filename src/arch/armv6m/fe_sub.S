/*
 * GF(2^255 - 19) subtraction for ARMv6-M (the Cortex-M0), the contract of
 * src/curve25519/fe25519.h (packed layout: eight 32-bit words below 2^256, outputs below 2^256
 * and congruent mod p). Constant time: straight-line code, fixed addresses, and the borrows
 * are taken into values by SBCS, ADCS and MULS, never branched on.
 *
 * f - g = s - 2^256 w, s below 2^256, w the borrow: with t bit 255 of s and s' = s - 2^255 t,
 * it is s' + 19 t - 38 w = s' + 2^255 - 19 (1 - t + 2w) mod p (2^255 = 19, p = 2^255 - 19).
 * s' + 2^255 is at least 2^255 and 19 (1 - t + 2w) at most 57, so the one subtraction, borrowed
 * through the eight words, neither borrows out nor leaves 2^256: no second pass.
 *
 * Registers: as fe_add.S's, with SBCS for ADCS: h's pointer in r12, the low half of s on the
 * stack while the high half is taken, f and g read in full before h is written (h may alias
 * f or g). r4-r7 and lr pushed, and s's low half: 36 bytes of stack. Cycles, modelled
 * (docs/cycle-model.md), the call included: 109.
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
    mov     r12, r0                 @ frees r0 to take g in pairs
    ldm     r1!, {r3-r6}
    ldm     r2!, {r0, r7}
    subs    r3, r3, r0
    sbcs    r4, r4, r7
    ldm     r2!, {r0, r7}
    sbcs    r5, r5, r0
    sbcs    r6, r6, r7
    push    {r3-r6}                 @ s_0..s_3; PUSH, LDM and POP leave the carry
    ldm     r1!, {r3-r6}
    ldm     r2, {r0, r1, r2, r7}
    sbcs    r3, r3, r0
    sbcs    r4, r4, r1
    sbcs    r5, r5, r2
    sbcs    r6, r6, r7
    sbcs    r0, r0, r0              @ -w
    lsls    r6, r6, #1              @ t into the carry
    adcs    r0, r0, r0              @ t - 2w
    lsrs    r6, r6, #1
    movs    r1, #19
    lsls    r2, r1, #31             @ 2^31, from 19's low bit
    orrs    r6, r6, r2              @ s' + 2^255
    muls    r0, r1, r0
    subs    r0, r1, r0              @ 19 (1 - t + 2w), at most 57
    mov     r7, r12
    pop     {r1, r2}
    subs    r1, r1, r0
    movs    r0, #0                  @ MOVS with an immediate leaves the carry
    sbcs    r2, r2, r0
    stm     r7!, {r1, r2}
    pop     {r1, r2}
    sbcs    r1, r1, r0
    sbcs    r2, r2, r0
    stm     r7!, {r1, r2}
    sbcs    r3, r3, r0
    sbcs    r4, r4, r0
    sbcs    r5, r5, r0
    sbcs    r6, r6, r0              @ at least 2^255 - 57: no borrow out
    stm     r7!, {r3-r6}
    pop     {r4-r7, pc}
    .size microsalt_fe_sub, .-microsalt_fe_sub
