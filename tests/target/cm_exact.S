/*
 * The Cortex-M runner's exactness test (tests/check-cortexm-runner.sh): cm_exact measures a
 * routine whose instructions and modelled cycles are counted here by hand, per
 * docs/cycle-model.md. Each line's comment gives its cycles as M0 | M3 | M4.
 *
 * Hand counts of the measured region (the `bl hal_measure_end` belongs to the marker):
 *             instructions   cycles   stack   varlat
 *   M0            23           44       40       0     (75 cycles with --mul32)
 *   M3            54          115       40       4
 *   M4            54          104       40       1
 */
    .syntax unified
    .thumb
    .text

    .global cm_exact
    .type cm_exact, %function
    .thumb_func
/* void cm_exact(uint32_t buf[8]), buf = {1, 2, 3, 0x12345678, ...}: leaves buf[0] = 2. */
cm_exact:
    push    {r4-r7, lr}
    mov     r7, r0
    movs    r0, #1
    bl      hal_measure_begin
    /* ---- measured from here ---- */
    movs    r1, #0              @ 1 | 1 | 1
    ldr     r3, [r7]            @ 2 | 2 | 2
    ldr     r4, [r7, #4]        @ 2 | 1 | 1   pipelined after a load whose result it does not address with
    str     r3, [r7, #8]        @ 2 | 1 | 1   STR with an immediate offset
    str     r4, [r7, r1]        @ 2 | 2 | 2   STR with a register offset after a store: not pipelined
    movs    r2, #3              @ 1 | 1 | 1
1:  subs    r2, #1              @ 1 | 1 | 1   three times
    bne     1b                  @ 3 | 3 | 3   taken twice, then 1 | 1 | 1 not taken
    push    {r4, r5}            @ 3 | 3 | 3   1 + N
    pop     {r4, r5}            @ 3 | 3 | 3
    sub     sp, #40             @ 1 | 1 | 1   the deepest point, 40 bytes: nothing is written there
    add     sp, #40             @ 1 | 1 | 1
    sub     sp, #16             @ 1 | 1 | 1
    bl      cm_leaf             @ 4 | 3 | 3   plus cm_leaf's 9 | 9 | 9, 24 bytes deep
    add     sp, #16             @ 1 | 1 | 1
#if defined(__ARM_ARCH_7M__) || defined(__ARM_ARCH_7EM__)
    cmp     r1, #0              @ - | 1 | 1
    ite     eq                  @ - | 1 | 1
    ldreq   r3, [r7]            @ - | 2 | 2   executed
    ldrne   r3, [r7, #4]        @ - | 1 | 1   skipped by its condition
    ldr     r5, [r7, #4]        @ - | 2 | 2   after a skipped instruction: not pipelined
    movs    r2, #100            @ - | 1 | 1
    movs    r3, #200            @ - | 1 | 1
    umull   r4, r5, r2, r3      @ - | 3 | 1   both operands below 2^16: early termination
    ldr     r2, [r7, #12]       @ - | 2 | 2   0x12345678
    umull   r4, r5, r2, r2      @ - | 5 | 1   two wide operands
    umlal   r4, r5, r2, r3      @ - | 5 | 1   4 + one wide operand
    movs    r3, #7              @ - | 1 | 1
    udiv    r4, r2, r3          @ - | 11 | 11 27 quotient bits: 4 + ceil(27 / 4)
    adds    r6, r7, #4          @ - | 1 | 1
    ldr     r3, [r6]            @ - | 3 | 2   M3: address from the previous instruction's result
    nop                         @ - | 1 | 1
    ldr.w   r3, [r7, #1]        @ - | 4 | 4   byte-aligned word: 2 + 2
    nop                         @ - | 1 | 1
    ldrh.w  r3, [r7, #3]        @ - | 3 | 3   byte-aligned halfword: 2 + 1
    nop                         @ - | 1 | 1
    ldr.w   r3, [r7, #2]        @ - | 3 | 3   halfword-aligned word: 2 + 1
    ldrd    r2, r3, [r7]        @ - | 3 | 3   1 + N, never pipelined
    strd    r2, r3, [r7, #16]   @ - | 3 | 3
    ldm     r7, {r2, r3, r4}    @ - | 4 | 4
    cbnz    r1, 2f              @ - | 1 | 1   not taken
    cbz     r1, 2f              @ - | 3 | 3   taken
    nop                         @ (not executed)
2:  cmp     r1, #1              @ - | 1 | 1   r1 = 0: NE
    it      eq                  @ - | 1 | 1
    beq     3f                  @ - | 1 | 1   skipped by its condition
    it      ne                  @ - | 1 | 1
    bne     3f                  @ - | 3 | 3   taken
    nop                         @ (not executed)
3:
#endif
    movs    r0, #1              @ 1 | 1 | 1
    bl      hal_measure_end
    /* ---- measured up to here ---- */
    pop     {r4-r7, pc}
    .size cm_exact, . - cm_exact

    .type cm_leaf, %function
    .thumb_func
cm_leaf:
    push    {r4, lr}            @ 3 | 3 | 3
    muls    r3, r4, r3          @ 1 | 1 | 1   (32 on the M0 with --mul32)
    pop     {r4, pc}            @ 5 | 5 | 5   M0: 4 + N, N = 1 register besides PC; M3/M4: 1 + N + P
    .size cm_leaf, . - cm_leaf
