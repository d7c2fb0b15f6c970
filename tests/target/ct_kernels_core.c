/* Constant-time kernel firmware, group core: see kernels.c. */
#define KERNEL_CT 1
#define KERNEL_core KERNEL
#include "kernels.c"
