/* Target suite, group aead: see suite.c. */
#define SUITE_GROUP 5
#include "suite.c"
