#!/usr/bin/env python3
"""Characterise a board's SRAM start-up noise as a seed source, from dumps of N >= 2 power-ups
of ONE board (each file the captured output of one boot of tests/target/sram_dump.c):

    @sram bytes=1600
    @sram-data 00ff12...   (hex, 32 bytes a line; the last line may be shorter)
    @sram end

Other lines around the block are ignored.

For every bit position the most common value over the N boots is counted, and the counts are
pooled into the most-common-value estimate of NIST SP 800-90B section 6.3.1:

    p_hat = (sum over bits of the majority count) / (N * nbits)
    p_u   = min(1, p_hat + 2.576 * sqrt(p_hat * (1 - p_hat) / (N * nbits - 1)))
    H     = -log2(p_u)   (min-entropy per SRAM bit)

The flip rate estimate is q_hat = 1 - p_hat: in the simulated runners' model (a fixed random
fingerprint of which each bit flips independently with probability P at each power-up) it
estimates P. The bytes to collect for T bits of min-entropy are ceil(T / (8 * H)); when H is 0
(no bit ever changed) no amount is enough, and --json reports bytes_needed as null.

Caveats:
  * Pooling assumes the bits are alike. Real SRAM mixes strongly skewed cells with a few
    near-balanced ones; the pooled figure is an average, not a per-bit guarantee.
  * With few boots the majority value of each bit is itself estimated from the same data, so
    a noisy bit's rarer value is sometimes taken for its majority: q_hat slightly
    underestimates the flip rate (negligibly for small P and N >= 16).
  * H is the entropy of the boot-to-boot noise given the fingerprint. The fingerprint bits
    (the values stable across boots) are the bulk of the dump and carry no entropy against
    an attacker who knows the device (has read its SRAM, or holds one of its dumps).
The stable fraction (bits equal in all N boots) and the fraction of ones are informational.

Usage: python3 tools/sram_entropy.py [--json] [--target-bits T] DUMP DUMP [DUMP ...]
Exit status 0, or 2 with a message on bad input.
"""
import argparse
import json
import math
import sys

DEFAULT_TARGET_BITS = 384
# One-sided 99% upper confidence bound, as SP 800-90B section 6.3.1 uses.
Z_99 = 2.576


class DumpError(ValueError):
    pass


def parse_dump(text):
    """The bytes of the single @sram block in text (the output of one boot)."""
    blocks = []
    declared = None
    hex_parts = None
    for line in text.splitlines():
        fields = line.split()
        if not fields or not fields[0].startswith("@sram"):
            continue
        if fields[0] == "@sram" and len(fields) == 2 and fields[1].startswith("bytes="):
            if hex_parts is not None:
                raise DumpError("an @sram block starts inside another")
            try:
                declared = int(fields[1][len("bytes="):])
            except ValueError:
                raise DumpError(f"bad line: {line.strip()}") from None
            hex_parts = []
        elif fields[0] == "@sram-data" and len(fields) == 2 and hex_parts is not None:
            hex_parts.append(fields[1])
        elif fields == ["@sram", "end"] and hex_parts is not None:
            try:
                data = bytes.fromhex("".join(hex_parts))
            except ValueError:
                raise DumpError("@sram-data lines are not hex") from None
            if len(data) != declared:
                raise DumpError(f"@sram block declares {declared} bytes but holds {len(data)}")
            blocks.append(data)
            hex_parts = None
        else:
            raise DumpError(f"unexpected line: {line.strip()}")
    if hex_parts is not None:
        raise DumpError("@sram block without '@sram end'")
    if not blocks:
        raise DumpError("no @sram block")
    if len(blocks) > 1:
        # Concatenated captures would pass for one longer boot's worth of statistics.
        raise DumpError(f"{len(blocks)} @sram blocks; give one boot per file")
    return blocks[0]


def estimate(dumps, target_bits=DEFAULT_TARGET_BITS):
    """The estimates (the --json keys) from the dumps of N >= 2 boots of one board."""
    if len(dumps) < 2:
        raise DumpError(f"{len(dumps)} dump(s); the estimate needs at least 2 boots")
    if len({len(d) for d in dumps}) != 1:
        raise DumpError("the dumps differ in length: " + ", ".join(str(len(d)) for d in dumps))
    if not dumps[0]:
        raise DumpError("the dumps are empty")
    boots = len(dumps)
    nbits = 8 * len(dumps[0])
    majority_total = 0
    stable = 0
    ones_total = 0
    for column in zip(*dumps):
        for shift in range(8):
            ones = sum((byte >> shift) & 1 for byte in column)
            majority_total += max(ones, boots - ones)
            stable += ones in (0, boots)
            ones_total += ones
    samples = boots * nbits
    p_hat = majority_total / samples
    p_u = min(1.0, p_hat + Z_99 * math.sqrt(p_hat * (1 - p_hat) / (samples - 1)))
    # max(0.0, ...) turns log2(1)'s -0.0 into 0.0.
    min_entropy = max(0.0, -math.log2(p_u))
    bytes_needed = math.ceil(target_bits / (8 * min_entropy)) if min_entropy > 0 else None
    return {
        "boots": boots,
        "bytes": len(dumps[0]),
        "flip_rate": 1 - p_hat,
        "p_u": p_u,
        "min_entropy_per_bit": min_entropy,
        "bytes_needed": bytes_needed,
        "target_bits": target_bits,
        "sufficient": bytes_needed is not None and bytes_needed <= len(dumps[0]),
        "stable_fraction": stable / nbits,
        "ones_fraction": ones_total / samples,
    }


def summary(result):
    boots, size = result["boots"], result["bytes"]
    lines = [
        f"boots: {boots} of {size} bytes ({8 * size} bits)",
        f"flip rate (1 - p_hat): {result['flip_rate']:.5f}",
        f"p_u (99% upper bound of the most common value's probability): {result['p_u']:.5f}",
        f"min-entropy: {result['min_entropy_per_bit']:.5f} bits per SRAM bit",
    ]
    target = result["target_bits"]
    if result["bytes_needed"] is None:
        lines.append(f"bytes for {target} bits of min-entropy: not achievable "
                     f"(no bit changed across the {boots} boots)")
    else:
        verdict = "suffices" if result["sufficient"] else "does NOT suffice"
        lines.append(f"bytes for {target} bits of min-entropy: {result['bytes_needed']} "
                     f"(the {size}-byte dump {verdict})")
    lines += [
        f"stable bits (equal in all {boots} boots): {result['stable_fraction']:.2%}",
        f"bits equal to 1: {result['ones_fraction']:.2%}",
    ]
    return "\n".join(lines)


def positive_int(text):
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"{text} is not a positive integer")
    return value


def main(argv=None):
    parser = argparse.ArgumentParser(
        description="Estimate the min-entropy of a board's SRAM start-up noise "
                    "(NIST SP 800-90B section 6.3.1, pooled over bits) from N >= 2 boot dumps.")
    parser.add_argument("dumps", nargs="+", metavar="DUMP",
                        help="the captured output of one power-up of the board")
    parser.add_argument("--target-bits", type=positive_int, default=DEFAULT_TARGET_BITS,
                        help=f"min-entropy the seed needs (default {DEFAULT_TARGET_BITS})")
    parser.add_argument("--json", action="store_true", help="print the estimates as JSON")
    args = parser.parse_args(argv)
    dumps = []
    try:
        for path in args.dumps:
            with open(path, encoding="utf-8", errors="replace") as f:
                try:
                    dumps.append(parse_dump(f.read()))
                except DumpError as e:
                    raise DumpError(f"{path}: {e}") from None
        result = estimate(dumps, args.target_bits)
    except (OSError, DumpError) as e:
        parser.exit(2, f"sram_entropy: error: {e}\n")
    print(json.dumps(result, indent=2) if args.json else summary(result))
    return 0


if __name__ == "__main__":
    sys.exit(main())
