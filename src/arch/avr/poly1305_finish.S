/*
 * microsalt_poly1305_finish for AVR, avr-gcc ABI, the contract of src/symmetric/poly1305.h on
 * the state in radix 2^32 (kernels.h: MICROSALT_POLY1305_RADIX32), read as 36 bytes: h (20,
 * of which byte 16 is at most 5 and bytes 17-19 are zero, h < 6 2^128) and r (16).
 *
 * Why assembly: the twin's carries are 32- and 64-bit sums in C, which avr-gcc turns into
 * long chains of spills and its wipes into two memset calls: 1,479 cycles a tag, about a
 * third of crypto_onetimeauth of 16 bytes. Here f fits r2-r18 and each step is one pass of
 * single-cycle carries.
 *
 * Registers: r2-r17 f's low 16 bytes, r18 its top (at most 3), r19-r21 constants and the
 * fold, Z the state, then the tag, X s; r2-r17 are saved, r1 stays zero.
 *
 * Constant time: no branch; every address a fixed offset from st, s or tag. f >= p is the
 * borrow of f - (2^130 - 5) by CP/CPC, turned into 5 or 0 by SBC, COM and ANDI. The state
 * is wiped as soon as h is in registers; r0, r18 and r20, which end with secrets in them and
 * are not restored, are cleared (r19 and r21 end with constants). tag and s may be the same
 * bytes: each byte of s is read before that byte of tag is written.
 *
 * Cycles (simavr), the call included: 344 on the ATmega2560 and 353 on the ATmega328P, where
 * the twin takes 1,479 and 1,557.
 */
#include <avr/io.h>

    .text
.global microsalt_poly1305_finish
.type microsalt_poly1305_finish, @function
/* void microsalt_poly1305_finish(uint8_t tag[16], microsalt_poly1305_state *st,
 *                                const uint8_t s[16]); */
microsalt_poly1305_finish:
    .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
    push r\r
    .endr
    movw r30, r22
    movw r26, r20
    .irp r, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18
    ld r\r, Z+
    .endr
    /* The wipe: bytes 17-35 from where the loads stopped, then 0-16. */
    .rept 19
    st Z+, r1
    .endr
    movw r30, r22
    .rept 17
    st Z+, r1
    .endr
    /* f = h mod 2^130 + 5 floor(h / 2^130): the floor is byte 16's bits 2 and up (0 or 1). */
    mov r19, r18
    lsr r19
    lsr r19
    mov r20, r19
    lsl r20
    lsl r20
    add r20, r19
    andi r18, 3
    add r2, r20
    .irp r, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18
    adc r\r, r1
    .endr
    /* f >= p = 2^130 - 5 exactly when f - p does not borrow; f mod p is then f + 5 - 2^130,
     * and 2^130 vanishes mod 2^128: the tag is f + s, plus 5 then. */
    ldi r19, 0xff
    ldi r20, 0xfb
    ldi r21, 3
    cp r2, r20
    .irp r, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
    cpc r\r, r19
    .endr
    cpc r18, r21
    sbc r20, r20
    com r20
    andi r20, 5
    add r2, r20
    .irp r, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
    adc r\r, r1
    .endr
    /* tag = that + s mod 2^128, byte by byte, s's byte read before tag's is written. */
    movw r30, r24
    ld r0, X+
    add r2, r0
    st Z+, r2
    .irp r, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17
    ld r0, X+
    adc r\r, r0
    st Z+, r\r
    .endr
    clr r0
    clr r18
    clr r20
    .irp r, 17, 16, 15, 14, 13, 12, 11, 10, 9, 8, 7, 6, 5, 4, 3, 2
    pop r\r
    .endr
    ret
.size microsalt_poly1305_finish, .-microsalt_poly1305_finish
