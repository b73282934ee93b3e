# Unit test of gpu_ctl's launch check against an exact model.
#   make ctl-unit-test [CONFIG=name] [CTLUT_ARGS=--trials=N]
# Included by the top Makefile (uses its B, GEN and VERILATOR).

CTLUT_DIR  := $(B)/rtl-ctl
CTLUT_BIN  := $(CTLUT_DIR)/Vgpu_ctl
CTLUT_RTL  := rtl/gpu/gpu_ctl.v
CTLUT_SRC  := tests/rtl/ctl/ctl_tb.cpp
CTLUT_ARGS ?=

$(CTLUT_BIN): $(CTLUT_RTL) $(CTLUT_SRC) $(GEN)/scord_defs.vh $(GEN)/scord_defs.h
	$(call VL_UNIT_BUILD,$(CTLUT_DIR),gpu_ctl,Vgpu_ctl,-Wno-UNUSEDSIGNAL \
	  -GNUM_CORES=$(NUM_CORES) -GNUM_WARPS=$(NUM_WARPS) -GNUM_THREADS=$(NUM_THREADS) \
	  -GMEM_BYTES=$(MEM_BYTES) -GSMEM_BYTES=$(SMEM_BYTES) -GSTACK_LOG2=$(STACK_LOG2),$(CTLUT_RTL),$(CTLUT_SRC))

.PHONY: ctl-unit-test
ctl-unit-test: $(CTLUT_BIN)
	$(CTLUT_BIN) $(CTLUT_ARGS)
