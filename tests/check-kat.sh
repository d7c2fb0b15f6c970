#!/bin/sh
# `make kat`: the NIST-style KAT of ntrulpr761 (tests/gen/ntrulpr761_kat.c) must hash to
# tests/vectors/ntrulpr761_kat.sha256: its first entry to the value the issue gives, the whole
# file to the committed regression value; the reference variant must write the same file.
set -eu
bin=$1
out=build/kat
mkdir -p "$out"
"$bin" "$out/ntrulpr761.rsp"
"$bin" "$out/ntrulpr761-ref.rsp" ref
want_entry0=$(sed -n 1p tests/vectors/ntrulpr761_kat.sha256 | cut -d' ' -f1)
want_file=$(sed -n 2p tests/vectors/ntrulpr761_kat.sha256 | cut -d' ' -f1)
entry0=$(sed -n 3,8p "$out/ntrulpr761.rsp" | sha256sum | cut -d' ' -f1)
file=$(sha256sum < "$out/ntrulpr761.rsp" | cut -d' ' -f1)
ref=$(sha256sum < "$out/ntrulpr761-ref.rsp" | cut -d' ' -f1)
fail=0
[ "$entry0" = "$want_entry0" ] || { echo "kat: entry 0 hashes to $entry0, not $want_entry0"; fail=1; }
[ "$file" = "$want_file" ] || { echo "kat: the file hashes to $file, not $want_file"; fail=1; }
[ "$ref" = "$file" ] || { echo "kat: the reference variant wrote a different file"; fail=1; }
[ $fail -eq 0 ] && echo "kat: $out/ntrulpr761.rsp: entry 0 and the whole file match; the reference variant agrees"
exit $fail
