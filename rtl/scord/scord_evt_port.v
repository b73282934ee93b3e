// A core's port to the race detector: a small FIFO of warp-level records
// (one per memory, fence or barrier instruction) and a coalescer that
// turns each record into one line event per cache line its lanes touch
// (docs/detector.md section 3): the lowest remaining lane leads and every
// remaining lane in the lead's line joins it, as in the LSU. The event is
// the lead's 160-bit lane event followed by the group's lane mask and each
// lane's byte offset in the line, the lanes whose weak load read a
// stale word of the L1 and each lane's value class (a store's: the lowest
// lane storing the same value). Keeping whole instructions in the FIFO
// lets X check for space with a single bit.
//
// Stale lanes: the LSU serves one instruction at a time, the one whose
// record was pushed last, and says which of its lanes' L1 lookups are
// decided and which read a stale word (ld_known_i, ld_stale_i, held until
// it takes its next instruction, lsu_acc_i). A weak load's record takes
// them from the LSU while the LSU works on it (own), and keeps a copy once
// the LSU starts the next one; a line event of it waits until the LSU has
// decided its lanes (on a hit or a miss of their line), which only delays
// the detector: X cannot hand the LSU another instruction before the load
// is done, and so before the record is complete.
`default_nettype none
`include "scord_defs.vh"

module scord_evt_port #(
    parameter CORE_ID     = 0,
    parameter NUM_THREADS = 8,
    parameter LINE_BYTES  = 32,
    parameter DEPTH       = 2,
    // the lanes' address width: every lane the port sends passed the
    // core's bounds check, so clog2(MEM_BYTES) bits hold its address
    parameter AW          = 32,
    // derived, do not override
    parameter T  = NUM_THREADS,
    parameter LW = (NUM_THREADS > 1) ? $clog2(NUM_THREADS) : 1,
    parameter LB = `DET_LINE_LB(NUM_THREADS),             // a value class
    parameter OFF_W = $clog2(LINE_BYTES),
    parameter EVW   = `DET_LINE_EVW(T, LINE_BYTES),   // line event bits
    parameter DW = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
    input  wire            clk_i,
    input  wire            rst_i,
    // One record per instruction from X, or one per barrier release. The
    // free slot takes X's record and the barrier's fields every cycle the
    // queue is not full; the two pushes, which wait for X's commit late in
    // the cycle, only say which of them the slot keeps (a bit of its own)
    // and move the write pointer, so no wide write waits for the commit.
    input  wire            push_x_i,
    input  wire            push_bar_i,     // never with push_x_i
    output wire            full_o,
    output wire            last_o,         // one free slot left
    input  wire [1:0]      push_kind_i,    // DET_EV_*
    input  wire            push_scope_i,
    input  wire            push_strong_i,
    input  wire [1:0]      push_size_i,    // size log2, or DET_SYNC_FENCE for fences
    input  wire [31:0]     push_pc_i,
    input  wire [T-1:0]    push_mask_i,
    input  wire [T*32-1:0] push_addr_i,
    input  wire [15:0]     push_bloom_i,
    input  wire [7:0]      push_barrier_i,
    input  wire [15:0]     push_block_i,
    input  wire [4:0]      push_warp_i,
    input  wire [7:0]      push_wsync_i,   // the warp's sync count before this instruction
    input  wire [T*LB-1:0] push_cls_i,     // each lane's value class (stores)
    // a barrier release's record: lane 0 of warp 0, no address
    input  wire [31:0]     bar_pc_i,
    input  wire [7:0]      bar_id_i,
    input  wire [15:0]     bar_block_i,
    // the LSU's lanes of the instruction it serves (or served last)
    input  wire            lsu_acc_i,      // it takes the next instruction now
    input  wire [T-1:0]    ld_known_i,     // lanes whose L1 lookup is decided
    input  wire [T-1:0]    ld_stale_i,     // ... and read a stale word
    // line events, to the detector arbiter
    output wire            evt_valid_o,
    input  wire            evt_ready_i,
    output wire [EVW-1:0]  evt_data_o,
    output wire            evt_last_o,     // last event of this instruction
    output wire            idle_o
);
    localparam HW = 2 + 1 + 1 + 2 + 32 + 16 + 8 + 16 + 5 + 8;  // record header bits
    localparam integer  LAST_I = DEPTH - 1;
    localparam [DW-1:0] LAST   = LAST_I[DW-1:0];
    localparam [DW:0]   FULL   = DEPTH;

    reg [HW-1:0]   hdr_q  [0:DEPTH-1];
    reg [T*AW-1:0] addr_q [0:DEPTH-1];
    reg [T*LB-1:0] cls_q  [0:DEPTH-1];
    reg [T-1:0]    mask_q [0:DEPTH-1];
    reg [31:0]     bpc_q  [0:DEPTH-1];
    reg [7:0]      bid_q  [0:DEPTH-1];
    reg [15:0]     bblk_q [0:DEPTH-1];
    reg [DEPTH-1:0] bar_q;       // the slot holds a barrier record
    reg [DEPTH-1:0] wl_q;        // ... a weak load's (stale lanes)
    reg [DEPTH-1:0] own_q;       // ... whose lanes the LSU still holds
    reg [T-1:0]    stl_q  [0:DEPTH-1];   // its stale lanes, once taken from the LSU
    reg [DW-1:0]   rd_q, wr_q;
    reg [DW:0]     count_q;
    reg [T-1:0]    left_q;       // lanes of the head record not yet sent
    reg            started_q;    // left_q belongs to the head record

    assign full_o = (count_q == FULL);
    assign last_o = (count_q == FULL - 1'b1);
    assign idle_o = (count_q == 0);

    wire          rd_bar = bar_q[rd_q];
    wire [HW-1:0] hdr    = hdr_q[rd_q];
    wire [T-1:0]  left   = started_q ? left_q
                         : rd_bar    ? {{(T-1){1'b0}}, 1'b1} : mask_q[rd_q];

    // lowest lane still to send, and the lanes in its line
    wire [LW-1:0] lane;
    wire          unused_lane_any;
    wire [T-1:0]  unused_lane_bit;
    prim_first_one #(.N(T)) u_lane (
        .req_i    (left),
        .any_o    (unused_lane_any),
        .idx_o    (lane),
        .onehot_o (unused_lane_bit)
    );
    integer t;
    wire [T*AW-1:0] addr = addr_q[rd_q];
    wire [AW-1:0]   lead = addr[lane*AW +: AW];
    reg  [T-1:0]        group;
    reg  [T*OFF_W-1:0]  offs;
    always @(*) begin
        for (t = 0; t < T; t = t + 1) begin
            group[t] = left[t] && (addr[t*AW+OFF_W +: AW-OFF_W] == lead[AW-1:OFF_W]);
            offs[t*OFF_W +: OFF_W] = addr[t*AW +: OFF_W];
        end
    end

    // A barrier record leads with lane 0, so its group is that lane alone;
    // its address and offsets read as zero whatever the slot's X half holds.
    wire [1:0]  h_kind    = rd_bar ? `DET_EV_SYNC      : hdr[HW-1 -: 2];
    wire        h_scope   = !rd_bar && hdr[HW-3];
    wire        h_strong  = !rd_bar && hdr[HW-4];
    wire [1:0]  h_size    = rd_bar ? `DET_SYNC_BARRIER : hdr[HW-5 -: 2];
    wire [31:0] h_pc      = rd_bar ? bpc_q[rd_q]       : hdr[HW-7 -: 32];
    wire [15:0] h_bloom   = rd_bar ? 16'd0             : hdr[HW-39 -: 16];
    wire [7:0]  h_barrier = rd_bar ? bid_q[rd_q]       : hdr[HW-55 -: 8];
    wire [15:0] h_block   = rd_bar ? bblk_q[rd_q]      : hdr[HW-63 -: 16];
    wire [4:0]  h_warp    = rd_bar ? 5'd0              : hdr[12:8];
    wire [7:0]  h_wsync   = rd_bar ? 8'd0              : hdr[7:0];
    wire [31:0] h_lead    = rd_bar ? 32'd0             : 32'(lead);
    wire [T*OFF_W-1:0] h_offs = rd_bar ? {T*OFF_W{1'b0}} : offs;
    wire [T*LB-1:0]    h_cls  = rd_bar ? {T*LB{1'b0}} : cls_q[rd_q];

    // a weak load's line event waits for the LSU's lookups of its lanes
    wire          h_wl    = !rd_bar && wl_q[rd_q];
    wire          h_own   = own_q[rd_q];
    wire          h_ready = !h_wl || !h_own || ((group & ~ld_known_i) == {T{1'b0}});
    wire [T-1:0]  h_stale = h_wl ? ((h_own ? ld_stale_i : stl_q[rd_q]) & group) : {T{1'b0}};
    assign evt_valid_o = (count_q != 0) && (left != 0) && h_ready;
    assign evt_last_o  = ((left & ~group) == 0);
    assign evt_data_o  = {h_cls, h_stale, h_offs, group,
                          24'd0, h_wsync, h_size, h_strong, h_scope, h_kind, {{(5-LW){1'b0}}, lane}, h_warp,
                          h_block, CORE_ID[7:0], h_barrier, h_bloom, h_lead, h_pc};

    wire pop = evt_valid_o && evt_ready_i && evt_last_o;
    wire push_wl = push_x_i && (push_kind_i == `DET_EV_LOAD) && !push_strong_i;
    // A record with no lane (cannot come from the core, which only pushes
    // issuing lanes) would block the queue; drop it.
    wire drop = (count_q != 0) && (left == 0);

    wire push = push_x_i || push_bar_i;

    // each lane's address in AW bits (the bits above are 0: in memory)
    reg [T*AW-1:0] addr_in;
    integer at;
    always @(*)
        for (at = 0; at < T; at = at + 1)
            addr_in[at*AW +: AW] = push_addr_i[at*32 +: AW];
    wire unused_addr = ^push_addr_i;

    // the free slot's contents: written whether or not anything is pushed
    always @(posedge clk_i)
        if (!full_o) begin
            hdr_q[wr_q]  <= {push_kind_i, push_scope_i, push_strong_i, push_size_i, push_pc_i,
                             push_bloom_i, push_barrier_i, push_block_i, push_warp_i, push_wsync_i};
            addr_q[wr_q] <= addr_in;
            cls_q[wr_q]  <= push_cls_i;
            mask_q[wr_q] <= push_mask_i;
            bpc_q[wr_q]  <= bar_pc_i;
            bid_q[wr_q]  <= bar_id_i;
            bblk_q[wr_q] <= bar_block_i;
            bar_q[wr_q]  <= !push_x_i;
            wl_q[wr_q]   <= push_wl;
        end

    // The LSU's lanes move into the records that held them as it takes its
    // next instruction; a weak load pushed now is the one it takes (or,
    // with the core's stage H, took a cycle ago).
    integer ow;
    always @(posedge clk_i) begin
        if (rst_i) begin
            own_q <= {DEPTH{1'b0}};
        end else begin
            if (lsu_acc_i)
                for (ow = 0; ow < DEPTH; ow = ow + 1)
                    if (own_q[ow]) begin
                        stl_q[ow] <= ld_stale_i;
                        own_q[ow] <= 1'b0;
                    end
            if (push && !full_o)
                own_q[wr_q] <= push_wl;
        end
    end

    always @(posedge clk_i) begin
        if (rst_i) begin
            rd_q      <= 0;
            wr_q      <= 0;
            count_q   <= 0;
            started_q <= 1'b0;
        end else begin
            if (push && !full_o)
                wr_q <= (wr_q == LAST) ? {DW{1'b0}} : wr_q + 1'b1;
            if (pop || drop) begin
                rd_q      <= (rd_q == LAST) ? {DW{1'b0}} : rd_q + 1'b1;
                started_q <= 1'b0;
            end else if (evt_valid_o && evt_ready_i) begin
                left_q    <= left & ~group;
                started_q <= 1'b1;
            end
            if ((push && !full_o) && !(pop || drop))
                count_q <= count_q + 1'b1;
            else if (!(push && !full_o) && (pop || drop))
                count_q <= count_q - 1'b1;
        end
    end
endmodule
`default_nettype wire
