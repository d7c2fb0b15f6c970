/*
 * microsalt_poly1305_blocks for the Cortex-M4 (ARMv7E-M), the contract of
 * src/symmetric/poly1305.h, on the state in radix 2^32 (kernels.h: MICROSALT_POLY1305_RADIX32).
 * Constant time: the loop runs on nblocks only, every address is a fixed offset from sp or
 * m, and the M4's UMULL, UMLAL, UMAAL and MLA take one cycle whatever their operands.
 *
 * A block: h += m + hibit 2^128, then h = h r with every product at 2^128 and up folded down
 * as h_i s_j, s_j = 5 r_j / 4 (exact: clamping makes r1..r3 multiples of 4, and 2^130 = 5 mod
 * p), column by column:
 *     d0 = h0 r0 + h1 s3 + h2 s2 + h3 s1
 *     d1 = h0 r1 + h1 r0 + h2 s3 + h3 s2 + h4 s1          (+ d0 >> 32)
 *     d2 = h0 r2 + h1 r1 + h2 r0 + h3 s3 + h4 s2          (+ d1 >> 32)
 *     d3 = h0 r3 + h1 r2 + h2 r1 + h3 r0 + h4 s3          (+ d2 >> 32)
 *     d4 = h4 r0 + (d3 >> 32)
 * Bounds: r_j < 2^28 and s_j < 2^28.33, h0..h3 < 2^32 and h4 <= 7 (at most 5 between blocks
 * by the contract, 4 as this kernel leaves it, plus a carry and the pad bit): each column is
 * below 2^62.4, its carry below 2^30.4; d3's, with no s_j but h4's, below 2^30 + 2^2, and d4
 * below 2^31.5. Then bits 130 and up, below 2^29.5, come back at bit 0 as 5 each (below
 * 2^31.8, no overflow), leaving h4 <= 4.
 * Each column starts with UMAAL, which adds the previous column's carry for free.
 *
 * Registers: h0..h4 in r0-r4, r0..r3 in r5-r8, s1..s3 in r9-r11, the column in r12 and lr.
 * The new h0..h2 wait in the frame until the old ones have served in d3. r4-r11 and lr are
 * pushed; the frame holds m, where the blocks end, hibit and the new h0..h2 (68 bytes of
 * stack in all). Blocks with the pad bit set (all but a message's final partial block) run
 * four to a pass of the loop, with the pad bit as an immediate: 57 cycles a block, modelled
 * (docs/cycle-model.md), against 62 one at a time. crypto_onetimeauth of 1024 bytes takes
 * 4,025 cycles (3.93 a byte; the C twin: 7,496), of which about 330 are the C code's init,
 * finish and wipes.
 */
    .syntax unified
    .thumb
    .text

    .equ MP, 0          @ m of the next block
    .equ MEND, 4        @ m + 16 nblocks
    .equ HIBIT, 8
    .equ NEWH, 12       @ the new h0, h1, h2
    .equ WP, 24         @ w
    .equ MFOUR, 28      @ where the blocks taken one at a time end
    .equ FRAME, 32

/* One block: h += m (at r12, which moves on to the next block) + hibit 2^128, h = h r. The
 * pad bit comes from the frame (HIBIT) or is 1 (`hibit=one`). */
.macro BLOCK hibit
    ldr     lr, [r12], #4
    adds    r0, r0, lr
    ldr     lr, [r12], #4
    adcs    r1, r1, lr
    ldr     lr, [r12], #4
    adcs    r2, r2, lr
    ldr     lr, [r12], #4
    adcs    r3, r3, lr
.ifc \hibit, one
    adc     r4, r4, #1
.else
    ldr     lr, [sp, #HIBIT]
    adc     r4, r4, lr
.endif
    str     r12, [sp, #MP]

    umull   r12, lr, r0, r5         @ d0
    umlal   r12, lr, r1, r11
    umlal   r12, lr, r2, r10
    umlal   r12, lr, r3, r9
    str     r12, [sp, #NEWH]
    mov     r12, #0                 @ d1, with d0's carry in lr
    umaal   lr, r12, r0, r6
    umlal   lr, r12, r1, r5
    umlal   lr, r12, r2, r11
    umlal   lr, r12, r3, r10
    umlal   lr, r12, r4, r9
    str     lr, [sp, #NEWH + 4]
    mov     lr, #0                  @ d2, with d1's carry in r12
    umaal   r12, lr, r0, r7
    umlal   r12, lr, r1, r6
    umlal   r12, lr, r2, r5
    umlal   r12, lr, r3, r11
    umlal   r12, lr, r4, r10
    str     r12, [sp, #NEWH + 8]
    mov     r12, #0                 @ d3, with d2's carry in lr
    umaal   lr, r12, r0, r8
    umlal   lr, r12, r1, r7
    umlal   lr, r12, r2, r6
    umlal   lr, r12, r3, r5
    umlal   lr, r12, r4, r11
    mla     r4, r4, r5, r12         @ d4 = h4 r0 + d3's carry
    mov     r3, lr
    ldr     r0, [sp, #NEWH]
    ldr     r1, [sp, #NEWH + 4]
    ldr     r2, [sp, #NEWH + 8]
    lsr     r12, r4, #2             @ bits 130 and up, 5 each at bit 0
    add     r12, r12, r12, lsl #2
    and     r4, r4, #3
    adds    r0, r0, r12
    adcs    r1, r1, #0
    adcs    r2, r2, #0
    adcs    r3, r3, #0
    adc     r4, r4, #0
.endm

/* void microsalt_poly1305_blocks(microsalt_poly1305_state *st, const uint8_t *m,
 *                                size_t nblocks, uint32_t hibit);
 * st: h0..h4, then the clamped r0..r3, nine words (src/symmetric/poly1305.h). */
    .global microsalt_poly1305_blocks
    .type microsalt_poly1305_blocks, %function
    .thumb_func
microsalt_poly1305_blocks:
    cmp     r2, #0
    it      eq
    bxeq    lr
    push    {r4-r11, lr}
    sub     sp, #FRAME
    str     r3, [sp, #HIBIT]
    str     r0, [sp, #WP]
    add     r12, r1, r2, lsl #4
    str     r12, [sp, #MEND]
    /* Blocks with the pad bit 1 (all but a final partial one) go four to a pass, when there
     * are four or more; the rest one at a time. All public: hibit and nblocks. */
    cmp     r3, #1
    ite     eq
    andeq   r12, r2, #3
    movne   r12, r2
    add     r12, r1, r12, lsl #4
    str     r12, [sp, #MFOUR]       @ where the single blocks end
    add     r12, r0, #20
    ldm     r12, {r5-r8}
    add     r9, r6, r6, lsr #2
    add     r10, r7, r7, lsr #2
    add     r11, r8, r8, lsr #2
    mov     r12, r1
    ldm     r0, {r0-r4}
    ldr     lr, [sp, #MFOUR]
    cmp     r12, lr
    beq     .Lfour
.Lsingle:                           @ m of this block in r12
    BLOCK   frame
    ldr     r12, [sp, #MP]
    ldr     lr, [sp, #MFOUR]
    cmp     r12, lr
    bne     .Lsingle
.Lfour:
    ldr     lr, [sp, #MEND]
    cmp     r12, lr
    beq     .Ldone
.Lfour_loop:
    BLOCK   one
    ldr     r12, [sp, #MP]
    BLOCK   one
    ldr     r12, [sp, #MP]
    BLOCK   one
    ldr     r12, [sp, #MP]
    BLOCK   one
    ldr     r12, [sp, #MP]
    ldr     lr, [sp, #MEND]
    cmp     r12, lr
    bne     .Lfour_loop
.Ldone:
    ldr     r12, [sp, #WP]
    stm     r12, {r0-r4}
    mov     r0, #0                  @ the frame held h: wiped
    str     r0, [sp, #NEWH]
    str     r0, [sp, #NEWH + 4]
    str     r0, [sp, #NEWH + 8]
    add     sp, #FRAME
    pop     {r4-r11, pc}
    .size microsalt_poly1305_blocks, .-microsalt_poly1305_blocks
