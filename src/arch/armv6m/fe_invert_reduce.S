/*
 * The word-wide steps of fe_invert.c's binary GCD around its iterations and combinations, for
 * ARMv6-M, which the compiler did badly on the M0: the approximations of a and b that start a
 * step (approximate, 17 calls an inversion), the shift of a combination down by 2^30 with its
 * sign taken off (shift_abs, 33 calls) and its reduction mod p (reduce, 33 calls; in C the
 * compiler spilled its 64-bit carry every word). ARMv6-M instructions only, so the M3 takes
 * them too (its fe_invert_gcd.S is armv7m's; this file has no twin there). Part of the
 * fe_invert kernel, compared with Fermat's twin on the target as a whole.
 *
 * Constant time: no branch; every address a fixed offset from the pointer arguments
 * (public); the only products MULS of 16-bit halves of h by 19 (one cycle on the M0 with the
 * fast multiplier and on the M3, whatever the operands); the shift by the count of leading
 * zeros a register shift, one barrel-shifter instruction on both cores. The selections, the
 * sign and the fold are masks, the count's bits taken from borrows.
 *
 * The flags: EORS, BICS, LDM and STM leave the carry, so a chain of ADCS or SBCS runs on
 * through loads and stores; shifts and ADDS/SUBS do not, and are done before a chain or
 * between two, the carry kept in a register.
 *
 * Registers: r0-r7 (r4-r7 saved, 16 bytes of stack), and r12 and lr in approximate (20
 * bytes). Modelled cycles on the M0, the call included: approximate 205 (the C: about 440),
 * shift_abs 82 (208), reduce 69 (400).
 */
    .syntax unified
    .thumb
    .text

/* uint32_t microsalt_fe_invert_shift_abs(uint32_t a[8], const uint32_t t[9]);
 * a = |t / 2^30| for t = 2^30 a' (|a'| < 2^255, 288-bit two's complement); returns the mask
 * of t < 0. The shift is two passes of doubling with the carry (ADDS, ADCS) over t's words,
 * t_{i+1} ending as t_{i+1} 4 + (t_i >> 30) = w_i; then a = (w ^ m) - m by EORS and a chain
 * of SUBS, SBCS of the mask m itself (where m = -1: ~w + 1, the +1 carried through the words
 * of all ones; where m = 0: no borrow, w). In two halves of four words, t0..t4 and t4..t8
 * (t4 loaded twice, its top bits the second half's start); the negation's carry waits in r2
 * over the second half's doubling (SBCS r2, r2 gives C - 1, NEGS gives C back). */
    .global microsalt_fe_invert_shift_abs
    .type microsalt_fe_invert_shift_abs, %function
    .thumb_func
microsalt_fe_invert_shift_abs:
    push    {r4-r7}
    ldm     r1!, {r2-r5}            @ t0..t3
    ldr     r6, [r1]                @ t4, again in the second half
    ldr     r7, [r1, #16]
    asrs    r7, r7, #31             @ m, from t8
    adds    r2, r2, r2
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    adcs    r6, r6, r6
    adds    r2, r2, r2              @ bit 30 of t0 into the carry
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    adcs    r6, r6, r6              @ w0..w3 in r3..r6
    eors    r3, r7
    eors    r4, r7
    eors    r5, r7
    eors    r6, r7
    subs    r3, r3, r7
    sbcs    r4, r4, r7
    sbcs    r5, r5, r7
    sbcs    r6, r6, r7
    stm     r0!, {r3-r6}
    sbcs    r2, r2, r2              @ the chain's carry, as C - 1
    ldm     r1, {r1, r3-r6}         @ t4..t8
    adds    r1, r1, r1
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    adcs    r6, r6, r6
    adds    r1, r1, r1
    adcs    r3, r3, r3
    adcs    r4, r4, r4
    adcs    r5, r5, r5
    adcs    r6, r6, r6              @ w4..w7
    negs    r2, r2                  @ the carry back: 0 - (C - 1) borrows where C = 0
    eors    r3, r7
    eors    r4, r7
    eors    r5, r7
    eors    r6, r7
    sbcs    r3, r3, r7
    sbcs    r4, r4, r7
    sbcs    r5, r5, r7
    sbcs    r6, r6, r7              @ |t| / 2^30 < 2^255: nothing left to carry
    stm     r0!, {r3-r6}
    movs    r0, r7
    pop     {r4-r7}
    bx      lr
    .size microsalt_fe_invert_shift_abs, .-microsalt_fe_invert_shift_abs

/* void microsalt_fe_invert_reduce(uint32_t u[8], const uint32_t t[9]);
 * u = t mod p, below 2^256, for |t| < 2^286 (288-bit two's complement). As in fe_invert.c:
 * t = lo + 2^255 hi, h = hi mod 2^32, s the mask of hi < 0 (the top bit of h), and
 * u = lo + 19 h + (s & (p - 19 2^32)), below 2^256. Here the low two words of that sum,
 * c = 19 h + (s & (2^64 - 19 2^32 - 19)), come first, as 19 (h + s) + 2^32 (19 s) mod 2^64:
 * h + s does not wrap (h >= 2^31 where s = -1), and c < 2^64 (19 h <= 19 (2^32 - 1)), so
 * nothing carries out of it. Then one ADCS chain: u = lo + c + (s & (2^255 - 2^64)), the
 * last's words 2..7 s, s, s, s, s and s >> 1. t7's top bit (h's low bit) is replaced by
 * s's, v7 = (t7 mod 2^31) + 2^31 (s & 1), so that its word in the chain is v7 + s + carry
 * = (t7 mod 2^31) + (s >> 1) + carry, below 2^32. 19 h from h's 16-bit halves: 19 hh < 2^21,
 * taken in as (19 hh) << 16 and (19 hh) >> 16. */
    .global microsalt_fe_invert_reduce
    .type microsalt_fe_invert_reduce, %function
    .thumb_func
microsalt_fe_invert_reduce:
    push    {r4-r7}
    ldr     r2, [r1, #28]           @ t7
    ldr     r3, [r1, #32]           @ t8
    lsls    r7, r2, #1
    lsrs    r2, r2, #31
    lsls    r3, r3, #1
    orrs    r3, r2                  @ h
    asrs    r5, r3, #31             @ s
    lsrs    r7, r7, #1
    lsls    r2, r5, #31
    orrs    r7, r2                  @ v7
    adds    r3, r3, r5              @ h + s
    lsrs    r6, r3, #16
    uxth    r4, r3
    movs    r2, #19
    muls    r6, r2, r6
    muls    r4, r2, r4
    ands    r2, r5
    negs    r2, r2                  @ 19 s mod 2^32
    lsls    r3, r6, #16
    lsrs    r6, r6, #16
    adds    r4, r4, r3              @ c0
    adcs    r6, r6, r2              @ c1
    ldm     r1!, {r2, r3}           @ t0, t1
    adds    r2, r2, r4
    adcs    r3, r3, r6
    ldm     r1!, {r4, r6}           @ t2, t3
    adcs    r4, r4, r5
    adcs    r6, r6, r5
    stm     r0!, {r2-r4, r6}
    ldm     r1!, {r2-r4}            @ t4..t6
    adcs    r2, r2, r5
    adcs    r3, r3, r5
    adcs    r4, r4, r5
    adcs    r7, r7, r5              @ u < 2^256: no carry out
    stm     r0!, {r2-r4, r7}
    pop     {r4-r7}
    bx      lr
    .size microsalt_fe_invert_reduce, .-microsalt_fe_invert_reduce

/* One step of the window's slide: where (ah | bh) = 0, (ah, al) <- (al, a_j) and
 * (bh, bl) <- (bl, b_j). a's pointer in r1, b's in r2; ah, al, bh, bl in r4, r3, r6, r5; the
 * mask z of the slide in r7. x <- z ? y : x as y ^ ((x ^ y) & ~z), no temporary. With
 * `last` (j = 0), a_0 and b_0 are loaded over the pointers, and stay there. */
.macro slide j, last=0
    movs    r7, r4
    orrs    r7, r6
    subs    r7, r7, #1              @ borrows where ah | bh = 0
    sbcs    r7, r7, r7              @ z
    eors    r4, r3
    bics    r4, r7
    eors    r4, r3
    eors    r6, r5
    bics    r6, r7
    eors    r6, r5
.if \last
    ldr     r1, [r1]
    ldr     r2, [r2]
    eors    r3, r1
    bics    r3, r7
    eors    r3, r1
    eors    r5, r2
    bics    r5, r7
    eors    r5, r2
.else
    ldr     r0, [r1, #4*\j]
    eors    r3, r0
    bics    r3, r7
    eors    r3, r0
    ldr     r0, [r2, #4*\j]
    eors    r5, r0
    bics    r5, r7
    eors    r5, r0
.endif
.endm

/* One step of the count of leading zeros of t (r0) into n (r7), k = 2^b: where t's top k bits
 * are 0, n gets the bit (n <- 2n + 1, else 2n: the count's bits from the top) and t is
 * shifted left by k (by a register: one barrel-shifter instruction). r1 is spent. */
.macro clz_step b
    lsrs    r1, r0, #(32 - (1 << \b))
    negs    r1, r1                  @ no borrow where the top bits are 0
    adcs    r7, r7, r7
    lsls    r1, r7, #31
    lsrs    r1, r1, #(31 - \b)
    lsls    r0, r0, r1
.endm

/* void microsalt_fe_invert_approximate(uint32_t v[4], const uint32_t a[8],
 *                                      const uint32_t b[8]);
 * a, b < 2^255. v = the 62-bit approximations, as microsalt_fe_invert_iterate takes them:
 * bits 0..29 of each, and above them the 32 bits from n - 32 up, n = max(len(a), len(b),
 * 62). The window (ah, al), (bh, bl) starts at words 7 and 6 and slides down a word where
 * ah | bh = 0, six times (to words 1 and 0 at the lowest); the top nonzero word of a | b of
 * words 7..2 ends as ah | bh, or, if there is none, words 1 and 0 are taken (z = -1 after the
 * last step). s = clz(ah | bh), of at most 2 in words 1 and 0 (where n would otherwise fall
 * below 62): 0x3fffffff is or-ed in there, z >> 2. The count is a binary search of five
 * steps, its bits collected by ADCS from the borrows; then ah <- (ah << s) | (al >> (32 - s))
 * (a register shift by 32 gives 0) and the same for b. */
    .global microsalt_fe_invert_approximate
    .type microsalt_fe_invert_approximate, %function
    .thumb_func
microsalt_fe_invert_approximate:
    push    {r4-r7, lr}
    mov     r12, r0                 @ v
    ldr     r4, [r1, #28]
    ldr     r3, [r1, #24]
    ldr     r6, [r2, #28]
    ldr     r5, [r2, #24]
    slide   5
    slide   4
    slide   3
    slide   2
    slide   1
    slide   0, 1
    mov     lr, r1                  @ a0
    lsrs    r7, r7, #2
    movs    r0, r4
    orrs    r0, r6
    orrs    r0, r7                  @ t, nonzero
    movs    r7, #0
    clz_step 4
    clz_step 3
    clz_step 2
    clz_step 1
    lsrs    r1, r0, #31
    negs    r1, r1
    adcs    r7, r7, r7              @ s = clz(t) <= 31
    movs    r1, #32
    subs    r1, r1, r7
    lsls    r4, r4, r7
    lsrs    r3, r3, r1
    orrs    r4, r3                  @ ah
    lsls    r6, r6, r7
    lsrs    r5, r5, r1
    orrs    r6, r5                  @ bh
    lsls    r2, r2, #2
    lsrs    r2, r2, #2
    lsls    r0, r6, #30
    orrs    r2, r0                  @ v2
    lsrs    r3, r6, #2              @ v3
    mov     r0, lr
    lsls    r0, r0, #2
    lsrs    r0, r0, #2
    lsls    r1, r4, #30
    orrs    r0, r1                  @ v0
    lsrs    r1, r4, #2              @ v1
    mov     r7, r12
    stm     r7!, {r0-r3}
    pop     {r4-r7, pc}
    .size microsalt_fe_invert_approximate, .-microsalt_fe_invert_approximate
