#include <string.h>

#include "harness.h"
#include "oracle.h"

/* Every single-byte and single-bit difference at every position must be seen. */
static void sweep(int (*verify)(const unsigned char *, const unsigned char *), size_t n)
{
    uint8_t x[32], y[32];
    size_t i;
    int bit;
    test_rng_bytes(x, n);
    memcpy(y, x, n);
    CHECKF(verify(x, y) == 0, "verify_%lu equal", (unsigned long)n);
    for (i = 0; i < n; i++) {
        for (bit = 0; bit < 8; bit++) {
            y[i] ^= (uint8_t)(1u << bit);
            CHECKF(verify(x, y) == -1, "verify_%lu byte %lu bit %d", (unsigned long)n,
                   (unsigned long)i, bit);
            y[i] ^= (uint8_t)(1u << bit);
        }
        y[i] ^= 0xFF;
        CHECK(verify(x, y) == -1);
        y[i] ^= 0xFF;
    }
}

void test_verify(void)
{
    int k;
    sweep(crypto_verify_16, 16);
    sweep(crypto_verify_32, 32);
    for (k = 0; k < 200; k++) {
        uint8_t x[32], y[32];
        test_rng_bytes(x, 32);
        memcpy(y, x, 32);
        y[test_rng_u32() % 32] ^= (uint8_t)(test_rng_u32() % 2 ? 0 : 1 + test_rng_u32() % 255);
        CHECK(crypto_verify_16(x, y) == sodium()->crypto_verify_16(x, y));
        CHECK(crypto_verify_32(x, y) == sodium()->crypto_verify_32(x, y));
    }
}
