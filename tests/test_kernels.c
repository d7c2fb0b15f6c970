/*
 * Every kernel of tests/kernels/kernels.def against its portable twin on the host (the x86-64
 * kernels where the build has them; elsewhere the twin against itself, which still runs the
 * test's own checks). The simulated targets run the same tests in tests/target/kernels.c.
 */
#include <stdio.h>

#include "harness.h"

/* Every group of kernels.def. */
#define KERNEL_core KERNEL
#define KERNEL_symmetric KERNEL
#define KERNEL_curve25519 KERNEL
#define KERNEL_ntrulpr761 KERNEL
#include "kernel_list.h"

void kt_check(int ok, const char *kernel, unsigned trial)
{
    CHECKF(ok, "kernel %s differs from its twin in trial %u", kernel, trial);
}

void kt_measure(const char *kernel, int which)
{
    (void)kernel;
    (void)which;
}

void kt_measure_end(void)
{
}

void test_kernels(void)
{
    unsigned i;
    for (i = 0; i < KT_KERNEL_COUNT; i++) kt_kernels[i].test();
}
