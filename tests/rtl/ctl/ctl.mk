# Unit test of gpu_ctl's launch check against an exact model.
#   make ctl-unit-test [CONFIG=name] [CTLUT_ARGS=--trials=N]
# Included by the top Makefile (uses its B, GEN and VERILATOR).

CTLUT_DIR  := $(B)/rtl-ctl
CTLUT_BIN  := $(CTLUT_DIR)/Vgpu_ctl
CTLUT_RTL  := rtl/gpu/gpu_ctl.v
CTLUT_SRC  := tests/rtl/ctl/ctl_tb.cpp
CTLUT_ARGS ?=

$(CTLUT_BIN): $(CTLUT_RTL) $(CTLUT_SRC) $(GEN)/scord_defs.vh $(GEN)/scord_defs.h
	@mkdir -p $(CTLUT_DIR)
	$(VERILATOR) --cc --exe --build -j 2 -Wall -Wno-UNUSEDSIGNAL -Irtl/gpu -I$(GEN) \
	  --top-module gpu_ctl --Mdir $(CTLUT_DIR) -o Vgpu_ctl \
	  -GNUM_CORES=$(NUM_CORES) -GNUM_WARPS=$(NUM_WARPS) -GNUM_THREADS=$(NUM_THREADS) \
	  -GMEM_BYTES=$(MEM_BYTES) \
	  -CFLAGS "-std=c++17 -O2 -I$(abspath $(GEN))" \
	  $(CTLUT_RTL) $(abspath $(CTLUT_SRC)) >$(CTLUT_DIR)/build.log 2>&1 \
	  || { tail -40 $(CTLUT_DIR)/build.log; exit 1; }

.PHONY: ctl-unit-test
ctl-unit-test: $(CTLUT_BIN)
	$(CTLUT_BIN) $(CTLUT_ARGS)
