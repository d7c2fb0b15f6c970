/* ntrulpr761: AES-256 for the public seed (Generator). */
#include "ntrulpr761_internal.h"

/* ======================================================================================
 * AES-256 in counter mode: Expand(k) = the first 4p bytes of AES-256-CTR under key k with
 * a zero 16-byte initial counter block, incremented as a 128-bit big-endian integer. Expand
 * needs blocks 0..190, so only the last byte of a counter block is ever nonzero.
 *
 * Two implementations:
 *  - a table-based one (lookups indexed by state bytes) for the generator, whose key is the
 *    public seed S: every value it handles is public (the coefficients of G are part of what
 *    anyone can compute from pk), so data-dependent table indices leak nothing;
 *  - a bitsliced constant-time one for HashShort, whose key Hash5(r) is derived from the
 *    secret plaintext r: no table lookups, no branches on data.
 * Both hold a column of the state (or of a round key) as a little-endian word: row r in bits
 * 8r..8r+7.
 * ====================================================================================== */

typedef char aes_ctr_in_last_byte[NBLOCKS <= 256 ? 1 : -1];

/* ---- Table-based AES-256 (public keys and data only). ---------------------------------
 * aes_te[x] is the column MixColumns makes of S(x) standing in row 0: (2 S(x), S(x), S(x),
 * 3 S(x)). Standing in row r it makes that column rotated left by 8r bits, so one 1 KB table
 * serves all four rows (a rotated operand costs nothing on ARM), and bytes 1 and 2 of an entry
 * are S(x) itself, for the last round and the key schedule. In flash on AVR. */
static const uint32_t aes_te[256] MICROSALT_FLASH = {
    0xa56363c6, 0x847c7cf8, 0x997777ee, 0x8d7b7bf6, 0x0df2f2ff, 0xbd6b6bd6,
    0xb16f6fde, 0x54c5c591, 0x50303060, 0x03010102, 0xa96767ce, 0x7d2b2b56,
    0x19fefee7, 0x62d7d7b5, 0xe6abab4d, 0x9a7676ec, 0x45caca8f, 0x9d82821f,
    0x40c9c989, 0x877d7dfa, 0x15fafaef, 0xeb5959b2, 0xc947478e, 0x0bf0f0fb,
    0xecadad41, 0x67d4d4b3, 0xfda2a25f, 0xeaafaf45, 0xbf9c9c23, 0xf7a4a453,
    0x967272e4, 0x5bc0c09b, 0xc2b7b775, 0x1cfdfde1, 0xae93933d, 0x6a26264c,
    0x5a36366c, 0x413f3f7e, 0x02f7f7f5, 0x4fcccc83, 0x5c343468, 0xf4a5a551,
    0x34e5e5d1, 0x08f1f1f9, 0x937171e2, 0x73d8d8ab, 0x53313162, 0x3f15152a,
    0x0c040408, 0x52c7c795, 0x65232346, 0x5ec3c39d, 0x28181830, 0xa1969637,
    0x0f05050a, 0xb59a9a2f, 0x0907070e, 0x36121224, 0x9b80801b, 0x3de2e2df,
    0x26ebebcd, 0x6927274e, 0xcdb2b27f, 0x9f7575ea, 0x1b090912, 0x9e83831d,
    0x742c2c58, 0x2e1a1a34, 0x2d1b1b36, 0xb26e6edc, 0xee5a5ab4, 0xfba0a05b,
    0xf65252a4, 0x4d3b3b76, 0x61d6d6b7, 0xceb3b37d, 0x7b292952, 0x3ee3e3dd,
    0x712f2f5e, 0x97848413, 0xf55353a6, 0x68d1d1b9, 0x00000000, 0x2cededc1,
    0x60202040, 0x1ffcfce3, 0xc8b1b179, 0xed5b5bb6, 0xbe6a6ad4, 0x46cbcb8d,
    0xd9bebe67, 0x4b393972, 0xde4a4a94, 0xd44c4c98, 0xe85858b0, 0x4acfcf85,
    0x6bd0d0bb, 0x2aefefc5, 0xe5aaaa4f, 0x16fbfbed, 0xc5434386, 0xd74d4d9a,
    0x55333366, 0x94858511, 0xcf45458a, 0x10f9f9e9, 0x06020204, 0x817f7ffe,
    0xf05050a0, 0x443c3c78, 0xba9f9f25, 0xe3a8a84b, 0xf35151a2, 0xfea3a35d,
    0xc0404080, 0x8a8f8f05, 0xad92923f, 0xbc9d9d21, 0x48383870, 0x04f5f5f1,
    0xdfbcbc63, 0xc1b6b677, 0x75dadaaf, 0x63212142, 0x30101020, 0x1affffe5,
    0x0ef3f3fd, 0x6dd2d2bf, 0x4ccdcd81, 0x140c0c18, 0x35131326, 0x2fececc3,
    0xe15f5fbe, 0xa2979735, 0xcc444488, 0x3917172e, 0x57c4c493, 0xf2a7a755,
    0x827e7efc, 0x473d3d7a, 0xac6464c8, 0xe75d5dba, 0x2b191932, 0x957373e6,
    0xa06060c0, 0x98818119, 0xd14f4f9e, 0x7fdcdca3, 0x66222244, 0x7e2a2a54,
    0xab90903b, 0x8388880b, 0xca46468c, 0x29eeeec7, 0xd3b8b86b, 0x3c141428,
    0x79dedea7, 0xe25e5ebc, 0x1d0b0b16, 0x76dbdbad, 0x3be0e0db, 0x56323264,
    0x4e3a3a74, 0x1e0a0a14, 0xdb494992, 0x0a06060c, 0x6c242448, 0xe45c5cb8,
    0x5dc2c29f, 0x6ed3d3bd, 0xefacac43, 0xa66262c4, 0xa8919139, 0xa4959531,
    0x37e4e4d3, 0x8b7979f2, 0x32e7e7d5, 0x43c8c88b, 0x5937376e, 0xb76d6dda,
    0x8c8d8d01, 0x64d5d5b1, 0xd24e4e9c, 0xe0a9a949, 0xb46c6cd8, 0xfa5656ac,
    0x07f4f4f3, 0x25eaeacf, 0xaf6565ca, 0x8e7a7af4, 0xe9aeae47, 0x18080810,
    0xd5baba6f, 0x887878f0, 0x6f25254a, 0x722e2e5c, 0x241c1c38, 0xf1a6a657,
    0xc7b4b473, 0x51c6c697, 0x23e8e8cb, 0x7cdddda1, 0x9c7474e8, 0x211f1f3e,
    0xdd4b4b96, 0xdcbdbd61, 0x868b8b0d, 0x858a8a0f, 0x907070e0, 0x423e3e7c,
    0xc4b5b571, 0xaa6666cc, 0xd8484890, 0x05030306, 0x01f6f6f7, 0x120e0e1c,
    0xa36161c2, 0x5f35356a, 0xf95757ae, 0xd0b9b969, 0x91868617, 0x58c1c199,
    0x271d1d3a, 0xb99e9e27, 0x38e1e1d9, 0x13f8f8eb, 0xb398982b, 0x33111122,
    0xbb6969d2, 0x70d9d9a9, 0x898e8e07, 0xa7949433, 0xb69b9b2d, 0x221e1e3c,
    0x92878715, 0x20e9e9c9, 0x49cece87, 0xff5555aa, 0x78282850, 0x7adfdfa5,
    0x8f8c8c03, 0xf8a1a159, 0x80898909, 0x170d0d1a, 0xdabfbf65, 0x31e6e6d7,
    0xc6424284, 0xb86868d0, 0xc3414182, 0xb0999929, 0x772d2d5a, 0x110f0f1e,
    0xcbb0b07b, 0xfc5454a8, 0xd6bbbb6d, 0x3a16162c,
};

MICROSALT_INLINE uint32_t te(uint32_t x) /* x < 256 */
{
    return flash_u32(&aes_te[x]);
}

/* A column of a full round before AddRoundKey: SubBytes and MixColumns of row 0 of a, row 1 of
 * b, row 2 of c and row 3 of d (ShiftRows is the caller's choice of columns). */
MICROSALT_INLINE uint32_t aes_col(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return te(a & 0xff) ^ rotr32(te((b >> 8) & 0xff), 24) ^ rotr32(te((c >> 16) & 0xff), 16) ^
           rotr32(te(d >> 24), 8);
}

/* The same without MixColumns: the last round's column; SubWord when a = b = c = d. */
MICROSALT_INLINE uint32_t aes_sub_col(uint32_t a, uint32_t b, uint32_t c, uint32_t d)
{
    return ((te(a & 0xff) >> 8) & 0xffu) | (te((b >> 8) & 0xff) & 0xff00u) |
           (te((c >> 16) & 0xff) & 0xff0000u) | ((te(d >> 24) << 8) & 0xff000000u);
}

/* One full round of the state s (four columns) with the round key at k. */
MICROSALT_INLINE void aes_round(uint32_t s[4], const uint8_t k[16])
{
    uint32_t t0 = aes_col(s[0], s[1], s[2], s[3]) ^ load32_le(k);
    uint32_t t1 = aes_col(s[1], s[2], s[3], s[0]) ^ load32_le(k + 4);
    uint32_t t2 = aes_col(s[2], s[3], s[0], s[1]) ^ load32_le(k + 8);
    s[3] = aes_col(s[3], s[0], s[1], s[2]) ^ load32_le(k + 12);
    s[0] = t0;
    s[1] = t1;
    s[2] = t2;
}

/* rk: round keys 3..14 at their usual offsets 48..239, as column words; before them, what
 * all counter blocks (< 256) share in rounds 1 and 2. Such a block differs from block 0 in
 * byte 15 only (row 3 of column 3); round 1's ShiftRows moves it to column 0, the only column
 * that then depends on the counter, and round 2 takes one byte of that column into each of
 * its columns. So bytes 0..15 hold round 2's columns without those four lookups, key 2
 * included; bytes 16..19 round 1's column 0 without byte 15's lookup, key 1 included; byte 20
 * byte 15 of key 0. A lookup is left out by looking up 0x52 instead, which S maps to 0. */
void aes256_pub_schedule(uint8_t rk[240], const uint8_t key[32])
{
    uint32_t s[4], col0;
    uint8_t i, rcon = 1, key15;
    memcpy(rk, key, 32);
    for (i = 8; i < 60; i++) {
        uint32_t t = load32_le(rk + 4 * (i - 1));
        if ((i & 3) == 0) t = aes_sub_col(t, t, t, t);
        if ((i & 7) == 0) {
            t = rotr32(t, 8) ^ rcon; /* RotWord after SubWord: they commute */
            rcon = (uint8_t)(rcon << 1); /* 1..64: AES-256 uses seven, none reduced */
        }
        store32_le(rk + 4 * i, load32_le(rk + 4 * (i - 8)) ^ t);
    }
    for (i = 0; i < 4; i++) s[i] = load32_le(rk + 4 * i);
    key15 = rk[15];
    s[3] = (s[3] & 0x00ffffffu) | 0x52000000u;
    aes_round(s, rk + 16);
    col0 = s[0];
    s[0] = 0x52525252u;
    aes_round(s, rk + 32);
    for (i = 0; i < 4; i++) store32_le(rk + 4 * i, s[i]);
    store32_le(rk + 16, col0);
    rk[20] = key15;
}

/* Encrypts counter block ctr (< 256: its last byte, the others zero). */
void aes256_pub_ctr_block(uint8_t out[16], const uint8_t rk[240], uint16_t ctr)
{
    uint32_t s[4], x;
    uint8_t round;
    x = load32_le(rk + 16) ^ rotr32(te((uint8_t)(rk[20] ^ ctr)), 8); /* round 1, column 0 */
    s[0] = load32_le(rk) ^ te(x & 0xff);
    s[1] = load32_le(rk + 4) ^ rotr32(te(x >> 24), 8);
    s[2] = load32_le(rk + 8) ^ rotr32(te((x >> 16) & 0xff), 16);
    s[3] = load32_le(rk + 12) ^ rotr32(te((x >> 8) & 0xff), 24);
    for (round = 3; round < 14; round++) aes_round(s, rk + 16 * round);
    store32_le(out, aes_sub_col(s[0], s[1], s[2], s[3]) ^ load32_le(rk + 224));
    store32_le(out + 4, aes_sub_col(s[1], s[2], s[3], s[0]) ^ load32_le(rk + 228));
    store32_le(out + 8, aes_sub_col(s[2], s[3], s[0], s[1]) ^ load32_le(rk + 232));
    store32_le(out + 12, aes_sub_col(s[3], s[0], s[1], s[2]) ^ load32_le(rk + 236));
}
