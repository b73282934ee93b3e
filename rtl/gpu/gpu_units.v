// The units X hands its instructions to, and the hand-off: the LSU (with
// the L1 D$ and its L2 channel), the shared memory and the divider, each
// writing its results back when the register file's port is free
// (gpu_exec). A busy unit or a full event port (the detector's hooks)
// replays the instruction: X commits it only when every unit it needs
// takes it. A replayed warp does not fetch again until the unit that
// turned it away frees up, and the memory path's turns are shared fairly
// (below).
`default_nettype none
`include "scord_defs.vh"
`include "gpu_pkg_classes.vh"
`include "gpu_l2_bus.vh"

module gpu_units #(
    parameter CORE_ID     = 0,
    parameter NUM_CORES   = 4,
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter LINE_BYTES  = 32,
    parameter L1D_BYTES   = 4096,
    parameter SMEM_BYTES  = 0,
    parameter E_STAGE     = 0,
    parameter H_STAGE     = 0,
    parameter DETECTOR    = 0,     // the LSU keeps the detector's stale lanes
    parameter TAG_W       = 1,     // the shared-memory checks' tag (scord_core_hooks)
    // derived, do not override
    parameter WW        = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter T         = NUM_THREADS,
    parameter LB        = (NUM_THREADS > 1) ? $clog2(NUM_THREADS) : 1,
    parameter SAW       = (SMEM_BYTES > 1) ? $clog2(SMEM_BYTES) : 1,
    parameter RW        = (SMEM_BYTES / (4 * NUM_THREADS) > 1) ? $clog2(SMEM_BYTES / (4 * NUM_THREADS)) : 1,
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES),
    parameter RID_W     = (NUM_CORES * NUM_WARPS * NUM_THREADS > 1) ?
                          $clog2(NUM_CORES * NUM_WARPS * NUM_THREADS) : 1
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  start_i,        // a new grid: flush the L1 D$
    // X's instruction and operands
    input  wire                  x_valid_i,
    input  wire                  x_fault_i,
    input  wire [WW-1:0]         x_warp_i,
    input  wire [3:0]            x_class_i,
    input  wire                  x_is_mem_i,
    input  wire                  x_to_lsu_i,
    input  wire                  x_to_smem_i,
    input  wire [2:0]            x_lsu_op_i,
    input  wire                  x_strong_i,
    input  wire                  x_scope_dev_i,
    input  wire [4:0]            x_amo_op_i,
    input  wire [1:0]            x_size_i,
    input  wire                  x_d64_i,        // amocas.d (its size as a word's, 2)
    input  wire [31:0]           x_pc_i,
    input  wire                  x_unsigned_i,
    input  wire [4:0]            x_rd_i,
    input  wire [1:0]            x_div_op_i,     // funct3[1:0] of DIV*/REM*
    input  wire [T-1:0]          x_mask_i,
    input  wire [T-1:0]          x_sh_mask_i,
    input  wire [T*32-1:0]       x_paddr_i,
    input  wire [T*SAW-1:0]      x_saddr_i,
    input  wire [T*32-1:0]       rs1v_i,
    input  wire [T*32-1:0]       rs2v_i,
    input  wire [T*32-1:0]       rdv_i,
    // what it claims of the detector's hooks (scord_core_hooks), and their state
    input  wire                  x_evt_i,        // an event for the event port
    input  wire                  x_lk_op_i,      // a lock-table operation
    input  wire                  det_full_i,     // the event port has no room for X's event
    input  wire                  lk_busy_i,      // the lock sequencer is busy (for X)
    // the outcome
    output wire                  x_commit_o,
    output wire                  x_replay_o,
    output wire                  det_stall_o,    // X replayed for the detector
    output wire [NUM_WARPS-1:0]  unit_blk_o,     // warps replayed for a busy unit
    output wire                  smem_acc_o,     // X's shared lanes enter the banks
    // amocas.d's two passes: the second pass's warp and PC (D reads the
    // pairs' odd registers), X's pass
    output wire                  hi_valid_o,
    output wire [WW-1:0]         hi_warp_o,
    output wire [31:0]           hi_pc_o,
    output wire                  x_d64_hi_o,     // X's operands are the high words
    output wire                  x_d64_half_o,   // X's first pass took the low words
    // the write-backs (granted by gpu_exec)
    output wire                  lsu_wb_valid_o,
    input  wire                  lsu_wb_grant_i,
    output wire [WW-1:0]         lsu_wb_warp_o,
    output wire [4:0]            lsu_wb_rd_o,
    output wire [T-1:0]          lsu_wb_mask_o,
    output wire [T*32-1:0]       lsu_wb_data_o,
    output wire                  lsu_wb_last_o,  // the instruction's last write-back
    output wire                  smem_wb_valid_o,
    input  wire                  smem_wb_grant_i,
    output wire [WW-1:0]         smem_wb_warp_o,
    output wire [4:0]            smem_wb_rd_o,
    output wire [T-1:0]          smem_wb_mask_o,
    output wire [T*32-1:0]       smem_wb_data_o,
    output wire                  smem_wb_last_o,
    output wire                  div_wb_valid_o,
    input  wire                  div_wb_grant_i,
    output wire [WW-1:0]         div_wb_warp_o,
    output wire [4:0]            div_wb_rd_o,
    output wire [T-1:0]          div_wb_mask_o,
    output wire [T*32-1:0]       div_wb_data_o,
    // the LSU's L2 channel (gpu_l2_bus.vh)
    output wire                  dc_req_valid_o,
    input  wire                  dc_req_ready_i,
    output wire [REQ_W-1:0]      dc_req_o,
    input  wire                  dc_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  dc_rsp_data_i,
    // the L2's write notices, and the LSU's stale lanes (gpu_lsu)
    input  wire                  wn_valid_i,
    input  wire [31:0]           wn_addr_i,
    input  wire [LINE_BYTES/4-1:0] wn_any_i,
    input  wire [LINE_BYTES/4-1:0] wn_full_i,
    input  wire [RID_W-1:0]      wn_rid_i,
    output wire                  lsu_acc_o,
    output wire [T-1:0]          ld_known_o,
    output wire [T-1:0]          ld_stale_o,
    // the shared memory's passes, for the detector's checks (gpu_smem)
    input  wire [TAG_W-1:0]      sh_tag_i,
    input  wire                  sh_hold_i,
    output wire                  sh_rd_o,
    output wire [T-1:0]          sh_rd_banks_o,
    output wire [T*RW-1:0]       sh_rd_rows_o,
    output wire                  sh_busy_o,
    output wire                  sh_pass_o,
    output wire [T-1:0]          sh_lanes_o,
    output wire [T-1:0]          sh_banks_o,
    output wire [T*RW-1:0]       sh_rows_o,
    output wire [T*LB-1:0]       sh_lbank_o,
    output wire [T*2-1:0]        sh_boff_o,
    output wire [1:0]            sh_size_o,
    output wire [1:0]            sh_kind_o,
    output wire [WW-1:0]         sh_warp_o,
    output wire [TAG_W-1:0]      sh_tag_o,
    // status and counters
    output wire                  idle_o,
    output wire                  perf_load_o,
    output wire                  perf_store_o,
    output wire                  perf_atomic_o,
    output wire                  perf_l1_hit_o,
    output wire                  perf_l1_miss_o,
    output wire                  perf_smem_acc_o,
    output wire                  perf_smem_cf_o
);
    localparam HAS_SMEM = (SMEM_BYTES > 0);
    wire lsu_req_ready, smem_req_ready, smem_free, div_req_ready;
    wire lsu_req_valid, smem_req_valid;
    wire lsu_idle, smem_idle;
    assign idle_o     = lsu_idle && smem_idle;
    assign smem_acc_o = smem_req_valid && smem_req_ready;

    // Fairness of the memory path: a warp replayed for a full event port,
    // or for a busy LSU or lock sequencer 15 times in a row, owns the
    // next turn of all three. Without this, warps polling in a tight loop
    // can take every slot that frees up and starve the warp they wait
    // for: a warp spinning on a lock whose LSU answer comes back just as
    // the LSU frees up wins it every time over the lock's holder. One
    // reservation for the three, so two warps never each hold one the
    // other needs (the holder's release is a lock-sequencer operation like
    // the spinners' CASes). Losing the LSU a few times is ordinary sharing:
    // reserving then leaves it idle until the owner's turn, which cost the
    // tiled matrix multiply 4 % at 4 losses and 1.3 % at 15.
    localparam integer LOSS_W = 4;
    localparam [LOSS_W-1:0] LOSSES = {LOSS_W{1'b1}};
    reg                         mem_resv_q;
    reg [WW-1:0]                mem_resv_warp_q;
    reg [NUM_WARPS*LOSS_W-1:0]  loss_q;      // busy replays in a row, per warp
    wire [LOSS_W-1:0] x_losses = loss_q[x_warp_i*LOSS_W +: LOSS_W];
    wire resv_other   = mem_resv_q && mem_resv_warp_q != x_warp_i;
    // An instruction that needs any of the three waits, before it is
    // handed to any unit, while another warp owns the next turn. The first
    // pass of amocas.d claims them all (below); one that waits for the
    // hold register claims nothing, so it never holds the turn its holder
    // needs.
    wire x_claims     = x_d64_1st ? 1'b1 : (x_evt_i || x_lk_op_i || x_to_lsu_i);
    wire x_det_replay = x_ok && !x_d64_wait &&
                        ((x_evt_i && det_full_i) || (x_lk_op_i && lk_busy_i) ||
                         (x_claims && resv_other));

    // ---- amocas.d: two passes through X (docs/isa.md, docs/architecture.md)
    // The register file reads rs1, rs2 and rd; amocas.d has five operands
    // (rs1 and the pairs rs2, rd). Its first pass takes the low words (rs2,
    // rd) of every lane into the hold register and replays; D then reads
    // the warp's next issue at that PC with the pairs' odd registers, and
    // that second pass goes to the units with the low words from the hold
    // register, which takes the high words for them to read while they
    // serve it. One hold register per core: a first pass of another warp
    // replays until the units are done with it. The second pass must have
    // the first's lanes (other lanes' low words were not taken then);
    // otherwise the pair starts over.
    reg             hold_v_q;                 // a first pass waits for its second
    reg [WW-1:0]    hold_warp_q;
    reg [31:0]      hold_pc_q;
    reg [T-1:0]     hold_mask_q;
    reg [T*32-1:0]  hold_wd_q, hold_cmp_q;    // low words, then (units) high words
    wire            lsu_d64_busy, smem_d64_busy;
    wire hold_busy  = hold_v_q || lsu_d64_busy || smem_d64_busy;
    wire x_d64_2nd  = x_d64_i && hold_v_q && (hold_warp_q == x_warp_i) && (hold_pc_q == x_pc_i);
    wire x_d64_bad  = x_d64_2nd && (hold_mask_q != x_mask_i);
    wire x_d64_1st  = x_d64_i && !x_d64_2nd;
    wire x_d64_wait = x_d64_1st && hold_busy;
    wire x_d64_half = x_ok && x_d64_1st && !x_d64_wait && !x_det_replay;
    assign hi_valid_o   = hold_v_q;
    assign hi_warp_o    = hold_warp_q;
    assign hi_pc_o      = hold_pc_q;
    assign x_d64_hi_o   = x_d64_2nd;
    assign x_d64_half_o = x_d64_half;
    wire [T*32-1:0] u_wdata = x_d64_2nd ? hold_wd_q  : rs2v_i;
    wire [T*32-1:0] u_cmp   = x_d64_2nd ? hold_cmp_q : rdv_i;
    // Hand-off to the LSU, the shared memory and the divider; a busy unit
    // means replay. An instruction with lanes for both memories goes to
    // both in the same cycle or to neither.
    wire x_ok       = x_valid_i && !x_fault_i;
    wire x_mem_go   = x_ok && x_is_mem_i && !x_det_replay && !x_d64_1st && !x_d64_bad;
    wire lsu_now    = !x_to_lsu_i || lsu_req_ready;
    wire smem_now   = !x_to_smem_i || smem_req_ready;
    wire lsu_busy   = x_mem_go && x_to_lsu_i && !lsu_req_ready;   // replayed for the LSU
    assign lsu_req_valid  = x_mem_go && x_to_lsu_i && smem_now;
    assign smem_req_valid = x_mem_go && x_to_smem_i && lsu_now;
    wire x_mem_replay   = x_mem_go && !(lsu_now && smem_now);
    wire div_req_valid  = x_ok && (x_class_i == `CL_DIV);
    wire x_replay   = x_mem_replay || (div_req_valid && !div_req_ready) || x_det_replay ||
                      (x_ok && (x_d64_1st || x_d64_bad));
    // replayed because the LSU or the lock sequencer was busy (not for
    // another warp's reservation)
    wire x_busy_replay = x_ok && ((x_lk_op_i && lk_busy_i && !resv_other) || lsu_busy);
    wire x_commit   = x_ok && !x_replay;
    assign x_commit_o  = x_commit;
    assign x_replay_o  = x_replay;
    assign det_stall_o = x_valid_i && x_det_replay;

    // Replayed because the LSU (or divider, or shared memory) was busy:
    // not worth fetching again until that unit frees up.
    reg [NUM_WARPS-1:0] lsu_blk_q, div_blk_q, smem_blk_q;
    assign unit_blk_o = lsu_blk_q | div_blk_q | smem_blk_q;

    integer wp;  // not shared with another block: Yosys makes that a flip-flop both drive
    always @(posedge clk_i) begin
        if (rst_i) begin
            lsu_blk_q  <= 0;
            div_blk_q  <= 0;
            smem_blk_q <= 0;
            mem_resv_q <= 1'b0;
            loss_q     <= 0;
            hold_v_q   <= 1'b0;
        end else begin
            // ---- memory path reservation
            // (a loop of compares: the write at x_warp_i*LOSS_W Yosys made
            // a 32-bit offset on a carry chain of 17 CCU2C, on the routed
            // critical path of the fpga1 build with the detector once)
            for (wp = 0; wp < NUM_WARPS; wp = wp + 1)
                if (x_warp_i == WW'(wp)) begin
                    if (x_commit)
                        loss_q[wp*LOSS_W +: LOSS_W] <= {LOSS_W{1'b0}};
                    else if (x_busy_replay && x_losses != LOSSES)
                        loss_q[wp*LOSS_W +: LOSS_W] <= x_losses + 1'b1;
                end
            if (x_commit && mem_resv_q && x_warp_i == mem_resv_warp_q)
                mem_resv_q <= 1'b0;
            else if (x_ok && !mem_resv_q && !x_d64_wait &&
                     ((x_evt_i && det_full_i) || (x_busy_replay && x_losses == LOSSES))) begin
                mem_resv_q      <= 1'b1;
                mem_resv_warp_q <= x_warp_i;
            end

            // ---- amocas.d's hold register
            if (start_i) begin
                hold_v_q <= 1'b0;
            end else if (x_d64_half) begin
                hold_v_q    <= 1'b1;
                hold_warp_q <= x_warp_i;
                hold_pc_q   <= x_pc_i;
                hold_mask_q <= x_mask_i;
                hold_wd_q   <= rs2v_i;
                hold_cmp_q  <= rdv_i;
            end else if (x_ok && x_d64_bad) begin
                hold_v_q <= 1'b0;
            end else if (x_commit && x_d64_2nd) begin
                hold_v_q   <= 1'b0;
                hold_wd_q  <= rs2v_i;
                hold_cmp_q <= rdv_i;
            end

            // ---- the units' turns
            if (lsu_req_ready)
                lsu_blk_q <= 0;
            else if (lsu_busy)
                lsu_blk_q[x_warp_i] <= 1'b1;
            if (smem_free)
                smem_blk_q <= 0;
            else if (x_mem_go && x_to_smem_i)
                smem_blk_q[x_warp_i] <= 1'b1;
            if (div_req_ready)
                div_blk_q <= 0;
            else if (div_req_valid && !div_req_ready)
                div_blk_q[x_warp_i] <= 1'b1;
        end
    end

    // ------------------------------------------------------------------
    // The LSU, the shared memory, the divider
    // ------------------------------------------------------------------
    gpu_lsu #(
        .CORE_ID     (CORE_ID),
        .NUM_CORES   (NUM_CORES),
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .LINE_BYTES  (LINE_BYTES),
        .L1D_BYTES   (L1D_BYTES),
        .DETECTOR    (DETECTOR),
        // the event port takes a line event in the cycle its lanes' lookup
        // decides them, except where stage H delays the port's records
        // anyway (the FPGA's configurations: no path from the L1's tags
        // into the detector's arbiter)
        .LOOKAHEAD   (H_STAGE == 0)
    ) u_lsu (
        .clk_i              (clk_i),
        .rst_i              (rst_i),
        .flush_i            (start_i),
        .lsu_req_valid_i    (lsu_req_valid),
        .lsu_req_ready_o    (lsu_req_ready),
        .lsu_req_op_i       (x_lsu_op_i),
        .lsu_req_strong_i   (x_strong_i),
        .lsu_req_scope_i    (x_scope_dev_i),
        .lsu_req_amo_op_i   (x_amo_op_i),
        .lsu_req_size_i     (x_size_i),
        .lsu_req_unsigned_i (x_unsigned_i),
        .lsu_req_warp_i     (x_warp_i),
        .lsu_req_rd_i       (x_rd_i),
        .lsu_req_mask_i     (x_mask_i),
        .lsu_req_addr_i     (x_paddr_i),
        .lsu_req_wdata_i    (u_wdata),
        .lsu_req_cmp_i      (u_cmp),
        .lsu_req_d64_i      (x_d64_i),
        .hi_wdata_i         (hold_wd_q),
        .hi_cmp_i           (hold_cmp_q),
        .d64_busy_o         (lsu_d64_busy),
        .wb_valid_o         (lsu_wb_valid_o),
        .wb_ready_i         (lsu_wb_grant_i),
        .wb_warp_o          (lsu_wb_warp_o),
        .wb_rd_o            (lsu_wb_rd_o),
        .wb_mask_o          (lsu_wb_mask_o),
        .wb_data_o          (lsu_wb_data_o),
        .wb_last_o          (lsu_wb_last_o),
        .l2_req_valid_o     (dc_req_valid_o),
        .l2_req_ready_i     (dc_req_ready_i),
        .l2_req_o           (dc_req_o),
        .l2_rsp_valid_i     (dc_rsp_valid_i),
        .l2_rsp_data_i      (dc_rsp_data_i),
        .idle_o             (lsu_idle),
        .perf_load_o        (perf_load_o),
        .perf_store_o       (perf_store_o),
        .perf_atomic_o      (perf_atomic_o),
        .perf_l1_hit_o      (perf_l1_hit_o),
        .perf_l1_miss_o     (perf_l1_miss_o),
        .wn_valid_i         (wn_valid_i),
        .wn_addr_i          (wn_addr_i),
        .wn_any_i           (wn_any_i),
        .wn_full_i          (wn_full_i),
        .wn_rid_i           (wn_rid_i),
        .ld_known_o         (ld_known_o),
        .ld_stale_o         (ld_stale_o),
        .acc_o              (lsu_acc_o)
    );

    // Shared memory: the lanes of x_sh_mask_i, addressed in this core's
    // memory (x_saddr_i); the block's slice was checked in X.
    generate
        if (HAS_SMEM) begin : g_smem
            gpu_smem #(
                .NUM_WARPS   (NUM_WARPS),
                .NUM_THREADS (NUM_THREADS),
                .SMEM_BYTES  (SMEM_BYTES),
                .TAG_W       (TAG_W),
                .HOLD_REG    (H_STAGE),
                .RESULT_REG  (E_STAGE)
            ) u_smem (
                .clk_i           (clk_i),
                .rst_i           (rst_i),
                .req_valid_i     (smem_req_valid),
                .req_ready_o     (smem_req_ready),
                .free_o          (smem_free),
                .req_op_i        (x_lsu_op_i),
                .req_amo_op_i    (x_amo_op_i),
                .req_size_i      (x_size_i),
                .req_unsigned_i  (x_unsigned_i),
                .req_warp_i      (x_warp_i),
                .req_rd_i        (x_rd_i),
                .req_mask_i      (x_sh_mask_i),
                .req_addr_i      (x_saddr_i),
                .req_wdata_i     (u_wdata),
                .req_cmp_i       (u_cmp),
                .req_d64_i       (x_d64_i),
                .hi_wdata_i      (hold_wd_q),
                .hi_cmp_i        (hold_cmp_q),
                .d64_busy_o      (smem_d64_busy),
                .req_tag_i       (sh_tag_i),
                .hold_i          (sh_hold_i),
                .wb_valid_o      (smem_wb_valid_o),
                .wb_ready_i      (smem_wb_grant_i),
                .wb_ready_req_i  (smem_wb_valid_o && !lsu_wb_valid_o),   // X writes no register then
                .wb_warp_o       (smem_wb_warp_o),
                .wb_rd_o         (smem_wb_rd_o),
                .wb_mask_o       (smem_wb_mask_o),
                .wb_data_o       (smem_wb_data_o),
                .wb_last_o       (smem_wb_last_o),
                .idle_o          (smem_idle),
                .perf_access_o   (perf_smem_acc_o),
                .perf_conflict_o (perf_smem_cf_o),
                .sh_rd_o         (sh_rd_o),
                .sh_rd_banks_o   (sh_rd_banks_o),
                .sh_rd_rows_o    (sh_rd_rows_o),
                .sh_busy_o       (sh_busy_o),
                .sh_pass_o       (sh_pass_o),
                .sh_lanes_o      (sh_lanes_o),
                .sh_banks_o      (sh_banks_o),
                .sh_rows_o       (sh_rows_o),
                .sh_lbank_o      (sh_lbank_o),
                .sh_boff_o       (sh_boff_o),
                .sh_size_o       (sh_size_o),
                .sh_kind_o       (sh_kind_o),
                .sh_warp_o       (sh_warp_o),
                .sh_tag_o        (sh_tag_o)
            );
        end else begin : g_no_smem
            // x_to_smem_i is constant 0: nothing is ever sent here.
            assign smem_req_ready  = 1'b1;
            assign smem_free       = 1'b1;
            assign smem_wb_valid_o = 1'b0;
            assign smem_wb_warp_o  = {WW{1'b0}};
            assign smem_wb_rd_o    = 5'd0;
            assign smem_wb_mask_o  = {T{1'b0}};
            assign smem_wb_data_o  = {T*32{1'b0}};
            assign smem_wb_last_o  = 1'b1;
            assign smem_d64_busy   = 1'b0;
            assign smem_idle       = 1'b1;
            assign perf_smem_acc_o = 1'b0;
            assign perf_smem_cf_o  = 1'b0;
            assign sh_rd_o         = 1'b0;
            assign sh_rd_banks_o   = {T{1'b0}};
            assign sh_rd_rows_o    = {T*RW{1'b0}};
            assign sh_busy_o       = 1'b0;
            assign sh_pass_o       = 1'b0;
            assign sh_lanes_o      = {T{1'b0}};
            assign sh_banks_o      = {T{1'b0}};
            assign sh_rows_o       = {T*RW{1'b0}};
            assign sh_lbank_o      = {T*LB{1'b0}};
            assign sh_boff_o       = {T*2{1'b0}};
            assign sh_size_o       = 2'd0;
            assign sh_kind_o       = 2'd0;
            assign sh_warp_o       = {WW{1'b0}};
            assign sh_tag_o        = {TAG_W{1'b0}};
            wire unused_no_smem = ^{smem_req_valid, smem_wb_grant_i, x_sh_mask_i, x_saddr_i, sh_tag_i,
                                    sh_hold_i};
        end
    endgenerate

    gpu_div #(
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS)
    ) u_div (
        .clk_i       (clk_i),
        .rst_i       (rst_i),
        .req_valid_i (div_req_valid),
        .req_ready_o (div_req_ready),
        .req_op_i    (x_div_op_i),
        .req_warp_i  (x_warp_i),
        .req_rd_i    (x_rd_i),
        .req_mask_i  (x_mask_i),
        .req_a_i     (rs1v_i),
        .req_b_i     (rs2v_i),
        .wb_valid_o  (div_wb_valid_o),
        .wb_ready_i  (div_wb_grant_i),
        .wb_warp_o   (div_wb_warp_o),
        .wb_rd_o     (div_wb_rd_o),
        .wb_mask_o   (div_wb_mask_o),
        .wb_data_o   (div_wb_data_o)
    );
endmodule
`default_nettype wire
