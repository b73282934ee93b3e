// The race detector's view of a core's L1 D$ (docs/detector.md §3.7):
// which of the L1's words are stale, and which lanes of a weak load read a
// stale one (the line event's stale lanes, the record's stale flag).
//
// A word is stale when another core wrote it at the L2 after this L1
// filled its line. The L2 tells every core of each write it performs, a
// cycle after (wn_*: the line, the words it wrote a byte of, those it
// wrote whole, the writer's reservation id, whose high bits are its core).
// A notice of a line the L1 holds (valid, tag equal) sets the bits of the
// written words, unless the writer is this core: its store already updated
// the L1's copy (write-through, update on a hit), so the words it wrote
// whole are current again. A fill from the L2 makes every word of the line
// current. No notice comes in a fill's cycle: the L2 answers a request in
// the cycle its state ends and notifies a write the cycle after its own
// write's state, and it serves one request at a time (a device atomic's
// answer and notice come together, but such an answer fills nothing). A
// whole-line store that allocates a line needs no clearing: its own
// notice, which comes before the LSU takes another request, makes every
// word current. None of this changes what the L1 holds or returns, or
// when: the LSU (gpu_lsu) instantiates this beside its arrays and only
// feeds it.
//
// A weak load's group reads its line in the LSU's S_LOOK: each lane that
// hits a word whose bit is set (with a notice of this very cycle) read a
// stale value. ld_known_o / ld_stale_o are the lanes of the instruction
// served (or served last, until the LSU takes the next) whose lookup is
// decided, and those that read a stale word; with LOOKAHEAD they include
// the lookup of this cycle (the event port, scord_evt_port, may then send
// the line event in that cycle).
//
// Two LUT RAMs of SETS rows: the stale bits (a word each) and a copy of
// the L1's tags (both read at the notice's set and at the lead's).
`default_nettype none
`include "scord_defs.vh"

module scord_l1_stale #(
    parameter CORE_ID     = 0,
    parameter NUM_CORES   = 2,
    parameter NUM_WARPS   = 2,
    parameter NUM_THREADS = 4,
    parameter LINE_BYTES  = 32,
    parameter L1D_BYTES   = 1024,
    parameter LOOKAHEAD   = 1,
    // derived, do not override
    parameter T      = NUM_THREADS,
    parameter WORDS  = LINE_BYTES / 4,
    parameter OFF_W  = $clog2(LINE_BYTES),
    parameter WSEL_W = OFF_W - 2,
    parameter SETS   = L1D_BYTES / LINE_BYTES,
    parameter IDX_W  = (SETS > 1) ? $clog2(SETS) : 1,
    parameter TAG_W  = 32 - OFF_W - IDX_W,
    parameter RID_W  = (NUM_CORES * NUM_WARPS * NUM_THREADS > 1) ?
                       $clog2(NUM_CORES * NUM_WARPS * NUM_THREADS) : 1
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    // the L1 (gpu_lsu)
    input  wire [SETS-1:0]       valid_i,      // its lines' valid bits
    input  wire                  flush_i,      // they clear at the next edge
    input  wire                  fill_i,       // a line is written in at idx_i, tag_i
    input  wire                  l2_fill_i,    // ... from the L2's answer
    input  wire [IDX_W-1:0]      idx_i,        // the lead lane's set
    input  wire [TAG_W-1:0]      tag_i,        // ... and tag
    input  wire                  accept_i,     // the LSU takes an instruction
    input  wire                  look_i,       // a weak load's group reads its line now
    input  wire [T-1:0]          group_i,      // ... the group's lanes
    input  wire [T*WSEL_W-1:0]   wsel_i,       // each lane's word in its line
    // the L2's write notices (gpu_l2)
    input  wire                  wn_valid_i,
    input  wire [31:0]           wn_addr_i,
    input  wire [WORDS-1:0]      wn_any_i,
    input  wire [WORDS-1:0]      wn_full_i,
    input  wire [RID_W-1:0]      wn_rid_i,
    // the stale lanes
    output wire [T-1:0]          ld_known_o,
    output wire [T-1:0]          ld_stale_o
);
    localparam integer SH = $clog2(NUM_WARPS * NUM_THREADS);   // rid / (warps x lanes): the core

    (* ram_style = "distributed" *)
    reg [TAG_W-1:0] tag_q [0:SETS-1];
    (* ram_style = "distributed" *)
    reg [WORDS-1:0] stale_q [0:SETS-1];

    wire [IDX_W-1:0] wn_idx  = (SETS > 1) ? wn_addr_i[OFF_W +: IDX_W] : {IDX_W{1'b0}};
    wire [TAG_W-1:0] wn_tag  = wn_addr_i[31 -: TAG_W];
    wire unused_wn_off = ^wn_addr_i[OFF_W-1:0];   // (a line's address)
    wire             wn_here = wn_valid_i && valid_i[wn_idx] && (tag_q[wn_idx] == wn_tag);
    wire [31:0]      wn_core = 32'(wn_rid_i) >> SH;
    wire             wn_own  = (wn_core == CORE_ID);
    wire [WORDS-1:0] wn_row  = (stale_q[wn_idx] | (wn_own ? {WORDS{1'b0}} : wn_any_i)) &
                               ~(wn_own ? wn_full_i : {WORDS{1'b0}});
    always @(posedge clk_i) begin
        if (fill_i)         tag_q[idx_i]    <= tag_i;
        if (l2_fill_i)      stale_q[idx_i]  <= {WORDS{1'b0}};
        else if (wn_here)   stale_q[wn_idx] <= wn_row;
    end

    // the lead's line as it is now, with this cycle's notice
    wire [WORDS-1:0] row      = (wn_here && wn_idx == idx_i) ? wn_row : stale_q[idx_i];
    wire             look_hit = valid_i[idx_i] && (tag_q[idx_i] == tag_i) && !flush_i;
    wire [T-1:0]     look_stale;
    genvar gl;
    generate
        for (gl = 0; gl < T; gl = gl + 1) begin : g_lane
            assign look_stale[gl] = group_i[gl] && look_hit && row[wsel_i[gl*WSEL_W +: WSEL_W]];
        end
    endgenerate

    // the instruction's lanes decided so far, and the stale ones; they stay
    // until the next instruction starts (the event port may still hold the
    // load's record then, and takes them as it starts)
    reg [T-1:0] known_q, stl_q;
    always @(posedge clk_i) begin
        if (rst_i || accept_i) begin
            known_q <= {T{1'b0}};
            stl_q   <= {T{1'b0}};
        end else if (look_i) begin
            known_q <= known_q | group_i;
            stl_q   <= stl_q | look_stale;
        end
    end
    assign ld_known_o = known_q | ((LOOKAHEAD != 0 && look_i) ? group_i : {T{1'b0}});
    assign ld_stale_o = stl_q | ((LOOKAHEAD != 0 && look_i) ? look_stale : {T{1'b0}});

`ifndef SYNTHESIS
    always @(posedge clk_i)
        if (!rst_i && l2_fill_i && wn_here)
            $display("scord_l1_stale: ERROR: core %0d: an L2 fill and a write notice in one cycle", CORE_ID);
`endif
endmodule
`default_nettype wire
