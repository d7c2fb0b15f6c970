/*
 * Salsa20/20 (Bernstein, "Salsa20 specification"): crypto_core_salsa20, crypto_core_hsalsa20
 * and the crypto_stream_salsa20 keystream (8-byte nonce, 64-bit little-endian block counter
 * from 0). Only additions, xors and fixed rotations touch the data: constant time as written.
 * On x86-64 hosts with AVX2 the keystream's batches of eight blocks come from the kernel in
 * src/arch/x86_64/salsa20.c and this code does the rest: a last block, and everything in
 * MICROSALT_PORTABLE builds.
 */
#include "common.h"
#include "salsa20.h"
#include "kernels.h"

const unsigned char microsalt_salsa20_sigma[16] = {'e', 'x', 'p', 'a', 'n', 'd', ' ', '3',
                                                   '2', '-', 'b', 'y', 't', 'e', ' ', 'k'};

/* Keystream blocks computed side by side. On 64-bit hosts four: every operation of the rounds
 * is the same on each lane, in a loop over the lanes that compilers turn into SIMD
 * instructions (gcc -O2 uses SSE2 on x86-64, about 2.3 times the speed of one block at a
 * time). On the microcontrollers one: the lane loops vanish and the state stays in registers
 * as far as the target allows. */
#if UINTPTR_MAX > 0xFFFFFFFFu
#define LANES 4
#else
#define LANES 1
#endif

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

/* The Salsa20 input matrix: the constant c on the diagonal, the key around it and the 16-byte
 * input in words 6..9 (for the stream: nonce, then the block counter). */
static void salsa20_setup(uint32_t x[16], const uint8_t in[16], const uint8_t k[32],
                          const uint8_t c[16])
{
    unsigned i;
    for (i = 0; i < 4; i++) {
        x[5 * i] = load32_le(c + 4 * i);
        x[1 + i] = load32_le(k + 4 * i);
        x[6 + i] = load32_le(in + 4 * i);
        x[11 + i] = load32_le(k + 16 + 4 * i);
    }
}

/* out[.][l] = the Salsa20 core (20 rounds, then the input added) of x with the 64-bit number
 * in words 8 (low) and 9 advanced by l, for l < lanes: consecutive keystream blocks; lane 0 is
 * x's. lanes is a constant after inlining, 1 or LANES. */
MICROSALT_INLINE void salsa20_core(uint32_t out[16][LANES], const uint32_t x[16], unsigned lanes)
{
    /* The working state. Its address never escapes, so the compiler keeps it in (vector)
     * registers as it would sixteen scalar locals; like those it cannot be wiped, but out,
     * which holds the same secrets, is wiped by the callers. */
    uint32_t y[16][LANES];
    uint32_t w8[LANES], w9[LANES]; /* the lanes' words 8 and 9 */
    unsigned i, l;

    for (l = 0; l < lanes; l++) {
        w8[l] = x[8] + l;
        /* The carry out of word 8. Only the stream uses lanes above 0, and there words 8
         * and 9 are the public block counter. */
        w9[l] = x[9] + (uint32_t)(w8[l] < l);
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
    for (i = 0; i < 16; i++) {
        for (l = 0; l < lanes; l++) {
            out[i][l] = y[i][l] + x[i];
        }
    }
    for (l = 0; l < lanes; l++) {
        out[8][l] = y[8][l] + w8[l];
        out[9][l] = y[9][l] + w9[l];
    }
}

/* All LANES blocks. */
static void salsa20_blocks(uint32_t out[16][LANES], const uint32_t x[16])
{
    salsa20_core(out, x, LANES);
}

#if LANES > 1
/* Lane 0 alone, for single blocks (the cores, a stream's last block): the lanes side by
 * side pay off only when their blocks are used; for one block, scalar code takes about a
 * third of their time on x86-64. */
static void salsa20_block(uint32_t out[16][LANES], const uint32_t x[16])
{
    salsa20_core(out, x, 1);
}
#else
#define salsa20_block salsa20_blocks
#endif

int crypto_core_salsa20(unsigned char *out, const unsigned char *in, const unsigned char *k,
                        const unsigned char *c)
{
    uint32_t x[16], y[16][LANES];
    unsigned i;
    salsa20_setup(x, in, k, c);
    salsa20_block(y, x);
    for (i = 0; i < 16; i++) {
        store32_le(out + 4 * i, y[i][0]);
    }
    microsalt_wipe(x, sizeof x);
    microsalt_wipe(y, sizeof y);
    return 0;
}

/* HSalsa20 (the XSalsa20 paper): the words of the Salsa20 rounds at the constant and input
 * positions, without the final addition (which would only add public values there); so the
 * input that salsa20_block added is subtracted again. */
int crypto_core_hsalsa20(unsigned char *out, const unsigned char *in, const unsigned char *k,
                         const unsigned char *c)
{
    uint32_t x[16], y[16][LANES];
    unsigned i;
    salsa20_setup(x, in, k, c);
    salsa20_block(y, x);
    for (i = 0; i < 4; i++) {
        store32_le(out + 4 * i, y[5 * i][0] - x[5 * i]);
        store32_le(out + 16 + 4 * i, y[6 + i][0] - x[6 + i]);
    }
    microsalt_wipe(x, sizeof x);
    microsalt_wipe(y, sizeof y);
    return 0;
}

/* c = m xor keystream, or the bare keystream when m is NULL. c == m is allowed: every word
 * of m is read before the same word of c is written. */
static void salsa20_xor(uint8_t *c, const uint8_t *m, unsigned long long len, const uint8_t *n,
                        const uint8_t *k)
{
    uint32_t x[16], y[16][LANES];
    uint8_t block[64];
    unsigned i, l;

    memcpy(block, n, 8);
    memset(block + 8, 0, 8); /* block counter 0 */
    salsa20_setup(x, block, k, microsalt_salsa20_sigma);
#ifdef MICROSALT_X86_64
    if (len > 64 && microsalt_x86_64_avx2()) {
        unsigned long long done = microsalt_salsa20_xor_avx2(c, m, len, x);
        c += done;
        if (m != NULL) {
            m += done;
        }
        len -= done;
    }
#endif
    while (len > 0) {
        /* The lanes whose blocks are used; the last block may be partial. */
        unsigned used = LANES;
        if (len < (unsigned long long)64 * LANES) {
            used = (unsigned)((len + 63) >> 6);
        }
        if (used > 1) {
            salsa20_blocks(y, x);
        } else {
            salsa20_block(y, x);
        }
        for (l = 0; l < used && len >= 64; l++, len -= 64, c += 64) {
            for (i = 0; i < 16; i++) {
                uint32_t w = y[i][l];
                if (m != NULL) {
                    w ^= load32_le(m + 4 * i);
                }
                store32_le(c + 4 * i, w);
            }
            if (m != NULL) {
                m += 64;
            }
        }
        if (l < used) {
            /* The last, partial block. */
            for (i = 0; i < 16; i++) {
                store32_le(block + 4 * i, y[i][l]);
            }
            for (i = 0; i < (unsigned)len; i++) {
                c[i] = (uint8_t)(block[i] ^ (m != NULL ? m[i] : 0));
            }
            len = 0;
        }
        /* The 64-bit block counter in words 8 (low) and 9; block numbers are public. */
        x[8] += LANES;
        x[9] += (uint32_t)(x[8] < LANES);
    }
    microsalt_wipe(x, sizeof x);
    microsalt_wipe(y, sizeof y);
    microsalt_wipe(block, sizeof block);
}

int crypto_stream_salsa20(unsigned char *c, unsigned long long clen, const unsigned char *n,
                          const unsigned char *k)
{
    salsa20_xor(c, NULL, clen, n, k);
    return 0;
}

int crypto_stream_salsa20_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                              const unsigned char *n, const unsigned char *k)
{
    salsa20_xor(c, m, mlen, n, k);
    return 0;
}
