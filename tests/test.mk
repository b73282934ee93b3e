# make test: the whole test suite as a graph of steps, scheduled by make -j.
#
#   make test                  every step on JOBS jobs (default 2), then the
#                              report: each step's PASS/FAIL lines, section
#                              by section, the time per section, the
#                              failures and "N passed, N failed"
#   make test TEST_STEPS='id...'   only these steps and the ones they need
#   make test-list             the steps: id, kind, name
#
# A step is one command with its output in build/test-logs/<id>.log and a
# result file beside it (build/test-logs/<id>.result: exit status, start and
# end, CPU seconds), written by tests/test_step.sh. Its kind says how the
# report counts it (tests/test_summary.sh):
#   check  one test: PASS if the command exits 0
#   count  the command prints PASS/FAIL lines, each one test, named
#          "<step name>: <line>"; a non-zero exit without a FAIL line, or
#          no line at all, is a failure of the step
# A step whose prerequisite step (its .needs) failed is skipped: it counts
# nothing and the report says why. Its .after steps only come first: they
# write files it writes too, and make must not run both at once.
#
# What two steps build must not be built by both at once: the first steps
# build the generated headers of every configuration and the kernels;
# every configuration's cycle model is built by its own step, and the
# steps using it need that step; only the default configuration's build
# makes scord-cc (build/bin, config-independent), and `make install` and the
# tutorial, which rewrite its flags header too, come after it, one at a time.

TEST_LOGS  := $(BUILD)/test-logs
JOBS       ?= 2
TEST_STEPS ?=
SCOR_TEST_WORKLOADS ?= micro detector beyond apps
TEST_STEP  := bash tests/test_step.sh $(TEST_LOGS)

# ---- declaring steps ------------------------------------------------------------
# $(call test_step,ID,KIND) declares step ID in the section TEST_SECTION
# names at that point; then ID.name (its name in the report), ID.cmd (run by
# bash), ID.needs and ID.after (step ids), ID.note (a grep -E pattern: the
# log's matching lines are printed under its verdicts, ID.note_prefix
# before each).
TEST_ALL :=
test_step = $(eval TEST_ALL += $(1))$(eval $(1).kind := $(2))$(eval $(1).section := $$(TEST_SECTION))

# ---- the steps, in the report's order ------------------------------------------------

TEST_SECTION := generated headers
# Every configuration's headers first: the steps of one configuration
# would otherwise all write them at once.
TEST_GEN_DIRS := default fpga fpga-nodet minimal minimal-nodet cuda
$(call test_step,gendefs_build,check)
gendefs_build.name := gendefs
gendefs_build.cmd   = $(foreach d,$(TEST_GEN_DIRS),$(MAKE) CONFIG=$(patsubst %-nodet,%,$(d)) \
                      DETECTOR=$(if $(filter %-nodet,$(d)),0,1) $(BUILD)/$(d)/gen/scord_defs.h &&) true
$(call test_step,gendefs,count)
gendefs.name  := gendefs
gendefs.cmd    = bash tests/gendefs/test_gendefs.sh $(GENDEFS)
gendefs.needs := gendefs_build

TEST_SECTION := kernels (RISC-V GCC)
# (with the fault stress's kernel, which two steps would build otherwise)
$(call test_step,sw_build,check)
sw_build.name  := sw build
sw_build.cmd    = $(MAKE) sw $(STRESS_ELF)
sw_build.needs := gendefs_build

# Every configuration: lint, the cycle model and the test programs, the
# kernel and ISA tests; the default one's kernels also with the detector
# armed (results must not change); lint of the fpga GPU without the
# detector. Only default's build makes scord-cc (`make sim`): the others
# build the driver and CLI (scord-bin), which is what they test.
TEST_CONFIGS := $(CONFIGS)
define test_config
TEST_SECTION := configuration $(1)
$$(call test_step,$(1)_lint,check)
$(1)_lint.name  := $(1): verilator lint -Wall
$(1)_lint.cmd    = $$(MAKE) CONFIG=$(1) lint-one
$(1)_lint.needs := gendefs_build
ifeq ($(1),fpga)
$$(call test_step,fpga_lint_nodet,check)
fpga_lint_nodet.name  := fpga: verilator lint -Wall, GPU without detector
fpga_lint_nodet.cmd    = $$(MAKE) CONFIG=fpga DETECTOR=0 lint-one
fpga_lint_nodet.needs := gendefs_build
endif
$$(call test_step,$(1)_build,check)
$(1)_build.name  := $(1): build cycle model and driver
$(1)_build.cmd    = $$(MAKE) CONFIG=$(1) $(if $(filter default,$(1)),sim,scord-bin) test-bins
$(1)_build.needs := gendefs_build sw_build
$$(call test_step,$(1)_kernel,count)
$(1)_kernel.name  := $(1): kernel
$(1)_kernel.cmd    = $(BUILD)/$(1)/bin/scord-kernel-tests
$(1)_kernel.needs := $(1)_build
$$(call test_step,$(1)_isa,count)
$(1)_isa.name  := $(1): isa
$(1)_isa.cmd    = $(BUILD)/$(1)/bin/scord-isa-tests
$(1)_isa.needs := $(1)_build
ifeq ($(1),default)
$$(call test_step,default_kernel_full,count)
default_kernel_full.name  := default: kernel, detector full mode
default_kernel_full.cmd    = $(BUILD)/default/bin/scord-kernel-tests --detect
default_kernel_full.needs := default_build
$$(call test_step,default_kernel_cache,count)
default_kernel_cache.name  := default: kernel, detector cache mode
default_kernel_cache.cmd    = $(BUILD)/default/bin/scord-kernel-tests --detect-mode cache
default_kernel_cache.needs := default_build
endif
endef
$(foreach c,$(TEST_CONFIGS),$(eval $(call test_config,$(c))))

# The cuda configuration (32-lane warps): lint here; its cycle model takes
# minutes to compile, so its kernel, ISA and ScoR runs are `make test-cuda`.
TEST_SECTION := configuration cuda
$(call test_step,cuda_lint,check)
cuda_lint.name  := cuda: verilator lint -Wall
cuda_lint.cmd    = $(MAKE) CONFIG=cuda lint-one
cuda_lint.needs := gendefs_build

TEST_SECTION := the GPU without the race detector (DETECTOR=0, minimal configuration)
$(call test_step,nodet_build,check)
nodet_build.name  := minimal, no detector: build cycle model and driver
nodet_build.cmd    = $(MAKE) CONFIG=minimal DETECTOR=0 scord-bin test-bins
nodet_build.needs := gendefs_build sw_build
# every kernel test but those of the detector itself (det_*)
$(call test_step,nodet_kernel,count)
nodet_kernel.name  := minimal, no detector: kernel
nodet_kernel.cmd    = b=$(BUILD)/minimal-nodet/bin/scord-kernel-tests; \
                      $$b $$($$b --help | sed -n 's/^tests://p' | tr ' ' '\n' | grep -v -e '^det_' -e '^$$')
nodet_kernel.needs := nodet_build

TEST_SECTION := memory system unit test (random traffic against a golden model)
$(call test_step,mem_unit,check)
mem_unit.name        := mem unit
mem_unit.cmd          = $(MAKE) mem-unit-test
mem_unit.needs       := gendefs_build
mem_unit.note        := passed, .* failed
mem_unit.note_prefix := $(empty)  checks: $(empty)

TEST_SECTION := launch check unit test (gpu_ctl against an exact model)
$(call test_step,ctl_unit,count)
ctl_unit.name  := ctl unit
ctl_unit.cmd    = $(MAKE) ctl-unit-test
ctl_unit.needs := gendefs_build

TEST_SECTION := performance counters (gpu_perf_counters) against plain 32-bit counters
$(call test_step,perf_unit,check)
perf_unit.name  := perf counters unit, 8 lanes
perf_unit.cmd    = $(MAKE) perf-unit-test
perf_unit.needs := gendefs_build
$(call test_step,perf_unit_fpga,check)
perf_unit_fpga.name  := perf counters unit, 4 lanes (fpga)
perf_unit_fpga.cmd    = $(MAKE) CONFIG=fpga perf-unit-test
perf_unit_fpga.needs := gendefs_build

TEST_SECTION := the lanes' multiplier (gpu_mul, combinational and split in two) against RV32M
$(call test_step,mul_unit,check)
mul_unit.name  := mul unit
mul_unit.cmd    = $(MAKE) mul-unit-test
mul_unit.needs := gendefs_build

TEST_SECTION := atomic ALU against its specification (Yosys SAT, every input)
$(call test_step,amo,check)
amo.name  := amo equivalence
amo.cmd    = bash tests/rtl/amo/test_amo_equiv.sh $(BUILD)/default/gen $(BUILD)/default/amo-equiv
amo.needs := gendefs_build

TEST_SECTION := race detector reference model
$(call test_step,refmodel,count)
refmodel.name  := refmodel
refmodel.cmd    = $(MAKE) refmodel-test
refmodel.needs := gendefs_build

TEST_SECTION := race detector RTL against the reference model (randomized, differential)
$(call test_step,scord_diff,count)
scord_diff.name  := scord diff
scord_diff.cmd    = $(MAKE) scord-diff-test
scord_diff.needs := gendefs_build

TEST_SECTION := race reports: decoding, source lines (libdw), text and JSON
$(call test_step,race,count)
race.name  := race
race.cmd    = $(MAKE) race-unit-test
race.needs := default_build

TEST_SECTION := ScoR suite: microbenchmarks, per-rule kernels, races beyond ScoRD, applications (scord-scor --check, full and cache mode)
$(call test_step,scor_build,check)
scor_build.name  := scord-scor build
scor_build.cmd    = $(MAKE) CONFIG=default scor-bin
scor_build.needs := default_build
$(call test_step,scor,count)
scor.name  := scor
scor.cmd    = $(BUILD)/default/bin/scord-scor --sw-dir $(SW_BUILD) --check --configs full,cache $(SCOR_TEST_WORKLOADS)
scor.needs := scor_build
$(call test_step,scor_cli,count)
scor_cli.name  := scor cli
scor_cli.cmd    = bash tests/scor/test_scor.sh $(BUILD)/default/bin/scord-scor $(SW_BUILD)
scor_cli.needs := scor_build

# The firmware's image (lint-soc makes it; fpga-check and the simulated
# board read it) before the board.
TEST_SECTION := FPGA SoC: lint, the simulated board's build
$(call test_step,lint_soc,check)
lint_soc.name  := fpga: SoC verilator lint -Wall
lint_soc.cmd    = $(MAKE) CONFIG=fpga lint-soc
lint_soc.needs := gendefs_build sw_build
$(call test_step,board_build,check)
board_build.name  := fpga: build simulated board
board_build.cmd    = $(MAKE) CONFIG=fpga scord-bin soc-sim $(BUILD)/fpga/bin/scord-hostlink-test \
                     $(BUILD)/fpga/bin/scord-firmware-test
board_build.needs := fpga_build
board_build.after := lint_soc

TEST_SECTION := FPGA SoC: the simulated board over the uart backend
$(call test_step,soc,count)
soc.name  := soc
soc.cmd    = bash tests/fpga/test_soc.sh $(BUILD)/fpga/bin $(SW_BUILD)
soc.needs := board_build

TEST_SECTION := trust: state after faults (cycle model, simulated board), sanitizers (docs/trust.md)
$(call test_step,fault_stress,count)
fault_stress.name  := fault stress
fault_stress.cmd    = $(MAKE) CONFIG=fpga fault-stress STRESS_ROUNDS=40
fault_stress.needs := board_build
$(call test_step,sanitizers,count)
sanitizers.name  := sanitizers
sanitizers.cmd    = $(MAKE) sanitize-test
sanitizers.needs := board_build default_build

TEST_SECTION := scord CLI and bad input
$(call test_step,cli,count)
cli.name  := cli
cli.cmd    = bash tests/cli/test_cli.sh $(BUILD)/default/bin/scord $(SW_BUILD)
cli.needs := default_build

TEST_SECTION := trust: ISA co-simulation against QEMU, fuzz corpora (docs/trust.md)
$(call test_step,trust_build,check)
trust_build.name  := cosim and fuzz harnesses build
trust_build.cmd    = $(MAKE) CONFIG=default $(BUILD)/default/bin/scord-isa-cosim fuzz-bins
trust_build.needs := default_build
$(call test_step,cosim,count)
cosim.name  := cosim
cosim.cmd    = $(MAKE) CONFIG=default isa-cosim
cosim.needs := trust_build
$(call test_step,fuzz,count)
fuzz.name  := fuzz corpora
fuzz.cmd    = $(MAKE) CONFIG=default fuzz-replay
fuzz.needs := trust_build

TEST_SECTION := toolchain: scord-cc, SARIF output, make install + pkg-config, FuseSoC cores
$(call test_step,scord_cc,count)
scord_cc.name  := scord-cc
scord_cc.cmd    = bash tests/cc/test_scord_cc.sh $(BUILD)
scord_cc.needs := default_build
$(call test_step,sarif_build,check)
sarif_build.name  := sarif: build the writer's unit program
sarif_build.cmd    = $(MAKE) CONFIG=default $(BUILD)/default/bin/scord-sarif-related \
                     $(BUILD)/default/bin/scord-hostdev-report
sarif_build.needs := default_build
$(call test_step,sarif,count)
sarif.name  := sarif
sarif.cmd    = bash tests/sarif/test_sarif.sh $(BUILD)/default/bin $(SW_BUILD)
sarif.needs := sarif_build
$(call test_step,install,count)
install.name  := install
install.cmd    = bash tests/install/test_install.sh
install.needs := default_build
install.after := scor_build nvcc_build
$(call test_step,fusesoc,count)
fusesoc.name := fusesoc
fusesoc.cmd   = bash tests/fusesoc/test_fusesoc.sh $(BUILD)

TEST_SECTION := CUDA programs: scord-nvcc, the CUDA runtime layer, scord check
# scord-cc is the default build's (the flags header it rewrites is not
# touched here); scord-nvcc, its headers and the runtime layer are built
# once, then the three test programs use them.
$(call test_step,nvcc_build,check)
nvcc_build.name  := scord-nvcc and the CUDA runtime layer build
nvcc_build.cmd    = $(MAKE) CONFIG=default $(SCORD_NVCC_BIN) $(SCORD_NVCC_DIRS) $(SCORD_CUDART_LIB)
nvcc_build.needs := default_build
$(call test_step,cuda_device,count)
cuda_device.name  := cuda device code (C++ on the RISC-V g++)
cuda_device.cmd    = SCORD_BIN=$(BUILD)/bin bash tests/cuda/device/run.sh
cuda_device.needs := default_build
$(call test_step,cuda_host,count)
cuda_host.name  := cuda runtime layer (hand-written kernel, C and C++ hosts)
cuda_host.cmd    = CC="$(CC)" CXX="$(CXX)" SCORD_CUDART_LIB="$(SCORD_CUDART_LIB)" \
                   SCORD_CUDART_LDLIBS="$(SCORD_CUDART_LDLIBS)" SCORD_CC="$(SCORD_CC_BIN)" \
                   OUT="$(B)/cuda-host" bash tests/cuda/host/run.sh
cuda_host.needs := nvcc_build
$(call test_step,nvcc,count)
nvcc.name  := scord-nvcc + scord check (CUDA programs, racy, race-free, refused)
nvcc.cmd    = bash tests/cuda/nvcc/run.sh $(BUILD) default
nvcc.needs := nvcc_build
# Every ScoR microbenchmark's CUDA twin against its C version, full and
# cache mode (about 90 s: 32 builds, 64 runs and the C runs), and in full
# mode a racy and a race-free twin of each beyond class and the detector
# group's table wrap-arounds (about 50 s). `make test-cuda-twins`: every
# twin (145 programs, the applications in two builds) in both modes
# (about 14 minutes).
$(call test_step,cuda_scor,count)
cuda_scor.name  := ScoR micro as CUDA programs, races as their C versions
cuda_scor.cmd    = bash tests/cuda/scor/run.sh $(BUILD) $(patsubst %,micro/%,$(notdir $(basename $(wildcard tests/cuda/scor/micro/*.cu))))
cuda_scor.needs := nvcc_build scor_build
CUDA_TWINS_QUICK := $(addprefix beyond/,sh_reduce sh_reduce_nobar wsh_reduce_sync \
    wsh_reduce_nosync wgl_flag_ballot wgl_flag_diverged byte_gl_own byte_gl_overlap \
    sev_gl_flag sev_gl_lane_id scoped_dev_then_blk scoped_blk_fenced lk_poll_cas \
    lk_failed_cas acq_mp_fence acq_mp_nofence) \
    $(addprefix detector/,t3a_racy t4e_racy fence_wrap_64 barrier_wrap_256 lock_table_5 \
    bloom_collision)
$(call test_step,cuda_twins,count)
cuda_twins.name  := beyond and detector groups as CUDA programs, a racy and a race-free per class (full mode)
cuda_twins.cmd    = SCOR_TWIN_MODES=full bash tests/cuda/scor/run.sh $(BUILD) $(CUDA_TWINS_QUICK)
cuda_twins.needs := nvcc_build scor_build

TEST_SECTION := FPGA tools: board-top synthesis check, reports and tables, cell models
$(call test_step,fpga_check,check)
fpga_check.name  := fpga: board tops synthesise (yosys, GPU a black box)
fpga_check.cmd    = $(MAKE) CONFIG=fpga fpga-check
fpga_check.needs := gendefs_build
fpga_check.after := lint_soc
$(call test_step,fpga_paths,check)
fpga_paths.name := fpga: path finder ranks a synthesized netlist's paths
fpga_paths.cmd   = bash tests/fpga/test_fpga_paths.sh
$(call test_step,fpga_det_cost,check)
fpga_det_cost.name := fpga: detector cost table from two flattened syntheses
fpga_det_cost.cmd   = bash tests/fpga/test_fpga_det_cost.sh
$(call test_step,fpga_area,check)
fpga_area.name := fpga: LUTs by unit of a flattened synthesis, the cores' copies summed
fpga_area.cmd   = bash tests/fpga/test_fpga_area.sh
$(call test_step,fpga_det_scale,check)
fpga_det_scale.name := fpga: detector share by number of cores from cost tables
fpga_det_scale.cmd   = bash tests/fpga/test_fpga_det_scale.sh
$(call test_step,fpga_synth_parts,check)
fpga_synth_parts.name := fpga: parts table of a synthesis that keeps the hierarchy
fpga_synth_parts.cmd   = bash tests/fpga/test_synth_parts.sh
$(call test_step,fpga_synth_module,check)
fpga_synth_module.name := fpga: one module of a hierarchy synthesized alone and counted
fpga_synth_module.cmd   = bash tests/fpga/test_synth_module.sh
$(call test_step,fpga_sim_models,check)
fpga_sim_models.name  := fpga: our ECP5 cell models (block RAM, multiplier) against their documented behaviour
fpga_sim_models.cmd    = $(MAKE) fpga-sim-models-test
$(call test_step,fpga_report,check)
fpga_report.name := fpga: report of a placed and routed build (nextpnr on a small ECP5)
fpga_report.cmd   = bash tests/fpga/test_fpga_report.sh
$(call test_step,fpga_seeds,check)
fpga_seeds.name := fpga: seed sweep table over real place-and-route runs (nextpnr on a small ECP5)
fpga_seeds.cmd   = bash tests/fpga/test_fpga_seeds.sh

TEST_SECTION := docs/tutorial.md, every command as written (cycle model and simulated board)
$(call test_step,tutorial,count)
tutorial.name  := tutorial
tutorial.cmd    = bash tests/tutorial/test_tutorial.sh
tutorial.needs := default_build board_build nvcc_build
tutorial.after := install

TEST_SECTION := synthesis (Yosys): the fpga GPU with the detector
$(call test_step,synth,check)
synth.name  := fpga: yosys synth_ecp5
synth.cmd    = $(MAKE) CONFIG=fpga synth
synth.needs := gendefs_build
synth.note  := ^synth

# ---- scheduling -------------------------------------------------------------------
# make -j walks this list, and starts each step whose prerequisites are done,
# waiting for a free job slot if need be; a step it passes while one of them
# is still running waits for the next walk, after the end of the list. So
# the order is the order the steps start in: the builds of the long chains
# first (the default cycle model, which most tests wait for; the fpga model
# with the simulated board and the sanitizers behind it), the synthesis (one
# core's work for minutes), long single-threaded runs before short ones;
# then the rest in the report's order, and last the ScoR check, the longest
# step, whose own workers keep both cores busy to the end.
TEST_FIRST := gendefs_build sw_build default_build fpga_build synth lint_soc scor_build board_build \
              default_kernel_full default_kernel_cache default_kernel sanitizers fault_stress scord_diff \
              minimal_build nodet_build soc
TEST_LAST  := scor
TEST_ORDER := $(foreach s,$(TEST_FIRST),$(filter $(s),$(TEST_ALL))) \
              $(filter-out $(TEST_FIRST) $(TEST_LAST),$(TEST_ALL)) $(foreach s,$(TEST_LAST),$(filter $(s),$(TEST_ALL)))
test_result = $(patsubst %,$(TEST_LOGS)/%.result,$(1))

test_quote = '$(subst ','\'',$(1))'
# Every step but the first ones comes after the kernels' build: a make
# started beside it could read a dependency file it is writing.
TEST_BASE := gendefs_build gendefs sw_build
test_prereqs = $(filter $(TEST_ALL),$($(1).needs) $($(1).after) $(if $(filter $(TEST_BASE),$(1)),,sw_build))
define test_step_rule
$(call test_result,$(1)): $(call test_result,$(call test_prereqs,$(1))) | $(TEST_LOGS)/steps.tsv
	+@$$(TEST_STEP) $(1) $($(1).kind) $(call test_quote,$($(1).name)) '$($(1).needs)' $$(call test_quote,$$($(1).cmd))
endef
$(foreach s,$(TEST_ALL),$(eval $(call test_step_rule,$(s))))

# The report's list of steps, a line each: id, kind, section, name, note
# pattern and prefix, separated by tabs.
TAB := $(shell printf '\t')
$(TEST_LOGS)/steps.tsv: | $(TEST_LOGS)
	$(file >$@)$(foreach s,$(TEST_ALL),$(file >>$@,$(s)$(TAB)$($(s).kind)$(TAB)$($(s).section)$(TAB)$\
	    $($(s).name)$(TAB)$($(s).note)$(TAB)$($(s).note_prefix)))
$(TEST_LOGS):
	@mkdir -p $@

.PHONY: test test-run test-list
test: $(DEPS_STAMP)
	@rm -rf $(TEST_LOGS) && mkdir -p $(TEST_LOGS) && date +%s.%N > $(TEST_LOGS)/start
	@echo "make test: $(words $(or $(TEST_STEPS),$(TEST_ALL))) steps on $(JOBS) jobs; logs in $(TEST_LOGS)/"
	+@$(MAKE) --no-print-directory -j$(JOBS) test-run 2>$(TEST_LOGS)/make.log; \
	  bash tests/test_summary.sh $(TEST_LOGS) $(if $(TEST_STEPS),--only)
test-run: $(call test_result,$(if $(TEST_STEPS),$(filter $(TEST_STEPS),$(TEST_ORDER)),$(TEST_ORDER)))
test-list:
	@$(foreach s,$(TEST_ALL),printf '%-22s %-6s %s\n' $(s) $($(s).kind) $(call test_quote,$($(s).name));)
