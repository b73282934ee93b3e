# ULX3S with the LFE5U-85F (CABGA381, speed grade 6).
FPGA_FAMILY   := ecp5
FPGA_DEVICE   := --85k
FPGA_PACKAGE  := CABGA381
FPGA_SPEED    := 6
FPGA_CONFIG   := fpga
FPGA_TOP      := ulx3s_top
FPGA_LPF      := fpga/boards/ulx3s/ulx3s.lpf
FPGA_BOARD_RTL := fpga/boards/ulx3s/ulx3s_top.v
FPGA_CLK_IN_MHZ := 25
# 30 MHz failed timing after placement (estimate 19.56 MHz, docs/fpga.md)
FPGA_MHZ      ?= 18
FPGA_BAUD     ?= 1000000
