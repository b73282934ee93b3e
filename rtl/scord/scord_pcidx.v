// A PC's index relative to DET_PC_BASE (docs/detector.md §5.3 `pcidx`):
// (pc - base) / 4, or DET_PCIDX_UNKNOWN when pc lies below the base or
// the index does not fit below DET_PCIDX_UNKNOWN. The event pipeline and
// the shared-memory checks keep previous accesses by this index.
`default_nettype none
`include "scord_defs.vh"

module scord_pcidx (
  input  wire [31:0] pc_i,
  input  wire [31:0] base_i,
  output wire [15:0] pcidx_o
);
  wire [31:0] off = pc_i - base_i;
  wire unused_off = ^off[1:0];
  assign pcidx_o = (pc_i >= base_i && off[31:18] == 14'd0 &&
                    off[17:2] != 16'(`DET_PCIDX_UNKNOWN)) ? off[17:2] : 16'(`DET_PCIDX_UNKNOWN);
endmodule
`default_nettype wire
