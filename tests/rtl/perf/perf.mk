# Unit test of gpu_perf_counters (low bits in flip-flops, high bits in a
# RAM, pending carries) against plain 32-bit counters.
#   make perf-unit-test [CONFIG=name] [PERFUT_ARGS=--cycles=N]
# Included by the top Makefile (uses its B, GEN and VERILATOR).

PERFUT_DIR  := $(B)/rtl-perf
PERFUT_BIN  := $(PERFUT_DIR)/Vgpu_perf_counters
PERFUT_RTL  := rtl/gpu/gpu_perf_counters.v
PERFUT_SRC  := tests/rtl/perf/perf_tb.cpp
PERFUT_ARGS ?=

$(PERFUT_BIN): $(PERFUT_RTL) $(PERFUT_SRC)
	$(call VL_UNIT_BUILD,$(PERFUT_DIR),gpu_perf_counters,Vgpu_perf_counters,\
	  -GN=24 -GSTEP=$(NUM_THREADS) -CFLAGS -DPERF_N=24 -CFLAGS -DPERF_STEP=$(NUM_THREADS),$(PERFUT_RTL),$(PERFUT_SRC))

.PHONY: perf-unit-test
perf-unit-test: $(PERFUT_BIN)
	$(PERFUT_BIN) $(PERFUT_ARGS)
