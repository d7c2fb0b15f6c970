/* Constant-time check firmware, group aead: see ctcheck.c. */
#define CT_GROUP 5
#include "ctcheck.c"
