// P0 of the detector's pipeline (scord_top): the pass at the queue head,
// decoded. From its lead lane (§3.1) the address decode (§6.2 A1-A3,
// §5.2): is it an intrusion into the metadata or the ring, is it tracked,
// where is its first metadata entry and its tag; which slots hold which
// lanes, and where each slot's entry lies (its bank and place in the
// line); the PC index (§5.3). It also tells the pass split whether the
// head's lanes may share a pass (wide_o). With DECODE_STAGE a stage D
// holds the decoded pass in registers, so the metadata lookup and the
// fence file read start at flip-flops.
`default_nettype none
`include "scord_defs.vh"

module scord_pass_decode #(
    parameter NUM_THREADS  = 8,
    parameter LINE_BYTES   = 32,
    parameter MEM_BYTES    = 16777216,
    parameter PASS_SLOTS   = 8,
    parameter DECODE_STAGE = 0,
    // derived, do not override
    parameter T     = NUM_THREADS,
    parameter LW    = (T > 1) ? $clog2(T) : 1,
    parameter LB    = `DET_LINE_LB(NUM_THREADS),                 // a lane's value class
    parameter OFF_W = $clog2(LINE_BYTES),
    parameter AW    = (MEM_BYTES > 1) ? $clog2(MEM_BYTES) : 1,
    parameter S     = PASS_SLOTS,
    parameter SW    = (S > 1) ? $clog2(S) : 1,
    parameter EPL   = LINE_BYTES / 32'(`DET_MD_ENTRY_BYTES),   // entries per metadata line
    parameter EW    = (EPL > 1) ? $clog2(EPL) : 1,
    parameter NB    = (S > EPL) ? S / EPL : 1,                 // metadata banks
    parameter BW    = (NB > 1) ? $clog2(NB) : 1,
    parameter PLW   = BW + EW,                                 // a slot's place: {bank, entry in line}
    parameter EVW   = `DET_LINE_EVW(NUM_THREADS, LINE_BYTES)
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    // the configuration (scord_regs), stable while armed
    input  wire                 armed_i,
    input  wire                 cache_i,
    input  wire                 sparse_i,
    input  wire [1:0]           gcode_i,
    input  wire [31:0]          md_base_i,
    input  wire [32:0]          md_bytes_i,
    input  wire [31:0]          track_base_i,
    input  wire [31:0]          track_bytes_i,
    input  wire [4:0]           track_log2_i,
    input  wire [31:0]          ring_base_i,
    input  wire [31:0]          ring_size_i,
    input  wire [31:0]          pc_base_i,
    // the queue's head (a line event) and the pass split cut from it
    input  wire [EVW-1:0]       head_i,
    output wire                 wide_o,        // the head's lanes may share a pass
    input  wire                 q_valid_i,
    input  wire [159:0]         q_data_i,
    input  wire [T-1:0]         q_mask_i,
    input  wire                 q_first_i,     // the line event's first pass
    output wire                 q_pop_o,
    // the decoded pass, into P1 with pop_i
    input  wire                 pop_i,
    output wire                 d_valid_o,
    output reg                  d_held_o,      // D holds a pass (DECODE_STAGE)
    output wire [159:0]         d_ev_o,        // the lead lane's event
    output wire [T-1:0]         d_mask_o,      // the pass's lanes
    output wire                 d_first_o,     // the first pass of its line event
    output wire [T*OFF_W-1:0]   d_offs_o,      // every lane's offset in the line
    output wire [T-1:0]         d_stale_o,     // lanes whose weak load was a stale L1 read
    output wire [T*LB-1:0]      d_cls_o,       // every lane's value class (stores)
    output wire [S-1:0]         d_sv_o,        // the slots that hold a lane,
    output wire [S*LW-1:0]      d_sl_o,        // each slot's first lane,
    output wire [S*LW-1:0]      d_sll_o,       // ... and its last,
    output wire [T*SW-1:0]      d_ls_o,        // each lane's slot,
    output wire [S*PLW-1:0]     d_pl_o,        // each slot's entry's place
    output wire                 d_acc_o,       // an access (armed),
    output wire                 d_bar_o,       // a barrier,
    output wire                 d_trk_o,       // a tracked access,
    output wire                 d_intr_o,      // an intrusion,
    output wire                 d_fence_o,     // a fence
    output wire [31:0]          d_adr_o,       // the pass's first entry
    output wire [5:0]           d_tag_o,
    output wire [15:0]          d_pcidx_o
);
    localparam [1:0] SYNC_FENCE = `DET_SYNC_FENCE;
    localparam [1:0] SYNC_BAR   = `DET_SYNC_BARRIER;
    localparam [1:0] EV_SYNC    = `DET_EV_SYNC;
    localparam [1:0] EV_LOAD    = `DET_EV_LOAD;

    // ---- the pass's lead lane (§3.1), address decode (§6.2 A1-A3, §5.2) ----
    wire [T*OFF_W-1:0] q_offs = head_i[160 + T +: T * OFF_W];
    wire [T-1:0]       q_stale = head_i[160 + T + T * OFF_W +: T];
    wire [T*LB-1:0]    q_cls   = head_i[160 + T * (2 + OFF_W) +: T * LB];
    wire [31:0] q_addr  = q_data_i[63:32];
    wire [1:0]  q_kind  = q_data_i[123:122];
    wire [1:0]  q_size  = q_data_i[127:126];
    wire        q_is_ld = (q_kind == EV_LOAD);
    wire        q_sync  = (q_kind == EV_SYNC);
    // The PC index (§5.3), taken here and carried to P2: a subtraction and
    // compares on the queue head's PC, off P2's path into the checks and the
    // metadata writes. DET_PC_BASE changes only between kernels, when the
    // pipeline is empty (the kernel's end waits for the detector's idle).
    wire [15:0] q_pcidx;
    scord_pcidx #(.PW (AW)) u_q_pcidx (.pc_i (head_i[31:0]), .base_i (pc_base_i), .pcidx_o (q_pcidx));

    // The window, metadata and ring compares at the memory's width: an
    // event's address is that of an access that passed the core's bounds
    // check (or 0: a barrier or fence), so it lies below MEM_BYTES <= 2^AW,
    // and an armed configuration keeps every region inside memory
    // (scord_regs' arming checks): every base and end, and a line's last
    // byte, fit AW + 1 bits. Disarmed, nothing here is used (q_acc).
    wire [AW:0] md_lo   = (AW+1)'(md_base_i[AW-1:0]);
    wire [AW:0] md_hi   = md_lo + md_bytes_i[AW:0];
    wire [AW:0] ring_lo = (AW+1)'(ring_base_i[AW-1:0]);
    wire [AW:0] ring_hi = ring_lo + (AW+1)'({ring_size_i[AW-6:0], 5'd0});
    wire [AW:0] tr_lo   = (AW+1)'(track_base_i[AW-1:0]);
    wire [AW:0] tr_hi   = tr_lo + track_bytes_i[AW:0];
    wire [AW:0] a_n       = (AW+1)'(q_addr[AW-1:0]);
    wire        in_md     = (a_n >= md_lo) && (a_n < md_hi);
    wire        in_ring   = (a_n >= ring_lo) && (a_n < ring_hi);
    wire        intrusion = !q_is_ld && (in_md || in_ring);
    wire        tracked   = (a_n >= tr_lo) && (a_n < tr_hi);
    // (the bits above: 0 while armed, see above)
    wire unused_hi_cfg = ^{md_base_i[31:AW], md_bytes_i[32:AW+1], ring_base_i[31:AW],
                           ring_size_i[31:AW-5], track_base_i[31:AW], track_bytes_i[31:AW+1]};

    wire [2:0]  glog2     = 3'd2 + {1'b0, gcode_i};
    // cache mode: index = granule mod N = (offset mod TRACK_BYTES/R) >> G,
    // tag = granule / N = offset >> log2(TRACK_BYTES/R), R = 32 granules per
    // entry (64 in sparse cache mode)
    wire [2:0]  r_log2    = sparse_i ? 3'd6 : 3'd5;
    wire [AW:0] sub_mask  = (track_bytes_i[AW:0] >> r_log2) - 1'b1;

    // Lanes share a pass only where a line's granules are consecutive
    // entries starting at a metadata line (§1.1): the window and the
    // metadata start at lines and, in cache mode, a line's granules do not
    // wrap around the table. Then a pass's lanes lie in one chunk of S
    // granules (scord_pass_split), its entries are the chunk's first entry
    // plus each lane's granule mod S; else a pass is one lane at slot 0.
    wire        aligned   = (S > 1) && (track_base_i[OFF_W-1:0] == {OFF_W{1'b0}}) &&
                            (md_base_i[OFF_W-1:0] == {OFF_W{1'b0}}) &&
                            (!cache_i || sub_mask >= (AW+1)'(LINE_BYTES - 1));
    // The head's line: all of it in the window or all out, away from the
    // metadata and the ring, an access.
    wire [AW:0] hs_n    = (AW+1)'({head_i[32+OFF_W +: AW-OFF_W], {OFF_W{1'b0}}});
    wire [AW:0] he_n    = hs_n + (AW+1)'(LINE_BYTES - 1);
    wire        h_md    = (he_n >= md_lo) && (hs_n < md_hi);
    wire        h_ring  = (he_n >= ring_lo) && (hs_n < ring_hi);
    wire        hs_tr   = (hs_n >= tr_lo) && (hs_n < tr_hi);
    wire        he_tr   = (he_n >= tr_lo) && (he_n < tr_hi);
    assign wide_o = aligned && (head_i[123:122] != EV_SYNC) && !h_md && !h_ring && (hs_tr == he_tr);
    // (the head's other fields reach P1 through the split, as its pass)
    wire unused_head = ^head_i;

    // the pass's first granule: its line's, or its chunk's where a chunk is
    // fewer granules than a line (as in scord_pass_split)
    localparam CHUNKED = (S > 1) && (S < LINE_BYTES / 4);
    wire [31:0] b_addr;
    generate
        if (CHUNKED) begin : g_chunk
            wire [31:0] chunk_lo = (32'd1 << (SW + 2 + {30'd0, gcode_i})) - 32'd1;
            wire unused_chunk = ^chunk_lo[31:OFF_W];
            assign b_addr = aligned ? {q_addr[31:OFF_W], q_addr[OFF_W-1:0] & ~chunk_lo[OFF_W-1:0]} : q_addr;
        end else begin : g_line
            assign b_addr = aligned ? {q_addr[31:OFF_W], {OFF_W{1'b0}}} : q_addr;
        end
    endgenerate
    wire [31:0] toff      = b_addr - track_base_i;
    // The entry's address stays 32-bit: a pass outside the window looks its
    // (meaningless) entry up too, and in a cache with fresh lines that
    // lookup may fill a line, so it must stay the address it always was.
    wire [31:0] index     = (cache_i ? (toff & 32'(sub_mask)) : toff) >> glog2;
    wire [4:0]  tag_sh    = track_log2_i - {2'd0, r_log2};
    // the tag only matters inside the window, where the offset fits AW bits
    wire [AW-1:0] tag_full = toff[AW-1:0] >> tag_sh;
    // (tag_full < 32 outside sparse mode: the offset is inside the window)
    wire [5:0]  tag       = cache_i ? tag_full[5:0] : 6'd0;
    wire [31:0] entry_adr = md_base_i + {index[27:0], 4'b0000};
    // In a valid configuration index < 2^28 and the tag fits 5 bits (6 sparse).
    wire unused_idx = ^{index[31:28], tag_full[AW-1:6]};

    // What the pass is, with the arming state looked at as it enters.
    wire q_acc   = armed_i && !q_sync;
    wire q_intr  = q_acc && intrusion;
    wire q_trk   = q_acc && !intrusion && tracked;
    wire q_fence = armed_i && q_sync && (q_size == SYNC_FENCE);
    wire q_bar   = armed_i && q_sync && (q_size == SYNC_BAR);

    // ---- the slots of a pass: worked out here, carried through P1 and P2 ----
    // Which slots hold a lane and which, each lane's slot, and where each
    // slot's entry is: slot s's entry is the pass's first entry + 16 s, so
    // its metadata line is in bank (line mod NB), at entry (entry mod EPL).
    wire [S-1:0]    sv0;
    wire [S*LW-1:0] sl0, sll0;
    wire [T*SW-1:0] ls0;
    scord_pass_slots #(.NUM_THREADS(T), .LINE_BYTES(LINE_BYTES), .S(S)) u_slots (
        .mask_i (q_mask_i), .offs_i (q_offs), .slotted_i (aligned), .gcode_i (gcode_i),
        .valid_o (sv0), .lane_o (sl0), .last_o (sll0), .slot_o (ls0));
    function [PLW-1:0] slot_place(input [31:0] base, input integer sl);
        reg [31:0] e;
        begin
            e = base + (sl << 4);
            slot_place = {(NB > 1) ? e[OFF_W +: BW] : {BW{1'b0}}, (EPL > 1) ? e[4 +: EW] : {EW{1'b0}}};
        end
    endfunction
    reg  [S*PLW-1:0] pl0;
    integer          si;
    always @* begin
        for (si = 0; si < S; si = si + 1)
            pl0[si*PLW +: PLW] = slot_place(entry_adr, si);
    end

    // ---- D: the decoded pass, registered with DECODE_STAGE (else the wires) ----
    // With the stage the split's pass moves into D whenever D is free or
    // its pass enters P1 (pop_i), and P0's lookup and fence-file read take
    // D's registers; what D holds does not depend on the pipeline's state
    // (the arming and window registers change only while the detector is
    // idle).
    localparam integer DW = 160 + T + 1 + T*OFF_W + T + T*LB + S + 2*S*LW + T*SW + S*PLW + 5 + 32 + 6 + 16;
    wire d_load = q_valid_i && (!d_held_o || pop_i);
    assign d_valid_o = (DECODE_STAGE != 0) ? d_held_o : q_valid_i;
    prim_stage_reg #(.W(DW), .STAGE(DECODE_STAGE)) u_d (
        .clk_i (clk_i), .rst_i (rst_i), .en_i (d_load),
        .d_i   ({q_data_i, q_mask_i, q_first_i, q_offs, q_stale, q_cls, sv0, sl0, sll0, ls0, pl0,
                 q_acc, q_bar, q_trk, q_intr, q_fence, entry_adr, tag, q_pcidx}),
        .q_o   ({d_ev_o, d_mask_o, d_first_o, d_offs_o, d_stale_o, d_cls_o, d_sv_o, d_sl_o, d_sll_o, d_ls_o, d_pl_o,
                 d_acc_o, d_bar_o, d_trk_o, d_intr_o, d_fence_o, d_adr_o, d_tag_o, d_pcidx_o}));
    always @(posedge clk_i)
        if (rst_i || DECODE_STAGE == 0) d_held_o <= 1'b0;   // (never set without the stage)
        else if (d_load) d_held_o <= 1'b1;
        else if (pop_i)  d_held_o <= 1'b0;
    assign q_pop_o = (DECODE_STAGE != 0) ? d_load : pop_i;
endmodule
`default_nettype wire
