/* Constant-time check firmware, group kem (ntrulpr761): see ctcheck.c. */
#define CT_GROUP 6
#include "ctcheck.c"
