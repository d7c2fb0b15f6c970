#include "common.h"

/* The out-of-line wipe (common.h): ARMv6-M built for speed, AVR, and compilers without GCC's
 * asm. */
#if defined(__ARM_ARCH_6M__) && !defined(__OPTIMIZE_SIZE__)
void microsalt_wipe(void *p, size_t n)
{
    /* Words through a type that may alias the bytes they overwrite; a zero the compiler cannot
     * see, so that it does not turn the loop back into a memset call. */
    typedef uint32_t __attribute__((may_alias)) alias_u32;
    volatile uint8_t *tail;
    uint32_t zero = 0;
    __asm__("" : "+r"(zero));
    if (((uintptr_t)p & 3) == 0) {
        alias_u32 *w = (alias_u32 *)p;
        for (; n >= 16; n -= 16, w += 4) {
            w[0] = w[1] = w[2] = w[3] = zero;
        }
        p = w;
    }
    for (tail = (volatile uint8_t *)p; n > 0; n--) {
        *tail++ = 0;
    }
    __asm__ __volatile__("" : : "r"(p) : "memory");
}
#elif !((defined(__GNUC__) || defined(__clang__)) && !defined(__AVR__))
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
