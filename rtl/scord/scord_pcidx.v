// A PC's index relative to DET_PC_BASE (docs/detector.md §5.3 `pcidx`):
// (pc - base) / 4, or DET_PCIDX_UNKNOWN when pc lies below the base or
// the index does not fit below DET_PCIDX_UNKNOWN. The event pipeline and
// the shared-memory checks keep previous accesses by this index.
//
// PW: the PC's width. A PC the detector sees is that of an instruction
// that ran, so it lies in device memory (the cores fault on any other):
// below 2^PW with PW = clog2(MEM_BYTES). The subtraction and compare then
// need PW bits, not 32; a base at or above 2^PW lies above every such PC,
// as the 32-bit compare would find (the base is any value the host wrote).
`default_nettype none
`include "scord_defs.vh"

module scord_pcidx #(
    parameter PW = 32
) (
    input  wire [31:0] pc_i,
    input  wire [31:0] base_i,
    output wire [15:0] pcidx_o
);
    // the index's bits of the offset: [17:2], or fewer in a memory below 256 KiB
    localparam integer XW = (PW < 18) ? PW : 18;
    wire [PW-1:0] off     = pc_i[PW-1:0] - base_i[PW-1:0];
    wire          base_hi = (PW < 32) ? (base_i >> PW) != 32'd0 : 1'b0;
    wire          fits    = (PW <= 18) ? 1'b1 : (off >> 18) == {PW{1'b0}};
    wire [15:0]   idx     = 16'(off[XW-1:2]);
    assign pcidx_o = (!base_hi && pc_i[PW-1:0] >= base_i[PW-1:0] && fits &&
                      idx != 16'(`DET_PCIDX_UNKNOWN)) ? idx : 16'(`DET_PCIDX_UNKNOWN);
    // the PC's bits above PW are 0 (checked where PCs enter the detector)
    wire unused_pc = ^{pc_i, off[1:0]};
endmodule
`default_nettype wire
