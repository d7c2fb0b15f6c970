/*
 * Salsa20/20 (Bernstein, "Salsa20 specification"): crypto_core_salsa20, crypto_core_hsalsa20
 * and the crypto_stream_salsa20 keystream (8-byte nonce, 64-bit little-endian block counter
 * from 0), all through the block kernel of salsa20.h. Only additions, xors and fixed
 * rotations touch the data: constant time as written. The portable kernel is below; the
 * architecture's kernels.h may switch a native one on (x86-64: src/arch/x86_64/salsa20.c).
 */
#include "common.h"
#include "salsa20.h"

const unsigned char microsalt_salsa20_sigma[16] = {'e', 'x', 'p', 'a', 'n', 'd', ' ', '3',
                                                   '2', '-', 'b', 'y', 't', 'e', ' ', 'k'};

/* Blocks side by side (common.h): on 64-bit hosts every operation of the rounds is the same on
 * each lane, in a loop over the lanes that compilers turn into SIMD instructions (gcc -O2 uses
 * SSE2 on x86-64, about 2.3 times the speed of one block at a time). */
#define LANES MICROSALT_LANES

MICROSALT_INLINE void quarterround(uint32_t y[16][LANES], unsigned a, unsigned b, unsigned c,
                                   unsigned d, unsigned lanes)
{
    unsigned l;
    for (l = 0; l < lanes; l++) {
        y[b][l] ^= rotl32(y[a][l] + y[d][l], 7);
        y[c][l] ^= rotl32(y[b][l] + y[a][l], 9);
        y[d][l] ^= rotl32(y[c][l] + y[b][l], 13);
        y[a][l] ^= rotl32(y[d][l] + y[c][l], 18);
    }
}

/* The constant c on the diagonal of the Salsa20 input matrix. */
static void salsa20_diagonal(uint32_t x[16], const uint8_t c[16])
{
    uint32_t diagonal[4];
    unsigned i;
    load32_le_words(diagonal, c, 4);
    for (i = 0; i < 4; i++) {
        x[5 * i] = diagonal[i];
    }
}

/* The key k around the diagonal of the Salsa20 input matrix. */
static void salsa20_key(uint32_t x[16], const uint8_t k[32])
{
    load32_le_words(x + 1, k, 4);
    load32_le_words(x + 11, k + 16, 4);
}

/* The Salsa20 input matrix but its words 6..9: the constant c on the diagonal, the key around
 * it. The callers put the 16-byte input in words 6..9. */
static void salsa20_setup(uint32_t x[16], const uint8_t k[32], const uint8_t c[16])
{
    salsa20_diagonal(x, c);
    salsa20_key(x, k);
}

/* lanes consecutive blocks (a constant after inlining: 1 or LANES) of the kernel contract in
 * salsa20.h. */
MICROSALT_INLINE void salsa20_lanes(uint8_t *c, const uint8_t *m, uint32_t x[16], unsigned lanes)
{
    /* The working state. Its address never escapes, so the compiler keeps it in (vector)
     * registers as it would sixteen scalar locals; like those it is not wiped, but the
     * keystream it held is only ever written xored into c. */
    uint32_t y[16][LANES];
    uint32_t w8[LANES], w9[LANES]; /* the lanes' words 8 and 9 */
    unsigned i, l;

    for (l = 0; l < lanes; l++) {
        w8[l] = x[8] + l;
        w9[l] = x[9] + ct_add_carry_u32(x[8], l);
    }
    for (i = 0; i < 16; i++) {
        for (l = 0; l < lanes; l++) {
            y[i][l] = x[i];
        }
    }
    for (l = 0; l < lanes; l++) {
        y[8][l] = w8[l];
        y[9][l] = w9[l];
    }
    for (i = 0; i < 10; i++) {
        /* column round */
        quarterround(y, 0, 4, 8, 12, lanes);
        quarterround(y, 5, 9, 13, 1, lanes);
        quarterround(y, 10, 14, 2, 6, lanes);
        quarterround(y, 15, 3, 7, 11, lanes);
        /* row round */
        quarterround(y, 0, 1, 2, 3, lanes);
        quarterround(y, 5, 6, 7, 4, lanes);
        quarterround(y, 10, 11, 8, 9, lanes);
        quarterround(y, 15, 12, 13, 14, lanes);
    }
    for (l = 0; l < lanes; l++) {
        for (i = 0; i < 16; i++) {
            uint32_t in = i == 8 ? w8[l] : i == 9 ? w9[l] : x[i];
            store32_le(c + 64 * l + 4 * i, load32_le(m + 64 * l + 4 * i) ^ (y[i][l] + in));
        }
    }
    x[9] += ct_add_carry_u32(x[8], lanes);
    x[8] += lanes;
}

void microsalt_salsa20_blocks_portable(uint8_t *c, const uint8_t *m, size_t nblocks,
                                       uint32_t x[16])
{
    /* The lanes side by side pay off only when their blocks are used; for one block, scalar
     * code takes about a third of their time on x86-64. */
    for (; LANES > 1 && nblocks >= LANES; nblocks -= LANES, c += 64 * LANES, m += 64 * LANES) {
        salsa20_lanes(c, m, x, LANES);
    }
    for (; nblocks > 0; nblocks--, c += 64, m += 64) {
        salsa20_lanes(c, m, x, 1);
    }
}

/* out = the Salsa20 core of the input matrix of (in, k, c): the kernel's keystream for one
 * block, xored into zeros. */
static void salsa20_core(uint8_t out[64], uint32_t x[16], const uint8_t in[16],
                         const uint8_t k[32], const uint8_t c[16])
{
    salsa20_setup(x, k, c);
    load32_le_words(x + 6, in, 4);
    memset(out, 0, 64);
    microsalt_salsa20_blocks(out, out, 1, x);
}

int crypto_core_salsa20(unsigned char *out, const unsigned char *in, const unsigned char *k,
                        const unsigned char *c)
{
    uint32_t x[16];
    salsa20_core(out, x, in, k, c);
    microsalt_wipe(x, sizeof x);
    return 0;
}

/* HSalsa20 of (in, k, c) as words (the XSalsa20 paper), its first half in lo and its second
 * in hi: the words of the Salsa20 rounds at the constant and input positions, without the
 * final addition (which would only add public values there); so the input that the core
 * added is subtracted again, taken from x and in (the kernel moved x's words 8 and 9 on).
 * x is the caller's, to reuse or wipe: the core's state, which holds k. lo and hi may be
 * x + 1 and x + 11, where XSalsa20's key goes: the core reads only x's diagonal afterwards. */
static void hsalsa20_words(uint32_t lo[4], uint32_t hi[4], uint32_t x[16], const uint8_t in[16],
                           const uint8_t k[32], const uint8_t c[16])
{
    uint8_t block[64];
    unsigned i;
    salsa20_core(block, x, in, k, c);
    load32_le_words(hi, block + 24, 4);
    for (i = 0; i < 4; i++) {
        lo[i] = load32_le(block + 20 * i) - x[5 * i];
        hi[i] -= load32_le(in + 4 * i);
    }
    microsalt_wipe(block, sizeof block);
}

int crypto_core_hsalsa20(unsigned char *out, const unsigned char *in, const unsigned char *k,
                         const unsigned char *c)
{
    uint32_t x[16], w[8];
    unsigned i;
    hsalsa20_words(w, w + 4, x, in, k, c);
    for (i = 0; i < 8; i++) {
        store32_le(out + 4 * i, w[i]);
    }
    microsalt_wipe(x, sizeof x);
    microsalt_wipe(w, sizeof w);
    return 0;
}

void microsalt_xsalsa20_setup(uint32_t x[16], const uint8_t n[24], const uint8_t k[32])
{
    /* HSalsa20's state leaves sigma on x's diagonal, where XSalsa20's goes. */
    hsalsa20_words(x + 1, x + 11, x, n, k, microsalt_salsa20_sigma);
    load32_le_words(x + 6, n + 16, 2);
    x[8] = x[9] = 0; /* block counter 0 */
}

void microsalt_salsa20_xor(uint8_t *c, const uint8_t *m, unsigned long long len, uint32_t x[16])
{
    /* The kernel takes a size_t count of blocks: 16 bits on AVR. */
    const size_t max_blocks = SIZE_MAX / 64;
    size_t rest = (size_t)(len & 63), blocks;
    unsigned long long full = len >> 6;

    if (m == NULL) {
        /* The keystream alone: xor it into zeros, in place. */
        memset(c, 0, (size_t)len);
        m = c;
    }
    while (full > 0) {
        blocks = full > max_blocks ? max_blocks : (size_t)full;
        microsalt_salsa20_blocks(c, m, blocks, x);
        c += 64 * blocks;
        m += 64 * blocks;
        full -= blocks;
    }
    if (rest > 0) {
        uint8_t block[64];
        memset(block, 0, sizeof block);
        memcpy(block, m, rest);
        microsalt_salsa20_blocks(block, block, 1, x);
        memcpy(c, block, rest);
        microsalt_wipe(block, sizeof block);
    }
}

/* crypto_stream_salsa20: c = m xor the keystream of k and the 8-byte nonce n from block 0, or
 * the bare keystream when m is NULL. */
static void salsa20_stream(uint8_t *c, const uint8_t *m, unsigned long long len,
                           const uint8_t *n, const uint8_t *k)
{
    uint32_t x[16];
    x[0] = MICROSALT_SIGMA0;
    x[5] = MICROSALT_SIGMA1;
    x[10] = MICROSALT_SIGMA2;
    x[15] = MICROSALT_SIGMA3;
    salsa20_key(x, k);
    load32_le_words(x + 6, n, 2);
    x[8] = x[9] = 0; /* block counter 0 */
    microsalt_salsa20_xor(c, m, len, x);
    microsalt_wipe_words(x, 16);
}

int crypto_stream_salsa20(unsigned char *c, unsigned long long clen, const unsigned char *n,
                          const unsigned char *k)
{
    salsa20_stream(c, NULL, clen, n, k);
    return 0;
}

int crypto_stream_salsa20_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                              const unsigned char *n, const unsigned char *k)
{
    salsa20_stream(c, m, mlen, n, k);
    return 0;
}
