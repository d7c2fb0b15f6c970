/* Constant-time check firmware, group sign: see ctcheck.c. */
#define CT_GROUP 4
#include "ctcheck.c"
