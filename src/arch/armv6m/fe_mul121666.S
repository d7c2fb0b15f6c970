/*
 * GF(2^255 - 19) multiplication by 121666 for ARMv6-M (the Cortex-M0, and the Cortex-M3,
 * which has no multiplication by a constant of its own), the contract of
 * src/curve25519/fe25519.h (packed layout: eight 32-bit words below 2^256, the output below
 * 2^256 and congruent mod p). Constant time: straight-line code, fixed addresses, every
 * product a MULS of a 16-bit digit by a constant, the carries taken into values by ADCS.
 *
 * 121666 = 2^16 + K with K = 56130 below 2^16, so for a word f = a + 2^16 b (a, b below
 * 2^16) and a carry in C: f 121666 + C = (a K + C) + 2^16 (b K) + 2^16 f. a K + C is at most
 * 65535 K + 2^23 < 2^32, so C joins it without a carry; the two shifted terms bring the two
 * carries that ADCS adds to the high word, (b K >> 16) + b, which is the next carry, below
 * 2^17 + 2.
 *
 * The top word goes first: its product is lo + 2^32 hi (hi below 2^17), and the bits of
 * 2^224 lo + 2^256 hi from 255 up, e = 2 hi + bit 31 of lo (below 2^18), come back at the
 * bottom as 19 e (2^255 = 19 mod p), the first carry in. Word 7 is then lo without its bit
 * 31 plus the carry out of word 6: below 2^31 + 2^17 + 2, so nothing carries out of bit 256
 * and there is no second pass. f's words are each read before h's same word is written, and
 * word 7 first, so h may alias f.
 *
 * Registers: h's pointer in r0, f's in r1, K in r2, the word in r3, its products in r4 and
 * the carry pair r5/r6 (the carry in and b, then the carry out, trading roles from word to
 * word), r7 the shifted product and a zero; word 7's low part waits in r12. r4-r7 and lr
 * pushed: 20 bytes of stack. Cycles, modelled (docs/cycle-model.md), the call included: 190
 * on the M0 (the C twin: 748), 167 on the M3 (the twin: 359).
 */
    .syntax unified
    .thumb
    .text

/* The word f[i] times 121666 plus the carry in cin, into h[i]; cout gets the carry out.
 * r3-r4, r7 scratch. */
.macro MUL121666_WORD i, cin, cout
    ldr     r3, [r1, #4 * \i]
    uxth    r4, r3                  @ a
    lsrs    \cout, r3, #16          @ b
    lsls    r3, r3, #16             @ 2^16 f mod 2^32
    muls    r4, r2, r4
    adds    r4, r4, \cin            @ a K + C: no carry (above)
    movs    \cin, \cout             @ b, for the high word
    muls    \cout, r2, \cout        @ b K
    lsls    r7, \cout, #16
    lsrs    \cout, \cout, #16
    adds    r4, r4, r7
    adcs    \cout, \cout, \cin
    adds    r4, r4, r3
    movs    r7, #0                  @ MOVS with an immediate leaves the carry
    adcs    \cout, \cout, r7
    str     r4, [r0, #4 * \i]
.endm

/* void microsalt_fe_mul121666(fe25519 *h, const fe25519 *f); */
    .global microsalt_fe_mul121666
    .type microsalt_fe_mul121666, %function
    .thumb_func
microsalt_fe_mul121666:
    push    {r4-r7, lr}
    ldr     r2, =56130
    ldr     r3, [r1, #28]
    uxth    r4, r3
    lsrs    r5, r3, #16
    lsls    r3, r3, #16
    muls    r4, r2, r4
    movs    r6, r5
    muls    r5, r2, r5
    lsls    r7, r5, #16
    lsrs    r5, r5, #16
    adds    r4, r4, r7
    adcs    r5, r5, r6
    adds    r4, r4, r3
    movs    r3, #0
    adcs    r5, r5, r3              @ hi; lo in r4
    lsls    r4, r4, #1              @ bit 31 of lo into the carry
    adcs    r5, r5, r5              @ e
    lsrs    r4, r4, #1
    mov     r12, r4
    movs    r6, #19
    muls    r5, r6, r5              @ 19 e, the carry into word 0
    MUL121666_WORD 0, r5, r6
    MUL121666_WORD 1, r6, r5
    MUL121666_WORD 2, r5, r6
    MUL121666_WORD 3, r6, r5
    MUL121666_WORD 4, r5, r6
    MUL121666_WORD 5, r6, r5
    MUL121666_WORD 6, r5, r6
    mov     r3, r12
    adds    r3, r3, r6
    str     r3, [r0, #28]
    pop     {r4-r7, pc}
    .size microsalt_fe_mul121666, .-microsalt_fe_mul121666
