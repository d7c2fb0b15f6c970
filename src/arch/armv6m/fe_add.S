/*
 * GF(2^255 - 19) addition for ARMv6-M (the Cortex-M0), the contract of
 * src/curve25519/fe25519.h (packed layout: eight 32-bit words below 2^256, outputs below 2^256
 * and congruent mod p). Constant time: straight-line code, fixed addresses, and the carries
 * are taken into values by ADCS and MULS, never branched on.
 *
 * f + g = s + 2^256 c, s below 2^256: with b bit 255 of s and s' = s - 2^255 b, it is
 * s' + 19 (2c + b) mod p (2^255 = 19). s' + 57 is below 2^256, so the one fold, carried through
 * the eight words, cannot carry out: no second pass.
 *
 * Registers: all eight low registers carry data, h's pointer waits in r12. The low half of s
 * waits on the stack (PUSH and POP leave the carry) while the high half, which decides the
 * fold, is summed; f and g are read in full before h is written (h may alias f or g). g's
 * high half comes by one LDM into r0-r2 and r7, its base among them. r4-r7 and lr pushed, and
 * s's low half: 36 bytes of stack. Cycles, modelled (docs/cycle-model.md), the call included:
 * 107.
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
    mov     r12, r0                 @ frees r0 to take g in pairs
    ldm     r1!, {r3-r6}
    ldm     r2!, {r0, r7}
    adds    r3, r3, r0
    adcs    r4, r4, r7
    ldm     r2!, {r0, r7}
    adcs    r5, r5, r0
    adcs    r6, r6, r7
    push    {r3-r6}                 @ s_0..s_3; PUSH, LDM and POP leave the carry
    ldm     r1!, {r3-r6}
    ldm     r2, {r0, r1, r2, r7}
    adcs    r3, r3, r0
    adcs    r4, r4, r1
    adcs    r5, r5, r2
    adcs    r6, r6, r7
    movs    r0, #0                  @ MOVS with an immediate leaves the carry
    adcs    r0, r0, r0              @ c
    lsls    r6, r6, #1              @ b into the carry
    adcs    r0, r0, r0              @ 2c + b
    lsrs    r6, r6, #1              @ s'
    movs    r1, #19
    muls    r0, r1, r0              @ 19 (2c + b), at most 57
    mov     r7, r12
    pop     {r1, r2}
    adds    r1, r1, r0
    movs    r0, #0
    adcs    r2, r2, r0
    stm     r7!, {r1, r2}
    pop     {r1, r2}
    adcs    r1, r1, r0
    adcs    r2, r2, r0
    stm     r7!, {r1, r2}
    adcs    r3, r3, r0
    adcs    r4, r4, r0
    adcs    r5, r5, r0
    adcs    r6, r6, r0              @ below 2^256: no carry out
    stm     r7!, {r3-r6}
    pop     {r4-r7, pc}
    .size microsalt_fe_add, .-microsalt_fe_add
