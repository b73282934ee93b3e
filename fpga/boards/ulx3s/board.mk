# ULX3S with the LFE5U-85F (CABGA381, speed grade 6).
FPGA_FAMILY   := ecp5
FPGA_DEVICE   := --85k
FPGA_PACKAGE  := CABGA381
FPGA_SPEED    := 6
# The board's configuration: config/fpga1.cfg (1 core x 4 warps x 4 threads,
# memory as config/fpga.cfg). The 2-core config/fpga.cfg needs 108 %
# of the 85F's LUTs with the detector (docs/fpga.md, "Two cores on the
# board"); FPGA_CONFIG=fpga synthesizes it all the same.
FPGA_CONFIG   := fpga1
FPGA_TOP      := ulx3s_top
FPGA_LPF      := fpga/boards/ulx3s/ulx3s.lpf
FPGA_BOARD_RTL := fpga/boards/ulx3s/ulx3s_top.v
FPGA_CLK_IN_MHZ := 25
# The board's clock: 45 MHz (the PLL's 585 MHz VCO / 13), routed for 11 %
# more (FPGA_MARGIN: nextpnr's target 49.95 MHz), so the router aims above
# the clock the bitstream runs at (docs/fpga.md, "The board's clock").
# FPGA_MHZ=40 FPGA_MARGIN=0 is a slower clock with more slack. The 2-core
# fpga last routed at 26.19 MHz (before shared memory): FPGA_MHZ=18 for it.
FPGA_MHZ      ?= 45
FPGA_MARGIN   ?= 11
FPGA_BAUD     ?= 1000000
