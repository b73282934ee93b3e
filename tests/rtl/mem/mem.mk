# Unit test of the memory system: gpu_lsu, gpu_l2_arb, gpu_l2 (+ gpu_amo_alu)
# under random and directed traffic, checked against a golden model.
#   make mem-unit-test [CONFIG=name] [MEMUT_ARGS=--ops=N]
# Included by the top Makefile (uses its B, GEN, RTL_VH and VERILATOR).

MEMUT_DIR  := $(B)/rtl-mem
MEMUT_BIN  := $(MEMUT_DIR)/Vmem_tb_top
MEMUT_RTL  := rtl/gpu/gpu_amo_alu.v rtl/gpu/gpu_lsu.v rtl/gpu/gpu_l2_arb.v \
              rtl/gpu/gpu_l2.v $(sort $(wildcard rtl/prim/*.v)) tests/rtl/mem/mem_tb_top.v
MEMUT_SRC  := tests/rtl/mem/mem_tb.cpp
MEMUT_ARGS ?=

$(MEMUT_BIN): $(MEMUT_RTL) $(RTL_VH) $(MEMUT_SRC) $(GEN)/scord_defs.vh $(GEN)/scord_defs.h
	$(call VL_UNIT_BUILD,$(MEMUT_DIR),mem_tb_top,Vmem_tb_top,,$(MEMUT_RTL),$(MEMUT_SRC))

.PHONY: mem-unit-test
mem-unit-test: $(MEMUT_BIN)
	$(MEMUT_BIN) $(MEMUT_ARGS)
