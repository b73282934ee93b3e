// The warps of a core: each warp slot's lanes (their PCs, which run,
// which wait where), its block (id, index in the block, block slot,
// shared-memory slice), and the three stages that work on them: F picks a
// ready warp round robin and issues its next instruction, the block
// barrier releases a block whose live warps all wait at it, and R
// reconverges a warp after X: its next PC is the minimum over its
// runnable lanes, the lanes at that PC issue next (docs/architecture.md).
// X's commit (gpu_exec, gpu_units) moves the lanes on; gpu_launch places
// new blocks.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_pkg_classes.vh"

module gpu_warp_ctl #(
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter MEM_BYTES   = 16777216,
    parameter SMEM_BYTES  = 0,
    // derived, do not override
    parameter WW  = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter T   = NUM_THREADS,
    parameter SAW = (SMEM_BYTES > 1) ? $clog2(SMEM_BYTES) : 1
) (
    input  wire                    clk_i,
    input  wire                    rst_i,
    input  wire                    halt_i,            // stop issuing (a fault somewhere)
    input  wire [31:0]             entry_pc_i,
    input  wire [31:0]             launch_block_id_i,
    // the launch (gpu_launch)
    input  wire                    launch_i,
    input  wire [NUM_WARPS-1:0]    alloc_i,
    input  wire [NUM_WARPS*T-1:0]  alloc_mask_i,
    input  wire [NUM_WARPS*WW-1:0] alloc_wib_i,
    input  wire [WW-1:0]           new_bslot_i,
    input  wire [SAW-1:0]          new_base_i,
    output wire [NUM_WARPS-1:0]    warp_done_o,       // no lane runs, nothing in flight
    output reg  [NUM_WARPS*WW-1:0] bslot_o,           // every warp slot's block slot,
    output reg  [NUM_WARPS*5-1:0]  wib_o,             // its warp index in the block
    // F: the warp that issues
    input  wire [NUM_WARPS-1:0]    lk_wait_i,         // the lock sequencer works for the warp
    input  wire [NUM_WARPS-1:0]    unit_blk_i,        // replayed for a busy unit (gpu_units)
    input  wire                    unit_wb_pending_i, // a unit waits for the write port
    input  wire                    x_port_i,          // X claims the write port
    output wire                    issue_o,
    output wire [WW-1:0]           pick_o,
    output wire [31:0]             f_pc_o,
    output wire                    f_pc_bad_o,        // misaligned or outside memory
    output wire [T-1:0]            f_mask_o,
    output wire                    f_force_o,         // a forced warp-synchronous issue
    // D: an I$ miss parks its warp until a refill is done
    input  wire                    d_miss_i,
    input  wire [WW-1:0]           d_warp_i,
    input  wire                    refill_done_i,
    // X
    input  wire                    x_retire_i,        // X holds an instruction that does not fault
    input  wire                    x_commit_i,
    input  wire [WW-1:0]           x_warp_i,
    input  wire [3:0]              x_class_i,
    input  wire [31:0]             x_pc_i,
    input  wire [31:0]             x_pc4_i,           // x_pc_i + 4
    input  wire [T-1:0]            x_mask_i,
    input  wire [T*32-1:0]         x_next_pc_i,
    input  wire                    x_w_go_i,          // a warp operation executes (else parks)
    input  wire [T-1:0]            w_have_i,          // ... with these lanes
    input  wire [T-1:0]            tmc_i,             // tmc's operand
    input  wire                    x_to_lsu_i,
    input  wire                    x_to_smem_i,
    // X's warp as X sees it, and the address block's warp's slice
    output wire [T-1:0]            x_run_o,
    output wire [T-1:0]            x_bpark_o,
    output reg  [T-1:0]            x_here_o,          // lanes parked at X's warp operation
    output wire [31:0]             x_block_o,
    output wire [WW-1:0]           x_wib_o,
    output wire [WW-1:0]           x_bslot_o,
    output wire [SAW-1:0]          x_base_o,
    input  wire [WW-1:0]           ag_warp_i,
    output wire [SAW-1:0]          ag_base_o,
    // the units' write-backs end their warps' waits
    input  wire                    lsu_wb_grant_i,
    input  wire [WW-1:0]           lsu_wb_warp_i,
    input  wire                    smem_wb_grant_i,
    input  wire [WW-1:0]           smem_wb_warp_i,
    input  wire                    div_wb_grant_i,
    input  wire [WW-1:0]           div_wb_warp_i,
    // the barrier (its release decided with the detector's hooks)
    input  wire                    det_armed_i,
    input  wire [1:0]              bar_go_by_i,       // a release if X does not commit, if it does
    output reg                     bar_any_o,         // a block's warps all wait
    output reg  [WW-1:0]           bar_slot_o,        // the block slot released this cycle
    output reg  [NUM_WARPS-1:0]    bar_ssel_o,        // the block slots a release frees
    output wire                    bar_go_o,          // the release happens
    output wire [15:0]             bar_block_o,       // the released block's id
    // status
    output wire                    idle_o,            // no warp runs or waits
    output reg  [4:0]              stall_o            // why F issues nothing: {bar, mem, fetch, wb, idle}
);
    integer w;
    // Each combinational block's lane loop has its own index: one shared by
    // several blocks is a net they all drive (Yosys: drivers conflicting
    // with a constant, the loops' last values).
    integer t_wh, t_rc;
    // Per-lane arrays hold lane t of warp w at w * T + t; the arithmetic form
    // keeps every shape valid, down to the management core's 1 warp x 1 lane.
    localparam SLOT_W = (NUM_WARPS * T > 1) ? $clog2(NUM_WARPS * T) : 1;
    function [SLOT_W-1:0] slot(input [WW-1:0] sw, input integer st);
        slot = SLOT_W'(sw * T + st);
    endfunction

    // ------------------------------------------------------------------
    // Warp and lane state
    // ------------------------------------------------------------------
    reg [31:0]    lane_pc_q  [0:NUM_WARPS*T-1];
    reg [T-1:0]   run_q      [0:NUM_WARPS-1];  // lanes that may issue
    reg [T-1:0]   park_q     [0:NUM_WARPS-1];  // lanes parked by tmc
    reg [31:0]    warp_pc_q  [0:NUM_WARPS-1];  // next issue PC (min over lanes)
    reg [T-1:0]   warp_mask_q[0:NUM_WARPS-1];  // lanes at warp_pc_q
    reg [31:0]    block_id_q [0:NUM_WARPS-1];
    reg [WW-1:0]  wib_q      [0:NUM_WARPS-1];  // warp index within the block
    reg [WW-1:0]  bslot_q    [0:NUM_WARPS-1];  // block slot, for the barrier
    reg [SAW-1:0] wbase_q    [0:NUM_WARPS-1];  // each warp's slice base
    reg [NUM_WARPS-1:0] busy_q;   // in the pipeline (F..R)
    reg [NUM_WARPS-1:0] fwait_q;  // waits for an I$ refill
    reg [NUM_WARPS-1:0] lwait_q;  // waits for the LSU
    reg [NUM_WARPS-1:0] dwait_q;  // waits for the divider
    reg [NUM_WARPS-1:0] bwait_q;  // waits at the barrier: every live lane arrived
    reg [NUM_WARPS-1:0] swait_q;  // waits for the shared memory
    // Lanes that executed `bar` and wait for the rest of their warp. With
    // min-PC issue, a branch whose other side the compiler placed after the
    // barrier reaches the barrier with part of the warp first; those lanes
    // park here while the others run on, and the warp arrives at the
    // block's barrier only when all its live lanes have.
    reg [T-1:0]   bpark_q    [0:NUM_WARPS-1];
    // Lanes waiting at a warp-synchronous instruction (syncwarp, vote,
    // shuffle) for the other lanes of its member mask, their PC still at
    // it. When no other lane of the warp can issue, the waiting lanes with
    // the lowest PC issue it anyway ("forced"), so a mask that names a lane
    // which never comes cannot hang the warp (docs/architecture.md).
    reg [T-1:0]   wpark_q    [0:NUM_WARPS-1];
    reg [NUM_WARPS-1:0] wforce_q; // the warp's next issue is such a forced one

    reg [NUM_WARPS-1:0] live;
    always @(*) for (w = 0; w < NUM_WARPS; w = w + 1) live[w] = |run_q[w];
    assign warp_done_o = ~live & ~busy_q & ~lwait_q & ~dwait_q & ~swait_q;
    integer ow;
    always @(*)
        for (ow = 0; ow < NUM_WARPS; ow = ow + 1) begin
            bslot_o[ow*WW +: WW] = bslot_q[ow];
            wib_o[ow*5 +: 5]     = 5'(wib_q[ow]);
        end

    // X's warp, and the slice of the warp whose addresses are made now
    assign x_run_o   = run_q[x_warp_i];
    assign x_bpark_o = bpark_q[x_warp_i];
    assign x_block_o = block_id_q[x_warp_i];
    assign x_wib_o   = wib_q[x_warp_i];
    assign x_bslot_o = bslot_q[x_warp_i];
    assign x_base_o  = wbase_q[x_warp_i];
    assign ag_base_o = wbase_q[ag_warp_i];
    always @(*)
        for (t_wh = 0; t_wh < T; t_wh = t_wh + 1)
            x_here_o[t_wh] = wpark_q[x_warp_i][t_wh] && (lane_pc_q[slot(x_warp_i, t_wh)] == x_pc_i);

    // ------------------------------------------------------------------
    // Barrier: a waiting warp is released once every live warp of its
    // block waits too.
    // ------------------------------------------------------------------
    reg [NUM_WARPS-1:0] bar_ready, bar_sel;
    integer br, bv;
    always @(*) begin
        for (br = 0; br < NUM_WARPS; br = br + 1) begin
            bar_ready[br] = bwait_q[br];
            for (bv = 0; bv < NUM_WARPS; bv = bv + 1)
                if (live[bv] && bslot_q[bv] == bslot_q[br] && !bwait_q[bv])
                    bar_ready[br] = 1'b0;
        end
        // With the detector armed one block releases per cycle, so each
        // release can send its barrier event.
        bar_any_o  = 1'b0;
        bar_slot_o = 0;
        for (br = NUM_WARPS - 1; br >= 0; br = br - 1)
            if (bar_ready[br]) begin
                bar_any_o  = 1'b1;
                bar_slot_o = bslot_q[br];
            end
        // the warps (and their block slots) a release this cycle frees
        bar_ssel_o = {NUM_WARPS{1'b0}};
        for (br = 0; br < NUM_WARPS; br = br + 1) begin
            bar_sel[br] = bar_ready[br] && (!det_armed_i || bslot_q[br] == bar_slot_o);
            if (bar_sel[br]) bar_ssel_o[bslot_q[br]] = 1'b1;
        end
    end
    // A barrier releases when every warp of its block waits and, with the
    // detector, its event port takes the barrier's event, which X's commit
    // decides late in the cycle: the release is made both ways without the
    // commit (bar_go_by_i, scord_core_hooks), which only picks.
    assign bar_go_o = x_commit_i ? bar_go_by_i[1] : bar_go_by_i[0];
    wire [NUM_WARPS-1:0] bar_release = bar_go_o ? bar_sel : {NUM_WARPS{1'b0}};
    // a warp of the released block, for its id (the detector's barrier event)
    reg  [WW-1:0] bar_warp;
    integer bw;
    always @(*) begin
        bar_warp = 0;
        for (bw = NUM_WARPS - 1; bw >= 0; bw = bw - 1)
            if (bar_ready[bw] && bslot_q[bw] == bar_slot_o) bar_warp = bw[WW-1:0];
    end
    assign bar_block_o = block_id_q[bar_warp][15:0];

    // ------------------------------------------------------------------
    // F: pick a ready warp, round robin
    // ------------------------------------------------------------------
    wire [NUM_WARPS-1:0] ready = live & ~busy_q & ~fwait_q & ~lwait_q & ~dwait_q & ~swait_q &
                                 ~bwait_q & ~unit_blk_i & ~lk_wait_i;
    reg  [WW-1:0] rr_q;
    wire [WW-1:0] pick;
    wire          pick_ok;
    prim_rr_pick #(.N(NUM_WARPS)) u_pick (
        .req_i  (ready),
        .last_i (rr_q),
        .any_o  (pick_ok),
        .idx_o  (pick)
    );
    // A unit's write-back waits for a cycle in which X writes no register;
    // F keeps issuing for its first cycle (an X without a register write,
    // a branch or a store, takes it then) and holds back only after that.
    reg  wb_starved_q;
    wire issue = pick_ok && !halt_i && !(unit_wb_pending_i && wb_starved_q);
    wire [31:0] f_pc = warp_pc_q[pick];
    assign issue_o    = issue;
    assign pick_o     = pick;
    assign f_pc_o     = f_pc;
    assign f_pc_bad_o = (f_pc[1:0] != 2'b00) || (f_pc < `MEM_GUARD) || (f_pc >= MEM_BYTES);
    assign f_mask_o   = warp_mask_q[pick];
    assign f_force_o  = wforce_q[pick];

    // Why F issues nothing (performance counters), in this order.
    always @(*) begin
        stall_o = 5'd0;
        if (!issue) begin
            if (!(|live))
                stall_o[0] = 1'b1;
            else if (pick_ok && unit_wb_pending_i)
                stall_o[1] = 1'b1;
            else if (!pick_ok && |(fwait_q & live))
                stall_o[2] = 1'b1;
            else if (!pick_ok && |((lwait_q | dwait_q | swait_q | unit_blk_i) & live))
                stall_o[3] = 1'b1;
            else if (!pick_ok && |(bwait_q & live))
                stall_o[4] = 1'b1;
        end
    end

    // ------------------------------------------------------------------
    // R: reconverge. The warp's next PC is the minimum over its runnable
    // lanes; the lanes at that PC issue next.
    // ------------------------------------------------------------------
    reg           r_valid_q;
    reg [WW-1:0]  r_warp_q;
    reg [T*32-1:0] r_pcs;         // the PCs of R's warp's lanes
    reg [T-1:0]   r_mask, r_cand;
    reg [32:0]    r_key [0:T-1];
    reg [T*T-1:0] r_lt;           // [u*T + t]: lane u's key is below lane t's
    reg           r_force;
    integer       u;
    always @(*) begin
        // Lanes parked at the barrier wait for the others; once all have
        // arrived (the warp waits in bwait_q) the next PC is chosen over all
        // of them, for the release. Lanes waiting at a warp sync wait too,
        // unless no other lane can issue: then they issue it, forced.
        r_force = 1'b0;
        r_cand  = run_q[r_warp_q] & ~bpark_q[r_warp_q] & ~wpark_q[r_warp_q];
        if (r_cand == {T{1'b0}}) begin
            r_cand  = run_q[r_warp_q] & ~bpark_q[r_warp_q];
            r_force = (r_cand != {T{1'b0}});
        end
        if (r_cand == {T{1'b0}}) r_cand = run_q[r_warp_q];
        // Keys are {not a candidate, PC}, so candidates come first. The
        // lanes at the minimum are those no other lane's key is below: every
        // pair compared at once (one comparator deep; a tree of comparisons
        // followed by an equality with its result was three deep, the
        // FPGA build's longest path without the detector). For a pair u < t
        // one comparator and one equality give both orders.
        for (t_rc = 0; t_rc < T; t_rc = t_rc + 1) begin
            r_pcs[t_rc*32 +: 32] = lane_pc_q[slot(r_warp_q, t_rc)];
            r_key[t_rc] = {~r_cand[t_rc], r_pcs[t_rc*32 +: 32]};
        end
        for (u = 0; u < T; u = u + 1) begin
            r_lt[u*T + u] = 1'b0;
            for (t_rc = u + 1; t_rc < T; t_rc = t_rc + 1) begin
                r_lt[u*T + t_rc] = (r_key[u] < r_key[t_rc]);
                r_lt[t_rc*T + u] = !r_lt[u*T + t_rc] && (r_key[u] != r_key[t_rc]);
            end
        end
        for (t_rc = 0; t_rc < T; t_rc = t_rc + 1) begin
            r_mask[t_rc] = r_cand[t_rc];
            for (u = 0; u < T; u = u + 1)
                if (r_lt[u*T + t_rc]) r_mask[t_rc] = 1'b0;
        end
    end
    // the lanes at the minimum share its PC; no candidate: all ones
    wire [31:0] r_pc_at;
    prim_onehot_mux #(.N(T), .W(32)) u_r_pc (
        .sel_i  (r_mask),
        .data_i (r_pcs),
        .data_o (r_pc_at)
    );
    wire [31:0] r_min = {32{r_cand == {T{1'b0}}}} | r_pc_at;

    // After X commits a barrier or an exit of warp x_warp_i: does every
    // live lane of the warp now wait at the barrier?
    wire [T-1:0] x_bpark_next = bpark_q[x_warp_i] | ((x_class_i == `CL_BAR) ? x_mask_i : {T{1'b0}});
    wire [T-1:0] x_run_next   = run_q[x_warp_i] & ((x_class_i == `CL_EXIT) ? ~x_mask_i : {T{1'b1}});
    wire         x_arrive     = x_commit_i && (x_class_i == `CL_BAR || x_class_i == `CL_EXIT) &&
                                (x_run_next != {T{1'b0}}) && (x_bpark_next != {T{1'b0}}) &&
                                ((x_run_next & ~x_bpark_next) == {T{1'b0}});
    wire         x_is_warp    = (x_class_i == `CL_WARP);

    // ------------------------------------------------------------------
    // Lanes parked at a barrier (bpark_q): X's barrier parks its lanes, the
    // release frees the warp, a launch into the slot clears it (in that
    // order of priority). Both next states are made without X's commit,
    // which only picks one: the release it decides (bar_go_o) ran through
    // four LUT levels into these registers' reset, the routed critical
    // path of the build with the detector (docs/fpga.md, Routing).
    // ------------------------------------------------------------------
    reg [NUM_WARPS*T-1:0] bpark_c, bpark_n;   // if X commits, if it does not
    integer bp;
    always @(*)
        for (bp = 0; bp < NUM_WARPS; bp = bp + 1) begin
            bpark_n[bp*T +: T] = (launch_i && alloc_i[bp]) ? {T{1'b0}} : bpark_q[bp];
            bpark_c[bp*T +: T] = (x_class_i == `CL_BAR && x_warp_i == WW'(bp)) ? x_bpark_next
                                                                                : bpark_n[bp*T +: T];
            if (bar_sel[bp] && bar_go_by_i[0]) bpark_n[bp*T +: T] = {T{1'b0}};
            if (bar_sel[bp] && bar_go_by_i[1]) bpark_c[bp*T +: T] = {T{1'b0}};
        end
    integer pw;  // not shared with another block: Yosys makes that a flip-flop both drive
    always @(posedge clk_i)
        for (pw = 0; pw < NUM_WARPS; pw = pw + 1)
            if (rst_i) bpark_q[pw] <= {T{1'b0}};
            else       bpark_q[pw] <= x_commit_i ? bpark_c[pw*T +: T] : bpark_n[pw*T +: T];

    // ------------------------------------------------------------------
    // The warps' state
    // ------------------------------------------------------------------
    integer wp, ln;  // not shared with another block: Yosys makes that a flip-flop both drive
    always @(posedge clk_i) begin
        if (rst_i) begin
            busy_q    <= 0;
            fwait_q   <= 0;
            lwait_q   <= 0;
            dwait_q   <= 0;
            bwait_q   <= 0;
            swait_q   <= 0;
            wforce_q  <= 0;
            r_valid_q <= 1'b0;
            rr_q      <= 0;
            for (wp = 0; wp < NUM_WARPS; wp = wp + 1) begin
                run_q[wp]   <= {T{1'b0}};
                park_q[wp]  <= {T{1'b0}};
                wpark_q[wp] <= {T{1'b0}};
                bslot_q[wp] <= 0;
            end
        end else begin
            // ---- launch
            if (launch_i) begin
                for (wp = 0; wp < NUM_WARPS; wp = wp + 1) if (alloc_i[wp]) begin
                    run_q[wp]       <= alloc_mask_i[wp*T +: T];
                    park_q[wp]      <= {T{1'b0}};
                    wpark_q[wp]     <= {T{1'b0}};
                    wforce_q[wp]    <= 1'b0;
                    wbase_q[wp]     <= new_base_i;
                    warp_pc_q[wp]   <= entry_pc_i;
                    warp_mask_q[wp] <= alloc_mask_i[wp*T +: T];
                    block_id_q[wp]  <= launch_block_id_i;
                    wib_q[wp]       <= alloc_wib_i[wp*WW +: WW];
                    bslot_q[wp]     <= new_bslot_i;
                    for (ln = 0; ln < T; ln = ln + 1)
                        lane_pc_q[wp*T + ln] <= entry_pc_i;
                end
            end

            // ---- F
            wb_starved_q <= unit_wb_pending_i && x_port_i;
            if (issue) begin
                busy_q[pick] <= 1'b1;
                rr_q         <= pick;
            end

            // ---- D
            if (d_miss_i) begin
                busy_q[d_warp_i] <= 1'b0;
                // A refill finishing right now may be this very line.
                if (!refill_done_i) fwait_q[d_warp_i] <= 1'b1;
            end
            if (refill_done_i) fwait_q <= 0;

            // ---- X
            r_valid_q <= x_retire_i;
            r_warp_q  <= x_warp_i;
            if (x_commit_i) begin
                for (ln = 0; ln < T; ln = ln + 1) begin
                    // lanes parking at a warp sync stay at it
                    if (x_mask_i[ln] && !(x_is_warp && !x_w_go_i)) begin
                        lane_pc_q[slot(x_warp_i, ln)] <= x_next_pc_i[ln*32 +: 32];
                    end
                end
                case (x_class_i)
                    `CL_MEM: begin
                        lwait_q[x_warp_i] <= x_to_lsu_i;
                        swait_q[x_warp_i] <= x_to_smem_i;
                    end
                    `CL_WARP:
                        if (x_w_go_i) begin
                            // the lanes that waited here go on with the issuing ones
                            for (ln = 0; ln < T; ln = ln + 1)
                                if (w_have_i[ln] && !x_mask_i[ln])
                                    lane_pc_q[slot(x_warp_i, ln)] <= x_pc4_i;
                            wpark_q[x_warp_i] <= wpark_q[x_warp_i] & ~w_have_i;
                        end else begin
                            wpark_q[x_warp_i] <= wpark_q[x_warp_i] | x_mask_i;
                        end
                    `CL_DIV: dwait_q[x_warp_i] <= 1'b1;
                    `CL_EXIT: begin
                        run_q[x_warp_i]  <= run_q[x_warp_i] & ~x_mask_i;
                    end
                    `CL_TMC: begin
                        for (ln = 0; ln < T; ln = ln + 1) begin
                            if (x_mask_i[ln] && !tmc_i[ln]) begin
                                run_q[x_warp_i][ln]  <= 1'b0;
                                park_q[x_warp_i][ln] <= 1'b1;
                            end else if (!x_mask_i[ln] && park_q[x_warp_i][ln] && tmc_i[ln]) begin
                                run_q[x_warp_i][ln]  <= 1'b1;
                                park_q[x_warp_i][ln] <= 1'b0;
                                lane_pc_q[slot(x_warp_i, ln)] <= x_pc4_i;
                            end
                        end
                    end
                    default: ;
                endcase
            end

            // ---- R
            if (r_valid_q) begin
                warp_pc_q[r_warp_q]   <= r_min;
                warp_mask_q[r_warp_q] <= r_mask;
                wforce_q[r_warp_q]    <= r_force;
                busy_q[r_warp_q]      <= 1'b0;
            end

            // ---- barrier and unit completions
            bwait_q <= (bwait_q & ~bar_release) |
                       (x_arrive ? ({{(NUM_WARPS-1){1'b0}}, 1'b1} << x_warp_i) : 0);
            if (lsu_wb_grant_i) lwait_q[lsu_wb_warp_i] <= 1'b0;
            if (smem_wb_grant_i) swait_q[smem_wb_warp_i] <= 1'b0;
            if (div_wb_grant_i) dwait_q[div_wb_warp_i] <= 1'b0;
        end
    end

    assign idle_o = !(|live) && !(|busy_q) && !(|lwait_q) && !(|dwait_q) && !(|swait_q) &&
                    !r_valid_q;
endmodule
`default_nettype wire
