/* Benchmark firmware, group kem (ntrulpr761): see bench.c. */
/* ntrulpr761's keys and buffers (about 2.6 KB) and its 4.5 KB of stack on AVR; bigger than an
 * ATmega328P's 2 KB (its sorting network's list alone takes 3 KB), so built only where it
 * fits (platform/targets.py). */
#define FIRMWARE_RAM_BYTES 7424
#define BENCH_GROUP 6
#include "bench.c"
