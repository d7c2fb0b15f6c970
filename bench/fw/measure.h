/*
 * What the benchmark firmware (bench/fw/bench.c, external.c, peer.c) share: one measured
 * statement, announced for bench/lab.py (platform/hal/hal.h's protocol), and the loop over
 * the message sizes of the field's publications.
 */
#ifndef MICROSALT_BENCH_MEASURE_H
#define MICROSALT_BENCH_MEASURE_H

#include "hal.h"

/* Announces `name` at `bytes`, then measures stmt alone. */
#define BENCH(name, bytes, stmt)                                                            \
    do {                                                                                    \
        hal_announce(HAL_STR(name), bytes);                                                 \
        hal_measure_begin(1);                                                               \
        stmt;                                                                               \
        hal_measure_end(1);                                                                 \
    } while (0)

/* Runs body once per size of the array list up to max, with n set to it. */
#define FOR_EACH_SIZE(list, max, n, body)                                                   \
    do {                                                                                    \
        unsigned i_;                                                                        \
        for (i_ = 0; i_ < sizeof list / sizeof list[0] && list[i_] <= (max); i_++) {        \
            uint16_t n = list[i_];                                                          \
            body;                                                                           \
        }                                                                                   \
    } while (0)

#endif
