/*
 * Benchmark firmware for an implementation given to the lab in SUPERCOP layout (`make bench
 * EXTERNAL=DIR`): its functions are renamed by the generated crypto_<op>.h (bench/lab.py), so
 * they link beside microsalt, which checks their output first. Supported: crypto_hash,
 * crypto_scalarmult.
 */
#include <string.h>

#include "hal.h"
#include "microsalt.h"
#include "external_api.h" /* generated: the implementation's renamed functions and sizes */

static unsigned char buf[1024], out[64], want[64];
static const uint16_t sizes[] = {16, 32, 128, 1024};

int main(void)
{
    unsigned i;
    int ok = 1;
    hal_setup();
    for (i = 0; i < sizeof buf; i++) buf[i] = (unsigned char)(i * 7 + 3);
#if defined(EXT_OP_HASH)
    for (i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        hal_announce(HAL_STR("crypto_hash"), sizes[i]);
        hal_measure_begin(1);
        ext_crypto_hash(out, buf, sizes[i]);
        hal_measure_end(1);
        crypto_hash(want, buf, sizes[i]);
        ok &= memcmp(out, want, EXT_CRYPTO_BYTES < 64 ? EXT_CRYPTO_BYTES : 64) == 0;
    }
#elif defined(EXT_OP_SCALARMULT)
    hal_announce(HAL_STR("crypto_scalarmult"), 0);
    hal_measure_begin(1);
    ext_crypto_scalarmult(out, buf, buf + 32);
    hal_measure_end(1);
    (void)crypto_scalarmult(want, buf, buf + 32);
    ok &= memcmp(out, want, 32) == 0;
#else
#error "no supported EXT_OP_*"
#endif
    hal_puts_flash(ok ? HAL_STR("@external agrees with microsalt\n")
                      : HAL_STR("@external DISAGREES with microsalt\n"));
    hal_exit(ok ? 0 : 1);
}
