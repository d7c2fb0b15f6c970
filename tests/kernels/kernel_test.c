/*
 * The part of tests/kernels/kernel_test.h that the host runner and the target firmware share:
 * the generator, the arena and the ABI trampoline's entry.
 */
#include "kernel_test.h"
#include "xorshift.h"

static uint32_t kt_state = 0x9E3779B9u;
uint8_t kt_arena[KT_ARENA_BYTES] __attribute__((aligned(16)));

void kt_seed(uint32_t seed)
{
    kt_state = seed | 1;
}

uint32_t kt_rand(void)
{
    return xorshift32(&kt_state);
}

void kt_fill(void *p, size_t n)
{
    xorshift32_fill(&kt_state, p, n);
}

#if defined(KT_ABI_TRAMPOLINE)
void abi_trampoline(void); /* tests/target/abi_<arch>.S */
void (*volatile kt_abi_entry)(void) = abi_trampoline;
#endif
