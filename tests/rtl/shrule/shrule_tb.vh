// Port widths of scord_sh_rule's configurations, for the test tops
// (shrule_tb_one.v, shrule_tb_top.v): warp-slot bits, lane bits, entry
// width, and the packed input and output vectors of shrule_tb_one.
`ifndef SHRULE_TB_VH
`define SHRULE_TB_VH
`define SH_WW(nw) (((nw) > 1) ? $clog2(nw) : 1)
`define SH_LB(nt) (((nt) > 1) ? $clog2(nt) : 1)
`define SH_EW(nw, nt) (80 + 2 * (`SH_WW(nw) + `SH_LB(nt)))
`define SH_IW(nw, nt) (`SH_EW(nw, nt) + 8 + 2 + 5 * (nt) + `SH_WW(nw) + 8 + 6 * (nw) + 16)
`define SH_OW(nw, nt) (2 + `SH_LB(nt) + `SH_WW(nw) + `SH_LB(nt) + 19 + `SH_EW(nw, nt))
`endif
