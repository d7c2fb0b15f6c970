/*
 * The fixed-base multiplication's table lookup for ARMv6-M (the Cortex-M0; the M3 takes
 * armv7m's), the contract of src/curve25519/ge25519.h: n = entry mag - 1 of an eight-entry
 * block of the table (three coordinates of eight words each, the packed field elements
 * themselves), or the identity (1, 1, 0) for mag = 0.
 *
 * Eight low registers hold four words of n and what they need, so the 24 words are taken in
 * six passes of four (a pass: the same four words of every entry, one LDM of four into the
 * accumulator for the first entry, two LDMs of two for each other). Instead of an AND with a
 * mask, which would need a mask per entry in a register of its own, each word is shifted left
 * by a count in r6 and ORed in: a count of 0 keeps it, any of 32 to 255 (the bottom byte is
 * what LSLS reads) clears it. Entry j takes 32 (mag - j), which steps by one ADDS or SUBS from
 * entry to entry and is 0 in its bottom byte for j = mag only, j being 1..7 and mag 0..8. For
 * entry 8 that would also be 0 for mag = 0, so it takes half of it, 16 (mag - 8): 0 only for
 * mag = 8, 128 to 240 otherwise. The passes go from entry 1 to entry 8 and back in turn, so
 * the entry pointer ends each where the next starts and entry 8's count serves two passes in
 * a row. The count is back to entry 1's, 32 (mag - 1), after every second pass, which makes
 * it negative for mag = 0 only: the identity's 1 is ORed into the low words of y + x and
 * y - x from its sign bit at the end. The scratch buffer, for program memory on AVR, is not
 * used.
 *
 * Constant time: every entry is read whatever mag is, at addresses fixed by the block; LSLS,
 * like every data-processing instruction of the M0, takes one cycle whatever the count; the
 * only branches are the loop's over the pairs of passes, which compare n's pointer with its
 * end.
 *
 * Registers: the pass's four words of n in r0-r3; r4 and r5 take an entry's words two at a
 * time; the count in r6; the block's entries in r7; n's next four words in r12 and its end in
 * lr. Stack: r4-r7 and lr, 20 bytes.
 *
 * Cycles, modelled (docs/cycle-model.md): 846 a call (the C twin: 3,151).
 */
    .syntax unified
    .thumb
    .text

/* OR two words of the entry at r7 into \a0 and \a1 where the count r6 is 0, advancing r7. */
.macro take2 a0, a1
    ldm     r7!, {r4, r5}
    lsls    r4, r4, r6
    lsls    r5, r5, r6
    orrs    \a0, \a0, r4
    orrs    \a1, \a1, r5
.endm

/* The pass's four words of entry j, 1..7 going up, then r7 and r6 to entry j + 1's. */
.macro up
    take2   r0, r1
    take2   r2, r3
    adds    r7, #80
    subs    r6, #32
.endm

/* The pass's four words of entry j, 7..2 going down, then r7 and r6 to entry j - 1's. */
.macro down
    take2   r0, r1
    take2   r2, r3
    subs    r7, #112
    adds    r6, #32
.endm

/* The pass's four words of its first entry (1 going up, 8 going down), into r0-r3. */
.macro first
    ldm     r7!, {r0-r3}
    lsls    r0, r0, r6
    lsls    r1, r1, r6
    lsls    r2, r2, r6
    lsls    r3, r3, r6
.endm

/* r0-r3 to n's next four words. */
.macro store
    mov     r4, r12
    stm     r4!, {r0-r3}
    mov     r12, r4
.endm

/* void microsalt_ge25519_select(ge_niels *n, const uint8_t (*block)[96], uint32_t mag,
 *                               uint8_t scratch[32]); */
    .global microsalt_ge25519_select
    .type microsalt_ge25519_select, %function
    .thumb_func
microsalt_ge25519_select:
    push    {r4-r7, lr}
    mov     r12, r0
    movs    r4, #96
    adds    r4, r4, r0
    mov     lr, r4
    mov     r7, r1
    subs    r6, r2, #1
    lsls    r6, r6, #5          @ 32 (mag - 1)
1:
    first
    adds    r7, #80
    subs    r6, #32
    up
    up
    up
    up
    up
    up
    asrs    r6, r6, #1          @ 16 (mag - 8), exact: 32 (mag - 8) is a multiple of 32
    take2   r0, r1
    take2   r2, r3
    store
    first                       @ entry 8 again, its next four words
    lsls    r6, r6, #1
    adds    r6, #32             @ 32 (mag - 7)
    subs    r7, #112
    down
    down
    down
    down
    down
    down
    take2   r0, r1              @ entry 1, the count 32 (mag - 1) again
    take2   r2, r3
    store
    cmp     r4, lr
    beq     2f
    b       1b
2:
    subs    r4, #96
    lsrs    r6, r6, #31         @ 1 for mag = 0 only
    ldr     r0, [r4]
    orrs    r0, r0, r6
    str     r0, [r4]
    ldr     r0, [r4, #32]
    orrs    r0, r0, r6
    str     r0, [r4, #32]
    pop     {r4-r7, pc}
    .size microsalt_ge25519_select, .-microsalt_ge25519_select
