# The simulated SRAM power-ups and non-volatile store (docs/targets.md), checked the same way
# on both runners: sourced by tests/check-avr-runner.sh and tests/check-cortexm-runner.sh.
# The sourcing script defines:
#   dump_run OPTIONS   runs tests/target/sram_dump.c with the runner's extra OPTIONS into
#                      $tmp/out and $tmp/err and sets rc;
#   pass MESSAGE, bad MESSAGE, and $tmp, a scratch directory; PYTHON, a python3.

# $1 repeated $2 times.
repeat() {
    printf "$1%.0s" $(seq "$2")
}

# Runs the dump with options $2 into $tmp/$3 (hex); $1 names the chip.
sram_run() {
    dump_run "$2"
    sed -n 's/^@sram-data //p' "$tmp/out" | tr -d '\n' >"$tmp/$3"
    if [ $rc -ne 0 ] || ! grep -qx '@sram bytes=1600' "$tmp/out" || ! grep -qx '@sram end' "$tmp/out" ||
        [ "$(grep -cx '@sram-data [0-9a-f]\{64\}' "$tmp/out")" -ne 50 ]; then
        bad "$1: sram_dump $2: exit $rc or a malformed dump; stderr: $(cat "$tmp/err")"
    fi
}

# Whether the dump in $tmp/$1 is 3,200 hex digits $2.
all_digits() {
    [ "$(wc -c <"$tmp/$1")" -eq 3200 ] && [ -z "$(tr -d "$2" <"$tmp/$1")" ]
}

# Checks that the fraction of bits in which the dumps $tmp/$3 and $tmp/$4 differ lies in
# [$5, $6]; $1 names the chip, $2 the dumps.
check_difference() {
    got=$($PYTHON -c 'import sys
a, b = (bytes.fromhex(open(f).read()) for f in sys.argv[1:])
assert 0 < len(a) == len(b)
print("%.4f" % (sum(bin(x ^ y).count("1") for x, y in zip(a, b)) / (8 * len(a))))' \
        "$tmp/$3" "$tmp/$4" 2>/dev/null) || got="none (no two dumps of one length)"
    if awk -v f="$got" -v lo="$5" -v hi="$6" 'BEGIN { exit !(f ~ /^[0-9.]+$/ && f >= lo && f <= hi) }'
    then
        pass "$1 $2: a fraction $got of the bits differ (expected $5..$6)"
    else
        bad "$1: $2: a fraction $got of the bits differ, expected $5..$6"
    fi
}

# Every check of the power-ups and the store on one chip, named $1.
check_sram() {
    chip=$1
    sram_run $chip "" zeros
    if all_digits zeros 0; then pass "$chip RAM powers up as zeros by default"
    else bad "$chip: the default dump is not all zeros"; fi
    sram_run $chip "--sram ones" ones
    if all_digits ones f; then pass "$chip --sram ones: all 0xff"
    else bad "$chip: the --sram ones dump is not all 0xff"; fi
    device="--sram device --sram-device 7"
    sram_run $chip "$device --sram-boot 1" d7b1
    sram_run $chip "$device --sram-boot 1" d7b1again
    sram_run $chip "$device --sram-boot 2" d7b2
    sram_run $chip "$device --sram-boot 1 --sram-noise 0" d7b1quiet
    sram_run $chip "$device --sram-boot 2 --sram-noise 0" d7b2quiet
    sram_run $chip "--sram device --sram-device 8 --sram-boot 1" d8b1
    if cmp -s "$tmp/d7b1" "$tmp/d7b1again" && [ -s "$tmp/d7b1" ]; then
        pass "$chip the same device and boot: the same dump"
    else
        bad "$chip: device 7, boot 1: two runs gave different dumps"
    fi
    if cmp -s "$tmp/d7b1quiet" "$tmp/d7b2quiet" && ! all_digits d7b1quiet 0; then
        pass "$chip --sram-noise 0: two boots give the same fingerprint"
    else
        bad "$chip: --sram-noise 0: boots 1 and 2 differ, or the fingerprint is zeros"
    fi
    # 12,800 bits: the expected fractions 2P(1-P) = 0.0582 between boots and P = 0.03 from
    # the fingerprint, each within some 6 standard deviations; 1/2 between devices.
    check_difference $chip "device 7, boots 1 and 2" d7b1 d7b2 0.045 0.072
    check_difference $chip "device 7, boot 1 and its fingerprint" d7b1 d7b1quiet 0.022 0.038
    check_difference $chip "devices 7 and 8, boot 1" d7b1 d8b1 0.45 0.55
    # The store: erased at first, then each run adds 1 to every byte.
    for want in ff 00 01; do
        dump_run "--nv $tmp/nv-$chip"
        got=$(sed -n 's/^@nv //p' "$tmp/out")
        if [ $rc -eq 0 ] && [ "$got" = "$(repeat $want 64)" ]; then
            pass "$chip --nv: the store holds 64 bytes 0x$want"
        else
            bad "$chip: --nv: exit $rc, store '$got', expected 64 bytes 0x$want"
        fi
    done
    head -c 63 "$tmp/nv-$chip" >"$tmp/nv-short"
    dump_run "--nv $tmp/nv-short"
    if [ $rc -eq 127 ]; then pass "$chip --nv with a 63-byte file -> exit 127"
    else bad "$chip: --nv with a 63-byte file: exit $rc, expected 127"; fi
}
