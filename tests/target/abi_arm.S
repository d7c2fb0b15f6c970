/*
 * Test-only trampoline for tests/target/chacha_kernel.c: calls the ChaCha kernel with known
 * values in the callee-saved registers r4-r11 and checks that they, and sp, come back intact
 * (AAPCS), which a C caller cannot see. Thumb-1 instructions only, so that one file assembles
 * for the ARMv6-M and ARMv7-M builds.
 */
    .syntax unified
    .thumb
    .text

    .global abi_arm_chacha_blocks
    .type abi_arm_chacha_blocks, %function
    .thumb_func
/* int abi_arm_chacha_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t *x,
 *                           unsigned rounds);
 * Returns 0 when microsalt_chacha_blocks(c, m, nblocks, x, rounds) preserved r4-r11 and sp,
 * nonzero otherwise. */
abi_arm_chacha_blocks:
    push    {r4-r7, lr}
    mov     r4, r8
    mov     r5, r9
    mov     r6, r10
    mov     r7, r11
    push    {r4-r7}
    /* rounds, the caller's stacked fifth argument, is above the 36 bytes just pushed; it is
     * passed on at the bottom of 12 more, which make sp 8-byte aligned again for the call. */
    ldr     r4, [sp, #36]
    sub     sp, #12
    str     r4, [sp]
    /* The sp the kernel must return with, kept where the kernel has no business writing. */
    ldr     r5, =abi_arm_sp
    mov     r4, sp
    str     r4, [r5]
    ldr     r4, =0x8A8A0008
    mov     r8, r4
    ldr     r4, =0x9B9B0009
    mov     r9, r4
    ldr     r4, =0xACAC000A
    mov     r10, r4
    ldr     r4, =0xBDBD000B
    mov     r11, r4
    ldr     r4, =0x4E4E0004
    ldr     r5, =0x5F5F0005
    ldr     r6, =0x60600006
    ldr     r7, =0x71710007
    bl      microsalt_chacha_blocks
    /* r0 collects the xor of every register with its expected value: 0 when all match. */
    ldr     r0, =0x4E4E0004
    eors    r0, r4
    ldr     r1, =0x5F5F0005
    eors    r1, r5
    orrs    r0, r1
    ldr     r1, =0x60600006
    eors    r1, r6
    orrs    r0, r1
    ldr     r1, =0x71710007
    eors    r1, r7
    orrs    r0, r1
    mov     r2, r8
    ldr     r1, =0x8A8A0008
    eors    r1, r2
    orrs    r0, r1
    mov     r2, r9
    ldr     r1, =0x9B9B0009
    eors    r1, r2
    orrs    r0, r1
    mov     r2, r10
    ldr     r1, =0xACAC000A
    eors    r1, r2
    orrs    r0, r1
    mov     r2, r11
    ldr     r1, =0xBDBD000B
    eors    r1, r2
    orrs    r0, r1
    ldr     r1, =abi_arm_sp
    ldr     r1, [r1]
    mov     r2, sp
    eors    r2, r1
    orrs    r0, r2
    /* Back to the saved sp whatever the kernel did, so the caller's registers come back. */
    mov     sp, r1
    add     sp, #12
    pop     {r4-r7}
    mov     r8, r4
    mov     r9, r5
    mov     r10, r6
    mov     r11, r7
    pop     {r4-r7, pc}
    .size abi_arm_chacha_blocks, .-abi_arm_chacha_blocks
    .ltorg

    .bss
    .align 2
abi_arm_sp:
    .space 4
