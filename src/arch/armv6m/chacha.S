/*
 * ChaCha block kernel for ARMv6-M (Cortex-M0, Thumb-1), the contract of src/symmetric/chacha20.h.
 * Straight-line code with loops on nblocks and rounds and one branch on the (public)
 * alignment of c and m; no data-dependent branch, address or instruction latency.
 *
 * Thumb-1 constraints shape it: EORS and RORS work on r0-r7 only and RORS takes its amount
 * from a register, while ADD (no S) and MOV also reach r8-r12 and lr at one cycle. So:
 *  - Two quarter rounds run side by side (PAIR): the columns as C0+C1 and C2+C3, the
 *    diagonals as D0+D1 and D2+D3, so one MOVS of a rotation amount serves two RORS.
 *  - Words 0-3 (a) live in r8-r11: "a += b" is an ADD into the high register and "d ^= a"
 *    copies a to the temporary first. A pair is 32 one-cycle instructions.
 *  - r0-r7 hold the pair's six b, c, d words, one spare word and the temporary. Words 5 and 7
 *    never move (r3, r6): each is in the pair or the spare at every step. The group
 *    {4, 8, 9, 13} is used by C0+C1 and D2+D3, the group {6, 10, 11, 15} by C2+C3 and D0+D1:
 *    after C0+C1 and after D0+D1 the groups swap places between r0, r1, r2, r4 and the stack
 *    (one STM and one LDM, 13-14 cycles). Words 12 and 14 take turns in r12 and in the low
 *    register the temporary frees (2 cycles) after every pair. lr counts the double rounds.
 * A double round is 4 * 32 + 13 + 14 + 2 * 2 cycles, plus 7 for the loop (its body is too long
 * for a conditional branch, so it exits with BEQ and loops with B).
 *
 * C2 and C3 (words 2, 6, 10, 14 and 3, 7, 11, 15) do not involve the counter words 12 and 13,
 * so they are the same for every block of a call: they are computed once per call, and each
 * block starts from the stored result with C0+C1, then enters the loop at D0+D1.
 *
 * The feed-forward uses LDM/STM on c and m, which must then be word-aligned: if either is
 * not, each block goes through an aligned stack buffer and a call of the aligned path.
 *
 * Per block, modelled (docs/cycle-model.md): about 1650 cycles for the ChaCha20 rounds and 160
 * for the feed-forward, 28 cycles per byte.
 */
    .syntax unified
    .thumb
    .text

/* The frame, below the 9 saved registers. */
    .equ INITH, 0       @ per block, via r0-r5 into r8-r12, lr: words 0, 1, 2 and 3 (after
                        @ C2, C3), 14 (after C2, C3) and the double round count
    .equ INITL, 24      @ per block, into r0-r6: words 4, 8, 9, 5, 13, 12 and 7 (after C2, C3)
    .equ INIT13, 40     @ the counter words in INITL, the 64-bit counter of the next block
    .equ INIT12, 44
    .equ YINIT, 52      @ words 6, 10, 11, 15 after C2 and C3 (LDM order r0, r1, r2, r4)
    .equ XG, 68         @ the stored group {4, 8, 9, 13} ...
    .equ YG, 84         @ ... and {6, 10, 11, 15}: YG = XG + 16, so the STM to XG leaves
                        @ its base at YG for the LDM
    .equ KS, 100        @ r0-r6 during the feed-forward (7 words)
    .equ MP, 128        @ m of the next block
    .equ CP, 132        @ c of the next block
    .equ MEND, 136      @ m + 64 * nblocks
    .equ XP, 140        @ x
    .equ FRAME, 144

/* Two quarter rounds: (a1, b1, c1, d1) and (a2, b2, c2, d2), a1 and a2 in r8-r11, the
 * others in r0-r7; t is the temporary. */
.macro PAIR a1, b1, c1, d1, a2, b2, c2, d2, t
    add     \a1, \b1
    add     \a2, \b2
    mov     \t, \a1
    eors    \d1, \t
    mov     \t, \a2
    eors    \d2, \t
    movs    \t, #16
    rors    \d1, \t
    rors    \d2, \t
    adds    \c1, \d1
    adds    \c2, \d2
    eors    \b1, \c1
    eors    \b2, \c2
    movs    \t, #20
    rors    \b1, \t
    rors    \b2, \t
    add     \a1, \b1
    add     \a2, \b2
    mov     \t, \a1
    eors    \d1, \t
    mov     \t, \a2
    eors    \d2, \t
    movs    \t, #24
    rors    \d1, \t
    rors    \d2, \t
    adds    \c1, \d1
    adds    \c2, \d2
    eors    \b1, \c1
    eors    \b2, \c2
    movs    \t, #25
    rors    \b1, \t
    rors    \b2, \t
.endm

/* k ^= the next word of m (r6); r4 is free in the feed-forward's later groups. */
.macro XOR_M k
    ldm     r6!, {r4}
    eors    \k, r4
.endm

    .global microsalt_chacha_blocks
    .type microsalt_chacha_blocks, %function
    .thumb_func
/* void microsalt_chacha_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t x[16],
 *                              unsigned rounds); */
microsalt_chacha_blocks:
    push    {r4-r7, lr}
    mov     r4, r0
    orrs    r4, r1
    lsls    r4, r4, #30
    beq     .Laligned
    b       .Lunaligned
.Laligned:
    mov     r4, r8
    mov     r5, r9
    mov     r6, r10
    mov     r7, r11
    push    {r4-r7}
    sub     sp, #FRAME
    ldr     r4, [sp, #FRAME + 36]       @ rounds, the stacked fifth argument
    lsrs    r4, r4, #1
    str     r4, [sp, #INITH + 20]
    str     r0, [sp, #CP]
    str     r1, [sp, #MP]
    lsls    r2, r2, #6
    adds    r2, r1
    str     r2, [sp, #MEND]
    str     r3, [sp, #XP]
    ldr     r0, [r3, #0]
    str     r0, [sp, #INITH + 0]
    ldr     r0, [r3, #4]
    str     r0, [sp, #INITH + 4]
    ldr     r0, [r3, #16]
    str     r0, [sp, #INITL + 0]
    ldr     r0, [r3, #32]
    str     r0, [sp, #INITL + 4]
    ldr     r0, [r3, #36]
    str     r0, [sp, #INITL + 8]
    ldr     r0, [r3, #20]
    str     r0, [sp, #INITL + 12]
    ldr     r0, [r3, #52]
    str     r0, [sp, #INIT13]
    ldr     r0, [r3, #48]
    str     r0, [sp, #INIT12]
    ldr     r0, [r3, #8]
    mov     r10, r0
    ldr     r0, [r3, #12]
    mov     r11, r0
    ldr     r0, [r3, #24]
    ldr     r1, [r3, #40]
    ldr     r7, [r3, #56]
    ldr     r6, [r3, #28]
    ldr     r2, [r3, #44]
    ldr     r4, [r3, #60]
    PAIR    r10, r0, r1, r7, r11, r6, r2, r4, r5        @ C2+C3, once for all blocks
    add     r5, sp, #YINIT
    stm     r5!, {r0, r1, r2, r4}
    str     r6, [sp, #INITL + 24]
    str     r7, [sp, #INITH + 16]
    mov     r0, r10
    str     r0, [sp, #INITH + 8]
    mov     r0, r11
    str     r0, [sp, #INITH + 12]

.Lblock:
    add     r7, sp, #INITH
    ldm     r7!, {r0-r5}
    mov     r8, r0
    mov     r9, r1
    mov     r10, r2
    mov     r11, r3
    mov     r12, r4
    mov     lr, r5
    ldm     r7!, {r0-r6}
    PAIR    r8, r0, r1, r5, r9, r3, r2, r4, r7          @ C0+C1
    add     r7, sp, #XG
    stm     r7!, {r0, r1, r2, r4}
    add     r0, sp, #YINIT
    ldm     r0, {r0, r1, r2, r4}
    b       .Ldiagonals
    /* One double round per pass. Between the pairs, the register of each word: */
.Ldouble_round:
    /* r0 4, r1 8, r2 9, r3 5, r4 13, r5 12, r6 7, r12 14; YG holds {6, 10, 11, 15} */
    PAIR    r8, r0, r1, r5, r9, r3, r2, r4, r7          @ C0+C1
    mov     r7, r12
    mov     r12, r5
    add     r5, sp, #XG
    stm     r5!, {r0, r1, r2, r4}
    ldm     r5!, {r0, r1, r2, r4}
    /* r0 6, r1 10, r2 11, r3 5, r4 15, r6 7, r7 14, r12 12; XG holds {4, 8, 9, 13} */
    PAIR    r10, r0, r1, r7, r11, r6, r2, r4, r5        @ C2+C3
    mov     r5, r12
    mov     r12, r7
.Ldiagonals:
    /* r0 6, r1 10, r2 11, r3 5, r4 15, r5 12, r6 7, r12 14 */
    PAIR    r8, r3, r1, r4, r9, r0, r2, r5, r7          @ D0+D1
    mov     r7, r12
    mov     r12, r5
    add     r5, sp, #YG
    stm     r5!, {r0, r1, r2, r4}
    add     r0, sp, #XG
    ldm     r0, {r0, r1, r2, r4}
    /* r0 4, r1 8, r2 9, r3 5, r4 13, r6 7, r7 14, r12 12 */
    PAIR    r10, r6, r1, r4, r11, r0, r2, r7, r5        @ D2+D3
    mov     r5, r12
    mov     r12, r7
    mov     r7, lr
    subs    r7, #1
    mov     lr, r7
    beq     .Lfeed_forward
    b       .Ldouble_round

.Lfeed_forward:
    /* c = m xor (words + x), four words at a time: x by LDM into r0-r3, the words added
     * from r8-r11 or the stack (r0-r6 go there first), m one word at a time into r4 (r4-r7
     * are the only free registers, three of them the pointers), c by STM. */
    add     r7, sp, #KS
    stm     r7!, {r0-r6}
    ldr     r7, [sp, #XP]
    ldr     r6, [sp, #MP]
    ldr     r5, [sp, #CP]
    ldm     r7!, {r0-r3}
    add     r0, r8
    add     r1, r9
    add     r2, r10
    add     r3, r11
    XOR_M   r0
    XOR_M   r1
    XOR_M   r2
    XOR_M   r3
    stm     r5!, {r0-r3}
    ldm     r7!, {r0-r3}
    ldr     r4, [sp, #KS + 0]           @ word 4
    adds    r0, r4
    ldr     r4, [sp, #KS + 12]          @ 5
    adds    r1, r4
    ldr     r4, [sp, #YG + 0]           @ 6
    adds    r2, r4
    ldr     r4, [sp, #KS + 24]          @ 7
    adds    r3, r4
    XOR_M   r0
    XOR_M   r1
    XOR_M   r2
    XOR_M   r3
    stm     r5!, {r0-r3}
    ldm     r7!, {r0-r3}
    ldr     r4, [sp, #KS + 4]           @ 8
    adds    r0, r4
    ldr     r4, [sp, #KS + 8]           @ 9
    adds    r1, r4
    ldr     r4, [sp, #YG + 4]           @ 10
    adds    r2, r4
    ldr     r4, [sp, #YG + 8]           @ 11
    adds    r3, r4
    XOR_M   r0
    XOR_M   r1
    XOR_M   r2
    XOR_M   r3
    stm     r5!, {r0-r3}
    /* Words 12 and 13 add the counter of this block from INITL, which x only gets at the
     * end; the counter moves on for the next block (MOVS keeps the carry). */
    ldr     r2, [r7, #8]
    ldr     r3, [r7, #12]
    ldr     r0, [sp, #INIT12]
    ldr     r1, [sp, #INIT13]
    adds    r4, r0, #1
    str     r4, [sp, #INIT12]
    movs    r4, #0
    adcs    r4, r1
    str     r4, [sp, #INIT13]
    ldr     r4, [sp, #KS + 20]          @ 12
    adds    r0, r4
    ldr     r4, [sp, #KS + 16]          @ 13
    adds    r1, r4
    add     r2, r12                     @ 14
    ldr     r4, [sp, #YG + 12]          @ 15
    adds    r3, r4
    ldm     r6!, {r4, r7}               @ x is done with: m two words at a time
    eors    r0, r4
    eors    r1, r7
    ldm     r6!, {r4, r7}
    eors    r2, r4
    eors    r3, r7
    stm     r5!, {r0-r3}
    str     r6, [sp, #MP]
    str     r5, [sp, #CP]
    ldr     r0, [sp, #MEND]
    cmp     r6, r0
    beq     .Ldone
    b       .Lblock
.Ldone:
    ldr     r3, [sp, #XP]
    ldr     r0, [sp, #INIT12]
    ldr     r1, [sp, #INIT13]
    str     r0, [r3, #48]
    str     r1, [r3, #52]
    add     sp, #FRAME
    pop     {r4-r7}
    mov     r8, r4
    mov     r9, r5
    mov     r10, r6
    mov     r11, r7
    pop     {r4-r7, pc}

    /* c or m not word-aligned: each block is copied to an aligned 64-byte buffer, run in
     * place by the aligned path (a call with nblocks = 1) and copied to c. r4 = c, r5 = m,
     * r6 = blocks left, r7 = x; [sp] is the call's fifth argument, the buffer is at sp + 8,
     * and 20 + 76 bytes keep sp 8-byte aligned for the call. */
.Lunaligned:
    sub     sp, #76
    mov     r4, r0
    mov     r5, r1
    mov     r6, r2
    mov     r7, r3
    ldr     r0, [sp, #76 + 20]          @ rounds, above the 5 registers pushed
    str     r0, [sp, #0]
.Lunaligned_block:
    movs    r0, #0
    add     r2, sp, #8
1:  ldrb    r1, [r5, r0]
    strb    r1, [r2, r0]
    adds    r0, #1
    cmp     r0, #64
    bne     1b
    add     r0, sp, #8
    mov     r1, r0
    movs    r2, #1
    mov     r3, r7
    bl      microsalt_chacha_blocks
    movs    r0, #0
    add     r2, sp, #8
2:  ldrb    r1, [r2, r0]
    strb    r1, [r4, r0]
    adds    r0, #1
    cmp     r0, #64
    bne     2b
    adds    r4, #64
    adds    r5, #64
    subs    r6, #1
    bne     .Lunaligned_block
    add     sp, #76
    pop     {r4-r7, pc}
    .size microsalt_chacha_blocks, .-microsalt_chacha_blocks
