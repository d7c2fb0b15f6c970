#!/bin/sh
# The whole test suite (what `make test` and ./lab test run). Every step must pass; a missing
# tool or vector file is a failure, never a skip.
set -eu
cd "$(dirname "$0")/.."
MAKE="make --no-print-directory -j2"

step() { printf '\n==== %s\n' "$*"; }

# Every build of targets.txt, by family.
targets() { awk -v f="$1" '!/^#/ && NF && $2 == f { print $1 }' targets.txt; }
simulated=$(awk '!/^#/ && NF && $2 != "host" && $2 != "host-ct" { print $1 }' targets.txt)

for config in $(targets host); do
    step "runner: $config"
    $MAKE check CONFIG=$config
done

step "ntrulpr761 KAT (make kat): NIST .rsp format, first-entry and whole-file hashes"
$MAKE kat

for config in $(targets host-ct); do
    step "constant time under valgrind: $config"
    $MAKE ct CONFIG=$config
done

for config in $simulated; do
    step "warning-free cross build: $config"
    $MAKE lib CONFIG=$config
done

step "AVR runner: exact cycles against a hand count, faults detected"
tests/check-avr-runner.sh

step "Cortex-M runner: instructions and modelled cycles against a hand count, faults detected"
tests/check-cortexm-runner.sh

step "generated assembly and tables are what their generators write"
python3 tests/gen/avr_fe25519_mul.py --check
python3 tests/gen/avr_salsa20.py --check
python3 tests/gen/avr_poly1305.py --check
python3 tests/gen/avr_sha512.py --check
python3 tests/gen/armv7em_fe25519_mul.py --check
python3 tests/gen/armv7em_x25519_ladder.py --check
python3 tests/gen/armv7m_salsa20.py --check
python3 tests/gen/armv7m_sha512.py --check
python3 tests/gen/armv7m_small_sha512.py --check
python3 tests/gen/armv7m_fe25519_mul.py --check
python3 tests/gen/armv7m_x25519_ladder.py --check
python3 tests/gen/armv7m_fe25519_mul_public.py --check
python3 tests/gen/armv7m_poly1305.py --check
python3 tests/gen/armv6m_fe25519_mul.py --check
python3 tests/gen/armv6m_x25519_ladder.py --check
python3 tests/gen/armv6m_sha512.py --check
python3 tests/gen/armv6m_small_sha512.py --check
python3 tests/gen/armv6m_poly1305.py --check
python3 tests/gen/armv6m_small_poly1305.py --check
python3 tests/gen/armv6m_salsa20.py --check
python3 tests/gen/rng_cutoffs.py --check
python3 tests/gen/ed25519_base_table.py --check

step "the generator's statistical tests and the SRAM entropy estimator on known inputs"
python3 tests/check_rng_tools.py

step "simulated targets: vectors and constant time on the compiled code"
python3 tests/target/run.py

step "the lab's EXTERNAL= path (in-tree SUPERCOP-layout implementations of six operations; two broken copies refused)"
tests/check-external.sh

step "the lab's peers: fetch, SHA-256 pinning, adapter, output checks (a local package)"
for config in host avr-atmega2560 cortex-m0; do make --no-print-directory -s lib CONFIG=$config; done
python3 tests/check-peers.py

step "exported symbols"
$MAKE lib CONFIG=host
tests/check-symbols.sh build/host

step "make install and pkg-config"
tests/check-install.sh

printf '\nall suite steps passed\n'
