/* Benchmark firmware, group hash: see bench.c. */
#define BENCH_GROUP 1
#include "bench.c"
