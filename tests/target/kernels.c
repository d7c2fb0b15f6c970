/*
 * The kernel firmware, built once per group of tests/kernels/kernels.def
 * (kernels_<group>.c defines KERNEL_<group> as KERNEL and includes this file), so that each
 * fits an ATmega328P.
 *
 * kernels_<group>: every kernel of the group against its portable twin on the target, each
 * call of the build's kernel through the architecture's ABI trampoline
 * (tests/target/abi_<arch>.S), then one measurement of each kernel and of its twin for the
 * lab. Prints per kernel
 *   kernel <name>: native|twin only|twin by choice, <checks> checks, <failures> failures
 * and a summary line `kernels: ...` that tests/target/run.py judges.
 *
 * ct_kernels_<group> (KERNEL_CT): each kernel's measured calls, RUNS times on other operands
 * each time; tests/target/run.py requires every run of a measurement to take the same cycles,
 * path and data addresses.
 *
 * Each measurement is announced as `@op name=kernel_<name>[_portable] bytes=0`, which names
 * it for run.py and bench/lab.py.
 */
#include "hal.h"
#include "kernel_list.h"

/* As ctcheck.c: fewer runs where the runner follows every data access in Python. */
#if defined(__AVR__)
#define RUNS 8
#else
#define RUNS 4
#endif

static unsigned checks, failures;

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

void kt_measure(const char *kernel, int which)
{
    hal_puts("@op name=kernel_");
    hal_puts(kernel);
    hal_puts(which ? "_portable bytes=0\n" : " bytes=0\n");
    hal_measure_begin(1);
}

void kt_measure_end(void)
{
    hal_measure_end(1);
}

#if KERNEL_CT
int main(void)
{
    unsigned run, k;
    hal_setup();
    for (run = 0; run < RUNS; run++) {
        kt_seed(0x2545F491u * (run + 1));
        for (k = 0; k < KT_KERNEL_COUNT; k++) kt_kernels[k].bench();
    }
    hal_puts("ct_kernels: done\n");
    hal_exit(0);
}
#else
/* tests/target/abi_<arch>.S: a routine that breaks the ABI on purpose. */
#if defined(__AVR__)
void abi_clobber_r5(uint8_t value);
#define ABI_CLOBBER abi_clobber_r5
#else
void abi_clobber_r8(uint8_t value);
#define ABI_CLOBBER abi_clobber_r8
#endif

int main(void)
{
    unsigned total_checks = 0, total_failures = 0, k;
    hal_setup();
    /* The ABI check must see a routine that breaks the ABI, or its verdicts mean nothing. */
    KT_CALL(ABI_CLOBBER, 0);
    if (kt_abi_ok()) {
        hal_puts("FAIL the ABI check did not see a clobbered register\n");
        total_failures++;
    }
    for (k = 0; k < KT_KERNEL_COUNT; k++) {
        checks = failures = 0;
        kt_kernels[k].test();
        hal_puts("kernel ");
        hal_puts(kt_kernels[k].name);
        hal_puts(kt_kernels[k].native ? ": native, " :
                 kt_kernels[k].twin_chosen ? ": twin by choice, " : ": twin only, ");
        hal_put_u32(checks);
        hal_puts(" checks, ");
        hal_put_u32(failures);
        hal_puts(" failures\n");
        total_checks += checks;
        total_failures += failures;
        if (checks == 0) total_failures++; /* a test that checks nothing cannot fail */
    }
    for (k = 0; k < KT_KERNEL_COUNT; k++) kt_kernels[k].bench();
    hal_puts("kernels: ");
    hal_put_u32(KT_KERNEL_COUNT);
    hal_puts(" kernels, ");
    hal_put_u32(total_checks);
    hal_puts(" checks, ");
    hal_put_u32(total_failures);
    hal_puts(" failures\n");
    hal_exit(total_failures == 0 ? 0 : 1);
}
#endif
