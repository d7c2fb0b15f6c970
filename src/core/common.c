#include "common.h"

/* The out-of-line wipe (common.h): AVR, and compilers without GCC's asm. */
#if !((defined(__GNUC__) || defined(__clang__)) && !defined(__AVR__))
void microsalt_wipe(void *p, size_t n)
{
#if defined(__GNUC__)
    /* The empty asm claims to read the memory, so the compiler must keep the memset. */
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
#else
    /* Without asm, a volatile pointer keeps each store. */
    volatile uint8_t *v = (volatile uint8_t *)p;
    while (n > 0) {
        *v++ = 0;
        n--;
    }
#endif
}
#endif
