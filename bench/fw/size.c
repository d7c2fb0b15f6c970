/*
 * Code-size probe: a firmware that keeps exactly one library function (SIZE_FN) alive, or none.
 * bench/lab.py links it per function with --gc-sections and subtracts the empty one's size:
 * what remains is the flash that function needs on its own, with everything it calls. Any
 * symbol of the library can be probed, kernels and internal functions too: it is named by its
 * symbol, whatever its C prototype.
 */
#include "hal.h"
#include "microsalt.h"

/* A volatile pointer to the symbol: the linker must keep SIZE_FN, the compiler cannot drop it.
 * The empty probe keeps main, which every probe links anyway: both then carry the same pointer,
 * the same test of it and the startup code that copies initialised data, which on AVR alone
 * come to 40 bytes that would otherwise be charged to the function. */
#ifndef SIZE_FN
#define SIZE_FN main
#endif
#define SYMBOL_NAME(x) #x
#define SYMBOL(x) SYMBOL_NAME(x)
extern const char size_fn[] __asm__(SYMBOL(SIZE_FN));
static const void *volatile keep = size_fn;

/* Bare-metal applications supply randombytes (include/microsalt.h); the probes of functions
 * that draw (ntrulpr761) link this stub, a few bytes of their figure. */
void randombytes(unsigned char *buf, unsigned long long len)
{
    while (len-- > 0) *buf++ = 0;
}

int main(void)
{
    hal_setup();
    hal_exit(keep == 0);
}
