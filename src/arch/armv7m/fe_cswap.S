/*
 * GF(2^255 - 19) conditional swap for ARMv7-M, the contract of src/curve25519/fe25519.h
 * (packed layout: eight 32-bit words). Constant time: b (0 or 1) becomes the mask -b, and
 * every word of both operands is loaded, masked and stored whatever b is.
 *
 * Registers: half of f in r3-r6, half of g in r7-r10, the mask in r2, the differences in r12;
 * r4-r10 pushed (32 bytes of stack with lr). Cycles, modelled (docs/cycle-model.md), the call
 * included: 103.
 */
    .syntax unified
    .thumb
    .text

/* The words f[k..k+3] and g[k..k+3], from r0 and r1, which advance by 16. */
.macro CSWAP4
    ldm     r0, {r3-r6}
    ldm     r1, {r7-r10}
    eor     r12, r3, r7
    and     r12, r12, r2
    eor     r3, r3, r12
    eor     r7, r7, r12
    eor     r12, r4, r8
    and     r12, r12, r2
    eor     r4, r4, r12
    eor     r8, r8, r12
    eor     r12, r5, r9
    and     r12, r12, r2
    eor     r5, r5, r12
    eor     r9, r9, r12
    eor     r12, r6, r10
    and     r12, r12, r2
    eor     r6, r6, r12
    eor     r10, r10, r12
    stm     r0!, {r3-r6}
    stm     r1!, {r7-r10}
.endm

/* void microsalt_fe_cswap(fe25519 *f, fe25519 *g, uint32_t b); */
    .global microsalt_fe_cswap
    .type microsalt_fe_cswap, %function
    .thumb_func
microsalt_fe_cswap:
    push    {r4-r10, lr}
    rsb     r2, r2, #0
    CSWAP4
    CSWAP4
    pop     {r4-r10, pc}
    .size microsalt_fe_cswap, .-microsalt_fe_cswap
