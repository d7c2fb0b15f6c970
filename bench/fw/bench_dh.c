/* Benchmark firmware, group dh: see bench.c. */
#define BENCH_GROUP 3
#include "bench.c"
