/*
 * SHA-512 (FIPS 180-4): the block kernel's portable twin (sha512.h), crypto_hashblocks,
 * crypto_hash and the incremental interface of sha512.h. Only public lengths steer control
 * flow; the data never does.
 */
#include "common.h"
#include "sha512.h"

/* The first 64 bits of the fractional parts of the cube roots of the first 80 primes. */
static const uint64_t K[80] MICROSALT_FLASH = {
    0x428a2f98d728ae22ULL, 0x7137449123ef65cdULL, 0xb5c0fbcfec4d3b2fULL, 0xe9b5dba58189dbbcULL,
    0x3956c25bf348b538ULL, 0x59f111f1b605d019ULL, 0x923f82a4af194f9bULL, 0xab1c5ed5da6d8118ULL,
    0xd807aa98a3030242ULL, 0x12835b0145706fbeULL, 0x243185be4ee4b28cULL, 0x550c7dc3d5ffb4e2ULL,
    0x72be5d74f27b896fULL, 0x80deb1fe3b1696b1ULL, 0x9bdc06a725c71235ULL, 0xc19bf174cf692694ULL,
    0xe49b69c19ef14ad2ULL, 0xefbe4786384f25e3ULL, 0x0fc19dc68b8cd5b5ULL, 0x240ca1cc77ac9c65ULL,
    0x2de92c6f592b0275ULL, 0x4a7484aa6ea6e483ULL, 0x5cb0a9dcbd41fbd4ULL, 0x76f988da831153b5ULL,
    0x983e5152ee66dfabULL, 0xa831c66d2db43210ULL, 0xb00327c898fb213fULL, 0xbf597fc7beef0ee4ULL,
    0xc6e00bf33da88fc2ULL, 0xd5a79147930aa725ULL, 0x06ca6351e003826fULL, 0x142929670a0e6e70ULL,
    0x27b70a8546d22ffcULL, 0x2e1b21385c26c926ULL, 0x4d2c6dfc5ac42aedULL, 0x53380d139d95b3dfULL,
    0x650a73548baf63deULL, 0x766a0abb3c77b2a8ULL, 0x81c2c92e47edaee6ULL, 0x92722c851482353bULL,
    0xa2bfe8a14cf10364ULL, 0xa81a664bbc423001ULL, 0xc24b8b70d0f89791ULL, 0xc76c51a30654be30ULL,
    0xd192e819d6ef5218ULL, 0xd69906245565a910ULL, 0xf40e35855771202aULL, 0x106aa07032bbd1b8ULL,
    0x19a4c116b8d2d0c8ULL, 0x1e376c085141ab53ULL, 0x2748774cdf8eeb99ULL, 0x34b0bcb5e19b48a8ULL,
    0x391c0cb3c5c95a63ULL, 0x4ed8aa4ae3418acbULL, 0x5b9cca4f7763e373ULL, 0x682e6ff3d6b2b8a3ULL,
    0x748f82ee5defb2fcULL, 0x78a5636f43172f60ULL, 0x84c87814a1f0ab72ULL, 0x8cc702081a6439ecULL,
    0x90befffa23631e28ULL, 0xa4506cebde82bde9ULL, 0xbef9a3f7b2c67915ULL, 0xc67178f2e372532bULL,
    0xca273eceea26619cULL, 0xd186b8c721c0c207ULL, 0xeada7dd6cde0eb1eULL, 0xf57d4f7fee6ed178ULL,
    0x06f067aa72176fbaULL, 0x0a637dc5a2c898a6ULL, 0x113f9804bef90daeULL, 0x1b710b35131c471bULL,
    0x28db77f523047d84ULL, 0x32caab7b40c72493ULL, 0x3c9ebe0a15c9bebcULL, 0x431d67c49c100d4cULL,
    0x4cc5d4becb3e42b6ULL, 0x597f299cfc657e2aULL, 0x5fcb6fab3ad6faecULL, 0x6c44198c4a475817ULL,
};

/* The first 64 bits of the fractional parts of the square roots of the first 8 primes. */
static const uint64_t IV[8] MICROSALT_FLASH = {
    0x6a09e667f3bcc908ULL, 0xbb67ae8584caa73bULL, 0x3c6ef372fe94f82bULL, 0xa54ff53a5f1d36f1ULL,
    0x510e527fade682d1ULL, 0x9b05688c2b3e6c1fULL, 0x1f83d9abfb41bd6bULL, 0x5be0cd19137e2179ULL,
};

MICROSALT_INLINE uint64_t rotr64(uint64_t x, unsigned n)
{
    return (x >> n) | (x << (64 - n));
}

#define BSIG0(x) (rotr64((x), 28) ^ rotr64((x), 34) ^ rotr64((x), 39))
#define BSIG1(x) (rotr64((x), 14) ^ rotr64((x), 18) ^ rotr64((x), 41))
#define SSIG0(x) (rotr64((x), 1) ^ rotr64((x), 8) ^ ((x) >> 7))
#define SSIG1(x) (rotr64((x), 19) ^ rotr64((x), 61) ^ ((x) >> 6))
#define CH(x, y, z) ((((y) ^ (z)) & (x)) ^ (z))
#define MAJ(x, y, z) (((x) & ((y) | (z))) | ((y) & (z)))

/* The working variables a..h are v[0..7] at round 0; round r moves each role one place, so
 * role j (0 for a, ..., 7 for h) of round r is v[(j - r) mod 8], and the values never move.
 * p8 = r mod 8; p16 = r mod 16 is the ring slot of W[r]. With constant p8 and p16 (unrolled
 * code) the compiler keeps v in registers. */
#define V(j, p8) v[((j) - (p8)) & 7]
#define ROUND(p8, p16, r)                                                                   \
    do {                                                                                    \
        uint64_t t1_ = V(7, p8) + BSIG1(V(4, p8)) + CH(V(4, p8), V(5, p8), V(6, p8)) +      \
                       flash_u64(&K[r]) + w[p16];                                            \
        V(3, p8) += t1_;                                                                    \
        V(7, p8) = t1_ + BSIG0(V(0, p8)) + MAJ(V(0, p8), V(1, p8), V(2, p8));               \
    } while (0)
/* W[r] for r >= 16 replaces W[r - 16] in ring slot p16 = r mod 16. */
#define EXPAND(p16)                                                                         \
    (w[(p16)] += SSIG1(w[((p16) + 14) & 15]) + w[((p16) + 9) & 15] +                        \
                 SSIG0(w[((p16) + 1) & 15]))

void microsalt_sha512_blocks_portable(uint64_t s[8], const uint8_t *in, size_t nblocks)
{
    uint64_t w[16]; /* the message schedule as a ring of the last 16 words */
    uint64_t v[8];
    /* Counted in 64 bits: avr-gcc then keeps the count in the frame, not in registers the
     * rounds want (a 16-bit count costs 1.4% on the ATmega2560). */
    unsigned long long left = nblocks;
    unsigned r;

    for (; left > 0; left--, in += 128) {
        for (r = 0; r < 16; r++) {
            w[r] = load64_be(in + 8 * r);
        }
        memcpy(v, s, sizeof v);
#if UINTPTR_MAX > 0xFFFFFFFFu
        /* 64-bit machines: sixteen rounds per iteration make every index a constant. */
        for (r = 0; r < 80; r += 16) {
            if (r > 0) {
                EXPAND(0); EXPAND(1); EXPAND(2); EXPAND(3);
                EXPAND(4); EXPAND(5); EXPAND(6); EXPAND(7);
                EXPAND(8); EXPAND(9); EXPAND(10); EXPAND(11);
                EXPAND(12); EXPAND(13); EXPAND(14); EXPAND(15);
            }
            ROUND(0, 0, r);
            ROUND(1, 1, r + 1);
            ROUND(2, 2, r + 2);
            ROUND(3, 3, r + 3);
            ROUND(4, 4, r + 4);
            ROUND(5, 5, r + 5);
            ROUND(6, 6, r + 6);
            ROUND(7, 7, r + 7);
            ROUND(0, 8, r + 8);
            ROUND(1, 9, r + 9);
            ROUND(2, 10, r + 10);
            ROUND(3, 11, r + 11);
            ROUND(4, 12, r + 12);
            ROUND(5, 13, r + 13);
            ROUND(6, 14, r + 14);
            ROUND(7, 15, r + 15);
        }
#else
        /* 8- and 32-bit targets hold few 64-bit words in registers anyway: one round per
         * iteration keeps the code small (AVR: about 8 KB instead of 29 KB unrolled). */
        for (r = 0; r < 80; r++) {
            if (r >= 16) {
                EXPAND(r & 15);
            }
            ROUND(r, r & 15, r);
        }
#endif
        for (r = 0; r < 8; r++) {
            s[r] += v[r];
        }
    }
    microsalt_wipe(w, sizeof w);
    microsalt_wipe(v, sizeof v);
}

int crypto_hashblocks(unsigned char *statebytes, const unsigned char *in,
                      unsigned long long inlen)
{
    uint64_t s[8];
    unsigned i;
    for (i = 0; i < 8; i++) {
        s[i] = load64_be(statebytes + 8 * i);
    }
    /* A buffer the address space holds has fewer blocks than size_t counts. */
    microsalt_sha512_blocks(s, in, (size_t)(inlen >> 7));
    for (i = 0; i < 8; i++) {
        store64_be(statebytes + 8 * i, s[i]);
    }
    microsalt_wipe(s, sizeof s); /* an HMAC state is key material */
    return (int)(inlen & 127);
}

void microsalt_sha512_init(microsalt_sha512_ctx *ctx)
{
    flash_read(ctx->state, IV, sizeof IV);
    ctx->total = 0;
}

void microsalt_sha512_update(microsalt_sha512_ctx *ctx, const uint8_t *in,
                             unsigned long long len)
{
    size_t used = (size_t)(ctx->total & 127);

    if (len == 0) {
        return; /* in may be NULL */
    }
    ctx->total += len;
    if (used > 0) {
        size_t take = 128 - used;
        if (len < take) {
            memcpy(ctx->buf + used, in, (size_t)len);
            return;
        }
        memcpy(ctx->buf + used, in, take);
        microsalt_sha512_blocks(ctx->state, ctx->buf, 1);
        in += take;
        len -= take;
    }
    microsalt_sha512_blocks(ctx->state, in, (size_t)(len >> 7));
    memcpy(ctx->buf, in + (size_t)(len - (len & 127)), (size_t)(len & 127));
}

void microsalt_sha512_final(microsalt_sha512_ctx *ctx, uint8_t out[64])
{
    size_t used = (size_t)(ctx->total & 127);
    unsigned i;

    ctx->buf[used++] = 0x80;
    if (used > 112) {
        /* No room left for the 16-byte length: it goes into one more block. */
        memset(ctx->buf + used, 0, 128 - used);
        microsalt_sha512_blocks(ctx->state, ctx->buf, 1);
        used = 0;
    }
    memset(ctx->buf + used, 0, 112 - used);
    /* The 128-bit big-endian bit count, bytes * 8. */
    store64_be(ctx->buf + 112, ctx->total >> 61);
    store64_be(ctx->buf + 120, ctx->total << 3);
    microsalt_sha512_blocks(ctx->state, ctx->buf, 1);
    for (i = 0; i < 8; i++) {
        store64_be(out + 8 * i, ctx->state[i]);
    }
    microsalt_wipe(ctx, sizeof *ctx);
}

int crypto_hash(unsigned char *out, const unsigned char *m, unsigned long long mlen)
{
    microsalt_sha512_ctx ctx;
    microsalt_sha512_init(&ctx);
    microsalt_sha512_update(&ctx, m, mlen);
    microsalt_sha512_final(&ctx, out);
    return 0;
}
