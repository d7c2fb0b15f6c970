/* Constant-time check firmware, group dh: see ctcheck.c. */
#define CT_GROUP 3
#include "ctcheck.c"
