/*
 * Constant-time 32x32->64-bit multiplication for AVR (cores with MUL: ATmega).
 * Straight-line code: 16 byte products accumulated column by column into the result bytes,
 * each column's sum carried through the next two result bytes with add/adc/adc, so the time
 * never depends on the operands.
 * Registers: avr-gcc's ABI. a in r22-r25, b in r18-r21, result in r18-r25 (least significant
 * first); r16, r17, r28, r29 and r15 are callee-saved and pushed; r1 is zero again on return.
 */

#define P0 r18
#define P1 r19
#define P2 r20
#define P3 r21
#define P4 r22
#define P5 r23
#define P6 r24
#define P7 r25
#define A0 r16
#define A1 r17
#define A2 r28
#define A3 r29
#define B0 r26
#define B1 r27
#define B2 r30
#define B3 r31
#define ZERO r15

/* One product a_i * b_j added at result byte k = i + j, carried into bytes k+1 and k+2. */
.macro MAC ai, bj, pk, pk1, pk2
    mul \ai, \bj
    add \pk, r0
    adc \pk1, r1
    adc \pk2, ZERO
.endm

    .text
    .global microsalt_mul32x32_64
    .type microsalt_mul32x32_64, @function
/* uint64_t microsalt_mul32x32_64(uint32_t a, uint32_t b); */
microsalt_mul32x32_64:
    push ZERO
    push r16
    push r17
    push r28
    push r29
    clr ZERO
    movw B0, r18
    movw B2, r20
    movw A0, r22
    movw A2, r24
    clr P0
    clr P1
    clr P2
    clr P3
    movw P4, P2
    movw P6, P2
    MAC A0, B0, P0, P1, P2
    MAC A0, B1, P1, P2, P3
    MAC A1, B0, P1, P2, P3
    MAC A0, B2, P2, P3, P4
    MAC A1, B1, P2, P3, P4
    MAC A2, B0, P2, P3, P4
    MAC A0, B3, P3, P4, P5
    MAC A1, B2, P3, P4, P5
    MAC A2, B1, P3, P4, P5
    MAC A3, B0, P3, P4, P5
    MAC A1, B3, P4, P5, P6
    MAC A2, B2, P4, P5, P6
    MAC A3, B1, P4, P5, P6
    MAC A2, B3, P5, P6, P7
    MAC A3, B2, P5, P6, P7
    /* The last column cannot carry past byte 7: the product is below 2^64. */
    mul A3, B3
    add P6, r0
    adc P7, r1
    clr r1
    pop r29
    pop r28
    pop r17
    pop r16
    pop ZERO
    ret
    .size microsalt_mul32x32_64, .-microsalt_mul32x32_64
