/*
 * GF(2^255 - 19) full reduction for AVR, avr-gcc ABI; the contract is fe25519.h's (packed
 * layout: 32 little-endian bytes below 2^256 in, the value mod p below p out). Three passes:
 * t = f mod 2^255 + 19 b (b: bit 255 of f, 2^255 = 19 mod p), below 2^255 + 19, so at most
 * one p too many; q = bit 255 of t + 19, which is 1 exactly when t >= p; then h = t + 19 q mod
 * 2^255 (t - p when q = 1). The masks 19 b and 19 q come from neg and and, never a branch; the
 * loops count bytes. It runs once per encoding, so it is written for size.
 * Registers: X = f, Z = h (h may be f); r18-r21 scratch; r1 untouched.
 * Measured (atmega2560, simavr, call included): 842 cycles; 104 bytes of code.
 */

    .text
    .global microsalt_fe_freeze
    .type microsalt_fe_freeze, @function
/* void microsalt_fe_freeze(fe25519 *h, const fe25519 *f); */
microsalt_fe_freeze:
    movw r26, r22
    movw r30, r24
    adiw r26, 31
    ld r18, X
    sbiw r26, 31
    /* r20 = 19 b */
    clr r19
    lsl r18
    rol r19
    neg r19
    ldi r20, 19
    and r20, r19
    ldi r21, 31
    clc
1:
    ld r18, X+
    adc r18, r20
    st Z+, r18
    clr r20
    dec r21
    brne 1b
    ld r18, X
    andi r18, 0x7f
    adc r18, r20
    st Z, r18
    sbiw r30, 31
    /* the carry of t + 19 into bit 255: r18 = its top byte */
    ldi r20, 19
    ldi r21, 32
    clc
2:
    ld r18, Z+
    adc r18, r20
    clr r20
    dec r21
    brne 2b
    /* r20 = 19 q */
    clr r19
    lsl r18
    rol r19
    neg r19
    ldi r20, 19
    and r20, r19
    sbiw r30, 32
    ldi r21, 31
    clc
3:
    ld r18, Z
    adc r18, r20
    st Z+, r18
    clr r20
    dec r21
    brne 3b
    ld r18, Z
    adc r18, r20
    andi r18, 0x7f
    st Z, r18
    ret
    .size microsalt_fe_freeze, .-microsalt_fe_freeze
