/*
 * The inner parts of fe_invert.c's binary GCD for ARMv6-M (the Cortex-M0; the M3 takes
 * armv7m's, in Thumb-2), where the compiler spills: the 30 iterations on the approximations
 * of a step, and the linear combinations of the whole values, 66 an inversion. Part of the
 * fe_invert kernel, compared with Fermat's twin on the target as a whole.
 *
 * Constant time: straight-line code but the iterations' loop on its fixed count; every
 * address a fixed offset from the pointer arguments (public); every product a MULS of 16-bit
 * halves, the high half of a factor signed in the combinations (one cycle on the M0 with the
 * fast multiplier, whatever the operands). Swaps, subtractions and signs are masks.
 *
 * The iterations (microsalt_fe_invert_iterate): a and b in r0-r3, the odd mask in r4, the
 * swap mask in r7; f0, f1, g0, g1 in r8-r11, updated by ADD of high registers. Where a is
 * odd, d = a - b; it swaps when d < 0: then b + d = a is the new b and -d = b - a the new a,
 * so b <- b + (d & swap) and a <- |d|, then halved; the factors the same way, f1 doubled.
 * 46 cycles an iteration.
 *
 * The combinations (microsalt_fe_invert_combine): one pass over the words of x and y, both
 * products of a column into one 64-bit carry (c0, c1) in r4 and r5, signed: a factor is
 * f = fh 2^16 + fl, fl = f mod 2^16 and fh = f >> 16 (arithmetic, |fh| <= 2^14), so that no
 * sign mask or complement is needed; r = x fx + y fy comes out in two's complement, its
 * ninth word the last carry (|r| < 2^286). A word's product w f = wl fl + 2^16 (wh fl
 * + wl fh) + 2^32 wh fh goes into the carry in three 64-bit additions, wh fh taking the
 * first's carry, the signed products (below 2^30 in magnitude) extended by ASRS. A column
 * stays below 2^32 2^30 + 2^31 in magnitude, |x_i fx + y_i fy| < 2^32 (|fx| + |fy|), so the
 * carry is exact in 64 bits and shifts down by ASRS. The products need r0-r3, the factor's
 * halves r6 and r7; fx's wait in r11 and r12, fy's in lr and the stack (the argument's
 * slot), x's, y's and r's pointers in r8-r10. The columns alternate the order of x and y,
 * so that each loads one factor. 451 cycles a call (two passes, with masks: 596; the C
 * version: 1,400).
 *
 * Registers: r0-r12 and lr (r4-r11 saved).
 */
    .syntax unified
    .thumb
    .text

/* One product into the carry: w f, w in r1, f = fh 2^16 + fl with fl in r6 and fh in r7,
 * the carry (c0, c1) in r4 and r5. w f = wl fl + 2^16 (wh fl + wl fh) + 2^32 wh fh in three
 * 64-bit additions, wh fh taking the first's carry; the products with fh are signed, below
 * 2^30 in magnitude, their high words taken by ASRS. r0-r3 are spent. */
.macro product
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
    asrs r1, r1, #16
    adds r4, r4, r0
    adcs r5, r5, r1
.endm

/* x_i fx (x's pointer in r8) and y_i fy (r9) into the carry, the factor whose halves r6 and
 * r7 hold first, the other's then loaded: fx's from r11 and r12, fy's from the stack (the
 * slot of the argument) and lr. */
.macro xterm i
    mov r0, r8
    ldr r1, [r0, #4*\i]
    product
.endm
.macro yterm i
    mov r0, r9
    ldr r1, [r0, #4*\i]
    product
.endm
.macro load_fx
    mov r6, r11
    mov r7, r12
.endm
.macro load_fy
    ldr r6, [sp, #36]
    mov r7, lr
.endm

/* Column i, its low word to r_i (r's pointer in r10), the carry shifted down (signed). The
 * columns alternate the order of their two products, so that each loads one factor. */
.macro column i
.if \i % 2
    yterm \i
    load_fx
    xterm \i
.else
    xterm \i
    load_fy
    yterm \i
.endif
    mov r0, r10
    str r4, [r0, #4*\i]
    movs r4, r5
    asrs r5, r5, #31
.endm

/* void microsalt_fe_invert_combine(uint32_t r[9], const uint32_t x[8], const uint32_t y[8],
 *                                  uint32_t fx, uint32_t fy); */
.global microsalt_fe_invert_combine
.type microsalt_fe_invert_combine, %function
.thumb_func
microsalt_fe_invert_combine:
    push {r4-r7, lr}
    mov r4, r8
    mov r5, r9
    mov r6, r10
    mov r7, r11
    push {r4-r7}
    mov r8, r1
    mov r9, r2
    mov r10, r0
    ldr r0, [sp, #36]               @ fy
    asrs r1, r0, #16
    mov lr, r1
    uxth r0, r0
    str r0, [sp, #36]
    uxth r6, r3
    mov r11, r6
    asrs r7, r3, #16
    mov r12, r7
    movs r4, #0
    movs r5, #0
    column 0
    column 1
    column 2
    column 3
    column 4
    column 5
    column 6
    column 7
    mov r0, r10
    str r4, [r0, #32]               @ |r| < 2^286: the carry's low word is r's top
    pop {r4-r7}
    mov r8, r4
    mov r9, r5
    mov r10, r6
    mov r11, r7
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
