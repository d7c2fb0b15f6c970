/* Benchmark firmware, group aead: see bench.c. */
#define BENCH_GROUP 5
#include "bench.c"
