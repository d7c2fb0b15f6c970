/* Constant-time kernel firmware, group symmetric: see kernels.c. */
#define KERNEL_CT 1
#define KERNEL_symmetric KERNEL
#include "kernels.c"
