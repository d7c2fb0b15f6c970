/* Target suite, group stream: see suite.c. */
#define SUITE_GROUP 2
#include "suite.c"
