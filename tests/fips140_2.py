#!/usr/bin/env python3
"""The four statistical random number generator tests of FIPS PUB 140-2 (25 May 2001),
section 4.9.1 "Power-Up Tests", on a single stream of 20,000 bits (2,500 bytes):

  monobit   X = the number of ones; passes iff 9,725 < X < 10,275.
  poker     the 5,000 consecutive 4-bit segments; f(i) = how many equal i (0..15);
            X = (16 / 5000) * sum f(i)^2 - 5000; passes iff 2.16 < X < 46.17.
  runs      a run is a maximal sequence of equal bits (the first and the last run count
            too); runs of 0s and of 1s are counted separately by length 1, 2, 3, 4, 5, 6+
            and all twelve counts must lie in (inclusive): 1: 2,315-2,685; 2: 1,114-1,386;
            3: 527-723; 4: 240-384; 5: 103-209; 6+: 103-209.
  long run  fails iff there is a run of length 26 or more (of 0s or of 1s).

Change Notice 1 of FIPS 140-2 (2002) withdrew these tests from the standard; they remain
a common first screen for seeds from physical sources (SRAM start-up values among them).

Bit order: the stream is read byte by byte, and within each byte from the most significant
bit to the least significant, so a 4-bit poker segment is a byte's high or low nibble.

CLI: python3 tests/fips140_2.py [--hex] FILE   (FILE raw bytes, or hex text with --hex;
'-' reads stdin). It tests the first 2,500 bytes and refuses (exit 2) fewer; it prints one
line per test and exits 0 iff all four pass, 1 otherwise.
"""
import argparse
import sys
from fractions import Fraction

STREAM_BYTES = 2500

MONOBIT_LOW, MONOBIT_HIGH = 9725, 10275
POKER_LOW, POKER_HIGH = Fraction("2.16"), Fraction("46.17")
# Inclusive intervals for runs of length 1, 2, 3, 4, 5 and 6 or more.
RUN_INTERVALS = ((2315, 2685), (1114, 1386), (527, 723), (240, 384), (103, 209), (103, 209))
LONG_RUN = 26


def bits_of(data):
    """The bits of data, most significant bit of each byte first."""
    return [(byte >> shift) & 1 for byte in data for shift in range(7, -1, -1)]


def run_lengths(bits):
    """(bit value, length) of each maximal run, in order."""
    runs = []
    start = 0
    for i in range(1, len(bits) + 1):
        if i == len(bits) or bits[i] != bits[start]:
            runs.append((bits[start], i - start))
            start = i
    return runs


def monobit(data):
    ones = sum(byte.bit_count() for byte in data)
    return str(ones), MONOBIT_LOW < ones < MONOBIT_HIGH


def poker(data):
    counts = [0] * 16
    for byte in data:
        counts[byte >> 4] += 1
        counts[byte & 15] += 1
    segments = 2 * len(data)
    x = Fraction(16, segments) * sum(f * f for f in counts) - segments
    # With 5,000 segments X is a multiple of 16/5000 = 0.0032: four decimals are exact.
    return f"{float(x):.4f}", POKER_LOW < x < POKER_HIGH


def runs(runs_found):
    counts = {0: [0] * 6, 1: [0] * 6}
    for value, length in runs_found:
        counts[value][min(length, 6) - 1] += 1
    passed = True
    text = []
    for value in (0, 1):
        shown = []
        for count, (low, high) in zip(counts[value], RUN_INTERVALS):
            inside = low <= count <= high
            passed = passed and inside
            # A star marks each count outside its interval, so a failure says where.
            shown.append(str(count) if inside else f"{count}*")
        text.append(f"{value}s " + " ".join(shown))
    return "; ".join(text), passed


def long_run(runs_found):
    longest = max(length for _, length in runs_found)
    return str(longest), longest < LONG_RUN


def check(data: bytes) -> list[tuple[str, str, bool]]:
    """The four tests on exactly 2,500 bytes: (name, statistic as text, passed) each.
    The runs statistic lists the counts of runs of lengths 1, 2, 3, 4, 5, 6+ for 0s then 1s."""
    if len(data) != STREAM_BYTES:
        raise ValueError(f"FIPS 140-2 tests need exactly {STREAM_BYTES} bytes, got {len(data)}")
    runs_found = run_lengths(bits_of(data))
    return [
        ("monobit", *monobit(data)),
        ("poker", *poker(data)),
        ("runs", *runs(runs_found)),
        ("long run", *long_run(runs_found)),
    ]


def read_input(path, as_hex):
    if path == "-":
        raw = sys.stdin.buffer.read()
    else:
        with open(path, "rb") as f:
            raw = f.read()
    if as_hex:
        return bytes.fromhex("".join(raw.decode("ascii").split()))
    return raw


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="FIPS 140-2 (2001) section 4.9.1 statistical tests on the first 2,500 bytes.")
    parser.add_argument("file", help="input file of raw bytes ('-' for stdin)")
    parser.add_argument("--hex", action="store_true",
                        help="the input is hex text (whitespace ignored)")
    args = parser.parse_args(argv)
    try:
        data = read_input(args.file, args.hex)
    except (OSError, ValueError) as e:
        parser.exit(2, f"fips140_2: error: {e}\n")
    if len(data) < STREAM_BYTES:
        parser.exit(2, f"fips140_2: error: {len(data)} bytes; the tests need {STREAM_BYTES}\n")
    results = check(data[:STREAM_BYTES])
    for name, statistic, passed in results:
        print(f"{name:<9} {'pass' if passed else 'FAIL'}  {statistic}")
    return 0 if all(passed for _, _, passed in results) else 1


if __name__ == "__main__":
    sys.exit(main())
