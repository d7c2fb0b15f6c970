/*
 * Test-only trampolines for tests/target/chacha_kernel.c: call an AVR assembly kernel with
 * known values in the call-saved registers and check that they come back intact, and that r1
 * is zero again (avr-gcc ABI), which a C caller cannot see.
 * Each returns 0 when everything was preserved and a nonzero byte otherwise. The checks are
 * accumulated with eor/or, so one wrong register among many still shows.
 */

/* Known values: r2-r15, r28, r29 get 0x11 * n + 0x2B for register n, distinct and not 0 or 0xFF. */
#define KNOWN(n) ((0x11 * (n) + 0x2B) & 0xFF)

/* rN = KNOWN(N); r24 is scratch. */
.macro FILL n
    ldi r24, KNOWN(\n)
    mov r\n, r24
.endm

/* r25 |= rN ^ KNOWN(N); r24 is scratch. */
.macro CHECK n
    ldi r24, KNOWN(\n)
    eor r24, r\n
    or r25, r24
.endm

.macro SAVE_ALL
    push r2
    push r3
    push r4
    push r5
    push r6
    push r7
    push r8
    push r9
    push r10
    push r11
    push r12
    push r13
    push r14
    push r15
    push r16
    push r17
    push r28
    push r29
.endm

/* Fills r2-r15, r28, r29 without touching the argument registers r16-r25. */
.macro FILL_ALL
    movw r26, r24
    FILL 2
    FILL 3
    FILL 4
    FILL 5
    FILL 6
    FILL 7
    FILL 8
    FILL 9
    FILL 10
    FILL 11
    FILL 12
    FILL 13
    FILL 14
    FILL 15
    FILL 28
    FILL 29
    movw r24, r26
.endm

/* r25 = the accumulated differences, r1 included; r1 is zero afterwards whatever the callee did. */
.macro CHECK_ALL
    mov r25, r1
    clr r1
    CHECK 2
    CHECK 3
    CHECK 4
    CHECK 5
    CHECK 6
    CHECK 7
    CHECK 8
    CHECK 9
    CHECK 10
    CHECK 11
    CHECK 12
    CHECK 13
    CHECK 14
    CHECK 15
    CHECK 28
    CHECK 29
.endm

/* Returns r25 in r24 after restoring the caller's registers. */
.macro RESTORE_ALL_RETURN
    mov r24, r25
    pop r29
    pop r28
    pop r17
    pop r16
    pop r15
    pop r14
    pop r13
    pop r12
    pop r11
    pop r10
    pop r9
    pop r8
    pop r7
    pop r6
    pop r5
    pop r4
    pop r3
    pop r2
    ret
.endm

    .text

    .global abi_avr_chacha_blocks
    .type abi_avr_chacha_blocks, @function
/* uint8_t abi_avr_chacha_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t *x,
 *                               unsigned rounds);
 * Calls microsalt_chacha_blocks with the same arguments. r16-r17 carry rounds into the kernel
 * and must come back unchanged too: a copy is kept on the stack to compare with. */
abi_avr_chacha_blocks:
    SAVE_ALL
    push r16
    push r17
    FILL_ALL
    call microsalt_chacha_blocks
    CHECK_ALL
    pop r24
    eor r24, r17
    or r25, r24
    pop r24
    eor r24, r16
    or r25, r24
    RESTORE_ALL_RETURN
    .size abi_avr_chacha_blocks, .-abi_avr_chacha_blocks

    .global abi_avr_mul32x32_64
    .type abi_avr_mul32x32_64, @function
/* uint8_t abi_avr_mul32x32_64(uint32_t a, uint32_t b);
 * Calls microsalt_mul32x32_64(a, b), discarding the product; r16-r17 get known values here. */
abi_avr_mul32x32_64:
    SAVE_ALL
    FILL_ALL
    ldi r16, KNOWN(16)
    ldi r17, KNOWN(17)
    call microsalt_mul32x32_64
    CHECK_ALL
    CHECK 16
    CHECK 17
    RESTORE_ALL_RETURN
    .size abi_avr_mul32x32_64, .-abi_avr_mul32x32_64
