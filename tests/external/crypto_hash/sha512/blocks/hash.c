/*
 * A SUPERCOP-layout implementation kept in-tree to test the lab's EXTERNAL= path: SHA-512
 * written on top of crypto_hashblocks_sha512, the way NaCl's reference crypto_hash is, so it
 * also exercises an implementation's dependency on another primitive's header.
 */
#include <string.h>

#include "crypto_hash.h"
#include "crypto_hashblocks_sha512.h"

static const unsigned char iv[64] = {
    0x6a, 0x09, 0xe6, 0x67, 0xf3, 0xbc, 0xc9, 0x08, 0xbb, 0x67, 0xae, 0x85, 0x84, 0xca, 0xa7, 0x3b,
    0x3c, 0x6e, 0xf3, 0x72, 0xfe, 0x94, 0xf8, 0x2b, 0xa5, 0x4f, 0xf5, 0x3a, 0x5f, 0x1d, 0x36, 0xf1,
    0x51, 0x0e, 0x52, 0x7f, 0xad, 0xe6, 0x82, 0xd1, 0x9b, 0x05, 0x68, 0x8c, 0x2b, 0x3e, 0x6c, 0x1f,
    0x1f, 0x83, 0xd9, 0xab, 0xfb, 0x41, 0xbd, 0x6b, 0x5b, 0xe0, 0xcd, 0x19, 0x13, 0x7e, 0x21, 0x79};

int crypto_hash(unsigned char *out, const unsigned char *in, unsigned long long inlen)
{
    unsigned char h[64], padded[256];
    unsigned long long bits = inlen << 3;
    unsigned long long tail;
    int i;
    memcpy(h, iv, 64);
    crypto_hashblocks_sha512(h, in, inlen);
    in += inlen - inlen % 128;
    tail = inlen % 128;
    memset(padded, 0, sizeof padded);
    memcpy(padded, in, (size_t)tail);
    padded[tail] = 0x80;
    /* The length goes in the last 16 bytes of one block, or of a second one. */
    tail = tail < 112 ? 128 : 256;
    for (i = 0; i < 8; i++) padded[tail - 1 - i] = (unsigned char)(bits >> (8 * i));
    crypto_hashblocks_sha512(h, padded, tail);
    memcpy(out, h, 64);
    return 0;
}
