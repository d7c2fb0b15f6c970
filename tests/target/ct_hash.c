/* Constant-time check firmware, group hash: see ctcheck.c. */
#define CT_GROUP 1
#include "ctcheck.c"
