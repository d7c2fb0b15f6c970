#!/bin/sh
# The Cortex-M runner's own test, on the simulated Cortex-M0, M3 and M4:
#  1. exactness: tests/target/cm_exact.S's routine, counted by hand per docs/cycle-model.md,
#     must measure exactly the hand count of instructions, modelled cycles, stack bytes and
#     variable-latency instructions (M0 also with --mul32 and with --blocks-only), with the
#     same trace on a rerun;
#  2. each core's instruction set: an M0 firmware with a Thumb-2 instruction and an M3 one with
#     UMAAL must fault, an M4 one must run UMAAL (tests/target/cm_isa.c);
#  3. SRAM at power-up and the non-volatile store: tests/target/sram_dump.c's dumps under
#     --sram zeros, ones and device (the same dump for the same device and boot, the noise
#     between boots and the difference between devices in their expected ranges), and its
#     store kept across runs by --nv;
#  4. faults: firmware that crashes, returns from main, loops or breaks the marker or store
#     protocol must give the runner's exit codes (platform/cortexm/runner.py), and hal_exit's
#     code must come through; the --nv store is saved however the run ends.
# Usage: tests/check-cortexm-runner.sh [BUILD_DIR]   (default build)
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-build}
MAKE="make --no-print-directory -j2 BUILD=$BUILD"
RUNNER=".venv/bin/python platform/cortexm/runner.py"
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0
passes=0

bad() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}
good() {
    echo "ok: $*"
    passes=$((passes + 1))
}

# The value of key $2 in the first line of file $1 that starts with $3.
field() {
    sed -n "s/^$3.* $2=\([0-9a-f]*\).*/\1/p" "$1" | head -n 1
}

# Runs the runner on core $1 (extra options in $2) for $3 into $tmp/out; sets rc.
run() {
    rc=0
    # shellcheck disable=SC2086
    $RUNNER --core "$1" $2 "$3" >"$tmp/out" 2>"$tmp/err" || rc=$?
}

# The power-up and store checks, shared with the AVR runner's test.
PYTHON=.venv/bin/python
pass() { good "$@"; }
. tests/sram-checks.sh

# cm_exact's hand counts, from the table in tests/target/cm_exact.S.
hand() {
    sed -n "s/^ \*   $(echo "$1" | tr a-z A-Z) *\([0-9]*\) *\([0-9]*\) *\([0-9]*\) *\([0-9]*\).*/\1 \2 \3 \4/p" \
        tests/target/cm_exact.S
}

for core in m0 m3 m4; do
    config=cortex-$core
    $MAKE CONFIG=$config "$BUILD/$config/fw/cm_exact.elf" .venv/.requirements-stamp >/dev/null
    elf=$BUILD/$config/fw/cm_exact.elf
    set -- $(hand $core)
    [ $# -eq 4 ] || { bad "$core: no hand count in tests/target/cm_exact.S"; continue; }
    # --blocks-only on the M0 too, which the bench runs so (bench/lab.py): the same counts.
    for variant in "" --mul32 --blocks-only; do
        [ -z "$variant" ] || [ $core = m0 ] || continue
        want_instructions=$1 want_cycles=$2 want_stack=$3 want_varlat=$4
        if [ "$variant" = --mul32 ]; then
            want_cycles=$(sed -n 's/.*(\([0-9]*\) cycles with --mul32).*/\1/p' tests/target/cm_exact.S)
        fi
        run $core "$variant" "$elf"
        [ $rc -eq 0 ] || bad "$core $variant: cm_exact exited with $rc: $(cat "$tmp/err")"
        for kv in instructions:$want_instructions cycles:$want_cycles stack:$want_stack \
                  varlat:$want_varlat; do
            key=${kv%%:*}
            want=${kv#*:}
            got=$(field "$tmp/out" $key @measure)
            if [ -n "$want" ] && [ "$got" = "$want" ]; then
                good "$core $variant $key=$got (hand count $want)"
            else
                bad "$core $variant: $key: runner says '$got', hand count '$want'"
            fi
        done
        lines=$(grep -c . "$tmp/out")
        [ "$lines" -eq 2 ] || bad "$core $variant: expected 2 lines of output, got $lines"
        trace=$(field "$tmp/out" trace @measure)
        run $core "$variant" "$elf"
        if [ "$(field "$tmp/out" trace @measure)" = "$trace" ] && [ -n "$trace" ]; then
            good "$core $variant: the same trace on a second run"
        else
            bad "$core $variant: the trace changed between two runs"
        fi
    done
done

# Runs the dump firmware on $core with the runner's extra options $1 (tests/sram-checks.sh).
dump_run() {
    run $core "$1" "$elf"
}
for core in m0 m3 m4; do
    config=cortex-$core
    elf=$BUILD/$config/fw/sram_dump.elf
    $MAKE CONFIG=$config "$elf" .venv/.requirements-stamp >/dev/null
    check_sram $core
done

# Faulty firmware, built straight with arm-none-eabi-gcc over the same HAL.
cat >"$tmp/fault.c" <<'EOF'
#include <stdint.h>
#include "hal.h"
volatile uint32_t sink;
uint32_t recurse(uint32_t n);
uint32_t recurse(uint32_t n)
{
    volatile uint32_t frame[16];
    frame[0] = n;
    return recurse(n + 1) + frame[0];
}
int main(void)
{
    hal_setup();
    hal_puts("start\n");
#if MODE == 1
    __asm__ volatile("udf #0");
#elif MODE == 2
    return 0;
#elif MODE == 3
    for (;;)
        sink++;
#elif MODE == 4
    sink = recurse(0);
#elif MODE == 5
    ((void (*)(void))0x60000001u)(); /* unmapped */
#elif MODE == 6
    *(volatile uint8_t *)0x20040000u = 1; /* past the end of RAM */
#elif MODE == 7
    hal_exit(7);
#elif MODE == 8
    hal_exit(300);
#elif MODE == 9
    hal_measure_end(1);
#elif MODE == 10
    *(volatile uint32_t *)0x100u = 1; /* flash is read-only */
#elif MODE == 11
    __asm__ volatile("svc #0");
#elif MODE == 12
    uint32_t word;
    hal_measure_begin(1);
    /* An unaligned word load, which the compiler would not emit for the M0. */
    __asm__ volatile("ldr %0, [%1]" : "=r"(word) : "r"((uintptr_t)&sink + 2));
    hal_measure_end(1);
    sink = word;
#elif MODE == 13
    static const uint8_t nv[HAL_NV_BYTES + 1] = {1, 2, 3};
    hal_nv_write(nv, sizeof nv); /* one byte past the store */
#endif
    hal_exit(0);
}
EOF
# mode, expected exit code, what it is
cases="1:125:illegal-instruction 2:126:main-returns 3:124:busy-loop-timeout 4:125:stack-overflow
5:125:jump-to-unmapped 6:125:write-past-RAM 7:7:hal_exit(7) 8:123:hal_exit(300)
9:126:end-without-begin 10:125:write-to-flash 11:125:svc 13:126:nv-past-end"
# The store every run leaves with --nv: erased, but for the 64 bytes nv-past-end wrote.
erased=$(repeat ff 64)
written=010203$(repeat 00 61)
for core in m0 m3 m4; do
    for c in $cases "12:$([ $core = m0 ] && echo 125 || echo 0):unaligned-in-measurement"; do
        mode=${c%%:*}
        rest=${c#*:}
        want=${rest%%:*}
        what=${rest#*:}
        elf=$tmp/fault-$core-$mode.elf
        arm-none-eabi-gcc -std=c99 -O2 -mcpu=cortex-$core -mthumb -Iplatform/hal -DMODE=$mode \
            -o "$elf" "$tmp/fault.c" platform/hal/cortexm.c platform/cortexm/startup.c \
            -T platform/cortexm/cortexm.ld -nostartfiles --specs=nano.specs -Wl,--gc-sections
        run $core "--timeout 2 --nv $tmp/nv-$mode" "$elf"
        nv=$(od -An -tx1 -v "$tmp/nv-$mode" 2>/dev/null | tr -d ' \n')
        if [ $rc -eq "$want" ] && [ "$(head -n 1 "$tmp/out")" = start ] &&
            [ "$nv" = "$([ "$mode" = 13 ] && echo "$written" || echo "$erased")" ]; then
            good "$core $what -> exit $rc ($(head -n 1 "$tmp/err"))"
        else
            bad "$core: $what: exit $rc, expected $want; stdout: $(cat "$tmp/out"); stderr: $(cat "$tmp/err"); saved store: '$nv'"
        fi
        rm -f "$tmp/nv-$mode"
    done
done

# Each core's instruction set is enforced (tests/target/cm_isa.c): the M0 faults on Thumb-2,
# the M3 on UMAAL, and the M4 runs UMAAL correctly.
for c in m0:125 m3:125 m4:0; do
    core=${c%%:*}
    want=${c#*:}
    $MAKE CONFIG=cortex-$core "$BUILD/cortex-$core/fw/cm_isa.elf" >/dev/null
    run $core "--timeout 60" "$BUILD/cortex-$core/fw/cm_isa.elf"
    if [ $rc -eq "$want" ] && [ "$(head -n 1 "$tmp/out")" = "cm_isa: probing" ]; then
        good "$core instruction set enforced -> exit $rc ($(head -n 1 "$tmp/err"))"
    else
        bad "$core: cm_isa exit $rc, expected $want; stdout: $(cat "$tmp/out"); stderr: $(cat "$tmp/err")"
    fi
done

echo "check-cortexm-runner: $passes passed, $failures failed"
[ $failures -eq 0 ]
