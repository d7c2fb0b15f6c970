#include "common.h"

int crypto_verify_16(const unsigned char *x, const unsigned char *y)
{
    return ct_compare_bytes(x, y, 16);
}

int crypto_verify_32(const unsigned char *x, const unsigned char *y)
{
    return ct_compare_bytes(x, y, 32);
}
