# The simulated AVRs (included by the Makefile for CONFIG=avr-*): firmware flags, the HAL and
# the runner, a host program linked with Debian's libsimavr (package libsimavr-dev).
AVR_MCU := $(patsubst avr-%,%,$(CONFIG))

HAL_SRC := bench/hal/avr.c bench/avr/markers.S
FW_DEPS := bench/avr/avr_hal.h
FW_CFLAGS := -Ibench/avr
FW_LDFLAGS := -Wl,--gc-sections

# One runner for both MCUs. -isystem: simavr's headers are not -Wpedantic clean.
AVR_RUNNER := $(BUILD)/avr-runner
$(AVR_RUNNER): bench/avr/runner.c bench/avr/avr_hal.h
	@mkdir -p $(@D)
	gcc $(WARNINGS) -O2 -D_POSIX_C_SOURCE=200809L -isystem /usr/include/simavr \
	  -o $@ bench/avr/runner.c -lsimavr

# The cycle budget covers the constant-time firmware: 8 runs of several X25519 operations.
RUNNER := $(AVR_RUNNER) --mcu $(AVR_MCU) --freq 16000000 --max-cycles 40000000000
RUNNER_DEPS := $(AVR_RUNNER)

# The runner's exactness test links its hand-counted assembly routine too.
$(B)/fw/avr_exact.elf: tests/target/avr_exact.S
$(B)/fw/avr_exact.elf: FW_LDFLAGS += tests/target/avr_exact.S
$(B)/fw/chacha_kernel.elf: tests/target/abi_avr.S
$(B)/fw/chacha_kernel.elf: FW_LDFLAGS += tests/target/abi_avr.S
