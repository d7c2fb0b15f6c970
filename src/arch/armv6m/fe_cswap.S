/*
 * GF(2^255 - 19) conditional swap for ARMv6-M (the Cortex-M0), the contract of
 * src/curve25519/fe25519.h (packed layout: eight 32-bit words). Constant time: b (0 or 1)
 * becomes the mask -b, and every word of both operands is loaded, masked and stored whatever
 * b is.
 *
 * Two words of each operand at a time, the most that five free low registers hold beside the
 * difference: d = f ^ g, t = d & mask, then g ^ t and f = d ^ (g ^ t), five instructions a
 * word. STM costs 1 + N where STR costs 2 each, and stores through a pointer it moves on: LDM
 * moves it first, and one SUBS steps it back, which makes LDM and SUBS cost what two LDRs by
 * offset would.
 *
 * Registers: f's pointer in r0, g's in r1, the mask in r2, the words in r3-r6, the difference
 * in r7; r4-r7 and lr pushed (20 bytes of stack). Cycles, modelled (docs/cycle-model.md), the
 * call included: 133 (the C twin: 177).
 */
    .syntax unified
    .thumb
    .text

/* The words fa, fb of f and ga, gb of g: swapped under the mask in r2. */
.macro CSWAP_WORD f, g
    eors    \f, \f, \g              @ d
    movs    r7, \f
    ands    r7, r7, r2
    eors    \g, \g, r7              @ g ^ t
    eors    \f, \f, \g              @ d ^ (g ^ t) = f ^ t
.endm

/* void microsalt_fe_cswap(fe25519 *f, fe25519 *g, uint32_t b); */
    .global microsalt_fe_cswap
    .type microsalt_fe_cswap, %function
    .thumb_func
microsalt_fe_cswap:
    push    {r4-r7, lr}
    rsbs    r2, r2, #0
    .rept 4
    ldm     r0!, {r3, r4}
    ldm     r1!, {r5, r6}
    CSWAP_WORD r3, r5
    CSWAP_WORD r4, r6
    subs    r0, r0, #8
    subs    r1, r1, #8
    stm     r0!, {r3, r4}
    stm     r1!, {r5, r6}
    .endr
    pop     {r4-r7, pc}
    .size microsalt_fe_cswap, .-microsalt_fe_cswap
