/*
 * What a kernel's test (tests/kernels/<name>.c, listed in tests/kernels/kernels.def) may use.
 * The same test runs in the host runner (tests/test_kernels.c) and in the target firmware
 * tests/target/kernels.c, so it sticks to this header, <string.h> and the family headers.
 *
 * A test compares the kernel that the build switched on (the native one, or the twin itself
 * where the architecture has none) with its portable C twin: random operands, the edges of
 * its contract and aliased operands, every native call through KT_CALL so that the target's
 * ABI check sees it. Its buffers are slices of kt_arena.
 */
#ifndef MICROSALT_KERNEL_TEST_H
#define MICROSALT_KERNEL_TEST_H

#include <stddef.h>
#include <stdint.h>
#include <string.h>

/* The one pseudo-random generator of the test firmware (xorshift32; fixed seed, so every run
 * makes the same operands). */
uint32_t kt_rand(void);
/* n pseudo-random bytes at p. */
void kt_fill(void *p, size_t n);
/* Restarts kt_rand from seed (the constant-time firmware draws other operands per run). */
void kt_seed(uint32_t seed);

/* The scratch memory of every kernel test (they run one after another), word-aligned: one
 * arena instead of each test's own buffers keeps the firmware within an ATmega328P's 2 KB.
 * Declared and defined with the same alignment, which compilers may assume at every use. */
#define KT_ARENA_BYTES 800
extern uint8_t kt_arena[KT_ARENA_BYTES] __attribute__((aligned(16)));

/* One comparison of the kernel `kernel` (its kernels.def name) in trial `trial`: ok is
 * nonzero when the native kernel agreed with its twin. A failure is printed and counted. */
void kt_check(int ok, const char *kernel, unsigned trial);

/* KT_CALL(fn, args...) calls fn(args...) and returns its value. On the simulated targets the
 * call goes through the architecture's ABI trampoline (tests/target/abi_<arch>.S), which fills
 * the callee-saved registers with known values, forwards the arguments untouched and checks
 * the registers (AVR: r2-r17, r28-r29 and r1 = 0; ARM: r4-r11 and sp) when fn returns;
 * kt_abi_ok() then says whether they were preserved. On the host the call is direct. */
#if defined(KT_ABI_TRAMPOLINE)
extern void (*volatile abi_target)(void);
uint8_t abi_violations(void);
/* abi_trampoline, read through a volatile pointer: called through a cast of its own name,
 * the compiler would warn that the types differ, which is the point here. */
extern void (*volatile kt_abi_entry)(void);
#define KT_CALL(fn, ...)                                                                    \
    (abi_target = (void (*)(void))(fn), ((__typeof__(&(fn)))kt_abi_entry)(__VA_ARGS__))
#define kt_abi_ok() (abi_violations() == 0)
#else
#define KT_CALL(fn, ...) ((fn)(__VA_ARGS__))
#define kt_abi_ok() 1
#endif

/* Measurements for the lab (no-ops on the host): kt_measure(kernel, which) announces the
 * entry `kernel` (which: 0 native, 1 twin) and starts a measurement; kt_measure_end() ends
 * it. Each kernel's bench function measures one typical call of each. */
void kt_measure(const char *kernel, int which);
void kt_measure_end(void);

#endif
