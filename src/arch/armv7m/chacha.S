/*
 * ChaCha block kernel for ARMv7-M (Cortex-M3, Cortex-M4), the contract of src/symmetric/chacha20.h.
 * Straight-line code with loops on nblocks and rounds only; no data-dependent branch, address
 * or instruction latency (no multiplies at all).
 *
 * Rotations ride the barrel shifter: a quarter round is 8 instructions, 4 ADD and 4 EOR, each
 * 1 cycle with a rotated operand. Words a and c of a quarter round are always held as they
 * are; words b and d are held "pending": b as ror(b, 7) and d as ror(d, 8) of their values,
 * and every EOR into them applies the pending rotation of the old value and leaves the new
 * rotation pending (d: 16, then 8; b: 12, then 7), so the pending amounts are the same at the
 * start of every double round and one loop body serves all of them (QR below).
 *
 * Registers: the 16 words need 16 registers, there are 14 (r0-r12, lr), so two d words live
 * on the stack: words 0-11 in r0-r11, and r12/lr hold words 12/13 or 14/15. Two swaps of the
 * pair per double round is the least any order allows (each round must change the stored
 * pair inside it, and no word can stay stored across a whole round); with the column round
 * ordered C0 C1 | C2 C3 and the diagonal round D3 D0 | D1 D2 the swaps fall at the bars.
 * A swap is 2 STR (1 cycle each) and 2 pipelined LDR (3 cycles).
 *
 * The column quarter rounds C2 and C3 (words 2,6,10,14 and 3,7,11,15) do not involve the
 * counter words 12 and 13, so they are the same for every block of a call: they are computed
 * once per call, and each block starts from the stored result with C0, C1 and then enters the
 * loop at D3.
 *
 * Per block, modelled (docs/cycle-model.md): 74 cycles per double round (64 ALU, 10 for the
 * swaps), 7 per two double rounds for the loop counter, about 115 for the feed-forward (x
 * loads, m xor, stores, counter) and 17 to load the next state: about 890 cycles for a
 * ChaCha20 block, 14 cycles per byte. m and c need no alignment: they are only accessed with
 * single LDR/STR, which take any address, and cost the same as LDM/STM when aligned.
 */
    .syntax unified
    .thumb
    .text

/* The frame, below the 9 saved registers. */
    .equ INIT, 0        @ 14 words, ldm'd into r0-r12, lr per block: words 0-13 with b words
                        @ 4-7 pending, 2, 3, 6, 7, 10, 11 after C2 and C3, 12, 13 raw (the counter)
    .equ INIT14, 56     @ words 14, 15 after C2 and C3 (pending)
    .equ INIT15, 60
    .equ RAW2, 64       @ x[2..7] as given, for the feed-forward (INIT holds other values)
    .equ RAW10, 88      @ x[10], x[11]
    .equ RAW14, 96      @ x[14], x[15]
    .equ SL12, 104      @ the stored pair: words 12, 13 during C2 C3 D3 D0 ...
    .equ SL13, 108
    .equ SL14, 112      @ ... and words 14, 15 during D1 D2 C0 C1
    .equ SL15, 116
    .equ SC8, 104       @ words 8-11 while the feed-forward frees r8-r11 (SL12 and SL13 are
    .equ SC10, 120      @ free by then)
    .equ CNT, 128       @ loop passes left in this block
    .equ PASSES, 132    @ loop passes per block: rounds / 4
    .equ MP, 136        @ m of the next block
    .equ CP, 140        @ c of the next block
    .equ MEND, 144      @ m + 64 * nblocks
    .equ XP, 148        @ x
    .equ FRAME, 152

/* One quarter round on a, b = ror(B, 7), c, d = ror(D, 8); leaves the same forms. */
.macro QR a, b, c, d
    add     \a, \a, \b, ror #25
    eor     \d, \a, \d, ror #24
    add     \c, \c, \d, ror #16
    eor     \b, \c, \b, ror #25
    add     \a, \a, \b, ror #20
    eor     \d, \a, \d, ror #16
    add     \c, \c, \d, ror #24
    eor     \b, \c, \b, ror #20
.endm

.macro STORE_12_LOAD_14
    str     r12, [sp, #SL12]
    str     lr, [sp, #SL13]
    ldr     r12, [sp, #SL14]
    ldr     lr, [sp, #SL15]
.endm

.macro STORE_14_LOAD_12
    str     r12, [sp, #SL14]
    str     lr, [sp, #SL15]
    ldr     r12, [sp, #SL12]
    ldr     lr, [sp, #SL13]
.endm

    .global microsalt_chacha_blocks
    .type microsalt_chacha_blocks, %function
    .thumb_func
/* void microsalt_chacha_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t x[16],
 *                              unsigned rounds); */
microsalt_chacha_blocks:
    push    {r4-r11, lr}
    sub     sp, #FRAME
    ldr     r4, [sp, #FRAME + 36]       @ rounds, the stacked fifth argument
    lsrs    r4, r4, #2
    str     r4, [sp, #PASSES]
    str     r4, [sp, #CNT]
    str     r0, [sp, #CP]
    str     r1, [sp, #MP]
    add     r2, r1, r2, lsl #6
    str     r2, [sp, #MEND]
    str     r3, [sp, #XP]

    ldm     r3, {r0-r12, lr}
    str     r2, [sp, #RAW2]
    str     r3, [sp, #RAW2 + 4]
    str     r4, [sp, #RAW2 + 8]
    str     r5, [sp, #RAW2 + 12]
    str     r6, [sp, #RAW2 + 16]
    str     r7, [sp, #RAW2 + 20]
    str     r10, [sp, #RAW10]
    str     r11, [sp, #RAW10 + 4]
    ror     r4, r4, #7
    ror     r5, r5, #7
    ror     r6, r6, #7
    ror     r7, r7, #7
    stm     sp, {r0-r12, lr}
    ldr     r0, [sp, #XP]
    ldr     r1, [r0, #56]
    ldr     r4, [r0, #60]
    str     r1, [sp, #RAW14]
    str     r4, [sp, #RAW14 + 4]
    ror     r12, r1, #8
    ror     lr, r4, #8
    QR      r2, r6, r10, r12            @ C2 and C3, once for all blocks
    QR      r3, r7, r11, lr
    str     r2, [sp, #INIT + 8]
    str     r3, [sp, #INIT + 12]
    str     r6, [sp, #INIT + 24]
    str     r7, [sp, #INIT + 28]
    str     r10, [sp, #INIT + 40]
    str     r11, [sp, #INIT + 44]
    str     r12, [sp, #INIT14]
    str     lr, [sp, #INIT15]

.Lblock:
    ldm     sp, {r0-r12, lr}
    ror     r12, r12, #8
    ror     lr, lr, #8
    QR      r0, r4, r8, r12             @ C0, C1
    QR      r1, r5, r9, lr
    str     r12, [sp, #SL12]
    str     lr, [sp, #SL13]
    ldr     r12, [sp, #INIT14]
    ldr     lr, [sp, #INIT15]
    b       .Lafter_columns
    /* Two double rounds per pass; the first pass of a block starts at .Lafter_columns. */
.Lpass:
    QR      r0, r4, r8, r12             @ C0 C1 (words 12, 13 in r12, lr)
    QR      r1, r5, r9, lr
    STORE_12_LOAD_14
    QR      r2, r6, r10, r12            @ C2 C3 D3 D0 (words 14, 15 in r12, lr)
    QR      r3, r7, r11, lr
.Lafter_columns:
    QR      r3, r4, r9, r12
    QR      r0, r5, r10, lr
    STORE_14_LOAD_12
    QR      r1, r6, r11, r12            @ D1 D2
    QR      r2, r7, r8, lr
    QR      r0, r4, r8, r12
    QR      r1, r5, r9, lr
    STORE_12_LOAD_14
    QR      r2, r6, r10, r12
    QR      r3, r7, r11, lr
    QR      r3, r4, r9, r12
    QR      r0, r5, r10, lr
    /* STORE_14_LOAD_12 with the pass counter in between, while lr is free; the quarter
     * rounds after it leave the flags alone (no S suffix) for the bne. */
    str     r12, [sp, #SL14]
    str     lr, [sp, #SL15]
    ldr     r12, [sp, #SL12]
    ldr     lr, [sp, #CNT]
    subs    lr, lr, #1
    str     lr, [sp, #CNT]
    ldr     lr, [sp, #SL13]
    QR      r1, r6, r11, r12
    QR      r2, r7, r8, lr
    bne     .Lpass

    /* Feed-forward: c = m xor (words + x), in groups whose loads pipeline (one cycle each
     * after the first); every word done frees its register for the next groups. Words 8-11
     * go to the stack first to make room for the m and c pointers and two temporaries;
     * b and d words get their pending rotation in the ADD. */
    str     r8, [sp, #SC8]
    str     r9, [sp, #SC8 + 4]
    str     r10, [sp, #SC10]
    str     r11, [sp, #SC10 + 4]
    ldr     r8, [sp, #MP]
    ldr     r9, [sp, #CP]
    ldr     r10, [sp, #INIT]
    ldr     r11, [sp, #INIT + 4]
    add     r10, r10, r0
    add     r11, r11, r1
    ldr     r0, [r8, #0]
    ldr     r1, [r8, #4]
    eor     r10, r10, r0
    eor     r11, r11, r1
    str     r10, [r9, #0]
    str     r11, [r9, #4]

    ldr     r0, [sp, #RAW2]
    ldr     r1, [sp, #RAW2 + 4]
    ldr     r10, [r8, #8]
    ldr     r11, [r8, #12]
    add     r0, r0, r2
    add     r1, r1, r3
    eor     r0, r0, r10
    eor     r1, r1, r11
    str     r0, [r9, #8]
    str     r1, [r9, #12]

    ldr     r0, [sp, #RAW2 + 8]
    ldr     r1, [sp, #RAW2 + 12]
    ldr     r2, [sp, #RAW2 + 16]
    ldr     r3, [r8, #16]
    ldr     r10, [r8, #20]
    ldr     r11, [r8, #24]
    add     r0, r0, r4, ror #25
    add     r1, r1, r5, ror #25
    add     r2, r2, r6, ror #25
    eor     r0, r0, r3
    eor     r1, r1, r10
    eor     r2, r2, r11
    str     r0, [r9, #16]
    str     r1, [r9, #20]
    str     r2, [r9, #24]

    ldr     r0, [sp, #RAW2 + 20]
    ldr     r1, [r8, #28]
    ldr     r2, [sp, #SC8]
    ldr     r3, [sp, #INIT + 32]
    ldr     r4, [r8, #32]
    ldr     r5, [sp, #SC8 + 4]
    ldr     r6, [sp, #INIT + 36]
    ldr     r10, [r8, #36]
    add     r0, r0, r7, ror #25
    add     r2, r2, r3
    add     r5, r5, r6
    eor     r0, r0, r1
    eor     r2, r2, r4
    eor     r5, r5, r10
    str     r0, [r9, #28]
    str     r2, [r9, #32]
    str     r5, [r9, #36]

    ldr     r0, [sp, #SC10]
    ldr     r1, [sp, #RAW10]
    ldr     r2, [r8, #40]
    ldr     r3, [sp, #SC10 + 4]
    ldr     r4, [sp, #RAW10 + 4]
    ldr     r5, [r8, #44]
    ldr     r6, [sp, #INIT + 48]
    ldr     r7, [r8, #48]
    ldr     r10, [sp, #INIT + 52]
    ldr     r11, [r8, #52]
    add     r0, r0, r1
    add     r3, r3, r4
    add     r1, r6, r12, ror #24
    add     r4, r10, lr, ror #24
    eor     r0, r0, r2
    eor     r3, r3, r5
    eor     r1, r1, r7
    eor     r4, r4, r11
    str     r0, [r9, #40]
    str     r3, [r9, #44]
    str     r1, [r9, #48]
    str     r4, [r9, #52]
    adds    r6, r6, #1                  @ the 64-bit block counter, for the next block
    adc     r10, r10, #0
    str     r6, [sp, #INIT + 48]
    str     r10, [sp, #INIT + 52]

    ldr     r0, [sp, #SL14]
    ldr     r1, [sp, #RAW14]
    ldr     r2, [r8, #56]
    ldr     r3, [sp, #SL15]
    ldr     r4, [sp, #RAW14 + 4]
    ldr     r5, [r8, #60]
    ldr     r7, [sp, #MEND]
    ldr     r11, [sp, #PASSES]
    add     r0, r1, r0, ror #24
    add     r3, r4, r3, ror #24
    eor     r0, r0, r2
    eor     r3, r3, r5
    str     r0, [r9, #56]
    str     r3, [r9, #60]
    str     r11, [sp, #CNT]
    add     r8, r8, #64
    add     r9, r9, #64
    str     r8, [sp, #MP]
    str     r9, [sp, #CP]
    cmp     r8, r7
    bne     .Lblock

    ldr     r0, [sp, #XP]
    ldr     r1, [sp, #INIT + 48]
    ldr     r2, [sp, #INIT + 52]
    str     r1, [r0, #48]
    str     r2, [r0, #52]
    add     sp, #FRAME
    pop     {r4-r11, pc}
    .size microsalt_chacha_blocks, .-microsalt_chacha_blocks
