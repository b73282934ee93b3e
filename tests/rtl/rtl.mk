# The RTL's test benches (tests/rtl/*/): each a C++ harness around a top
# module, the module under test itself or a test top of the test's folder,
# Verilated with the RTL's include path (the -I flags of the top Makefile's
# VFLAGS_COMMON: RTL_INCDIRS and the generated headers). Verilator finds every module a top
# instantiates by its name on that path, so no test lists the RTL it pulls
# in; each is rebuilt when any of the RTL changes.
#
#   make mem-unit-test  [CONFIG=name] [MEMUT_ARGS=--ops=N]      memory system (gpu_lsu,
#                       gpu_l2_arb, gpu_l2, gpu_amo_alu) against a golden model
#   make ctl-unit-test  [CONFIG=name] [CTLUT_ARGS=--trials=N]   gpu_ctl's launch
#                       check against an exact model
#   make perf-unit-test [CONFIG=name] [PERFUT_ARGS=--cycles=N]  gpu_perf_counters
#                       (low bits in flip-flops, high bits in a RAM, pending
#                       carries) against plain 32-bit counters
#   make mul-unit-test  [MULUT_ARGS=--random=N]                 gpu_mul against
#                       RV32M, combinational (STAGE=0) and split over E and X
#                       (STAGE=1, E_STAGE's multiplier)
#   make shrule-diff-test, scord-diff-test: tests/rtl/shrule/shrule.mk,
#                       tests/rtl/scord/scord.mk
# Included by the top Makefile (uses its B, BUILD, GEN, RTL_GPU,
# VFLAGS_COMMON and VERILATOR).

TB_INCDIRS = $(filter -I%,$(VFLAGS_COMMON))
TB_RTL_DEPS = $(RTL_GPU) $(wildcard rtl/*/*.vh) rtl/lint.vlt $(GEN)/scord_defs.vh $(GEN)/scord_defs.h tests/rtl/rtl.mk
# the module under test's file, from the RTL's own list
tb_rtl = $(filter %/$(1).v,$(RTL_GPU))

# $(call tb_rule,BINARY,TOP,SOURCES,VERILATOR_FLAGS,CXXFLAGS): BINARY
# (its folder Verilator's --Mdir) from the Verilog, C++ and object files in
# SOURCES, with top module TOP. The build's output goes to build.log
# beside it, its tail to the terminal if it fails.
define tb_rule
$(1): $(3) $$(TB_RTL_DEPS)
	@mkdir -p $$(@D)
	$$(VERILATOR) --cc --exe --build -j 2 $$(VL_BUILD_OPT) -Wall $$(TB_INCDIRS) rtl/lint.vlt --top-module $(2) $(4) \
	  --Mdir $$(@D) -o $$(@F) -CFLAGS "-std=c++17 -O2 -I$$(abspath $$(GEN)) $(5)" \
	  $(filter %.v,$(3)) $(abspath $(filter-out %.v %.vh,$(3))) >$$(@D)/build.log 2>&1 \
	  || { tail -40 $$(@D)/build.log; exit 1; }
endef

# ---- the memory system under random and directed traffic ---------------------
MEMUT_BIN  := $(B)/rtl-mem/Vmem_tb_top
MEMUT_ARGS ?=
$(eval $(call tb_rule,$(MEMUT_BIN),mem_tb_top,tests/rtl/mem/mem_tb_top.v tests/rtl/mem/mem_tb.cpp))

# ---- gpu_ctl's launch check -----------------------------------------------------
CTLUT_BIN  := $(B)/rtl-ctl/Vgpu_ctl
CTLUT_ARGS ?=
$(eval $(call tb_rule,$(CTLUT_BIN),gpu_ctl,$(call tb_rtl,gpu_ctl) tests/rtl/ctl/ctl_tb.cpp,-Wno-UNUSEDSIGNAL \
  -GNUM_CORES=$(NUM_CORES) -GNUM_WARPS=$(NUM_WARPS) -GNUM_THREADS=$(NUM_THREADS) \
  -GMEM_BYTES=$(MEM_BYTES) -GSMEM_BYTES=$(SMEM_BYTES) -GSTACK_LOG2=$(STACK_LOG2)))

# ---- gpu_perf_counters ------------------------------------------------------------
PERFUT_BIN  := $(B)/rtl-perf/Vgpu_perf_counters
PERFUT_ARGS ?=
$(eval $(call tb_rule,$(PERFUT_BIN),gpu_perf_counters,$(call tb_rtl,gpu_perf_counters) tests/rtl/perf/perf_tb.cpp,\
  -GN=24 -GSTEP=$(NUM_THREADS),-DPERF_N=24 -DPERF_STEP=$(NUM_THREADS)))

# ---- gpu_mul in both forms (no configuration: in build/, not build/CONFIG) --------
MULUT_DIR  := $(BUILD)/rtl-mul
MULUT_ARGS ?=
$(foreach s,0 1,$(eval $(call tb_rule,$(MULUT_DIR)/stage$(s)/Vgpu_mul,gpu_mul,\
  $(call tb_rtl,gpu_mul) tests/rtl/mul/mul_tb.cpp,-GSTAGE=$(s),-DMUL_STAGE=$(s))))

.PHONY: mem-unit-test ctl-unit-test perf-unit-test mul-unit-test
mem-unit-test: $(MEMUT_BIN)
	$(MEMUT_BIN) $(MEMUT_ARGS)
ctl-unit-test: $(CTLUT_BIN)
	$(CTLUT_BIN) $(CTLUT_ARGS)
perf-unit-test: $(PERFUT_BIN)
	$(PERFUT_BIN) $(PERFUT_ARGS)
mul-unit-test: $(MULUT_DIR)/stage0/Vgpu_mul $(MULUT_DIR)/stage1/Vgpu_mul
	$(MULUT_DIR)/stage0/Vgpu_mul $(MULUT_ARGS)
	$(MULUT_DIR)/stage1/Vgpu_mul $(MULUT_ARGS)

# shrule.mk first: scord.mk's scord-diff-test depends on its SHRULE_BIN
include tests/rtl/shrule/shrule.mk
include tests/rtl/scord/scord.mk
