// Fence file (docs/detector.md §6.1): one {blk[5:0], dev[5:0]} pair of
// fence counters per (block id mod 128, warp id), 128 x NUM_WARPS entries
// in one synchronous RAM (read data the cycle after the address), and
// beside it each block's acquire stamp acq[15:0] (the device-fence epoch
// after the last device fence of any of its warps), 128 entries, written
// by device fences only and read on the first port only: the checks need
// the current accessor's stamp, never the previous accessor's, so it takes
// one RAM, not 1 + NRD2.
//
// The detector's pipeline reads 1 + NRD2 entries in one cycle (the current
// accessor's for one pass and the previous accessor of each of the next
// pass's entries), so there are 1 + NRD2 read ports: as many copies of the
// RAM, all written alike, each with one read port (what a block RAM
// offers). The NRD2 ports hold their data while rd2_en_i is low. Kernel start clears it with a walk of one entry per
// cycle (busy_o high meanwhile) instead of a flop per entry.
// Warp ids are below NUM_WARPS in the GPU (§6.1); higher bits are dropped.
`default_nettype none
`include "scord_defs.vh"

module scord_fence_file #(
    parameter NUM_WARPS = 4,
    parameter NRD2      = 1,
    // derived, do not override
    parameter WARP_IW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter DEPTH   = 128 << WARP_IW,
    parameter IDX_W   = 7 + WARP_IW
) (
    input  wire        clk_i,
    input  wire        rst_i,
    // start clearing every entry; busy_o until done
    input  wire        clear_i,
    output wire        busy_o,
    // read port: data the cycle after
    input  wire [6:0]  rd_block_i,
    input  wire [4:0]  rd_warp_i,
    output wire [5:0]  rd_blk_o,
    output wire [5:0]  rd_dev_o,
    output wire [15:0] rd_acq_o,
    // NRD2 more read ports
    input  wire             rd2_en_i,
    input  wire [NRD2*7-1:0] rd2_block_i,
    input  wire [NRD2*5-1:0] rd2_warp_i,
    output wire [NRD2*6-1:0] rd2_blk_o,
    output wire [NRD2*6-1:0] rd2_dev_o,
    // write port
    input  wire        wr_en_i,
    input  wire [6:0]  wr_block_i,
    input  wire [4:0]  wr_warp_i,
    input  wire [5:0]  wr_blk_i,
    input  wire [5:0]  wr_dev_i,
    input  wire        wr_acq_en_i,     // ... and the stamp (a device fence)
    input  wire [15:0] wr_acq_i
);
    reg [11:0]      mem_q [0:DEPTH-1];
    reg [11:0]      rdata_q;
    reg             clr_q;
    reg [IDX_W-1:0] clr_idx_q;

    wire [IDX_W-1:0] rd_idx = {rd_block_i, rd_warp_i[WARP_IW-1:0]};
    wire [IDX_W-1:0] wr_idx = {wr_block_i, wr_warp_i[WARP_IW-1:0]};
    // Upper warp bits are unused by design (warp ids < NUM_WARPS).
    wire unused_warp_bits = ^{rd_warp_i, rd2_warp_i, wr_warp_i};
    wire [IDX_W-1:0] w_idx  = clr_q ? clr_idx_q : wr_idx;
    wire [11:0]      w_data = clr_q ? 12'd0 : {wr_dev_i, wr_blk_i};
    wire             w_en   = clr_q || wr_en_i;

    assign busy_o   = clr_q;
    assign rd_blk_o = rdata_q[5:0];
    assign rd_dev_o = rdata_q[11:6];

    always @(posedge clk_i) begin
        rdata_q <= mem_q[rd_idx];
        if (w_en)
            mem_q[w_idx] <= w_data;
    end

    reg [15:0] acq_q [0:127];
    reg [15:0] racq_q;
    wire [6:0] acq_w = clr_q ? clr_idx_q[IDX_W-1 -: 7] : wr_block_i;
    always @(posedge clk_i) begin
        racq_q <= acq_q[rd_block_i];
        if (clr_q || (wr_en_i && wr_acq_en_i))
            acq_q[acq_w] <= clr_q ? 16'd0 : wr_acq_i;
    end
    assign rd_acq_o = racq_q;

    genvar p;
    generate
        for (p = 0; p < NRD2; p = p + 1) begin : g_rd2
            reg [11:0] mem2_q [0:DEPTH-1];
            reg [11:0] rdata2_q;
            wire [IDX_W-1:0] rd2_idx = {rd2_block_i[p*7 +: 7], rd2_warp_i[p*5 +: WARP_IW]};
            always @(posedge clk_i) begin
                if (rd2_en_i)
                    rdata2_q <= mem2_q[rd2_idx];
                if (w_en)
                    mem2_q[w_idx] <= w_data;
            end
            assign rd2_blk_o[p*6 +: 6] = rdata2_q[5:0];
            assign rd2_dev_o[p*6 +: 6] = rdata2_q[11:6];
        end
    endgenerate

    always @(posedge clk_i) begin
        if (rst_i) begin
            // After reset the file must read 0 too: walk it once.
            clr_q     <= 1'b1;
            clr_idx_q <= {IDX_W{1'b0}};
        end else if (clear_i) begin
            clr_q     <= 1'b1;
            clr_idx_q <= {IDX_W{1'b0}};
        end else if (clr_q) begin
            clr_idx_q <= clr_idx_q + 1'b1;
            if (&clr_idx_q)
                clr_q <= 1'b0;
        end
    end
endmodule
`default_nettype wire
