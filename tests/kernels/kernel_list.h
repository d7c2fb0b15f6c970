/*
 * The kernels of kernels.def as a table, kt_kernels, for the one driver that includes this
 * header: the host runner (tests/test_kernels.c) or a target firmware
 * (tests/target/kernels.c). The driver first defines KERNEL_<group> as KERNEL for each group
 * it runs; the other groups' lines are dropped here, so their code is not linked. The kernel
 * tests themselves need only kernel_test.h.
 */
#ifndef MICROSALT_KERNEL_LIST_H
#define MICROSALT_KERNEL_LIST_H

#include "kernel_test.h"
#include "kernels.h"

#ifndef KERNEL_core
#define KERNEL_core(name, native)
#endif
#ifndef KERNEL_symmetric
#define KERNEL_symmetric(name, native)
#endif
#ifndef KERNEL_curve25519
#define KERNEL_curve25519(name, native)
#endif
#ifndef KERNEL_ntrulpr761
#define KERNEL_ntrulpr761(name, native)
#endif

#define KERNEL(name, native) void kernel_test_##name(void); void kernel_bench_##name(void);
#include "kernels.def"
#undef KERNEL

/* 1 when the architecture's kernels.h defines the macro native as 1 (KT_NATIVE), or as 0
 * (KT_TWIN_CHOSEN), else 0 (an undefined macro is no expression): the macro's value pasted
 * onto KT_IS_1_ or KT_IS_0_ makes "0," only for that value, which shifts the 1 into the
 * second argument. */
#define KT_IS_1_1 0,
#define KT_IS_0_0 0,
#define KT_SECOND(a, b, ...) b
#define KT_NATIVE(native) KT_IS_(KT_IS_1_, native)
#define KT_TWIN_CHOSEN(native) KT_IS_(KT_IS_0_, native)
#define KT_IS_(prefix, value) KT_IS__(prefix##value)
#define KT_IS__(maybe_comma) KT_SECOND(maybe_comma 1, 0, 0)

struct kt_kernel {
    const char *name;
    void (*test)(void);
    void (*bench)(void);
    int native;
    /* The twin although a directory of the search path has a native kernel: the build
     * leaves it out by choice (armv6m-small's and armv7m-small's kernels.h, for flash). */
    int twin_chosen;
};
static const struct kt_kernel kt_kernels[] = {
#define KERNEL(name, native) {#name, kernel_test_##name, kernel_bench_##name, KT_NATIVE(native), \
                              KT_TWIN_CHOSEN(native)},
#include "kernels.def"
#undef KERNEL
};
#define KT_KERNEL_COUNT (sizeof kt_kernels / sizeof kt_kernels[0])


#endif
