#include "common.h"

/* The out-of-line wipe (common.h): ARMv6-M built for speed, AVR, and compilers without GCC's
 * asm. */
#if defined(__GNUC__) && defined(__ARM_ARCH_6M__) && !defined(__OPTIMIZE_SIZE__)
/* What the word stores below do not take: memset, which aligns first. Apart, so that the
 * usual wipe's path saves no registers for a call. */
static __attribute__((noinline)) void wipe_bytes(void *p, size_t n)
{
    memset(p, 0, n);
    __asm__ __volatile__("" : : "r"(p) : "memory");
}

void microsalt_wipe(void *p, size_t n)
{
    /* Whole words at a word boundary, the usual wipe of a local, by word stores four a pass:
     * through a type that may alias the bytes they overwrite, and with a zero the compiler
     * cannot see, so that the loop does not turn back into a memset call. */
    typedef uint32_t __attribute__((may_alias)) alias_u32;
    alias_u32 *w = (alias_u32 *)p;
    uint32_t zero = 0;
    if ((((uintptr_t)p | n) & 3) != 0) {
        wipe_bytes(p, n);
        return;
    }
    __asm__("" : "+r"(zero));
    for (; n >= 16; n -= 16, w += 4) {
        w[0] = w[1] = w[2] = w[3] = zero;
    }
    for (; n > 0; n -= 4, w++) {
        *w = zero;
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
