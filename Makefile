# Front door. Two commands matter: `make run` and `make test`; both install
# what is missing through `make deps`. Everything generated goes to build/.
#
#   make run                 build, run the ScoR suite, print its tables
#   make examples            run the example kernels, print results and counters
#   make test                the whole test suite (ends "N passed, N failed")
#   make lint                verilator --lint-only -Wall on every configuration
#   make synth CONFIG=fpga   Yosys synthesis, prints the cell count
#                            (DETECTOR=0: the GPU without the race detector)
#   make synth-parts CONFIG=fpga   the same per module, the detector's summed
#   make synth-module MODULE=gpu_lsu CONFIG=fpga1   one module alone, as the board maps it
#   make bench               simulation speed, IPC, cell count
#   make bench-detector      race detector cost: cycles, throughput, cells
#   make bench-scale         detector overhead on GPUs of 1, 2, 4 and 8 cores
#   make bench-slots         detector overhead with 1, 2, 4 and 8 check slots
#   make bench-cuda          simulation speed and tiled multiply, default against cuda
#   make test-cuda           every kernel, ISA and ScoR test on the cuda configuration
#   make test-cuda-twins     every CUDA twin of our ScoR suite and beyond group against
#                            its C version, full and cache mode (tests/cuda/scor)
#   make sim CONFIG=name     build the cycle model, the scord CLI and scord-cc
#   make install PREFIX=dir  install commands, libscord, headers, pkg-config, man pages
#
# CONFIG selects a named configuration from config/<name>.cfg.

CONFIG  ?= default
# 1: the GPU with the race detector (the product); 0: without it, every hook
# removed (gpu_top parameter DETECTOR), for lint, synthesis and the cycle
# model (make sim CONFIG=x DETECTOR=0: everything in build/x-nodet/).
DETECTOR ?= 1
CONFIGS := default fpga minimal
BUILD   := build
# The GPU without the detector builds apart: build/<config>-nodet/.
B       := $(BUILD)/$(CONFIG)$(if $(filter 0,$(DETECTOR)),-nodet)
GEN     := $(B)/gen

CC      ?= cc
CFLAGS_HOST := -std=c11 -O2 -g -Wall -Wextra -Werror
CXX     ?= g++

.PHONY: all deps run examples test lint synth synth-parts synth-detector bench bench-detector bench-scale bench-slots bench-cuda test-cuda sim clean help
all: sim

help:
	@sed -n '1,21p' Makefile

# ---- dependencies ---------------------------------------------------------
DEPS_STAMP := $(BUILD)/.deps-ok
# The FPGA tools' virtual environment, used when the system's Python
# refuses pip (tools/deps.sh); first on PATH for every recipe.
PYTOOLS := $(BUILD)/pytools
export PATH := $(abspath $(PYTOOLS))/bin:$(PATH)
deps: $(DEPS_STAMP)
$(DEPS_STAMP): tools/deps.sh
	@bash tools/deps.sh $(PYTOOLS)
	@mkdir -p $(BUILD) && touch $@

# ---- generated headers (one source for RTL and C) ----------------------------
GENDEFS := $(BUILD)/tools/gendefs
$(GENDEFS): tools/gendefs.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -o $@ $<

# A configuration may include another (config/cores8.cfg: default, 8 cores).
CONFIG_FILES := config/$(CONFIG).cfg $(shell sed -n 's/^include[[:space:]]*//p' config/$(CONFIG).cfg 2>/dev/null)
$(GEN)/scord_defs.vh $(GEN)/scord_defs.h: config/regmap.def $(CONFIG_FILES) $(GENDEFS)
	@mkdir -p $(GEN)
	$(GENDEFS) config/regmap.def config/$(CONFIG).cfg $(GEN)/scord_defs.vh $(GEN)/scord_defs.h

# Configuration values as make variables (NUM_CORES, ...).
include config/$(CONFIG).cfg

# ---- RTL ---------------------------------------------------------------------
# The GPU's sources: its own, the detector's and the primitives both use.
RTL_GPU := $(sort $(wildcard rtl/gpu/*.v) $(wildcard rtl/scord/*.v) $(wildcard rtl/prim/*.v))
RTL_TOP := gpu_top
# Where the RTL's headers are (gpu_l2_bus.vh, scord_shr.vh, ...); the
# generated scord_defs.vh comes with -I$(GEN).
RTL_INCDIRS := -Irtl/prim -Irtl/gpu -Irtl/scord
RTL_VH      := $(wildcard rtl/prim/*.vh rtl/gpu/*.vh rtl/scord/*.vh)
VERILATOR ?= verilator
# Verilator's generated makefile compiles the model's per-cycle code with
# -Os by default; -O2 compiles it faster and simulates it about 6 % faster
# (the kernel tests of default: 62 s against 66 s), with the same results.
# Every Verilated model that runs long (the cycle model, the simulated
# board, the RTL test benches) is built with it.
VL_BUILD_OPT := -MAKEFLAGS OPT_FAST=-O2
VFLAGS_COMMON := -Wall $(RTL_INCDIRS) -I$(GEN) rtl/lint.vlt -GDETECTOR=$(DETECTOR)
# The SoC instantiates gpu_top with its default (the FPGA flow chparams it).
VFLAGS_SOC := $(filter-out -GDETECTOR=%,$(VFLAGS_COMMON))

lint: $(DEPS_STAMP)
	@for c in $(CONFIGS); do $(MAKE) --no-print-directory CONFIG=$$c lint-one || exit 1; done
.PHONY: lint-one
lint-one: $(GEN)/scord_defs.vh
	$(VERILATOR) --lint-only $(VFLAGS_COMMON) --top-module $(RTL_TOP) $(RTL_GPU)
	@echo "lint $(CONFIG) DETECTOR=$(DETECTOR): clean"

include tools/yosys.mk

# Synthesis for the ECP5 family (the FPGA board's): technology-mapped LUTs,
# flip-flops, block RAMs and DSPs of the GPU alone, memory outside. The
# check step is run by hand: its autoname pass costs minutes and renames
# nothing we read.
SYNTH_DIR := $(B)/synth
SYNTH_LOG := $(SYNTH_DIR)/yosys.log
SYNTH_STAT := $(SYNTH_DIR)/stat.txt
SYNTH_SUMMARY = awk 'BEGIN {c=l=f=b=m=0} /Number of cells/ {c=$$4} /LUT4 / {l=$$2} /TRELLIS_FF / {f=$$2} /DP16KD / {b=$$2} \
	      /MULT18X18D / {m=$$2} END {printf "synth %s (ECP5): %s cells, %s LUT4, %s FF, %s DP16KD, %s MULT18X18D\n", \
	      "$(1)", c, l, f, b, m}' $(2)
synth: $(DEPS_STAMP) $(SYNTH_STAT)
	@$(call SYNTH_SUMMARY,$(CONFIG)$(if $(filter 0,$(DETECTOR)), without detector),$(SYNTH_STAT))
$(SYNTH_STAT): $(RTL_GPU) $(RTL_VH) $(GEN)/scord_defs.vh
	@mkdir -p $(dir $@)
	$(call yosys_ecp5,$(SYNTH_LOG),$(RTL_GPU),$(RTL_TOP),,$@,,chparam -set DETECTOR $(DETECTOR) $(RTL_TOP))

# The race detector alone (scord_top with this configuration's parameters:
# event queue, fence file, checks, metadata accessor, report writer,
# registers); the core-side hooks (lock tables, event ports, arbiter) are
# in the GPU figures only.
SYNTH_DET_DIR := $(B)/synth-scord
SYNTH_DET_STAT := $(SYNTH_DET_DIR)/stat.txt
RTL_SCORD := $(sort $(wildcard rtl/scord/*.v) $(wildcard rtl/prim/*.v))
synth-detector: $(DEPS_STAMP) $(SYNTH_DET_STAT)
	@$(call SYNTH_SUMMARY,$(CONFIG) scord_top alone,$(SYNTH_DET_STAT))
$(SYNTH_DET_STAT): $(RTL_SCORD) $(RTL_VH) $(GEN)/scord_defs.vh
	@mkdir -p $(dir $@)
	$(call yosys_ecp5,$(SYNTH_DET_DIR)/yosys.log,$(RTL_SCORD),scord_top,,$@)

# One module alone (docs/fpga.md, "Measuring area"): with a set of
# parameters this configuration's gpu_top gives it (the first Yosys
# lists), mapped as the board flow maps (abc -lut 4), so an area cut is measured where the rest
# of the design cannot move the figure. Seconds to a minute.
#   make synth-module MODULE=gpu_lsu CONFIG=fpga1
.PHONY: synth-module
synth-module: $(DEPS_STAMP) $(GEN)/scord_defs.vh
	@test -n "$(MODULE)" || { echo "synth-module: name a module: make synth-module MODULE=gpu_lsu CONFIG=fpga1" >&2; exit 2; }
	@bash tools/synth_module.sh $(YOSYS) $(B)/synth-module $(RTL_TOP) $(MODULE) "chparam -set DETECTOR $(DETECTOR) $(RTL_TOP)" "$(YOSYS_INCDIRS)" $(RTL_GPU)

# What each module costs (docs/fpga.md, "Measuring area"): the GPU
# synthesized with its hierarchy kept, a line per module with its
# instances and cells, and the detector's modules summed. Not part of make
# test (minutes). Flattened figures (make synth) move by thousands of LUT4
# with ABC's mapping whenever the design's structure changes; these by a
# few hundred per module.
SYNTH_PARTS_DIR  := $(B)/synth-parts
SYNTH_PARTS_STAT := $(SYNTH_PARTS_DIR)/stat.json
.PHONY: synth-parts
synth-parts: $(DEPS_STAMP) $(SYNTH_PARTS_STAT)
	@echo "synth-parts $(CONFIG)$(if $(filter 0,$(DETECTOR)), without detector): totals over each module's instances"
	@python3 tools/synth_parts.py $(SYNTH_PARTS_STAT)
$(SYNTH_PARTS_STAT): $(RTL_GPU) $(RTL_VH) $(GEN)/scord_defs.vh tools/synth_parts.py
	@mkdir -p $(dir $@)
	$(call yosys_ecp5,$(SYNTH_PARTS_DIR)/yosys.log,$(RTL_GPU),$(RTL_TOP),-noflatten,$@.tmp,-json,chparam -set DETECTOR $(DETECTOR) $(RTL_TOP))
	@mv $@.tmp $@

include sim/sim.mk
include sim/soc_sim.mk
include driver/driver.mk
include sw/sw.mk
include driver/cc/cc.mk
include driver/cuda/cuda.mk
include driver/nvcc/nvcc.mk
include tests/unit/unit.mk
include tests/tests.mk
include tests/rtl/rtl.mk
include tests/refmodel/refmodel.mk
include tests/race/race.mk
include tests/sarif/sarif.mk
include driver/scor/scor.mk
include driver/install.mk
include fpga/fpga.mk
include tests/fpga/fpga.mk
include tests/trust.mk
include tests/test.mk

sim: $(DEPS_STAMP) $(SCORD_BIN) scord-cc

# Host-side test programs of this configuration (rules in tests/tests.mk).
.PHONY: test-bins
test-bins: $(DEPS_STAMP) $(TEST_BINS)

# make test: tests/test.mk.

# The main job: the ScoR suite's summary (races present and found, false
# positives, cycle and memory overheads), from a fresh build.
run: scor

examples: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 CONFIG=$(CONFIG) sim sw $(EXAMPLES_BIN)
	@$(EXAMPLES_BIN) --sw-dir $(BUILD)/sw

bench: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 CONFIG=default sim sw $(EXAMPLES_BIN)
	@$(MAKE) --no-print-directory CONFIG=fpga synth
	@$(EXAMPLES_BIN) --sw-dir $(BUILD)/sw --bench

# The same examples on the cuda configuration (32-lane warps): its
# simulation speed and the tiled multiply's cycles per multiply-add and
# lane beside default's (docs/performance.md, "The cuda configuration").
bench-cuda: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 CONFIG=default sim sw $(EXAMPLES_BIN)
	@$(MAKE) --no-print-directory -j2 CONFIG=cuda scord-bin $(BUILD)/cuda/bin/scord-examples
	@echo "== default"; $(EXAMPLES_BIN) --sw-dir $(BUILD)/sw --bench
	@echo; echo "== cuda"; $(BUILD)/cuda/bin/scord-examples --sw-dir $(BUILD)/sw --bench

# Race detector cost (docs/performance.md, "Race detector"): example cycles
# with the detector off / full / cache mode and its throughput on
# `default`, then the fpga GPU synthesized with and without it and the
# detector alone. Not part of make test (three syntheses: minutes).
bench-detector: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory -j2 CONFIG=default sim sw $(EXAMPLES_BIN)
	@$(EXAMPLES_BIN) --sw-dir $(BUILD)/sw --bench-detector
	@echo
	@$(MAKE) --no-print-directory CONFIG=fpga synth-detector
	@$(MAKE) --no-print-directory CONFIG=fpga DETECTOR=0 synth
	@$(MAKE) --no-print-directory CONFIG=fpga DETECTOR=1 synth
	@echo
	@bash tools/det_synth_share.sh $(BUILD)/fpga/synth/stat.txt $(BUILD)/fpga-nodet/synth/stat.txt \
	    $(BUILD)/fpga/synth-scord/stat.txt

# The detector's overhead against GPU size (docs/performance.md): the examples and the
# race-free ScoR applications, detector off and in cache mode, on the
# default GPU with 1, 2, 4 and 8 cores (config/coresN.cfg). Not part of
# make test (four builds and their simulations: tens of minutes).
SCALE_CONFIGS ?= cores1 cores2 default cores8
bench-scale: $(DEPS_STAMP)
	@bash tools/bench_scale.sh $(SCALE_CONFIGS)
# The same against the detector's check slots (DET_SLOTS: 1, 2, 4 and 8 on
# the default GPU, config/slotsN.cfg): what each slot count costs in cycles.
bench-slots: $(DEPS_STAMP)
	@bash tools/bench_scale.sh slots1 slots2 slots4 default

# The whole test run of the cuda configuration (32-lane warps, 8 warp
# slots, 128-byte lines): lint, its cycle model, every kernel test (plain,
# detector full and cache mode), the ISA tests and the ScoR suite's check.
# Not part of make test (its cycle model alone takes 17 minutes of
# processor time to compile); make test lints it. The kernel tests wait up
# to 10 minutes a launch: the model simulates a third of default's cycles
# per second.
test-cuda: $(DEPS_STAMP)
	@$(MAKE) --no-print-directory CONFIG=cuda lint-one
	@$(MAKE) --no-print-directory -j2 CONFIG=cuda sw scord-bin test-bins scor-bin
	@set -e; k=$(BUILD)/cuda/bin/scord-kernel-tests; f=0; \
	for m in "" --detect "--detect-mode cache"; do $$k --timeout 600000 $$m || f=1; done; \
	$(BUILD)/cuda/bin/scord-isa-tests || f=1; \
	$(BUILD)/cuda/bin/scord-scor --sw-dir $(SW_BUILD) --check --configs full,cache \
	    $(SCOR_TEST_WORKLOADS) || f=1; \
	exit $$f

clean:
	rm -rf $(BUILD)
