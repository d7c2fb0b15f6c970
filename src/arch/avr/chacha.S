/*
 * ChaCha block kernel for AVR cores with MUL (ATmega), avr-gcc ABI; the contract is in
 * src/symmetric/chacha20.h. Two variants of microsalt_chacha_blocks share the quarter-round's code: a
 * fast one (-O2 builds), and a compact one for -Os builds (__OPTIMIZE_SIZE__, as the
 * ATmega328P's), since a size-optimized build wants at most 400 bytes here. Nothing branches
 * on or is addressed by secret data: the branches test round counters, the T flag (first
 * round), nblocks, and column positions and padding that follow from the stack pointer; every
 * address follows from the stack pointer, x, c and m.
 *
 * Working state (both): 64 bytes on the stack at B, 16-byte aligned, word (row r, column k) of
 * the 4x4 matrix at B + 16r + 4k. A quarter-round's 16 bytes are loaded, worked on in
 * registers and stored back: 32 cycles of ldd and 32 of std, which is why nothing else stays in
 * memory. Z points at column k of row 0 (word a, and c at Z+32), Y at the column of row 1 (b at
 * Y+16, d at Y+48). In a column round all four share column k; in a diagonal round b, c, d sit
 * in columns k+1, k+2 = k^2 and k+3 = (k+1)^2, so flipping bit 3 of ZL and YL (eor with FM = 8)
 * moves Z and Y from a and b to c and d, and FM = 0 makes the same code do column rounds.
 * Because B is aligned, the column is bits 2-3 of ZL and YL: stepping from one quarter-round to
 * the next never carries into ZH, YH.
 *
 * Rotations: by 16 and 8 cost nothing, the registers holding d's bytes are renamed in the
 * code (comments give the byte order). By 12: renaming by 8, then 4 bits with fmul by 8
 * (= 16: r0 = byte << 4, r1 = byte >> 4), combined into O with movw and or, 14 cycles.
 * By 7: renaming by 8, then a 1-bit rotate right (lsr of a copy feeds the carry), 6 cycles.
 * Per quarter-round: 32 ldd + 16 add/adc + 16 eor + 14 + 6 + 32 std + 4 flips = 120 cycles,
 * plus the stepping and loop control.
 * Feed-forward (both): the state is popped, x read through X, m through Z, c written through
 * Y, 10 cycles a byte. That is why the state sits right above SP and c, m and nblocks (fast:
 * and the round count) are pushed below it while the rounds use all 32 registers.
 *
 * Fast variant. Quarter-round order: columns 0,1,3,2 in column rounds, diagonals 2,3,1,0 in
 * diagonal rounds, so each round's last quarter-round and the next round's first share word a
 * (same column of row 0): a stays in registers across the round change, saving 16 cycles of
 * store and load. Steps after quarter-round j of a round: j = 0, 2: ZL ^= 4, YL ^= 4 ^ FM;
 * j = 1: ZL ^= 8, YL ^= 8; j = 3: YL ^= 4 and FM ^= 8 (column round <-> diagonal round); 7-10
 * cycles with the loop control. The first round loads straight from x (first_entry, T set): no
 * copy of x into the state. SP is moved to B - 1 for each block (interrupts off meanwhile), the
 * caller's SP (S0) kept just above the state and restored at the end. The counter's 8 bytes
 * are added to with an unrolled carry chain, no branch.
 * Measured (atmega2560, simavr, call included): one ChaCha8 block 4,994 cycles, ChaCha20
 * 171 cycles/byte; 562 bytes of code, 95 bytes of stack. Of the code, the quarter-round is 160
 * and the register saves 72; reading x directly in the first round (rather than copying it),
 * keeping a across rounds and the unrolled counter take about 80 and save about 500 cycles
 * a ChaCha8 block.
 *
 * Compact variant. Every quarter-round stores a and every round visits columns 0,1,2,3, so
 * one step serves all: ZL += 4, where subi's half-carry H is clear only when the column wraps
 * past 3 (then ZL -= 16, FM ^= 8 and the round count drops); then YL = ZL + FM / 2 (column
 * k + 1 in diagonal rounds), where the add's H is set only when that passes column 3 (then
 * YL -= 16). 10 cycles a quarter-round, 13 at a round's end, in 24 bytes.
 * x is copied into the state by pushing it, last byte first: the pushes also make the room,
 * so SP is never written (no cli), and the feed-forward's pops leave SP where the next block's
 * pushes start. To align B, 1-16 bytes of padding are pushed first; their count rides in r0's
 * slot of the register saves, so the restore hands it back. r0-r17 are saved and restored by
 * loops through their data addresses 0-17 (classic ATmega cores map the register file there;
 * XMEGA-type cores do not, and get the fast variant), which also brings back r1 = 0. The
 * counter's carry chain is a loop of sbci 0xFF, whose inverted carry needs no zero register.
 * Measured (atmega328p, simavr, call included): one ChaCha8 block 5,586 cycles, ChaCha20
 * 181 cycles/byte; 400 bytes of code, 93-108 bytes of stack with the padding (96 measured).
 * Against the fast variant (12% more time a ChaCha8 block, 6% a ChaCha20 stream): copying x
 * costs about 300 cycles a block, the looped saves and the padding 150-250 a call, storing a
 * at round changes 16 a round.
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
/* 8: fmul's multiplier and the column-bit-3 mask; FM: 0 or 8 (above). */
#define M8 r20
#define FM r24
/* Fast: quarter-rounds left; its low 2 bits are the position j in the round (3 - j after dec).
 * Compact: rounds left. */
#define CNT r25

/* Word a of the quarter-round, at Z. */
.macro QR_LOAD_A
    ld A0, Z
    ldd A1, Z+1
    ldd A2, Z+2
    ldd A3, Z+3
.endm

/* Words b, c, d; Z and Y are left on c's and d's columns. */
.macro QR_LOAD_BCD
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
.endm

.macro QR_COMPUTE
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
.endm

/* Words c, d, b; Z and Y go back to a's and b's columns. */
.macro QR_STORE_CDB
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
.endm

.macro QR_STORE_A
    st Z, A0
    std Z+1, A1
    std Z+2, A2
    std Z+3, A3
.endm

/* Feed-forward of a byte, and of a word: c = m ^ (popped state + x), through Y, Z and X;
 * s and t are scratch. */
.macro FF_BYTE op, s, t
    pop \s
    ld \t, X+
    \op \s, \t
    ld \t, Z+
    eor \s, \t
    st Y+, \s
.endm

.macro FF_WORD s, t
    FF_BYTE add, \s, \t
    FF_BYTE adc, \s, \t
    FF_BYTE adc, \s, \t
    FF_BYTE adc, \s, \t
.endm

#if defined(__OPTIMIZE_SIZE__) && !defined(__AVR_XMEGA__)

/* Compact variant (header comment). The rounds argument, kept for every block. */
#define NR r23

    .text
    .global microsalt_chacha_blocks
    .type microsalt_chacha_blocks, @function
/* void microsalt_chacha_blocks(uint8_t *c, const uint8_t *m, size_t nblocks, uint32_t x[16],
 *                              unsigned rounds); */
microsalt_chacha_blocks:
    /* p = 1..16 padding bytes, so that after them and the 20 saved bytes SP = B + 63 with
     * B 16-byte aligned; p goes into r0, the first register saved. */
    in r30, SPL_IO
    subi r30, 20
    andi r30, 15
    inc r30
    mov r0, r30
pad:
    push r30
    dec r30
    brne pad
    /* Z = 0: r0-r17 through their data addresses. */
    clr r31
save:
    ld r0, Z+
    push r0
    ld r0, Z+
    push r0
    cpi r30, 18
    brne save
    push r28
    push r29
    /* Between blocks: Y = c, Z = m, r24:r25 = nblocks, X = x + 64. */
    movw r28, r24
    movw r30, r22
    movw r24, r20
    movw r26, r18
    subi r26, lo8(-64)
    sbci r27, hi8(-64)
    mov NR, r16
block:
    ldi r17, 16
copy:
    ld r0, -X
    push r0
    ld r0, -X
    push r0
    ld r0, -X
    push r0
    ld r0, -X
    push r0
    dec r17
    brne copy
    /* State at B = SP + 1, X = x. */
    push r28
    push r29
    push r30
    push r31
    push r24
    push r25
    in r30, SPL_IO
    in r31, SPH_IO
    adiw r30, 7
    movw r28, r30
    ldi M8, 8
    clr FM
    mov CNT, NR
qr:
    QR_LOAD_A
    QR_LOAD_BCD
    QR_COMPUTE
    QR_STORE_CDB
    QR_STORE_A
    /* Next column: subi -4 borrows from bit 3 (H set) unless the column was 3, which ends
     * the round. Y: column k, or k + 1 in diagonal rounds, where the add carries from bit 3
     * (H set) only past column 3. */
    subi r30, -4
    brhs qr_y
    subi r30, 16
    eor FM, M8
    dec CNT
    breq rounds_done
qr_y:
    mov r28, FM
    lsr r28
    add r28, r30
    brhc qr_loop
    subi r28, 16
qr_loop:
    rjmp qr
rounds_done:
    pop r25
    pop r24
    pop r31
    pop r30
    pop r29
    pop r28
    ldi r18, 16
ff_word:
    FF_WORD r16, r17
    dec r18
    brne ff_word
    /* x[12..13] += 1. sbiw leaves C clear (X = x + 64 does not borrow): the carry in of
     * sbci 0xFF, which adds 1 - C and clears C only on a carry out. */
    sbiw r26, 16
    ldi r17, 8
counter:
    ld r16, X
    sbci r16, 0xFF
    st X+, r16
    dec r17
    brne counter
    adiw r26, 8
    sbiw r24, 1
    breq finish
    rjmp block
finish:
    /* SP = B + 63 after the feed-forward: the saved registers are next, then the padding,
     * whose count comes back in r0. */
    pop r29
    pop r28
    ldi r30, 18
    clr r31
restore:
    pop r0
    st -Z, r0
    cpi r30, 0
    brne restore
unpad:
    pop r31
    dec r0
    brne unpad
    ret
    .size microsalt_chacha_blocks, .-microsalt_chacha_blocks

#else

/* Fast variant (header comment). 4: column bit 2. */
#define M4 r23

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
    QR_LOAD_A
qr_keep_a:
    QR_LOAD_BCD
qr_compute:
    QR_COMPUTE
    QR_STORE_CDB
    /* a is stored on every path but a round change, where the next quarter-round keeps it. */
    dec CNT
    sbrs CNT, 0
    rjmp step_odd
    QR_STORE_A
    eor r30, M4
    eor r28, M4
    eor r28, FM
    rjmp qr_next
step_odd:
    sbrs CNT, 1
    rjmp step_round
    QR_STORE_A
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
    QR_STORE_A
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
    FF_WORD r23, r24
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

#endif
