# The simulated Cortex-M0/M3/M4 (CONFIG=cortex-m0|cortex-m3|cortex-m4), included by the
# Makefile: firmware linked for platform/cortexm/cortexm.ld and run under Unicorn by
# platform/cortexm/runner.py with the core's cycle model (docs/cycle-model.md).
CORTEXM_CORE := $(CPU)

HAL_SRC := platform/hal/cortexm.c platform/cortexm/startup.c
FW_DEPS := platform/cortexm/cortexm.ld platform/cortexm/mmio.h
FW_CFLAGS :=
FW_LDFLAGS := -T platform/cortexm/cortexm.ld -nostartfiles --specs=nano.specs -Wl,--gc-sections

# A generous wall-clock limit: the instruction-level data tracing (docs/cycle-model.md) makes the
# longest firmware (M0 constant-time checks of X25519 and ntrulpr761) run for minutes on a busy
# machine; runaway firmware is still stopped.
# RUNNER_FLAGS: more of the runner's options (bench/lab.py sets --blocks-only for the M0,
# --sram device for bench_rng).
RUNNER := .venv/bin/python platform/cortexm/runner.py --core $(CORTEXM_CORE) --timeout 3600 \
          $(RUNNER_FLAGS)
RUNNER_DEPS := $(VENV)

# The runner's exactness test calls a hand-counted assembly routine.
$(B)/fw/cm_exact.elf: tests/target/cm_exact.S
$(B)/fw/cm_exact.elf: FW_CFLAGS += tests/target/cm_exact.S

# The ABI check of every kernel (tests/kernels/kernel_test.h).
ABI_SRC := tests/target/abi_arm.S
