# The simulated AVRs (included by the Makefile for CONFIG=avr-*): firmware flags, the HAL and
# the runner, a host program linked with Debian's libsimavr (package libsimavr-dev).
AVR_MCU := $(CPU)

HAL_SRC := platform/hal/avr.c platform/avr/markers.S
FW_DEPS := platform/avr/avr_hal.h
FW_CFLAGS := -Iplatform/avr
FW_LDFLAGS := -Wl,--gc-sections

# One runner for both MCUs. -isystem: simavr's headers are not -Wpedantic clean.
AVR_RUNNER := $(BUILD)/avr-runner
$(AVR_RUNNER): platform/avr/runner.c platform/avr/avr_hal.h
	@mkdir -p $(@D)
	gcc $(WARNINGS) -O2 -D_POSIX_C_SOURCE=200809L -isystem /usr/include/simavr \
	  -o $@ platform/avr/runner.c -lsimavr -lm

# The cycle budget covers the constant-time firmware: 8 runs of several X25519 operations.
# RUNNER_FLAGS: more of the runner's options (bench/lab.py sets --sram device for bench_rng).
RUNNER := $(AVR_RUNNER) --mcu $(AVR_MCU) --freq 16000000 --max-cycles 40000000000 \
          $(RUNNER_FLAGS)
RUNNER_DEPS := $(AVR_RUNNER)

# The runner's exactness test links its hand-counted assembly routine too.
$(B)/fw/avr_exact.elf: tests/target/avr_exact.S
$(B)/fw/avr_exact.elf: FW_LDFLAGS += tests/target/avr_exact.S

# The ABI check of every kernel (tests/kernels/kernel_test.h).
ABI_SRC := tests/target/abi_avr.S
