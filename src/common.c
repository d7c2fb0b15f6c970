#include "common.h"

void microsalt_wipe(void *p, size_t n)
{
    /* A volatile pointer keeps each store: the compiler may not prove it dead. */
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n > 0) {
        *v++ = 0;
        n--;
    }
}
