# The simulated FPGA board: soc_top (GPU + block-RAM memory + host link)
# Verilated with its UART bridged to TCP (sim/soc_sim.cpp).
#
#   SOC_SIM_BIN  build/$(CONFIG)/bin/scord-soc-sim
#
# The UART runs at SOC_SIM_CPB clocks per bit (the board: 30), so a test
# loads a kernel in seconds, not minutes; the RTL is the same.

SOC_SIM_CPB    ?= 4
SOC_SIM_TIMEOUT ?= 20000
SOC_SIM_DIR    := $(B)/socsim
SOC_SIM_BIN    := $(B)/bin/scord-soc-sim
RTL_SOC_SIM    := $(RTL_GPU) rtl/soc/soc_top.v rtl/soc/soc_mem.v rtl/soc/soc_mem_arb.v \
                  rtl/soc/soc_uart_rx.v rtl/soc/soc_uart_tx.v rtl/soc/soc_hostlink.v

.PHONY: soc-sim
soc-sim: $(SOC_SIM_BIN)

$(SOC_SIM_BIN): sim/soc_sim.cpp $(RTL_SOC_SIM) $(GEN)/scord_defs.vh rtl/lint.vlt $(wildcard rtl/gpu/*.vh)
	@mkdir -p $(SOC_SIM_DIR) $(dir $@)
	MAKEFLAGS= $(VERILATOR) --cc --exe --build -j 2 -O3 --x-assign fast --x-initial fast \
	    $(VFLAGS_SOC) -Irtl/soc --top-module soc_top -GCLKS_PER_BIT=$(SOC_SIM_CPB) \
	    -GTIMEOUT_CLKS=$(SOC_SIM_TIMEOUT) -CFLAGS '-std=c++17 -O2 -DSOC_CLKS_PER_BIT=$(SOC_SIM_CPB) -DSOC_TIMEOUT_CLKS=$(SOC_SIM_TIMEOUT)' \
	    -Mdir $(SOC_SIM_DIR) -o scord-soc-sim $(RTL_SOC_SIM) $(abspath sim/soc_sim.cpp)
	cp $(SOC_SIM_DIR)/scord-soc-sim $@
