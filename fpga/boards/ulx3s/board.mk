# ULX3S with the LFE5U-85F (CABGA381, speed grade 6).
FPGA_FAMILY   := ecp5
FPGA_DEVICE   := --85k
FPGA_PACKAGE  := CABGA381
FPGA_SPEED    := 6
# The board's configuration: config/fpga1.cfg (1 core x 4 warps x 4 threads,
# memory as config/fpga.cfg). The 2-core config/fpga.cfg fills 98 % of the
# 85F's LUTs with the detector and does not route on a 2-core machine
# (docs/fpga.md, Routing); FPGA_CONFIG=fpga builds it all the same.
FPGA_CONFIG   := fpga1
FPGA_TOP      := ulx3s_top
FPGA_LPF      := fpga/boards/ulx3s/ulx3s.lpf
FPGA_BOARD_RTL := fpga/boards/ulx3s/ulx3s_top.v
FPGA_CLK_IN_MHZ := 25
# fpga1 at this target routes at 44.52 MHz with the detector and 51.60
# without (commit 682952c; docs/fpga.md): 40 MHz (the PLL's 600 MHz VCO / 15)
# keeps 11 % in hand. With a 50 MHz target (FPGA_MHZ=50) the build with the
# detector routed at 46.18 MHz at 9491587 and 50.07 without it (docs/fpga.md,
# "Towards 50 MHz"): 50 is not yet the default. The 2-core fpga last routed
# at 26.19 MHz (f8028e3, before shared memory): FPGA_MHZ=18 for it.
FPGA_MHZ      ?= 40
FPGA_BAUD     ?= 1000000
