/*
 * The ABI check of every AVR kernel (tests/kernels/kernel_test.h, KT_CALL): abi_trampoline
 * is called as if it were the kernel, with the kernel's own prototype, and calls abi_target
 * with the arguments untouched (r8-r25 and any on the stack, which stays where it was: the
 * return address waits in a static area, not on the stack). Before the call it fills the
 * call-saved registers that never carry arguments (r2-r7, r28, r29) with known values; after
 * it, it checks those, r8-r17 against their values on entry (arguments or the caller's), SP,
 * and r1 = 0 (avr-gcc ABI), which a C caller cannot see, and leaves the verdict for
 * abi_violations(). Only X, Z and r0 serve as scratch, so a result in r18-r25 comes back.
 */
#include <avr/io.h>

#if defined(__AVR_3_BYTE_PC__)
#define PC_BYTES 3
#else
#define PC_BYTES 2
#endif
/* Known values: 0x11 * n + 0x2B for register n, distinct and not 0 or 0xFF. */
#define KNOWN(n) ((0x11 * (n) + 0x2B) & 0xFF)
/* abi_save: the return address, r2-r17, r28, r29, SP (low, high). */
#define SAVE_BYTES (PC_BYTES + 16 + 2 + 2)

    .section .bss
abi_save:
    .space SAVE_BYTES
abi_last:
    .space 1
    .global abi_target
abi_target:
    .space 2

/* rN = KNOWN(N), through r26. */
.macro FILL n
    ldi r26, KNOWN(\n)
    mov r\n, r26
.endm

/* r30 |= rN ^ KNOWN(N), through r31. */
.macro CHECK_KNOWN n
    ldi r31, KNOWN(\n)
    eor r31, r\n
    or r30, r31
.endm

/* r30 |= rN ^ its saved value (the next byte at X). */
.macro CHECK_SAVED n
    ld r0, X+
    eor r0, r\n
    or r30, r0
.endm

    .text
    .global abi_trampoline
    .type abi_trampoline, @function
/* void abi_trampoline(void), called through a pointer of the kernel's type:
 * returns abi_target(the same arguments), r18-r25 untouched. */
abi_trampoline:
    ldi r26, lo8(abi_save)
    ldi r27, hi8(abi_save)
    .rept PC_BYTES
    pop r0
    st X+, r0
    .endr
    .irp n, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
    st X+, r\n
    .endr
    in r0, _SFR_IO_ADDR(SPL)
    st X+, r0
    in r0, _SFR_IO_ADDR(SPH)
    st X+, r0
    .irp n, 2, 3, 4, 5, 6, 7, 28, 29
    FILL \n
    .endr
    lds r30, abi_target
    lds r31, abi_target + 1
    icall
    /* r30 collects the differences, r1 included. */
    mov r30, r1
    clr r1
    .irp n, 2, 3, 4, 5, 6, 7, 28, 29
    CHECK_KNOWN \n
    .endr
    ldi r26, lo8(abi_save + PC_BYTES + 6)
    ldi r27, hi8(abi_save + PC_BYTES + 6)
    .irp n, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
    CHECK_SAVED \n
    .endr
    adiw r26, 2
    in r0, _SFR_IO_ADDR(SPL)
    ld r31, X+
    eor r0, r31
    or r30, r0
    in r0, _SFR_IO_ADDR(SPH)
    ld r31, X+
    eor r0, r31
    or r30, r0
    sts abi_last, r30
    /* The caller's registers and return address back (SP was checked, not repaired: a
     * kernel that moves SP has crashed the test anyway, and the verdict says so). */
    ldi r26, lo8(abi_save + PC_BYTES)
    ldi r27, hi8(abi_save + PC_BYTES)
    .irp n, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 28, 29
    ld r\n, X+
    .endr
    ldi r26, lo8(abi_save + PC_BYTES)
    ldi r27, hi8(abi_save + PC_BYTES)
    .rept PC_BYTES
    ld r0, -X
    push r0
    .endr
    ret
    .size abi_trampoline, .-abi_trampoline

    .global abi_violations
    .type abi_violations, @function
/* uint8_t abi_violations(void): nonzero when the last call through abi_trampoline changed
 * r2-r17, r28, r29 or SP, or left r1 nonzero. */
abi_violations:
    lds r24, abi_last
    ret
    .size abi_violations, .-abi_violations

    .global abi_clobber_r5
    .type abi_clobber_r5, @function
/* void abi_clobber_r5(uint8_t value): breaks the avr-gcc ABI on purpose (r5 not preserved), so that
 * tests/target/kernels.c can show the check sees it. */
abi_clobber_r5:
    mov r5, r24
    ret
    .size abi_clobber_r5, .-abi_clobber_r5
