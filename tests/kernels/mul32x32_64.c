/*
 * ct_mul32x32_64 (src/core/common.h), a native kernel on AVR, against its portable twin of
 * 16-bit halves and a plain 64-bit product: random operands and every pair of the edges
 * 0, 1, 2^16 - 1, 2^16, 2^31, 2^32 - 1.
 */
#include "common.h"
#include "kernel_test.h"

/* The build's product as a function, so KT_CALL can reach it where it is inline or a macro. */
#if MICROSALT_NATIVE_MUL32X32_64
#define mul_kernel microsalt_mul32x32_64
#else
static uint64_t mul_kernel(uint32_t a, uint32_t b)
{
    return ct_mul32x32_64(a, b);
}
#endif

static int agrees(uint32_t a, uint32_t b)
{
    uint64_t got = KT_CALL(mul_kernel, a, b);
    return kt_abi_ok() && got == ct_mul32x32_64_portable(a, b) && got == (uint64_t)a * b;
}

void kernel_test_mul32x32_64(void)
{
    static const uint32_t edges[6] = {0, 1, 0xFFFFu, 0x10000u, 0x80000000u, 0xFFFFFFFFu};
    unsigned trial, i, j;
    for (i = 0; i < 6; i++) {
        for (j = 0; j < 6; j++) kt_check(agrees(edges[i], edges[j]), "mul32x32_64", 6 * i + j);
    }
    for (trial = 0; trial < 200; trial++) {
        uint32_t a = kt_rand(), b = kt_rand();
        kt_check(agrees(a, b), "mul32x32_64", 36 + trial);
    }
}

static volatile uint64_t sink;

void kernel_bench_mul32x32_64(void)
{
    uint32_t a = kt_rand(), b = kt_rand();
    kt_measure("mul32x32_64", 0);
    sink = mul_kernel(a, b);
    kt_measure_end();
    kt_measure("mul32x32_64", 1);
    sink = ct_mul32x32_64_portable(a, b);
    kt_measure_end();
}
