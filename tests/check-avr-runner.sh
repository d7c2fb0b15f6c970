#!/bin/sh
# The AVR runner's own test, on both simulated MCUs:
#  1. exactness: tests/target/avr_exact.S's routine, counted by hand from the AVR Instruction
#     Set Manual, must measure exactly the hand count of cycles, instructions and stack bytes,
#     and the HAL's stack painting must see the same depth;
#  2. SRAM at power-up and the non-volatile store: tests/target/sram_dump.c's dumps under
#     --sram zeros, ones and device (the same dump for the same device and boot, the noise
#     between boots and the difference between devices in their expected ranges), and its
#     store kept across runs by --nv;
#  3. faults: firmware that crashes, stops or loops must give the runner's exit codes
#     (platform/avr/runner.c), and hal_exit's code must come through; the --nv store is saved
#     however the run ends.
# Usage: tests/check-avr-runner.sh [BUILD_DIR]   (default build)
set -eu
cd "$(dirname "$0")/.."
BUILD=${1:-build}
MAKE="make --no-print-directory -j2 BUILD=$BUILD"
RUNNER=$BUILD/avr-runner
tmp=$(mktemp -d)
trap 'rm -rf "$tmp"' EXIT
failures=0

bad() {
    echo "FAIL: $*"
    failures=$((failures + 1))
}

# The value of key $2 in the first line of file $1 that starts with $3.
field() {
    sed -n "s/^$3.* $2=\([0-9a-f]*\).*/\1/p" "$1" | head -n 1
}

# $1 repeated $2 times.
repeat() {
    printf "$1%.0s" $(seq "$2")
}

for mcu in atmega328p atmega2560; do
    config=avr-$mcu
    $MAKE CONFIG=$config "$BUILD/$config/fw/avr_exact.elf" "$RUNNER" >/dev/null
    out=$tmp/exact-$mcu.out
    rc=0
    "$RUNNER" --mcu $mcu "$BUILD/$config/fw/avr_exact.elf" >"$out" || rc=$?
    [ $rc -eq 0 ] || bad "$mcu: avr_exact exited with $rc"
    hand=$(grep "HAND COUNT $mcu:" tests/target/avr_exact.S)
    [ -n "$hand" ] || { bad "$mcu: no hand count in tests/target/avr_exact.S"; continue; }
    echo "$hand" >"$tmp/hand"
    for key in cycles instructions stack; do
        want=$(field "$tmp/hand" $key " \* HAND COUNT")
        got=$(field "$out" $key @measure)
        if [ -n "$want" ] && [ "$got" = "$want" ]; then
            echo "ok: $mcu $key=$got (hand count $want)"
        else
            bad "$mcu: $key: runner says '$got', hand count '$want'"
        fi
    done
    painted=$(sed -n 's/^painted=//p' "$out")
    want=$(field "$tmp/hand" stack " \* HAND COUNT")
    if [ "$painted" = "$want" ]; then
        echo "ok: $mcu painted stack=$painted"
    else
        bad "$mcu: stack painting saw '$painted' bytes, hand count '$want'"
    fi
    lines=$(grep -c . "$out")
    [ "$lines" -eq 2 ] || bad "$mcu: expected 2 lines of output, got $lines"
done

# A firmware for the other MCU (2- versus 3-byte return addresses) is refused.
rc=0
"$RUNNER" --mcu atmega328p "$BUILD/avr-atmega2560/fw/avr_exact.elf" >/dev/null 2>&1 || rc=$?
if [ $rc -eq 127 ]; then echo "ok: an ATmega2560 firmware on the ATmega328P -> exit 127"
else bad "an ATmega2560 firmware on the ATmega328P: exit $rc, expected 127"; fi

# SP moved the way avr-gcc moves it, SPH then SPL: in between SP is neither the old nor the new
# value and may lie up to 255 bytes below both; the peak stack must not count it. The routine
# moves SP down to the next address ending in 0xFF below it (the high byte falls by one, so the
# half-written SP is the old low byte under the new high byte) and back.
cat >"$tmp/split.c" <<'EOF'
#include <stdint.h>
#include "hal.h"
uint16_t sp_split(void);
__asm__(".global sp_split\n"
        "sp_split:\n"
        "    in r24, 0x3d\n"
        "    in r27, 0x3e\n"
        "    mov r26, r24\n"
        "    ldi r30, 0xff\n"
        "    mov r31, r27\n"
        "    dec r31\n"
        "    in r0, 0x3f\n"
        "    cli\n"
        "    out 0x3e, r31\n"
        "    out 0x3f, r0\n"
        "    out 0x3d, r30\n"
        "    in r0, 0x3f\n"
        "    cli\n"
        "    out 0x3e, r27\n"
        "    out 0x3f, r0\n"
        "    out 0x3d, r26\n"
        "    ldi r25, 0\n"
        "    subi r24, 0xff\n"
        "    sbci r25, 0xff\n"
        "    ret\n");
int main(void)
{
    uint16_t frame;
    hal_setup();
    hal_measure_begin(1);
    frame = sp_split();
    hal_measure_end(1);
    hal_puts("frame=");
    hal_put_u32(frame);
    hal_puts("\n");
    hal_exit(0);
}
EOF
for c in atmega328p:2 atmega2560:3; do
    mcu=${c%%:*}
    avr-gcc -std=c99 -O2 -mmcu=$mcu -Iplatform/hal -Iplatform/avr -Wl,--gc-sections \
        -o "$tmp/split-$mcu.elf" "$tmp/split.c" platform/hal/avr.c platform/avr/markers.S
    "$RUNNER" --mcu $mcu "$tmp/split-$mcu.elf" >"$tmp/out" 2>"$tmp/err" || true
    frame=$(sed -n 's/^frame=//p' "$tmp/out")
    got=$(field "$tmp/out" stack @measure)
    if [ -n "$frame" ] && [ "$got" = $((frame + ${c#*:})) ]; then
        echo "ok: $mcu SP moved by halves: stack=$got (the routine's $frame bytes and the call)"
    else
        bad "$mcu: SP moved by halves: runner says stack '$got', the routine moved $frame bytes"
    fi
done

# SRAM at power-up (--sram) and the non-volatile store (--nv), through sram_dump's output.
# Runs sram_dump with the runner options $1 and writes its dump's hex, one line, to $tmp/$2; a
# failed run or a malformed dump (not 1,600 bytes in 50 lines) is a failure.
sram_run() {
    rc=0
    # shellcheck disable=SC2086
    "$RUNNER" --mcu $mcu $1 "$elf" >"$tmp/out" 2>"$tmp/err" || rc=$?
    sed -n 's/^@sram-data //p' "$tmp/out" | tr -d '\n' >"$tmp/$2"
    if [ $rc -ne 0 ] || ! grep -qx '@sram bytes=1600' "$tmp/out" || ! grep -qx '@sram end' "$tmp/out" ||
        [ "$(grep -cx '@sram-data [0-9a-f]\{64\}' "$tmp/out")" -ne 50 ]; then
        bad "$mcu: sram_dump $1: exit $rc or a malformed dump; stderr: $(cat "$tmp/err")"
    fi
}
# Whether the dump in $tmp/$1 is 3,200 hex digits $2.
all_digits() {
    [ "$(wc -c <"$tmp/$1")" -eq 3200 ] && [ -z "$(tr -d "$2" <"$tmp/$1")" ]
}
# Checks that the fraction of bits in which the dumps $tmp/$2 and $tmp/$3 differ lies in
# [$4, $5]; $1 says what the dumps are.
check_difference() {
    got=$(python3 -c 'import sys
a, b = (bytes.fromhex(open(f).read()) for f in sys.argv[1:])
assert 0 < len(a) == len(b)
print("%.4f" % (sum(bin(x ^ y).count("1") for x, y in zip(a, b)) / (8 * len(a))))' \
        "$tmp/$2" "$tmp/$3" 2>/dev/null) || got="none (no two dumps of one length)"
    if awk -v f="$got" -v lo="$4" -v hi="$5" 'BEGIN { exit !(f ~ /^[0-9.]+$/ && f >= lo && f <= hi) }'
    then
        echo "ok: $mcu $1: a fraction $got of the bits differ (expected $4..$5)"
    else
        bad "$mcu: $1: a fraction $got of the bits differ, expected $4..$5"
    fi
}
for mcu in atmega328p atmega2560; do
    config=avr-$mcu
    elf=$BUILD/$config/fw/sram_dump.elf
    $MAKE CONFIG=$config "$elf" >/dev/null
    sram_run "" zeros
    if all_digits zeros 0; then echo "ok: $mcu RAM powers up as zeros by default"
    else bad "$mcu: the default dump is not all zeros"; fi
    sram_run "--sram ones" ones
    if all_digits ones f; then echo "ok: $mcu --sram ones: all 0xff"
    else bad "$mcu: the --sram ones dump is not all 0xff"; fi
    device="--sram device --sram-device 7"
    sram_run "$device --sram-boot 1" d7b1
    sram_run "$device --sram-boot 1" d7b1again
    sram_run "$device --sram-boot 2" d7b2
    sram_run "$device --sram-boot 1 --sram-noise 0" d7b1quiet
    sram_run "$device --sram-boot 2 --sram-noise 0" d7b2quiet
    sram_run "--sram device --sram-device 8 --sram-boot 1" d8b1
    if cmp -s "$tmp/d7b1" "$tmp/d7b1again" && [ -s "$tmp/d7b1" ]; then
        echo "ok: $mcu the same device and boot: the same dump"
    else
        bad "$mcu: device 7, boot 1: two runs gave different dumps"
    fi
    if cmp -s "$tmp/d7b1quiet" "$tmp/d7b2quiet" && ! all_digits d7b1quiet 0; then
        echo "ok: $mcu --sram-noise 0: two boots give the same fingerprint"
    else
        bad "$mcu: --sram-noise 0: boots 1 and 2 differ, or the fingerprint is zeros"
    fi
    # 12,800 bits: the expected fractions 2P(1-P) = 0.0582 between boots and P = 0.03 from
    # the fingerprint, each within some 6 standard deviations; 1/2 between devices.
    check_difference "device 7, boots 1 and 2" d7b1 d7b2 0.045 0.072
    check_difference "device 7, boot 1 and its fingerprint" d7b1 d7b1quiet 0.022 0.038
    check_difference "devices 7 and 8, boot 1" d7b1 d8b1 0.45 0.55
    # The store: erased at first, then each run adds 1 to every byte.
    for want in ff 00 01; do
        rc=0
        "$RUNNER" --mcu $mcu --nv "$tmp/nv-$mcu" "$elf" >"$tmp/out" 2>"$tmp/err" || rc=$?
        got=$(sed -n 's/^@nv //p' "$tmp/out")
        if [ $rc -eq 0 ] && [ "$got" = "$(repeat $want 64)" ]; then
            echo "ok: $mcu --nv: the store holds 64 bytes 0x$want"
        else
            bad "$mcu: --nv: exit $rc, store '$got', expected 64 bytes 0x$want"
        fi
    done
    head -c 63 "$tmp/nv-$mcu" >"$tmp/nv-short"
    rc=0
    "$RUNNER" --mcu $mcu --nv "$tmp/nv-short" "$elf" >/dev/null 2>&1 || rc=$?
    if [ $rc -eq 127 ]; then echo "ok: $mcu --nv with a 63-byte file -> exit 127"
    else bad "$mcu: --nv with a 63-byte file: exit $rc, expected 127"; fi
done

# Faulty firmware, built straight with avr-gcc over the same HAL.
cat >"$tmp/fault.c" <<'EOF'
#include <stdint.h>
#include "hal.h"
volatile uint8_t sink;
uint8_t recurse(uint8_t n);
uint8_t recurse(uint8_t n)
{
    volatile uint8_t frame[16];
    frame[0] = n;
    return (uint8_t)(recurse((uint8_t)(n + 1)) + frame[0]);
}
int main(void)
{
    hal_setup();
    hal_puts("start\n");
#if MODE == 1
    __asm__ volatile(".word 0x0001"); /* a reserved opcode */
#elif MODE == 2
    return 0;
#elif MODE == 3
    for (;;)
        sink++;
#elif MODE == 4
    sink = recurse(0);
#elif MODE == 5
    ((void (*)(void))0x3000)(); /* erased flash, past the program */
#elif MODE == 6
    *(volatile uint8_t *)0xfff0 = 1; /* past the end of RAM */
#elif MODE == 7
    hal_exit(7);
#elif MODE == 8
    hal_exit(300);
#elif MODE == 9
    hal_measure_end(1);
#elif MODE == 10
    __asm__ volatile("cli\n\tsleep");
#elif MODE == 11
    static const uint8_t nv[HAL_NV_BYTES + 1] = {1, 2, 3};
    hal_nv_write(nv, sizeof nv); /* one byte past the store */
#endif
    hal_exit(0);
}
EOF
# mode, expected exit code, what it is
cases="1:125:illegal-opcode 2:126:main-returns 3:124:busy-loop-timeout 4:125:stack-overflow
5:125:jump-past-program 6:125:write-past-RAM 7:7:hal_exit(7) 8:123:hal_exit(300)
9:126:end-without-begin 10:126:sleep 11:126:nv-past-end"
# The store every run leaves with --nv: erased, but for the 64 bytes nv-past-end wrote.
erased=$(repeat ff 64)
written=010203$(repeat 00 61)
for mcu in atmega328p atmega2560; do
    for c in $cases; do
        mode=${c%%:*}
        rest=${c#*:}
        want=${rest%%:*}
        what=${rest#*:}
        elf=$tmp/fault-$mcu-$mode.elf
        avr-gcc -std=c99 -O2 -mmcu=$mcu -Iplatform/hal -Iplatform/avr -DMODE=$mode -Wl,--gc-sections \
            -o "$elf" "$tmp/fault.c" platform/hal/avr.c platform/avr/markers.S
        rc=0
        "$RUNNER" --mcu $mcu --max-cycles 2000000 --nv "$tmp/nv-$mode" "$elf" >"$tmp/out" \
            2>"$tmp/err" || rc=$?
        nv=$(od -An -tx1 -v "$tmp/nv-$mode" 2>/dev/null | tr -d ' \n')
        if [ $rc -eq "$want" ] && [ "$(cat "$tmp/out")" = start ] &&
            [ "$nv" = "$([ "$mode" = 11 ] && echo "$written" || echo "$erased")" ]; then
            echo "ok: $mcu $what -> exit $rc ($(head -n 1 "$tmp/err"))"
        else
            bad "$mcu: $what: exit $rc, expected $want; stdout: $(cat "$tmp/out"); stderr: $(cat "$tmp/err"); saved store: '$nv'"
        fi
        rm -f "$tmp/nv-$mode"
    done
done

if [ $failures -ne 0 ]; then
    echo "check-avr-runner: $failures failure(s)"
    exit 1
fi
echo "check-avr-runner: all passed"
