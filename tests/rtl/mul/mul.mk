# Unit test of the lanes' multiplier (gpu_mul) against RV32M's definitions,
# in both forms: one combinational multiply (STAGE=0) and E_STAGE's split
# (STAGE=1: partial products registered in E, summed in X).
#   make mul-unit-test [MULUT_ARGS=--random=N]
# Included by the top Makefile (uses its BUILD and VERILATOR).

MULUT_DIR  := $(BUILD)/rtl-mul
MULUT_RTL  := rtl/gpu/gpu_mul.v
MULUT_SRC  := tests/rtl/mul/mul_tb.cpp
MULUT_ARGS ?=

$(MULUT_DIR)/stage%/Vgpu_mul: $(MULUT_RTL) $(MULUT_SRC) rtl/gpu/gpu_pkg_classes.vh
	$(call VL_UNIT_BUILD,$(MULUT_DIR)/stage$*,gpu_mul,Vgpu_mul,\
	  -GSTAGE=$* -CFLAGS -DMUL_STAGE=$*,$(MULUT_RTL),$(MULUT_SRC))

.PHONY: mul-unit-test
mul-unit-test: $(MULUT_DIR)/stage0/Vgpu_mul $(MULUT_DIR)/stage1/Vgpu_mul
	$(MULUT_DIR)/stage0/Vgpu_mul $(MULUT_ARGS)
	$(MULUT_DIR)/stage1/Vgpu_mul $(MULUT_ARGS)
