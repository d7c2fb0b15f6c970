#!/bin/sh
# The lab's EXTERNAL= path: tests/external holds an implementation in SUPERCOP layout (SHA-512
# on crypto_hashblocks); the lab must build it for an AVR and a Cortex-M target with its
# functions renamed beside microsalt, find that its output agrees with microsalt's, and record
# its cycles at every message size.
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
want = [("sha512/blocks", "crypto_hash", n) for n in (16, 32, 128, 1024)]
if got != want:
    sys.exit("check-external: %s: expected %s, got %s" % (target, want, got))
print("check-external: %s: sha512/blocks measured at %s bytes" % (target, [w[2] for w in want]))
PY
done
