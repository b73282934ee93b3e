# Front door. Two commands matter: `make run` and `make test`; both install
# what is missing through `make deps`. Everything generated goes to build/.
#
#   make run                 build, run the example kernels, print results
#   make test                the whole test suite (ends "N passed, N failed")
#   make lint                verilator --lint-only -Wall on every configuration
#   make synth CONFIG=fpga   Yosys synthesis, prints the cell count
#   make bench               simulation speed, IPC, cell count
#   make sim CONFIG=name     build the cycle model and the scord CLI
#
# CONFIG selects a named configuration from config/<name>.cfg.

CONFIG  ?= default
CONFIGS := default fpga minimal
BUILD   := build
B       := $(BUILD)/$(CONFIG)
GEN     := $(B)/gen

CC      ?= cc
CFLAGS_HOST := -std=c11 -O2 -g -Wall -Wextra -Werror
CXX     ?= g++

.PHONY: all deps run test lint synth bench sim clean help
all: sim

help:
	@sed -n '1,12p' Makefile

# ---- dependencies ---------------------------------------------------------
DEPS_STAMP := $(BUILD)/.deps-ok
deps: $(DEPS_STAMP)
$(DEPS_STAMP): tools/deps.sh
	@bash tools/deps.sh
	@mkdir -p $(BUILD) && touch $@

# ---- generated headers (one source for RTL and C) ----------------------------
GENDEFS := $(BUILD)/tools/gendefs
$(GENDEFS): tools/gendefs.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -o $@ $<

$(GEN)/scord_defs.vh $(GEN)/scord_defs.h: config/regmap.def config/$(CONFIG).cfg $(GENDEFS)
	@mkdir -p $(GEN)
	$(GENDEFS) config/regmap.def config/$(CONFIG).cfg $(GEN)/scord_defs.vh $(GEN)/scord_defs.h

# Configuration values as make variables (NUM_CORES, ...).
include config/$(CONFIG).cfg

# ---- RTL ---------------------------------------------------------------------
RTL_GPU := $(sort $(wildcard rtl/gpu/*.v) $(wildcard rtl/scord/*.v))
RTL_TOP := gpu_top
VERILATOR ?= verilator
VFLAGS_COMMON := -Wall -Irtl/gpu -Irtl/scord -I$(GEN) rtl/lint.vlt

lint: $(DEPS_STAMP)
	@for c in $(CONFIGS); do $(MAKE) --no-print-directory CONFIG=$$c lint-one || exit 1; done
.PHONY: lint-one
lint-one: $(GEN)/scord_defs.vh
	$(VERILATOR) --lint-only $(VFLAGS_COMMON) --top-module $(RTL_TOP) $(RTL_GPU)
	@echo "lint $(CONFIG): clean"

# Synthesis for the ECP5 family (the FPGA board's): technology-mapped LUTs,
# flip-flops, block RAMs and DSPs of the GPU alone, memory outside. The
# check step is run by hand: its autoname pass costs minutes and renames
# nothing we read.
SYNTH_LOG := $(B)/synth/yosys.log
SYNTH_STAT := $(B)/synth/stat.txt
synth: $(DEPS_STAMP) $(SYNTH_STAT)
	@awk '/Number of cells/ {c=$$4} /LUT4 / {l=$$2} /TRELLIS_FF / {f=$$2} /DP16KD / {b=$$2} \
	      /MULT18X18D / {m=$$2} END {printf "synth $(CONFIG) (ECP5): %s cells, %s LUT4, %s FF, %s DP16KD, %s MULT18X18D\n", c, l, f, b, m}' $(SYNTH_STAT)
$(SYNTH_STAT): $(RTL_GPU) $(wildcard rtl/gpu/*.vh) $(GEN)/scord_defs.vh
	@mkdir -p $(dir $@)
	yosys -q -l $(SYNTH_LOG) -p 'read_verilog -sv -I$(GEN) -Irtl/gpu -Irtl/scord $(RTL_GPU); synth_ecp5 -top $(RTL_TOP) -run :check; hierarchy -check; tee -q -o $@ stat' >/dev/null

include sim/sim.mk
include sim/soc_sim.mk
include driver/driver.mk
include sw/sw.mk
include tests/tests.mk
include tests/rtl/mem/mem.mk
include tests/refmodel/refmodel.mk
include tests/race/race.mk
include tests/rtl/scord/scord.mk
include fpga/fpga.mk
include tests/fpga/fpga.mk

sim: $(DEPS_STAMP) $(SCORD_BIN)

# Host-side test programs of this configuration (rules in tests/tests.mk).
.PHONY: test-bins
test-bins: $(DEPS_STAMP) $(TEST_BINS)

test: $(DEPS_STAMP)
	@bash tests/run.sh

run: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 CONFIG=$(CONFIG) sim sw $(EXAMPLES_BIN)
	@$(EXAMPLES_BIN) --sw-dir $(BUILD)/sw

bench: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 CONFIG=default sim sw $(EXAMPLES_BIN)
	@$(MAKE) --no-print-directory CONFIG=fpga synth
	@$(EXAMPLES_BIN) --sw-dir $(BUILD)/sw --bench

clean:
	rm -rf $(BUILD)
