/* Kernel firmware, group core: see kernels.c. */
#define KERNEL_core KERNEL
#include "kernels.c"
