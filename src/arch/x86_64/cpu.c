/* Run-time CPU feature detection for the x86-64 kernels (kernels.h). */
#include "common.h"
#include "kernels.h"

#if MICROSALT_NATIVE_SALSA20_BLOCKS || MICROSALT_NATIVE_POLY1305_BLOCKS

int microsalt_x86_64_avx2(void)
{
    /* libgcc's CPU model, filled in once; the call only matters before its constructor ran
     * (a caller in another constructor). It checks that the OS saves the AVX state too. */
    __builtin_cpu_init();
    return __builtin_cpu_supports("avx2") ? 1 : 0;
}

#endif
