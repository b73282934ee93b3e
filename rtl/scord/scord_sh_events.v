// The race detector's shared-memory input of one core (docs/detector.md
// §3.6): every warp instruction's shared-memory lanes as the core hands
// them to its banks, every warp sync (syncwarp, vote, shuffle) that
// executes, every barrier release and every block launch, with the
// identities a check needs (lane, warp, block, byte address, width, kind,
// PC). Shared memory is not device memory: none of this reaches the
// global event queue or the metadata.
//
// What it does with them today: counts the lane accesses and the warp
// syncs for DET_CNT_SH_ACCESSES / DET_CNT_SH_SYNCS, so the hand-off is
// visible and testable. The shared-memory race checks (shadow state per
// word beside the banks) are built on this interface.
`default_nettype none
`include "scord_defs.vh"

module scord_sh_events #(
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter SAW         = 14,    // byte address width of the core's shared memory
    // derived, do not override
    parameter WW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter T  = NUM_THREADS
) (
    input  wire               clk_i,
    input  wire               rst_i,
    input  wire               armed_i,
    // a warp instruction's shared-memory lanes, as they enter the banks
    input  wire               acc_valid_i,
    input  wire [1:0]         acc_kind_i,     // DET_EV_LOAD / STORE / ATOMIC
    input  wire [1:0]         acc_size_i,     // log2 bytes
    input  wire [T-1:0]       acc_mask_i,
    input  wire [T*SAW-1:0]   acc_addr_i,     // byte address in the core's shared memory
    input  wire [31:0]        acc_pc_i,
    input  wire [WW-1:0]      acc_warp_i,     // warp slot
    input  wire [4:0]         acc_wib_i,      // warp index in the block
    input  wire [WW-1:0]      acc_bslot_i,    // block slot
    input  wire [15:0]        acc_block_i,    // block id, low 16 bits
    // a warp sync that executed: the lanes that synchronised
    input  wire               sync_valid_i,
    input  wire [T-1:0]       sync_mask_i,
    input  wire [31:0]        sync_pc_i,
    input  wire [WW-1:0]      sync_warp_i,
    // a block's barrier released, a block launched into a slot
    input  wire               bar_valid_i,
    input  wire [WW-1:0]      bar_bslot_i,
    input  wire               launch_i,
    input  wire [WW-1:0]      launch_bslot_i,
    // counts for the detector's registers, this cycle
    output reg  [7:0]         acc_lanes_o,
    output reg                sync_o
);
    integer t;
    reg [7:0] lanes;
    always @(*) begin
        lanes = 8'd0;
        for (t = 0; t < T; t = t + 1) lanes = lanes + {7'd0, acc_mask_i[t]};
    end

    always @(posedge clk_i) begin
        if (rst_i) begin
            acc_lanes_o <= 8'd0;
            sync_o      <= 1'b0;
        end else begin
            acc_lanes_o <= (armed_i && acc_valid_i) ? lanes : 8'd0;
            sync_o      <= armed_i && sync_valid_i;
        end
    end

    // The identities are the interface the shared-memory checks use; the
    // counters above need only the kinds and masks.
    wire unused_ids = ^{acc_kind_i, acc_size_i, acc_addr_i, acc_pc_i, acc_warp_i, acc_wib_i,
                        acc_bslot_i, acc_block_i, sync_mask_i, sync_pc_i, sync_warp_i,
                        bar_valid_i, bar_bslot_i, launch_i, launch_bslot_i};
endmodule
`default_nettype wire
