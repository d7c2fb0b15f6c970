/* Benchmark firmware, group kem (ntrulpr761): see bench.c. */
#define BENCH_GROUP 6
#include "bench.c"
