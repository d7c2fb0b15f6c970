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
import collections
import concurrent.futures
import glob
import json
import os
import re
import subprocess
import sys
import time

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "platform"))
sys.path.insert(0, os.path.join(ROOT, "tests", "target"))
sys.path.insert(0, os.path.join(ROOT, "bench", "peers"))
import targets as targets_txt  # noqa: E402  (platform/targets.py)
import run as target_checks  # noqa: E402  (tests/target/run.py: the kernel list and ids)
import peers as peer_lab  # noqa: E402  (bench/peers/peers.py)
import report as peer_report  # noqa: E402  (bench/peers/report.py)
sys.path.insert(0, os.path.join(ROOT, "bench"))
import published  # noqa: E402  (bench/published.py)

TARGETS = targets_txt.simulated()
# The benchmark groups: bench/fw/bench_<group>.c each.
GROUPS = sorted(os.path.basename(f)[len("bench_"):-2]
                for f in glob.glob(os.path.join(ROOT, "bench", "fw", "bench_*.c")))

# Benchmark entries that measure an internal kernel: the function whose code size they report.
SIZE_FUNCTION = {"chacha8_block": "microsalt_chacha_blocks",
                 "chacha20_block": "microsalt_chacha_blocks",
                 "chacha20_block_portable_c": "microsalt_chacha_blocks_portable",
                 "ntrulpr761_ref_keypair": "microsalt_ntrulpr761_ref_keypair",
                 "ntrulpr761_ref_enc": "microsalt_ntrulpr761_ref_enc",
                 "ntrulpr761_ref_dec": "microsalt_ntrulpr761_ref_dec"}
# Verification handles public data only: constant time does not apply (docs/design.md).
PUBLIC_ONLY = {"crypto_sign_verify_detached", "crypto_sign_open"}
CROSS = [("crypto_scalarmult", 0, "X25519"), ("crypto_sign_detached", 32, "Ed25519 sign (32 B)"),
         ("crypto_sign_verify_detached", 32, "Ed25519 verify (32 B)"),
         ("crypto_box", 1024, "crypto_box 1024 B"), ("crypto_hash", 1024, "SHA-512 1024 B"),
         ("crypto_stream_chacha20_ietf_xor", 1024, "ChaCha20 1024 B"),
         ("crypto_aead_chacha20poly1305_ietf_encrypt", 1024, "ChaCha20-Poly1305 1024 B"),
         ("crypto_kem_ntrulpr761_keypair", 0, "ntrulpr761 keypair"),
         ("crypto_kem_ntrulpr761_enc", 0, "ntrulpr761 enc"),
         ("crypto_kem_ntrulpr761_dec", 0, "ntrulpr761 dec")]
# The ChaCha goals of issue 5 and the published figures they come from (cycles).
CHACHA_GOALS = {"avr-atmega2560": "ChaCha8 block <= 5,000 (published AVR assembly 5,052-5,342, "
                                  "C 18,163); ChaCha20 <= 190 cycles/byte (fast kernel)",
                "avr-atmega328p": "kernel <= 400 bytes (the compact kernel of -Os builds)",
                "cortex-m0": "ChaCha20 <= 40 cycles/byte",
                "cortex-m4": "ChaCha20 <= 15 cycles/byte (a published ARMv7-M permutation: "
                             "about 13)"}


# The Cortex-M0's benchmarks (both builds) run without the runner's data-access tracking
# (--blocks-only, five times faster): it changes no figure there, as the M0 model charges data
# accesses only when unaligned, which fault on the M0 (the constant-time checks would have
# failed), and the stack is seen at block boundaries, which catches all but writes below SP,
# which the ABI forbids. The M3 and M4 keep it: their unaligned accesses cost cycles that only it
# sees.
TARGET_RUNNER_FLAGS = {"cortex-m0": ["--blocks-only"], "cortex-m0-small": ["--blocks-only"]}
# The generator's benchmark needs a simulated SRAM power-up (platform/hal/hal.h's runner
# options): the runners' default, all zeros, fails its health tests.
GROUP_RUNNER_FLAGS = {"rng": ["--sram", "device"]}


def runner_flags(target, group):
    """The make variable that passes a benchmark firmware's runner options, if it has any."""
    flags = TARGET_RUNNER_FLAGS.get(target, []) + GROUP_RUNNER_FLAGS.get(group, [])
    return ["RUNNER_FLAGS=" + " ".join(flags)] if flags else []


def make(*args):
    proc = subprocess.run(["make", "--no-print-directory", "-s"] + list(args), cwd=ROOT,
                          capture_output=True, text=True)
    return proc.returncode, proc.stdout, proc.stderr


def tool(target, name):
    """The binutils tool `name` (size, nm) of target's compiler."""
    return targets_txt.by_name(target)["cc"].replace("gcc", name)


def measurements(target, impl, out):
    """The records of a benchmark firmware's output: each `@op name=<function> bytes=<n>` line
    paired with the runner's `@measure` line after it."""
    records, pending = [], None
    for line in out.splitlines():
        if line.startswith("@op "):
            pending = dict(kv.split("=", 1) for kv in line[4:].split())
        elif line.startswith("@measure ") and pending is not None:
            m = dict(kv.split("=", 1) for kv in line[9:].split())
            records.append({
                "target": target, "impl": impl, "op": pending["name"],
                "bytes": int(pending["bytes"]), "cycles": int(m["cycles"]),
                "cycles_model": m["model"], "instructions": int(m["instructions"]),
                "stack_bytes": int(m["stack"]),
                "varlat": int(m["varlat"]) if "varlat" in m else None,
            })
            pending = None
    return records


def run_group(target, group):
    """Records of one benchmark firmware: bench/fw/bench_<group>.c, or for a group
    kernels_<family> the kernel firmware tests/target/kernels_<family>.c."""
    firmware = group if group.startswith("kernels_") else "bench_" + group
    code, out, err = make("run-" + firmware, "CONFIG=" + target, *runner_flags(target, group))
    if code != 0:
        raise RuntimeError("%s bench_%s failed (exit %d): %s" % (target, group, code,
                                                                  (out + err)[-2000:]))
    return measurements(target, "microsalt", out)


def size_function(op, symbols):
    """The function whose code an entry reports: for a kernel entry kernel_<name>[_portable]
    the native kernel microsalt_<name> or its twin, where the library has it (a kernel that is
    inline or a macro has no code of its own); else SIZE_FUNCTION's or the op's own name."""
    if op.startswith("kernel_"):
        name = "microsalt_" + op[len("kernel_"):]
        return name if name in symbols else None
    return SIZE_FUNCTION.get(op, op)


def code_sizes(target, functions):
    """Flash bytes (text + data) each function needs alone, beyond an empty firmware."""
    build = os.path.join("build", target, "size")
    elfs = [os.path.join(build, f + ".elf") for f in ["empty"] + functions]
    code, out, err = make("-j2", "CONFIG=" + target, *elfs)
    if code != 0:
        raise RuntimeError("%s size probes failed: %s" % (target, (out + err)[-2000:]))
    sizes = {}
    for elf in elfs:
        fields = subprocess.run([tool(target, "size"), os.path.join(ROOT, elf)], capture_output=True, text=True,
                                check=True).stdout.splitlines()[1].split()
        sizes[os.path.basename(elf)[:-4]] = int(fields[0]) + int(fields[1])
    return {f: sizes[f] - sizes["empty"] for f in functions}


def nacl_api_flash(target):
    """The flash the NaCl API alone needs (bench/fw/size.c's size_nacl_api probe), beyond an
    empty firmware: (bytes, whether it fits the chip). Where the probe overflows the chip, the
    linker's shortfall gives the figure."""
    build = os.path.join("build", target, "size")
    empty, probe = (os.path.join(build, f + ".elf") for f in ("empty", "size_nacl_api"))
    code, out, err = make("CONFIG=" + target, empty)
    if code != 0:
        raise RuntimeError("%s: the empty size probe failed: %s" % (target, (out + err)[-2000:]))

    def flash_of(elf):
        fields = subprocess.run([tool(target, "size"), os.path.join(ROOT, elf)],
                                capture_output=True, text=True, check=True).stdout
        return sum(int(x) for x in fields.splitlines()[1].split()[:2])

    code, out, err = make("CONFIG=" + target, probe)
    if code == 0:
        return flash_of(probe) - flash_of(empty), True
    short = re.search(r"region .text' overflowed by (\d+) bytes", out + err)
    if not short:
        raise RuntimeError("%s: the NaCl API probe failed: %s" % (target, (out + err)[-2000:]))
    return int(target_info(target)["flash"]) + int(short.group(1)) - flash_of(empty), False


def library_text(target):
    out = subprocess.run([tool(target, "size"), "-t", os.path.join(ROOT, "build", target, "libmicrosalt.a")],
                         capture_output=True, text=True, check=True).stdout
    return int(out.splitlines()[-1].split()[0])


def ct_status(target, op):
    if op in PUBLIC_ONLY:
        return "n/a"
    try:
        verdicts = json.load(open(os.path.join(ROOT, "build", "target", "ct-%s.json" % target)))
    except OSError:
        return None  # the target checks have not run in this tree
    return verdicts.get(op)  # by function (tests/target/run.py, ct_checks.def)


def target_info(target):
    return {"family": "host", "ram": "0", "flash": "0"} if target == "host" else \
        targets_txt.by_name(target)


def bench_one_peer(target, peer, op_filter, expected):
    """One peer on target: its records, and its problems as {impl, text}, said as they come.
    expected: microsalt's output digests (peers.reference)."""
    info, start = target_info(target), time.time()
    print("lab: %s: peer %s" % (target, peer.name), flush=True)
    recs, probs, _, _ = peer_lab.bench_peer(peer, target, info["family"], int(info["ram"]),
                                            int(info["flash"]), expected=expected)
    recs = [r for r in recs if op_filter in (None, r["op"])]
    problems = []
    for group, text in probs:
        problems.append({"impl": peer.name, "text": "%s: %s" % (peer_lab.GROUP_NAMES[group],
                                                                 text)})
        print("lab: %s: PEER %s: %s: %s" % (target, peer.name, peer_lab.GROUP_NAMES[group],
                                            text), flush=True)
    wrong = [r for r in recs if r.get("wrong")]
    print("lab: %s: peer %s: %d operations measured%s (%.0f s)" % (
        target, peer.name, len(recs) - len(wrong), ", %d WRONG" % len(wrong) if wrong else "",
        time.time() - start), flush=True)
    return recs, problems


def microsalt_group_flash(target, records):
    """Sets group_code_bytes on microsalt's records: the flash of the peer firmware's group
    with microsalt's adapter, measured as the peers' is (bench/peers/report.py)."""
    info = target_info(target)
    own = peer_lab.bench_peer(peer_lab.MICROSALT, target, info["family"], int(info["ram"]),
                              int(info["flash"]), measure=False)[2]
    for r in records:
        group = peer_lab.OP_GROUP.get(r["op"])
        if r["impl"] == "microsalt" and group in own:
            r["group_code_bytes"] = own[group]


def bench_target(target, op_filter, external, external_only):
    start = time.time()
    make("lib", "CONFIG=" + target)
    records = []
    groups = [g for g in GROUPS if targets_txt.fits(target, "bench/fw/bench_%s.c" % g)]
    kernels = ["kernels_" + g for g in target_checks.kernel_groups()]
    for group in [] if external_only else groups + kernels:
        print("lab: %s: running %s" % (target, group if group in kernels
                                         else "bench_" + group), flush=True)
        records += [r for r in run_group(target, group) if op_filter in (None, r["op"])]
    symbols = target_checks.library_symbols(target)
    functions = {r["op"]: size_function(r["op"], symbols) for r in records}
    sizes = code_sizes(target, sorted({f for f in functions.values() if f}))
    for r in records:
        r["code_bytes"] = sizes.get(functions[r["op"]])
        r["ct"] = ct_status(target, r["op"])
    for op, prim, impl, directory in external:
        if op_filter in (None, op):
            records += bench_external(target, op, prim, impl, directory)
    return {"target": target, "library_text_bytes": library_text(target),
            "nacl_api_flash": nacl_api_flash(target), "records": records,
            "seconds": round(time.time() - start, 1)}


def compare_with_previous(result):
    """Simulated cycles are deterministic: the same code must give the same figures as the
    previous run in this tree. Returns a line saying so, or naming what changed."""
    path = os.path.join(ROOT, "build", "bench", "%s.json" % result["target"])
    try:
        previous = json.load(open(path))
    except (OSError, ValueError):
        return "first run in this tree: nothing to compare"
    before = {(r["impl"], r["op"], r["bytes"]): r["cycles"] for r in previous["records"]}
    now = {(r["impl"], r["op"], r["bytes"]): r["cycles"] for r in result["records"]}
    common = [k for k in now if k in before]
    changed = [k for k in common if before[k] != now[k]]
    if not changed:
        return "identical cycles to the previous run for all %d measurements" % len(common)
    return "%d of %d measurements differ from the previous run (code or flags changed?), " \
           "e.g. %s %s %d bytes: %d -> %d" % (len(changed), len(common), changed[0][0],
                                               changed[0][1], changed[0][2], before[changed[0]],
                                               now[changed[0]])


# External implementations (SUPERCOP layout), by operation. SUPERCOP calls every function of an
# operation by the operation's short name (crypto_box_open); here each row says:
#   group      microsalt's benchmark group of the operation (bench/fw/bench_<group>.c): an
#              implementation runs where that firmware fits, since it is checked against it;
#   primitive  microsalt's primitive of the operation, the one an implementation is checked
#              against; implementations of other primitives are skipped, except where
#              any_primitive holds (crypto_kem: microsalt has one KEM, and a KEM's own
#              decapsulation checks its encapsulation);
#   constants  the CRYPTO_<name> of api.h the operation has;
#   functions  its functions, all returning int: "name(parameters)".
ExternalOp = collections.namedtuple("ExternalOp",
                                    "group primitive any_primitive constants functions")
_O, _I, _L = "unsigned char *", "const unsigned char *", "unsigned long long"
_SEAL = "(%s, %s, %s, %s, %s)" % (_O, _I, _L, _I, _I)  # c, m, mlen, nonce, key
_MAC = "(%s, %s, %s, %s)" % (_O, _I, _L, _I)
_MAC_VERIFY = "(%s, %s, %s, %s)" % (_I, _I, _L, _I)
_SIGN = "(%s, %s *, %s, %s, %s)" % (_O, _L, _I, _L, _I)
_BOX = "(%s, %s, %s, %s, %s, %s)" % (_O, _I, _L, _I, _I, _I)
EXTERNAL_OPS = {
    "crypto_auth": ExternalOp("hash", "hmacsha512256", False, ["BYTES", "KEYBYTES"],
                              ["crypto_auth" + _MAC, "crypto_auth_verify" + _MAC_VERIFY]),
    "crypto_box": ExternalOp(
        "dh", "curve25519xsalsa20poly1305", False,
        ["PUBLICKEYBYTES", "SECRETKEYBYTES", "BEFORENMBYTES", "NONCEBYTES", "ZEROBYTES",
         "BOXZEROBYTES"],
        ["crypto_box_keypair(%s, %s)" % (_O, _O), "crypto_box" + _BOX, "crypto_box_open" + _BOX,
         "crypto_box_beforenm(%s, %s, %s)" % (_O, _I, _I), "crypto_box_afternm" + _SEAL,
         "crypto_box_open_afternm" + _SEAL]),
    "crypto_hash": ExternalOp("hash", "sha512", False, ["BYTES"],
                              ["crypto_hash(%s, %s, %s)" % (_O, _I, _L)]),
    "crypto_kem": ExternalOp(
        "kem", "ntrulpr761", True,
        ["PUBLICKEYBYTES", "SECRETKEYBYTES", "CIPHERTEXTBYTES", "BYTES"],
        ["crypto_kem_keypair(%s, %s)" % (_O, _O), "crypto_kem_enc(%s, %s, %s)" % (_O, _O, _I),
         "crypto_kem_dec(%s, %s, %s)" % (_O, _I, _I)]),
    "crypto_onetimeauth": ExternalOp("stream", "poly1305", False, ["BYTES", "KEYBYTES"],
                                     ["crypto_onetimeauth" + _MAC,
                                      "crypto_onetimeauth_verify" + _MAC_VERIFY]),
    "crypto_scalarmult": ExternalOp("dh", "curve25519", False, ["BYTES", "SCALARBYTES"],
                                    ["crypto_scalarmult(%s, %s, %s)" % (_O, _I, _I),
                                     "crypto_scalarmult_base(%s, %s)" % (_O, _I)]),
    "crypto_secretbox": ExternalOp("stream", "xsalsa20poly1305", False,
                                   ["KEYBYTES", "NONCEBYTES", "ZEROBYTES", "BOXZEROBYTES"],
                                   ["crypto_secretbox" + _SEAL, "crypto_secretbox_open" + _SEAL]),
    "crypto_sign": ExternalOp("sign", "ed25519", False,
                              ["BYTES", "PUBLICKEYBYTES", "SECRETKEYBYTES"],
                              ["crypto_sign_keypair(%s, %s)" % (_O, _O), "crypto_sign" + _SIGN,
                               "crypto_sign_open" + _SIGN]),
    "crypto_stream": ExternalOp("stream", "xsalsa20", False, ["KEYBYTES", "NONCEBYTES"],
                                ["crypto_stream(%s, %s, %s, %s)" % (_O, _L, _I, _I),
                                 "crypto_stream_xor" + _SEAL]),
}
# Headers of other primitives an implementation may include; microsalt provides them, under
# NaCl's full names (include/microsalt.h).
DEPENDENCY_HEADERS = ["crypto_hashblocks_sha512", "crypto_hash_sha512", "crypto_verify_16",
                      "crypto_verify_32", "crypto_core_salsa20", "crypto_core_hsalsa20",
                      "crypto_stream_salsa20", "crypto_stream_xsalsa20",
                      "crypto_onetimeauth_poly1305", "crypto_scalarmult_curve25519",
                      "crypto_secretbox_xsalsa20poly1305"]


def find_external(root):
    found = []
    for op in sorted(EXTERNAL_OPS):
        base = os.path.join(root, op)
        if not os.path.isdir(base):
            continue
        for prim in sorted(os.listdir(base)):
            for impl in sorted(os.listdir(os.path.join(base, prim))):
                d = os.path.abspath(os.path.join(base, prim, impl))
                if not os.path.exists(os.path.join(d, "api.h")):
                    continue
                if prim != EXTERNAL_OPS[op].primitive and not EXTERNAL_OPS[op].any_primitive:
                    print("lab: skipping %s/%s/%s: microsalt has no %s to check it against" %
                          (op, prim, impl, prim), flush=True)
                    continue
                found.append((op, prim, impl, d))
    if not found:
        raise RuntimeError("no implementation of %s in SUPERCOP layout under %s" %
                           (", ".join("%s/%s" % (op, EXTERNAL_OPS[op].primitive)
                                      for op in sorted(EXTERNAL_OPS)), root))
    return found


def write_if_changed(path, text):
    """Leaves an unchanged header's time alone, so make rebuilds only what changed."""
    try:
        if open(path).read() == text:
            return
    except OSError:
        pass
    with open(path, "w") as f:
        f.write(text)


def external_headers(gen, op, prim):
    """Writes into gen the headers of an implementation of op: external_api.h, which
    bench/fw/external.c includes (api.h, the ext_ prototypes, and for microsalt's primitive a
    check that api.h's sizes are microsalt's), the implementation's crypto_<op>.h (the same,
    with its functions renamed to those ext_ names and crypto_<op>_<CONST> taken from api.h),
    and the dependency headers."""
    spec = EXTERNAL_OPS[op]
    same = prim == spec.primitive
    lines = ["/* Generated by bench/lab.py for %s/%s. */" % (op, prim),
             "#include \"microsalt.h\"", "#include \"api.h\"",
             "#define EXT_OP_%s 1" % op[len("crypto_"):].upper()]
    if same:
        lines.append("#define EXT_MICROSALT_PRIMITIVE 1")
        for c in spec.constants:
            lines += ["#if CRYPTO_%s != %s_%s_%s" % (c, op, prim, c),
                      "#error \"api.h: CRYPTO_%s is not microsalt's %s_%s_%s\"" % (c, op, prim, c),
                      "#endif"]
    lines += ["int ext_%s;" % f for f in spec.functions]
    write_if_changed(os.path.join(gen, "external_api.h"), "\n".join(lines) + "\n")
    # microsalt.h (through external_api.h) comes first: its own declarations keep microsalt's
    # names, and its crypto_<op>_* are replaced here, not the other way round.
    lines = ["#include \"external_api.h\""]
    lines += ["#define %s ext_%s" % (n, n) for n in (f.split("(")[0] for f in spec.functions)]
    for c in spec.constants + ["PRIMITIVE"]:
        lines += ["#undef %s_%s" % (op, c), "#define %s_%s %s" % (
            op, c, '"%s"' % prim if c == "PRIMITIVE" else "CRYPTO_" + c)]
    write_if_changed(os.path.join(gen, op + ".h"), "\n".join(lines) + "\n")
    for dep in DEPENDENCY_HEADERS:
        write_if_changed(os.path.join(gen, dep + ".h"), "#include \"microsalt.h\"\n")


def bench_external(target, op, prim, impl, directory):
    """Builds and runs one external implementation on target; returns its records, or none
    where microsalt's own firmware of the operation does not fit."""
    ident = "%s-%s-%s" % (op, prim, impl)
    if not targets_txt.fits(target, "bench/fw/bench_%s.c" % EXTERNAL_OPS[op].group):
        print("lab: %s: %s does not fit, as microsalt's bench_%s does not" %
              (target, ident, EXTERNAL_OPS[op].group), flush=True)
        return []
    gen = os.path.join(ROOT, "build", target, "ext", ident)
    os.makedirs(gen, exist_ok=True)
    external_headers(gen, op, prim)
    code, out, err = make("run-external", "CONFIG=" + target, "EXT_ID=" + ident,
                          "EXT_DIR=" + directory)
    if code != 0 or "@external agrees with microsalt" not in out:
        raise RuntimeError("%s external %s failed (exit %d): %s" % (target, ident, code,
                                                                   (out + err)[-2000:]))
    records = measurements(target, "%s/%s" % (prim, impl), out)
    for r in records:
        r["code_bytes"] = r["ct"] = None  # the size probes and ct checks are microsalt's
    return records


def host_instructions():
    """(impl, op, bytes) -> instructions of one call, from bench/run.sh's callgrind table."""
    counts = {}
    for line in open(os.path.join(ROOT, "build", "bench", "host-instructions.md")):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 7 and cells[2].isdigit():
            for impl, n in (("microsalt", cells[2]), ("libsodium", cells[3]), ("nacl", cells[4])):
                if n.isdigit():
                    counts[(impl, cells[0], int(cells[1]))] = int(n)
    return counts


def host_records():
    """The host benchmark's table (bench/host.c via bench/run.sh), as records."""
    path = os.path.join(ROOT, "build", "bench", "host.md")
    instructions = host_instructions()
    records = []
    for line in open(path):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if len(cells) == 8 and cells[2].isdigit():
            for impl, cyc in (("microsalt", cells[2]), ("libsodium", cells[3]),
                              ("nacl", cells[4])):
                if not cyc.isdigit():
                    continue  # NaCl lacks Ed25519
                records.append({"target": "host", "impl": impl, "op": cells[0],
                                "bytes": int(cells[1]), "cycles": int(cyc),
                                "cycles_model": "measured",
                                "instructions": instructions.get((impl, cells[0],
                                                                  int(cells[1]))),
                                "stack_bytes": int(cells[7]) if impl == "microsalt" else None,
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


def chacha_table(results):
    """The ChaCha kernel and ChaCha20 per target, with cycles per byte and the goals."""
    lines = ["| target | ChaCha8 block | ChaCha20 block | ChaCha20 1024 B (cycles/byte) | "
             "portable C block | kernel code | ChaCha20-Poly1305 1024 B (cycles/byte) | goal |",
             "|---|---:|---:|---:|---:|---:|---:|---|"]
    for res in results:
        rec = {(r["op"], r["bytes"]): r for r in res["records"]}
        need = [("chacha8_block", 64), ("chacha20_block", 64),
                ("crypto_stream_chacha20_ietf_xor", 1024), ("chacha20_block_portable_c", 64),
                ("crypto_aead_chacha20poly1305_ietf_encrypt", 1024)]
        if any(k not in rec for k in need):
            continue
        c8, c20, s1k, cc, a1k = (rec[k] for k in need)
        lines.append("| %s | %s | %s | %s (%.1f) | %s | %s B | %s (%.1f) | %s |" % (
            res["target"], fmt(c8["cycles"]), fmt(c20["cycles"]), fmt(s1k["cycles"]),
            s1k["cycles"] / 1024.0, fmt(cc["cycles"]), fmt(c20["code_bytes"]),
            fmt(a1k["cycles"]), a1k["cycles"] / 1024.0, CHACHA_GOALS.get(res["target"], "-")))
    return "\n".join(lines)


def rng_table(results):
    """The bare-metal generator per target (bench/fw/bench_rng.c): initialisation from the
    SRAM region and two request sizes, cycles, peak stack and code."""
    lines = ["| target | randombytes_seed_sram (stack, code) | 32-byte request (stack, code) | "
             "1024-byte request (cycles/byte) |",
             "|---|---:|---:|---:|"]
    for res in results:
        rec = {(r["op"], r["bytes"]): r for r in res["records"]}
        init, small = rec.get(("randombytes_seed_sram", 0)), rec.get(("randombytes_generate", 32))
        if init is None or small is None:
            continue
        big = rec.get(("randombytes_generate", 1024))
        lines.append("| %s | %s (%s B, %s B) | %s (%s B, %s B) | %s |" % (
            res["target"], fmt(init["cycles"]), fmt(init["stack_bytes"]), fmt(init["code_bytes"]),
            fmt(small["cycles"]), fmt(small["stack_bytes"]), fmt(small["code_bytes"]),
            "%s (%.1f)" % (fmt(big["cycles"]), big["cycles"] / 1024.0) if big
            else "does not fit beside the region"))
    return "\n".join(lines)


def kernel_table(results):
    """Every kernel of tests/kernels/kernels.def per target: the build's kernel beside its
    portable twin (one call each, as tests/kernels/<name>.c's bench function makes it)."""
    lines = ["| kernel | " + " | ".join(r["target"] for r in results) + " |",
             "|---|" + "---:|" * len(results)]
    for k in target_checks.kernel_names():
        cells = []
        for res in results:
            rec = {r["op"]: r for r in res["records"]}
            built, twin = rec.get("kernel_" + k), rec.get("kernel_%s_portable" % k)
            if not built or not twin:
                cells.append("-")
                continue
            cells.append("%s / %s (%.2f)" % (fmt(built["cycles"]), fmt(twin["cycles"]),
                                              twin["cycles"] / max(1, built["cycles"])))
        lines.append("| %s | %s |" % (k, " | ".join(cells)))
    return "\n".join(lines)


def kem_table(results):
    """ntrulpr761 per target: the default (stored generator, Karatsuba) and the reference
    variant."""
    ops = ["keypair", "enc", "dec"]
    lines = ["| target | " + " | ".join("%s (ref / default, ratio)" % o for o in ops) +
             " | peak stack (default) | code (default; each with all it calls) |",
             "|---|" + "---:|" * 5]
    for res in results:
        rec = {r["op"]: r for r in res["records"] if r["bytes"] == 0}
        if "crypto_kem_ntrulpr761_keypair" not in rec:
            lines.append("| %s | does not fit | | | | |" % res["target"])
            continue
        cells = []
        for o in ops:
            fast, ref = rec["crypto_kem_ntrulpr761_" + o], rec["ntrulpr761_ref_" + o]
            cells.append("%s / %s (%.2f)" % (fmt(ref["cycles"]), fmt(fast["cycles"]),
                                              ref["cycles"] / fast["cycles"]))
        lines.append("| %s | %s | %s | %s B |" % (
            res["target"], " | ".join(cells),
            " / ".join(fmt(rec["crypto_kem_ntrulpr761_" + o]["stack_bytes"]) for o in ops),
            " / ".join(fmt(rec["crypto_kem_ntrulpr761_" + o]["code_bytes"]) for o in ops)))
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


def cpu_of(target):
    return None if target == "host" else targets_txt.by_name(target)["cpu"]


def toolchains():
    lines = []
    for tool in ("gcc", "avr-gcc", "arm-none-eabi-gcc"):
        out = subprocess.run([tool, "--version"], capture_output=True, text=True).stdout
        lines.append("- " + out.splitlines()[0])
    return "\n".join(lines)


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--target", choices=TARGETS + ["host"])
    parser.add_argument("--op")
    parser.add_argument("--external", help="a directory of implementations in SUPERCOP layout")
    parser.add_argument("--external-only", action="store_true",
                        help="run only the external implementations (tests/check-external.sh)")
    parser.add_argument("--peers", default="all",
                        help="the peers to measure: all (the default), none, or names with "
                             "commas (bench/peers/peers.py)")
    args = parser.parse_args()
    try:
        external = find_external(args.external) if args.external else []
    except RuntimeError as e:
        sys.exit("lab: %s" % e)
    names = {p.name for p in peer_lab.PEERS}
    wanted = [] if args.peers == "none" or args.external_only else \
        sorted(names) if args.peers == "all" else args.peers.split(",")
    if set(wanted) - names:
        sys.exit("lab: unknown peers %s; known: %s" % (", ".join(sorted(set(wanted) - names)),
                                                      ", ".join(sorted(names))))
    peers = [p for p in peer_lab.PEERS if p.name in wanted]
    fetch_failed = peer_lab.fetch_all(peers)
    peers = [p for p in peers if p.name not in fetch_failed]
    try:
        expected = peer_lab.reference() if peers else None
    except RuntimeError as e:
        sys.exit("lab: %s" % e)
    # The host was measured by bench/run.sh already; TARGET=host means no simulated target.
    targets = [] if args.target == "host" else [args.target] if args.target else TARGETS
    for t in targets:  # build the runners first, so the parallel runs never race for them
        make("runner", "CONFIG=" + t)
    os.makedirs(os.path.join(ROOT, "build", "bench"), exist_ok=True)
    # The host's peers first and alone: their figures are time-stamp counts, which other
    # work on the machine would disturb.
    host_result = {"target": "host", "records": [], "peer_records": [], "peer_problems": []}
    for p in ([peer_lab.MICROSALT] + peers) if peers and args.target in (None, "host") else []:
        recs, probs = bench_one_peer("host", p, args.op, expected)
        host_result["peer_records"] += recs
        host_result["peer_problems"] += probs
    results = []
    # The longest simulations first (Cortex-M, the M0 slowest; TweetNaCl the slowest peer),
    # so the two workers finish together.
    order = sorted(targets, key=lambda t: (targets_txt.by_name(t)["family"] != "cortexm",
                                           t != "cortex-m0"))
    peer_order = sorted(peers, key=lambda p: p.name != "tweetnacl")
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futures, peer_futures = {}, {}
        for t in order:
            for p in peer_order[:1]:
                peer_futures[(t, p.name)] = pool.submit(bench_one_peer, t, p, args.op, expected)
            futures[t] = pool.submit(bench_target, t, args.op, external, args.external_only)
            for p in peer_order[1:]:
                peer_futures[(t, p.name)] = pool.submit(bench_one_peer, t, p, args.op, expected)

        def peer_results(target):
            found, problems = [], []
            for p in [peer_lab.MICROSALT] + peers:
                if (target, p.name) in peer_futures:
                    recs, probs = peer_futures[(target, p.name)].result()
                    found += recs
                    problems += probs
            return found, problems
        for t in targets:
            try:
                res = futures[t].result()
            except RuntimeError as e:
                sys.exit("lab: %s" % e)
            res["peer_records"], res["peer_problems"] = peer_results(t)
            if peers:
                microsalt_group_flash(t, res["records"])
            print("lab: %s done in %.0f s (%d records); %s" % (
                t, res["seconds"], len(res["records"]),
                "external implementations only" if args.external_only
                else compare_with_previous(res)), flush=True)
            results.append(res)
            name = "%s-external.json" % t if args.external_only else "%s.json" % t
            with open(os.path.join(ROOT, "build", "bench", name), "w") as f:
                json.dump(res, f, indent=1)
    if args.external_only:
        return  # the host and the reports belong to full runs (bench/run.sh)
    host_result["records"] = host_records()
    with open(os.path.join(ROOT, "build", "bench", "host.json"), "w") as f:
        json.dump(host_result, f, indent=1)
    if args.target or args.op or args.external:
        print("lab: filtered or external run: BENCHMARKS.md left as it is")
        return
    plots(results)
    with_peers = [host_result] + results
    if peers or fetch_failed:
        peer_report.plots(with_peers, cpu_of, os.path.join(ROOT, "build", "bench"))
    def git(*args):
        return subprocess.run(["git"] + list(args), cwd=ROOT, capture_output=True,
                              text=True).stdout
    commit = git("rev-parse", "--short", "HEAD").strip() or "unknown"
    # Tracked changes besides BENCHMARKS.md itself: then no commit holds exactly the code
    # these figures came from, and the header says so.
    if any(line[3:] != "BENCHMARKS.md"
           for line in git("status", "--porcelain", "--untracked-files=no").splitlines()):
        commit += " with uncommitted changes"
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
        peer_report.section(with_peers, peers, fetch_failed, cpu_of) if peers or fetch_failed
        else "## Beside other implementations\n\nNot measured in this run (PEERS=none).",
        "",
        "## AVR NaCl's published figures beside microsalt (ATmega2560, cycles)",
        "",
        "AVR NaCl (avrnacl-20140813, fast, measured on an ATmega2560 board) as the μNaCl paper "
        "tabulates it; simavr's cycles are exact, so the two compare directly. Lengths are the "
        "NaCl API's: 1056 bytes of crypto_box and crypto_secretbox are the lab's 1024-byte rows "
        "(32 zero bytes in front), 1088 of crypto_sign_open a 1024-byte message and its "
        "signature (bench/published.py).",
        "",
        "\n".join(published.avr_nacl_table(res) for res in results
                  if res["target"] == "avr-atmega2560") or "The ATmega2560 was not measured.",
        "",
        "## μNaCl's published figures and the X25519 records beside microsalt (Cortex-M, cycles)",
        "",
        "μNaCl on the Cortex-M3 (an LPC1768 board) as its paper tabulates it (seed 001, table "
        "3, ARM column; the rows quoted in issue 17, the only ones available here), at the NaCl "
        "API's lengths as above; then the published X25519 records, whose code the lab's "
        "Cortex-M runner measured as it measures microsalt (modelled cycles, within 2.1% of the "
        "hardware figures; bench/published.py).",
        "",
        published.cortexm_table(results),
        "",
        "## The NaCl API alone in flash",
        "",
        "What an application that links every function of NaCl's own API (crypto_box, "
        "secretbox, stream, core, onetimeauth, auth, hash, hashblocks, scalarmult, sign, "
        "verify: bench/fw/size.c) needs beyond an empty firmware, with the builds' own flags.",
        "",
        published.nacl_flash_table(results),
        "",
        "## ChaCha20 (cycles; kernel code in flash bytes)",
        "",
        "The block kernel is assembly on AVR and Cortex-M (src/arch/), measured with its "
        "feed-forward and the xor onto 64 bytes; the portable C twin it replaces is beside it.",
        "",
        chacha_table(results),
        "",
        "## The random generator for chips without an OS (cycles)",
        "",
        "randombytes on bare metal (docs/rng.md): initialisation runs the health tests and "
        "SHA-512 over the 1,600 bytes of SRAM start-up noise (the ATmega328P's build: 1,100, "
        "targets.txt; simulated by the runner's `--sram device`), then overwrites them with "
        "output; each request is Salsa20 with fast key erasure (32 bytes: one block, plus more "
        "for longer requests). Code is the flash of the function alone.",
        "",
        rng_table(results),
        "",
        "## Kernels (cycles of one call: the build's kernel / its portable C twin, speed-up)",
        "",
        "Every kernel of tests/kernels/kernels.def (docs/kernels.md), measured by the kernel "
        "firmware tests/target/kernels.c. Where the architecture has no native kernel the two "
        "figures are the same code.",
        "",
        kernel_table(results),
        "",
        "## ntrulpr761 (cycles; reference / default variant)",
        "",
        "The default variant stores the generator G and multiplies by three levels of "
        "Karatsuba on 32-bit cores (on AVR: one dot product per coefficient); the reference "
        "variant streams G through a schoolbook product and never stores it. Goal on the "
        "Cortex-M4 model (issue 6): at most 2.0M / 3.5M / 4.0M cycles; published portable C on "
        "a real Cortex-M4: 5.64M / 10.82M / 15.50M; published M4 assembly: 0.73M / 1.31M / "
        "1.39M. The ATmega328P's 2 KB of RAM cannot hold it.",
        "",
        kem_table(results),
        "",
        "## Host: microsalt beside libsodium and NaCl",
        "",
        open(os.path.join(ROOT, "build", "bench", "host-header.md")).read().rstrip(),
        "",
        open(os.path.join(ROOT, "build", "bench", "host.md")).read().rstrip(),
        "",
        "Instructions executed by one call, counted by callgrind (exact and repeatable, where "
        "the cycles above move with the machine's load):",
        "",
        open(os.path.join(ROOT, "build", "bench", "host-instructions.md")).read().rstrip(),
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
