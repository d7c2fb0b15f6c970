/* RIOT's random_bytes, the entropy source libhydrogen takes on bare metal when built as for
 * RIOT (bench/peers/peers.py); bench/peers/libhydrogen.c defines it. */
#include <stddef.h>
#include <stdint.h>
void random_bytes(uint8_t *buf, size_t size);
