/* Target suite, group hash: see suite.c. */
#define SUITE_GROUP 1
#include "suite.c"
