/*
 * The inner parts of fe_invert.c's binary GCD for ARMv6-M (the Cortex-M0; the M3 takes
 * armv7m's, in Thumb-2), where the compiler spills: the 30 iterations on the approximations
 * of a step, and the linear combinations of the whole values, 68 a call. Part of the
 * fe_invert kernel, compared with Fermat's twin on the target as a whole.
 *
 * Constant time: straight-line code but the iterations' loop on its fixed count; every
 * address a fixed offset from the pointer arguments (public); every product a MULS of 16-bit
 * halves (one cycle on the M0 with the fast multiplier, whatever the operands). Swaps,
 * subtractions and signs are masks.
 *
 * The iterations (microsalt_fe_invert_iterate): a and b in r0-r3, the odd mask in r4, the
 * swap mask in r7; f0, f1, g0, g1 in r8-r11, updated by ADD of high registers. Where a is
 * odd, d = a - b; it swaps when d < 0: then b + d = a is the new b and -d = b - a the new a,
 * so b <- b + (d & swap) and a <- |d|, then halved; the factors the same way, f1 doubled.
 * 46 cycles an iteration.
 *
 * The combinations (microsalt_fe_invert_combine): two passes, x fx into r, then y fy added
 * to it, so that one pass needs only eight low registers: the carry (c0, c1) in r4 and r5,
 * the factor's magnitude |f| = ah 2^16 + al in r7 and r6, and four temporaries; x's and r's
 * pointers and the sign mask wait in r8, r9 and r10. A negative f multiplies ~x + 1 = -x by
 * |f|: (x_i ^ m) |f| word by word, |f| itself as the +1 (the carry's start), and the sign
 * word (x's ninth word, 0, complemented) times |f|, -|f| mod 2^32, in r[8]. A word's product
 * w |f| = wl al + 2^16 (wh al + wl ah) + 2^32 wh ah goes into the carry in three 64-bit
 * additions, wh ah taking the first's carry; a column stays below
 * (2^32 - 1) 2^30 + 2^32 + 2^31 < 2^64. About 600 cycles a call (the C version: 1,400).
 *
 * Registers: r0-r7 and r8-r12 (r4-r11 saved).
 */
    .syntax unified
    .thumb
    .text

/* One word of a pass: w = (x_i ^ m) |f| into (r4, r5), whose low word goes to r_i; with
 * `acc`, r_i is added in first. r8: x's pointer, r9: r's, r10: m. */
.macro word acc
    mov r0, r8
    ldm r0!, {r1}
    mov r8, r0
    mov r0, r10
    eors r1, r0
.if \acc
    mov r0, r9
    ldr r0, [r0]
    adds r4, r4, r0
    adcs r5, r5, r5
.endif
    lsrs r2, r1, #16
    uxth r1, r1
    movs r3, r2
    muls r3, r7, r3
    movs r0, r1
    muls r0, r6, r0
    adds r4, r4, r0
    adcs r5, r5, r3
    muls r2, r6, r2
    muls r1, r7, r1
    lsls r0, r2, #16
    lsrs r2, r2, #16
    adds r4, r4, r0
    adcs r5, r5, r2
    lsls r0, r1, #16
    lsrs r1, r1, #16
    adds r4, r4, r0
    adcs r5, r5, r1
    mov r0, r9
    stm r0!, {r4}
    mov r9, r0
    movs r4, r5
    movs r5, #0
.endm

/* A pass over x (r1) with the factor f (r3) into r (r0); r11 keeps |f| & m for r[8]. */
.macro pass acc
    mov r8, r1
    mov r9, r0
    asrs r4, r3, #31
    mov r10, r4
    eors r3, r4
    subs r3, r3, r4
    uxth r6, r3
    lsrs r7, r3, #16
    ands r4, r3
    mov r11, r4
    movs r5, #0
    word \acc
    word \acc
    word \acc
    word \acc
    word \acc
    word \acc
    word \acc
    word \acc
    mov r0, r11
    subs r4, r4, r0
    mov r0, r9
.if \acc
    ldr r1, [r0]
    adds r4, r4, r1
.endif
    str r4, [r0]
.endm

/* void microsalt_fe_invert_combine(uint32_t r[9], const uint32_t x[8], const uint32_t y[8],
 *                                  uint32_t fx, uint32_t fy); */
.global microsalt_fe_invert_combine
.type microsalt_fe_invert_combine, %function
.thumb_func
microsalt_fe_invert_combine:
    push {r0, r2, r4-r7, lr}
    mov r4, r8
    mov r5, r9
    mov r6, r10
    mov r7, r11
    push {r4-r7}
    pass 0
    ldr r0, [sp, #16]
    ldr r1, [sp, #20]
    ldr r3, [sp, #44]
    pass 1
    pop {r4-r7}
    mov r8, r4
    mov r9, r5
    mov r10, r6
    mov r11, r7
    add sp, #8
    pop {r4-r7, pc}
.size microsalt_fe_invert_combine, .-microsalt_fe_invert_combine

/* One iteration: a (r0, r1) and b (r2, r3) < 2^62, f0 r8, f1 r9, g0 r10, g1 r11. */
.macro iteration
    lsls r4, r0, #31
    asrs r4, r4, #31
    movs r5, r2
    ands r5, r4
    movs r7, r3
    ands r7, r4
    subs r5, r0, r5
    movs r6, r1
    sbcs r6, r7
    asrs r7, r6, #31
    movs r0, r5
    ands r0, r7
    movs r1, r6
    ands r1, r7
    adds r2, r2, r0
    adcs r3, r1
    eors r5, r7
    eors r6, r7
    subs r5, r5, r7
    sbcs r6, r7
    lsrs r0, r5, #1
    lsls r1, r6, #31
    orrs r0, r1
    lsrs r1, r6, #1
    mov r5, r9
    ands r5, r4
    mov r6, r8
    subs r6, r6, r5
    movs r5, r6
    ands r5, r7
    add r9, r5
    add r9, r9
    eors r6, r7
    subs r6, r6, r7
    mov r8, r6
    mov r5, r11
    ands r5, r4
    mov r6, r10
    subs r6, r6, r5
    movs r5, r6
    ands r5, r7
    add r11, r5
    add r11, r11
    eors r6, r7
    subs r6, r6, r7
    mov r10, r6
.endm

/* void microsalt_fe_invert_iterate(uint32_t v[4]);
 * v = (a mod 2^32, a >> 32, b mod 2^32, b >> 32) in, a, b < 2^62; (f0, g0, f1, g1) out. */
.global microsalt_fe_invert_iterate
.type microsalt_fe_invert_iterate, %function
.thumb_func
microsalt_fe_invert_iterate:
    push {r4-r7, lr}
    mov r4, r8
    mov r5, r9
    mov r6, r10
    mov r7, r11
    push {r4-r7}
    mov lr, r0
    ldm r0, {r0-r3}
    movs r4, #1
    mov r8, r4
    mov r11, r4
    movs r4, #0
    mov r9, r4
    mov r10, r4
    movs r4, #15
    mov r12, r4
1:
    iteration
    iteration
    mov r4, r12
    subs r4, #1
    mov r12, r4
    bne 1b
    mov r0, lr
    mov r1, r8
    mov r2, r10
    mov r3, r9
    mov r4, r11
    stm r0!, {r1-r4}
    pop {r4-r7}
    mov r8, r4
    mov r9, r5
    mov r10, r6
    mov r11, r7
    pop {r4-r7, pc}
.size microsalt_fe_invert_iterate, .-microsalt_fe_invert_iterate
