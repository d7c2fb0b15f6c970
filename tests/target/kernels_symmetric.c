/* Kernel firmware, group symmetric: see kernels.c. */
#define KERNEL_symmetric KERNEL
#include "kernels.c"
