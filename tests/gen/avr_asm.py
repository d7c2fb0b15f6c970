"""What the AVR assembly generators of tests/gen/ share: the emitter, the -O2/-Os variants,
byte loops, the stack frame, and the --check command line."""
import argparse
import sys

# The callee-saved registers of avr-gcc's ABI that the kernels use (r1 is zero on return).
SAVED = [f"r{i}" for i in range(2, 18)] + ["r28", "r29"]

FRAME_DEFINES = """#include <avr/io.h>

#define SREG_IO _SFR_IO_ADDR(SREG)
#define SPL_IO _SFR_IO_ADDR(SPL)
#define SPH_IO _SFR_IO_ADDR(SPH)
"""


class Out:
    def __init__(self):
        self.lines = []

    def __call__(self, *ins):
        """Instructions are indented; labels, directives and comments are given as written."""
        for i in ins:
            self.lines.append(i if i.endswith(":") or i[:1] in ("", ".", "/", "#") else "    " + i)

    def comment(self, text):
        self.lines.extend(["", "/* " + text + " */"])

    def text(self):
        return "\n".join(self.lines) + "\n"


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


def main(out_path, generate, doc):
    """Writes generate() to out_path, or with --check fails when they differ."""
    parser = argparse.ArgumentParser(description=doc)
    parser.add_argument("--check", action="store_true",
                        help="fail when the committed file is not what the script writes")
    args = parser.parse_args()
    text = generate()
    if args.check:
        if out_path.read_text() != text:
            sys.exit(f"{out_path} differs from what {sys.argv[0]} writes: run it and commit "
                     "the result")
        return
    out_path.write_text(text)
