/*
 * The kernels of kernels.def as a table, for the drivers: the host runner
 * (tests/test_kernels.c) and the target firmware (tests/target/kernels.c, ct_kernels.c).
 * The kernel tests themselves need only kernel_test.h.
 */
#ifndef MICROSALT_KERNEL_LIST_H
#define MICROSALT_KERNEL_LIST_H

#include "kernel_test.h"
#include "kernels.h"

#define KERNEL(name, native) void kernel_test_##name(void); void kernel_bench_##name(void);
#include "kernels.def"
#undef KERNEL

/* 1 when the architecture's kernels.h defines the macro native as 1, else 0 (an undefined
 * macro is no expression): the macro's value pasted onto KT_IS_1_ makes "0," only for 1,
 * which shifts the 1 into the second argument. */
#define KT_IS_1_1 0,
#define KT_SECOND(a, b, ...) b
#define KT_NATIVE(native) KT_NATIVE_(native)
#define KT_NATIVE_(value) KT_NATIVE__(KT_IS_1_##value)
#define KT_NATIVE__(maybe_comma) KT_SECOND(maybe_comma 1, 0, 0)

struct kt_kernel {
    const char *name;
    void (*test)(void);
    void (*bench)(void);
    int native;
};
extern const struct kt_kernel kt_kernels[];
extern const unsigned kt_kernel_count;

/* Restarts kt_rand from seed (the constant-time firmware draws other operands per run). */
void kt_seed(uint32_t seed);

#endif
