/*
 * GF(2^255 - 19) multiplication by 121666 = 0x01db42 for AVR, avr-gcc ABI; the contract is
 * fe25519.h's (packed layout: 32 little-endian bytes below 2^256, arithmetic mod 2^256 - 38).
 * Product scanning: result byte k is f[k] 0x42 + f[k-1] 0xdb + f[k-2] plus the carry, summed
 * in a 24-bit accumulator (below 2^17 + 2^16 + 2^8 + the carry, under 2^18), f[k-1] and f[k-2]
 * kept in registers, so h may alias f. The 17 bits T above bit 256 and bit 255 (b) are then
 * folded in as 19 (2T + b) (2^256 = 38 and 2^255 = 19 mod p), below 2^23, on h mod 2^255: no
 * carry out of 2^256. Constant time: the loops count bytes, every address follows from the
 * pointers, nothing branches on values.
 * Registers: X = f, Z = h; r16 (pushed) counts, r17 (pushed) is zero; r18-r25 scratch; r1 = 0 on return.
 * Unrolled by FE_UNROLL bytes (fe_unroll.h).
 * Measured (atmega2560, simavr, the kernel test's call included): 817 cycles at -O2 (1,036
 * when every byte moved values between the registers).
 */
#include "fe_unroll.h"

#define COUNT r16
#define ZERO r17
#define PREV1 r18
#define PREV2 r19
#define C42 r20
#define CDB r21
#define BYTE r22
#define ACC0 r23
#define ACC1 r24
#define ACC2 r25

    .text
    .global microsalt_fe_mul121666
    .type microsalt_fe_mul121666, @function
/* void microsalt_fe_mul121666(fe25519 *h, const fe25519 *f); */
microsalt_fe_mul121666:
    push COUNT
    push ZERO
    movw r26, r22
    movw r30, r24
    clr ZERO
    clr PREV1
    clr PREV2
    clr ACC0
    clr ACC1
    clr ACC2
    ldi C42, 0x42
    ldi CDB, 0xdb
/* One result byte: acc += byte 0x42 + prev1 0xdb + prev2, its low byte stored and cleared. */
    .macro BYTE_STEP byte, prev1, prev2, acc0, acc1, acc2
    ld \byte, X+
    mul \byte, C42
    add \acc0, r0
    adc \acc1, r1
    adc \acc2, ZERO
    mul \prev1, CDB
    add \acc0, r0
    adc \acc1, r1
    adc \acc2, ZERO
    add \acc0, \prev2
    adc \acc1, ZERO
    adc \acc2, ZERO
    st Z+, \acc0
    .endm
#ifdef __OPTIMIZE_SIZE__
    FE_LOOP_START(COUNT)
    .rept FE_UNROLL
    BYTE_STEP BYTE, PREV1, PREV2, ACC0, ACC1, ACC2
    mov ACC0, ACC1
    mov ACC1, ACC2
    clr ACC2
    mov PREV2, PREV1
    mov PREV1, BYTE
    .endr
    FE_LOOP_END(COUNT)
#else
    /* Unrolled, the byte and accumulator registers change roles instead of values: the next
     * byte goes where prev2 was and the stored (cleared) accumulator byte becomes the top one,
     * a rotation of period three; 32 bytes end two steps into it, and six moves put the
     * registers back where the fold below expects them. */
    .rept 10
    BYTE_STEP BYTE, PREV1, PREV2, ACC0, ACC1, ACC2
    clr ACC0
    BYTE_STEP PREV2, BYTE, PREV1, ACC1, ACC2, ACC0
    clr ACC1
    BYTE_STEP PREV1, PREV2, BYTE, ACC2, ACC0, ACC1
    clr ACC2
    .endr
    BYTE_STEP BYTE, PREV1, PREV2, ACC0, ACC1, ACC2
    clr ACC0
    BYTE_STEP PREV2, BYTE, PREV1, ACC1, ACC2, ACC0
    clr ACC1
    /* f[31] is in PREV2, f[30] in BYTE; the accumulator's bytes in ACC2, ACC0, ACC1. */
    mov PREV1, PREV2
    mov PREV2, BYTE
    mov BYTE, ACC0
    mov ACC0, ACC2
    mov ACC2, ACC1
    mov ACC1, BYTE
#endif
    /* T = bits 256 and up: the carry, f[31] 0xdb + f[30] at byte 32, f[31] at byte 33. */
    mul PREV1, CDB
    add ACC0, r0
    adc ACC1, r1
    adc ACC2, ZERO
    add ACC0, PREV2
    adc ACC1, ZERO
    adc ACC2, ZERO
    add ACC1, PREV1
    adc ACC2, ZERO
    /* ACC = 2T + b, h[31] = h[31] mod 2^7, then the 23-bit 19 (2T + b) in PREV2:PREV1:BYTE. */
    ld BYTE, -Z
    lsl BYTE
    rol ACC0
    rol ACC1
    rol ACC2
    lsr BYTE
    st Z, BYTE
    sbiw r30, 31
    ldi C42, 19
    mul ACC0, C42
    movw PREV1, r0
    mul ACC1, C42
    add PREV2, r0
    adc r1, ZERO
    mov BYTE, r1
    mul ACC2, C42
    add BYTE, r0
    /* PREV1 = bits 0-7, PREV2 = bits 8-15, BYTE = bits 16-22 of 19 (2T + b). */
    mov ACC0, PREV1
    mov ACC1, PREV2
    mov ACC2, BYTE
#ifdef __OPTIMIZE_SIZE__
    clc
    FE_LOOP_START(COUNT)
    .rept FE_UNROLL
    ld BYTE, Z
    adc BYTE, ACC0
    st Z+, BYTE
    mov ACC0, ACC1
    mov ACC1, ACC2
    clr ACC2
    .endr
    FE_LOOP_END(COUNT)
#else
    /* Unrolled, the three bytes of the fold go in by name and the later bytes take only the
     * carry: no moves a byte. */
    ld BYTE, Z
    add BYTE, ACC0
    st Z+, BYTE
    ld BYTE, Z
    adc BYTE, ACC1
    st Z+, BYTE
    ld BYTE, Z
    adc BYTE, ACC2
    st Z+, BYTE
    .rept 29
    ld BYTE, Z
    adc BYTE, ZERO
    st Z+, BYTE
    .endr
#endif
    clr r1
    pop ZERO
    pop COUNT
    ret
    .size microsalt_fe_mul121666, .-microsalt_fe_mul121666
