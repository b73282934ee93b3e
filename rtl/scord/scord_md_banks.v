// The detector's metadata cache as NB banks (docs/detector.md §1, §13):
// consecutive metadata lines go to consecutive banks, so the entries of
// one data line's granules (NB lines at 4-byte granules, fewer at larger
// ones) are looked up in one cycle, one line per bank. Each bank is a
// scord_md_cache of LINES / NB lines with its own miss and flush engine;
// the banks take turns on the one L2 channel (a bank keeps it from its
// request until its command is done). Bank 0's line port also carries the
// sweep engine (§5.4). With FRESH_LINES, a bank fills a miss on a line not
// written back since the kernel started with zeros instead of reading it.
`default_nettype none
`include "gpu_l2_bus.vh"

module scord_md_banks #(
    parameter LINE_BYTES  = 32,
    parameter LINES       = 256,                // all banks together
    parameter ENTRY_BYTES = 16,
    parameter NB          = 4,                  // banks, a power of two
    parameter FRESH_LINES = 0,                  // per bank (scord_md_cache)
    parameter AW          = 32,                 // address width (scord_md_cache)
    parameter WRITE_STAGE = 0,                  // entry writes a cycle later (scord_md_cache)
    // derived, do not override
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter EPL       = LINE_BYTES / ENTRY_BYTES,
    parameter BW        = (NB > 1) ? $clog2(NB) : 1,
    parameter BANK_W    = (NB > 1) ? $clog2(NB) : 0,
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                    clk_i,
    input  wire                    rst_i,
    // lookups, one per bank (bank b's address must be one of its lines)
    input  wire [NB*32-1:0]        rd_addr_i,
    output wire [NB-1:0]           rvalid_o,
    output wire [NB-1:0]           hit_o,
    output wire [NB*LINE_BITS-1:0] rline_o,
    // entry writes, one line per bank
    input  wire [NB-1:0]           wr_i,
    input  wire [NB-1:0]           wr_pend_i,   // per bank (scord_md_cache)
    input  wire [NB*32-1:0]        wr_addr_i,
    input  wire [NB*EPL-1:0]       wr_mask_i,
    input  wire [NB*LINE_BITS-1:0] wr_line_i,
    // misses (per bank), flushing, invalidation
    input  wire [NB-1:0]           fetch_i,
    input  wire                    flush_i,
    input  wire                    inval_i,
    output wire                    busy_o,
    output wire                    dirty_o,
    // sweep (bank 0's port), only while idle and clean
    input  wire                    sweep_i,
    input  wire [31:0]             sweep_base_i,
    input  wire [32:0]             sweep_bytes_i,
    output wire                    sweep_done_o,
    // L2 channel (master; gpu_l2_bus.vh)
    output wire                    l2_req_valid_o,
    input  wire                    l2_req_ready_i,
    output wire [REQ_W-1:0]        l2_req_o,
    input  wire                    l2_rsp_valid_i,
    input  wire [LINE_BITS-1:0]    l2_rsp_data_i
);
    wire [NB-1:0]            b_busy, b_dirty, b_l2v;
    wire [NB*REQ_W-1:0]      b_req;
    wire [NB-1:0]            b_sweep_done;

    // ---- the channel: a bank keeps it while it asks or works ----
    reg          locked_q;
    reg [BW-1:0] owner_q;
    wire          any_req;
    wire [BW-1:0] pick;      // the lowest bank that asks
    wire [NB-1:0] unused_pick;
    prim_first_one #(.N(NB)) u_pick (
        .req_i    (b_l2v),
        .any_o    (any_req),
        .idx_o    (pick),
        .onehot_o (unused_pick)
    );
    wire [BW-1:0] own = locked_q ? owner_q : pick;
    wire          granted = locked_q || any_req;
    always @(posedge clk_i) begin
        if (rst_i) begin
            locked_q <= 1'b0;
            owner_q  <= {BW{1'b0}};
        end else if (!locked_q) begin
            if (any_req) begin
                locked_q <= 1'b1;
                owner_q  <= pick;
            end
        end else if (!b_l2v[owner_q] && !b_busy[owner_q]) begin
            locked_q <= 1'b0;
        end
    end

    // the owner's request, field by field (the fields a bank uses: its
    // requests are line reads and writes) as gpu_l2_arb selects them
    wire [NB*3-1:0]          b_type;
    wire [NB*32-1:0]         b_addr;
    wire [NB*LINE_BITS-1:0]  b_wdata;
    wire [NB*LINE_BYTES-1:0] b_wstrb;
    genvar fb;
    generate
        for (fb = 0; fb < NB; fb = fb + 1) begin : g_field
            wire [REQ_W-1:0] r = b_req[fb*REQ_W +: REQ_W];
            assign b_type[fb*3 +: 3]                    = r[`L2_REQ_TYPE];
            assign b_addr[fb*32 +: 32]                  = r[`L2_REQ_ADDR];
            assign b_wdata[fb*LINE_BITS +: LINE_BITS]   = r[`L2_REQ_WDATA(LINE_BYTES)];
            assign b_wstrb[fb*LINE_BYTES +: LINE_BYTES] = r[`L2_REQ_WSTRB(LINE_BYTES)];
            wire unused_r = ^{r[`L2_REQ_AMO_OP], r[`L2_REQ_AMO_DATA], r[`L2_REQ_AMO_CMP],
                              r[`L2_REQ_RID]};   // (0: no atomics)
        end
    endgenerate
    assign l2_req_valid_o = granted && b_l2v[own];
    assign l2_req_o       = `L2_REQ(b_wdata[own*LINE_BITS +: LINE_BITS],
                                    b_wstrb[own*LINE_BYTES +: LINE_BYTES], {`L2_RID_BITS{1'b0}},
                                    32'd0, 32'd0, 5'd0, b_addr[own*32 +: 32], b_type[own*3 +: 3]);
    assign busy_o         = |b_busy;
    assign dirty_o        = |b_dirty;
    assign sweep_done_o   = b_sweep_done[0];

    genvar b;
    generate
        for (b = 0; b < NB; b = b + 1) begin : g_bank
            wire mine = granted && (own == BW'(b));
            scord_md_cache #(
                .LINE_BYTES  (LINE_BYTES),
                .LINES       (LINES / NB),
                .ENTRY_BYTES (ENTRY_BYTES),
                .BANK_W      (BANK_W),
                .BANK        (b),
                .FRESH_LINES (FRESH_LINES),
                .AW          (AW),
                .WRITE_STAGE (WRITE_STAGE)
            ) u_bank (
                .clk_i          (clk_i),
                .rst_i          (rst_i),
                .rd_addr_i      (rd_addr_i[b*32 +: 32]),
                .rvalid_o       (rvalid_o[b]),
                .hit_o          (hit_o[b]),
                .rline_o        (rline_o[b*LINE_BITS +: LINE_BITS]),
                .wr_i           (wr_i[b]),
                .wr_pend_i      (wr_pend_i[b]),
                .wr_addr_i      (wr_addr_i[b*32 +: 32]),
                .wr_mask_i      (wr_mask_i[b*EPL +: EPL]),
                .wr_line_i      (wr_line_i[b*LINE_BITS +: LINE_BITS]),
                .fetch_i        (fetch_i[b]),
                .flush_i        (flush_i),
                .inval_i        (inval_i),
                .busy_o         (b_busy[b]),
                .dirty_o        (b_dirty[b]),
                .sweep_i        ((b == 0) && sweep_i),
                .sweep_base_i   (sweep_base_i),
                .sweep_bytes_i  (sweep_bytes_i),
                .sweep_done_o   (b_sweep_done[b]),
                .l2_req_valid_o (b_l2v[b]),
                .l2_req_ready_i (mine && l2_req_ready_i),
                .l2_req_o       (b_req[b*REQ_W +: REQ_W]),
                .l2_rsp_valid_i (mine && l2_rsp_valid_i),
                .l2_rsp_data_i  (l2_rsp_data_i)
            );
        end
    endgenerate
    wire unused_done = ^b_sweep_done[NB-1:0];
endmodule
`default_nettype wire
