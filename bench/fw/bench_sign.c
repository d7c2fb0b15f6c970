/* Benchmark firmware, group sign: see bench.c. */
#define BENCH_GROUP 4
#include "bench.c"
