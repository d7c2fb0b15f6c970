/*
 * Every kernel of tests/kernels/kernels.def against its portable twin on the target, each call
 * of the build's kernel through the architecture's ABI trampoline (tests/target/abi_<arch>.S),
 * then one measurement of each kernel and of its twin for the lab. Prints per kernel
 *   kernel <name>: native|twin only, <checks> checks, <failures> failures
 * and a summary line `kernels: ...` that tests/target/run.py judges; each measurement is
 * announced as `@op name=kernel_<name>[_portable] bytes=0` for bench/lab.py.
 */
#include "hal.h"
#include "kernel_list.h"

static unsigned checks, failures, measure_id;

/* tests/target/abi_<arch>.S: a routine that breaks the ABI on purpose. */
#if defined(__AVR__)
void abi_clobber_r5(uint8_t value);
#define ABI_CLOBBER abi_clobber_r5
#else
void abi_clobber_r8(uint8_t value);
#define ABI_CLOBBER abi_clobber_r8
#endif

void kt_check(int ok, const char *kernel, unsigned trial)
{
    checks++;
    if (!ok) {
        failures++;
        hal_puts("FAIL kernel ");
        hal_puts(kernel);
        hal_puts(" trial ");
        hal_put_u32(trial);
        hal_putc('\n');
    }
}

/* Measurement ids: 1 + 2 * (the kernel's index in kernels.def) + which. */
static unsigned current;

void kt_measure(const char *kernel, int which)
{
    hal_puts("@op name=kernel_");
    hal_puts(kernel);
    hal_puts(which ? "_portable bytes=0\n" : " bytes=0\n");
    measure_id = 1 + 2 * current + (unsigned)which;
    hal_measure_begin((uint8_t)measure_id);
}

void kt_measure_end(void)
{
    hal_measure_end((uint8_t)measure_id);
}

int main(void)
{
    unsigned total_checks = 0, total_failures = 0;
    hal_setup();
    /* The ABI check must see a routine that breaks the ABI, or its verdicts mean nothing. */
    KT_CALL(ABI_CLOBBER, 0);
    if (kt_abi_ok()) {
        hal_puts("FAIL the ABI check did not see a clobbered register\n");
        total_failures++;
    }
    for (current = 0; current < kt_kernel_count; current++) {
        checks = failures = 0;
        kt_kernels[current].test();
        hal_puts("kernel ");
        hal_puts(kt_kernels[current].name);
        hal_puts(kt_kernels[current].native ? ": native, " : ": twin only, ");
        hal_put_u32(checks);
        hal_puts(" checks, ");
        hal_put_u32(failures);
        hal_puts(" failures\n");
        total_checks += checks;
        total_failures += failures;
        if (checks == 0) total_failures++; /* a test that checks nothing cannot fail */
    }
    for (current = 0; current < kt_kernel_count; current++) kt_kernels[current].bench();
    hal_puts("kernels: ");
    hal_put_u32(kt_kernel_count);
    hal_puts(" kernels, ");
    hal_put_u32(total_checks);
    hal_puts(" checks, ");
    hal_put_u32(total_failures);
    hal_puts(" failures\n");
    hal_exit(total_failures == 0 ? 0 : 1);
}
