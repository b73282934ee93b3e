// The race detector's hooks in one core (docs/detector.md 3 and 4): what
// the core's X stage, barrier and shared memory hand to the detector.
//   - the event port (scord_evt_port): a record per memory or fence
//     instruction and per barrier release, cut into line events for the
//     detector's queue;
//   - the lock tables (scord_locktable) of every warp slot, fed one lane a
//     cycle by a small sequencer from X's exchanges and fences and from the
//     write-backs of CASes that took a lock (docs/detector.md §4.2), whose
//     summary (a Bloom filter) each event carries;
//   - the barrier ids of each block slot (a block's barrier releases);
//   - the logical clocks (scord_sh_clocks) that order shared-memory
//     accesses, and the shared-memory hand-off (scord_sh_events);
//   - the shared-memory checks beside the banks (scord_sh_check), on the
//     passes gpu_smem taps out for them.
// With H_STAGE a stage H after X holds the event port's push, the lock
// sequencer's start and the clocks' inputs a cycle (the FPGA's
// configurations). With DETECTOR=0 nothing of this exists: the outputs
// are constants and the core never waits for a hook.
`default_nettype none
`include "scord_defs.vh"
`include "scord_shr.vh"

module scord_core_hooks #(
    parameter CORE_ID     = 0,
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter LINE_BYTES  = 32,
    parameter MEM_BYTES   = 16777216,
    parameter SMEM_BYTES  = 0,
    parameter DETECTOR    = 1,
    parameter H_STAGE     = 0,
    // derived, do not override
    parameter WW      = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter T       = NUM_THREADS,
    parameter LB      = (NUM_THREADS > 1) ? $clog2(NUM_THREADS) : 1,
    parameter SAW     = (SMEM_BYTES > 1) ? $clog2(SMEM_BYTES) : 1,
    parameter RW      = (SMEM_BYTES / (4 * NUM_THREADS) > 1) ? $clog2(SMEM_BYTES / (4 * NUM_THREADS)) : 1,
    parameter PC_W    = (MEM_BYTES > 1) ? $clog2(MEM_BYTES) : 1,   // a PC in device memory
    parameter TAG_W   = `SH_TAG_BITS(PC_W, SAW),
    parameter DET_EVW = `DET_LINE_EVW(NUM_THREADS, LINE_BYTES)
) (
    input  wire                    clk_i,
    input  wire                    rst_i,
    input  wire                    por_i,         // power-on reset only (the shared checks' shadow)
    input  wire                    armed_i,       // the detector wants events
    output wire                    armed_o,       // ... and there is one
    // X's instruction
    input  wire                    x_commit_i,
    input  wire [WW-1:0]           x_warp_i,
    input  wire [31:0]             x_pc_i,
    input  wire [T-1:0]            x_mask_i,
    input  wire [T*32-1:0]         x_paddr_i,     // each lane's address, as memory sees it
    // amocas.d (8 bytes) is two word atomics for the detector, one per
    // pass through X (gpu_units): the first pass (x_d64_half_i, which does
    // not commit) names the low words, the second the high ones (in
    // x_paddr_i). It takes no lock-table operation (§4.2: 32-bit CAS only).
    input  wire                    x_d64_i,
    input  wire                    x_d64_half_i,
    input  wire [T*32-1:0]         x_rs2v_i,      // each lane's rs2: an atomic's new value
    input  wire [T*32-1:0]         x_rdv_i,       // each lane's rd: a CAS's compare value
    input  wire [T-1:0]            x_gl_mask_i,   // device-memory lanes
    input  wire [T-1:0]            x_sh_mask_i,   // shared lanes
    input  wire [T*SAW-1:0]        x_saddr_i,     // ... their bytes in the shared memory
    input  wire [1:0]              x_size_i,
    input  wire                    x_strong_i,
    input  wire                    x_scope_dev_i,
    input  wire                    x_is_mem_i,
    input  wire [2:0]              x_lsu_op_i,
    input  wire [4:0]              x_amo_op_i,
    input  wire                    x_to_lsu_i,
    input  wire                    x_to_smem_i,
    input  wire                    x_fence_blk_i,
    input  wire                    x_fence_dev_i,
    input  wire                    x_is_bar_i,
    input  wire                    x_w_sync_i,    // a warp sync took place,
    input  wire [T-1:0]            w_have_i,      // ... of these lanes
    input  wire [15:0]             x_block_i,     // X's warp's block id (low bits),
    input  wire [WW-1:0]           x_wib_i,       // its index in the block,
    input  wire [WW-1:0]           x_bslot_i,     // its block slot,
    input  wire [SAW-1:0]          x_base_i,      // its slice of the shared memory
    input  wire                    smem_acc_i,    // X's shared lanes enter the banks
    // the units' write-backs, as the register file's port takes them (gpu_exec):
    // the LSU's or the shared memory's grant, its warp, lanes and results
    input  wire                    lsu_wb_grant_i,
    input  wire                    smem_wb_grant_i,
    input  wire [WW-1:0]           wb_warp_i,
    input  wire [T-1:0]            wb_mask_i,
    input  wire [T*32-1:0]         wb_data_i,
    // every warp slot's block slot and index in its block
    input  wire [NUM_WARPS*WW-1:0] bslot_i,
    input  wire [NUM_WARPS*5-1:0]  wib_i,
    // a block launch
    input  wire                    launch_i,
    input  wire [NUM_WARPS-1:0]    alloc_i,
    input  wire [WW-1:0]           new_bslot_i,
    // the barrier (gpu_warp_ctl)
    input  wire                    bar_any_i,
    input  wire [WW-1:0]           bar_slot_i,
    input  wire [NUM_WARPS-1:0]    bar_ssel_i,
    input  wire                    bar_go_i,
    input  wire [15:0]             bar_block_i,
    // the LSU's lanes of the instruction it serves (the stale lanes, gpu_lsu)
    input  wire                    lsu_acc_i,
    input  wire [T-1:0]            ld_known_i,
    input  wire [T-1:0]            ld_stale_i,
    // to X and F
    output wire                    x_evt_o,       // X's instruction makes an event
    output wire                    x_lk_op_o,     // ... a lock-table operation
    output wire                    det_full_o,    // no room for X's event
    output wire                    lk_busy_o,     // the lock sequencer is busy, as X sees it
    output wire [NUM_WARPS-1:0]    lk_wait_o,     // warps the lock sequencer works for
    output wire [1:0]              bar_go_by_o,   // a release if X does not commit, if it does
    // line events, to the detector (gpu_det_arb)
    output wire                    evt_valid_o,
    input  wire                    evt_ready_i,
    output wire [DET_EVW-1:0]      evt_data_o,
    output wire                    evt_last_o,
    output wire                    idle_o,
    output wire [7:0]              sh_acc_o,      // shared-memory lane accesses handed over this cycle
    output wire                    sh_sync_o,     // a warp sync handed over this cycle
    // the shared-memory checks' taps on gpu_smem's passes
    output wire [TAG_W-1:0]        sh_tag_o,
    output wire                    sh_hold_o,
    input  wire                    sh_rd_i,
    input  wire [T-1:0]            sh_rd_banks_i,
    input  wire [T*RW-1:0]         sh_rd_rows_i,
    input  wire                    sh_busy_i,
    input  wire                    sh_pass_i,
    input  wire [T-1:0]            sh_lanes_i,
    input  wire [T-1:0]            sh_banks_i,
    input  wire [T*RW-1:0]         sh_rows_i,
    input  wire [T*LB-1:0]         sh_lbank_i,
    input  wire [T*2-1:0]          sh_boff_i,
    input  wire [1:0]              sh_size_i,
    input  wire [1:0]              sh_kind_i,
    input  wire [WW-1:0]           sh_warp_i,
    input  wire [TAG_W-1:0]        sh_tag_i,
    // shared-memory race reports, to the detector's report writer
    input  wire [31:0]             pc_base_i,     // DET_PC_BASE
    output wire                    shr_valid_o,
    input  wire                    shr_ready_i,
    output wire [`SHR_BITS-1:0]    shr_data_o
);
    localparam HAS_SMEM = (SMEM_BYTES > 0);

    genvar gt, gw;
    generate
        if (DETECTOR != 0) begin : g_det
            wire det_armed = armed_i;
            assign armed_o = det_armed;
            // X's instruction as the hooks see it: events for the device-memory
            // lanes (shared lanes are handed over apart, sh_*) and fences;
            // lock-table operations for exchanges and fences. A CAS claims no
            // lock-table operation in X: whether it takes a lock is known only
            // from the old value its unit writes back (below).
            wire x_lk_cas  = x_is_mem_i && (x_lsu_op_i == `LSU_AMO) && (x_amo_op_i == `AMO_CAS) &&
                             !x_d64_i;
            wire x_lk_xchg = x_is_mem_i && (x_lsu_op_i == `LSU_AMO) && (x_amo_op_i == `AMO_SWAP);
            wire x_det_evt = det_armed && (x_to_lsu_i || x_fence_blk_i);
            wire x_lk_op   = det_armed && (x_lk_xchg || x_fence_dev_i || x_fence_blk_i);
            assign x_evt_o   = x_det_evt;
            assign x_lk_op_o = x_lk_op;
            // The rule of §4.2, per lane: a CAS lane may acquire if it compares
            // with 0 and writes a non-zero value (it acquires if the old value
            // proves to be 0); an exchange lane releases if it writes 0. Polling
            // (CAS 0 -> 0, any CAS whose compare is not 0) and flags set to a
            // non-zero value touch no table.
            wire [T-1:0] x_cas_cand, x_rel_lanes;
            for (gt = 0; gt < T; gt = gt + 1) begin : g_lk_rule
                wire new_zero = (x_rs2v_i[gt*32 +: 32] == 32'd0);
                assign x_cas_cand[gt]  = x_mask_i[gt] && (x_rdv_i[gt*32 +: 32] == 32'd0) && !new_zero;
                assign x_rel_lanes[gt] = x_mask_i[gt] && new_zero;
            end

            // ---- the lock sequencer
            localparam [1:0] LK_CAS = 2'd0, LK_XCHG = 2'd1, LK_FENCE = 2'd2;
            reg            lk_busy_q;
            reg [WW-1:0]   lk_warp_q;
            reg [1:0]      lk_op_q;
            reg            lk_scope_q;
            reg [T-1:0]    lk_left_q;
            // each lane's lockhash, taken as the sequencer starts (the table works
            // on the hash alone; selecting and hashing a 32-bit lane address per
            // step was the FPGA build's longest path, docs/fpga.md)
            reg  [T*6-1:0] lk_hash_q;
            wire [5:0]     lk_hash;
            wire [T*6-1:0] lk_s_hash;
            wire [T-1:0]   lk_bit;
            wire           lk_busy = lk_busy_q;
            // The sequencer's start: X's committed lock operation, or with H_STAGE
            // the one H holds, started a cycle later; until then it counts as busy
            // for X and keeps its warp from issuing (lk_wait_o). X's CAS is
            // recorded for its warp in the same way (lk_c_rec).
            wire             lk_start;
            wire [WW-1:0]    lk_s_warp;
            wire [1:0]       lk_s_op;
            wire             lk_s_scope;
            wire [T-1:0]     lk_s_mask;   // exchange: lanes writing 0; CAS: candidate lanes
            wire [T*32-1:0]  lk_s_addr;   // X's addresses (the event port's too)
            wire             lk_c_rec, lk_c_lsu, lk_c_smem;
            wire lk_pend = (H_STAGE != 0) && lk_start;
            // A CAS that took a lock waits in go_q for the sequencer (below).
            reg  [NUM_WARPS-1:0] go_q;
            wire                 go_any;
            wire [WW-1:0]        go_warp;
            wire [NUM_WARPS-1:0] go_bit;
            prim_first_one #(.N(NUM_WARPS)) u_go_pick (
                .req_i    (go_q),
                .any_o    (go_any),
                .idx_o    (go_warp),
                .onehot_o (go_bit)
            );
            // X's exchange or fence waits while a CAS's insertion waits
            wire lk_busy_x = lk_busy || lk_pend || go_any;
            assign lk_busy_o = lk_busy_x;
            // the lowest lane left, and its hash
            wire unused_lk_any;
            wire [LB-1:0] unused_lk_lane;
            prim_first_one #(.N(T)) u_lk_lane (
                .req_i    (lk_left_q),
                .any_o    (unused_lk_any),
                .idx_o    (unused_lk_lane),
                .onehot_o (lk_bit)
            );
            prim_onehot_mux #(.N(T), .W(6)) u_lk_hash (
                .sel_i  (lk_bit),
                .data_i (lk_hash_q),
                .data_o (lk_hash)
            );
            // A fence is one operation for the warp; CAS and exchange one per lane.
            wire lk_step = lk_busy && (lk_op_q == LK_FENCE || lk_left_q != 0);
            wire lk_done = lk_busy && (lk_op_q == LK_FENCE || (lk_left_q & ~lk_bit) == 0);
            // The warp of an operation waits until it is applied, so its next
            // instruction's events carry the summary after it. A CAS's warp
            // waits for its units' write-backs (gpu_warp_ctl), then in go_q,
            // then for the sequencer: go_q is set in the cycle after the last
            // write-back, the first cycle that write-back no longer holds it.
            for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_lock
                assign lk_wait_o[gw] = (lk_busy && lk_warp_q == gw) ||
                                       (lk_pend && lk_s_warp == gw) || go_q[gw];
            end
            for (gt = 0; gt < T; gt = gt + 1) begin : g_lockhash
                scord_lockhash u_lockhash (
                    .addr_i (lk_s_addr[gt*32 +: 32]),
                    .hash_o (lk_s_hash[gt*6 +: 6])
                );
            end

            // ---- CASes waiting for their old values, one per warp slot (a warp
            // has one instruction in flight): the lanes that may still acquire,
            // their hashes and scope, and which units have yet to write back. A
            // unit's write-back drops the lanes whose old value was not 0; after
            // the last one, the lanes left acquire (go_q).
            reg [NUM_WARPS*T-1:0]   pc_cand_q;
            reg [NUM_WARPS*T*6-1:0] pc_hash_q;
            reg [NUM_WARPS-1:0]     pc_scope_q, pc_lsu_q, pc_smem_q;
            wire                    wb_any = lsu_wb_grant_i || smem_wb_grant_i;
            wire [T-1:0]            wb_fail;   // lanes written back with a non-zero old value
            for (gt = 0; gt < T; gt = gt + 1) begin : g_wb_fail
                assign wb_fail[gt] = wb_mask_i[gt] && (wb_data_i[gt*32 +: 32] != 32'd0);
            end
            wire go_start = go_any && !lk_busy && !lk_start;   // X's (or H's) operation first
            wire [T-1:0]   go_cand;
            wire [T*6-1:0] go_hash;
            wire           go_scope;
            wire [NUM_WARPS*(T + T*6 + 1)-1:0] pc_sel_data;
            prim_onehot_mux #(.N(NUM_WARPS), .W(T + T*6 + 1)) u_go_sel (
                .sel_i  (go_bit),
                .data_i (pc_sel_data),
                .data_o ({go_cand, go_hash, go_scope})
            );
            for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_pend
                localparam integer PW = T + T*6 + 1;
                assign pc_sel_data[gw*PW +: PW] = {pc_cand_q[gw*T +: T], pc_hash_q[gw*T*6 +: T*6],
                                                    pc_scope_q[gw]};
                wire         wb_mine    = wb_any && wb_warp_i == WW'(gw);
                wire [T-1:0] cand_after = pc_cand_q[gw*T +: T] & ~wb_fail;
                // does the instruction still wait for the other unit?
                wire         wb_other   = lsu_wb_grant_i ? pc_smem_q[gw] : pc_lsu_q[gw];
                always @(posedge clk_i) begin
                    if (rst_i || (launch_i && alloc_i[gw])) begin
                        pc_cand_q[gw*T +: T] <= {T{1'b0}};
                        pc_lsu_q[gw]         <= 1'b0;
                        pc_smem_q[gw]        <= 1'b0;
                        go_q[gw]             <= 1'b0;
                    end else if (lk_c_rec && lk_s_warp == WW'(gw)) begin
                        pc_cand_q[gw*T +: T]     <= lk_s_mask;
                        pc_hash_q[gw*T*6 +: T*6] <= lk_s_hash;
                        pc_scope_q[gw]           <= lk_s_scope;
                        pc_lsu_q[gw]             <= lk_c_lsu;
                        pc_smem_q[gw]            <= lk_c_smem;
                    end else if (go_start && go_bit[gw]) begin
                        pc_cand_q[gw*T +: T] <= {T{1'b0}};
                        go_q[gw]             <= 1'b0;
                    end else if (wb_mine) begin
                        // (a write-back of any other instruction finds no lanes)
                        pc_cand_q[gw*T +: T] <= cand_after;
                        if (lsu_wb_grant_i) pc_lsu_q[gw]  <= 1'b0;
                        else                pc_smem_q[gw] <= 1'b0;
                        if (!wb_other && cand_after != {T{1'b0}}) go_q[gw] <= 1'b1;
                    end
                end
            end
`ifndef SYNTHESIS
            // With H_STAGE a CAS is recorded a cycle after X; no unit answers
            // that fast (the LSU takes a cycle to start, shared memory two).
            always @(posedge clk_i)
                if (!rst_i && lk_c_rec && wb_any && wb_warp_i == lk_s_warp)
                    $display("scord_core_hooks: ERROR: warp %0d wrote back as its CAS was recorded",
                             lk_s_warp);
`endif

            // Event port: X pushes one record per memory or fence instruction (with
            // H_STAGE, H pushes X's record a cycle later); a released barrier
            // pushes one when X (or H) does not. port_last: one free slot left.
            wire x_det_push = (x_commit_i || x_d64_half_i) && x_det_evt;
            wire port_full, port_last;
            wire hk_push;   // the port's push of X's record
            // X's lock operation as the sequencer starts it: a fence, or an
            // exchange with lanes that write 0 (one writing only non-zero values
            // starts nothing); a CAS as its warp's record takes it
            wire       x_fence_any  = x_fence_blk_i || x_fence_dev_i;
            wire [1:0] x_lk_s_op    = x_fence_any ? LK_FENCE : LK_XCHG;
            wire       x_lk_s_scope = x_fence_blk_i ? 1'b0 : x_scope_dev_i;
            wire       x_lk_go      = x_lk_op && (x_fence_any || x_rel_lanes != {T{1'b0}});
            wire       x_lk_rec     = det_armed && x_lk_cas;
            // {push, lock start, CAS record, warp, lock op, scope, lanes, its units,
            // addresses}: as X has them, or with H_STAGE as H holds them (only the
            // push, the start and the record reset)
            localparam HKW = 3 + WW + 2 + 1 + T + 2 + T*32;
            wire [HKW-1:0] hk_x = {x_det_push, x_commit_i && x_lk_go, x_commit_i && x_lk_rec, x_warp_i,
                                   x_lk_s_op, x_lk_s_scope, x_lk_cas ? x_cas_cand : x_rel_lanes,
                                   x_to_lsu_i, x_to_smem_i, x_paddr_i};
            wire [HKW-1:0] hk;
            prim_stage_reg #(.W(HKW), .STAGE(H_STAGE), .RST_MASK({3'b111, {(HKW-3){1'b0}}})) u_h_hk (
                .clk_i(clk_i), .rst_i(rst_i), .en_i(1'b1), .d_i(hk_x), .q_o(hk));
            assign {hk_push, lk_start, lk_c_rec, lk_s_warp, lk_s_op, lk_s_scope, lk_s_mask,
                    lk_c_lsu, lk_c_smem, lk_s_addr} = hk;
            wire det_bar_ok   = !port_full && !hk_push;   // the port can take a barrier event now
            wire det_bar_push = det_armed && bar_any_i && det_bar_ok;
            // X may commit an event only if the port has room for it once H and a
            // barrier pushing now have taken theirs (without H: the port is not full)
            assign det_full_o = port_full ||
                                ((H_STAGE != 0) && port_last && (hk_push || det_bar_push));
            // A barrier releases when every warp of its block waits and, with the
            // detector, the event port takes its event (det_bar_ok), which X's
            // commit decides late in the cycle. So the release is made both ways
            // without the commit, which only picks (gpu_warp_ctl's bar_go_o) or
            // enables; the logical clocks take both ways. The warps and block
            // slots it frees are made without it too. (The FPGA's longest
            // paths ran from the commit through the release into the barrier ids
            // and the clocks' epochs, docs/fpga.md.)
            // With H_STAGE the port's push comes from a register, so the release
            // is the same both ways.
            assign bar_go_by_o = (H_STAGE != 0) ? {2{bar_any_i && (!det_armed || det_bar_ok)}} :
                                 {bar_any_i && (!det_armed || (!port_full && !x_det_evt)),
                                  bar_any_i && (!det_armed || !port_full)};
            wire det_port_idle, sh_check_idle;
            assign idle_o = det_port_idle && !lk_busy_x &&
                            !((H_STAGE != 0) && (hk_push || lk_c_rec)) && sh_check_idle;

            // the lock tables of every warp slot; only X's warp reads its summary
            wire [15:0] x_bloom;
            scord_locktable #(
                .NUM_WARPS (NUM_WARPS)
            ) u_locktable (
                .clk_i        (clk_i),
                .rst_i        (rst_i),
                .clear_i      (launch_i ? alloc_i : {NUM_WARPS{1'b0}}),
                .op_valid_i   (lk_step),
                .op_warp_i    (lk_warp_q),
                .op_i         (lk_op_q),
                .hash_i       (lk_hash),
                .scope_i      (lk_scope_q),
                .bloom_warp_i (x_warp_i),
                .bloom_o      (x_bloom)
            );

            // Barrier id of each block slot: counts the block's barrier releases.
            reg [7:0]  bar_id_q [0:NUM_WARPS-1];
            reg [31:0] bar_pc_q [0:NUM_WARPS-1];   // PC of the block's last arriving bar
            // X's block's barrier id, and the id after this release: read by
            // loops of compares, so synthesis does not share one array read
            // and adder between the two behind the late x_det_push (it did,
            // which put the commit in front of the adder; docs/fpga.md).
            reg  [7:0] bar_id_x, bar_id_rel;
            integer    bi;
            always @(*) begin
                bar_id_x   = 8'd0;
                bar_id_rel = 8'd0;
                for (bi = 0; bi < NUM_WARPS; bi = bi + 1) begin
                    if (x_bslot_i == WW'(bi))  bar_id_x   = bar_id_q[bi];
                    if (bar_slot_i == WW'(bi)) bar_id_rel = bar_id_q[bi];
                end
            end
            wire [7:0]  bar_id_next = bar_id_rel + 8'd1;  // the id after this release

            // X's record for the event port (without its addresses, which
            // are the lock sequencer's lk_s_addr), as X makes it or, with
            // H_STAGE, as H holds it: {kind, scope, strong, size, pc, mask,
            // bloom, barrier id, block, warp, warp syncs, fence}
            wire [NUM_WARPS*8-1:0] sh_ws;
            wire [1:0] x_det_kind = x_fence_blk_i || x_fence_dev_i ? `DET_EV_SYNC :
                                    (x_lsu_op_i == `LSU_LOAD)  ? `DET_EV_LOAD :
                                    (x_lsu_op_i == `LSU_STORE) ? `DET_EV_STORE : `DET_EV_ATOMIC;
            wire [T-1:0] x_low_lane = x_mask_i & ~(x_mask_i - 1'b1);  // fences: one event
            localparam RECW = 2 + 1 + 1 + 2 + 32 + T + 16 + 8 + 16 + 5 + 8 + 1;
            wire x_fence_rec = x_fence_blk_i || x_fence_dev_i;
            wire [RECW-1:0] x_rec = {x_det_kind, x_fence_blk_i ? 1'b0 : x_scope_dev_i, x_strong_i,
                                     x_fence_rec ? `DET_SYNC_FENCE : x_size_i, x_pc_i,
                                     x_fence_rec ? x_low_lane : x_gl_mask_i, x_bloom, bar_id_x,
                                     x_block_i, {{(5-WW){1'b0}}, x_wib_i},
                                     sh_ws[x_warp_i*8 +: 8], x_fence_rec};
            wire [RECW-1:0] rec;   // (taken every cycle: used only when H pushes)
            prim_stage_reg #(.W(RECW), .STAGE(H_STAGE)) u_h_rec (
                .clk_i(clk_i), .rst_i(rst_i), .en_i(1'b1), .d_i(x_rec), .q_o(rec));
            // Each store lane's value class (docs/detector.md §3.1): the lowest
            // active lane of the instruction storing the same value (rs2's
            // bytes the store writes), so the detector can tell lanes of one
            // store writing one value to one word (a race of warning
            // severity, §8.2) from lanes writing different ones. T (T - 1) / 2
            // compares of the lanes' data; 0 for every other instruction.
            wire [31:0] x_vmask = (x_size_i == 2'd0) ? 32'h0000_00FF :
                                  (x_size_i == 2'd1) ? 32'h0000_FFFF : 32'hFFFF_FFFF;
            reg  [T*LB-1:0] x_cls;
            integer ct, cu;
            always @(*) begin
                x_cls = {T*LB{1'b0}};   // (every bit is set below; Verilator
                                        // cannot see it past its unroll limit)
                for (ct = 0; ct < T; ct = ct + 1) begin
                    x_cls[ct*LB +: LB] = LB'(ct);
                    for (cu = T - 1; cu >= 0; cu = cu - 1)   // the lowest match wins
                        if (cu < ct && x_mask_i[cu] &&
                            ((x_rs2v_i[cu*32 +: 32] ^ x_rs2v_i[ct*32 +: 32]) & x_vmask) == 32'd0)
                            x_cls[ct*LB +: LB] = LB'(cu);
                end
                if (x_det_kind != `DET_EV_STORE) x_cls = {T*LB{1'b0}};
            end
            wire [T*LB-1:0] rec_cls;
            prim_stage_reg #(.W(T*LB), .STAGE(H_STAGE)) u_h_cls (
                .clk_i(clk_i), .rst_i(rst_i), .en_i(1'b1), .d_i(x_cls), .q_o(rec_cls));

            scord_evt_port #(
                .CORE_ID     (CORE_ID),
                .NUM_THREADS (NUM_THREADS),
                .LINE_BYTES  (LINE_BYTES),
                .AW          (PC_W)
            ) u_evt_port (
                .clk_i          (clk_i),
                .rst_i          (rst_i),
                .push_x_i       (hk_push),
                .push_bar_i     (det_bar_push),
                .full_o         (port_full),
                .last_o         (port_last),
                .push_kind_i    (rec[RECW-1 -: 2]),
                .push_scope_i   (rec[RECW-3]),
                .push_strong_i  (rec[RECW-4]),
                .push_size_i    (rec[RECW-5 -: 2]),
                .push_pc_i      (rec[RECW-7 -: 32]),
                .push_mask_i    (rec[RECW-39 -: T]),
                .push_addr_i    (rec[0] ? {T*32{1'b0}} : lk_s_addr),
                .push_bloom_i   (rec[53 -: 16]),
                .push_barrier_i (rec[37 -: 8]),
                .push_block_i   (rec[29 -: 16]),
                .push_warp_i    (rec[13 -: 5]),
                .push_wsync_i   (rec[8:1]),
                .push_cls_i     (rec_cls),
                .bar_pc_i       (bar_pc_q[bar_slot_i]),
                .bar_id_i       (bar_id_next),
                .bar_block_i    (bar_block_i),
                .lsu_acc_i      (lsu_acc_i),
                .ld_known_i     (ld_known_i),
                .ld_stale_i     (ld_stale_i),
                .evt_valid_o    (evt_valid_o),
                .evt_ready_i    (evt_ready_i),
                .evt_data_o     (evt_data_o),
                .evt_last_o     (evt_last_o),
                .idle_o         (det_port_idle)
            );

            // Shared memory is handed over apart (docs/detector.md §3.6).
            wire [1:0] sh_kind = (x_lsu_op_i == `LSU_LOAD)  ? `DET_EV_LOAD :
                                 (x_lsu_op_i == `LSU_STORE) ? `DET_EV_STORE : `DET_EV_ATOMIC;
            scord_sh_events #(
                .NUM_WARPS   (NUM_WARPS),
                .NUM_THREADS (NUM_THREADS),
                .SAW         (SAW)
            ) u_sh_events (
                .clk_i          (clk_i),
                .rst_i          (rst_i),
                .armed_i        (det_armed),
                .acc_valid_i    (smem_acc_i),
                .acc_kind_i     (sh_kind),
                .acc_size_i     (x_size_i),
                .acc_mask_i     (x_sh_mask_i),
                .acc_addr_i     (x_saddr_i),
                .acc_pc_i       (x_pc_i),
                .acc_warp_i     (x_warp_i),
                .acc_wib_i      ({{(5-WW){1'b0}}, x_wib_i}),
                .acc_bslot_i    (x_bslot_i),
                .acc_block_i    (x_block_i),
                .sync_valid_i   (x_w_sync_i),
                .sync_mask_i    (w_have_i),
                .sync_pc_i      (x_pc_i),
                .sync_warp_i    (x_warp_i),
                .bar_valid_i    (bar_go_i),
                .bar_bslot_i    (bar_slot_i),
                .launch_i       (launch_i),
                .launch_bslot_i (new_bslot_i),
                .acc_lanes_o    (sh_acc_o),
                .sync_o         (sh_sync_o)
            );

            // A fence counts for the shared checks when its warp commits
            // its next instruction, and not at all if that one is a barrier:
            // __syncthreads() is fence.blk then bar, and were its fence
            // counted, a warp that reached the barrier would look "fenced
            // since" to the warps still before it, ordering their racing
            // accesses with its earlier ones. The barrier's release orders
            // them when it comes. The delay cannot hide an ordering: a
            // fence orders only through a flag its warp writes afterwards.
            reg  [NUM_WARPS-1:0] sh_fpend_q;   // a fence waiting for its warp's next instruction
            // counted if X commits (the clocks take the commit apart)
            wire                 sh_fence    = sh_fpend_q[x_warp_i] && !x_is_bar_i;
            integer fw;
            always @(posedge clk_i)
                for (fw = 0; fw < NUM_WARPS; fw = fw + 1)
                    if (rst_i || (launch_i && alloc_i[fw]))
                        sh_fpend_q[fw] <= 1'b0;
                    else if (x_commit_i && x_warp_i == WW'(fw))
                        sh_fpend_q[fw] <= x_fence_any;

            // The logical clocks that order shared-memory accesses (and whose
            // warp sync count global events carry). They take X's commit, warp
            // sync and counted fence, or with H_STAGE the same a cycle later
            // (a launch into the warp's slot in that cycle clears the counts
            // after them).
            wire [NUM_WARPS*8-1:0] sh_ep;
            wire [NUM_WARPS*6-1:0] sh_fc;
            wire                   sh_gen, sh_wrap;
            wire          ck_commit, ck_sync, ck_fence;
            wire [WW-1:0] ck_warp;
            prim_stage_reg #(.W(3 + WW), .STAGE(H_STAGE), .RST_MASK({2'b11, {(1 + WW){1'b0}}})) u_h_clk (
                .clk_i(clk_i), .rst_i(rst_i), .en_i(1'b1),
                .d_i({x_commit_i, x_w_sync_i, sh_fence, x_warp_i}),
                .q_o({ck_commit, ck_sync, ck_fence, ck_warp}));

            scord_sh_clocks #(
                .NUM_WARPS  (NUM_WARPS),
                .COMMIT_REG (H_STAGE)
            ) u_sh_clocks (
                .clk_i          (clk_i),
                .rst_i          (rst_i),
                .por_i          (por_i),
                .launch_i       (launch_i),
                .launch_bslot_i (new_bslot_i),
                .launch_warps_i (alloc_i),
                .commit_i       (ck_commit),
                .sync_i         (ck_sync),
                .fence_i        (ck_fence),
                .x_warp_i       (ck_warp),
                .bar_i          (bar_go_by_o),
                .bar_bslot_i    (bar_slot_i),
                .bslot_i        (bslot_i),
                .ws_o           (sh_ws),
                .fc_o           (sh_fc),
                .ep_o           (sh_ep),
                .gen_o          (sh_gen),
                .wrap_o         (sh_wrap)
            );

            // ---- the hooks' state: the lock sequencer, the barrier ids
            always @(posedge clk_i) begin
                if (rst_i) begin
                    lk_busy_q <= 1'b0;
                end else begin
                    // (only armed instructions start the sequencer)
                    if (lk_start) begin
                        lk_busy_q  <= 1'b1;
                        lk_warp_q  <= lk_s_warp;
                        lk_op_q    <= lk_s_op;
                        lk_scope_q <= lk_s_scope;
                        lk_left_q  <= lk_s_mask;
                        lk_hash_q  <= lk_s_hash;
                    end else if (go_start) begin
                        // a CAS's lanes that acquired: inserted one a cycle
                        lk_busy_q  <= 1'b1;
                        lk_warp_q  <= go_warp;
                        lk_op_q    <= LK_CAS;
                        lk_scope_q <= go_scope;
                        lk_left_q  <= go_cand;
                        lk_hash_q  <= go_hash;
                    end else if (lk_done) begin
                        lk_busy_q <= 1'b0;
                    end else if (lk_step) begin
                        lk_left_q <= lk_left_q & ~lk_bit;
                    end
                end
            end
            integer wp;  // not shared with another block: Yosys makes that a flip-flop both drive
            always @(posedge clk_i)
                if (!rst_i) begin
                    if (x_commit_i && x_is_bar_i)
                        bar_pc_q[x_bslot_i] <= x_pc_i;
                    for (wp = 0; wp < NUM_WARPS; wp = wp + 1)
                        if (bar_go_i && bar_ssel_i[wp])
                            bar_id_q[wp] <= bar_id_q[wp] + 8'd1;
                    if (launch_i)
                        bar_id_q[new_bslot_i] <= 8'd0;
                end

            // The shared-memory checks, beside the banks.
            if (HAS_SMEM) begin : g_sh_check
                scord_sh_check #(
                    .NUM_WARPS   (NUM_WARPS),
                    .NUM_THREADS (NUM_THREADS),
                    .SMEM_BYTES  (SMEM_BYTES),
                    .REP_STAGE   (H_STAGE),
                    .PC_W        (PC_W)
                ) u_sh_check (
                    .clk_i       (clk_i),
                    .rst_i       (rst_i),
                    .por_i       (por_i),
                    .armed_i     (det_armed),
                    .pc_base_i   (pc_base_i),
                    .ws_i        (sh_ws),
                    .fc_i        (sh_fc),
                    .fpend_i     (sh_fpend_q),
                    .ep_i        (sh_ep),
                    .gen_i       (sh_gen),
                    .wrap_i      (sh_wrap),
                    .wib_i       (wib_i),
                    .acc_pc_i    (x_pc_i),
                    .acc_warp_i  (x_warp_i),
                    .acc_bslot_i (x_bslot_i),
                    .acc_block_i (x_block_i),
                    .acc_base_i  (x_base_i),
                    .tag_o       (sh_tag_o),
                    .rd_i        (sh_rd_i),
                    .rd_banks_i  (sh_rd_banks_i),
                    .rd_rows_i   (sh_rd_rows_i),
                    .busy_i      (sh_busy_i),
                    .pass_i      (sh_pass_i),
                    .lanes_i     (sh_lanes_i),
                    .banks_i     (sh_banks_i),
                    .rows_i      (sh_rows_i),
                    .lbank_i     (sh_lbank_i),
                    .boff_i      (sh_boff_i),
                    .size_i      (sh_size_i),
                    .kind_i      (sh_kind_i),
                    .warp_i      (sh_warp_i),
                    .tag_i       (sh_tag_i),
                    .hold_o      (sh_hold_o),
                    .shr_valid_o (shr_valid_o),
                    .shr_ready_i (shr_ready_i),
                    .shr_data_o  (shr_data_o),
                    .idle_o      (sh_check_idle)
                );
            end else begin : g_no_sh_check
                // no shared memory: nothing to check, no taps
                assign sh_tag_o      = {TAG_W{1'b0}};
                assign sh_hold_o     = 1'b0;
                assign sh_check_idle = 1'b1;
                assign shr_valid_o   = 1'b0;
                assign shr_data_o    = {`SHR_BITS{1'b0}};
                wire unused_no_sh_check = ^{sh_rd_i, sh_rd_banks_i, sh_rd_rows_i, sh_busy_i, sh_pass_i,
                                            sh_lanes_i, sh_banks_i, sh_rows_i, sh_lbank_i, sh_boff_i,
                                            sh_size_i, sh_kind_i, sh_warp_i, sh_tag_i, pc_base_i,
                                            shr_ready_i, wib_i, sh_fc, sh_fpend_q, sh_ep, sh_gen,
                                            sh_wrap, x_base_i};
            end
        end else begin : g_no_det
            // No detector: nothing is ever pushed, checked or waited for.
            assign armed_o     = 1'b0;
            assign x_evt_o     = 1'b0;
            assign x_lk_op_o   = 1'b0;
            assign det_full_o  = 1'b0;
            assign lk_busy_o   = 1'b0;
            assign lk_wait_o   = {NUM_WARPS{1'b0}};
            assign bar_go_by_o = {2{bar_any_i}};
            assign evt_valid_o = 1'b0;
            assign evt_data_o  = {DET_EVW{1'b0}};
            assign evt_last_o  = 1'b0;
            assign idle_o      = 1'b1;
            assign sh_acc_o    = 8'd0;
            assign sh_sync_o   = 1'b0;
            assign sh_tag_o    = {TAG_W{1'b0}};
            assign sh_hold_o   = 1'b0;
            assign shr_valid_o = 1'b0;
            assign shr_data_o  = {`SHR_BITS{1'b0}};
            wire unused_no_det = ^{clk_i, rst_i, por_i, armed_i, x_commit_i, x_warp_i, x_pc_i, x_mask_i,
                                   x_d64_i, x_d64_half_i,
                                   x_paddr_i, x_rs2v_i, x_rdv_i, x_to_smem_i, lsu_wb_grant_i,
                                   smem_wb_grant_i, wb_warp_i, wb_mask_i, wb_data_i,
                                   x_gl_mask_i, x_sh_mask_i, x_saddr_i, x_size_i,
                                   x_strong_i, x_scope_dev_i, x_is_mem_i, x_lsu_op_i, x_amo_op_i,
                                   x_to_lsu_i, x_fence_blk_i, x_fence_dev_i, x_is_bar_i,
                                   x_w_sync_i, w_have_i, x_block_i, x_wib_i, x_bslot_i, x_base_i,
                                   smem_acc_i, bslot_i, wib_i, launch_i, alloc_i, new_bslot_i,
                                   bar_slot_i, bar_ssel_i, bar_go_i, bar_block_i, evt_ready_i,
                                   sh_rd_i, sh_rd_banks_i, sh_rd_rows_i, sh_busy_i, sh_pass_i,
                                   sh_lanes_i, sh_banks_i, sh_rows_i, sh_lbank_i, sh_boff_i,
                                   sh_size_i, sh_kind_i, sh_warp_i, sh_tag_i, pc_base_i,
                                   shr_ready_i, lsu_acc_i, ld_known_i, ld_stale_i};
        end
    endgenerate
endmodule
`default_nettype wire
