/* Benchmark firmware, group stream: see bench.c. */
#define BENCH_GROUP 2
#include "bench.c"
