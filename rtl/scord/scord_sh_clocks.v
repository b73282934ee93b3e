// The logical clocks of one core that order its shared-memory accesses
// (docs/detector.md §6.4), and the warp-sync count that global events
// carry (§3.1, word 4):
//   ws[w]  warp slot w's warp syncs (syncwarp, vote, shuffle), 8 bits
//   fc[w]  warp slot w's fences (fence.blk and fence), 6 bits
//   E[b]   block slot b's epoch: a new one at the block's launch, at each
//          release of its barrier, and when a count of one of its warps
//          wraps (so a count stored in a shadow entry is never taken for
//          the same count one wrap later)
// An access records (E, ws, fc) as they are when it issues; a later access
// compares. Epochs come from one counter G per core, so no two block slots
// ever hold the same epoch and an entry written by one block is stale for
// every other. When G would wrap, every slot gets a fresh epoch again
// (E[b] = b, G = NUM_WARPS) and gen_o flips: the shadow must then hold no
// live entry (scord_sh_check sweeps it when anything was written since its
// last sweep, and ignores passes tagged with the old gen).
`default_nettype none

module scord_sh_clocks #(
    parameter NUM_WARPS = 4,
    // 1: commit_i comes from a register (the cores' stage H), so the next
    // state is made once, with the commit in it, instead of both ways and
    // picked by it: the same function in fewer LUTs
    parameter COMMIT_REG = 0,
    // derived, do not override
    parameter WW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1
) (
    input  wire                      clk_i,
    input  wire                      rst_i,     // any reset of the core (a soft reset too)
    input  wire                      por_i,     // power-on reset only
    // a block launches into block slot launch_bslot_i on warp slots launch_warps_i
    input  wire                      launch_i,
    input  wire [WW-1:0]             launch_bslot_i,
    input  wire [NUM_WARPS-1:0]      launch_warps_i,
    // X's commit, decided late in the cycle; the requests it decides come
    // in both ways, and it only picks between the two next states (the
    // FPGA's longest paths ran from it through these sums, docs/fpga.md)
    input  wire                      commit_i,
    // a warp sync, and a fence counted if X commits, by warp slot x_warp_i
    // (at most one a cycle)
    input  wire                      sync_i,
    input  wire                      fence_i,
    input  wire [WW-1:0]             x_warp_i,
    // a block's barrier released: [0] if X does not commit, [1] if it does
    input  wire [1:0]                bar_i,
    input  wire [WW-1:0]             bar_bslot_i,
    // every warp slot's block slot
    input  wire [NUM_WARPS*WW-1:0]   bslot_i,
    output wire [NUM_WARPS*8-1:0]    ws_o,
    output wire [NUM_WARPS*6-1:0]    fc_o,
    output wire [NUM_WARPS*8-1:0]    ep_o,
    output reg                       gen_o,
    output reg                       wrap_o     // one cycle: gen_o flipped
);
    reg [7:0] ws_q [0:NUM_WARPS-1];
    reg [5:0] fc_q [0:NUM_WARPS-1];
    reg [7:0] ep_q [0:NUM_WARPS-1];
    reg [7:0] g_q;

    // Up to three blocks want a new epoch in one cycle: the one launching,
    // the one whose barrier releases, the one whose warp's count wraps.
    wire [7:0] ws_x = ws_q[x_warp_i];
    wire [5:0] fc_x = fc_q[x_warp_i];
    wire [WW-1:0] wrap_bslot = bslot_i[x_warp_i*WW +: WW];
    // G + 1..3 and whether each wraps, from G alone: the requests only pick
    // among them, with no carry chain after a request.
    wire [7:0] g1 = g_q + 8'd1;
    wire [7:0] g2 = g_q + 8'd2;
    wire [7:0] g3 = g_q + 8'd3;
    localparam [7:0] FIRST_FREE = NUM_WARPS;

    // The next G, generation flip and epochs, c = 0 if X does not commit,
    // 1 if it does.
    wire [7:0] g_n  [0:1];
    wire       wr_n [0:1];
    wire [NUM_WARPS*8-1:0] ep_n [0:1];
    // With COMMIT_REG one way, c = 0, stands for both: its barrier and its
    // fence count are the committed ones.
    localparam integer NWAYS = (COMMIT_REG != 0) ? 1 : 2;
    genvar c;
    generate
        for (c = 0; c < NWAYS; c = c + 1) begin : g_way
            wire       one    = (COMMIT_REG != 0);
            wire       bar    = one ? bar_i[commit_i] : bar_i[c];
            wire       wrap_x = (sync_i && ws_x == 8'hFF) ||
                                ((one ? commit_i : (c == 1)) && fence_i && fc_x == 6'h3F);
            wire [1:0] n_new  = {1'b0, launch_i} + {1'b0, bar} + {1'b0, wrap_x};
            // G + n_new passes 255: every slot a fresh epoch
            wire       g_wrap = (n_new == 2'd1) ? (g_q == 8'hFF) :
                                (n_new == 2'd2) ? (g_q >= 8'hFE) :
                                (n_new == 2'd3) ? (g_q >= 8'hFD) : 1'b0;
            // epochs handed out this cycle, in the order launch, barrier, wrap
            wire [7:0] e_bar  = launch_i ? g2 : g1;
            wire [7:0] e_wrap = (launch_i && bar) ? g3 : (launch_i || bar) ? g2 : g1;
            reg  [NUM_WARPS*8-1:0] ep;
            integer k;
            always @(*)
                for (k = 0; k < NUM_WARPS; k = k + 1) begin
                    ep[k*8 +: 8] = ep_q[k];
                    if (g_wrap)
                        // what the blocks had recorded is cleared by the
                        // sweep (missed races at most, never false)
                        ep[k*8 +: 8] = 8'(k);
                    else if (wrap_x && wrap_bslot == WW'(k))
                        ep[k*8 +: 8] = e_wrap;
                    else if (bar && bar_bslot_i == WW'(k))
                        ep[k*8 +: 8] = e_bar;
                    else if (launch_i && launch_bslot_i == WW'(k))
                        ep[k*8 +: 8] = g1;
                end
            assign g_n[c]  = g_wrap ? FIRST_FREE :
                             (n_new == 2'd0) ? g_q : (n_new == 2'd1) ? g1 :
                             (n_new == 2'd2) ? g2 : g3;
            assign wr_n[c] = g_wrap;
            assign ep_n[c] = ep;
        end
    endgenerate
    wire [7:0] g_now;
    wire       wrap_now;
    wire [NUM_WARPS*8-1:0] ep_now;
    generate
        if (COMMIT_REG != 0) begin : g_one
            assign g_now    = g_n[0];
            assign wrap_now = wr_n[0];
            assign ep_now   = ep_n[0];
        end else begin : g_two
            assign g_now    = commit_i ? g_n[1] : g_n[0];
            assign wrap_now = commit_i ? wr_n[1] : wr_n[0];
            assign ep_now   = commit_i ? ep_n[1] : ep_n[0];
        end
    endgenerate

    integer w;
    always @(posedge clk_i) begin
        wrap_o <= 1'b0;
        if (por_i) begin
            for (w = 0; w < NUM_WARPS; w = w + 1) begin
                ws_q[w] <= 8'd0;
                fc_q[w] <= 6'd0;
                ep_q[w] <= 8'(w);
            end
            g_q   <= FIRST_FREE;
            gen_o <= 1'b0;
        end else if (rst_i) begin
            // A soft reset (one before every launch) keeps G, the epochs and
            // the generation: every block launched after it takes a fresh
            // epoch from G, so what the shadow holds of earlier kernels is
            // stale without a sweep.
            for (w = 0; w < NUM_WARPS; w = w + 1) begin
                ws_q[w] <= 8'd0;
                fc_q[w] <= 6'd0;
            end
        end else begin
            if (sync_i)              ws_q[x_warp_i] <= ws_x + 8'd1;
            if (commit_i && fence_i) fc_q[x_warp_i] <= fc_x + 6'd1;
            g_q <= g_now;
            for (w = 0; w < NUM_WARPS; w = w + 1)
                ep_q[w] <= ep_now[w*8 +: 8];
            if (wrap_now) begin
                gen_o  <= !gen_o;
                wrap_o <= 1'b1;
            end
            // a launched warp starts its counts at 0 (after the lines above)
            if (launch_i)
                for (w = 0; w < NUM_WARPS; w = w + 1)
                    if (launch_warps_i[w]) begin
                        ws_q[w] <= 8'd0;
                        fc_q[w] <= 6'd0;
                    end
        end
    end

    genvar g;
    generate
        for (g = 0; g < NUM_WARPS; g = g + 1) begin : g_out
            assign ws_o[g*8 +: 8] = ws_q[g];
            assign fc_o[g*6 +: 6] = fc_q[g];
            assign ep_o[g*8 +: 8] = ep_q[g];
        end
    endgenerate
endmodule
`default_nettype wire
