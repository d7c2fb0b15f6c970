#!/usr/bin/env python3
"""The lab's peer path (bench/peers/peers.py) on a local package, with no network: a package
whose SHA-256 is not the pinned one, or whose members would land outside its directory, is
refused and leaves nothing behind; the pinned one is unpacked once; its functions (tests/
peers/toy.c, which defines the adapter's functions itself) are built and run on the host, an
AVR and a Cortex-M target, where what passes the checks is timed and the deliberately wrong
SHA-512 is reported as wrong, never timed."""
import io
import os
import shutil
import sys
import tarfile
import tempfile

ROOT = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
sys.path.insert(0, os.path.join(ROOT, "bench", "peers"))
sys.path.insert(0, os.path.join(ROOT, "platform"))
import peers  # noqa: E402
import targets  # noqa: E402


def fail(msg):
    sys.exit("check-peers: FAIL: " + msg)


def package(path, members):
    with tarfile.open(path, "w:gz") as t:
        for name, data in members.items():
            info = tarfile.TarInfo(name)
            info.size = len(data)
            t.addfile(info, io.BytesIO(data))
    return peers.sha256_of(path)


def toy(name, url, sha256):
    return peers.Peer(name, "1.0", "local package (tests/check-peers.py)", url, sha256,
                      "test only", root="toy-1.0", sources=["toy.c"], includes=["."],
                      adapter=False)


def main():
    tmp = tempfile.mkdtemp(prefix="check-peers-")
    cache = os.path.join(tmp, "cache")
    source = open(os.path.join(ROOT, "tests", "peers", "toy.c"), "rb").read()
    good = os.path.join(tmp, "toy-1.0.tar.gz")
    sha = package(good, {"toy-1.0/toy.c": source})
    made = []
    try:
        # A mismatching hash is refused: nothing unpacked, the download deleted.
        bad = toy("toy-badhash", "file://" + good, "0" * 64)
        made.append(bad)
        try:
            peers.fetch(bad, cache)
            fail("a package with the wrong SHA-256 was accepted")
        except peers.FetchError as e:
            if "refused" not in str(e):
                fail("unexpected error for a hash mismatch: %s" % e)
        if os.path.exists(bad.directory) or os.listdir(cache):
            fail("a refused package left files behind")
        print("check-peers: hash mismatch refused: ok")

        # A member that would be written outside the package's directory is refused.
        evil = os.path.join(tmp, "evil.tar.gz")
        evil_sha = package(evil, {"toy-1.0/toy.c": source, "../escaped.c": b"int x;\n"})
        escaping = toy("toy-escape", "file://" + evil, evil_sha)
        made.append(escaping)
        try:
            peers.fetch(escaping, cache)
            fail("a package escaping its directory was accepted")
        except peers.FetchError as e:
            if "escapes" not in str(e):
                fail("unexpected error for an escaping member: %s" % e)
        if os.path.exists(os.path.join(os.path.dirname(escaping.directory), "escaped.c")):
            fail("an escaping member was written")
        print("check-peers: escaping member refused: ok")

        # An unreachable package is an error the lab reports, not a crash.
        missing = toy("toy-missing", "file://" + os.path.join(tmp, "absent.tar.gz"), sha)
        if "toy-missing" not in peers.fetch_all([missing], log=lambda line: None):
            fail("an unreachable package was not reported")
        print("check-peers: unreachable package reported: ok")

        # The pinned package is unpacked once, then built, run and checked.
        peer = toy("toy", "file://" + good, sha)
        made.append(peer)
        peers.fetch(peer, cache)
        os.remove(os.path.join(cache, "toy-1.0.tar.gz"))
        peers.fetch(peer, cache)  # already unpacked and verified: nothing to download
        if not os.path.exists(os.path.join(peer.directory, "toy-1.0", "toy.c")):
            fail("the package was not unpacked")
        expected = peers.reference()
        for target in ["host", "avr-atmega2560", "cortex-m0"]:
            info = {"family": "host", "ram": "0", "flash": "0"} if target == "host" else \
                targets.by_name(target)
            records, problems, flash, _ = peers.bench_peer(
                peer, target, info["family"], int(info["ram"]), int(info["flash"]),
                expected=expected, runs=1)
            if problems:
                fail("%s: %s" % (target, problems))
            timed = sorted({(r["op"], r["bytes"]) for r in records if not r.get("wrong")})
            wrong = sorted({(r["op"], r["bytes"]) for r in records if r.get("wrong")})
            sizes = [16, 32, 128, 1024]
            want_timed = sorted([("own_sign", n) for n in sizes] + [("own_verify", n) for n in sizes])
            if timed != want_timed:
                fail("%s: timed %s, expected %s" % (target, timed, want_timed))
            if wrong != sorted(("crypto_hash", n) for n in sizes):
                fail("%s: the wrong SHA-512 was not reported as wrong: %s" % (target, wrong))
            if target != "host" and not all(flash.get(g, 0) > 0 for g in (4, 9)):
                fail("%s: no flash figure per group: %s" % (target, flash))
            print("check-peers: %s: %d operations timed, SHA-512 reported wrong at %s bytes: ok"
                  % (target, len(timed), sizes))
    finally:
        shutil.rmtree(tmp)
        for p in made:
            shutil.rmtree(p.directory, ignore_errors=True)
    print("check-peers: all passed")


if __name__ == "__main__":
    main()
