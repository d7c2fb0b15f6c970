/* Kernel firmware, group ntrulpr761: see kernels.c. */
#define KERNEL_ntrulpr761 KERNEL
#include "kernels.c"
