/*
 * The ABI check of every ARM kernel (tests/kernels/kernel_test.h, KT_CALL): abi_trampoline
 * is called as if it were the kernel, with the kernel's own prototype, and calls abi_target
 * with the arguments untouched (r0-r3, and the stack, which it leaves where it was). Before
 * the call it fills the callee-saved r4-r11 with known values; after it, it checks them and
 * sp (AAPCS), which a C caller cannot see, and leaves the verdict for abi_violations().
 * The caller's registers and return address wait in a static area, not on the stack, so that
 * stacked arguments stay in place. Thumb-1 instructions only, so that one file assembles for
 * ARMv6-M and ARMv7-M.
 */
    .syntax unified
    .thumb

    .bss
    .align 2
/* r4-r11 of the caller, lr, sp. */
abi_save:
    .space 40
abi_last:
    .space 4
    .global abi_target
abi_target:
    .space 4

    .text

    .global abi_trampoline
    .type abi_trampoline, %function
    .thumb_func
/* void abi_trampoline(void), called through a pointer of the kernel's type:
 * returns abi_target(the same arguments), r0-r1 untouched. */
abi_trampoline:
    mov     r12, r4
    ldr     r4, =abi_save
    str     r5, [r4, #4]
    str     r6, [r4, #8]
    str     r7, [r4, #12]
    mov     r5, r8
    str     r5, [r4, #16]
    mov     r5, r9
    str     r5, [r4, #20]
    mov     r5, r10
    str     r5, [r4, #24]
    mov     r5, r11
    str     r5, [r4, #28]
    mov     r5, r12
    str     r5, [r4, #0]
    mov     r5, lr
    str     r5, [r4, #32]
    mov     r5, sp
    str     r5, [r4, #36]
    ldr     r5, =0x8A8A0008
    mov     r8, r5
    ldr     r5, =0x9B9B0009
    mov     r9, r5
    ldr     r5, =0xACAC000A
    mov     r10, r5
    ldr     r5, =0xBDBD000B
    mov     r11, r5
    ldr     r5, =abi_target
    ldr     r5, [r5]
    mov     r12, r5
    ldr     r4, =0x4E4E0004
    ldr     r5, =0x5F5F0005
    ldr     r6, =0x60600006
    ldr     r7, =0x71710007
    blx     r12
    /* r2 collects the xor of every register with its expected value: 0 when all match. r0
     * and r1 hold the kernel's result; r2 and r3 are free to use. */
    ldr     r2, =0x4E4E0004
    eors    r2, r4
    ldr     r3, =0x5F5F0005
    eors    r3, r5
    orrs    r2, r3
    ldr     r3, =0x60600006
    eors    r3, r6
    orrs    r2, r3
    ldr     r3, =0x71710007
    eors    r3, r7
    orrs    r2, r3
    ldr     r4, =0x8A8A0008
    mov     r3, r8
    eors    r3, r4
    orrs    r2, r3
    ldr     r4, =0x9B9B0009
    mov     r3, r9
    eors    r3, r4
    orrs    r2, r3
    ldr     r4, =0xACAC000A
    mov     r3, r10
    eors    r3, r4
    orrs    r2, r3
    ldr     r4, =0xBDBD000B
    mov     r3, r11
    eors    r3, r4
    orrs    r2, r3
    ldr     r4, =abi_save
    ldr     r3, [r4, #36]
    mov     r5, sp
    eors    r5, r3
    orrs    r2, r5
    ldr     r5, =abi_last
    str     r2, [r5]
    /* The caller's registers back, whatever the kernel did. */
    mov     sp, r3
    ldr     r3, [r4, #16]
    mov     r8, r3
    ldr     r3, [r4, #20]
    mov     r9, r3
    ldr     r3, [r4, #24]
    mov     r10, r3
    ldr     r3, [r4, #28]
    mov     r11, r3
    ldr     r5, [r4, #4]
    ldr     r6, [r4, #8]
    ldr     r7, [r4, #12]
    ldr     r3, [r4, #32]
    mov     lr, r3
    ldr     r4, [r4, #0]
    bx      lr
    .size abi_trampoline, .-abi_trampoline
    .ltorg

    .global abi_violations
    .type abi_violations, %function
    .thumb_func
/* uint8_t abi_violations(void): nonzero when the last call through abi_trampoline changed
 * r4-r11 or sp. */
abi_violations:
    ldr     r0, =abi_last
    ldr     r0, [r0]
    movs    r1, #0
    subs    r1, r1, r0
    orrs    r0, r1
    lsrs    r0, r0, #31
    bx      lr
    .size abi_violations, .-abi_violations
    .ltorg

    .global abi_clobber_r8
    .type abi_clobber_r8, %function
    .thumb_func
/* void abi_clobber_r8(uint8_t value): breaks the AAPCS on purpose (r8 not preserved), so that
 * tests/target/kernels.c can show the check sees it. */
abi_clobber_r8:
    mov     r8, r0
    bx      lr
    .size abi_clobber_r8, .-abi_clobber_r8
