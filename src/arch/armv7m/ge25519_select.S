/*
 * The fixed-base multiplication's table lookup for ARMv7-M (the Cortex-M3; the M4 takes
 * armv7em's, with SEL), the contract of src/curve25519/ge25519.h: n = entry mag - 1 of an
 * eight-entry block of the table (three coordinates of eight words each, the packed field
 * elements themselves), or the identity (1, 1, 0) for mag = 0.
 *
 * Without SEL, a word costs an AND with a mask and an ORR into the accumulator. The masks
 * come from one flag word: bit 32 - j is set for entry j = mag, bit 23 for mag = 0. An AND
 * takes the flag word through its operand shifter, ASR #31, so the mask of the entry whose
 * flag is in the sign bit needs no register and no instruction of its own; one rotation per
 * entry brings the next flag up, and after the eighth the identity's flag. Entry 1 is loaded
 * straight into the accumulator and masked there, with no ORR. The scratch buffer, for
 * program memory on AVR, is not used.
 *
 * Constant time: every entry is read whatever mag is, at addresses fixed by the block; the
 * shift by the register mag - 1 takes one cycle whatever the count (255 for mag = 0, which
 * leaves no flag); the only branch, and the IT that keeps the identity's 1 out of 2dxy,
 * compare n's pointers, which mag does not change.
 *
 * Registers: block in r1 (advanced 32 bytes a coordinate); the flag word in r2; the
 * coordinate's words in r3-r10; r0, r11, r12 and lr take an entry's words four at a time, by
 * single LDRs with immediate offsets, which pipeline (5 cycles for four words, as LDM, with
 * no base to advance). n and the address of its 2dxy wait on the stack. Stack: r4-r11, lr
 * and those two, 44 bytes. r4-r11 are saved.
 *
 * Cycles, modelled (docs/cycle-model.md): 729 a call (the C twin: 1,719).
 */
    .syntax unified
    .thumb
    .text

/* OR four words of entry \j (2..8), from offset \off of the coordinate, into \a0-\a3 where
 * the flag word's sign bit is set. */
.macro take4 j, off, a0, a1, a2, a3
    ldr     r0, [r1, #96 * (\j - 1) + \off]
    ldr     r11, [r1, #96 * (\j - 1) + \off + 4]
    ldr     r12, [r1, #96 * (\j - 1) + \off + 8]
    ldr     lr, [r1, #96 * (\j - 1) + \off + 12]
    and     r0, r0, r2, asr #31
    orr     \a0, \a0, r0
    and     r11, r11, r2, asr #31
    orr     \a1, \a1, r11
    and     r12, r12, r2, asr #31
    orr     \a2, \a2, r12
    and     lr, lr, r2, asr #31
    orr     \a3, \a3, lr
.endm

/* The coordinate's eight words of entry \j (2..8), then the next flag into the sign bit. */
.macro take j
    take4   \j, 0, r3, r4, r5, r6
    take4   \j, 16, r7, r8, r9, r10
    ror     r2, r2, #31
.endm

/* void microsalt_ge25519_select(ge_niels *n, const uint8_t (*block)[96], uint32_t mag,
 *                               uint8_t scratch[32]); */
    .global microsalt_ge25519_select
    .type microsalt_ge25519_select, %function
    .thumb_func
microsalt_ge25519_select:
    push    {r4-r11, lr}
    add     r11, r0, #64
    push    {r0, r11}
    subs    r2, r2, #1
    mov     r12, #0x80000000
    lsr     r12, r12, r2        @ entry mag's flag; a count of 255 for mag = 0 leaves none
    lsr     r2, r2, #31         @ 1 for mag = 0 only, mag being at most 8
    orr     r2, r12, r2, lsl #23
1:
    ldm     r1, {r3-r10}
    and     r3, r3, r2, asr #31
    and     r4, r4, r2, asr #31
    and     r5, r5, r2, asr #31
    and     r6, r6, r2, asr #31
    and     r7, r7, r2, asr #31
    and     r8, r8, r2, asr #31
    and     r9, r9, r2, asr #31
    and     r10, r10, r2, asr #31
    ror     r2, r2, #31
    take    2
    take    3
    take    4
    take    5
    take    6
    take    7
    take    8
    ldm     sp, {r0, r11}
    cmp     r0, r11
    it      ne
    orrne   r3, r3, r2, lsr #31 @ the identity's 1, in y + x and y - x only
    stm     r0!, {r3-r10}
    str     r0, [sp]
    add     r1, r1, #32
    ror     r2, r2, #8          @ with the eight by one a whole turn: entry 1's flag on top
    cmp     r0, r11
    bls     1b
    add     sp, #8
    pop     {r4-r11, pc}
    .size microsalt_ge25519_select, .-microsalt_ge25519_select
