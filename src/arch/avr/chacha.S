/*
 * ChaCha block kernel for AVR cores with MUL (ATmega), avr-gcc ABI; the contract is in
 * src/chacha20.h. Nothing branches on or is addressed by secret data: the branches test the
 * round counter, the T flag (first round) and nblocks, and every address follows from the
 * stack pointer, x, c and m.
 *
 * Working state: 64 bytes on the stack at B, 16-byte aligned, word (row r, column k) of the
 * 4x4 matrix at B + 16r + 4k. A quarter-round's 16 bytes are loaded, worked on in registers
 * and stored back: 32 cycles of ldd and 32 of std, which is why nothing else stays in memory.
 * Z points at column k of row 0 (word a, and c at Z+32), Y at the column of row 1 (b at Y+16,
 * d at Y+48). In a column round all four share column k; in a diagonal round b, c, d sit in
 * columns k+1, k+2 = k^2 and k+3 = (k+1)^2, so flipping bit 3 of ZL and YL (eor with FM = 8)
 * moves Z and Y from a and b to c and d, and FM = 0 makes the same code do column rounds.
 * Because B is 16-byte aligned, the column is bits 2-3 of ZL and YL: stepping from one
 * quarter-round to the next is an eor that never carries into ZH, YH.
 *
 * Quarter-round order: columns 0,1,3,2 in column rounds, diagonals 2,3,1,0 in diagonal rounds,
 * so each round's last quarter-round and the next round's first share word a (same column of
 * row 0): a stays in registers across the round change, saving 16 cycles of store and load.
 * Steps after quarter-round j of a round: j = 0, 2: ZL ^= 4, YL ^= 4 ^ FM; j = 1: ZL ^= 8,
 * YL ^= 8; j = 3: YL ^= 4 and FM ^= 8 (column round <-> diagonal round).
 *
 * Rotations: by 16 and 8 cost nothing, the registers holding d's bytes are renamed in the
 * code (comments give the byte order). By 12: renaming by 8, then 4 bits with fmul by 8
 * (= 16: r0 = byte << 4, r1 = byte >> 4), combined into O with movw and or, 14 cycles.
 * By 7: renaming by 8, then a 1-bit rotate right (lsr of a copy feeds the carry), 6 cycles.
 * Per quarter-round: 32 ldd + 16 add/adc + 16 eor + 14 + 6 + 32 std + 4 flips = 120 cycles,
 * plus 7-10 of stepping and loop control.
 *
 * The first round loads straight from x (first_entry, T set): no copy of x into the state.
 * Feed-forward: the state is popped (SP = B - 1 afterwards), x read through X, m through Z, c
 * written through Y, 10 cycles a byte. That is why the state sits right above SP and c, m,
 * nblocks and the round count are pushed below it while the rounds use all 32 registers; the
 * caller's SP (S0) is kept just above the state and restored at the end.
 * The counter's 8 bytes are added to with a carry chain, no branch.
 * Measured (atmega2560, simavr, call included): one ChaCha8 block 4,994 cycles, ChaCha20
 * 171 cycles/byte; 562 bytes of code, 95 bytes of stack. Of the code, the quarter-round is 160
 * and the register saves 72; reading x directly in the first round (rather than copying it),
 * keeping a across rounds and the unrolled counter take about 80 and save about 500 cycles
 * a ChaCha8 block.
 */
#include <avr/io.h>

#define SREG_IO _SFR_IO_ADDR(SREG)
#define SPL_IO _SFR_IO_ADDR(SPL)
#define SPH_IO _SFR_IO_ADDR(SPH)

/* Quarter-round words, least significant byte first; b is loaded into B0-B3, which fmul
 * needs (r16-r23), and ends in O0-O3 (two movw pairs). */
#define A0 r6
#define A1 r7
#define A2 r8
#define A3 r9
#define B0 r16
#define B1 r17
#define B2 r18
#define B3 r19
#define C0 r10
#define C1 r11
#define C2 r12
#define C3 r13
#define D0 r14
#define D1 r15
#define D2 r21
#define D3 r22
#define O0 r2
#define O1 r3
#define O2 r4
#define O3 r5
/* 8: fmul's multiplier and the column-bit-3 mask; 4: column bit 2; FM: 0 or 8 (above). */
#define M8 r20
#define M4 r23
#define FM r24
/* Quarter-rounds left; its low 2 bits are the position j in the round (3 - j after dec). */
#define CNT r25

    .text
    .global microsalt_chacha_blocks
    .type microsalt_chacha_blocks, @function
/* void microsalt_chacha_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t x[16],
 *                              unsigned rounds); */
microsalt_chacha_blocks:
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
    /* Between blocks: X = x, Y = c, Z = m, r20:r21 = nblocks, r22 = 4 * rounds,
     * r16:r17 = B - 1. */
    movw r26, r18
    movw r30, r22
    mov r22, r16
    lsl r22
    lsl r22
    /* B - 1 = ((S0 - 81) | 15): B 16-byte aligned, B + 65 <= S0; S0 goes to B + 64. */
    in r18, SPL_IO
    in r19, SPH_IO
    movw r16, r18
    subi r16, 81
    sbci r17, 0
    ori r16, 15
    movw r28, r16
    adiw r28, 3
    std Y+62, r18
    std Y+63, r19
    movw r28, r24
block:
    /* SP = B - 1, interrupts off meanwhile. Going down, SPL first: the half-written SP is
     * then above both values, so no moment looks like a deeper stack. */
    in r0, SREG_IO
    cli
    out SPL_IO, r16
    out SPH_IO, r17
    out SREG_IO, r0
    push r20
    push r21
    push r22
    push r28
    push r29
    push r30
    push r31
    mov CNT, r22
    movw r30, r16
    adiw r30, 1
    movw r28, r30
    ldi M8, 8
    ldi M4, 4
    clr FM
    set
/* First round (a column round, FM = 0, Y = Z): the column comes from x; Z and Y go back to
 * the state for the stores. */
first_entry:
    movw r0, r30
    andi r30, 12
    clr r31
    add r30, r26
    adc r31, r27
    ld A0, Z
    ldd A1, Z+1
    ldd A2, Z+2
    ldd A3, Z+3
    ldd B0, Z+16
    ldd B1, Z+17
    ldd B2, Z+18
    ldd B3, Z+19
    ldd C0, Z+32
    ldd C1, Z+33
    ldd C2, Z+34
    ldd C3, Z+35
    ldd D0, Z+48
    ldd D1, Z+49
    ldd D2, Z+50
    ldd D3, Z+51
    movw r30, r0
    movw r28, r0
    rjmp qr_compute
qr_next:
    brts first_entry
    ld A0, Z
    ldd A1, Z+1
    ldd A2, Z+2
    ldd A3, Z+3
qr_keep_a:
    ldd B0, Y+16
    ldd B1, Y+17
    ldd B2, Y+18
    ldd B3, Y+19
    eor r30, FM
    eor r28, FM
    ldd C0, Z+32
    ldd C1, Z+33
    ldd C2, Z+34
    ldd C3, Z+35
    ldd D0, Y+48
    ldd D1, Y+49
    ldd D2, Y+50
    ldd D3, Y+51
qr_compute:
    /* a += b; d ^= a; d <<<= 16: d's bytes are now D2 D3 D0 D1 */
    add A0, B0
    adc A1, B1
    adc A2, B2
    adc A3, B3
    eor D0, A0
    eor D1, A1
    eor D2, A2
    eor D3, A3
    /* c += d; b ^= c */
    add C0, D2
    adc C1, D3
    adc C2, D0
    adc C3, D1
    eor B0, C0
    eor B1, C1
    eor B2, C2
    eor B3, C3
    /* b <<<= 4 into O0-O3, then <<<= 8: b's bytes are O3 O0 O1 O2 */
    fmul B0, M8
    movw O0, r0
    fmul B2, M8
    movw O2, r0
    fmul B1, M8
    or O1, r0
    or O2, r1
    fmul B3, M8
    or O3, r0
    or O0, r1
    /* a += b; d ^= a; d <<<= 8: d's bytes are D1 D2 D3 D0 */
    add A0, O3
    adc A1, O0
    adc A2, O1
    adc A3, O2
    eor D2, A0
    eor D3, A1
    eor D0, A2
    eor D1, A3
    /* c += d; b ^= c; b <<<= 8 (bytes O2 O3 O0 O1), then >>> 1 */
    add C0, D1
    adc C1, D2
    adc C2, D3
    adc C3, D0
    eor O3, C0
    eor O0, C1
    eor O1, C2
    eor O2, C3
    mov r0, O2
    lsr r0
    ror O1
    ror O0
    ror O3
    ror O2
    std Z+32, C0
    std Z+33, C1
    std Z+34, C2
    std Z+35, C3
    std Y+48, D1
    std Y+49, D2
    std Y+50, D3
    std Y+51, D0
    eor r30, FM
    eor r28, FM
    std Y+16, O2
    std Y+17, O3
    std Y+18, O0
    std Y+19, O1
    /* a is stored on every path but a round change, where the next quarter-round keeps it. */
    dec CNT
    sbrs CNT, 0
    rjmp step_odd
    st Z, A0
    std Z+1, A1
    std Z+2, A2
    std Z+3, A3
    eor r30, M4
    eor r28, M4
    eor r28, FM
    rjmp qr_next
step_odd:
    sbrs CNT, 1
    rjmp step_round
    st Z, A0
    std Z+1, A1
    std Z+2, A2
    std Z+3, A3
    eor r30, M8
    eor r28, M8
    rjmp qr_next
step_round:
    breq rounds_done
    eor r28, M4
    eor FM, M8
    clt
    rjmp qr_keep_a
rounds_done:
    st Z, A0
    std Z+1, A1
    std Z+2, A2
    std Z+3, A3
    /* The last quarter-round was diagonal 0: Z = B. */
    movw r16, r30
    subi r16, 1
    sbci r17, 0
    pop r31
    pop r30
    pop r29
    pop r28
    pop r22
    pop r21
    pop r20
    ldi r25, 16
ff_word:
    pop r23
    ld r24, X+
    add r23, r24
    ld r24, Z+
    eor r23, r24
    st Y+, r23
    pop r23
    ld r24, X+
    adc r23, r24
    ld r24, Z+
    eor r23, r24
    st Y+, r23
    pop r23
    ld r24, X+
    adc r23, r24
    ld r24, Z+
    eor r23, r24
    st Y+, r23
    pop r23
    ld r24, X+
    adc r23, r24
    ld r24, Z+
    eor r23, r24
    st Y+, r23
    dec r25
    brne ff_word
    /* x[12..13] += 1 */
    sbiw r26, 16
    ld r24, X+
    ld r25, X+
    ld r2, X+
    ld r3, X+
    ld r4, X+
    ld r5, X+
    ld r6, X+
    ld r7, X+
    clr r1
    adiw r24, 1
    adc r2, r1
    adc r3, r1
    adc r4, r1
    adc r5, r1
    adc r6, r1
    adc r7, r1
    st -X, r7
    st -X, r6
    st -X, r5
    st -X, r4
    st -X, r3
    st -X, r2
    st -X, r25
    st -X, r24
    sbiw r26, 48
    subi r20, 1
    sbci r21, 0
    breq finish
    rjmp block
finish:
    /* SP = B + 63 after the feed-forward: S0 is next. */
    pop r18
    pop r19
    /* Going up, SPH first (the avr-gcc order); SREG restored before SPL delays interrupts
     * until SPL is written. */
    in r0, SREG_IO
    cli
    out SPH_IO, r19
    out SREG_IO, r0
    out SPL_IO, r18
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
    .size microsalt_chacha_blocks, .-microsalt_chacha_blocks
