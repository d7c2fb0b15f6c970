/*
 * GF(2^255 - 19) multiplication and squaring for the Cortex-M3 in little flash (the
 * cortex-m3-small build, targets.txt), the contract of src/curve25519/fe25519.h (packed
 * layout: eight 32-bit words below 2^256, arithmetic mod 2^256 - 38). It takes the place of
 * armv7m's, whose straight-line Karatsuba is 1.6x (fe_mul) and 2.0x (fe_sq) faster in 5.8x
 * the flash (5.2 KB).
 *
 * Product: schoolbook by rows, t = sum f_i g 2^(32 i) into a 16-word frame. A row keeps the
 * two 16-bit digits of f_i in r3, r4 and runs through g's eight words unrolled: a word
 * product is four MULs of 16-bit digits, the middle two added in shifted by 16 through the
 * barrel shifter, then t's word and the row's carry C are added, which cannot overflow 64
 * bits: (2^32 - 1)^2 + 2 (2^32 - 1) = 2^64 - 1. The row's last carry is t's next word,
 * which no row has written yet, so only t's low eight words start at zero.
 *
 * Square: the 28 cross products f_i f_j, i < j, by the same rows, row i from f_(i + 1) and
 * t's word 2i + 1 to the end of f, a loop whose length (7 - i) is public; then t = 2 t +
 * sum f_i^2 2^(64 i) a pair of words at a time (f_i^2 from three MULs, the cross digit
 * product once, shifted by 17), and the multiplication's reduction.
 *
 * Reduction: t mod 2^256 - 38 = t_lo + 38 t_hi, a word at a time with a carry word: 38 w
 * from the 16-bit halves of w, two MULs (38 times a half is below 2^22). The carry out of
 * bit 256 (at most 38) comes back as 38 times itself, and the carry of that addition, if
 * any, as 38 once more, which cannot carry: the value had wrapped below 38 * 39.
 *
 * Constant time: every product a MUL of two 16-bit digits, one cycle on the M3 whatever
 * the operands, and no UMULL, UMLAL, SMULL or SMLAL, whose M3 latency depends on the
 * operands (Cortex-M3 TRM, table 3-1); the loops run a fixed number of times and every
 * address is a fixed offset from sp or an operand pointer, whatever the values.
 *
 * Registers: r0-r12 and lr; r4-r11 and lr pushed, with h (r0), reloaded at the end. Stack:
 * 10 pushed words and the 64-byte frame of t, left to be overwritten as the C twin's is.
 *
 * Cycles, modelled (docs/cycle-model.md), the call included: fe_mul 1,439, fe_sq 1,171
 * (armv7m's: 918 and 596; the packed C twins at -Os: 2,617 and 2,108). X25519
 * (crypto_scalarmult) in the cortex-m3-small build: 3.59M cycles (3.93M with fe_sq as a
 * multiplication; μNaCl: 6.25M). Code: 660 + 232 bytes.
 */
    .syntax unified
    .thumb
    .text

/* One word product of a row: t_k += (r4:r3) g_k + C (the g digits at g_lo and g_hi, t_k read
 * at t_in and written at t_out: fixed offsets in fe_mul, post-indexed in fe_sq), C in r10
 * and out in r10; the row's first has no carry in (first = 1). */
.macro word_product g_lo, g_hi, t_in, t_out, first
    ldrh r5, \g_lo
    ldrh r6, \g_hi
    mul r7, r3, r5
    mul r8, r4, r6
    mul r9, r3, r6
    adds r7, r7, r9, lsl #16
    adc r8, r8, r9, lsr #16
    mul r9, r4, r5
    adds r7, r7, r9, lsl #16
    adc r8, r8, r9, lsr #16
    ldr r9, \t_in
    adds r7, r7, r9
.if \first
    adc r10, r8, #0
.else
    adc r8, r8, #0
    adds r7, r7, r10
    adc r10, r8, #0
.endif
    str r7, \t_out
.endm

/* Both routines' start: h's pointer and the callee-saved registers pushed, and the 64-byte
 * product t on the stack, its low half zeroed (the rows write the high half as they end). */
.macro frame
    push {r0, r4-r11, lr}
    sub sp, #64
    movs r3, #0
    movs r4, #0
    movs r5, #0
    movs r6, #0
    mov r11, sp
    stm r11!, {r3-r6}
    stm r11!, {r3-r6}
.endm

/* void microsalt_fe_mul(fe25519 *h, const fe25519 *f, const fe25519 *g); */
.global microsalt_fe_mul
.type microsalt_fe_mul, %function
.thumb_func
microsalt_fe_mul:
    frame
    mov r11, sp
    add r12, r1, #32
1:
    ldrh r3, [r1], #2
    ldrh r4, [r1], #2
    word_product "[r2, #0]", "[r2, #2]", "[r11, #0]", "[r11, #0]", 1
    .irp j, 4, 8, 12, 16, 20, 24, 28
    word_product "[r2, #\j]", "[r2, #\j + 2]", "[r11, #\j]", "[r11, #\j]", 0
    .endr
    str r10, [r11, #32]
    add r11, r11, #4
    cmp r1, r12
    bne 1b

    /* t_lo + 38 t_hi, the carry word in r10. */
.Lreduce:
    mov r11, sp
    add r12, sp, #32
    movs r10, #0
    mov lr, #38
2:
    ldr r5, [r11, #32]
    ldr r7, [r11]
    uxth r3, r5
    lsr r4, r5, #16
    mul r3, r3, lr
    mul r4, r4, lr
    lsr r8, r4, #16
    adds r7, r7, r4, lsl #16
    adc r8, r8, #0
    adds r7, r7, r3
    adc r8, r8, #0
    adds r7, r7, r10
    adc r10, r8, #0
    str r7, [r11], #4
    cmp r11, r12
    bne 2b

    mul r10, r10, lr
    ldm sp, {r1-r8}
    adds r1, r1, r10
    adcs r2, r2, #0
    adcs r3, r3, #0
    adcs r4, r4, #0
    adcs r5, r5, #0
    adcs r6, r6, #0
    adcs r7, r7, #0
    adcs r8, r8, #0
    mov r9, #0
    adc r9, r9, #0
    mul r9, r9, lr
    add r1, r1, r9
    ldr r0, [sp, #64]
    stm r0, {r1-r8}
    add sp, #68
    pop {r4-r11, pc}
.size microsalt_fe_mul, .-microsalt_fe_mul

/* void microsalt_fe_sq(fe25519 *h, const fe25519 *f); */
.global microsalt_fe_sq
.type microsalt_fe_sq, %function
.thumb_func
microsalt_fe_sq:
    frame
    str r3, [sp, #60]
    /* The cross products f_i f_j, i < j: row i from t[2i + 1], its carry into t[i + 8]. */
    mov r11, sp
    add r12, r1, #32
    sub r0, r12, #4
3:
    ldrh r3, [r1], #2
    ldrh r4, [r1], #2
    mov r2, r1
    add lr, r11, #4
    mov r10, #0
4:
    word_product "[r2], #2", "[r2], #2", "[lr]", "[lr], #4", 0
    cmp r2, r12
    bne 4b
    str r10, [lr]
    add r11, r11, #8
    cmp r1, r0
    bne 3b

    /* t = 2 t + sum f_i^2 2^(64 i), a pair of words at a time: r2 the bit shifted out of
     * the pair before, r10 the carry word. */
    sub r1, r12, #32
    mov r11, sp
    movs r2, #0
    mov r10, #0
5:
    ldrh r3, [r1], #2
    ldrh r4, [r1], #2
    mul r7, r3, r3
    mul r8, r4, r4
    mul r9, r3, r4
    adds r7, r7, r9, lsl #17
    adc r8, r8, r9, lsr #15
    ldm r11, {r5, r6}
    lsr lr, r6, #31
    lsl r6, r6, #1
    orr r6, r6, r5, lsr #31
    orr r5, r2, r5, lsl #1
    mov r2, lr
    adds r5, r5, r10
    adcs r6, r6, #0
    mov r9, #0
    adc r9, r9, #0
    adds r5, r5, r7
    adcs r6, r6, r8
    adc r10, r9, #0
    stm r11!, {r5, r6}
    cmp r1, r12
    bne 5b
    b .Lreduce
.size microsalt_fe_sq, .-microsalt_fe_sq
