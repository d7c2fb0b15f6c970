"""Poly1305 in ten digits of radix 2^13, as the Cortex-M0's and Cortex-M3's generators
(armv6m_poly1305.py, armv7m_poly1305.py) keep h between blocks: the digit size, how a
message block's words go into the columns, and the bounds their headers state, worked out
and asserted here once."""

# The C prototype the kernels' files state above their global symbol.
PROTOTYPE = ["/* void microsalt_poly1305_blocks(microsalt_poly1305_state *st, const uint8_t *m,",
             " *                                size_t nblocks, uint32_t hibit); */"]

D = 13                                   # digit bits; 10 D = 130
DMASK = (1 << D) - 1

# The message (and the state on entry) goes into the columns as four words, each split once
# into a low part (masked) and a high part (shifted down), at columns where no shift or no
# mask is then needed, so that no carry is needed either: (word, bits of the low part, its
# column, its shift there, the high part's column).
SPLIT = [(0, 13, 0, 0, 1), (1, 7, 2, 6, 3), (2, 14, 4, 12, 6), (3, 8, 7, 5, 8)]
for _w, _lo, _c, _s, _hc in SPLIT:
    assert 32 * _w == D * _c + _s and 32 * _w + _lo == D * _hc


def bounds():
    """The largest column (the next block's message and pad bit in), the largest h_1 after
    the carry (in a block, from any state within the contract's bounds), and the bit length
    of h's excess over 2^130 on return; asserts that no column or carry exceeds 32 bits and
    that the returned state has h[4] <= 4."""
    rmask = sum(m << (32 * k) for k, m in enumerate([0x0fffffff] + [0x0ffffffc] * 3))
    rmax = [(rmask >> (D * k)) & DMASK for k in range(10)]
    msg = [0] * 10                       # the largest message part of each column
    for _w, lo, c, s, hc in SPLIT:
        msg[c] += ((1 << lo) - 1) << s
        msg[hc] += (1 << (32 - lo)) - 1
    msg[9] += 1 << (128 - 9 * D)
    hmax = [DMASK] * 10
    while True:
        cols = [sum(hmax[i] * (rmax[k - i] if i <= k else 5 * rmax[k - i + 10])
                    for i in range(10)) + msg[k] for k in range(10)]
        carry, top = 0, 0
        for k in range(10):
            top = max(top, cols[k] + carry)
            carry = (cols[k] + carry) >> D
        h0 = DMASK + 5 * carry
        new = [DMASK, DMASK + (h0 >> D)] + [DMASK] * 8
        if new == hmax:
            break
        hmax = new
    assert top < 1 << 32
    # The state on entry (h4 <= 5) makes smaller columns than any block's product. On return
    # h is the digits' sum: its excess over 2^130 (from h_1's) must leave h[4] <= 4.
    excess = sum(m << (D * k) for k, m in enumerate(hmax)) - (1 << 130)
    assert (((1 << 130) + excess) >> 128) <= 4
    return top, hmax[1], excess.bit_length()


TOP, H1MAX, EXCESS_BITS = bounds()
