/*
 * microsalt_fe_invert for the Cortex-M0 and M3 (the contract of src/curve25519/fe25519.h, the
 * packed layout): Pornin's optimized binary GCD (eprint 2020/972, algorithm 2, k = 31), in
 * place of Fermat's 254 squarings and 11 multiplications. The 30 iterations on the
 * approximations and the linear combinations, where the compiler spills, are in
 * fe_invert_gcd.S (Thumb-1 here; the M3 takes armv7m's, in Thumb-2); the approximations,
 * the shifts and the reductions mod p, which it compiled badly on the M0, in
 * fe_invert_reduce.S (Thumb-1, for both cores); the steps' loop is C. Modelled cycles
 * (kernel firmware): 66,690 on the M0 (Fermat's: 280,000) and 47,192 on the M3 (156,294),
 * 368 and 284 bytes of stack, 1.9 KB of code on the M0. The Cortex-M4 keeps Fermat's, its
 * squaring being fast (39,722), and so does the M3's build for little flash. Pornin's own
 * assembly (x25519-cm0) takes about 55,000 on the M0+; of the M0's 66,690 here the
 * iterations take about 26,000, the combinations 29,500, the approximations, shifts and
 * reductions 8,100, and the freeze and the loop the rest.
 *
 * With a = f (fully reduced), b = p, u = c, v = 0, each of 17 steps runs 30 iterations of the
 * binary GCD on 62-bit approximations of a and b (their low 30 bits, exact, and their top 32
 * bits at the width of the larger), collecting the iterations' effect as the factors
 * (f0 g0; f1 g1), |f0| + |g0| <= 2^30 and |f1| + |g1| <= 2^30; then applies them to the whole
 * values: a <- (a f0 + b g0) / 2^30, b <- (a f1 + b g1) / 2^30 (exact divisions: the low bits
 * the iterations shifted out were exact), each negated with its factors if it came out
 * negative (a wrong step on the approximations), and u <- u f0 + v g0, v <- u f1 + v g1 mod p.
 * c a f^-1 = u 2^(-30 t) and c b f^-1 = v 2^(-30 t) mod p after t steps; b stays odd and,
 * after the 510 iterations that 2 len(p) - 1 = 509 calls for, a = 0 and b = gcd(f, p) = 1, so
 * c = 2^-510 leaves v = 1/f. For f = 0 the steps leave v = 0, the contract's 1/0 = 0. The last
 * step updates b and v only.
 *
 * Constant time: the step and iteration counts are fixed; the width of the approximations,
 * the swaps, subtractions and negations are masks (in the assembly, and the factors' signs
 * here); every product is a multiplication of 16-bit halves (fe_invert_gcd.S) or of a 16-bit
 * half by 19 (the reductions), one cycle on both cores whatever the operands; shifts by a
 * secret count are single barrel-shifter instructions on both cores.
 */
#include "common.h"
#include "fe25519.h"

/* Where a search path takes this directory but its kernels.h switches the kernel off
 * (armv6m-small's and armv7m-small's, for flash), the name is the twin's (fe25519.h). */
#if MICROSALT_NATIVE_FE_INVERT

#define STEPS 17

/* 2^-510 mod p. */
static const fe25519 inv_2_510 = {{0xe72e181bu, 0x4a75b7aau, 0x209ed8ffu, 0x9e237502u,
                                   0x2595a0f9u, 0x8f3f1d13u, 0x5242a8c6u, 0x093805acu}};

/* a, b < 2^255. v = the 62-bit approximations, as microsalt_fe_invert_iterate takes them:
 * bits 0..29 of each, and above them the 32 bits from n - 32 up, n = max(len(a), len(b),
 * 62): from the top nonzero word of a | b of words 7..2 and the word below it, or words 1
 * and 0, shifted up by the leading zeros of a | b there (at most 2 in words 1 and 0, where n
 * would otherwise fall below 62). fe_invert_reduce.S: masks, and a count of leading zeros
 * by a binary search, 205 cycles a call on the M0 against about 440 for the C. */
void microsalt_fe_invert_approximate(uint32_t v[4], const uint32_t a[8], const uint32_t b[8]);

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
 * a call in C against 451, one pass over the words). */
void microsalt_fe_invert_combine(uint32_t r[9], const uint32_t x[8], const uint32_t y[8],
                                 uint32_t fx, uint32_t fy);

/* a = |t / 2^30| for t = 2^30 a' (|a'| < 2^255), as microsalt_fe_invert_combine gave it;
 * returns the mask of t < 0. fe_invert_reduce.S, as is reduce: 82 cycles a call on the M0
 * against 208 for the C. */
uint32_t microsalt_fe_invert_shift_abs(uint32_t a[8], const uint32_t t[9]);

/* u = t mod p, below 2^256, for |t| < 2^286. t = lo + 2^255 hi, -2^31 <= hi < 2^31, and
 * 2^255 = 19 mod p; with h = hi mod 2^32 and s = 1 when hi < 0, hi = h - 2^32 s, so
 * lo + 19 h + s (p - 19 2^32) is congruent, and nonnegative: below 2^255 + 19 2^32 when
 * s = 0, at most 2^256 - 39 when s = 1 (h >= 2^31). fe_invert_reduce.S: one carry chain,
 * 19 h from MULS of h's 16-bit halves; 69 cycles a call on the M0 against 400 for the C,
 * which spilled its 64-bit carry every word. */
void microsalt_fe_invert_reduce(uint32_t u[8], const uint32_t t[9]);

/* The factors f, g = fg[0..1] or fg[2..3] negated where neg (all ones) says the value they
 * made came out negative. */
static void negate_if(uint32_t fg[2], uint32_t neg)
{
    fg[0] = (fg[0] ^ neg) - neg;
    fg[1] = (fg[1] ^ neg) - neg;
}

void microsalt_fe_invert(fe25519 *h, const fe25519 *f)
{
    struct {
        fe25519 a, b, u, v;
        uint32_t ta[9], tb[9], fg[4];
    } s;
    int step, more, i;
    microsalt_fe_freeze(&s.a, f);
    for (i = 0; i < 8; i++) {
        s.b.v[i] = 0xffffffffu;
        s.v.v[i] = 0;
    }
    s.b.v[0] = 0xffffffedu;
    s.b.v[7] = 0x7fffffffu;
    /* c = 2^-510 (above): v ends as 1/f, where u = 1 would need a multiplication by c. */
    s.u = inv_2_510;
    for (step = 0; step < STEPS; step++) {
        /* The last step's a and u are not read again: b (for its sign) and v are. */
        more = step < STEPS - 1;
        microsalt_fe_invert_approximate(s.fg, s.a.v, s.b.v);
        microsalt_fe_invert_iterate(s.fg);
        if (more) {
            microsalt_fe_invert_combine(s.ta, s.a.v, s.b.v, s.fg[0], s.fg[1]);
        }
        microsalt_fe_invert_combine(s.tb, s.a.v, s.b.v, s.fg[2], s.fg[3]);
        if (more) {
            negate_if(s.fg, microsalt_fe_invert_shift_abs(s.a.v, s.ta));
            microsalt_fe_invert_combine(s.ta, s.u.v, s.v.v, s.fg[0], s.fg[1]);
        }
        negate_if(s.fg + 2, microsalt_fe_invert_shift_abs(s.b.v, s.tb));
        microsalt_fe_invert_combine(s.tb, s.u.v, s.v.v, s.fg[2], s.fg[3]);
        if (more) {
            microsalt_fe_invert_reduce(s.u.v, s.ta);
        }
        microsalt_fe_invert_reduce(s.v.v, s.tb);
    }
    *h = s.v;
    microsalt_wipe(&s, sizeof s);
}
#endif
