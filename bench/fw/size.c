/*
 * Code-size probe: a firmware that keeps exactly one library function (SIZE_FN) alive, or none.
 * bench/lab.py links it per function with --gc-sections and subtracts the empty one's size:
 * what remains is the flash that function needs on its own, with everything it calls. Internal
 * kernels (chacha20.h) and the reference ntrulpr761 (ntrulpr761.h) can be probed too.
 */
#include "chacha20.h"
#include "hal.h"
#include "microsalt.h"
#include "ntrulpr761.h"

#ifdef SIZE_FN
/* A volatile function pointer: the linker must keep SIZE_FN, the compiler cannot drop it. */
static void (*volatile keep)(void) = (void (*)(void))SIZE_FN;
#endif

/* Bare-metal applications supply randombytes (include/microsalt.h); the probes of functions
 * that draw (ntrulpr761) link this stub, a few bytes of their figure. */
void randombytes(unsigned char *buf, unsigned long long len)
{
    while (len-- > 0) *buf++ = 0;
}

int main(void)
{
    hal_setup();
#ifdef SIZE_FN
    hal_exit(keep == 0);
#else
    hal_exit(0);
#endif
}
