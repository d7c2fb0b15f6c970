/* Kernel firmware, group curve25519: see kernels.c. */
#define KERNEL_curve25519 KERNEL
#include "kernels.c"
