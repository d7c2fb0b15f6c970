#!/usr/bin/env python3
"""Runs the test firmware on the simulated targets and judges it.

Usage: run.py [TARGET ...]      (default: every simulated target)

For each target: the suite firmware of every group (suite_<group>.c) must exit 0 and report
no failures; the constant-time firmware (ct_<group>.c) must give, for every measured
operation, identical cycles, instruction counts, stack depths and traces across all its runs
with different secrets, while its deliberately leaky comparison must not (otherwise the check
could not see a leak on that target). Any failure fails the run; nothing is skipped.
"""
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

TARGETS = ["avr-atmega2560", "avr-atmega328p", "cortex-m0", "cortex-m3", "cortex-m4"]
GROUPS = ["hash", "stream", "dh", "sign", "aead"]
RUNS = 8
KEM_RUNS = 4  # ctcheck.c's KEM_RUNS: each ntrulpr761 run takes millions of cycles
# ntrulpr761 (kem.c, ct_kem.c) needs more than an ATmega328P's 2 KB of RAM: its sorting
# network's list alone takes 3 KB.
KEM_TARGETS = [t for t in TARGETS if t != "avr-atmega328p"]
HERE = os.path.dirname(os.path.abspath(__file__))
ROOT = os.path.dirname(os.path.dirname(HERE))
MEASURE = re.compile(r"^@measure (.*)$")


def ct_names():
    """The measured operations' names, from the enum of ctcheck.c (ids count from 1)."""
    text = open(os.path.join(HERE, "ctcheck.c")).read()
    body = re.search(r"enum\s*{(.*?)}", text, re.S).group(1)
    names = [n.strip() for n in re.sub(r"=\s*\d+", "", body).split(",") if n.strip()]
    return {i + 1: n for i, n in enumerate(names)}


def run_firmware(target, name):
    """Builds and runs tests/target/<name>.c on target; returns (exit code, output, seconds)."""
    start = time.time()
    proc = subprocess.run(["make", "--no-print-directory", "-s", "-j2", "run-" + name,
                           "CONFIG=" + target], cwd=ROOT, capture_output=True, text=True)
    return proc.returncode, proc.stdout + proc.stderr, time.time() - start


def parse_measures(output):
    runs = {}
    for line in output.splitlines():
        m = MEASURE.match(line)
        if m:
            fields = dict(kv.split("=", 1) for kv in m.group(1).split())
            runs.setdefault(int(fields["id"]), []).append(fields)
    return runs


def judge_ct(target, group, output, names, problems, report, verdicts):
    runs = parse_measures(output)
    if not runs:
        problems.append("%s ct_%s: no measurements" % (target, group))
    for ident, records in sorted(runs.items()):
        name = names.get(ident, str(ident))
        keys = [k for k in records[0] if k != "id"]
        distinct = {tuple(r.get(k) for k in keys) for r in records}
        expected = KEM_RUNS if name.startswith("CT_KEM_") else RUNS
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


def run_target(target, names):
    """Everything for one target; returns (report lines, problems)."""
    report, problems, verdicts = ["== %s" % target], [], {}
    for group in GROUPS:
        code, output, secs = run_firmware(target, "suite_" + group)
        summary = [l for l in output.splitlines() if l.startswith(("suite:", "FAIL"))]
        report.append("  suite_%-8s %s (%.0f s)" % (group, "; ".join(summary) or "no summary",
                                                    secs))
        if code != 0 or not any(l.startswith("suite:") for l in summary):
            problems.append("%s suite_%s failed (exit %d):\n%s" %
                            (target, group, code, output[-3000:]))
    # The ChaCha kernel against its portable C twin, and its register discipline, on the target.
    code, output, secs = run_firmware(target, "chacha_kernel")
    summary = [l for l in output.splitlines() if l.startswith(("chacha kernel", "FAIL"))]
    report.append("  chacha_kernel  %s (%.0f s)" % ("; ".join(summary) or "no summary", secs))
    if code != 0 or not any(l.startswith("chacha kernel") for l in summary):
        problems.append("%s chacha_kernel failed (exit %d):\n%s" % (target, code, output[-3000:]))
    if target in KEM_TARGETS:
        code, output, secs = run_firmware(target, "kem")
        summary = [l for l in output.splitlines() if l.startswith(("kem:", "FAIL"))]
        report.append("  kem            %s (%.0f s)" % ("; ".join(summary) or "no summary", secs))
        if code != 0 or not any(l.startswith("kem:") for l in summary):
            problems.append("%s kem failed (exit %d):\n%s" % (target, code, output[-3000:]))
    else:
        report.append("  kem            ntrulpr761 not built: it needs more than 2 KB of RAM")
    for group in GROUPS + (["kem"] if target in KEM_TARGETS else []):
        code, output, secs = run_firmware(target, "ct_" + group)
        report.append("  ct_%s (%.0f s)" % (group, secs))
        if code != 0:
            problems.append("%s ct_%s failed (exit %d):\n%s" %
                            (target, group, code, output[-3000:]))
            continue
        judge_ct(target, group, output, names, problems, report, verdicts)
    # The benchmark (bench/lab.py) reports these verdicts beside its figures.
    with open(os.path.join(ROOT, "build", "target", "ct-%s.json" % target), "w") as f:
        json.dump(verdicts, f, indent=1, sort_keys=True)
    return report, problems


def main():
    targets = sys.argv[1:] or TARGETS
    for t in targets:
        if t not in TARGETS:
            sys.exit("run.py: unknown target %s (known: %s)" % (t, " ".join(TARGETS)))
    names = ct_names()
    problems = []
    # Build the host-side expected values once, then run two targets at a time (two cores).
    subprocess.run(["make", "--no-print-directory", "-s", "build/target/.stamp"], cwd=ROOT,
                   check=True)
    for target in targets:
        subprocess.run(["make", "--no-print-directory", "-s", "runner", "CONFIG=" + target],
                       cwd=ROOT, check=True)
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures = [pool.submit(run_target, t, names) for t in targets]
        for future in futures:
            report, target_problems = future.result()
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
