/*
 * The inner parts of armv6m/fe_invert.c's binary GCD for ARMv7-M (the Cortex-M3), in place of
 * armv6m's Thumb-1 ones, which spend a third of their cycles moving values between the low
 * and the high registers: the 30 iterations on the approximations of a step, and the linear
 * combinations of the whole values, 66 an inversion. Part of the fe_invert kernel, compared with
 * Fermat's twin on the target as a whole.
 *
 * Constant time: straight-line code but the iterations' loop on its fixed count; every
 * address a fixed offset from the pointer arguments (public); every product a MUL of 16-bit
 * halves (one cycle whatever the operands: no long multiply, whose time on the M3 depends
 * on them). Swaps, subtractions and signs are masks.
 *
 * The iterations (microsalt_fe_invert_iterate): a and b in r0-r3, f0, g0, f1, g1 in r4-r7,
 * the odd mask in r8 and the swap mask in r11. Where a is odd, d = a - b; it swaps when
 * d < 0: then b + d = a is the new b and -d = b - a the new a, so b <- b + (d & swap) and
 * a <- |d|, then halved; the factors the same way, f1 and g1 doubled. 31 cycles an
 * iteration.
 *
 * The combinations (microsalt_fe_invert_combine): one pass over x and y together, the carry
 * (c0, c1) in r10 and r11, |fx| and |fy| as 16-bit halves in r4-r7, their sign masks in r8
 * and r9. A negative f multiplies ~x + 1 = -x by |f|: (x_i ^ m) |f| word by word, |f| itself
 * in the carry's start, and the sign word (x's ninth word, 0, complemented) times |f|,
 * -|f| mod 2^32, in r[8]. A word's product w |f| = wl al + 2^16 (wh al + wl ah)
 * + 2^32 wh ah goes into the carry in three 64-bit additions, wh ah taking the first's carry,
 * the middle products by the adder's shifted operand; a column stays below
 * (2^32 - 1) 2^30 + 2^32 < 2^64 (|fx| + |fy| <= 2^30).
 *
 * Registers: r0-r12 and lr (r4-r11 saved). Modelled cycles on the M3: the inversion 47,192
 * with these and armv6m's fe_invert_reduce.S (86,721 with armv6m's Thumb-1 parts and the
 * word-wide steps in C).
 */
    .syntax unified
    .thumb
    .text

/* One iteration: a (r0, r1) and b (r2, r3) < 2^62, f0 r4, g0 r5, f1 r6, g1 r7. */
.macro iteration
    sbfx r8, r0, #0, #1
    and r9, r2, r8
    and r10, r3, r8
    subs r9, r0, r9
    sbc r10, r1, r10
    asr r11, r10, #31
    and r0, r9, r11
    and r1, r10, r11
    adds r2, r2, r0
    adc r3, r3, r1
    eor r9, r9, r11
    eor r10, r10, r11
    subs r9, r9, r11
    sbc r10, r10, r11
    lsr r0, r9, #1
    orr r0, r0, r10, lsl #31
    lsr r1, r10, #1
    and r9, r6, r8
    sub r9, r4, r9
    and r10, r9, r11
    add r6, r6, r10
    lsl r6, r6, #1
    eor r9, r9, r11
    sub r4, r9, r11
    and r9, r7, r8
    sub r9, r5, r9
    and r10, r9, r11
    add r7, r7, r10
    lsl r7, r7, #1
    eor r9, r9, r11
    sub r5, r9, r11
.endm

/* void microsalt_fe_invert_iterate(uint32_t v[4]);
 * v = (a mod 2^32, a >> 32, b mod 2^32, b >> 32) in, a, b < 2^62; (f0, g0, f1, g1) out. */
.global microsalt_fe_invert_iterate
.type microsalt_fe_invert_iterate, %function
.thumb_func
microsalt_fe_invert_iterate:
    push {r4-r11, lr}
    mov lr, r0
    ldm r0, {r0-r3}
    movs r4, #1
    movs r5, #0
    movs r6, #0
    movs r7, #1
    mov r12, #6
1:
    iteration
    iteration
    iteration
    iteration
    iteration
    subs r12, r12, #1
    bne 1b
    stm lr, {r4-r7}
    pop {r4-r11, pc}
.size microsalt_fe_invert_iterate, .-microsalt_fe_invert_iterate

/* w = (word ^ m) |f| into the carry (r10, r11): the word loaded from [p], |f| = ah 2^16 + al;
 * r3, r12 and lr scratch. */
.macro product p, m, al, ah
    ldr r3, [\p], #4
    eor r3, r3, \m
    uxth r12, r3
    lsr r3, r3, #16
    mul lr, r12, \al
    adds r10, r10, lr
    mul lr, r3, \ah
    adc r11, r11, lr
    mul lr, r3, \al
    adds r10, r10, lr, lsl #16
    adc r11, r11, lr, lsr #16
    mul lr, r12, \ah
    adds r10, r10, lr, lsl #16
    adc r11, r11, lr, lsr #16
.endm

.macro word
    product r1, r8, r4, r5
    product r2, r9, r6, r7
    str r10, [r0], #4
    mov r10, r11
    movs r11, #0
.endm

/* void microsalt_fe_invert_combine(uint32_t r[9], const uint32_t x[8], const uint32_t y[8],
 *                                  uint32_t fx, uint32_t fy); */
.global microsalt_fe_invert_combine
.type microsalt_fe_invert_combine, %function
.thumb_func
microsalt_fe_invert_combine:
    push {r4-r11, lr}
    ldr r12, [sp, #36]
    asr r8, r3, #31
    eor r3, r3, r8
    sub r3, r3, r8
    asr r9, r12, #31
    eor r12, r12, r9
    sub r12, r12, r9
    uxth r4, r3
    lsr r5, r3, #16
    uxth r6, r12
    lsr r7, r12, #16
    and r3, r3, r8
    and r12, r12, r9
    add r10, r3, r12
    movs r11, #0
    word
    word
    word
    word
    word
    word
    word
    word
    orr r3, r4, r5, lsl #16
    and r3, r3, r8
    sub r10, r10, r3
    orr r3, r6, r7, lsl #16
    and r3, r3, r9
    sub r10, r10, r3
    str r10, [r0]
    pop {r4-r11, pc}
.size microsalt_fe_invert_combine, .-microsalt_fe_invert_combine
