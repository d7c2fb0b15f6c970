#!/bin/sh
# The lab's EXTERNAL= path. tests/external holds implementations in SUPERCOP layout written for
# this test, most on other primitives' headers (microsalt's); the lab must build each for an
# AVR and a Cortex-M target with its functions renamed beside microsalt's, find that its
# outputs agree with microsalt's and that it rejects forgeries, and record its cycles at every
# size. Then it must fail on two copies broken here: SHA-512 with a byte of its initial value
# flipped, and Poly1305 whose verification accepts any tag.
set -eu
cd "$(dirname "$0")/.."
make --no-print-directory -s .venv/.requirements-stamp
for target in avr-atmega2560 cortex-m0; do
    .venv/bin/python bench/lab.py --target $target --external tests/external --external-only
    .venv/bin/python - "$target" <<'PY'
import json, sys
target = sys.argv[1]
records = json.load(open("build/bench/%s-external.json" % target))["records"]
got = sorted((r["impl"], r["op"], r["bytes"]) for r in records if r["cycles"] > 0)
sizes = (16, 32, 128, 1024)
want = {"sha512/blocks": [("crypto_hash", sizes)],
        "poly1305/bytes": [("crypto_onetimeauth", sizes), ("crypto_onetimeauth_verify", sizes)],
        "xsalsa20/composed": [("crypto_stream", sizes), ("crypto_stream_xor", sizes)],
        "xsalsa20poly1305/composed": [("crypto_secretbox", sizes),
                                      ("crypto_secretbox_open", sizes)],
        "curve25519xsalsa20poly1305/composed": [
            ("crypto_box_beforenm", (0,)), ("crypto_box", sizes), ("crypto_box_open", sizes),
            ("crypto_box_afternm", sizes), ("crypto_box_open_afternm", sizes)],
        "x25519sha512/composed": [("crypto_kem_enc", (0,)), ("crypto_kem_dec", (0,))]}
expected = sorted((impl, op, n) for impl, ops in want.items() for op, ns in ops for n in ns)
if got != expected:
    sys.exit("check-external: %s: expected %s, got %s" % (target, expected, got))
for impl, ops in sorted(want.items()):
    print("check-external: %s: %s checked, measured: %s" % (
        target, impl, ", ".join("%s %s" % (op, "/".join(map(str, ns))) for op, ns in ops)))
PY
done

broken=$(mktemp -d)
trap 'rm -rf "$broken"' EXIT
# Copies tests/external/$1 (op/primitive/impl) to an implementation named broken, changes its
# file $2 by the sed expression $3 ($4 says how), and expects the lab to refuse it.
expect_refusal() {
    copy=$broken/${1%/*}/broken
    mkdir -p "$copy"
    cp tests/external/"$1"/* "$copy"/
    sed -i "$3" "$copy/$2"
    if cmp -s tests/external/"$1/$2" "$copy/$2"; then
        echo "check-external: the sed expression changed nothing in $1/$2"
        exit 1
    fi
    if out=$(.venv/bin/python bench/lab.py --target cortex-m0 --external "$broken" \
             --external-only 2>&1); then
        echo "$out"
        echo "check-external: the lab accepted ${1%/*} with $4"
        exit 1
    fi
    if ! echo "$out" | grep -q "@external DISAGREES with microsalt"; then
        echo "$out"
        echo "check-external: the lab failed on ${1%/*} with $4, but not by disagreeing"
        exit 1
    fi
    echo "check-external: the lab refuses ${1%/*} with $4: $(echo "$out" | grep -m1 '^lab:')"
    rm -rf "${broken:?}"/*
}
expect_refusal crypto_hash/sha512/blocks hash.c 's/0x6a, 0x09/0x6b, 0x09/' \
    "a byte of its initial value flipped"
expect_refusal crypto_onetimeauth/poly1305/bytes auth.c \
    's/return crypto_verify_16(tag, correct);/return 0 * crypto_verify_16(tag, correct);/' \
    "a verification that accepts any tag"
