/*
 * Constant-time check of every kernel of tests/kernels/kernels.def: each kernel's measured
 * calls (its kernel_bench_<name>, the build's kernel and its twin) run RUNS times, each time
 * on other operands; tests/target/run.py requires every run of a measurement to take the same
 * cycles, path and data addresses. Measurement ids as in tests/target/kernels.c.
 */
#include "hal.h"
#include "kernel_list.h"

/* As ctcheck.c: fewer runs where the runner follows every data access in Python. */
#if defined(__AVR__)
#define RUNS 8
#else
#define RUNS 4
#endif

static unsigned current, measure_id;

void kt_check(int ok, const char *kernel, unsigned trial)
{
    (void)ok;
    (void)kernel;
    (void)trial;
}

void kt_measure(const char *kernel, int which)
{
    (void)kernel;
    measure_id = 1 + 2 * current + (unsigned)which;
    hal_measure_begin((uint8_t)measure_id);
}

void kt_measure_end(void)
{
    hal_measure_end((uint8_t)measure_id);
}

int main(void)
{
    unsigned run;
    hal_setup();
    for (run = 0; run < RUNS; run++) {
        kt_seed(0x2545F491u * (run + 1));
        for (current = 0; current < kt_kernel_count; current++) kt_kernels[current].bench();
    }
    hal_puts("ct_kernels: done\n");
    hal_exit(0);
}
