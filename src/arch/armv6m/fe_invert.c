/*
 * microsalt_fe_invert for the Cortex-M0 and M3 (the contract of src/curve25519/fe25519.h, the
 * packed layout): Pornin's optimized binary GCD (eprint 2020/972, algorithm 2, k = 31), in
 * place of Fermat's 254 squarings and 11 multiplications. The 30 iterations on the
 * approximations and the linear combinations, where the compiler spills, are in
 * fe_invert_gcd.S (Thumb-1 here; the M3 takes armv7m's, in Thumb-2); the rest is C.
 * Modelled cycles (kernel firmware): 99,900 on the M0 (Fermat's: 280,167) and 55,475 on the
 * M3 (156,294), 436 and 460 bytes of stack, 2.3 KB of code on the M0. The Cortex-M4 keeps
 * Fermat's, its squaring being fast (39,722), and so does the M3's build for little flash.
 * Pornin's own assembly (x25519-cm0) takes about 55,000 on the M0+: the C parts here (the
 * approximations, the shifts and the reductions mod p) are a third of the M0's time.
 *
 * With a = f (fully reduced), b = p, u = 1, v = 0, each of 17 steps runs 30 iterations of the
 * binary GCD on 62-bit approximations of a and b (their low 30 bits, exact, and their top 32
 * bits at the width of the larger), collecting the iterations' effect as the factors
 * (f0 g0; f1 g1), |f0| + |g0| <= 2^30 and |f1| + |g1| <= 2^30; then applies them to the whole
 * values: a <- (a f0 + b g0) / 2^30, b <- (a f1 + b g1) / 2^30 (exact divisions: the low bits
 * the iterations shifted out were exact), each negated with its factors if it came out
 * negative (a wrong step on the approximations), and u <- u f0 + v g0, v <- u f1 + v g1 mod p.
 * a f^-1 = u 2^(-30 t) and b f^-1 = v 2^(-30 t) mod p after t steps; b stays odd and, after
 * the 510 iterations that 2 len(p) - 1 = 509 calls for, a = 0 and b = gcd(f, p) = 1, so
 * 1/f = v 2^-510. For f = 0 the steps leave v = 0, the contract's 1/0 = 0.
 *
 * Constant time: the step and iteration counts are fixed; the width of the approximations,
 * the swaps, subtractions and negations are masks (core header helpers here, and in
 * fe_invert_gcd.S); every product is a MULS of 16-bit halves (fe_invert_gcd.S) or a MUL of
 * a 16-bit half by 19 (reduce); shifts by a secret count are single barrel-shifter
 * instructions on both cores.
 */
#include "common.h"
#include "fe25519.h"

/* Where a search path takes this directory but its kernels.h switches the kernel off
 * (armv7m-small's, for flash), the name is the twin's (fe25519.h). */
#if MICROSALT_NATIVE_FE_INVERT

#define STEPS 17
#define LOW30 0x3fffffffu

/* 2^-510 mod p. */
static const fe25519 inv_2_510 = {{0xe72e181bu, 0x4a75b7aau, 0x209ed8ffu, 0x9e237502u,
                                   0x2595a0f9u, 0x8f3f1d13u, 0x5242a8c6u, 0x093805acu}};

/* a, b < 2^255. v = the 62-bit approximations, as microsalt_fe_invert_iterate takes them:
 * bits 0..29 of each, and above them the 32 bits from n - 32 up, n = max(len(a), len(b),
 * 62). The words of the top nonzero word of a | b (of words 7..2), or words 1 and 0, are
 * taken by masks; s counts the leading zeros there, at most 2 in words 1 and 0, where n
 * would otherwise fall below 62. */
static void approximate(uint32_t v[4], const uint32_t a[8], const uint32_t b[8])
{
    uint32_t ah = 0, al = 0, bh = 0, bl = 0, found = 0, take, s;
    int i;
    for (i = 7; i >= 2; i--) {
        take = ct_mask_u32(1 ^ ct_is_zero_u32(a[i] | b[i])) & ~found;
        ah |= a[i] & take;
        al |= a[i - 1] & take;
        bh |= b[i] & take;
        bl |= b[i - 1] & take;
        found |= take;
    }
    ah |= a[1] & ~found;
    al |= a[0] & ~found;
    bh |= b[1] & ~found;
    bl |= b[0] & ~found;
    s = ct_clz_u32(ah | bh);
    s ^= (s ^ 2) & ~found & ct_lt_mask_u32(2, s);
    /* s <= 31 here: ah | bh is nonzero unless words 1 and 0 were taken, where s <= 2. */
    ah = (ah << s) | ((al >> 1) >> (31 - s));
    bh = (bh << s) | ((bl >> 1) >> (31 - s));
    v[0] = (ah << 30) | (a[0] & LOW30);
    v[1] = ah >> 2;
    v[2] = (bh << 30) | (b[0] & LOW30);
    v[3] = bh >> 2;
}

/* v = (a mod 2^32, a >> 32, b mod 2^32, b >> 32) for the approximations a, b < 2^62 on entry,
 * (f0, g0, f1, g1) on return: 30 iterations of the binary GCD on them (where a is odd, a and
 * b swap if a < b, then a -= b; a is halved), the same steps applied to the factors (1, 0)
 * and (0, 1) and each halving a doubling of f1 and g1 instead, so |f0| + |g0| <= 2^30 and
 * |f1| + |g1| <= 2^30 (two's complement). fe_invert_gcd.S: 46 cycles an iteration on the
 * M0 and 31 on the M3, against about 100 on the M0 for the C the compiler spilled. */
void microsalt_fe_invert_iterate(uint32_t v[4]);

/* x, y < 2^256; fx, fy as iterate's (|fx| + |fy| <= 2^30, two's complement). r = x fx + y fy
 * in 288-bit two's complement (|r| < 2^286): fe_invert_gcd.S, whose MULS of 16-bit halves
 * the compiler would schedule with a spill every few instructions (on the M0, 1,400 cycles
 * a call in C against 600). */
void microsalt_fe_invert_combine(uint32_t r[9], const uint32_t x[8], const uint32_t y[8],
                                 uint32_t fx, uint32_t fy);

/* a = |t / 2^30| for t = 2^30 a' (|a'| < 2^255), as microsalt_fe_invert_combine gave it;
 * returns the mask of t < 0. */
static uint32_t shift_abs(uint32_t a[8], const uint32_t t[9])
{
    uint32_t neg = ct_mask_u32(ct_msb_u32(t[8])), borrow = neg & 1, w;
    int i;
    for (i = 0; i < 8; i++) {
        w = ((t[i] >> 30) | (t[i + 1] << 2)) ^ neg;
        a[i] = w + borrow;
        borrow &= ct_is_zero_u32(a[i]);
    }
    return neg;
}

/* u = t mod p, below 2^256, for |t| < 2^286. t = lo + 2^255 hi, -2^31 <= hi < 2^31, and
 * 2^255 = 19 mod p; with h = hi mod 2^32 and s = 1 when hi < 0, hi = h - 2^32 s, so
 * lo + 19 h + s (p - 19 2^32) is congruent, and nonnegative: below 2^255 + 19 2^32 when
 * s = 0, at most 2^256 - 39 when s = 1 (h >= 2^31). */
static void reduce(uint32_t u[8], const uint32_t t[9])
{
    static const uint32_t p_minus_19_2_32[8] = {0xffffffedu, 0xffffffecu, 0xffffffffu,
                                                0xffffffffu, 0xffffffffu, 0xffffffffu,
                                                0xffffffffu, 0x7fffffffu};
    uint32_t h = (t[8] << 1) | (t[7] >> 31), s = ct_mask_u32(ct_msb_u32(h));
    /* 19 h from 16-bit halves: a 64-bit product by 19 would be the M3's UMULL, whose time
     * depends on h. */
    uint64_t c = (uint64_t)((h & 0xffff) * 19u) + ((uint64_t)((h >> 16) * 19u) << 16);
    int i;
    for (i = 0; i < 8; i++) {
        c += (uint64_t)(i == 7 ? t[7] & 0x7fffffffu : t[i]) + (p_minus_19_2_32[i] & s);
        u[i] = (uint32_t)c;
        c >>= 32;
    }
}

void microsalt_fe_invert(fe25519 *h, const fe25519 *f)
{
    struct {
        fe25519 a, b, u, v;
        uint32_t ta[9], tb[9], fg[4];
    } s;
    uint32_t neg;
    int step, i;
    microsalt_fe_freeze(&s.a, f);
    for (i = 0; i < 8; i++) {
        s.b.v[i] = 0xffffffffu;
        s.u.v[i] = 0;
        s.v.v[i] = 0;
    }
    s.b.v[0] = 0xffffffedu;
    s.b.v[7] = 0x7fffffffu;
    s.u.v[0] = 1;
    for (step = 0; step < STEPS; step++) {
        approximate(s.fg, s.a.v, s.b.v);
        microsalt_fe_invert_iterate(s.fg);
        microsalt_fe_invert_combine(s.ta, s.a.v, s.b.v, s.fg[0], s.fg[1]);
        microsalt_fe_invert_combine(s.tb, s.a.v, s.b.v, s.fg[2], s.fg[3]);
        neg = shift_abs(s.a.v, s.ta);
        s.fg[0] = (s.fg[0] ^ neg) - neg;
        s.fg[1] = (s.fg[1] ^ neg) - neg;
        neg = shift_abs(s.b.v, s.tb);
        s.fg[2] = (s.fg[2] ^ neg) - neg;
        s.fg[3] = (s.fg[3] ^ neg) - neg;
        microsalt_fe_invert_combine(s.ta, s.u.v, s.v.v, s.fg[0], s.fg[1]);
        microsalt_fe_invert_combine(s.tb, s.u.v, s.v.v, s.fg[2], s.fg[3]);
        reduce(s.u.v, s.ta);
        reduce(s.v.v, s.tb);
    }
    microsalt_fe_mul(h, &s.v, &inv_2_510);
    microsalt_wipe(&s, sizeof s);
}
#endif
