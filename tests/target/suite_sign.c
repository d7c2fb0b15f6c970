/* Target suite, group sign: see suite.c. */
#define SUITE_GROUP 4
#include "suite.c"
