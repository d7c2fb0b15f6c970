/*
 * microsalt_poly1305_finish for ARMv6-M (the Cortex-M0, and the M3 and M4), the contract of
 * src/symmetric/poly1305.h on the state in radix 2^32 (kernels.h:
 * MICROSALT_POLY1305_RADIX32): the tag, then the state wiped.
 *
 * Why assembly: the twin's additions with carry are 64-bit sums in C, which GCC spills on the
 * M0's eight low registers (about 420 cycles, and 240 more for its two memset wipes); here the
 * five words of h, the carry chains and the wipe fit the low registers.
 *
 * Registers: r3-r7 h, then f = h with the bits from 130 up folded back (h < 6 2^128, so that
 * fold is at most 5 and f < 2^130 + 5 < 2p, f's top word at most 4); r12 the tag's address,
 * lr st + 20 (for the wipe); r0-r2 s and temporaries, r1 zero for the carry chains.
 *
 * Constant time: no branch, address or latency depends on h or s. f >= p is the carry of
 * f + 5 into bit 130, turned into 5 or 0 by shifts; the only branch is on the alignment of
 * tag and s, which is public. An unaligned tag or s goes through a copy of s on the stack,
 * which the tag then overwrites and which is zeroed after the tag is copied out (a tag that
 * crypto_onetimeauth_verify computes is a forgery's until compared).
 *
 * Cycles, modelled (docs/cycle-model.md), the call included: on the M0 110 with tag and s
 * aligned, 383 otherwise (the twin: 555 and 712, its wipes included);
 * crypto_onetimeauth of 1024 bytes, with this and the state's init by five stores (no memset
 * call): 26,495 -> 25,917 on the M0, 18,773 -> 18,573 on the M3 and 4,080 -> 3,890 on the M4,
 * which take this file too (Thumb-1, 166 bytes).
 */
    .syntax unified
    .thumb
    .text

/* void microsalt_poly1305_finish(uint8_t tag[16], microsalt_poly1305_state *st,
 *                                const uint8_t s[16]); */
.global microsalt_poly1305_finish
.type microsalt_poly1305_finish, %function
.thumb_func
microsalt_poly1305_finish:
    push {r4-r7, lr}
    mov r12, r0
    ldm r1!, {r3-r7}
    mov lr, r1
    /* f = h mod 2^130 + 5 floor(h / 2^130) */
    lsrs r0, r7, #2
    lsls r1, r0, #2
    adds r0, r0, r1
    movs r1, #3
    ands r7, r1
    movs r1, #0
    adds r3, r3, r0
    adcs r4, r1
    adcs r5, r1
    adcs r6, r1
    adcs r7, r1
    /* f >= p exactly when f + 5 carries into bit 130; f mod p is then f + 5 - 2^130, and
     * 2^130 vanishes mod 2^128: f + 5 (f >= p) mod 2^128 is what the tag adds s to. */
    adds r0, r3, #5
    mov r0, r4
    adcs r0, r1
    mov r0, r5
    adcs r0, r1
    mov r0, r6
    adcs r0, r1
    adcs r7, r1
    lsrs r7, r7, #2
    lsls r0, r7, #2
    adds r0, r0, r7
    adds r3, r3, r0
    adcs r4, r1
    adcs r5, r1
    adcs r6, r1
    /* + s, by words where tag and s are aligned (s is read whole before the tag is written:
     * they may be the same bytes) */
    mov r0, r12
    orrs r0, r2
    lsls r0, r0, #30
    bne .Lunaligned
    ldm r2!, {r0, r1, r7}
    ldr r2, [r2]
    adds r3, r3, r0
    adcs r4, r1
    adcs r5, r7
    adcs r6, r2
    mov r0, r12
    stm r0!, {r3-r6}
.Lwipe:
    mov r0, lr
    subs r0, #20
    movs r1, #0
    movs r2, #0
    movs r3, #0
    movs r4, #0
    movs r5, #0
    movs r6, #0
    movs r7, #0
    stm r0!, {r1-r7}
    stm r0!, {r1-r2}
    pop {r4-r7, pc}

.Lunaligned:
    sub sp, #16
    mov r7, sp
    movs r1, #15
1:
    ldrb r0, [r2, r1]
    strb r0, [r7, r1]
    subs r1, #1
    bpl 1b
    ldm r7!, {r0-r2}
    ldr r7, [r7]
    adds r3, r3, r0
    adcs r4, r1
    adcs r5, r2
    adcs r6, r7
    mov r7, sp
    stm r7!, {r3-r6}
    subs r7, #16
    mov r2, r12
    movs r1, #15
2:
    ldrb r0, [r7, r1]
    strb r0, [r2, r1]
    subs r1, #1
    bpl 2b
    movs r3, #0
    movs r4, #0
    movs r5, #0
    movs r6, #0
    stm r7!, {r3-r6}
    add sp, #16
    b .Lwipe
.size microsalt_poly1305_finish, .-microsalt_poly1305_finish
