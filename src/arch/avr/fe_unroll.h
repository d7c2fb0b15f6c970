/*
 * How far the AVR field kernels fe_add.S, fe_sub.S, fe_mul121666.S and fe_cswap.S unroll their
 * byte loops:
 * fully in -O2 builds (the ATmega2560's), by four where the build optimizes for size (the
 * ATmega328P's 32 KB of flash). Either way the loop count is public.
 */
#ifndef MICROSALT_FE_UNROLL_H
#define MICROSALT_FE_UNROLL_H
#ifdef __OPTIMIZE_SIZE__
#define FE_UNROLL 4
/* Counts the loop down and jumps back to its start while it is not zero; rjmp, since a loop
 * body may be beyond brne's reach. */
#define FE_LOOP_START(counter) ldi counter, 32 / FE_UNROLL $ 8:
#define FE_LOOP_END(counter) dec counter $ breq 9f $ rjmp 8b $ 9:
#else
#define FE_UNROLL 32
#define FE_LOOP_START(counter)
#define FE_LOOP_END(counter)
#endif
#endif
