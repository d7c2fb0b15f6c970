/* Constant-time kernel firmware, group ntrulpr761: see kernels.c. */
#define KERNEL_CT 1
#define KERNEL_ntrulpr761 KERNEL
#include "kernels.c"
