/*
 * The AVR runner's exactness test (tests/check-avr-runner.sh): a routine whose cycle count,
 * instruction count and stack depth are counted by hand from the AVR Instruction Set Manual,
 * measured between the markers by avr_exact_run and compared with the runner's @measure line.
 *
 * The interval (platform/avr/runner.c) runs from the instruction hal_measure_begin returns to up
 * to, not including, the `call hal_measure_end`: every instruction marked with a count below.
 *
 * Cycle counts (manual, AVRe/AVRe+ cores; "16-bit PC" = ATmega328P, "22-bit PC" =
 * ATmega2560, whose return addresses are 3 bytes):
 *   1: ldi, eor (clr), add, dec, mov, nop, cpse/sbrs/sbrc that do not skip,
 *      a branch not taken
 *   2: ld, st, adiw, mul, push, pop, rjmp, a branch taken, a skip of a 1-word instruction
 *   3: lpm, jmp, a skip of a 2-word instruction (lds)
 *   rcall 3 / 4, icall 3 / 4, call 4 / 5, ret 4 / 5 (16-bit PC / 22-bit PC)
 *
 * The totals, read by tests/check-avr-runner.sh:
 * HAND COUNT atmega328p: cycles=158 instructions=82 stack=7
 * HAND COUNT atmega2560: cycles=170 instructions=82 stack=9
 */

#define SPL_IO 0x3d
#define SPH_IO 0x3e

    .section .bss.avr_exact_buf, "aw", @nobits
avr_exact_buf:
    .skip 16

/* uint16_t avr_exact_run(void): runs the interval; returns the SP at its start. */
    .section .text.avr_exact_run, "ax", @progbits
    .global avr_exact_run
    .type avr_exact_run, @function
avr_exact_run:
    push r16
    push r17
    push r28
    push r29
    in r16, SPL_IO
    in r17, SPH_IO
    ldi r24, 1
    call hal_measure_begin
    /* ---- interval starts ----                               328P   2560 */
    ldi r18, 4                         /* loop count             1      1 */
    ldi r26, lo8(avr_exact_buf)        /* X = buf                1      1 */
    ldi r27, hi8(avr_exact_buf)        /*                        1      1 */
    ldi r28, lo8(avr_exact_buf + 8)    /* Y = buf + 8            1      1 */
    ldi r29, hi8(avr_exact_buf + 8)    /*                        1      1 */
    clr r19                            /*                        1      1 */
                                       /* subtotal               6      6   (6 instructions) */
1:  ld r20, X+                         /*                        2      2 */
    add r19, r20                       /*                        1      1 */
    mul r20, r18                       /*                        2      2 */
    st Y+, r0                          /*                        2      2 */
    adiw r26, 1                        /*                        2      2 */
    dec r18                            /*                        1      1 */
    brne 1b                            /* taken 3 times: 2 each, not taken once: 1 */
    /* loop: 4 x 10 + 3 x 2 + 1 = 47 cycles on both (4 x 7 = 28 instructions) */
    clr r1                             /* (mul wrote r1)         1      1 */
    ldi r20, 5                         /*                        1      1 */
    ldi r21, 5                         /*                        1      1 */
    cpse r20, r21                      /* equal: skips 1 word    2      2 */
    inc r19                            /* skipped                -      - */
    sbrs r20, 0                        /* bit set: skips 2 words 3      3 */
    lds r19, avr_exact_buf             /* skipped                -      - */
    sbrc r20, 0                        /* bit set: no skip       1      1 */
    nop                                /*                        1      1 */
                                       /* subtotal              10     10   (7 instructions) */
    rcall leaf                         /*                        3      4  + leaf */
    call leaf                          /*                        4      5  + leaf */
    ldi r30, pm_lo8(leaf)              /*                        1      1 */
    ldi r31, pm_hi8(leaf)              /*                        1      1 */
    icall                              /*                        3      4  + leaf */
    /* leaf is 24 / 27 cycles and 10 instructions (below), so the three calls are
     * 3+24 + 4+24 + 1+1+3+24 = 84 on the 328P and 4+27 + 5+27 + 1+1+4+27 = 96 on the 2560
     * (35 instructions) */
    jmp 2f                             /*                        3      3 */
2:  ldi r30, lo8(avr_exact_run)        /* Z = a flash byte       1      1 */
    ldi r31, hi8(avr_exact_run)        /*                        1      1 */
    lpm r20, Z                         /*                        3      3 */
    rjmp 3f                            /*                        2      2 */
3:  ldi r24, 1                         /* hal_measure_end's id   1      1 */
                                       /* subtotal              11     11   (6 instructions) */
    /* ---- interval ends ----
     * 328P: 6 + 47 + 10 + 84 + 11 = 158 cycles; 2560: 6 + 47 + 10 + 96 + 11 = 170 cycles;
     * both: 6 + 28 + 7 + 35 + 6 = 82 instructions. */
    call hal_measure_end
    movw r24, r16
    pop r29
    pop r28
    pop r17
    pop r16
    ret
    .size avr_exact_run, . - avr_exact_run

/* The stack depth below the interval's starting SP peaks inside leaf2: leaf's return address
 * (2 / 3 bytes), two pushes, leaf2's return address (2 / 3) and one push: 7 bytes on the
 * 328P, 9 on the 2560. The deepest byte is leaf2's push of 0x11, which differs from the
 * HAL's paint byte, so the painted depth must come out the same. */
    .section .text.avr_exact_leaf, "ax", @progbits
leaf:                                  /*                      328P   2560 */
    push r16                           /*                        2      2 */
    push r17                           /*                        2      2 */
    ldi r17, 0x11                      /*                        1      1 */
    rcall leaf2                        /*                        3      4 */
    pop r17                            /*                        2      2 */
    pop r16                            /*                        2      2 */
    ret                                /*                        4      5 */
                                       /* + leaf2: 8 / 9; total 24 / 27 cycles, 10 instructions */
leaf2:
    push r17                           /*                        2      2 */
    pop r17                            /*                        2      2 */
    ret                                /*                        4      5 */
