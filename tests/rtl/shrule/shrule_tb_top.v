// Test top of the shared-memory rule's differential test (shrule_diff.cpp):
// scord_sh_rule in four configurations side by side (the default, minimal
// and fpga GPUs' warps x threads, and the widest: 32 warps of 32 lanes).
// Each instance's inputs arrive packed in one vector and its outputs leave
// packed in one, so the harness drives every configuration the same way:
//
//   in  (from bit 0): ent[EW] ep[8] kind[2] lanes[T] bytes[4T] warp[WW] ws[8]
//                     fc[6*NUM_WARPS] pcidx[16]
//   out (from bit 0): race same_warp lane[LB] prev_thread[TW] prev_pcidx[16]
//                     prev_write prev_atom prev_exact ent[EW]
`default_nettype none
`include "shrule_tb.vh"

module shrule_tb_top (
    input  wire [`SH_IW(4, 8)-1:0]   a_in_i,
    output wire [`SH_OW(4, 8)-1:0]   a_out_o,
    input  wire [`SH_IW(2, 4)-1:0]   b_in_i,
    output wire [`SH_OW(2, 4)-1:0]   b_out_o,
    input  wire [`SH_IW(4, 4)-1:0]   c_in_i,
    output wire [`SH_OW(4, 4)-1:0]   c_out_o,
    input  wire [`SH_IW(32, 32)-1:0] d_in_i,
    output wire [`SH_OW(32, 32)-1:0] d_out_o
);
    shrule_tb_one #(.NUM_WARPS(4),  .NUM_THREADS(8))  u_a (.in_i(a_in_i), .out_o(a_out_o));
    shrule_tb_one #(.NUM_WARPS(2),  .NUM_THREADS(4))  u_b (.in_i(b_in_i), .out_o(b_out_o));
    shrule_tb_one #(.NUM_WARPS(4),  .NUM_THREADS(4))  u_c (.in_i(c_in_i), .out_o(c_out_o));
    shrule_tb_one #(.NUM_WARPS(32), .NUM_THREADS(32)) u_d (.in_i(d_in_i), .out_o(d_out_o));
endmodule

`default_nettype wire
