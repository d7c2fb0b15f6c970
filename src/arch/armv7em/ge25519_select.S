/*
 * The fixed-base multiplication's table lookup for the Cortex-M4 (ARMv7E-M), the contract of
 * src/curve25519/ge25519.h: n = entry mag - 1 of an eight-entry block of the table (three
 * coordinates of eight words each, the packed field elements themselves), or the identity
 * (1, 1, 0) for mag = 0.
 *
 * A coordinate's eight words start as the identity's and each entry in turn replaces them
 * where its index equals mag: the mask (mag == j) sets the four GE flags through UADD8 of
 * the mask with itself, and SEL then takes the entry's word or keeps the accumulator's, one
 * instruction a word where the C twin's AND and OR take two. The scratch buffer, for program
 * memory on AVR, is not used.
 *
 * Constant time: every entry is read whatever mag is, at addresses fixed by the block; the
 * only branch is the loop over the three coordinates; SEL, UADD8 and the mask's arithmetic
 * take one cycle whatever their operands.
 *
 * Registers: n in r0 until the loop needs the register; block in r1 (advanced 32 bytes a
 * coordinate); mag in r2; the coordinate's words in r3-r10; r11, r12 and lr take the entries'
 * words and the mask. Stack: 10 pushed words and the coordinate count. r4-r11 are saved.
 *
 * Cycles, modelled (docs/cycle-model.md): 701 a call (the C twin: 1,376); the fixed-base
 * multiplication makes 64 (crypto_scalarmult_base 335,284 -> 278,747 with it).
 */
    .syntax unified
    .thumb
    .text

/* Replace r3-r10 with the coordinate's eight words of entry \j (1..8) where mag = \j. */
.macro take j
    eor lr, r2, #\j
    sub lr, lr, #1
    asr lr, lr, #31             @ all ones when mag = j: mag ^ j - 1 < 0 only for 0
    uadd8 lr, lr, lr            @ GE = the mask's bytes' top bits
    ldrd r11, r12, [r1, #96 * (\j - 1)]
    sel r3, r11, r3
    sel r4, r12, r4
    ldrd r11, r12, [r1, #96 * (\j - 1) + 8]
    sel r5, r11, r5
    sel r6, r12, r6
    ldrd r11, r12, [r1, #96 * (\j - 1) + 16]
    sel r7, r11, r7
    sel r8, r12, r8
    ldrd r11, r12, [r1, #96 * (\j - 1) + 24]
    sel r9, r11, r9
    sel r10, r12, r10
.endm

/* void microsalt_ge25519_select(ge_niels *n, const uint8_t (*block)[96], uint32_t mag,
 *                               uint8_t scratch[32]); */
    .global microsalt_ge25519_select
    .type microsalt_ge25519_select, %function
    .thumb_func
microsalt_ge25519_select:
    push    {r0, r4-r11, lr}
    sub     sp, #4
    mov     r0, #2              @ coordinates after this one: y + x, y - x, then 2dxy
1:
    str     r0, [sp]
    subs    r3, r0, #0          @ the identity's low word: 1, 1, then 0
    it      ne
    movne   r3, #1
    mov     r4, #0
    mov     r5, #0
    mov     r6, #0
    mov     r7, #0
    mov     r8, #0
    mov     r9, #0
    mov     r10, #0
    take 1
    take 2
    take 3
    take 4
    take 5
    take 6
    take 7
    take 8
    ldr     r0, [sp, #4]
    stm     r0!, {r3-r10}
    str     r0, [sp, #4]
    add     r1, r1, #32
    ldr     r0, [sp]
    subs    r0, r0, #1
    bpl     1b
    add     sp, #8
    pop     {r4-r11, pc}
    .size microsalt_ge25519_select, .-microsalt_ge25519_select
