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

# The power-up and store checks, shared with the Cortex-M runner's test.
PYTHON=python3
pass() { echo "ok: $*"; }
. tests/sram-checks.sh

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

# Runs the dump firmware of $mcu with the runner's extra options $1 (tests/sram-checks.sh).
dump_run() {
    rc=0
    # shellcheck disable=SC2086
    "$RUNNER" --mcu $mcu $1 "$elf" >"$tmp/out" 2>"$tmp/err" || rc=$?
}
for mcu in atmega328p atmega2560; do
    config=avr-$mcu
    elf=$BUILD/$config/fw/sram_dump.elf
    $MAKE CONFIG=$config "$elf" >/dev/null
    check_sram $mcu
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
