#!/usr/bin/env python3
"""Self-test of the seed-quality tools: tests/fips140_2.py (FIPS PUB 140-2 section 4.9.1) on
a hash stream that must pass, on hand-checkable streams with exact statistics, and on crafted
streams that each fail exactly the intended test; tools/sram_entropy.py (NIST SP 800-90B
section 6.3.1, pooled most common value) on dumps synthesised with the simulated runners' SRAM
model (a SplitMix64 fingerprint, each bit flipped with probability P at each boot), run as a
subprocess: the flip rate is recovered, a noiseless fingerprint has no entropy, bad input
exits 2. Run as python3 tests/check_rng_tools.py; a failure prints a FAIL line, exits 1."""
import hashlib
import json
import os
import random
import subprocess
import sys
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import fips140_2  # noqa: E402
import sram_entropy  # noqa: E402

FIPS_CLI = os.path.join(ROOT, "tests", "fips140_2.py")
ESTIMATOR_CLI = os.path.join(ROOT, "tools", "sram_entropy.py")
TESTS = ("monobit", "poker", "runs", "long run")
failures = 0


def expect(condition, what, detail=""):
    """Counts a failure and goes on, so that one run reports every broken check."""
    global failures
    if condition:
        print("ok:", what)
    else:
        failures += 1
        print(f"check_rng_tools: FAIL: {what}: {detail}")


def stream(label, size=fips140_2.STREAM_BYTES):
    return hashlib.shake_256(label.encode()).digest(size)


def from_bits(bits):
    return bytes(int("".join(map(str, bits[i:i + 8])), 2) for i in range(0, len(bits), 8))


def from_nibbles(nibbles):
    return bytes(high << 4 | low for high, low in zip(nibbles[0::2], nibbles[1::2]))


def nibbles_of(data):
    return [n for byte in data for n in (byte >> 4, byte & 15)]


def failed_tests(data):
    return {name for name, _, passed in fips140_2.check(data) if not passed}


def statistics(data):
    return {name: statistic for name, statistic, _ in fips140_2.check(data)}


def expect_fails(data, intended, what):
    failed = failed_tests(data)
    expect(failed == set(intended), f"{what}: fails {', '.join(sorted(intended)) or 'nothing'}",
           f"failed: {sorted(failed)}; statistics: {statistics(data)}")


def check_fips():
    good = stream("microsalt FIPS 140-2 self-test")
    expect_fails(good, [], "SHAKE256 stream")

    expect(statistics(bytes(2500)) == {
        "monobit": "0", "poker": "75000.0000",
        "runs": "0s 0* 0* 0* 0* 0* 1*; 1s 0* 0* 0* 0* 0* 0*", "long run": "20000"},
        "all zeros: exact statistics (f(0) = 5000: poker X = 16/5000 * 5000^2 - 5000)",
        statistics(bytes(2500)))
    expect_fails(bytes(2500), TESTS, "all zeros")
    # 00001111 repeated: balanced, but 2,500 each of two nibbles and only runs of 4.
    expect(statistics(b"\x0f" * 2500) == {
        "monobit": "10000", "poker": "35000.0000",
        "runs": "0s 0* 0* 0* 2500* 0* 0*; 1s 0* 0* 0* 2500* 0* 0*", "long run": "4"},
        "0x0f repeated: exact statistics", statistics(b"\x0f" * 2500))
    expect_fails(b"\x0f" * 2500, ["poker", "runs"], "0x0f repeated")
    # MSB first: 0x80 then zeros is one 1-run of length 1 between nothing and 19,999 zeros.
    expect(statistics(b"\x80" + bytes(2499))["runs"] ==
           "0s 0* 0* 0* 0* 0* 1*; 1s 1* 0* 0* 0* 0* 0*", "bit order: most significant bit first")

    # The bounds are strict: 9,725 < X < 10,275.
    for ones, passes in ((9725, False), (9726, True), (10274, True), (10275, False)):
        data = b"\xff" * (ones // 8) + bytes([(0xff00 >> (ones % 8)) & 0xff])
        data += bytes(2500 - len(data))
        monobit = fips140_2.check(data)[0]
        expect(monobit == ("monobit", str(ones), passes),
               f"monobit with {ones} ones {'passes' if passes else 'fails'}", monobit)

    bits = fips140_2.bits_of(good)
    zeros = [i for i, bit in enumerate(bits) if bit == 0]
    excess = 10300 - sum(bits)
    for i in zeros[::len(zeros) // excess][:excess]:
        bits[i] = 1
    expect_fails(from_bits(bits), ["monobit"], "good stream with zeros spread-set to 10,300 ones")

    # Too uniform: every nibble 312 or 313 times (X = 16/5000 * 1562504 - 5000 = 0.0128), in
    # random order. The 313s go to nibbles of 16 ones in all, to keep exactly 10,000 ones.
    balanced = (0x0, 0x3, 0x5, 0x6, 0x9, 0xA, 0xC, 0xF)
    nibbles = [n for n in range(16) for _ in range(313 if n in balanced else 312)]
    random.Random("poker uniform").shuffle(nibbles)
    uniform = from_nibbles(nibbles)
    expect(statistics(uniform)["poker"] == "0.0128", "too-uniform nibbles: poker X = 0.0128",
           statistics(uniform))
    expect_fails(uniform, ["poker"], "too-uniform nibbles")
    # Too skewed: about 4% of the nibbles replaced by 0010 or its complement 1101.
    nibbles = nibbles_of(good)
    choice = stream("poker skew", len(nibbles))
    for i, c in enumerate(choice):
        if c < 10:
            nibbles[i] = 0b0010 if c & 1 else 0b1101
    expect_fails(from_nibbles(nibbles), ["poker"], "good stream with 0010/1101 over-represented")

    # The good stream's nibbles reordered so that, wherever the supply allows, each starts with
    # the complement of the previous one's last bit: the same nibbles (monobit and poker
    # unchanged), but runs rarely cross a nibble boundary, so short runs abound and long
    # ones vanish.
    supply = {0: [], 1: []}
    for n in reversed(nibbles_of(good)):
        supply[n >> 3].append(n)
    reordered = []
    last_bit = 1
    while supply[0] or supply[1]:
        wanted = supply[last_bit ^ 1] or supply[last_bit]
        reordered.append(wanted.pop())
        last_bit = reordered[-1] & 1
    reordered = from_nibbles(reordered)
    expect(statistics(reordered)["monobit"] == statistics(good)["monobit"]
           and statistics(reordered)["poker"] == statistics(good)["poker"],
           "reordered nibbles: same monobit and poker statistics", statistics(reordered))
    expect_fails(reordered, ["runs"], "good stream's nibbles reordered to break runs")

    for length, intended in ((25, []), (26, ["long run"])):
        bits = fips140_2.bits_of(good)
        bits[9999:10001 + length] = [0] + [1] * length + [0]
        data = from_bits(bits[:20000])
        expect(statistics(data)["long run"] == str(length),
               f"run of {length} ones: longest run {length}", statistics(data))
        expect_fails(data, intended, f"good stream with a run of {length} ones")

    check_fips_cli(good)


def run(args, stdin=None):
    return subprocess.run([sys.executable] + args, input=stdin, capture_output=True)


def check_fips_cli(good):
    with tempfile.TemporaryDirectory() as tmp:
        raw = os.path.join(tmp, "good.bin")
        with open(raw, "wb") as f:
            f.write(good + b"\0" * 100)
        done = run([FIPS_CLI, raw])
        expect(done.returncode == 0 and len(done.stdout.splitlines()) == 4,
               "fips140_2.py FILE passes the first 2,500 bytes of the stream", done)
    done = run([FIPS_CLI, "--hex", "-"], good.hex().encode())
    expect(done.returncode == 0, "fips140_2.py --hex - passes the stream as hex", done)
    done = run([FIPS_CLI, "-"], bytes(2500))
    expect(done.returncode == 1 and done.stdout.count(b"FAIL") == 4,
           "fips140_2.py - fails all zeros with exit 1", done)
    done = run([FIPS_CLI, "-"], good[:2499])
    expect(done.returncode == 2 and b"2500" in done.stderr,
           "fips140_2.py refuses 2,499 bytes with exit 2", done)


def splitmix64_bytes(seed, size):
    """The runners' SRAM fingerprint: SplitMix64 outputs, each least significant byte first."""
    mask = (1 << 64) - 1
    state = seed
    out = bytearray()
    while len(out) < size:
        state = (state + 0x9E3779B97F4A7C15) & mask
        z = state
        z = ((z ^ (z >> 30)) * 0xBF58476D1CE4E5B9) & mask
        z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & mask
        out += (z ^ (z >> 31)).to_bytes(8, "little")
    return bytes(out[:size])


def boot(fingerprint, flip_rate, rng):
    flipped = bytearray(fingerprint)
    if flip_rate:
        for i in range(len(flipped)):
            for shift in range(8):
                if rng.random() < flip_rate:
                    flipped[i] ^= 1 << shift
    return bytes(flipped)


def dump_text(data):
    lines = ["@nv boot", f"@sram bytes={len(data)}"]
    lines += [f"@sram-data {data[i:i + 32].hex()}" for i in range(0, len(data), 32)]
    lines += ["@sram end", "@measure done"]
    return "\n".join(lines) + "\n"


def write_dumps(directory, name, texts):
    paths = []
    for n, text in enumerate(texts):
        path = os.path.join(directory, f"{name}-{n:02d}.txt")
        with open(path, "w") as f:
            f.write(text)
        paths.append(path)
    return paths


def estimator(paths, *options):
    done = run([ESTIMATOR_CLI, "--json", *options, *paths])
    if done.returncode != 0:
        return done, None
    return done, json.loads(done.stdout)


BOOTS, SIZE = 16, 1600
TOLERANCE = 0.15  # relative; the sampling error of q_hat is about 1.3% of P at P = 0.03


def check_estimator():
    # Two boots of one byte, 0x00 and 0x01: bit 0 differs, so p_hat = 15/16, and
    # p_u = 15/16 + 2.576 * sqrt((15/16) (1/16) / 15) = 1.0985..., clamped to 1.
    tiny = sram_entropy.estimate([b"\x00", b"\x01"])
    expect(tiny["flip_rate"] == 1 / 16 and tiny["p_u"] == 1.0
           and tiny["min_entropy_per_bit"] == 0.0 and tiny["bytes_needed"] is None
           and tiny["stable_fraction"] == 7 / 8 and tiny["ones_fraction"] == 1 / 16,
           "estimate of boots 0x00, 0x01: hand-checked values", tiny)

    expect(splitmix64_bytes(0, 8) == (0xE220A8397B1DCDAF).to_bytes(8, "little"),
           "SplitMix64 from state 0: first output 0xE220A8397B1DCDAF")
    with tempfile.TemporaryDirectory() as tmp:
        for seed, flip_rate in ((1, 0.03), (2, 0.10), (3, 0.0)):
            fingerprint = splitmix64_bytes(seed, SIZE)
            rng = random.Random(seed)
            texts = [dump_text(boot(fingerprint, flip_rate, rng)) for _ in range(BOOTS)]
            paths = write_dumps(tmp, f"p{flip_rate}", texts)
            done, result = estimator(paths)
            if result is None:
                expect(False, f"P = {flip_rate:g}: the estimator runs", done)
                continue
            expected_keys = {"boots", "bytes", "flip_rate", "p_u", "min_entropy_per_bit",
                             "bytes_needed", "target_bits", "stable_fraction", "ones_fraction"}
            expect(expected_keys <= set(result) and result["boots"] == BOOTS
                   and result["bytes"] == SIZE and result["target_bits"] == 384,
                   f"P = {flip_rate:g}: JSON keys and sizes", result)
            if flip_rate:
                expect(abs(result["flip_rate"] - flip_rate) <= TOLERANCE * flip_rate,
                       f"P = {flip_rate:g}: flip rate {result['flip_rate']:.5f} within "
                       f"{TOLERANCE:.0%} of P", result)
                expect(result["bytes_needed"] is not None
                       and result["sufficient"] == (result["bytes_needed"] <= SIZE),
                       f"P = {flip_rate:g}: {result['bytes_needed']} bytes for 384 bits, "
                       f"min-entropy {result['min_entropy_per_bit']:.4f} bits per bit", result)
            else:
                expect(result["min_entropy_per_bit"] < 0.001 and result["bytes_needed"] is None
                       and not result["sufficient"] and result["stable_fraction"] == 1.0,
                       "P = 0: no entropy, bytes_needed null", result)
                done = run([ESTIMATOR_CLI, *paths])
                expect(done.returncode == 0 and b"not achievable" in done.stdout,
                       "P = 0: the summary says not achievable", done)
            if flip_rate == 0.03:
                done, wanted = estimator(paths, "--target-bits", "128")
                expect(wanted is not None and wanted["target_bits"] == 128
                       and wanted["bytes_needed"] < result["bytes_needed"],
                       "--target-bits 128 needs fewer bytes", wanted)

        fingerprint = splitmix64_bytes(4, SIZE)
        good = write_dumps(tmp, "good", [dump_text(fingerprint)] * 2)
        short = write_dumps(tmp, "short", [dump_text(fingerprint[:-1])])
        truncated = write_dumps(tmp, "truncated", [dump_text(fingerprint).replace("@sram end", "")])
        miscounted = write_dumps(tmp, "miscounted", [
            dump_text(fingerprint).replace(f"bytes={SIZE}", f"bytes={SIZE + 1}")])
        twice = write_dumps(tmp, "twice", [dump_text(fingerprint) * 2])
        empty = write_dumps(tmp, "none", ["@nv boot\n@measure done\n"])
        for what, paths in (("one dump", good[:1]), ("different lengths", good[:1] + short),
                            ("no @sram block", good[:1] + empty),
                            ("no '@sram end'", good[:1] + truncated),
                            ("fewer bytes than declared", good[:1] + miscounted),
                            ("two blocks in one file", good[:1] + twice),
                            ("a missing file", good[:1] + [os.path.join(tmp, "absent")])):
            done = run([ESTIMATOR_CLI, *paths])
            expect(done.returncode == 2 and b"error" in done.stderr,
                   f"bad input ({what}) exits 2: {done.stderr.decode().strip()}", done)


def main():
    check_fips()
    check_estimator()
    if failures:
        sys.exit(f"check_rng_tools: FAIL: {failures} check(s) failed")
    print("check_rng_tools: all checks passed")


if __name__ == "__main__":
    main()
