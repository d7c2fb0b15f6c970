/* Constant-time check firmware, group stream: see ctcheck.c. */
#define CT_GROUP 2
#include "ctcheck.c"
