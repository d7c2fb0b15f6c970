#!/bin/sh
# The exported names are exactly the public API: the shared library exports the functions of
# include/microsalt.h (listed in tests/public-symbols.txt) and nothing else, and every global
# symbol of the static library is public or carries the microsalt_ prefix.
set -eu
lib=${1:-build/host}
fail=0
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT

# The prototypes marked "bare metal only" are not in host builds.
grep -v 'bare metal only' include/microsalt.h |
    grep -oE '^[a-z_0-9 ]+ \**(crypto_[a-z0-9_]+|randombytes[a-z_]*)\(' |
    grep -oE '(crypto_[a-z0-9_]+|randombytes[a-z_]*)' | sort > "$tmp/header"
if ! diff -u tests/public-symbols.txt "$tmp/header"; then
    echo "symbols: include/microsalt.h and tests/public-symbols.txt disagree"; fail=1
fi

nm -D --defined-only "$lib/libmicrosalt.so" | awk '$2 ~ /^[TDBRVW]$/ {print $3}' | sort > "$tmp/so"
if ! diff -u tests/public-symbols.txt "$tmp/so"; then
    echo "symbols: libmicrosalt.so exports differ from the public API"; fail=1
fi

nm -g --defined-only "$lib/libmicrosalt.a" | awk 'NF == 3 {print $3}' | sort -u |
    grep -v '^microsalt_' > "$tmp/a" || true
if ! diff -u tests/public-symbols.txt "$tmp/a"; then
    echo "symbols: libmicrosalt.a has globals that are neither public nor microsalt_*"; fail=1
fi

[ $fail -eq 0 ] && echo "symbols: $(wc -l < tests/public-symbols.txt) public functions, nothing else exported"
exit $fail
