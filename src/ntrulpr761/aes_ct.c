/* ntrulpr761: bitsliced constant-time AES-256 for secret keys (HashShort). */
#include "ntrulpr761_internal.h"

/* ---- Bitsliced constant-time AES-256 (secret keys). -----------------------------------
 * Two blocks at once in eight 32-bit planes: bit 8r + 2c + b of plane x[k] is bit k of the
 * byte in row r, column c of block b. Rows are the bytes of a plane, so "the next row" is a
 * rotation of the plane by 8 bits; the columns of a row are 2-bit fields of its byte.
 * Fixslicing (Adomnicai and Peyrin, 2020): ShiftRows, which would rotate the fields of
 * each byte by a different amount, is never applied; instead, after j rounds, row r of the
 * true state stands rotated by rj columns, MixColumns fetches the rows of a true column from
 * where they stand, the round keys are stored rotated alike, and after the last round
 * (14 = 2 mod 4) rows 1 and 3 are put back. */

#if MICROSALT_BYTE_REGISTERS
/* avr-gcc holds a 32-bit value in four of its 8-bit registers and spills the circuit's 20-odd
 * live values heavily; as the gates are bitwise, each byte lane of the planes runs the circuit
 * on its own instead, in 8-bit values that fit the registers (4 times the gates, a third of the
 * cycles). */
typedef uint8_t sbox_t;
#define SBOX_STRIDE 4
#else
typedef uint32_t sbox_t;
#define SBOX_STRIDE 1
#endif

/* The AES S-box on 32 bytes at once, in place: a straight-line circuit of 178 AND/XOR gates
 * (about a quarter of the x^254 square-and-multiply it replaces), derived with a tower field:
 * GF(2^8) = GF(16)[y]/(y^2 + y + 8) over GF(16) = GF(2)[z]/(z^4 + z + 1). An input byte is
 * mapped linearly to h y + l (h, l in GF(16)); its inverse is (h y + h + l) / N with the norm
 * N = 8 h^2 + h l + l^2; 1/N is each bit's algebraic normal form in N's bits (0 maps to 0, as
 * the S-box needs); the GF(16) products use two levels of Karatsuba; the map back to the AES
 * basis is merged with the S-box's affine map (its constant 0x63 is the four NOTs). The linear
 * maps share common XOR pairs (Paar's greedy method). Checked on all 256 inputs when derived,
 * and by the KAT. Only AND, XOR and NOT: constant time. */
static void sbox_lanes(sbox_t *x)
{
    sbox_t x0 = x[0], x1 = x[SBOX_STRIDE], x2 = x[2 * SBOX_STRIDE], x3 = x[3 * SBOX_STRIDE];
    sbox_t x4 = x[4 * SBOX_STRIDE], x5 = x[5 * SBOX_STRIDE], x6 = x[6 * SBOX_STRIDE];
    sbox_t x7 = x[7 * SBOX_STRIDE];
    sbox_t t1 = x1 ^ x4;
    sbox_t t2 = t1 ^ x6;
    sbox_t t3 = x3 ^ x5;
    sbox_t t4 = x5 ^ x7;
    sbox_t t5 = x0 ^ x3;
    sbox_t t6 = t3 ^ x4;
    sbox_t t7 = t2 ^ t3;
    sbox_t t8 = x3 ^ x6;
    sbox_t t9 = t8 ^ x7;
    sbox_t t10 = t4 ^ x1;
    sbox_t t11 = x2 ^ x3;
    sbox_t t12 = t2 ^ x7;
    sbox_t t13 = t11 ^ t12;
    sbox_t t14 = t13 ^ t4;
    sbox_t t15 = t10 ^ t12;
    sbox_t t16 = t15 ^ t4;
    sbox_t t17 = t5 ^ t7;
    sbox_t t18 = t6 ^ t9;
    sbox_t t19 = t12 ^ t17;
    sbox_t t20 = t14 ^ t7;
    sbox_t t21 = t11 ^ t18;
    sbox_t t22 = t16 ^ t9;
    sbox_t t23 = t10 & t5;
    sbox_t t24 = t11 & t6;
    sbox_t t25 = (t10 ^ t11) & (t5 ^ t6);
    sbox_t t26 = t25 ^ t23;
    sbox_t t27 = t26 ^ t24;
    sbox_t t28 = t12 & t7;
    sbox_t t29 = t4 & t9;
    sbox_t t30 = (t12 ^ t4) & (t7 ^ t9);
    sbox_t t31 = t30 ^ t28;
    sbox_t t32 = t31 ^ t29;
    sbox_t t33 = t10 ^ t12;
    sbox_t t34 = t11 ^ t4;
    sbox_t t35 = t5 ^ t7;
    sbox_t t36 = t6 ^ t9;
    sbox_t t37 = t33 & t35;
    sbox_t t38 = t34 & t36;
    sbox_t t39 = (t33 ^ t34) & (t35 ^ t36);
    sbox_t t40 = t39 ^ t37;
    sbox_t t41 = t40 ^ t38;
    sbox_t t42 = t37 ^ t23;
    sbox_t t43 = t42 ^ t28;
    sbox_t t44 = t41 ^ t27;
    sbox_t t45 = t44 ^ t32;
    sbox_t t46 = t38 ^ t24;
    sbox_t t47 = t46 ^ t29;
    sbox_t t48 = t24 ^ t43;
    sbox_t t49 = t47 ^ t28;
    sbox_t t50 = t23 ^ t49;
    sbox_t t51 = t27 ^ t49;
    sbox_t t52 = t51 ^ t32;
    sbox_t t53 = t48 ^ t32;
    sbox_t t54 = t53 ^ t29;
    sbox_t t55 = t45 ^ t29;
    sbox_t t56 = t19 ^ t50;
    sbox_t t57 = t20 ^ t52;
    sbox_t t58 = t21 ^ t54;
    sbox_t t59 = t22 ^ t55;
    sbox_t t60 = t56 & t58;
    sbox_t t61 = t57 & t58;
    sbox_t t62 = t56 & t57;
    sbox_t t63 = t62 & t58;
    sbox_t t64 = t61 & t59;
    sbox_t t65 = t56 ^ t57;
    sbox_t t66 = t65 ^ t58;
    sbox_t t67 = t66 ^ t60;
    sbox_t t68 = t67 ^ t61;
    sbox_t t69 = t68 ^ t63;
    sbox_t t70 = t69 ^ t59;
    sbox_t t71 = t70 ^ t64;
    sbox_t t72 = t57 & t59;
    sbox_t t73 = t62 & t59;
    sbox_t t74 = t62 ^ t60;
    sbox_t t75 = t74 ^ t61;
    sbox_t t76 = t75 ^ t59;
    sbox_t t77 = t76 ^ t72;
    sbox_t t78 = t77 ^ t73;
    sbox_t t79 = t56 & t59;
    sbox_t t80 = t60 & t59;
    sbox_t t81 = t62 ^ t58;
    sbox_t t82 = t81 ^ t60;
    sbox_t t83 = t82 ^ t59;
    sbox_t t84 = t83 ^ t79;
    sbox_t t85 = t84 ^ t80;
    sbox_t t86 = t58 & t59;
    sbox_t t87 = t57 ^ t58;
    sbox_t t88 = t87 ^ t59;
    sbox_t t89 = t88 ^ t79;
    sbox_t t90 = t89 ^ t72;
    sbox_t t91 = t90 ^ t86;
    sbox_t t92 = t91 ^ t64;
    sbox_t t93 = t10 ^ t5;
    sbox_t t94 = t11 ^ t6;
    sbox_t t95 = t12 ^ t7;
    sbox_t t96 = t4 ^ t9;
    sbox_t t97 = t10 & t71;
    sbox_t t98 = t11 & t78;
    sbox_t t99 = (t10 ^ t11) & (t71 ^ t78);
    sbox_t t100 = t99 ^ t97;
    sbox_t t101 = t100 ^ t98;
    sbox_t t102 = t12 & t85;
    sbox_t t103 = t4 & t92;
    sbox_t t104 = (t12 ^ t4) & (t85 ^ t92);
    sbox_t t105 = t104 ^ t102;
    sbox_t t106 = t105 ^ t103;
    sbox_t t107 = t10 ^ t12;
    sbox_t t108 = t11 ^ t4;
    sbox_t t109 = t71 ^ t85;
    sbox_t t110 = t78 ^ t92;
    sbox_t t111 = t107 & t109;
    sbox_t t112 = t108 & t110;
    sbox_t t113 = (t107 ^ t108) & (t109 ^ t110);
    sbox_t t114 = t113 ^ t111;
    sbox_t t115 = t114 ^ t112;
    sbox_t t116 = t111 ^ t97;
    sbox_t t117 = t116 ^ t102;
    sbox_t t118 = t115 ^ t101;
    sbox_t t119 = t118 ^ t106;
    sbox_t t120 = t112 ^ t98;
    sbox_t t121 = t120 ^ t103;
    sbox_t t122 = t98 ^ t117;
    sbox_t t123 = t121 ^ t102;
    sbox_t t124 = t97 ^ t123;
    sbox_t t125 = t101 ^ t123;
    sbox_t t126 = t125 ^ t106;
    sbox_t t127 = t122 ^ t106;
    sbox_t t128 = t127 ^ t103;
    sbox_t t129 = t119 ^ t103;
    sbox_t t130 = t93 & t71;
    sbox_t t131 = t94 & t78;
    sbox_t t132 = (t93 ^ t94) & (t71 ^ t78);
    sbox_t t133 = t132 ^ t130;
    sbox_t t134 = t133 ^ t131;
    sbox_t t135 = t95 & t85;
    sbox_t t136 = t96 & t92;
    sbox_t t137 = (t95 ^ t96) & (t85 ^ t92);
    sbox_t t138 = t137 ^ t135;
    sbox_t t139 = t138 ^ t136;
    sbox_t t140 = t93 ^ t95;
    sbox_t t141 = t94 ^ t96;
    sbox_t t142 = t71 ^ t85;
    sbox_t t143 = t78 ^ t92;
    sbox_t t144 = t140 & t142;
    sbox_t t145 = t141 & t143;
    sbox_t t146 = (t140 ^ t141) & (t142 ^ t143);
    sbox_t t147 = t146 ^ t144;
    sbox_t t148 = t147 ^ t145;
    sbox_t t149 = t144 ^ t130;
    sbox_t t150 = t149 ^ t135;
    sbox_t t151 = t148 ^ t134;
    sbox_t t152 = t151 ^ t139;
    sbox_t t153 = t145 ^ t131;
    sbox_t t154 = t153 ^ t136;
    sbox_t t155 = t131 ^ t150;
    sbox_t t156 = t154 ^ t135;
    sbox_t t157 = t130 ^ t156;
    sbox_t t158 = t134 ^ t156;
    sbox_t t159 = t158 ^ t139;
    sbox_t t160 = t155 ^ t139;
    sbox_t t161 = t160 ^ t136;
    sbox_t t162 = t152 ^ t136;
    sbox_t t163 = t126 ^ t128;
    sbox_t t164 = t157 ^ t162;
    sbox_t t165 = t159 ^ t161;
    sbox_t t166 = t124 ^ t163;
    sbox_t t167 = t128 ^ t129;
    sbox_t t168 = t164 ^ t165;
    sbox_t t169 = t167 ^ t168;
    sbox_t t170 = t128 ^ t157;
    sbox_t t171 = t170 ^ t159;
    sbox_t t172 = t161 ^ t164;
    sbox_t t173 = t172 ^ t166;
    sbox_t t174 = t126 ^ t168;
    sbox_t t175 = t163 ^ t164;
    sbox_t t176 = t165 ^ t166;
    sbox_t t177 = t162 ^ t165;
    sbox_t t178 = t177 ^ t167;
    x[0] = (sbox_t)~t169;
    x[SBOX_STRIDE] = (sbox_t)~t171;
    x[2 * SBOX_STRIDE] = t173;
    x[3 * SBOX_STRIDE] = t174;
    x[4 * SBOX_STRIDE] = t175;
    x[5 * SBOX_STRIDE] = (sbox_t)~t176;
    x[6 * SBOX_STRIDE] = (sbox_t)~t166;
    x[7 * SBOX_STRIDE] = t178;
}

static void sbox_bs(uint32_t x[8])
{
#if MICROSALT_BYTE_REGISTERS
    uint8_t j;
    for (j = 0; j < 4; j++) sbox_lanes((uint8_t *)x + j); /* byte j of every plane */
#else
    sbox_lanes(x);
#endif
}

/* Exchanges the bits of *b selected by m with the bits of *a selected by m << n. */
MICROSALT_INLINE void swapmove(uint32_t *a, uint32_t *b, uint32_t m, uint8_t n)
{
    uint32_t t = ((*a >> n) ^ *b) & m;
    *b ^= t;
    *a ^= t << n;
}

/* Converts eight column words, w[2c + b] = column c of block b, to planes, and back: bit k of
 * byte lane r of w[j] and bit j of byte lane r of w[k] change places (an 8x8 bit transpose in
 * each byte lane, its own inverse), in three rounds of exchanges, one per bit of j and k.
 * Written out: compilers keep loops of four here. */
static void bs_transpose(uint32_t w[8])
{
    swapmove(&w[0], &w[1], 0x55555555u, 1);
    swapmove(&w[2], &w[3], 0x55555555u, 1);
    swapmove(&w[4], &w[5], 0x55555555u, 1);
    swapmove(&w[6], &w[7], 0x55555555u, 1);
    swapmove(&w[0], &w[2], 0x33333333u, 2);
    swapmove(&w[1], &w[3], 0x33333333u, 2);
    swapmove(&w[4], &w[6], 0x33333333u, 2);
    swapmove(&w[5], &w[7], 0x33333333u, 2);
    swapmove(&w[0], &w[4], 0x0f0f0f0fu, 4);
    swapmove(&w[1], &w[5], 0x0f0f0f0fu, 4);
    swapmove(&w[2], &w[6], 0x0f0f0f0fu, 4);
    swapmove(&w[3], &w[7], 0x0f0f0f0fu, 4);
}

/* Moves column c + s of each row to column c (0 < s < 4): rotates each byte right by 2s. */
#if MICROSALT_BYTE_REGISTERS
MICROSALT_INLINE uint8_t rotr8(uint8_t b, uint8_t n) /* 0 < n < 8 */
{
    return (uint8_t)((b >> n) | (b << (8 - n)));
}

/* Byte by byte: avr-gcc rotates a byte in a few instructions (swap for 4 bits) but shifts a
 * 32-bit word one bit at a time. */
MICROSALT_INLINE uint32_t rot_cols(uint32_t x, uint8_t s)
{
    return (uint32_t)rotr8((uint8_t)x, 2 * s) | ((uint32_t)rotr8((uint8_t)(x >> 8), 2 * s) << 8) |
           ((uint32_t)rotr8((uint8_t)(x >> 16), 2 * s) << 16) |
           ((uint32_t)rotr8((uint8_t)(x >> 24), 2 * s) << 24);
}
#else
MICROSALT_INLINE uint32_t rot_cols(uint32_t x, uint8_t s)
{
    uint32_t keep = (0xffu >> (2 * s)) * 0x01010101u;
    return ((x >> (2 * s)) & keep) | ((x << (8 - 2 * s)) & ~keep);
}
#endif

/* MixColumns when row r stands rotated by r*s columns (s = rounds done mod 4): row r + 1 of
 * a true column stands one row down and s columns on, where T(v) = rot_cols(v, s) rotated by
 * 8 bits fetches it. With y = v ^ T(v): 2y ^ T(v) ^ T(T(y)) = 2 a_r ^ 3 a_(r+1) ^ a_(r+2) ^
 * a_(r+3), and T(T(y)) is y rotated by 16 bits with rot_cols(., 2s mod 4). One plane v:
 * returns T(v) ^ T(T(y)) and sets *y; doubling then moves plane k of y to k + 1, reducing t^8
 * into t^4 + t^3 + t + 1. */
MICROSALT_INLINE uint32_t mix_plane(uint32_t v, uint8_t s, uint32_t *y)
{
    uint32_t tv = rotr32(s ? rot_cols(v, s) : v, 8);
    *y = v ^ tv;
    return tv ^ rotr32((s & 1) ? rot_cols(*y, 2) : *y, 16);
}

/* MixColumns and AddRoundKey, unrolled so that the state passes through registers once. */
MICROSALT_INLINE void mix_columns_ark(uint32_t x[8], uint8_t s, const uint32_t rk[8])
{
    uint32_t y7, y0, y1, y2, y3, y4, y5, y6;
    uint32_t t7 = mix_plane(x[7], s, &y7);
    x[0] = mix_plane(x[0], s, &y0) ^ y7 ^ rk[0];
    x[1] = mix_plane(x[1], s, &y1) ^ y0 ^ y7 ^ rk[1];
    x[2] = mix_plane(x[2], s, &y2) ^ y1 ^ rk[2];
    x[3] = mix_plane(x[3], s, &y3) ^ y2 ^ y7 ^ rk[3];
    x[4] = mix_plane(x[4], s, &y4) ^ y3 ^ y7 ^ rk[4];
    x[5] = mix_plane(x[5], s, &y5) ^ y4 ^ rk[5];
    x[6] = mix_plane(x[6], s, &y6) ^ y5 ^ rk[6];
    x[7] = t7 ^ y6 ^ rk[7];
}

/* The round keys as planes of two copies of the key, round key j rotated like the state
 * after j rounds. */
typedef struct {
    uint32_t rk[15][8];
} aes256_ct_key;

static void aes256_ct_schedule(aes256_ct_key *ks, const uint8_t key[32])
{
    uint32_t w[8], x[8]; /* w: the last 8 words of the schedule, as a ring */
    uint8_t i, c, r, rcon = 1;
    for (i = 0; i < 8; i++) w[i] = load32_le(key + 4 * i);
    for (i = 0; i < 60; i++) {
        if (i >= 8) {
            uint32_t t = w[(i - 1) & 7];
            if ((i & 3) == 0) { /* SubWord, bitsliced: t is secret */
                memset(x, 0, sizeof x);
                x[0] = t;
                bs_transpose(x);
                sbox_bs(x);
                bs_transpose(x);
                t = x[0];
                if ((i & 7) == 0) {
                    t = rotr32(t, 8) ^ rcon; /* RotWord after SubWord: they commute */
                    rcon = (uint8_t)(rcon << 1); /* 1..64: AES-256 uses seven, none reduced */
                }
            }
            w[i & 7] ^= t;
        }
        if ((i & 3) == 3) { /* round key i >> 2 is complete: w[(i - 3) & 7] on */
            const uint32_t *k = w + ((i - 3) & 7);
            uint8_t s = (uint8_t)((i >> 2) & 3);
            for (c = 0; c < 4; c++) {
                uint32_t v = 0;
                for (r = 0; r < 4; r++) v |= k[(c - r * s) & 3] & ((uint32_t)0xff << (8 * r));
                x[2 * c] = x[2 * c + 1] = v;
            }
            bs_transpose(x);
            memcpy(ks->rk[i >> 2], x, sizeof x);
        }
    }
    microsalt_wipe(w, sizeof w);
    microsalt_wipe(x, sizeof x);
}

/* Two blocks from the state after round 1's SubBytes (planes) to the ciphertext, as column
 * words: x[2c + b] = column c of block b. */
static void aes256_ct_finish2(uint32_t x[8], const aes256_ct_key *ks)
{
    uint8_t round, k;
    for (round = 1; round < 13; round += 4) {
        mix_columns_ark(x, 1, ks->rk[round]);
        sbox_bs(x);
        mix_columns_ark(x, 2, ks->rk[round + 1]);
        sbox_bs(x);
        mix_columns_ark(x, 3, ks->rk[round + 2]);
        sbox_bs(x);
        mix_columns_ark(x, 0, ks->rk[round + 3]);
        sbox_bs(x);
    }
    mix_columns_ark(x, 1, ks->rk[13]);
    sbox_bs(x);
    for (k = 0; k < 8; k++) x[k] ^= ks->rk[14][k];
    bs_transpose(x);
    for (k = 0; k < 4; k++) { /* rows 1 and 3 stand two columns on */
        uint32_t t = (x[k] ^ x[k + 4]) & 0xff00ff00u;
        x[k] ^= t;
        x[k + 4] ^= t;
    }
}

/* Round 1's S-box output in byte 15 (row 3, column 3) of counter blocks base..base + 31 (base
 * a multiple of 32): bit j of q[k] = bit k of S(byte 15 of key 0 ^ (base + j)). That byte is
 * the only one of a counter block (< 256) that is not the key's alone, so 32 blocks share one
 * S-box evaluation here and one of the rest of the state. rk0[k] has the key byte's bit k in
 * bits 30 and 31. */
static void ct_sub_byte15(uint32_t q[8], const uint32_t rk0[8], uint16_t base)
{
    static const uint32_t lane_bit[5] MICROSALT_FLASH = {0xaaaaaaaau, 0xccccccccu, 0xf0f0f0f0u,
                                                          0xff00ff00u, 0xffff0000u};
    uint8_t k;
    for (k = 0; k < 8; k++) {
        uint32_t ctr = k < 5 ? flash_u32(&lane_bit[k]) : (uint32_t)0 - ((base >> k) & 1);
        q[k] = ctr ^ ((uint32_t)0 - ((rk0[k] >> 30) & 1));
    }
    sbox_bs(q);
}

/* Expand for a secret key: L[i] = the i-th little-endian 32-bit word of the stream, two
 * counter blocks at a time. */
void expand_ct(uint32_t L[P], const uint8_t key[32])
{
    aes256_ct_key ks;
    uint32_t sub1[8], q[8], x[8];
    uint16_t blk, i;
    uint8_t k;
    aes256_ct_schedule(&ks, key);
    memcpy(sub1, ks.rk[0], sizeof sub1);
    sbox_bs(sub1);
    for (blk = 0; blk < NBLOCKS; blk += 2) {
        if ((blk & 31) == 0) ct_sub_byte15(q, ks.rk[0], blk);
        for (k = 0; k < 8; k++) { /* blocks blk and blk + 1 in bits 30 and 31 */
            x[k] = (sub1[k] & 0x3fffffffu) | (((q[k] >> (blk & 31)) & 3) << 30);
        }
        aes256_ct_finish2(x, &ks);
        for (i = 0; i < 8; i++) { /* word c of block blk + b */
            uint16_t idx = (uint16_t)(4 * blk + i);
            if (idx < P) L[idx] = x[2 * (i & 3) + (i >> 2)];
        }
    }
    microsalt_wipe(&ks, sizeof ks);
    microsalt_wipe(sub1, sizeof sub1);
    microsalt_wipe(q, sizeof q);
    microsalt_wipe(x, sizeof x);
}
