/*
 * ChaCha20 (RFC 8439 and the original 64-bit-nonce variant), HChaCha20 and XChaCha20, with
 * libsodium's names and semantics:
 *  - crypto_stream_chacha20*: 8-byte nonce, 64-bit block counter (words 12, 13);
 *  - crypto_stream_chacha20_ietf*: 12-byte nonce, 32-bit block counter (word 12); a request
 *    that would run the counter past 2^32 - 1 is refused with -1, never wrapped;
 *  - crypto_core_hchacha20 and crypto_stream_xchacha20*: HChaCha20 of the first 16 nonce bytes
 *    gives a subkey for the 64-bit-counter ChaCha20 with the last 8 nonce bytes.
 * Only additions, xors and fixed rotations touch the data: constant time as written. The block
 * kernel is src/arch/<arch>/chacha.S where one exists (chacha20.h), else the C below.
 */
#include "common.h"
#include "chacha20.h"
#include "salsa20.h"

/* Blocks side by side (common.h). */
#define LANES MICROSALT_LANES

MICROSALT_INLINE void quarterround(uint32_t y[16][LANES], unsigned a, unsigned b, unsigned c,
                                   unsigned d, unsigned lanes)
{
    unsigned l;
    for (l = 0; l < lanes; l++) {
        y[a][l] += y[b][l];
        y[d][l] = rotl32(y[d][l] ^ y[a][l], 16);
        y[c][l] += y[d][l];
        y[b][l] = rotl32(y[b][l] ^ y[c][l], 12);
        y[a][l] += y[b][l];
        y[d][l] = rotl32(y[d][l] ^ y[a][l], 8);
        y[c][l] += y[d][l];
        y[b][l] = rotl32(y[b][l] ^ y[c][l], 7);
    }
}

/* lanes consecutive blocks (a constant after inlining: 1 or LANES) of the kernel contract in
 * chacha20.h. */
MICROSALT_INLINE void chacha_lanes(uint8_t *c, const uint8_t *m, uint32_t x[16],
                                   unsigned rounds, unsigned lanes)
{
    /* The working state: its address never escapes, so the compiler keeps what it can in
     * (vector) registers; like other locals it is not wiped, but the keystream it held is
     * only ever written xored into c. */
    uint32_t y[16][LANES], w12[LANES], w13[LANES];
    unsigned i, l, r;

    for (l = 0; l < lanes; l++) {
        w12[l] = x[12] + l;
        w13[l] = x[13] + ct_add_carry_u32(x[12], l);
    }
    for (i = 0; i < 16; i++) {
        for (l = 0; l < lanes; l++) y[i][l] = x[i];
    }
    for (l = 0; l < lanes; l++) {
        y[12][l] = w12[l];
        y[13][l] = w13[l];
    }
    for (r = 0; r < rounds; r += 2) {
        quarterround(y, 0, 4, 8, 12, lanes); /* columns */
        quarterround(y, 1, 5, 9, 13, lanes);
        quarterround(y, 2, 6, 10, 14, lanes);
        quarterround(y, 3, 7, 11, 15, lanes);
        quarterround(y, 0, 5, 10, 15, lanes); /* diagonals */
        quarterround(y, 1, 6, 11, 12, lanes);
        quarterround(y, 2, 7, 8, 13, lanes);
        quarterround(y, 3, 4, 9, 14, lanes);
    }
    for (l = 0; l < lanes; l++) {
        for (i = 0; i < 16; i++) {
            uint32_t in = i == 12 ? w12[l] : i == 13 ? w13[l] : x[i];
            store32_le(c + 64 * l + 4 * i, load32_le(m + 64 * l + 4 * i) ^ (y[i][l] + in));
        }
    }
    x[13] += ct_add_carry_u32(x[12], lanes);
    x[12] += lanes;
}

void microsalt_chacha_blocks_portable(uint8_t *c, const uint8_t *m, size_t nblocks,
                                      uint32_t x[16], unsigned rounds)
{
    for (; LANES > 1 && nblocks >= LANES; nblocks -= LANES, c += 64 * LANES, m += 64 * LANES) {
        chacha_lanes(c, m, x, rounds, LANES);
    }
    for (; nblocks > 0; nblocks--, c += 64, m += 64) {
        chacha_lanes(c, m, x, rounds, 1);
    }
}

void microsalt_chacha_setup(uint32_t x[16], const uint8_t k[32], const uint8_t *c)
{
    if (c != NULL) {
        load32_le_words(x, c, 4);
    } else {
        x[0] = MICROSALT_SIGMA0;
        x[1] = MICROSALT_SIGMA1;
        x[2] = MICROSALT_SIGMA2;
        x[3] = MICROSALT_SIGMA3;
    }
    load32_le_words(x + 4, k, 8);
}

void microsalt_chacha20_xor(uint8_t *c, const uint8_t *m, unsigned long long len, uint32_t x[16])
{
    /* The kernel takes a size_t count of blocks: 16 bits on AVR. */
    const size_t max_blocks = SIZE_MAX / 64;
    uint8_t last[64];
    size_t rest = (size_t)(len & 63), n;
    unsigned long long full = len >> 6;

    if (m == NULL) {
        /* The keystream alone: xor it into zeros, in place. */
        memset(c, 0, (size_t)len);
        m = c;
    }
    while (full > 0) {
        n = full > max_blocks ? max_blocks : (size_t)full;
        microsalt_chacha_blocks(c, m, n, x, 20);
        c += 64 * n;
        m += 64 * n;
        full -= n;
    }
    if (rest > 0) {
        memset(last, 0, sizeof last);
        memcpy(last, m, rest);
        microsalt_chacha_blocks(last, last, 1, x, 20);
        memcpy(c, last, rest);
        microsalt_wipe(last, sizeof last);
    }
}

void microsalt_hchacha20(uint8_t out[32], const uint8_t in[16], const uint8_t k[32],
                        const uint8_t *c)
{
    /* The kernel adds the input to the rounds' output; HChaCha20 wants the rounds' output
     * alone, so the input is subtracted again from the words it keeps. */
    uint32_t x[16], y[16];
    uint8_t block[64];
    unsigned i;

    microsalt_chacha_setup(x, k, c);
    load32_le_words(x + 12, in, 4);
    memcpy(y, x, sizeof y);
    memset(block, 0, sizeof block);
    microsalt_chacha_blocks(block, block, 1, y, 20);
    for (i = 0; i < 4; i++) {
        store32_le(out + 4 * i, load32_le(block + 4 * i) - x[i]);
        store32_le(out + 16 + 4 * i, load32_le(block + 48 + 4 * i) - x[12 + i]);
    }
    microsalt_wipe(x, sizeof x);
    microsalt_wipe(y, sizeof y);
    microsalt_wipe(block, sizeof block);
}

/* ---- crypto_stream_chacha20: 8-byte nonce, 64-bit counter --------------------------------- */

static void setup_djb(uint32_t x[16], const uint8_t n[8], uint64_t ic, const uint8_t k[32])
{
    microsalt_chacha_setup(x, k, NULL);
    x[12] = (uint32_t)ic;
    x[13] = (uint32_t)(ic >> 32);
    load32_le_words(x + 14, n, 2);
}

int crypto_stream_chacha20_xor_ic(unsigned char *c, const unsigned char *m,
                                  unsigned long long mlen, const unsigned char *n, uint64_t ic,
                                  const unsigned char *k)
{
    uint32_t x[16];
    setup_djb(x, n, ic, k);
    microsalt_chacha20_xor(c, m, mlen, x);
    microsalt_wipe(x, sizeof x);
    return 0;
}

int crypto_stream_chacha20_xor(unsigned char *c, const unsigned char *m, unsigned long long mlen,
                               const unsigned char *n, const unsigned char *k)
{
    return crypto_stream_chacha20_xor_ic(c, m, mlen, n, 0, k);
}

int crypto_stream_chacha20(unsigned char *c, unsigned long long clen, const unsigned char *n,
                           const unsigned char *k)
{
    return crypto_stream_chacha20_xor_ic(c, NULL, clen, n, 0, k);
}

/* ---- crypto_stream_chacha20_ietf: 12-byte nonce, 32-bit counter --------------------------- */

int crypto_stream_chacha20_ietf_xor_ic(unsigned char *c, const unsigned char *m,
                                       unsigned long long mlen, const unsigned char *n,
                                       uint32_t ic, const unsigned char *k)
{
    uint32_t x[16];
    /* Blocks ic .. 2^32 - 1 remain: refuse anything longer rather than wrap to block 0. */
    if ((mlen >> 6) + ((mlen & 63) != 0) > (uint64_t)0x100000000u - ic) return -1;
    microsalt_chacha_setup(x, k, NULL);
    x[12] = ic;
    load32_le_words(x + 13, n, 3);
    microsalt_chacha20_xor(c, m, mlen, x);
    microsalt_wipe(x, sizeof x);
    return 0;
}

int crypto_stream_chacha20_ietf_xor(unsigned char *c, const unsigned char *m,
                                    unsigned long long mlen, const unsigned char *n,
                                    const unsigned char *k)
{
    return crypto_stream_chacha20_ietf_xor_ic(c, m, mlen, n, 0, k);
}

int crypto_stream_chacha20_ietf(unsigned char *c, unsigned long long clen, const unsigned char *n,
                                const unsigned char *k)
{
    return crypto_stream_chacha20_ietf_xor_ic(c, NULL, clen, n, 0, k);
}

/* ---- HChaCha20 and XChaCha20 --------------------------------------------------------------- */

int crypto_core_hchacha20(unsigned char *out, const unsigned char *in, const unsigned char *k,
                          const unsigned char *c)
{
    microsalt_hchacha20(out, in, k, c);
    return 0;
}

int crypto_stream_xchacha20_xor_ic(unsigned char *c, const unsigned char *m,
                                   unsigned long long mlen, const unsigned char *n, uint64_t ic,
                                   const unsigned char *k)
{
    uint8_t subkey[32];
    microsalt_hchacha20(subkey, n, k, NULL);
    crypto_stream_chacha20_xor_ic(c, m, mlen, n + 16, ic, subkey);
    microsalt_wipe(subkey, sizeof subkey);
    return 0;
}

int crypto_stream_xchacha20_xor(unsigned char *c, const unsigned char *m,
                                unsigned long long mlen, const unsigned char *n,
                                const unsigned char *k)
{
    return crypto_stream_xchacha20_xor_ic(c, m, mlen, n, 0, k);
}

int crypto_stream_xchacha20(unsigned char *c, unsigned long long clen, const unsigned char *n,
                            const unsigned char *k)
{
    return crypto_stream_xchacha20_xor_ic(c, NULL, clen, n, 0, k);
}
