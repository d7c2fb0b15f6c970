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

/* The NaCl API alone: every function of NaCl's own API, as AVR NaCl and μNaCl publish their
 * flash figures for it (bench/published.py). SIZE_FN=size_nacl_api keeps them all; any other
 * probe leaves the table to --gc-sections. */
void (*const size_nacl_api[])(void) = {
    (void (*)(void))crypto_auth, (void (*)(void))crypto_auth_verify,
    (void (*)(void))crypto_box, (void (*)(void))crypto_box_open,
    (void (*)(void))crypto_box_keypair, (void (*)(void))crypto_box_beforenm,
    (void (*)(void))crypto_box_afternm, (void (*)(void))crypto_box_open_afternm,
    (void (*)(void))crypto_core_salsa20, (void (*)(void))crypto_core_hsalsa20,
    (void (*)(void))crypto_hashblocks, (void (*)(void))crypto_hash,
    (void (*)(void))crypto_onetimeauth, (void (*)(void))crypto_onetimeauth_verify,
    (void (*)(void))crypto_scalarmult, (void (*)(void))crypto_scalarmult_base,
    (void (*)(void))crypto_secretbox, (void (*)(void))crypto_secretbox_open,
    (void (*)(void))crypto_sign, (void (*)(void))crypto_sign_open,
    (void (*)(void))crypto_sign_keypair, (void (*)(void))crypto_stream,
    (void (*)(void))crypto_stream_xor, (void (*)(void))crypto_stream_salsa20,
    (void (*)(void))crypto_stream_salsa20_xor, (void (*)(void))crypto_verify_16,
    (void (*)(void))crypto_verify_32,
};

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
