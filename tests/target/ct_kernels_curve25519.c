/* Constant-time kernel firmware, group curve25519: see kernels.c. */
#define KERNEL_CT 1
#define KERNEL_curve25519 KERNEL
#include "kernels.c"
