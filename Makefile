# microsalt build. `make` builds build/host/libmicrosalt.{a,so}; `make test` runs the suite.
# CONFIG selects one build (see docs/targets.md); every CONFIG builds into build/$(CONFIG).

CONFIG ?= host
PREFIX ?= /usr/local
BUILD := build
B := $(BUILD)/$(CONFIG)

# The build's line of targets.txt (docs/targets.md): family, cpu, compiler, architecture
# search path, memory and flags.
TARGET_LINE := $(shell awk -v n='$(CONFIG)' '$$1 == n' targets.txt)
ifeq ($(TARGET_LINE),)
  $(error unknown CONFIG '$(CONFIG)'; known: $(shell awk '!/^\#/ && NF { print $$1 }' targets.txt))
endif
FAMILY := $(word 2,$(TARGET_LINE))
CPU := $(word 3,$(TARGET_LINE))
CC := $(word 4,$(TARGET_LINE))
comma := ,
ARCH_PATH := $(subst native,$(shell uname -m),$(subst $(comma), ,$(word 5,$(TARGET_LINE))))
RAM_BYTES := $(word 6,$(TARGET_LINE))
FLASH_BYTES := $(word 7,$(TARGET_LINE))
OPT := $(wordlist 8,100,$(TARGET_LINE))
LDSAN := $(filter -fsanitize=%,$(OPT))
IS_HOST := $(filter host host-ct,$(FAMILY))

# Kernels (docs/kernels.md): the directories of the search path that exist, then
# src/arch/portable, whose kernels.h switches nothing on. A family header's #include
# "kernels.h" finds the first one's; a source file name found in several directories is
# taken from the first.
ARCH_DIRS := $(wildcard $(addprefix src/arch/,$(filter-out portable,$(ARCH_PATH)))) \
             src/arch/portable
arch_sources = $(if $1,$(call arch_sources,$(wordlist 2,$(words $1),$1),$2 $(filter-out \
                 $(addprefix %/,$(notdir $2)),$(wildcard $(firstword $1)/*.c $(firstword $1)/*.S))),$2)
ARCH_SRC := $(strip $(call arch_sources,$(ARCH_DIRS),))
FAMILY_DIRS := $(filter-out src/arch/,$(sort $(dir $(wildcard src/*/*.h src/*/*.c))))

WARNINGS := -std=c99 -Wall -Wextra -Wpedantic -Werror -Wshadow -Wvla -Wcast-qual \
            -Wstrict-prototypes -Wmissing-prototypes
COMMON_CFLAGS := $(WARNINGS) -ffunction-sections -fdata-sections -Iinclude \
                 $(addprefix -I,$(FAMILY_DIRS:%/=%) $(ARCH_DIRS))

CFLAGS := $(COMMON_CFLAGS) $(OPT) $(EXTRA_CFLAGS)

# The Python packages of the lab (the Cortex-M runner, plots), pinned in requirements.txt, in
# a venv of the work tree.
VENV := .venv/.requirements-stamp
$(VENV): requirements.txt
	python3 -m venv .venv
	.venv/bin/pip install --quiet --disable-pip-version-check -r requirements.txt
	@touch $@

# Simulated targets: platform/<family>/<family>.mk defines HAL_SRC (the HAL and startup code),
# FW_DEPS (other files firmware depends on: linker script, headers), FW_CFLAGS, FW_LDFLAGS,
# RUNNER (the command that runs an ELF and speaks platform/hal/hal.h's protocol) and
# RUNNER_DEPS (what must be built before RUNNER works).
ifeq ($(IS_HOST),)
  include platform/$(FAMILY)/$(FAMILY).mk
  # What fits is derived from the chip's RAM (platform/hal/hal.h's HAL_FITS).
  FW_CFLAGS += -DHAL_RAM_BYTES=$(RAM_BYTES)
endif
AR := $(if $(IS_HOST),ar,$(CC:%-gcc=%-ar))

# randombytes: the OS's on hosts (randombytes.c), the generator of rng.c on bare metal
# (randombytes_bare.c, randombytes_sram.c; include/microsalt.h).
BARE_METAL_SRC := src/core/randombytes_bare.c src/core/randombytes_sram.c
LIB_SRC := $(filter-out $(if $(IS_HOST),$(BARE_METAL_SRC),src/core/randombytes.c), \
             $(wildcard src/*/*.c)) \
           $(ARCH_SRC)
LIB_OBJ := $(patsubst src/%.S,$(B)/obj/%.o,$(LIB_SRC:src/%.c=$(B)/obj/%.o))

KERNEL_TEST_SRC := $(wildcard tests/kernels/*.c)
TEST_SRC := $(filter-out tests/ct.c,$(wildcard tests/*.c)) $(KERNEL_TEST_SRC)
TEST_OBJ := $(TEST_SRC:tests/%.c=$(B)/tests/%.o)
TEST_CFLAGS := $(filter-out -Wmissing-prototypes,$(CFLAGS)) -Itests/kernels -Iplatform/hal \
               -D_POSIX_C_SOURCE=200809L \
               -DVECTOR_DIR='"tests/vectors"' -DGENERATED_VECTOR_DIR='"$(BUILD)/vectors"'

# The kernel tests (tests/kernels/, docs/kernels.md): in the host runner and in the target
# firmware kernels_<group>.c and ct_kernels_<group>.c, whose calls of each kernel go through
# the family's ABI trampoline (ABI_SRC).
$(B)/fw/kernels_%.elf $(B)/fw/ct_kernels_%.elf: tests/target/kernels.c $(KERNEL_TEST_SRC) \
    $(wildcard tests/kernels/*.h) tests/kernels/kernels.def $(ABI_SRC)
$(B)/fw/kernels_%.elf $(B)/fw/ct_kernels_%.elf: FW_CFLAGS += -Itests/kernels -DKT_ABI_TRAMPOLINE \
    $(KERNEL_TEST_SRC) $(ABI_SRC)

.PHONY: all lib check ct test bench clean install runner run-external kat fw-vars rng-battery
.DEFAULT_GOAL := all

all: lib

lib: $(B)/libmicrosalt.a $(if $(IS_HOST),$(B)/libmicrosalt.so)

$(B)/obj/%.o: src/%.c $(wildcard src/*/*.h src/arch/*/*.h) include/microsalt.h
	@mkdir -p $(@D)
	$(CC) $(CFLAGS) $(if $(IS_HOST),-fPIC) -c $< -o $@

$(B)/obj/%.o: src/%.S $(wildcard src/arch/*/kernels.h)
	@mkdir -p $(@D)
	$(CC) $(OPT) $(addprefix -I,$(ARCH_DIRS)) -c $< -o $@

$(B)/libmicrosalt.a: $(LIB_OBJ)
	@rm -f $@
	$(AR) rcs $@ $^

$(B)/libmicrosalt.so: $(LIB_OBJ) src/microsalt.map
	$(CC) -shared $(LDSAN) -Wl,--version-script=src/microsalt.map -Wl,-soname,libmicrosalt.so.0 \
	  -o $@ $(LIB_OBJ)

$(B)/tests/%.o: tests/%.c $(wildcard tests/*.h tests/kernels/*.h src/*/*.h src/arch/*/*.h) tests/tests.def \
                tests/kernels/kernels.def include/microsalt.h
	@mkdir -p $(@D)
	$(CC) $(TEST_CFLAGS) -c $< -o $@

$(B)/test_microsalt: $(TEST_OBJ) $(B)/libmicrosalt.a
	$(CC) $(LDSAN) -o $@ $(TEST_OBJ) $(B)/libmicrosalt.a -ldl

# Wycheproof JSON (tests/vectors/wycheproof, copied from ../shared) converted to the runner's vector format.
WYCHEPROOF ?= tests/vectors/wycheproof
$(BUILD)/vectors/.stamp: tests/gen/wycheproof.py $(wildcard $(WYCHEPROOF)/*.json)
	python3 tests/gen/wycheproof.py $(WYCHEPROOF) $(BUILD)/vectors
	@touch $@

# One configuration: a host build runs the whole runner; a cross build compiles the library
# warning-free (running on the simulated targets is the lab's job).
check: lib $(if $(IS_HOST),$(B)/test_microsalt $(BUILD)/vectors/.stamp)
ifneq ($(IS_HOST),)
	$(B)/test_microsalt $(TESTS)
endif

# Constant time under valgrind memcheck: no report on the library, a report on the leaky
# comparison (valgrind's --error-exitcode=3 marks a report).
$(B)/ct_microsalt: tests/ct.c $(B)/libmicrosalt.a
	$(CC) $(TEST_CFLAGS) -o $@ tests/ct.c $(B)/libmicrosalt.a

VALGRIND := valgrind -q --error-exitcode=3 --track-origins=yes
ct: $(B)/ct_microsalt
	$(VALGRIND) $(B)/ct_microsalt
	@status=0; $(VALGRIND) $(B)/ct_microsalt leaky 2>$(B)/ct-leaky.log || status=$$?; \
	if [ $$status -eq 3 ] && grep -q "depends on uninitialised value" $(B)/ct-leaky.log; then \
	  echo "ct: the deliberately leaky comparison was caught"; \
	else cat $(B)/ct-leaky.log; echo "ct: the leaky comparison was NOT caught (status $$status)"; \
	  exit 1; fi

test:
	tests/run-suite.sh

# The ntrulpr761 KAT in NIST's .rsp format (build/kat/ntrulpr761.rsp), checked against its
# hashes. The generator's randombytes (NIST's AES-256-CTR DRBG, AES from OpenSSL) takes the
# place of the library's.
# (CONFIG=host, the default.)
$(BUILD)/host/ntrulpr761_kat: tests/gen/ntrulpr761_kat.c src/ntrulpr761/ntrulpr761.h $(BUILD)/host/libmicrosalt.a
	$(CC) $(TEST_CFLAGS) -o $@ $< $(BUILD)/host/libmicrosalt.a -lcrypto
kat: $(BUILD)/host/ntrulpr761_kat
	tests/check-kat.sh $<

# Firmware: tests/target/<name>.c linked with the HAL and the library, unused sections dropped.
$(B)/fw/%.elf: tests/target/%.c $(HAL_SRC) $(FW_DEPS) platform/hal/hal.h $(B)/libmicrosalt.a
	@mkdir -p $(@D)
	$(CC) $(filter-out -Wmissing-prototypes,$(CFLAGS)) $(FW_CFLAGS) -Iplatform/hal -Itests/target \
	  -I$(BUILD)/target -o $@ $< \
	  $(HAL_SRC) $(B)/libmicrosalt.a $(FW_LDFLAGS)

# The target suite's expected values, made on the host (libsodium is the oracle), one vector
# blob per group of operations.
TARGET_GROUPS := $(patsubst tests/target/suite_%.c,%,$(wildcard tests/target/suite_*.c))
$(B)/target_vectors: tests/gen/target_vectors.c tests/target/ops.h tests/harness.c tests/oracle.c \
                     $(B)/libmicrosalt.a
	$(CC) $(TEST_CFLAGS) -Itests -o $@ tests/gen/target_vectors.c tests/harness.c tests/oracle.c \
	  $(B)/libmicrosalt.a -ldl
$(BUILD)/target/.stamp: tests/gen/target_vectors.c tests/target/ops.h $(BUILD)/vectors/.stamp
	$(MAKE) --no-print-directory CONFIG=host $(BUILD)/host/target_vectors
	@mkdir -p $(@D)
	$(BUILD)/host/target_vectors $(@D)
	@touch $@
$(foreach g,$(TARGET_GROUPS),$(B)/fw/suite_$(g).elf): $(BUILD)/target/.stamp tests/target/suite.c \
                                                 tests/target/ops.h
$(foreach g,$(TARGET_GROUPS),$(B)/fw/ct_$(g).elf): tests/target/ctcheck.c tests/target/ct_checks.def
# ntrulpr761's KAT entry 0 for tests/target/kem.c, from the KAT generator.
$(BUILD)/target/vectors_kem.h: tests/gen/ntrulpr761_kat.c $(wildcard src/ntrulpr761/*.c)
	$(MAKE) --no-print-directory CONFIG=host $(BUILD)/host/ntrulpr761_kat
	@mkdir -p $(@D)
	$(BUILD)/host/ntrulpr761_kat --target $@
$(B)/fw/kem.elf: $(BUILD)/target/vectors_kem.h
$(B)/fw/ct_kem.elf: tests/target/ctcheck.c tests/target/ct_checks.def

# Benchmark firmware (bench/fw/<name>.c), built the same way.
$(B)/fw/%.elf: bench/fw/%.c bench/fw/bench.c bench/fw/measure.h $(HAL_SRC) $(FW_DEPS) platform/hal/hal.h \
               $(B)/libmicrosalt.a
	@mkdir -p $(@D)
	$(CC) $(filter-out -Wmissing-prototypes,$(CFLAGS)) $(FW_CFLAGS) -Iplatform/hal -o $@ $< \
	  $(HAL_SRC) $(B)/libmicrosalt.a $(FW_LDFLAGS)

# Code-size probes: $(B)/size/<function>.elf keeps only that function; empty.elf nothing.
$(B)/size/%.elf: bench/fw/size.c $(HAL_SRC) $(FW_DEPS) platform/hal/hal.h $(B)/libmicrosalt.a
	@mkdir -p $(@D)
	$(CC) $(filter-out -Wmissing-prototypes,$(CFLAGS)) $(FW_CFLAGS) -Iplatform/hal \
	  $(if $(filter empty,$*),,-DSIZE_FN=$*) -o $@ $< $(HAL_SRC) $(B)/libmicrosalt.a $(FW_LDFLAGS)

# An external implementation (bench/lab.py --external): EXT_DIR is its SUPERCOP directory,
# EXT_ID names it; bench/lab.py has written the renaming headers into $(B)/ext/$(EXT_ID),
# which comes first on the include path (before microsalt's own NaCl-name headers).
# It is not microsalt's code, so it is compiled without microsalt's warning flags.
$(B)/ext/$(EXT_ID)/fw.elf: bench/fw/external.c bench/fw/measure.h $(wildcard $(EXT_DIR)/*.c $(EXT_DIR)/*.h) \
                           $(wildcard $(B)/ext/$(EXT_ID)/*.h) $(HAL_SRC) $(FW_DEPS) \
                           platform/hal/hal.h platform/hal/xorshift.h $(B)/libmicrosalt.a
	$(CC) -std=c99 $(OPT) -ffunction-sections -fdata-sections $(FW_CFLAGS) -I$(@D) -I$(EXT_DIR) \
	  -Iinclude -Iplatform/hal -o $@ $< $(wildcard $(EXT_DIR)/*.c) $(HAL_SRC) $(B)/libmicrosalt.a \
	  $(FW_LDFLAGS)
run-external: $(B)/ext/$(EXT_ID)/fw.elf $(RUNNER_DEPS)
	$(RUNNER) $<

# What bench/peers/peers.py needs to build and run firmware of its own (the peers) for CONFIG.
fw-vars:
	@echo 'CC=$(CC)'; echo 'AR=$(AR)'; echo 'OPT=$(OPT)'; echo 'FW_CFLAGS=$(FW_CFLAGS)'
	@echo 'FW_LDFLAGS=$(FW_LDFLAGS)'; echo 'HAL_SRC=$(HAL_SRC)'; echo 'RUNNER=$(RUNNER)'

# Firmware stays after a run, for inspection and the lab.
.PRECIOUS: $(B)/fw/%.elf

# `make runner CONFIG=<target>` builds what the target's runner needs (tests/target/run.py
# does this for every target first, so parallel runs never race to build it).
runner: $(RUNNER_DEPS)

# `make run-<name> CONFIG=<target>` runs tests/target/<name>.c on the simulated target.
run-%: $(B)/fw/%.elf $(RUNNER_DEPS)
	$(RUNNER) $<

# The bare-metal generator's output through dieharder's whole battery (`./lab rng-battery`,
# docs/rng.md): tools/rng_stream.c feeds it from a reproducible seed, as much as it asks for
# (tens of GB). Not part of `make test`: it takes about an hour.
$(B)/rng_stream: tools/rng_stream.c $(B)/libmicrosalt.a
	$(CC) $(CFLAGS) -o $@ $< $(B)/libmicrosalt.a
rng-battery: $(B)/rng_stream
	@echo "rng-battery: dieharder -a -g 200 on $(B)/rng_stream's output"
	$(B)/rng_stream 2>$(B)/rng-battery.bytes | dieharder -a -g 200 | tee $(B)/rng-battery.txt
	@cat $(B)/rng-battery.bytes
	@if grep -q FAILED $(B)/rng-battery.txt; then echo "rng-battery: FAILED tests"; exit 1; fi
	@echo "rng-battery: $$(grep -c PASSED $(B)/rng-battery.txt) passed, \
	  $$(grep -c WEAK $(B)/rng-battery.txt) weak, none failed"

$(B)/bench_host: bench/host.c tests/oracle.c $(B)/libmicrosalt.a
	$(CC) $(TEST_CFLAGS) -o $@ bench/host.c tests/oracle.c $(B)/libmicrosalt.a -lnacl -ldl -lpthread \
	  -Wl,-z,noexecstack

# The benchmark: host, static stack, every simulated target; regenerates BENCHMARKS.md.
# TARGET=<simulated target> and OP=<function> filter (and leave BENCHMARKS.md alone);
# EXTERNAL=<dir> adds the implementations found there in SUPERCOP layout (bench/lab.py);
# PEERS=none leaves out the other implementations, PEERS=a,b measures those alone.
bench: $(B)/bench_host $(VENV)
	bench/run.sh $(B)/bench_host $(if $(TARGET),--target $(TARGET)) $(if $(OP),--op $(OP)) \
	  $(if $(EXTERNAL),--external $(EXTERNAL)) $(if $(PEERS),--peers $(PEERS))

install: lib
	install -d $(DESTDIR)$(PREFIX)/lib $(DESTDIR)$(PREFIX)/include/microsalt \
	  $(DESTDIR)$(PREFIX)/lib/pkgconfig
	install -m 644 $(B)/libmicrosalt.a $(DESTDIR)$(PREFIX)/lib/
	install -m 755 $(B)/libmicrosalt.so $(DESTDIR)$(PREFIX)/lib/libmicrosalt.so.0
	ln -sf libmicrosalt.so.0 $(DESTDIR)$(PREFIX)/lib/libmicrosalt.so
	install -m 644 include/*.h $(DESTDIR)$(PREFIX)/include/microsalt/
	sed -e 's|@PREFIX@|$(PREFIX)|' microsalt.pc.in > $(DESTDIR)$(PREFIX)/lib/pkgconfig/microsalt.pc

clean:
	rm -rf $(BUILD)
