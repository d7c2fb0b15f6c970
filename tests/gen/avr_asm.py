"""What the AVR assembly generators of tests/gen/ share: the -O2/-Os variants, byte loops,
the multiply-accumulate scans and the stack frame."""

# The callee-saved registers of avr-gcc's ABI that the kernels use (r1 is zero on return).
SAVED = [f"r{i}" for i in range(2, 18)] + ["r28", "r29"]

FRAME_DEFINES = """#include <avr/io.h>

#define SREG_IO _SFR_IO_ADDR(SREG)
#define SPL_IO _SFR_IO_ADDR(SPL)
#define SPH_IO _SFR_IO_ADDR(SPH)
"""


def variants(emit, fast, compact):
    """fast() in -O2 builds, compact() where the build optimizes for size (the ATmega328P's
    32 KB of flash): loops over public counts, or shared routines, instead of straight-line
    code."""
    emit("#ifdef __OPTIMIZE_SIZE__")
    compact()
    emit("#else")
    fast()
    emit("#endif")


def byte_loop(emit, count, counter, body):
    """body() once per byte, count times; dec and brne leave the carry flag alone."""
    emit(f"ldi {counter}, {count}", "1:")
    body()
    emit(f"dec {counter}", "brne 1b")


def rotate(acc, emit):
    """The column's low byte is stored; the next column's accumulator is (acc1, acc2, 0)."""
    lo, mid, hi = acc
    emit(f"clr {lo}")
    return [mid, hi, lo]


def mac(emit, acc, a, b, zero):
    """acc += a b: one byte product into a 24-bit column accumulator, 5 cycles."""
    emit(f"mul {a}, {b}", f"add {acc[0]}, r0", f"adc {acc[1]}, r1", f"adc {acc[2]}, {zero}")


def scan_rows(emit, regs, nblocks, ncols, out_bytes, load_block, b_at, t_at):
    """t = a b by product scanning (column by column) in blocks of eight rows of a, with
    operand caching: load_block(block) puts the block's eight bytes of a in regs["A"], and a
    window of eight bytes of b stays in regs["B"] (b[j] in B[j mod 8]), one ldd a column.
    b_at(j) and t_at(k) name b[j] and t[k] as ldd/std operands. The first block writes t
    fresh; the later ones add what the earlier wrote. Each block's last carry (below 2^12, two
    bytes) goes above its last column; nothing is written at out_bytes or beyond, where the
    caller's bounds say the product has no bits."""
    A, B, ACC, zero, tmp = (regs[k] for k in ("A", "B", "ACC", "ZERO", "TMP"))
    written = -1
    for block in range(nblocks):
        base = 8 * block
        load_block(block)
        acc = list(ACC)
        for r in acc:
            emit(f"clr {r}")
        last = base + 7 + ncols - 1
        for k in range(base, last + 1):
            if k - base < ncols:
                emit(f"ldd {B[(k - base) % 8]}, {b_at(k - base)}")
            if k <= written:
                emit(f"ldd {tmp}, {t_at(k)}", f"add {acc[0]}, {tmp}", f"adc {acc[1]}, {zero}",
                     f"adc {acc[2]}, {zero}")
            for i in range(8):
                j = k - base - i
                if 0 <= j < ncols:
                    mac(emit, acc, A[i], B[j % 8], zero)
            emit(f"std {t_at(k)}, {acc[0]}")
            acc = rotate(acc, emit)
        for n, reg in enumerate(acc[:2]):
            if last + 1 + n < out_bytes:
                emit(f"std {t_at(last + 1 + n)}, {reg}")
        written = min(out_bytes - 1, last + 2)


def prologue(emit, frame):
    for r in SAVED:
        emit(f"push {r}")
    emit("in r28, SPL_IO", "in r29, SPH_IO", f"subi r28, {frame}", "sbci r29, 0",
         "in r0, SREG_IO", "cli", "out SPH_IO, r29", "out SREG_IO, r0", "out SPL_IO, r28",
         "adiw r28, 1")


def epilogue(emit, frame):
    """Y points at the frame; the frame is left as it is (the caller says why that is safe)."""
    emit("clr r1", f"subi r28, lo8(-({frame - 1}))", f"sbci r29, hi8(-({frame - 1}))",
         "in r0, SREG_IO", "cli", "out SPH_IO, r29", "out SREG_IO, r0", "out SPL_IO, r28")
    for r in reversed(SAVED):
        emit(f"pop {r}")
    emit("ret")
