/* The Cortex-M runner's exactness test: cm_exact.S measures a routine counted by hand there;
 * tests/check-cortexm-runner.sh compares the runner's @measure line with those counts. */
#include <stdint.h>

#include "hal.h"

void cm_exact(uint32_t buf[8]);

int main(void)
{
    static uint32_t buf[8] = {1, 2, 3, 0x12345678u};
    int ok;
    hal_setup();
    cm_exact(buf);
    ok = buf[0] == 2 && buf[2] == 1;
    hal_puts(ok ? "cm_exact ran\n" : "cm_exact: wrong result\n");
    hal_exit(ok ? 0 : 1);
}
