/* Target suite, group dh: see suite.c. */
#define SUITE_GROUP 3
#include "suite.c"
