// The shared-memory race rule for one bank in one pass (docs/detector.md
// §6.4), purely combinational: the word's shadow entry as read, the lanes
// of one warp the pass serves on that word, and the counters it needs;
// out come the race decision and the entry to write back. gpu_smem
// instantiates one per bank, so every lane of a warp access is checked in
// the pass that serves it and correct code loses no cycle.
//
// Shadow entry, from bit 0 up (TW = WW + LB, a thread = {warp slot, lane}):
//   EP[7:0]  block epoch of the last update
//   WV, WT[TW], WA, WB[3:0], WS[7:0], WF[5:0], WP[15:0]    last write
//   RV, RM, RT[TW], RB[3:0], RS[7:0], RF[5:0], RP[15:0]    reads since it
// An entry whose EP is not the block's epoch now holds nothing: everything
// in it was ordered by a barrier, or belongs to an earlier block.
//
// Every byte mask belongs to the thread recorded with it (WB: the last
// writer's, RB: the first reader's), and RM says another lane of the first
// reader's warp read at least those bytes. So a reported pair always
// happened: lanes of one warp on different bytes of one word (a char array
// indexed by thread) never race. What this costs is missed races (readers
// after the first, bytes of the other lanes of a multi-lane store), never
// false ones. sim/refmodel/scord_sh_rule.c is the same rule in C and
// tests/rtl/shrule compares the two.
`default_nettype none
`include "scord_defs.vh"

module scord_sh_rule #(
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    // derived, do not override
    parameter T  = NUM_THREADS,
    parameter WW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter LB = (NUM_THREADS > 1) ? $clog2(NUM_THREADS) : 1,
    parameter TW = WW + LB,
    parameter EW = 80 + 2 * TW
) (
    input  wire [EW-1:0]          ent_i,      // the shadow entry as read
    input  wire [7:0]             ep_i,       // the block's epoch now
    input  wire [1:0]             kind_i,     // DET_EV_LOAD / STORE / ATOMIC
    input  wire [T-1:0]           lanes_i,    // lanes served on this word
    input  wire [4*T-1:0]         bytes_i,    // each lane's bytes of the word
    input  wire [WW-1:0]          warp_i,     // the warp (slot)
    input  wire [7:0]             ws_i,       // its warp-sync count now
    input  wire [NUM_WARPS*6-1:0] fc_i,       // every warp slot's fence count now
    input  wire [15:0]            pcidx_i,    // the instruction's PC index
    output reg                    race_o,
    output reg                    same_warp_o,  // the previous access is of this warp
    output reg  [LB-1:0]          lane_o,       // the lowest racing lane
    output reg  [TW-1:0]          prev_thread_o,
    output reg  [15:0]            prev_pcidx_o,
    output reg                    prev_write_o, // the previous access wrote
    output reg                    prev_atom_o,
    output reg                    prev_exact_o, // 0: another lane of prev_thread's warp made it
    output reg  [EW-1:0]          ent_o
);
    // ---- fields ----
    localparam P_EP = 0;
    localparam P_WV = 8;
    localparam P_WT = P_WV + 1;
    localparam P_WA = P_WT + TW;
    localparam P_WB = P_WA + 1;
    localparam P_WS = P_WB + 4;
    localparam P_WF = P_WS + 8;
    localparam P_WP = P_WF + 6;
    localparam P_RV = P_WP + 16;
    localparam P_RM = P_RV + 1;
    localparam P_RT = P_RM + 1;
    localparam P_RB = P_RT + TW;
    localparam P_RS = P_RB + 4;
    localparam P_RF = P_RS + 8;
    localparam P_RP = P_RF + 6;

    wire          live = (ent_i[P_EP +: 8] == ep_i);
    wire          wv   = live && ent_i[P_WV];
    wire [TW-1:0] wt   = ent_i[P_WT +: TW];
    wire          wa   = ent_i[P_WA];
    wire [3:0]    wb   = ent_i[P_WB +: 4];
    wire [7:0]    wsv  = ent_i[P_WS +: 8];
    wire [5:0]    wf   = ent_i[P_WF +: 6];
    wire [15:0]   wp   = ent_i[P_WP +: 16];
    wire          rv   = live && ent_i[P_RV];
    wire          rm   = ent_i[P_RM];
    wire [TW-1:0] rt   = ent_i[P_RT +: TW];
    wire [3:0]    rb   = ent_i[P_RB +: 4];
    wire [7:0]    rsv  = ent_i[P_RS +: 8];
    wire [5:0]    rf   = ent_i[P_RF +: 6];
    wire [15:0]   rp   = ent_i[P_RP +: 16];

    wire is_ld = (kind_i == `DET_EV_LOAD);
    wire is_st = (kind_i == `DET_EV_STORE);
    wire is_at = (kind_i == `DET_EV_ATOMIC);

    // Warp slot w's fence count. A loop of compares, not fcs[w*6 +: 6]:
    // Yosys made that index a multiplication, on the FPGA a DSP block and a
    // carry chain in front of every rule (docs/fpga.md, Long paths).
    function automatic [5:0] fc_of(input [NUM_WARPS*6-1:0] fcs, input [WW-1:0] w);
        integer k;
        begin
            fc_of = 6'd0;
            for (k = 0; k < NUM_WARPS; k = k + 1)
                if (w == WW'(k)) fc_of = fcs[k*6 +: 6];
        end
    endfunction

    // A previous access of thread t with counters (ws, fc) is ordered before
    // this pass if a warp sync or a fence of this warp followed it (same
    // warp), or its warp fenced since (another warp: fence and flag).
    function automatic ordered(input [WW-1:0] tw, input [7:0] s, input [5:0] f,
                               input [WW-1:0] w, input [7:0] ws_now,
                               input [NUM_WARPS*6-1:0] fcs);
        begin
            if (tw == w) ordered = (s != ws_now) || (f != fc_of(fcs, tw));
            else         ordered = (f != fc_of(fcs, tw));
        end
    endfunction

    wire w_ord = ordered(wt[TW-1 -: WW], wsv, wf, warp_i, ws_i, fc_i);
    wire r_ord = ordered(rt[TW-1 -: WW], rsv, rf, warp_i, ws_i, fc_i);

    // ---- checks, lanes in ascending order; the first racing lane reports ----
    // The loop only finds the first racing lane and which check it failed
    // (a few bits); the previous access is then picked once from that.
    // Picking the wide fields inside the loop made a chain of T multiplexers
    // of them: 40 % of the rule's LUTs.
    integer l, m;
    reg [TW-1:0] me;
    reg [3:0]    b;
    reg          vs_w, vs_r, vs_in;
    reg [LB-1:0] in_lane;        // the earlier lane of the pass a store overlaps
    reg          f_w, f_r;       // the first racing lane's check: last write, first read,
    reg [LB-1:0] f_in;           // or (neither) an earlier lane of this store, f_in
    always @(*) begin
        race_o  = 1'b0;
        lane_o  = {LB{1'b0}};
        f_w     = 1'b0;
        f_r     = 1'b0;
        f_in    = {LB{1'b0}};
        l       = 0;
        m       = 0;      // the temporaries too are assigned on every path:
        me      = {TW{1'b0}};  // not latches
        b       = 4'd0;
        vs_w    = 1'b0;
        vs_r    = 1'b0;
        vs_in   = 1'b0;
        in_lane = {LB{1'b0}};
        // No lane, no race (every term below needs lanes_i[l]); said once
        // here, the cycle model skips the loops on the cycles without an
        // access, most of them (at 32 lanes the rules were three quarters
        // of its time).
        if (lanes_i != {T{1'b0}})
        for (l = 0; l < T; l = l + 1) begin
            me = {warp_i, LB'(l)};
            b  = bytes_i[4*l +: 4];
            vs_w = wv && (wt != me) && ((wb & b) != 4'd0) && !(is_at && wa) && !w_ord;
            vs_r = !is_ld && rv && ((rb & b) != 4'd0) && ((rt != me) || rm) && !r_ord;
            // two lanes of this store on overlapping bytes
            vs_in   = 1'b0;
            in_lane = {LB{1'b0}};
            if (is_st)
                for (m = 0; m < l; m = m + 1)
                    if (lanes_i[m] && ((bytes_i[4*m +: 4] & b) != 4'd0) && !vs_in) begin
                        vs_in   = 1'b1;
                        in_lane = LB'(m);
                    end
            if (lanes_i[l] && !race_o && (vs_w || vs_r || vs_in)) begin
                race_o = 1'b1;
                lane_o = LB'(l);
                f_w    = vs_w;
                f_r    = !vs_w && vs_r;
                f_in   = in_lane;
            end
        end
    end
    always @(*) begin
        prev_thread_o = f_w ? wt : f_r ? rt : {warp_i, f_in};
        prev_pcidx_o  = f_w ? wp : f_r ? rp : pcidx_i;
        prev_write_o  = race_o && !f_r;
        prev_atom_o   = f_w && wa;
        prev_exact_o  = race_o && (!f_r || (rt != {warp_i, lane_o}));
        same_warp_o   = race_o && (prev_thread_o[TW-1 -: WW] == warp_i);
        if (!race_o) begin
            prev_thread_o = {TW{1'b0}};
            prev_pcidx_o  = 16'd0;
        end
    end

    // ---- update ----
    // covers(skip, mask): a lane of the pass other than `skip` read at least
    // the bytes `mask`
    function automatic covers(input [T-1:0] lanes, input [4*T-1:0] lbytes,
                              input [LB-1:0] skip, input [3:0] mask);
        integer c;
        begin
            covers = 1'b0;
            for (c = 0; c < T; c = c + 1)
                if (lanes[c] && (LB'(c) != skip) && ((lbytes[4*c +: 4] & mask) == mask))
                    covers = 1'b1;
        end
    endfunction

    reg [LB-1:0] lo, hi;
    integer u;
    always @(*) begin
        lo = {LB{1'b0}};
        hi = {LB{1'b0}};
        u  = 0;              // assigned on every path: not a latch
        ent_o = ent_i;
        if (lanes_i != {T{1'b0}}) begin
            for (u = T - 1; u >= 0; u = u - 1)
                if (lanes_i[u]) lo = LB'(u);
            for (u = 0; u < T; u = u + 1)
                if (lanes_i[u]) hi = LB'(u);
            if (!live) begin
                ent_o[P_WV] = 1'b0;
                ent_o[P_RV] = 1'b0;
            end
            ent_o[P_EP +: 8] = ep_i;
            if (is_ld) begin
                if (!rv) begin
                    ent_o[P_RV]       = 1'b1;
                    ent_o[P_RM]       = covers(lanes_i, bytes_i, lo, bytes_i[4*lo +: 4]);
                    ent_o[P_RT +: TW] = {warp_i, lo};
                    ent_o[P_RB +: 4]  = bytes_i[4*lo +: 4];
                    ent_o[P_RS +: 8]  = ws_i;
                    ent_o[P_RF +: 6]  = fc_of(fc_i, warp_i);
                    ent_o[P_RP +: 16] = pcidx_i;
                end else if (rt[TW-1 -: WW] == warp_i) begin
                    // only lanes of the first reader's warp are known to be
                    // unordered with it by the same counters
                    ent_o[P_RM] = rm || covers(lanes_i, bytes_i, rt[LB-1:0], rb);
                end
            end else begin
                // the highest lane wins a byte written twice: it is the writer
                ent_o[P_WV]       = 1'b1;
                ent_o[P_WT +: TW] = {warp_i, hi};
                ent_o[P_WA]       = is_at;
                ent_o[P_WB +: 4]  = bytes_i[4*hi +: 4];
                ent_o[P_WS +: 8]  = ws_i;
                ent_o[P_WF +: 6]  = fc_of(fc_i, warp_i);
                ent_o[P_WP +: 16] = pcidx_i;
                ent_o[P_RV]       = 1'b0;
                ent_o[P_RM]       = 1'b0;
            end
        end
    end
endmodule
`default_nettype wire
