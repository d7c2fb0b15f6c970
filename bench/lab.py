#!/usr/bin/env python3
"""The lab: benchmarks every operation on the simulated targets and writes the reports.

Usage: lab.py [--target T] [--op OP]     (run by `make bench`, after the host benchmark)

For each simulated target it runs the benchmark firmware (bench/fw/bench_<group>.c), pairs each
`@op name=<function> bytes=<n>` line with the runner's `@measure` line, measures each function's
code size (bench/fw/size.c), takes the constant-time verdicts of the target checks
(build/target/ct-<target>.json, written by tests/target/run.py), and writes:
  build/bench/<target>.json   one record per target, implementation, operation and size;
  BENCHMARKS.md               the host table, one table per target, a cross-target table and
                              the static stack analysis; build/bench/*.png and *.svg plots.
"""
import argparse
import concurrent.futures
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
TARGETS = ["avr-atmega2560", "avr-atmega328p", "cortex-m0", "cortex-m3", "cortex-m4"]
GROUPS = ["hash", "stream", "dh", "sign"]
SIZE_TOOL = {"avr": "avr-size", "cortex": "arm-none-eabi-size"}

# Target constant-time checks (tests/target/ctcheck.c) by the function they cover; a function
# with several checks (valid and forged opens) is constant time when all of them are.
CT_CHECKS = {
    "crypto_verify_16": ["CT_VERIFY16"], "crypto_verify_32": ["CT_VERIFY32"],
    "crypto_hash": ["CT_HASH"], "crypto_hashblocks": ["CT_HASHBLOCKS"],
    "crypto_auth": ["CT_AUTH"], "crypto_auth_verify": ["CT_AUTH_VERIFY"],
    "crypto_stream": ["CT_STREAM"], "crypto_stream_xor": ["CT_STREAM_XOR"],
    "crypto_stream_salsa20_xor": ["CT_SALSA20_XOR"],
    "crypto_core_salsa20": ["CT_CORE_SALSA20"], "crypto_core_hsalsa20": ["CT_CORE_HSALSA20"],
    "crypto_onetimeauth": ["CT_ONETIMEAUTH"],
    "crypto_onetimeauth_verify": ["CT_ONETIMEAUTH_VERIFY"],
    "crypto_secretbox": ["CT_SECRETBOX"],
    "crypto_secretbox_open": ["CT_SECRETBOX_OPEN", "CT_SECRETBOX_FORGED"],
    "crypto_scalarmult": ["CT_SCALARMULT"], "crypto_scalarmult_base": ["CT_SCALARMULT_BASE"],
    "crypto_box_beforenm": ["CT_BEFORENM"], "crypto_box": ["CT_BOX"],
    "crypto_box_afternm": ["CT_SECRETBOX"],
    "crypto_box_open": ["CT_BOX_OPEN", "CT_BOX_FORGED"],
    "crypto_sign_seed_keypair": ["CT_SIGN_KEYPAIR"], "crypto_sign": ["CT_SIGN"],
    "crypto_sign_detached": ["CT_SIGN_DETACHED"],
}
# Verification handles public data only: constant time does not apply (docs/design.md).
PUBLIC_ONLY = {"crypto_sign_verify_detached", "crypto_sign_open"}
CROSS = [("crypto_scalarmult", 0, "X25519"), ("crypto_sign_detached", 32, "Ed25519 sign (32 B)"),
         ("crypto_sign_verify_detached", 32, "Ed25519 verify (32 B)"),
         ("crypto_box", 1024, "crypto_box 1024 B"), ("crypto_hash", 1024, "SHA-512 1024 B")]


def make(*args):
    proc = subprocess.run(["make", "--no-print-directory", "-s"] + list(args), cwd=ROOT,
                          capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def run_group(target, group):
    code, out, err = make("run-bench_" + group, "CONFIG=" + target)
    if code != 0:
        raise RuntimeError("%s bench_%s failed (exit %d): %s" % (target, group, code,
                                                                  (out + err)[-2000:]))
    records, pending = [], None
    for line in out.splitlines():
        if line.startswith("@op "):
            pending = dict(kv.split("=", 1) for kv in line[4:].split())
        elif line.startswith("@measure ") and pending is not None:
            m = dict(kv.split("=", 1) for kv in line[9:].split())
            records.append({
                "target": target, "impl": "microsalt", "op": pending["name"],
                "bytes": int(pending["bytes"]), "cycles": int(m["cycles"]),
                "cycles_model": m["model"], "instructions": int(m["instructions"]),
                "stack_bytes": int(m["stack"]),
            })
            pending = None
    return records


def code_sizes(target, functions):
    """Flash bytes (text + data) each function needs alone, beyond an empty firmware."""
    build = os.path.join("build", target, "size")
    elfs = [os.path.join(build, f + ".elf") for f in ["empty"] + functions]
    code, out, err = make("-j2", "CONFIG=" + target, *elfs)
    if code != 0:
        raise RuntimeError("%s size probes failed: %s" % (target, (out + err)[-2000:]))
    tool = SIZE_TOOL[target.split("-")[0]]
    sizes = {}
    for elf in elfs:
        fields = subprocess.run([tool, os.path.join(ROOT, elf)], capture_output=True, text=True,
                                check=True).stdout.splitlines()[1].split()
        sizes[os.path.basename(elf)[:-4]] = int(fields[0]) + int(fields[1])
    return {f: sizes[f] - sizes["empty"] for f in functions}


def library_text(target):
    tool = SIZE_TOOL[target.split("-")[0]]
    out = subprocess.run([tool, "-t", os.path.join(ROOT, "build", target, "libmicrosalt.a")],
                         capture_output=True, text=True, check=True).stdout
    return int(out.splitlines()[-1].split()[0])


def ct_status(target, op):
    if op in PUBLIC_ONLY:
        return "n/a"
    try:
        verdicts = json.load(open(os.path.join(ROOT, "build", "target", "ct-%s.json" % target)))
    except OSError:
        return None  # the target checks have not run in this tree
    checks = CT_CHECKS.get(op)
    if not checks or any(c not in verdicts for c in checks):
        return None
    return all(verdicts[c] for c in checks)


def bench_target(target, op_filter):
    start = time.time()
    make("lib", "CONFIG=" + target)
    records = []
    for group in GROUPS:
        records += [r for r in run_group(target, group) if op_filter in (None, r["op"])]
    sizes = code_sizes(target, sorted({r["op"] for r in records}))
    for r in records:
        r["code_bytes"] = sizes[r["op"]]
        r["ct"] = ct_status(target, r["op"])
    return {"target": target, "library_text_bytes": library_text(target), "records": records,
            "seconds": round(time.time() - start, 1)}


def host_records():
    """The host benchmark's table (bench/host.c via bench/run.sh), as records."""
    path = os.path.join(ROOT, "build", "bench", "host.md")
    records = []
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 6 and cells[2].isdigit():
            for impl, cyc in (("microsalt", cells[2]), ("libsodium", cells[3])):
                records.append({"target": "host", "impl": impl, "op": cells[0],
                                "bytes": int(cells[1]), "cycles": int(cyc),
                                "cycles_model": "measured", "instructions": None,
                                "stack_bytes": int(cells[5]) if impl == "microsalt" else None,
                                "code_bytes": None, "ct": None})
    return records


def fmt(n):
    return "-" if n is None else "{:,}".format(n)


def ct_text(ct):
    return {True: "yes", False: "**NO**", "n/a": "n/a (public data)", None: "not checked"}[ct]


def target_table(result):
    lines = ["| operation | bytes | cycles | instructions | stack | code | constant time |",
             "|---|---:|---:|---:|---:|---:|---|"]
    for r in result["records"]:
        lines.append("| %s | %d | %s | %s | %s | %s | %s |" % (
            r["op"], r["bytes"], fmt(r["cycles"]), fmt(r["instructions"]),
            fmt(r["stack_bytes"]), fmt(r["code_bytes"]), ct_text(r["ct"])))
    return "\n".join(lines)


def cross_table(results):
    lines = ["| operation | " + " | ".join(r["target"] for r in results) + " |",
             "|---|" + "---:|" * len(results)]
    for op, size, label in CROSS:
        cells = []
        for res in results:
            hit = [r for r in res["records"] if r["op"] == op and r["bytes"] == size]
            cells.append(("%s (%s B stack)" % (fmt(hit[0]["cycles"]), hit[0]["stack_bytes"]))
                         if hit else "does not fit")
        lines.append("| %s | %s |" % (label, " | ".join(cells)))
    return "\n".join(lines)


def plots(results):
    try:
        import matplotlib
        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        sys.exit("lab: matplotlib is missing: run through `make bench`, which installs .venv")
    for metric, label, log in (("cycles", "cycles", True), ("stack_bytes", "peak stack (bytes)",
                                                            False),
                               ("code_bytes", "code (bytes)", False)):
        fig, ax = plt.subplots(figsize=(10, 5))
        width = 0.8 / max(1, len(results))
        for i, res in enumerate(results):
            values = []
            for op, size, _ in CROSS:
                hit = [r for r in res["records"] if r["op"] == op and r["bytes"] == size]
                values.append(hit[0][metric] if hit else 0)
            ax.bar([x + i * width for x in range(len(CROSS))], values, width,
                   label=res["target"])
        ax.set_xticks([x + width * (len(results) - 1) / 2 for x in range(len(CROSS))])
        ax.set_xticklabels([c[2] for c in CROSS], rotation=15)
        ax.set_ylabel(label + (" (log scale)" if log else ""))
        if log:
            ax.set_yscale("log")
        ax.legend()
        fig.tight_layout()
        for ext in ("png", "svg"):
            fig.savefig(os.path.join(ROOT, "build", "bench", "%s.%s" % (metric, ext)))
        plt.close(fig)


def toolchains():
    lines = []
    for tool in ("gcc", "avr-gcc", "arm-none-eabi-gcc"):
        out = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout
        lines.append("- " + out.splitlines()[0])
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--target", choices=TARGETS)
    parser.add_argument("--op")
    args = parser.parse_args()
    targets = [args.target] if args.target else TARGETS
    for t in targets:  # build the runners first, so the parallel runs never race for them
        make("runner", "CONFIG=" + t)
    results = []
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures = {t: pool.submit(bench_target, t, args.op) for t in targets}
        for t in targets:
            try:
                res = futures[t].result()
            except RuntimeError as e:
                sys.exit("lab: %s" % e)
            print("lab: %s done in %.0f s (%d records)" % (t, res["seconds"],
                                                          len(res["records"])), flush=True)
            results.append(res)
            with open(os.path.join(ROOT, "build", "bench", "%s.json" % t), "w") as f:
                json.dump(res, f, indent=1)
    host = host_records()
    with open(os.path.join(ROOT, "build", "bench", "host.json"), "w") as f:
        json.dump({"target": "host", "records": host}, f, indent=1)
    if args.target or args.op:
        print("lab: filtered run: BENCHMARKS.md left as it is")
        return
    plots(results)
    commit = subprocess.run(["git", "rev-parse", "--short", "HEAD"], cwd=ROOT,
                            capture_output=True, text=True).stdout.strip() or "unknown"
    parts = [
        "# microsalt benchmarks",
        "",
        "Generated by `./lab bench` (bench/run.sh, bench/lab.py) at commit %s; do not edit by "
        "hand. Cycles are exact on the AVRs (simavr) and modelled on Cortex-M (Unicorn with the "
        "cycle model of docs/cycle-model.md, exact instruction counts beside them); stack is the "
        "peak the runner saw below the caller; code is the flash a firmware needs for that "
        "function alone (`--gc-sections`, against an empty firmware); constant time is the "
        "verdict of the target checks of `make test`. Plots: build/bench/*.png, *.svg." % commit,
        "",
        "Toolchains, `-O2` (ATmega328P: `-Os`, for flash):",
        toolchains(),
        "",
        "## Across targets (cycles, peak stack)",
        "",
        cross_table(results),
        "",
        "## Host: microsalt beside libsodium",
        "",
        open(os.path.join(ROOT, "build", "bench", "host-header.md")).read().rstrip(),
        "",
        open(os.path.join(ROOT, "build", "bench", "host.md")).read().rstrip(),
    ]
    for res in results:
        parts += ["", "## %s" % res["target"], "",
                  "Whole library: %s bytes of code." % fmt(res["library_text_bytes"]), "",
                  target_table(res)]
    parts += ["", "## Worst-case stack from static analysis (bytes)", "",
              open(os.path.join(ROOT, "build", "bench", "stack-header.md")).read().rstrip(), "",
              open(os.path.join(ROOT, "build", "bench", "stack.md")).read().rstrip(), ""]
    with open(os.path.join(ROOT, "BENCHMARKS.md"), "w") as f:
        f.write("\n".join(parts))
    print("lab: wrote BENCHMARKS.md, build/bench/*.json and plots")


if __name__ == "__main__":
    main()
