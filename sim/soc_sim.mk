# The simulated FPGA board: soc_top (GPU + block-RAM memory + management
# core with its firmware) Verilated with its UART bridged to TCP or a
# pseudo-terminal (sim/soc_sim.cpp).
#
#   SOC_SIM_BIN  build/$(CONFIG)/bin/scord-soc-sim
#
# The UART runs at SOC_SIM_CPB clocks per bit (the board: 18) and the
# firmware believes the clock is SOC_SIM_HZ (its 10 ms frame timeout is
# SOC_SIM_HZ / 100 cycles), so a test loads a kernel in seconds, not
# minutes; the RTL and the firmware are the board's.

SOC_SIM_CPB    ?= 8
SOC_SIM_HZ     ?= 2000000
SOC_SIM_DIR    := $(B)/socsim
SOC_SIM_BIN    := $(B)/bin/scord-soc-sim
# the SoC without the board parts (reset synchroniser, LED stretcher)
RTL_SOC_CORE   := $(filter-out rtl/soc/soc_reset.v rtl/soc/soc_pulse_led.v,$(sort $(wildcard rtl/soc/*.v)))
RTL_SOC_SIM    := $(RTL_GPU) $(RTL_SOC_CORE)

# The firmware image as the initial contents of the management core's RAM
# (rtl/soc/soc_fw_ram.v includes it).
# the firmware image, built by sw/firmware/firmware.mk
FW_BIN       ?= $(BUILD)/sw/firmware/firmware.bin
FWINIT       := $(BUILD)/tools/fwinit
FW_VH        := $(GEN)/soc_fw_init.vh
MGMT_FW_BYTES := $(shell awk '$$1 == "MGMT_FW_BYTES" {print $$3}' config/regmap.def)
$(FWINIT): tools/fwinit.c
	@mkdir -p $(dir $@)
	$(CC) $(CFLAGS_HOST) -o $@ $<
$(FW_VH): $(FW_BIN) $(FWINIT)
	@mkdir -p $(dir $@)
	$(FWINIT) $(FW_BIN) $(LINE_BYTES) $$(( $(MGMT_FW_BYTES) )) $@

.PHONY: soc-sim
soc-sim: $(SOC_SIM_BIN)

$(SOC_SIM_BIN): sim/soc_sim.cpp $(RTL_SOC_SIM) $(GEN)/scord_defs.vh $(FW_VH) rtl/lint.vlt $(RTL_VH)
	@mkdir -p $(SOC_SIM_DIR) $(dir $@)
	MAKEFLAGS= $(VERILATOR) --cc --exe --build -j 2 $(VL_BUILD_OPT) -O3 --x-assign fast --x-initial fast \
	    $(VFLAGS_SOC) -Irtl/soc --top-module soc_top -GCLKS_PER_BIT=$(SOC_SIM_CPB) \
	    -GCLK_HZ=$(SOC_SIM_HZ) -CFLAGS '-std=c++17 -O2 -DSOC_CLKS_PER_BIT=$(SOC_SIM_CPB) -DSOC_CLK_HZ=$(SOC_SIM_HZ)' \
	    -Mdir $(SOC_SIM_DIR) -o scord-soc-sim $(RTL_SOC_SIM) $(abspath sim/soc_sim.cpp)
	cp $(SOC_SIM_DIR)/scord-soc-sim $@
