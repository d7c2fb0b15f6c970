#!/usr/bin/env python3
"""The lab's peers: other implementations fetched from package registries, pinned by version
and SHA-256, built for every target through an adapter (bench/peers/<name>.c, adapter.h) and
measured by the peer firmware (bench/fw/peer.c) beside microsalt (docs/lab.md).

Nothing of a peer is committed: `fetch` downloads its package into build/peers/cache/, refuses
it unless its SHA-256 is the pinned one, and unpacks it into build/peers/<name>-<version>/.
`bench_peer` builds the peer's sources with the target's compiler and flags, links one firmware
per group of operations (and a check-free twin for its flash figure), runs it, and returns
records; an operation whose output differs from microsalt's is returned as wrong, not timed.

Usage: peers.py fetch [NAME...]     fetch and verify (what ./lab bench does first)
"""
import hashlib
import json
import os
import re
import shlex
import shutil
import statistics
import subprocess
import sys
import tarfile
import urllib.request

ROOT = os.path.dirname(os.path.dirname(os.path.dirname(os.path.abspath(__file__))))
PEERS_DIR = os.path.join(ROOT, "bench", "peers")
CACHE = os.path.join(ROOT, "build", "peers", "cache")

CRATES = "https://static.crates.io/crates/%s/%s-%s.crate"
DEBIAN = "http://deb.debian.org/debian/pool/main/%s"


class Peer:
    """One implementation: where it comes from (route, url, sha256: the hash of the file as
    the registry serves it, which crates.io's index and Debian's Sources list both record),
    its licence, and how to build it: sources and include directories relative to `root`
    (the unpacked package's top directory), and compiler flags (`flags`: all builds;
    `family_flags`: per family of targets.txt). url may be a file:// URL (the suite's local
    package)."""

    def __init__(self, name, version, route, url, sha256, licence, root, sources,
                 includes=(), flags=(), family_flags=None, adapter=True, slow_sizes=None,
                 groups=None):
        self.name, self.version, self.route, self.url = name, version, route, url
        self.sha256, self.licence, self.root = sha256, licence, root
        self.sources, self.includes, self.flags = list(sources), list(includes), list(flags)
        self.family_flags = family_flags or {}
        # bench/peers/<name>.c, another path, or none where the package defines adapter.h's
        # functions itself
        self.adapter = adapter if isinstance(adapter, str) else \
            os.path.join(PEERS_DIR, name + ".c") if adapter else None
        # The groups of bench/fw/peer.c to measure, where not all the adapter has
        self.groups = groups
        # The message sizes its signatures and boxes are measured at, where not all four
        # (bench/fw/peer.c's PEER_SLOW_SIZES)
        self.slow_sizes = slow_sizes

    @property
    def directory(self):
        if self.url is None:  # microsalt itself
            return ROOT
        return os.path.join(ROOT, "build", "peers", "%s-%s" % (self.name, self.version))


def crate(name, version):
    return "crates.io: crate %s %s" % (name, version), CRATES % (name, name, version)


def wolfssl(small):
    """wolfCrypt alone (no TLS), configured by bench/peers/config/wolfssl_user_settings.h: the
    sources of the operations compared (single-precision P-256 in C) and their support files;
    misc.c is included by them (inline), not compiled. Two builds: wolfSSL's default
    Curve25519/Ed25519 code (fe_operations.c, ge_operations.c), and its low-memory option
    CURVED25519_SMALL (fe_low_mem.c, ge_low_mem.c), which its microcontroller example selects
    and which is 10 to 70 times slower; the second only for X25519, as the other operations are
    the same code and its Ed25519 takes 0.1 to 0.8G cycles a signature."""
    field = ("fe_low_mem.c", "ge_low_mem.c") if small else ("fe_operations.c",
                                                             "ge_operations.c")
    return Peer("wolfssl-small" if small else "wolfssl", "5.5.4",
                "Debian source package wolfssl 5.5.4-2+deb12u3 (orig tarball)",
                DEBIAN % "w/wolfssl/wolfssl_5.5.4.orig.tar.gz",
                sha256="b7ee150e49def77c765bc02aac92ddeb0bebefd4cb12aa263d8f95e405221fb8",
                licence="GPL-2.0-or-later (COPYING)",
                root="wolfssl-5.5.4-stable",
                sources=["wolfcrypt/src/" + f for f in (
                    "curve25519.c", "ed25519.c", "chacha.c", "poly1305.c",
                    "chacha20_poly1305.c", "sha512.c", "ecc.c", "sp_int.c", "sp_c32.c",
                    "sp_c64.c", "wolfmath.c", "random.c", "memory.c", "wc_port.c",
                    "logging.c") + field],
                includes=["."],
                flags=["-DWOLFSSL_USER_SETTINGS",
                       "-I" + os.path.join(PEERS_DIR, "config", "wolfssl-user")] +
                (["-DMICROSALT_LAB_WOLFSSL_SMALL"] if small else []),
                adapter=os.path.join(PEERS_DIR, "wolfssl.c"), groups=(1,) if small else None)


PEERS = [
    Peer("monocypher", "4.0.2", *crate("monocypher-sys", "4.0.2"),
         sha256="dc11b58afcc9e7b8dc05ae2a2050b5a7a368ba1155bc0f9b1ad81ccedf5f1c96",
         licence="BSD-2-Clause OR CC0-1.0 (Monocypher/LICENCE.md)",
         root="monocypher-sys-4.0.2/Monocypher/src",
         sources=["monocypher.c", "optional/monocypher-ed25519.c"],
         includes=[".", "optional"]),
    Peer("tweetnacl", "20140427", *crate("tweetnacl-sys", "0.1.5"),
         sha256="d5f361e608a0a08c2ee09d1811f7e108bbee4c892aafbb8e685a7cc3b2526b61",
         licence="public domain (tweetnacl.c)",
         root="tweetnacl-sys-0.1.5/src", sources=["tweetnacl.c"], includes=["."],
         # avr-gcc 7.3 at -O2 emits a conditional branch out of range in its Ed25519 point
         # multiplication (the link fails: relocation truncated); -Os, TweetNaCl's own aim
         # (small code), links.
         family_flags={"avr": ["-Os"]},
         # Its signatures take 150M to 300M cycles on a Cortex-M0 and 0.8G to 1.6G on AVR, its
         # boxes 90M and 0.5G, so all four sizes would hold the lab up for minutes per target.
         slow_sizes=(32, 1024)),
    Peer("micro-ecc", "1.0.0", *crate("micro-ecc-sys", "0.3.2"),
         sha256="1b861c7e7eba25ec3fe0fde221a46bf38bd1ad200a5404b6f7e45c99b74a00fa",
         licence="BSD-2-Clause (micro-ecc/LICENSE.txt)",
         # Its defaults: every curve (the linker keeps P-256's alone), assembly where it has
         # some (AVR, ARM Thumb and Thumb-2, UMAAL on ARMv7E-M).
         root="micro-ecc-sys-0.3.2/micro-ecc", sources=["uECC.c"], includes=["."]),
    # The adapter includes hydrogen.c itself: X25519 is internal to it (static functions).
    # Bare metal has no random source libhydrogen knows, so it is built as for RIOT, whose
    # random_bytes the adapter supplies (bench/peers/shim/random.h).
    Peer("libhydrogen", "0.9.5-crate", *crate("libhydrogen-sys", "0.9.5"),
         sha256="f95cae0585491c3c316c4c007cf1c8d8b09a34afd865cc83cc51dd56cc6138aa",
         licence="ISC (libhydrogen/LICENSE)",
         root="libhydrogen-sys-0.9.5/libhydrogen", sources=[], includes=["."],
         family_flags={"avr": ["-UAVR", "-DRIOT_VERSION=1"],
                       "cortexm": ["-DRIOT_VERSION=1"]}),
    wolfssl(small=False),
    wolfssl(small=True),
    # Mbed TLS's crypto alone (no TLS, no PSA), configured by bench/peers/config/mbedtls_config.h;
    # the ASN.1 files only satisfy ECDSA's configuration check (their code is not linked in).
    # Mbed TLS 2.28 has no Ed25519 (nor does its adapter), so its group 2 is not built.
    Peer("mbedtls", "2.28.3", "Debian source package mbedtls 2.28.3-1 (orig tarball)",
         DEBIAN % "m/mbedtls/mbedtls_2.28.3.orig.tar.gz",
         sha256="3b4953aa55a681e084d31892d9904cc5328d6b4958ea57b90ae4b4f94ae69a8d",
         licence="Apache-2.0 OR GPL-2.0-or-later (LICENSE)",
         root="Mbed-TLS-mbedtls-8f97ca5",
         sources=["library/" + f for f in (
             "bignum.c", "constant_time.c", "ecp.c", "ecp_curves.c", "ecdh.c", "ecdsa.c",
             "asn1parse.c", "asn1write.c", "chacha20.c", "poly1305.c", "chachapoly.c", "sha512.c",
             "platform.c", "platform_util.c")],
         includes=["include"],
         flags=["-DMBEDTLS_CONFIG_FILE=\"mbedtls_config.h\"",
                "-I" + os.path.join(PEERS_DIR, "config")]),
]

# microsalt through the same harness, for the host, where the harness differs from
# bench/host.c's (bench/peers/microsalt.c).
MICROSALT = Peer("microsalt", "this tree", "this tree", None, None, "see LICENSE", root="",
                 sources=[], includes=["include"])


def sha256_of(path):
    h = hashlib.sha256()
    with open(path, "rb") as f:
        for chunk in iter(lambda: f.read(1 << 20), b""):
            h.update(chunk)
    return h.hexdigest()


class FetchError(Exception):
    pass


def fetch(peer, cache=CACHE):
    """Downloads peer's package (once), checks its SHA-256 and unpacks it; raises FetchError
    (nothing unpacked, the download deleted) on any failure or a hash mismatch."""
    stamp = os.path.join(peer.directory, ".sha256")
    if os.path.exists(stamp) and open(stamp).read().strip() == peer.sha256:
        return
    os.makedirs(cache, exist_ok=True)
    archive = os.path.join(cache, os.path.basename(peer.url))
    if not os.path.exists(archive):
        try:
            req = urllib.request.Request(peer.url, headers={"User-Agent": "microsalt-lab"})
            with urllib.request.urlopen(req, timeout=120) as r, open(archive + ".part", "wb") as f:
                shutil.copyfileobj(r, f)
        except (OSError, ValueError) as e:
            raise FetchError("cannot fetch %s: %s" % (peer.url, e))
        os.replace(archive + ".part", archive)
    got = sha256_of(archive)
    if got != peer.sha256:
        os.remove(archive)
        raise FetchError("refused %s: SHA-256 %s, pinned %s" % (peer.url, got, peer.sha256))
    with tarfile.open(archive) as t:
        for member in t.getmembers():  # a package must not write outside its directory
            target = os.path.realpath(os.path.join(peer.directory, member.name))
            if not target.startswith(os.path.realpath(peer.directory) + os.sep) or \
                    member.issym() or member.islnk():
                os.remove(archive)
                raise FetchError("refused %s: member %s escapes its directory" % (
                    peer.url, member.name))
        shutil.rmtree(peer.directory, ignore_errors=True)
        os.makedirs(peer.directory)
        t.extractall(peer.directory)
    with open(stamp, "w") as f:
        f.write(peer.sha256 + "\n")


def fetch_all(peers, log=print):
    """Fetches every peer; returns {name: error} for those that failed, after saying so."""
    failed = {}
    for peer in peers:
        try:
            fetch(peer)
            log("lab: peer %s %s: %s, SHA-256 verified" % (peer.name, peer.version, peer.route))
        except FetchError as e:
            failed[peer.name] = str(e)
            log("lab: PEER %s NOT AVAILABLE: %s; its rows say so" % (peer.name, e))
    return failed


# The groups of bench/fw/peer.c (PEER_GROUP) and the adapter functions that make each worth
# building: a group is built for a peer whose adapter defines any of them.
GROUPS = {1: ("peer_x25519", "peer_x25519_base"),
          2: ("peer_ed25519_sign",),
          3: ("peer_aead_encrypt",),
          4: ("peer_sha512",),
          5: ("peer_poly1305",),
          6: ("peer_chacha20", "peer_salsa20"),
          7: ("peer_box", "peer_secretbox"),
          8: ("peer_p256_ecdh", "peer_p256_verify"),
          9: ("peer_own_sign",)}
# The group each compared operation is measured in (bench/fw/peer.c), for microsalt's flash
# figure of the same group.
OP_GROUP = {"crypto_scalarmult": 1, "crypto_scalarmult_base": 1, "crypto_sign_detached": 2,
            "crypto_sign_verify_detached": 2, "crypto_aead_chacha20poly1305_ietf_encrypt": 3,
            "crypto_aead_chacha20poly1305_ietf_decrypt": 3, "crypto_hash": 4,
            "crypto_onetimeauth": 5, "crypto_stream_chacha20_ietf_xor": 6,
            "crypto_stream_salsa20_xor": 6, "crypto_box": 7, "crypto_secretbox": 7}
GROUP_NAMES = {0: "the peer", 1: "X25519", 2: "Ed25519", 3: "ChaCha20-Poly1305", 4: "SHA-512",
               5: "Poly1305", 6: "ChaCha20 and Salsa20 streams", 7: "NaCl box and secretbox",
               8: "P-256", 9: "its own signatures"}
# The Cortex-M runner without data-access tracking: five times faster, and the same cycles
# (its cycle model charges no data access but unaligned ones, which the Cortex-M0 faults on and
# C code does not make), but the peak stack is read at block boundaries (docs/lab.md).
RUNNER_FLAGS = {"cortexm": ["--blocks-only"]}
HOST_RUNS = 11  # host firmware runs per group; each figure is the median


def fw_vars(target):
    out = subprocess.run(["make", "--no-print-directory", "-s", "fw-vars", "CONFIG=" + target],
                         cwd=ROOT, capture_output=True, text=True, check=True).stdout
    return dict(line.split("=", 1) for line in out.splitlines() if "=" in line)


def sh(cmd, **kw):
    return subprocess.run(cmd, cwd=ROOT, capture_output=True, text=True, **kw)


def first_error(text):
    """The line of a tool's output that says what went wrong."""
    lines = text.splitlines()
    for key in ("undefined reference", "error:", "overflow"):
        for line in lines:
            if key in line:
                return line.strip()[-200:]
    return lines[-1].strip()[-200:] if lines else "?"


def vectors_header(path):
    """The firmware's fixed inputs as C arrays kept in flash (HAL_FLASH): RFC 8032's TEST 1 key
    pair, RFC 7748's first u-coordinate, and tests/vectors/p256.vec."""
    wanted = [("ed25519_rfc8032.vec", "seed", "ed25519_seed"),
              ("ed25519_rfc8032.vec", "pk", "ed25519_pk"),
              ("x25519_rfc7748.vec", "u", "x25519_u"), ("p256.vec", "d", "p256_ecdh_d"),
              ("p256.vec", "q", "p256_ecdh_q"), ("p256.vec", "shared", "p256_ecdh_shared"),
              ("p256.vec", "q", "p256_ecdsa_q"), ("p256.vec", "digest", "p256_ecdsa_digest"),
              ("p256.vec", "sig", "p256_ecdsa_sig")]
    values = {}  # (file, field) -> the values of that field, in the file's order
    for name in {w[0] for w in wanted}:
        for line in open(os.path.join(ROOT, "tests", "vectors", name)):
            m = re.match(r"(\w+) = ([0-9a-f]+)$", line.strip())
            if m and any(w[:2] == (name, m.group(1)) for w in wanted):
                values.setdefault((name, m.group(1)), []).append(bytes.fromhex(m.group(2)))
    taken = {}
    lines = ['#include "hal.h"']
    for name, field, c_name in wanted:
        k = taken[(name, field)] = taken.get((name, field), -1) + 1  # the next one of field
        data = values[(name, field)][k]
        lines.append("static const uint8_t %s[%d] HAL_FLASH = {%s};" % (
            c_name, len(data), ", ".join("0x%02x" % b for b in data)))
    with open(path, "w") as f:
        f.write("\n".join(lines) + "\n")


def parse(out, target, peer):
    """Records, the (op, bytes) found wrong in the firmware, and the output digests."""
    records, wrong, digests, pending = [], set(), {}, None
    for line in out.splitlines():
        fields = dict(kv.split("=", 1) for kv in line.split()[1:] if "=" in kv)
        if line.startswith("@op "):
            pending = fields
        elif line.startswith("@measure ") and pending is not None:
            records.append({"target": target, "impl": peer.name, "version": peer.version,
                            "op": pending["name"], "bytes": int(pending["bytes"]),
                            "cycles": int(fields["cycles"]), "cycles_model": fields["model"],
                            "instructions": int(fields["instructions"]) or None,
                            "stack_bytes": int(fields["stack"]) if target != "host" else None,
                            "varlat": int(fields["varlat"]) if "varlat" in fields else None})
            pending = None
        elif line.startswith("@wrong "):
            wrong.add((fields["name"], int(fields["bytes"])))
        elif line.startswith("@out "):
            digests[(fields["name"], int(fields["bytes"]))] = fields["fnv"]
    return records, wrong, digests


def size_of(v, elf):
    size = v["CC"].replace("gcc", "size") if v["CC"].endswith("gcc") else "size"
    fields = sh([size, elf], check=True).stdout.splitlines()[1].split()
    return int(fields[0]) + int(fields[1]), int(fields[1]) + int(fields[2])  # flash, RAM


def reference():
    """microsalt's output digests, (op, bytes) -> digest: the peer firmware with microsalt's
    adapter on the host, which the peers' digests on every target must equal."""
    _, problems, _, digests = bench_peer(MICROSALT, "host", "host", 0, 0, runs=1)
    if problems:
        raise RuntimeError("microsalt's reference run failed: %s" % problems)
    return digests


def bench_peer(peer, target, family, ram, flash, measure=True, expected=None,
               runs=HOST_RUNS):
    """Builds and runs peer on target; returns (records, problems, flash_by_group, digests):
    records as bench/lab.py writes them (an operation whose output digest differs from
    expected's, or that the firmware found wrong, carries wrong=True), problems a list of
    (group, text) for what could not be measured, the flash each group's operations need (a
    firmware without the checks, against an empty one), and the output digests.
    measure=False only builds, for the flash figure; on the host each group runs `runs` times
    and each figure is the median."""
    v = fw_vars(target)
    host = family == "host"
    out_dir = os.path.join(ROOT, "build", target, "peers", peer.name)
    obj_dir = os.path.join(out_dir, "obj")
    os.makedirs(obj_dir, exist_ok=True)
    src_root = os.path.join(peer.directory, peer.root)
    cflags = shlex.split(v["OPT"]) + ["-ffunction-sections", "-fdata-sections"] + \
        shlex.split(v["FW_CFLAGS"]) + peer.flags + peer.family_flags.get(family, []) + \
        ["-I" + os.path.join(src_root, d) for d in peer.includes] + \
        ["-I" + PEERS_DIR, "-I" + os.path.join(PEERS_DIR, "shim"),
         "-I" + os.path.join(ROOT, "platform", "hal")]
    # The peer's code and its adapter, compiled once per target.
    objects = []
    for src in peer.sources + ([peer.adapter] if peer.adapter else []):
        obj = os.path.join(obj_dir, "adapter.o" if src == peer.adapter
                           else src.replace("/", "_") + ".o")
        r = sh([v["CC"], "-std=gnu99", "-w"] + cflags + ["-c", os.path.join(src_root, src),
                                                         "-o", obj])
        if r.returncode != 0:
            return [], [(0, "does not build for this target: " + first_error(r.stderr))], {}, {}
        objects.append(obj)
    defined = set(sh(["nm" if host else v["CC"].replace("gcc", "nm"), "--defined-only"] +
                     objects).stdout.split())
    groups = [g for g, syms in GROUPS.items() if any(s in defined for s in syms) and
              (peer.groups is None or g in peer.groups)]
    vectors = os.path.join(ROOT, "build", target, "peers", "peer_vectors.h")
    vectors_header(vectors)
    hal = [os.path.join(ROOT, "platform", "hal", "host.c")] if host else \
        [os.path.join(ROOT, s) for s in v["HAL_SRC"].split()]
    lib = os.path.join(ROOT, "build", target, "libmicrosalt.a")
    fw_flags = cflags + ["-std=c99", "-I" + os.path.dirname(vectors)] + (
        ["-DPEER_SLOW_SIZES=" + ",".join(map(str, peer.slow_sizes))] if peer.slow_sizes else [])
    ldflags = shlex.split(v["FW_LDFLAGS"])

    def link(group, size_only):
        elf = os.path.join(out_dir, "%s%d.elf" % ("size" if size_only else "fw", group))
        cmd = [v["CC"]] + fw_flags + ["-DPEER_GROUP=%d" % group] + \
            (["-DPEER_SIZE_ONLY"] if size_only else []) + \
            ["-o", elf, os.path.join(ROOT, "bench", "fw", "peer.c")] + hal + objects + \
            ([lib] if peer is MICROSALT else []) + ldflags
        r = sh(cmd)
        return elf if r.returncode == 0 else None, r.stderr

    records, problems, flash_by_group, digests = [], [], {}, {}
    empty = None if host else link(0, True)[0]
    for g in groups:
        size_elf = None if host else link(g, True)[0]
        group_flash = None
        if size_elf and empty:
            group_flash = flash_by_group[g] = size_of(v, size_elf)[0] - size_of(v, empty)[0]
            if size_of(v, size_elf)[0] > flash:
                problems.append((g, "does not fit: %d B of flash (the chip has %d)" %
                                 (size_of(v, size_elf)[0], flash)))
                continue
        if not measure:
            continue
        elf, err = link(g, False)
        if elf is None:
            over = re.search(r"region .text' overflowed by (\d+) bytes", err)
            if over:
                why = "does not fit: needs %d B more flash than the chip's %d" % (
                    int(over.group(1)), flash)
            elif re.search(r"section .\.(bss|data). is not within region .data.", err):
                why = "does not fit: its static data alone exceed the chip's %d B of RAM" % ram
            else:
                why = "does not link: " + first_error(err)
            problems.append((g, why))
            continue
        outs = []
        for _ in range(runs if host else 1):
            cmd = [elf] if host else \
                shlex.split(v["RUNNER"]) + RUNNER_FLAGS.get(family, []) + [elf]
            r = sh(cmd)
            if r.returncode != 0 or "@peer done" not in r.stdout:
                why = first_error(r.stderr or r.stdout)
                problems.append((g, "does not fit: %d B of RAM; %s" % (ram, why)
                                 if "stack overflow" in why else
                                 "failed (exit %d): %s" % (r.returncode, why)))
                break
            outs.append(r.stdout)
        if len(outs) != (runs if host else 1):
            continue
        recs, wrong, found = parse(outs[0], target, peer)
        digests.update(found)
        wrong |= {k for k, d in found.items() if expected is not None and k in expected and
                  expected[k] != d}
        if host:  # the median of each figure over the runs
            every = [parse(o, target, peer)[0] for o in outs]
            for i, rec in enumerate(recs):
                rec["cycles"] = int(statistics.median(e[i]["cycles"] for e in every))
        ram_static = None if host else size_of(v, elf)[1]
        for rec in recs:
            rec["group"] = g
            rec["code_bytes"] = group_flash
            rec["ct"] = None
            if (rec["op"], rec["bytes"]) in wrong:
                rec["wrong"] = True
            elif ram_static is not None and ram_static + rec["stack_bytes"] > ram:
                rec["does_not_fit"] = "%d B of RAM (static %d + stack %d; the chip has %d)" % (
                    ram_static + rec["stack_bytes"], ram_static, rec["stack_bytes"], ram)
        records += recs
    return records, problems, flash_by_group, digests


def main():
    if len(sys.argv) < 2 or sys.argv[1] != "fetch":
        sys.exit(__doc__)
    names = sys.argv[2:]
    failed = fetch_all([p for p in PEERS if not names or p.name in names])
    sys.exit(1 if failed else 0)


if __name__ == "__main__":
    main()
