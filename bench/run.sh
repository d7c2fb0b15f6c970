#!/bin/sh
# The benchmark (`make bench`): host cycles beside libsodium, worst-case stack of the
# microcontroller builds from static analysis, then bench/lab.py runs every operation on the
# simulated targets and regenerates BENCHMARKS.md (never edit it by hand).
# Usage: bench/run.sh HOST_BENCH_BINARY [lab.py options]
set -eu
bin=$1
shift
mkdir -p build/bench

echo "bench: host, microsalt beside libsodium and NaCl" >&2
"$bin" > build/bench/host.md.tmp
mv build/bench/host.md.tmp build/bench/host.md
cat > build/bench/host-header.md <<EOT
- CPU: $(grep -m1 'model name' /proc/cpuinfo 2>/dev/null | sed 's/.*: //' || uname -m)
- libsodium $(dpkg-query -W -f='${Version}' libsodium23 2>/dev/null || echo '(version unknown)') (Debian; it picks SIMD code at run time, as microsalt does on x86-64)
- NaCl $(dpkg-query -W -f='${Version}' libnacl-dev 2>/dev/null || echo '(version unknown)') (Debian libnacl-dev, its default implementations; no Ed25519)
- cycles: median of 301 rounds of the time-stamp counter around one call, the implementations
  taking turns in each round, after a warm-up; ratios = microsalt / other (below 1 is faster);
  stack: peak bytes on a painted thread stack. Measured cycles vary with the machine's load;
  the target figures do not.
EOT

echo "bench: host instructions under callgrind (deterministic, unlike cycles)" >&2
count() { # operation index, implementation index -> instructions of that one call, or -
    if out=$(valgrind --tool=callgrind --callgrind-out-file=/dev/null \
             --toggle-collect=measured_call "$bin" --once "$1" "$2" 2>&1); then
        echo "$out" | sed -n 's/.*Collected : \([0-9]*\).*/\1/p'
    else
        echo -
    fi
}
{
    echo "| operation | bytes | microsalt | libsodium | NaCl | / libsodium | / NaCl |"
    echo "|---|---:|---:|---:|---:|---:|---:|"
    i=0
    "$bin" --list | while read -r op bytes; do
        ms=$(count $i 0); so=$(count $i 1); na=$(count $i 2)
        awk -v op="$op" -v b="$bytes" -v ms="$ms" -v so="$so" -v na="$na" 'BEGIN {
            r1 = so == "-" ? "-" : sprintf("%.2f", ms / so)
            r2 = na == "-" ? "-" : sprintf("%.2f", ms / na)
            printf "| %s | %s | %s | %s | %s | %s | %s |\n", op, b, ms, so, na, r1, r2 }'
        i=$((i + 1))
    done
} > build/bench/host-instructions.md

echo "bench: static stack analysis of the microcontroller builds" >&2
specs=""
# Every simulated target of targets.txt: its objdump, and the bytes a call pushes (AVR: a
# 3-byte return address above 128 KB of flash, else 2; ARM: none, lr holds it).
for cfg in $(awk '!/^#/ && NF && $2 != "host" && $2 != "host-ct" {
                  ret = $2 == "avr" ? ($7 > 131072 ? 3 : 2) : 0
                  sub(/gcc$/, "objdump", $4); print $1 ":" $4 ":" ret }' targets.txt); do
    name=${cfg%%:*}
    make --no-print-directory -j2 lib CONFIG="$name" B="build/stack/$name" \
        EXTRA_CFLAGS=-fstack-usage >/dev/null
    specs="$specs $name:build/stack/$name/obj:${cfg#*:}"
done
# shellcheck disable=SC2086
python3 bench/stack.py $specs > build/bench/stack.md
cat > build/bench/stack-header.md <<EOT
bench/stack.py: each function's frame from \`-fstack-usage\`, plus the deepest call chain found
in the relocations, plus the return address a call pushes on AVR; \`-O2\`; calls into libgcc and
memcpy/memset are not counted. An upper bound, where the runners' figures above are observed.
EOT

echo "bench: simulated targets (bench/lab.py)" >&2
.venv/bin/python bench/lab.py "$@"
