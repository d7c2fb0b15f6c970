/* The smallest firmware: proves the HAL, the runner's output and its measurements. */
#include "hal.h"
#include "microsalt.h"

static const unsigned char expect[32] HAL_FLASH = {
    /* crypto_verify_32 of two equal buffers is 0: a call into the library. */
    1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16,
    17, 18, 19, 20, 21, 22, 23, 24, 25, 26, 27, 28, 29, 30, 31, 32};

int main(void)
{
    unsigned char a[32], b[32];
    int rc;
    hal_setup();
    hal_puts("hello from the target\n");
    hal_flash_read(a, expect, 32);
    hal_flash_read(b, expect, 32);
    hal_measure_begin(1);
    rc = crypto_verify_32(a, b);
    hal_measure_end(1);
    hal_puts(rc == 0 ? "verify ok\n" : "verify FAILED\n");
    hal_exit(rc == 0 ? 0 : 1);
}
