#!/usr/bin/env python3
"""Writes src/arch/avr/sha512.S: microsalt_sha512_blocks (src/symmetric/sha512.h) for AVR.

A round works on 64-bit words in groups of eight registers; this script tracks which register
holds which byte of a word, so that rotations by whole bytes cost nothing, and emits the rest.
It also derives the round constants (the first 64 bits of the fractional parts of the cube
roots of the first 80 primes, FIPS 180-4). `--check` fails when the committed file differs from
what the script writes (the suite runs it).
"""
import pathlib

from asm_gen import Out, main
from avr_asm import FRAME_DEFINES

OUT = pathlib.Path(__file__).resolve().parents[2] / "src/arch/avr/sha512.S"

FRAME = 256           # W (16 words) at SP + 1, the window V (16 words) at SP + 129
W_OFF, V_OFF = 1, 129
ARGS = FRAME + 1      # the pushed nblocks (hi, lo), in (hi, lo), s (hi, lo) from SP + 257
TEMP = "r18"          # S's byte 0, free wherever an address is computed


def primes(n):
    found, k = [], 2
    while len(found) < n:
        if all(k % p for p in found if p * p <= k):
            found.append(k)
        k += 1
    return found


def icbrt(n):
    x = 1 << ((n.bit_length() + 2) // 3)
    while True:
        y = (2 * x + n // (x * x)) // 3
        if y >= x:
            break
        x = y
    while x ** 3 > n:
        x -= 1
    while (x + 1) ** 3 <= n:
        x += 1
    return x


ROUND_CONSTANTS = [icbrt(p << 192) & ((1 << 64) - 1) for p in primes(80)]


class Word:
    """A 64-bit value in eight registers: byte i (little-endian) lives in regs[i]."""

    def __init__(self, first):
        self.regs = [f"r{first + i}" for i in range(8)]
        self.natural = list(self.regs)

    def reset(self):
        self.regs = list(self.natural)

    def rotr(self, emit, n):
        """Rotates right by n: whole bytes by renaming, then at most three single-bit rotations
        right (10 cycles each) or four left (9 each)."""
        k, r = divmod(n, 8)
        if r >= 4:
            k, left, right = k + 1, 8 - r, 0
        else:
            left, right = 0, r
        self.regs = [self.regs[(i + k) % 8] for i in range(8)]
        b = self.regs
        for _ in range(right):
            emit(f"bst {b[0]}, 0", f"lsr {b[7]}", *[f"ror {b[i]}" for i in range(6, -1, -1)],
                 f"bld {b[7]}, 7")
        for _ in range(left):
            emit(f"lsl {b[0]}", *[f"rol {b[i]}" for i in range(1, 8)], f"adc {b[0]}, r1")


T, C, S = Word(2), Word(10), Word(18)


def load(emit, w, off):
    w.reset()
    for i in range(8):
        emit(f"ldd {w.regs[i]}, Y+{off + i}")


def copy(emit, dst, src):
    dst.reset()
    for i in range(8):
        emit(f"mov {dst.regs[i]}, {src.regs[i]}")


def xor_into(emit, dst, src):
    for i in range(8):
        emit(f"eor {dst.regs[i]}, {src.regs[i]}")


def add_into(emit, dst, src):
    for i in range(8):
        emit(f"{'add' if i == 0 else 'adc'} {dst.regs[i]}, {src.regs[i]}")


def big_sigma(emit, rotations):
    """S = the xor of C rotated right by each amount (C is destroyed)."""
    C.rotr(emit, rotations[0])
    copy(emit, S, C)
    done = rotations[0]
    for n in rotations[1:]:
        C.rotr(emit, n - done)
        done = n
        xor_into(emit, S, C)


def sigma0(emit):
    """S = ROTR1(x) ^ ROTR8(x) ^ SHR7(x) for x in C (C is destroyed)."""
    S.reset()
    for i in range(8):
        emit(f"mov {S.regs[i]}, {C.regs[(i + 1) % 8]}")
    for i in range(8):
        # (x_i >> 7) | (x_{i+1} << 1): bit 7 of x_i through the carry
        emit(f"mov r0, {C.regs[i]}", "lsl r0")
        emit(f"mov r0, {C.regs[i + 1]}" if i < 7 else "clr r0", "rol r0", f"eor {S.regs[i]}, r0")
    C.rotr(emit, 1)
    xor_into(emit, S, C)


def sigma1(emit):
    """S = ROTR19(x) ^ ROTR61(x) ^ SHR6(x) for x in C (C is destroyed)."""
    S.reset()
    for i in range(7):
        emit(f"mov {S.regs[i]}, {C.regs[i + 1]}")
    emit(f"clr {S.regs[7]}", f"mov r0, {C.regs[0]}")
    for _ in range(2):  # [x_0, x >> 8] shifted left by two bits: x >> 6 in its top 8 bytes
        emit("lsl r0", *[f"rol {S.regs[i]}" for i in range(8)])
    C.rotr(emit, 19)
    xor_into(emit, S, C)
    C.rotr(emit, 61 - 19)
    xor_into(emit, S, C)


def w_address(emit, k):
    """X = W[(r + k) mod 16] for the round r of the K pointer Z (SP at the frame)."""
    emit("in r26, SPL_IO", "in r27, SPH_IO", f"adiw r26, {W_OFF}", f"mov {TEMP}, r30",
         f"subi {TEMP}, lo8(sha512_k - {8 * k})", f"andi {TEMP}, 0x78", f"add r26, {TEMP}",
         "adc r27, r1")


def load_x(emit, w):
    w.reset()
    for i in range(8):
        emit(f"ld {w.regs[i]}, X+")


def round_code(emit):
    emit("3:", "pop r31", "pop r30")
    w_address(emit, 0)
    emit(f"cpi r30, lo8(sha512_k + 128)", f"ldi {TEMP}, hi8(sha512_k + 128)",
         f"cpc r31, {TEMP}", "brsh 4f")
    load_x(emit, T)
    emit("rjmp 5f", "4:")
    emit.comment("W[r] = sigma1(W[r-2]) + W[r-7] + sigma0(W[r-15]) + W[r-16], in T")
    load_x(emit, T)
    w_address(emit, -15)
    load_x(emit, C)
    sigma0(emit)
    add_into(emit, T, S)
    w_address(emit, -7)
    load_x(emit, S)
    add_into(emit, T, S)
    w_address(emit, -2)
    load_x(emit, C)
    sigma1(emit)
    add_into(emit, T, S)
    w_address(emit, 0)
    for i in range(8):
        emit(f"st X+, {T.regs[i]}")
    emit("5:")
    emit.comment("T1 = W[r] + K[r] + h + Sigma1(e) + Ch(e, f, g); a..h at Y + 0, 8, ..., 56")
    for i in range(8):
        emit("lpm r0, Z+", f"{'add' if i == 0 else 'adc'} {T.regs[i]}, r0")
    for i in range(8):
        emit(f"ldd r0, Y+{56 + i}", f"{'add' if i == 0 else 'adc'} {T.regs[i]}, r0")
    load(emit, C, 32)
    big_sigma(emit, [14, 18, 41])
    add_into(emit, T, S)
    load(emit, C, 40)
    load(emit, S, 48)
    xor_into(emit, C, S)
    for i in range(8):
        emit(f"ldd r0, Y+{32 + i}", f"and {C.regs[i]}, r0")
    xor_into(emit, C, S)
    add_into(emit, T, C)
    emit.comment("e = d + T1, in d's place, which is e's after the window moves")
    for i in range(8):
        emit(f"ldd r0, Y+{24 + i}", f"{'add' if i == 0 else 'adc'} r0, {T.regs[i]}",
             f"std Y+{24 + i}, r0")
    emit.comment("a = T1 + Sigma0(a) + Maj(a, b, c), at Y - 8, where the window moves")
    load(emit, C, 0)
    big_sigma(emit, [28, 34, 39])
    add_into(emit, T, S)
    C.reset()
    S.reset()
    for i in range(8):
        c, s = C.regs[i], S.regs[i]
        emit(f"ldd {c}, Y+{i}", f"ldd {s}, Y+{8 + i}", f"mov r0, {c}", f"eor r0, {s}",
             f"and {c}, {s}", f"ldd {s}, Y+{16 + i}", f"and r0, {s}", f"eor {c}, r0")
    add_into(emit, T, C)
    emit("sbiw r28, 8")
    for i in range(8):
        emit(f"std Y+{i}, {T.regs[i]}")
    emit("push r30", "push r31")
    emit.comment("every eight rounds the window has reached V: its 64 bytes move back up")
    emit(f"mov {TEMP}, r30", f"subi {TEMP}, lo8(sha512_k)", f"andi {TEMP}, 0x38", "brne 6f",
         "movw r26, r28", "adiw r26, 63", "adiw r26, 1", f"ldi {TEMP}, 64", "7:", "ld r0, Y+",
         "st X+, r0", f"dec {TEMP}", "brne 7b", "6:")
    emit(f"cpi r30, lo8(sha512_k + 640)", f"ldi {TEMP}, hi8(sha512_k + 640)",
         f"cpc r31, {TEMP}", "breq 8f", "rjmp 3b", "8:", "pop r31", "pop r30")


def set_sp(emit):
    emit("in r0, SREG_IO", "cli", "out SPH_IO, r29", "out SREG_IO, r0", "out SPL_IO, r28")


HEADER = """\
/* Generated by tests/gen/avr_sha512.py: do not edit. */
/*
 * SHA-512 block kernel for AVR, avr-gcc ABI; the contract is src/symmetric/sha512.h's.
 * Constant time: the branches test the round count (the K pointer), the block count and
 * nothing else; every address follows from the stack pointer, the pointers and the round.
 *
 * One round per loop iteration, 64-bit words in r2-r9 (T: T1, then the new a), r10-r17 (C)
 * and r18-r25 (S), r0 scratch, r1 zero. Rotations by whole bytes are renamings of registers
 * (the generator tracks them); the rest is at most three single-bit rotations right or four
 * left. The working variables live in a window that moves down 8 bytes a round (Y: a at Y,
 * h at Y + 56): the new a is written below a and the new e over d, so nothing else moves;
 * every eight rounds the window's 64 bytes are copied back up. The message schedule W is a
 * ring of 16 words at SP + 1, indexed by the round from the K pointer (Z), and the round
 * constants are read from flash with lpm.
 * Frame: W (128 bytes), the window's 128 bytes, then the pushed nblocks, in and s; stack:
 * 18 pushes, those 6 bytes, the 256-byte frame and 2 bytes for the K pointer.
 * The frame holds message words and state, which the next call (SHA-512 runs in chains of
 * calls) overwrites, as the C twin's frame.
 *
 * Measured (simavr, one call from C included): 70,372 cycles a block (550 a byte) on the
 * ATmega2560; 3,544 bytes of code and constants.
 */
""" + FRAME_DEFINES + """
    .section .progmem.data.microsalt_sha512_k, "a", @progbits
    .type sha512_k, @object
sha512_k:
"""


def generate():
    emit = Out()
    for k in ROUND_CONSTANTS:
        emit("    .byte " + ", ".join("0x%02x" % ((k >> (8 * i)) & 255) for i in range(8)))
    emit("    .size sha512_k, .-sha512_k", "", "    .text")
    emit(".global microsalt_sha512_blocks", ".type microsalt_sha512_blocks, @function")
    emit("/* void microsalt_sha512_blocks(uint64_t s[8], const uint8_t *in, size_t nblocks); */")
    emit("microsalt_sha512_blocks:")
    emit("cp r20, r1", "cpc r21, r1", "brne 9f", "ret", "9:")  # nblocks = 0: nothing to do
    for r in [f"r{i}" for i in range(2, 18)] + ["r28", "r29"]:
        emit(f"push {r}")
    emit("push r24", "push r25", "push r22", "push r23", "push r20", "push r21")
    emit("in r28, SPL_IO", "in r29, SPH_IO", f"subi r28, lo8({FRAME})",
         f"sbci r29, hi8({FRAME})")
    set_sp(emit)
    emit("1:")
    emit.comment("W = the block's big-endian words; in += 128")
    emit("in r30, SPL_IO", "in r31, SPH_IO", f"subi r30, lo8(-{ARGS})",
         f"sbci r31, hi8(-{ARGS})", "ldd r27, Z+2", "ldd r26, Z+3")
    emit("in r28, SPL_IO", "in r29, SPH_IO", f"adiw r28, {W_OFF}")
    for half in range(2):
        for j in range(8):
            for i in range(8):
                emit("ld r0, X+", f"std Y+{8 * j + 7 - i}, r0")
        if half == 0:
            emit("adiw r28, 63", "adiw r28, 1")
    emit("std Z+2, r27", "std Z+3, r26")
    emit.comment("the window's a..h = s")
    emit("ldd r27, Z+4", "ldd r26, Z+5", "adiw r28, 63", "adiw r28, 63", "adiw r28, 2")
    for i in range(64):
        emit("ld r0, X+", f"std Y+{i}, r0")
    emit("ldi r30, lo8(sha512_k)", "ldi r31, hi8(sha512_k)", "push r30", "push r31")
    round_code(emit)
    emit.comment("s += a..h (Y is back at the window's top)")
    emit("in r30, SPL_IO", "in r31, SPH_IO", f"subi r30, lo8(-{ARGS})",
         f"sbci r31, hi8(-{ARGS})", "ldd r27, Z+4", "ldd r26, Z+5")
    for j in range(8):
        for i in range(8):
            emit("ld r0, X", f"ldd {TEMP}, Y+{8 * j + i}",
                 f"{'add' if i == 0 else 'adc'} r0, {TEMP}", "st X+, r0")
    emit("ldd r25, Z+0", "ldd r24, Z+1", "sbiw r24, 1", "std Z+0, r25", "std Z+1, r24",
         "breq 2f", "rjmp 1b", "2:")
    emit("in r28, SPL_IO", "in r29, SPH_IO", f"subi r28, lo8(-{FRAME + 6})",
         f"sbci r29, hi8(-{FRAME + 6})")
    set_sp(emit)
    for r in reversed([f"r{i}" for i in range(2, 18)] + ["r28", "r29"]):
        emit(f"pop {r}")
    emit("ret", ".size microsalt_sha512_blocks, .-microsalt_sha512_blocks")
    return HEADER + emit.text()


if __name__ == "__main__":
    main(OUT, generate, __doc__)
