#!/usr/bin/env python3
"""The bare-metal generator and the SRAM characterisation tool on a simulated target.

Usage: rng_check.py TARGET ...   (tests/target/run.py calls check() for every target)

tests/target/rng.c is booted as the runners' simulated SRAM power-ups make it
(platform/hal/hal.h: --sram, --sram-device, --sram-boot, --sram-noise, --nv):
  - two boots of one device give different output, and replaying a boot gives the same;
  - other devices differ too, and initialisation and a request take the same cycles and the
    same trace whatever the SRAM and the stored seed held (the constant-time verdicts of
    randombytes_seed_sram and randombytes_generate, which bench/lab.py reports);
  - all zeros and all ones fail initialisation, and randombytes then stops in
    randombytes_fatal (exit 3): never weak bytes;
  - a noiseless fingerprint repeats its output without persistence, and no longer does with
    the seed persisted in the runner's non-volatile store;
  - generator output before initialisation is refused, and a second initialisation from the
    region the first overwrote (what a warm reset finds) succeeds;
  - 20,000 output bits of each device pass FIPS 140-2's four tests (tests/fips140_2.py).
Then tests/target/sram_dump.c is booted 16 times as one device with a known flip rate, and
tools/sram_entropy.py must recover the rate within 15% from the dumps.
"""
import os
import subprocess
import sys
import tempfile

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "tests"))
sys.path.insert(0, os.path.join(ROOT, "tools"))
import fips140_2  # noqa: E402
import sram_entropy  # noqa: E402

FIRMWARE = ["rng", "sram_dump"]
DUMP_BOOTS = 16
DUMP_NOISE = 0.03
DUMP_TOLERANCE = 0.15


def runner(target):
    """The target's runner command (the Makefile's RUNNER), as a list."""
    out = subprocess.run(["make", "--no-print-directory", "-s", "fw-vars", "CONFIG=" + target],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    for line in out.splitlines():
        if line.startswith("RUNNER="):
            return line[len("RUNNER="):].split()
    raise RuntimeError("make fw-vars CONFIG=%s gave no RUNNER" % target)


class Boot:
    """One run of tests/target/rng.c, parsed."""

    def __init__(self, code, output):
        self.code, self.output = code, output
        self.refused = self.init = self.warm = None
        self.fatal = False
        data, self.measures = [], {}
        for line in output.splitlines():
            f = line.split()
            if line.startswith("@rng refused="):
                self.refused = line.endswith("=1")
            elif line.startswith("@rng init="):
                self.init = int(line.split("=", 1)[1])
            elif line.startswith("@rng-data "):
                data.append(f[1])
            elif line.startswith("@rng warm="):
                self.warm = (int(f[1].split("=", 1)[1]), f[2])
            elif line == "@rng fatal":
                self.fatal = True
            elif line.startswith("@measure "):
                fields = dict(kv.split("=", 1) for kv in f[1:])
                self.measures[int(fields["id"])] = fields
        self.data = bytes.fromhex("".join(data))


def check(target):
    """Returns (report lines, problems, constant-time verdicts by function)."""
    base = runner(target)
    elf = {fw: os.path.join(ROOT, "build", target, "fw", fw + ".elf") for fw in FIRMWARE}
    report, problems = [], []

    def boot(*flags):
        proc = subprocess.run(base + list(flags) + [elf["rng"]], cwd=ROOT, capture_output=True,
                              text=True)
        return Boot(proc.returncode, proc.stdout + proc.stderr)

    def want(ok, what, b=None):
        if not ok:
            problems.append("%s rng: %s%s" % (target, what,
                                              "\n" + b.output[-1500:] if b is not None else ""))
        return ok

    def good(b, what):
        return want(b.code == 0 and b.refused and b.init == 0 and len(b.data) == 2500 and
                    b.warm is not None and b.warm[0] == 0, "%s: exit %d, refused %s, init %s, "
                    "%d bytes, warm %s" % (what, b.code, b.refused, b.init, len(b.data),
                                           b.warm), b)

    def device(n, boot_no, *more):
        return boot("--sram", "device", "--sram-device", str(n), "--sram-boot", str(boot_no),
                    *more)

    with tempfile.TemporaryDirectory() as tmp:
        nv = os.path.join(tmp, "nv")
        boots = {
            "device 7, boot 1": device(7, 1),
            "device 7, boot 1 again": device(7, 1),
            "device 7, boot 2": device(7, 2),
            "device 8, boot 1": device(8, 1),
            "noiseless device 9, boot 1": device(9, 1, "--sram-noise", "0"),
            "noiseless device 9, boot 2": device(9, 2, "--sram-noise", "0"),
            "noiseless device 9, boot 1, persisted": device(9, 1, "--sram-noise", "0",
                                                            "--nv", nv),
            "noiseless device 9, boot 2, persisted": device(9, 2, "--sram-noise", "0",
                                                            "--nv", nv),
            "device 8, boot 2, persisted": device(8, 2, "--nv", nv),
        }
        failing = {"all zeros": boot("--sram", "zeros"), "all ones": boot("--sram", "ones")}
        dumps = []
        for n in range(DUMP_BOOTS):
            proc = subprocess.run(base + ["--sram", "device", "--sram-device", "5", "--sram-boot",
                                          str(n), "--sram-noise", str(DUMP_NOISE),
                                          elf["sram_dump"]], cwd=ROOT, capture_output=True,
                                  text=True)
            want(proc.returncode == 0, "sram_dump exited with %d" % proc.returncode)
            dumps.append(proc.stdout)

    if not all(good(b, name) for name, b in boots.items()):
        return report, problems, {}
    data = {name: b.data for name, b in boots.items()}
    want(boots["device 7, boot 1"].output == boots["device 7, boot 1 again"].output,
         "a replayed boot gave different output")
    distinct = ["device 7, boot 1", "device 7, boot 2", "device 8, boot 1",
                "noiseless device 9, boot 1", "noiseless device 9, boot 2, persisted",
                "device 8, boot 2, persisted"]
    for i, a in enumerate(distinct):
        for b in distinct[i + 1:]:
            want(data[a] != data[b], "%s and %s gave the same output" % (a, b))
    want(data["noiseless device 9, boot 1"] == data["noiseless device 9, boot 2"],
         "a noiseless fingerprint without persistence changed its output (the test could not "
         "show what persistence adds)")
    want(data["noiseless device 9, boot 1, persisted"] == data["noiseless device 9, boot 1"],
         "a fresh store changed the first boot's output")
    for name, b in boots.items():
        want(b.warm[1] != b.data[:32].hex(), "%s: the warm reinitialisation repeated output"
             % name)
    for name, b in failing.items():
        want(b.code == 3 and b.init == -1 and b.fatal and b.refused and not b.data,
             "%s: initialisation must fail and randombytes stop in randombytes_fatal (exit 3); "
             "got exit %d, init %s" % (name, b.code, b.init), b)
    fips_failed = []
    for name in distinct:
        results = fips140_2.check(data[name])
        fips_failed += ["%s: %s %s" % (name, t, stat) for t, stat, ok in results if not ok]
    want(not fips_failed, "FIPS 140-2 tests failed: %s" % "; ".join(fips_failed))

    # Whether a seed is stored is public (the store says so before any secret is read), so
    # boots are compared with the boots that found the same: a stored seed or none.
    verdicts = {}
    seeded = {"noiseless device 9, boot 2, persisted", "device 8, boot 2, persisted"}
    for ident, function in ((1, "randombytes_seed_sram"), (2, "randombytes_generate")):
        ok = True
        for group in (seeded, set(boots) - seeded):
            runs = {(m["cycles"], m["instructions"], m["stack"], m["trace"], m.get("varlat"))
                    for m in (boots[n].measures.get(ident) for n in group) if m is not None}
            ok &= len(runs) == 1 and all(ident in boots[n].measures for n in group)
            want(ok, "%s: cycles, stack or trace differ with the SRAM contents: %s"
                 % (function, sorted(runs)))
        verdicts[function] = ok
    cycles = boots["device 7, boot 1"].measures
    report.append("    rng: %d boots; init %s cycles, 32-byte request %s cycles, the same for "
                  "every SRAM; FIPS 140-2 passed on %d x 20,000 bits" %
                  (len(boots) + len(failing), cycles[1]["cycles"], cycles[2]["cycles"],
                   len(distinct)))

    try:
        est = sram_entropy.estimate([sram_entropy.parse_dump(d) for d in dumps])
    except sram_entropy.DumpError as e:
        want(False, "sram_dump output unreadable: %s" % e)
        return report, problems, verdicts
    want(abs(est["flip_rate"] - DUMP_NOISE) <= DUMP_TOLERANCE * DUMP_NOISE,
         "tools/sram_entropy.py estimated a flip rate of %.4f from %d dumps with %.2f" %
         (est["flip_rate"], DUMP_BOOTS, DUMP_NOISE))
    report.append("    sram_dump: %d boots with flip rate %.2f, estimated %.4f, %.4f bits per "
                  "bit, %s bytes for 384 bits" % (DUMP_BOOTS, DUMP_NOISE, est["flip_rate"],
                                                  est["min_entropy_per_bit"], est["bytes_needed"]))
    return report, problems, verdicts


def main():
    failed = False
    for target in sys.argv[1:]:
        subprocess.run(["make", "--no-print-directory", "-s", "runner", "CONFIG=" + target] +
                       ["build/%s/fw/%s.elf" % (target, fw) for fw in FIRMWARE], cwd=ROOT,
                       check=True)
        report, problems, _ = check(target)
        print("== %s\n%s" % (target, "\n".join(report)))
        for p in problems:
            print(" - " + p)
        failed |= bool(problems)
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
