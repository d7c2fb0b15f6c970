#!/usr/bin/env python3
"""Runs the test firmware on the simulated targets and judges it.

Usage: run.py [TARGET ...]      (default: every simulated target of targets.txt)

For each target: the suite firmware of every group (suite_<group>.c) must exit 0 and report
no failures; the constant-time firmware (ct_<group>.c) must give, for every measured
operation, identical cycles, instruction counts, stack depths and traces across all its runs
with different secrets, while its deliberately leaky comparison must not (otherwise the check
could not see a leak on that target). The kernel firmware (kernels.c) compares every kernel of
tests/kernels/kernels.def with its twin through the ABI check, and ct_kernels.c checks each in
constant time (but for the kernels of public operands, *_public, whose twins only it checks); a
kernel whose native symbol is in the target's library must be the one in use.
The bare-metal random generator is booted on simulated SRAM power-ups (rng_check.py).
Firmware that states more RAM than a target has (FIRMWARE_RAM_BYTES) is reported as not
fitting. Any failure fails the run; nothing is skipped.
"""
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import time

HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
sys.path.insert(0, os.path.join(ROOT, "platform"))
import targets as target_table  # noqa: E402  (platform/targets.py)
import rng_check  # noqa: E402  (beside this file)

TARGETS = target_table.simulated()
# The vector groups: one suite_<group>.c and ct_<group>.c each.
GROUPS = sorted(os.path.basename(f)[len("suite_"):-2]
                for f in glob.glob(os.path.join(HERE, "suite_*.c")))
# Slow jobs first, so that the two workers finish together: the Cortex-M runner follows
# every data access of the constant-time firmware in Python.
TARGET_WEIGHT = {"cortex-m0": 3, "cortex-m0-small": 3, "cortex-m3": 3, "cortex-m3-small": 3,
                 "cortex-m4": 2}
FIRMWARE_WEIGHT = {"ct_dh": 8, "ct_kem": 8, "ct_sign": 4, "kem": 3, "rng": 2}
# The generator's job (tests/target/rng_check.py): several boots of its firmware with the
# runners' simulated SRAM power-ups, judged together.
RNG_JOB = "rng"
MEASURE = re.compile(r"^@measure (.*)$")


def ct_checks():
    """tests/target/ct_checks.def: [(check name, [functions it covers])], ids from 1."""
    text = open(os.path.join(HERE, "ct_checks.def")).read()
    return [(n, covers.split()) for n, covers in re.findall(r'^CT\((\w+), "([^"]*)"\)', text,
                                                            re.M)]


def ct_names():
    """The constant-time firmware's measurement ids and their check names."""
    return {i + 1: n for i, (n, _) in enumerate(ct_checks())}


def verdicts_by_function(verdicts):
    """A function is constant time when every check that covers it passed; kernel entries
    (kernel_<name>[_portable]) are their own checks."""
    by_function = {k: v for k, v in verdicts.items() if k.startswith("kernel_")}
    for check, covers in ct_checks():
        for function in covers:
            if check in verdicts and by_function.get(function, True) is not None:
                by_function[function] = by_function.get(function, True) and verdicts[check]
            else:
                by_function[function] = None  # a check that did not run on this target
    return {k: v for k, v in by_function.items() if v is not None}


def kernel_groups():
    """tests/kernels/kernels.def as {group: [kernel names in order]}, groups in order."""
    text = open(os.path.join(ROOT, "tests", "kernels", "kernels.def")).read()
    groups = {}
    for group, name in re.findall(r"^KERNEL_(\w+)\((\w+),", text, re.M):
        groups.setdefault(group, []).append(name)
    return groups


def kernel_names():
    """The kernels of tests/kernels/kernels.def, in order."""
    return [k for names in kernel_groups().values() for k in names]


def public_kernel(name):
    """Whether the kernel takes public operands only, and so may take variable time (the
    field's fe_mul_public and fe_sq_public, src/curve25519/fe25519.h): kernels.def names them
    so."""
    return name.endswith("_public")


def library_symbols(target, objects=None):
    """The functions the target's library defines (objects: only those of these files)."""
    nm = target_table.by_name(target)["cc"].replace("gcc", "nm")
    files = objects or [os.path.join(ROOT, "build", target, "libmicrosalt.a")]
    out = subprocess.run([nm, "--defined-only"] + files, capture_output=True, text=True,
                         check=True).stdout
    return {l.split()[-1] for l in out.splitlines() if " T " in l}


def native_symbols(target):
    """The functions the target's architecture directories (src/arch/) compiled."""
    objects = glob.glob(os.path.join(ROOT, "build", target, "obj", "arch", "*", "*.o"))
    return library_symbols(target, objects) if objects else set()


def run_firmware(target, name):
    """Builds and runs tests/target/<name>.c on target; returns (exit code, output, seconds)."""
    start = time.time()
    proc = subprocess.run(["make", "--no-print-directory", "-s", "-j2", "run-" + name,
                           "CONFIG=" + target], cwd=ROOT, capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr, time.time() - start


def run_rng(target):
    """tests/target/rng_check.py's judgement of target: (report, problems, verdicts, seconds)."""
    start = time.time()
    return rng_check.check(target) + (time.time() - start,)


def expected_runs(target, name):
    """How many runs ctcheck.c makes of the operation `name` on target (its RUNS, KEM_RUNS and
    KEM_REF_RUNS)."""
    avr = target.startswith("avr-")
    if name.startswith("CT_KEM_REF_"):
        return 4 if avr else 2
    if name.startswith("CT_KEM_"):
        return 4
    return 8 if avr else 4


def parse_measures(output):
    """The runs of each measurement: by the name its `@op` line gives, else by its id."""
    runs, name = {}, None
    for line in output.splitlines():
        if line.startswith("@op "):
            name = dict(kv.split("=", 1) for kv in line[4:].split())["name"]
            continue
        m = MEASURE.match(line)
        if m:
            fields = dict(kv.split("=", 1) for kv in m.group(1).split())
            runs.setdefault(name or int(fields["id"]), []).append(fields)
            name = None
    return runs


def judge_ct(target, group, output, names, problems, report, verdicts):
    runs = parse_measures(output)
    if group.startswith("kernels_"):
        # Each kernel and its twin, whether or not the kernel is native.
        want = {"kernel_" + k + suffix for k in kernel_groups()[group[len("kernels_"):]]
                for suffix in ("", "_portable")}
        missing = want - set(runs)
        if missing:
            problems.append("%s ct_%s: no measurement of %s" %
                            (target, group, ", ".join(sorted(missing))))
    if not runs:
        problems.append("%s ct_%s: no measurements" % (target, group))
    for ident, records in sorted(runs.items(), key=lambda item: str(item[0])):
        name = names.get(ident, str(ident))
        keys = [k for k in records[0] if k != "id"]
        distinct = {tuple(r.get(k) for k in keys) for r in records}
        expected = expected_runs(target, name)
        if len(records) != expected:
            problems.append("%s %s: %d runs, expected %d" % (target, name, len(records),
                                                            expected))
        elif name == "CT_LEAKY":
            if len(distinct) == 1:
                problems.append("%s: the leaky comparison ran identically every time: the check "
                                "cannot see leaks on this target" % target)
            else:
                report.append("  %-22s leak seen, as it must be (%d distinct runs)" %
                              (name, len(distinct)))
        elif name.startswith("kernel_") and public_kernel(name[len("kernel_"):]):
            # Its cycles and trace (the operands of its long multiplies) may follow the
            # operands; its path may not: straight-line code, the same instructions, stack and
            # count of variable-latency instructions on every operand. Its twin
            # (kernel_<name>_portable) is judged as any other.
            path = [k for k in ("instructions", "stack", "varlat")
                    if len({r.get(k) for r in records}) > 1]
            verdicts[name] = "n/a"
            if path:
                problems.append("%s %s: a public-operand kernel whose path depends on its "
                                "operands: runs differ in %s" % (target, name, ", ".join(path)))
            else:
                report.append("  %-22s public operands, the same path (%d distinct runs)" %
                              (name, len(distinct)))
        elif len(distinct) != 1:
            verdicts[name] = False
            differing = [k for k in keys if len({r.get(k) for r in records}) > 1]
            problems.append("%s %s: NOT constant time: runs with different secrets differ in %s"
                            % (target, name, ", ".join(differing)))
        else:
            verdicts[name] = True
            r = records[0]
            report.append("  %-22s constant: cycles=%s instructions=%s stack=%s" %
                          (name, r.get("cycles"), r.get("instructions"), r.get("stack")))


def firmware_of(target):
    """The test firmware run on target, in the order of its report: every one that fits."""
    kernels = ["kernels_" + g for g in kernel_groups()]
    every = (["suite_" + g for g in GROUPS] + kernels + ["kem"] +
             ["ct_" + g for g in GROUPS + ["kem"] + kernels])
    return [fw for fw in every if fits(target, fw)]


def fits(target, firmware):
    return target_table.fits(target, "tests/target/%s.c" % firmware)


def judge_kernels(target, group, output, problems, report):
    """Every kernel of the group reported, and native wherever an architecture directory
    compiled its native symbol (microsalt_<name>): a kernel built but not switched on would go
    silently unused, unless kernels.h switches it off by choice (as 0)."""
    symbols = native_symbols(target)
    for k in kernel_groups()[group]:
        m = re.search(r"^kernel %s: (native|twin only|twin by choice), " % k, output, re.M)
        if not m:
            problems.append("%s kernels: no report for kernel %s" % (target, k))
        elif m.group(1) == "twin only" and "microsalt_" + k in symbols:
            problems.append("%s kernel %s: src/arch/ defines microsalt_%s but the build uses "
                            "the twin (is it switched on in the architecture's kernels.h, or "
                            "off by choice, as 0?)" %
                            (target, k, k))
        else:
            report.append("    %-20s %s" % (k, m.group(1)))


def judge_target(target, results, names):
    """The report lines and problems of one target from results[(target, firmware)] =
    (exit code, output, seconds)."""
    report, problems, verdicts = ["== %s" % target], [], {}

    def judge_summary(firmware, prefix):
        """A firmware that exits 0 and prints a summary line starting with prefix."""
        code, output, secs = results[(target, firmware)]
        summary = [l for l in output.splitlines() if l.startswith((prefix, "FAIL"))]
        report.append("  %-14s %s (%.0f s)" % (firmware, "; ".join(summary) or "no summary",
                                               secs))
        if code != 0 or not any(l.startswith(prefix) for l in summary):
            problems.append("%s %s failed (exit %d):\n%s" % (target, firmware, code,
                                                             output[-3000:]))

    for group in GROUPS:
        judge_summary("suite_" + group, "suite:")
    # Every kernel against its portable C twin, and its register discipline, on the target.
    for group in kernel_groups():
        judge_summary("kernels_" + group, "kernels:")
        judge_kernels(target, group, results[(target, "kernels_" + group)][1], problems,
                      report)
    if fits(target, "kem"):
        judge_summary("kem", "kem:")
    else:
        report.append("  kem            does not fit: needs %d bytes of RAM, the target has %d"
                      % (target_table.firmware_ram("tests/target/kem.c"),
                         target_table.by_name(target)["ram"]))
    for group in GROUPS + ["kem"] + ["kernels_" + g for g in kernel_groups()]:
        if not fits(target, "ct_" + group):
            continue
        code, output, secs = results[(target, "ct_" + group)]
        report.append("  ct_%s (%.0f s)" % (group, secs))
        if code != 0:
            problems.append("%s ct_%s failed (exit %d):\n%s" %
                            (target, group, code, output[-3000:]))
            continue
        judge_ct(target, group, output, names, problems, report, verdicts)
    rng_report, rng_problems, rng_verdicts, secs = results[(target, RNG_JOB)]
    report.append("  rng (%.0f s)" % secs)
    report.extend(rng_report)
    problems.extend(rng_problems)
    verdicts.update(rng_verdicts)
    # The benchmark (bench/lab.py) reports these verdicts, by function, beside its figures.
    with open(os.path.join(ROOT, "build", "target", "ct-%s.json" % target), "w") as f:
        json.dump(verdicts_by_function(verdicts), f, indent=1, sort_keys=True)
    return report, problems


def main():
    targets = sys.argv[1:] or TARGETS
    for t in targets:
        if t not in TARGETS:
            sys.exit("run.py: unknown target %s (known: %s)" % (t, " ".join(TARGETS)))
    names = ct_names()
    problems = []
    # Build everything first (the host-side expected values, then each target's runner and
    # firmware), so that the parallel runs never race to build the same file; then run the
    # firmware two at a time (two cores), the slowest first.
    subprocess.run(["make", "--no-print-directory", "-s", "build/target/.stamp"], cwd=ROOT,
                   check=True)
    for target in targets:
        elfs = ["build/%s/fw/%s.elf" % (target, fw)
                for fw in firmware_of(target) + rng_check.FIRMWARE]
        subprocess.run(["make", "--no-print-directory", "-s", "-j2", "runner", "CONFIG=" + target]
                       + elfs, cwd=ROOT, check=True)
    jobs = [(t, fw) for t in targets for fw in firmware_of(t) + [RNG_JOB]]
    jobs.sort(key=lambda j: -TARGET_WEIGHT.get(j[0], 1) * FIRMWARE_WEIGHT.get(j[1], 1))
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        outcomes = pool.map(lambda job: run_rng(job[0]) if job[1] == RNG_JOB
                            else run_firmware(*job), jobs)
        results = dict(zip(jobs, outcomes))
    for target in targets:
        report, target_problems = judge_target(target, results, names)
        print("\n".join(report), flush=True)
        problems.extend(target_problems)
    if problems:
        print("\n%d problem(s):" % len(problems))
        for p in problems:
            print(" - " + p)
        sys.exit(1)
    print("targets: all suites passed and every secret-handling operation ran in constant time")


if __name__ == "__main__":
    main()
