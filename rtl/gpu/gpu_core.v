// One SIMT core ("SM"): NUM_WARPS warps of NUM_THREADS lanes, a four-stage
// barrel pipeline (F fetch, D decode/read, X execute, R reconverge; with
// E_STAGE an E stage for the operands and addresses before X) with at
// most one instruction per warp in flight, min-PC reconvergence over
// per-lane PCs, a block barrier, warp-level synchronisation (syncwarp,
// vote, shuffle), the LSU with its L1 D$, the banked shared memory, an I$
// and a divider. See docs/architecture.md for the stage-by-stage
// description. This file wires the parts:
//   gpu_launch        a block's warp slots, block slot and first lanes
//   gpu_warp_ctl      the warps' state; F (issue), the barrier, R (reconverge)
//   gpu_front         the I$, D, E: the instruction and its operands for X
//   gpu_exec          X: ALUs, CSRs, branches, warp operations, faults, the
//                     register file's write port
//   gpu_units         X's hand-off to the units (replays), and the units:
//                     gpu_lsu (L1 D$), gpu_smem, gpu_div
//   scord_core_hooks  the race detector's hooks (rtl/scord)
//   gpu_core_perf     the performance counters
`default_nettype none
`include "scord_defs.vh"
`include "scord_shr.vh"
`include "gpu_l2_bus.vh"

module gpu_core #(
    parameter CORE_ID     = 0,
    parameter NUM_CORES   = 4,
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter LINE_BYTES  = 32,
    parameter L1D_BYTES   = 4096,
    parameter L1I_BYTES   = 4096,
    parameter MEM_BYTES   = 16777216,
    // shared memory of the core in bytes (0: none; the shared window then
    // faults like any address outside memory)
    parameter SMEM_BYTES  = 0,
    // log2 of each thread's stack: the stack region is interleaved by warp
    // (docs/architecture.md, "Thread stacks"); launches use this size
    parameter STACK_LOG2  = 10,
    // 0: no race detector hooks at all (lock tables, barrier ids, event
    // port); the det_* ports are then constant and det_armed_i is ignored
    parameter DETECTOR    = 1,
    // 1: a stage E between D and X for the operands and the address checks
    // (a shorter X for the FPGA; every instruction takes a cycle longer)
    parameter E_STAGE     = 0,
    // 1: a stage H after X for the detector's hooks: the event port's
    // push, the lock sequencer's start and the logical clocks take X's
    // commit from registers one cycle later, and a barrier's release no
    // longer waits for X's commit (a shorter path after X for the FPGA;
    // moves the detector's cycles, docs/architecture.md)
    parameter H_STAGE     = 0,
    // derived, do not override
    parameter WW        = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter T         = NUM_THREADS,
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter DET_EVW   = `DET_LINE_EVW(NUM_THREADS, LINE_BYTES),
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES),
    parameter NPERF     = 24,
    parameter SAW       = (SMEM_BYTES > 1) ? $clog2(SMEM_BYTES) : 1,
    parameter RID_W     = (NUM_CORES * NUM_WARPS * NUM_THREADS > 1) ?
                          $clog2(NUM_CORES * NUM_WARPS * NUM_THREADS) : 1
) (
    input  wire                  clk_i,
    input  wire                  rst_i,         // power-on or soft reset
    input  wire                  por_i,         // power-on reset only (the shared-memory checks' shadow)
    // kernel parameters, stable while a grid runs
    input  wire                  start_i,       // one cycle: new grid, flush caches
    input  wire                  halt_i,        // stop issuing (a fault somewhere)
    input  wire [31:0]           entry_pc_i,
    input  wire [31:0]           arg_ptr_i,
    input  wire [95:0]           block_dim_i,   // {z, y, x}
    input  wire [95:0]           grid_dim_i,    // {z, y, x}
    input  wire [31:0]           stack_top_i,
    input  wire [4:0]            stack_log2_i,
    input  wire [31:0]           smem_bytes_i,  // shared bytes of each block (a multiple of 4)
    input  wire [31:0]           smem_stride_i, // distance of two slices: smem_bytes_i rounded to a bank row
    // block launch from the dispatcher
    input  wire                  launch_valid_i,
    output wire                  launch_ready_o,
    input  wire [31:0]           launch_block_id_i,
    input  wire [31:0]           launch_nthreads_i,  // threads per block
    input  wire [WW:0]           launch_nwarps_i,    // warps per block
    // first fault of this core (one-cycle pulse)
    output wire                  fault_o,
    output wire [7:0]            fault_cause_o,
    output wire [31:0]           fault_pc_o,
    output wire [31:0]           fault_addr_o,
    output wire [7:0]            fault_warp_o,
    output wire [7:0]            fault_lane_o,
    output wire                  idle_o,
    // L2 channel of the I$ (line reads only; gpu_l2_bus.vh)
    output wire                  ic_req_valid_o,
    input  wire                  ic_req_ready_i,
    output wire [REQ_W-1:0]      ic_req_o,
    input  wire                  ic_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  ic_rsp_data_i,
    // L2 channel of the LSU
    output wire                  dc_req_valid_o,
    input  wire                  dc_req_ready_i,
    output wire [REQ_W-1:0]      dc_req_o,
    input  wire                  dc_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  dc_rsp_data_i,
    // the L2's write notices (gpu_l2): the L1's stale words, for the detector
    input  wire                  wn_valid_i,
    input  wire [31:0]           wn_addr_i,
    input  wire [LINE_BYTES/4-1:0] wn_any_i,
    input  wire [LINE_BYTES/4-1:0] wn_full_i,
    input  wire [RID_W-1:0]      wn_rid_i,
    // race detector (docs/detector.md sections 3 and 4): events of this
    // core, produced only while the detector is armed
    input  wire                  det_armed_i,
    output wire                  det_evt_valid_o,
    input  wire                  det_evt_ready_i,
    output wire [DET_EVW-1:0]    det_evt_data_o, // line events (docs/detector.md §3.1)
    output wire                  det_evt_last_o,
    output wire                  det_idle_o,
    output wire                  det_stall_o,    // one cycle: X replayed on a full event port
    output wire [7:0]            det_sh_acc_o,   // shared-memory lane accesses handed over this cycle
    output wire                  det_sh_sync_o,  // a warp sync handed over this cycle
    // shared-memory race reports (scord_sh_check), to the report writer
    input  wire [31:0]           det_pc_base_i,  // DET_PC_BASE
    output wire                  det_shr_valid_o,
    input  wire                  det_shr_ready_i,
    output wire [`SHR_BITS-1:0]  det_shr_data_o,
    // performance counters (PERF_* of config/regmap.def): the one selected
    // is read out, so the GPU never carries every counter of every core
    input  wire [4:0]            perf_sel_i,
    output wire [31:0]           perf_o
);
    localparam LB       = (T > 1) ? $clog2(T) : 1;
    localparam SH_RW    = (SMEM_BYTES / (4 * T) > 1) ? $clog2(SMEM_BYTES / (4 * T)) : 1;
    localparam SH_TAG   = `SH_TAG_BITS((MEM_BYTES > 1) ? $clog2(MEM_BYTES) : 1, SAW);

    // ------------------------------------------------------------------
    // The pipeline's signals, stage by stage
    // ------------------------------------------------------------------
    // the LSU's lanes of its instruction, for the detector's stale lanes
    wire                   lsu_acc;
    wire [T-1:0]           ld_known, ld_stale;
    // launch
    wire                   do_launch;
    wire [NUM_WARPS-1:0]   alloc;
    wire [NUM_WARPS*T-1:0] alloc_mask;
    wire [NUM_WARPS*WW-1:0] alloc_wib;
    wire [WW-1:0]          new_bslot;
    wire [SAW-1:0]         new_base;
    wire [NUM_WARPS-1:0]   warp_done;
    wire [NUM_WARPS*WW-1:0] bslot_all;
    wire [NUM_WARPS*5-1:0] wib_all;
    // F
    wire                   issue, f_pc_bad, f_force;
    wire [WW-1:0]          pick;
    wire [31:0]            f_pc;
    wire [T-1:0]           f_mask;
    wire [4:0]             stall;
    wire                   warps_idle;
    // D
    wire                   d_valid, d_miss, refill_done;
    wire [WW-1:0]          d_warp;
    wire                   perf_ic_hit, perf_ic_miss;
    // X: the instruction, its operands and addresses (gpu_front)
    wire                   x_valid, x_pc_bad, x_force, x_wr_rd, x_unsigned, x_strong, x_scope_dev,
                           x_csr_imm;
    wire [WW-1:0]          x_warp, ag_warp;
    wire [31:0]            x_pc, x_instr, x_imm;
    wire [T-1:0]           x_mask;
    wire [3:0]             x_class, x_alu_op;
    wire [4:0]             x_rd, x_rs1, x_amo_op;
    wire [2:0]             x_funct3, x_lsu_op;
    wire [1:0]             x_size, x_csr_op;
    wire [T*32-1:0]        rs1v, rs2v, rdv, alu_a, alu_b, x_addr, x_paddr;
    wire [T*64-1:0]        x_prod;
    wire [T-1:0]           lane_mis, lane_oob, lane_sh, lane_sh_oob;
    wire [T*SAW-1:0]       x_saddr;
    // X: its warp (gpu_warp_ctl)
    wire [T-1:0]           x_run, x_bpark, x_here;
    wire [31:0]            x_block;
    wire [WW-1:0]          x_wib, x_bslot;
    wire [SAW-1:0]         x_base, ag_base;
    // X: what it makes (gpu_exec) and its outcome (gpu_units)
    wire                   x_fault, x_w_go, x_w_sync, x_is_mem, x_to_lsu, x_to_smem,
                           x_fence_blk, x_fence_dev, x_is_bar, x_port, x_commit, x_replay;
    wire [31:0]            x_pc4;
    wire [T*32-1:0]        x_next_pc;
    wire [T-1:0]           w_have, tmc, x_sh_mask, x_gl_mask;
    wire [NUM_WARPS-1:0]   unit_blk;
    // the register file's write port and the units' write-backs
    wire                   rf_we;
    wire [WW-1:0]          rf_wwarp;
    wire [4:0]             rf_waddr;
    wire [T-1:0]           rf_wmask;
    wire [T*32-1:0]        rf_wdata;
    wire                   smem_acc, units_idle;
    wire                   lsu_wb_valid, div_wb_valid, smem_wb_valid;
    wire                   lsu_wb_grant, div_wb_grant, smem_wb_grant, unit_wb_pending;
    wire [WW-1:0]          lsu_wb_warp, div_wb_warp, smem_wb_warp;
    wire [4:0]             lsu_wb_rd, div_wb_rd, smem_wb_rd;
    wire [T-1:0]           lsu_wb_mask, div_wb_mask, smem_wb_mask;
    wire [T*32-1:0]        lsu_wb_data, div_wb_data, smem_wb_data;
    wire                   perf_load, perf_store, perf_atomic, perf_l1_hit, perf_l1_miss,
                           perf_smem_acc, perf_smem_cf;
    // the detector's hooks
    wire                   det_armed, x_evt, x_lk_op, det_full, lk_busy;
    wire [NUM_WARPS-1:0]   lk_wait;
    wire                   bar_any, bar_go;
    wire [WW-1:0]          bar_slot;
    wire [NUM_WARPS-1:0]   bar_ssel;
    wire [1:0]             bar_go_by;
    wire [15:0]            bar_block;
    // gpu_smem's passes, tapped by the shared-memory checks
    wire [SH_TAG-1:0]      sh_tag, sh_r_tag;
    wire                   sh_hold, sh_rd, sh_busy, sh_pass;
    wire [T-1:0]           sh_rd_banks, sh_lanes, sh_banks;
    wire [T*SH_RW-1:0]     sh_rd_rows, sh_rows;
    wire [T*LB-1:0]        sh_lbank;
    wire [T*2-1:0]         sh_boff;
    wire [1:0]             sh_size, sh_kind;
    wire [WW-1:0]          sh_warp;
    // amocas.d (docs/isa.md): an atomic of size 3, served as words (size 2)
    // in two passes through X (gpu_units)
    wire                   x_d64 = (x_class == `CL_MEM) && (x_lsu_op == `LSU_AMO) &&
                                   (x_size == 2'd3);
    wire [1:0]             x_size_u = x_d64 ? 2'd2 : x_size;
    wire                   hi_valid, x_d64_hi, x_d64_half, lsu_wb_last, smem_wb_last;
    wire [WW-1:0]          hi_warp;
    wire [31:0]            hi_pc;
    // its second pass's events name the high words (the first pass's the
    // low ones): 8-byte aligned and never on a stack (gpu_front), so the
    // address with bit 2 set
    wire [T*32-1:0]        x_det_paddr = x_d64_hi ? (x_paddr | {T{32'd4}}) : x_paddr;

    // ------------------------------------------------------------------
    // Block launch, and the warps: F, the barrier, R
    // ------------------------------------------------------------------
    gpu_launch #(
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .SMEM_BYTES  (SMEM_BYTES),
        .H_STAGE     (H_STAGE)
    ) u_launch (
        .clk_i             (clk_i),
        .rst_i             (rst_i),
        .start_i           (start_i),
        .halt_i            (halt_i),
        .smem_stride_i     (smem_stride_i),
        .launch_valid_i    (launch_valid_i),
        .launch_ready_o    (launch_ready_o),
        .launch_nthreads_i (launch_nthreads_i),
        .launch_nwarps_i   (launch_nwarps_i),
        .warp_done_i       (warp_done),
        .bslot_i           (bslot_all),
        .launch_o          (do_launch),
        .alloc_o           (alloc),
        .alloc_mask_o      (alloc_mask),
        .alloc_wib_o       (alloc_wib),
        .new_bslot_o       (new_bslot),
        .new_base_o        (new_base)
    );

    gpu_warp_ctl #(
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .MEM_BYTES   (MEM_BYTES),
        .SMEM_BYTES  (SMEM_BYTES)
    ) u_warps (
        .clk_i             (clk_i),
        .rst_i             (rst_i),
        .halt_i            (halt_i),
        .entry_pc_i        (entry_pc_i),
        .launch_block_id_i (launch_block_id_i),
        .launch_i          (do_launch),
        .alloc_i           (alloc),
        .alloc_mask_i      (alloc_mask),
        .alloc_wib_i       (alloc_wib),
        .new_bslot_i       (new_bslot),
        .new_base_i        (new_base),
        .warp_done_o       (warp_done),
        .bslot_o           (bslot_all),
        .wib_o             (wib_all),
        .lk_wait_i         (lk_wait),
        .unit_blk_i        (unit_blk),
        .unit_wb_pending_i (unit_wb_pending),
        .x_port_i          (x_port),
        .issue_o           (issue),
        .pick_o            (pick),
        .f_pc_o            (f_pc),
        .f_pc_bad_o        (f_pc_bad),
        .f_mask_o          (f_mask),
        .f_force_o         (f_force),
        .d_miss_i          (d_miss),
        .d_warp_i          (d_warp),
        .refill_done_i     (refill_done),
        .x_retire_i        (x_valid && !x_fault),
        .x_commit_i        (x_commit),
        .x_warp_i          (x_warp),
        .x_class_i         (x_class),
        .x_pc_i            (x_pc),
        .x_pc4_i           (x_pc4),
        .x_mask_i          (x_mask),
        .x_next_pc_i       (x_next_pc),
        .x_w_go_i          (x_w_go),
        .w_have_i          (w_have),
        .tmc_i             (tmc),
        .x_to_lsu_i        (x_to_lsu),
        .x_to_smem_i       (x_to_smem),
        .x_run_o           (x_run),
        .x_bpark_o         (x_bpark),
        .x_here_o          (x_here),
        .x_block_o         (x_block),
        .x_wib_o           (x_wib),
        .x_bslot_o         (x_bslot),
        .x_base_o          (x_base),
        .ag_warp_i         (ag_warp),
        .ag_base_o         (ag_base),
        // (amocas.d's first write-back, rd, does not end its wait: rd+1 follows)
        .lsu_wb_grant_i    (lsu_wb_grant && lsu_wb_last),
        .lsu_wb_warp_i     (lsu_wb_warp),
        .smem_wb_grant_i   (smem_wb_grant && smem_wb_last),
        .smem_wb_warp_i    (smem_wb_warp),
        .div_wb_grant_i    (div_wb_grant),
        .div_wb_warp_i     (div_wb_warp),
        .det_armed_i       (det_armed),
        .bar_go_by_i       (bar_go_by),
        .bar_any_o         (bar_any),
        .bar_slot_o        (bar_slot),
        .bar_ssel_o        (bar_ssel),
        .bar_go_o          (bar_go),
        .bar_block_o       (bar_block),
        .idle_o            (warps_idle),
        .stall_o           (stall)
    );

    // ------------------------------------------------------------------
    // D and E: the instruction and its operands, as X takes them
    // ------------------------------------------------------------------
    gpu_front #(
        .NUM_CORES   (NUM_CORES),
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .LINE_BYTES  (LINE_BYTES),
        .L1I_BYTES   (L1I_BYTES),
        .MEM_BYTES   (MEM_BYTES),
        .SMEM_BYTES  (SMEM_BYTES),
        .STACK_LOG2  (STACK_LOG2),
        .E_STAGE     (E_STAGE)
    ) u_front (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .start_i        (start_i),
        .stack_top_i    (stack_top_i),
        .smem_bytes_i   (smem_bytes_i),
        .issue_i        (issue),
        .pick_i         (pick),
        .f_pc_i         (f_pc),
        .f_pc_bad_i     (f_pc_bad),
        .f_mask_i       (f_mask),
        .f_force_i      (f_force),
        .d_valid_o      (d_valid),
        .d_miss_o       (d_miss),
        .d_warp_o       (d_warp),
        .refill_done_o  (refill_done),
        .rf_we_i        (rf_we),
        .rf_wwarp_i     (rf_wwarp),
        .rf_waddr_i     (rf_waddr),
        .rf_wmask_i     (rf_wmask),
        .rf_wdata_i     (rf_wdata),
        .hi_valid_i     (hi_valid),
        .hi_warp_i      (hi_warp),
        .hi_pc_i        (hi_pc),
        .ag_warp_o      (ag_warp),
        .ag_base_i      (ag_base),
        .x_valid_o      (x_valid),
        .x_pc_bad_o     (x_pc_bad),
        .x_force_o      (x_force),
        .x_warp_o       (x_warp),
        .x_pc_o         (x_pc),
        .x_mask_o       (x_mask),
        .x_instr_o      (x_instr),
        .x_class_o      (x_class),
        .x_alu_op_o     (x_alu_op),
        .x_imm_o        (x_imm),
        .x_wr_rd_o      (x_wr_rd),
        .x_rd_o         (x_rd),
        .x_rs1_o        (x_rs1),
        .x_funct3_o     (x_funct3),
        .x_lsu_op_o     (x_lsu_op),
        .x_size_o       (x_size),
        .x_unsigned_o   (x_unsigned),
        .x_strong_o     (x_strong),
        .x_scope_dev_o  (x_scope_dev),
        .x_amo_op_o     (x_amo_op),
        .x_csr_op_o     (x_csr_op),
        .x_csr_imm_o    (x_csr_imm),
        .rs1v_o         (rs1v),
        .rs2v_o         (rs2v),
        .rdv_o          (rdv),
        .alu_a_o        (alu_a),
        .alu_b_o        (alu_b),
        .prod_o         (x_prod),
        .addr_o         (x_addr),
        .paddr_o        (x_paddr),
        .misaligned_o   (lane_mis),
        .oob_o          (lane_oob),
        .sh_o           (lane_sh),
        .sh_oob_o       (lane_sh_oob),
        .saddr_o        (x_saddr),
        .ic_req_valid_o (ic_req_valid_o),
        .ic_req_ready_i (ic_req_ready_i),
        .ic_req_o       (ic_req_o),
        .ic_rsp_valid_i (ic_rsp_valid_i),
        .ic_rsp_data_i  (ic_rsp_data_i),
        .perf_ic_hit_o  (perf_ic_hit),
        .perf_ic_miss_o (perf_ic_miss)
    );

    // ------------------------------------------------------------------
    // X: execute and commit; the hand-off to the units, and the units
    // ------------------------------------------------------------------
    gpu_exec #(
        .CORE_ID     (CORE_ID),
        .NUM_CORES   (NUM_CORES),
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .SMEM_BYTES  (SMEM_BYTES),
        .E_STAGE     (E_STAGE)
    ) u_exec (
        .clk_i             (clk_i),
        .rst_i             (rst_i),
        .arg_ptr_i         (arg_ptr_i),
        .block_dim_i       (block_dim_i),
        .grid_dim_i        (grid_dim_i),
        .stack_top_i       (stack_top_i),
        .stack_log2_i      (stack_log2_i),
        .smem_bytes_i      (smem_bytes_i),
        .launch_i          (do_launch),
        .alloc_i           (alloc),
        .x_valid_i         (x_valid),
        .x_pc_bad_i        (x_pc_bad),
        .x_force_i         (x_force),
        .x_warp_i          (x_warp),
        .x_pc_i            (x_pc),
        .x_mask_i          (x_mask),
        .x_instr_i         (x_instr),
        .x_class_i         (x_class),
        .x_alu_op_i        (x_alu_op),
        .x_imm_i           (x_imm),
        .x_wr_rd_i         (x_wr_rd),
        .x_rd_i            (x_rd),
        .x_rs1_i           (x_rs1),
        .x_funct3_i        (x_funct3),
        .x_lsu_op_i        (x_lsu_op),
        .x_csr_op_i        (x_csr_op),
        .x_csr_imm_i       (x_csr_imm),
        .rs1v_i            (rs1v),
        .rs2v_i            (rs2v),
        .rdv_i             (rdv),
        .alu_a_i           (alu_a),
        .alu_b_i           (alu_b),
        .prod_i            (x_prod),
        .addr_i            (x_addr),
        .misaligned_i      (lane_mis),
        .oob_i             (lane_oob),
        .sh_i              (lane_sh),
        .sh_oob_i          (lane_sh_oob),
        .x_run_i           (x_run),
        .x_bpark_i         (x_bpark),
        .x_here_i          (x_here),
        .x_wib_i           (x_wib),
        .x_block_i         (x_block),
        .x_commit_i        (x_commit),
        .x_fault_o         (x_fault),
        .x_pc4_o           (x_pc4),
        .x_next_pc_o       (x_next_pc),
        .x_w_go_o          (x_w_go),
        .w_have_o          (w_have),
        .x_w_sync_o        (x_w_sync),
        .tmc_o             (tmc),
        .x_is_mem_o        (x_is_mem),
        .x_to_lsu_o        (x_to_lsu),
        .x_to_smem_o       (x_to_smem),
        .x_sh_mask_o       (x_sh_mask),
        .x_gl_mask_o       (x_gl_mask),
        .x_fence_blk_o     (x_fence_blk),
        .x_fence_dev_o     (x_fence_dev),
        .x_is_bar_o        (x_is_bar),
        .fault_o           (fault_o),
        .fault_cause_o     (fault_cause_o),
        .fault_pc_o        (fault_pc_o),
        .fault_addr_o      (fault_addr_o),
        .fault_warp_o      (fault_warp_o),
        .fault_lane_o      (fault_lane_o),
        .lsu_wb_valid_i    (lsu_wb_valid),
        .lsu_wb_warp_i     (lsu_wb_warp),
        .lsu_wb_rd_i       (lsu_wb_rd),
        .lsu_wb_mask_i     (lsu_wb_mask),
        .lsu_wb_data_i     (lsu_wb_data),
        .smem_wb_valid_i   (smem_wb_valid),
        .smem_wb_warp_i    (smem_wb_warp),
        .smem_wb_rd_i      (smem_wb_rd),
        .smem_wb_mask_i    (smem_wb_mask),
        .smem_wb_data_i    (smem_wb_data),
        .div_wb_valid_i    (div_wb_valid),
        .div_wb_warp_i     (div_wb_warp),
        .div_wb_rd_i       (div_wb_rd),
        .div_wb_mask_i     (div_wb_mask),
        .div_wb_data_i     (div_wb_data),
        .lsu_wb_grant_o    (lsu_wb_grant),
        .smem_wb_grant_o   (smem_wb_grant),
        .div_wb_grant_o    (div_wb_grant),
        .unit_wb_pending_o (unit_wb_pending),
        .x_port_o          (x_port),
        .rf_we_o           (rf_we),
        .rf_wwarp_o        (rf_wwarp),
        .rf_waddr_o        (rf_waddr),
        .rf_wmask_o        (rf_wmask),
        .rf_wdata_o        (rf_wdata)
    );

    gpu_units #(
        .CORE_ID     (CORE_ID),
        .NUM_CORES   (NUM_CORES),
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .LINE_BYTES  (LINE_BYTES),
        .L1D_BYTES   (L1D_BYTES),
        .SMEM_BYTES  (SMEM_BYTES),
        .E_STAGE     (E_STAGE),
        .H_STAGE     (H_STAGE),
        .DETECTOR    (DETECTOR),
        .TAG_W       (SH_TAG)
    ) u_units (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .start_i         (start_i),
        .x_valid_i       (x_valid),
        .x_fault_i       (x_fault),
        .x_warp_i        (x_warp),
        .x_class_i       (x_class),
        .x_is_mem_i      (x_is_mem),
        .x_to_lsu_i      (x_to_lsu),
        .x_to_smem_i     (x_to_smem),
        .x_lsu_op_i      (x_lsu_op),
        .x_strong_i      (x_strong),
        .x_scope_dev_i   (x_scope_dev),
        .x_amo_op_i      (x_amo_op),
        .x_size_i        (x_size_u),
        .x_d64_i         (x_d64),
        .x_pc_i          (x_pc),
        .x_unsigned_i    (x_unsigned),
        .x_rd_i          (x_rd),
        .x_div_op_i      (x_funct3[1:0]),
        .x_mask_i        (x_mask),
        .x_sh_mask_i     (x_sh_mask),
        .x_paddr_i       (x_paddr),
        .x_saddr_i       (x_saddr),
        .rs1v_i          (rs1v),
        .rs2v_i          (rs2v),
        .rdv_i           (rdv),
        .x_evt_i         (x_evt),
        .x_lk_op_i       (x_lk_op),
        .det_full_i      (det_full),
        .lk_busy_i       (lk_busy),
        .x_commit_o      (x_commit),
        .x_replay_o      (x_replay),
        .det_stall_o     (det_stall_o),
        .unit_blk_o      (unit_blk),
        .smem_acc_o      (smem_acc),
        .hi_valid_o      (hi_valid),
        .hi_warp_o       (hi_warp),
        .hi_pc_o         (hi_pc),
        .x_d64_hi_o      (x_d64_hi),
        .x_d64_half_o    (x_d64_half),
        .lsu_wb_valid_o  (lsu_wb_valid),
        .lsu_wb_grant_i  (lsu_wb_grant),
        .lsu_wb_warp_o   (lsu_wb_warp),
        .lsu_wb_rd_o     (lsu_wb_rd),
        .lsu_wb_mask_o   (lsu_wb_mask),
        .lsu_wb_data_o   (lsu_wb_data),
        .lsu_wb_last_o   (lsu_wb_last),
        .smem_wb_valid_o (smem_wb_valid),
        .smem_wb_grant_i (smem_wb_grant),
        .smem_wb_warp_o  (smem_wb_warp),
        .smem_wb_rd_o    (smem_wb_rd),
        .smem_wb_mask_o  (smem_wb_mask),
        .smem_wb_data_o  (smem_wb_data),
        .smem_wb_last_o  (smem_wb_last),
        .div_wb_valid_o  (div_wb_valid),
        .div_wb_grant_i  (div_wb_grant),
        .div_wb_warp_o   (div_wb_warp),
        .div_wb_rd_o     (div_wb_rd),
        .div_wb_mask_o   (div_wb_mask),
        .div_wb_data_o   (div_wb_data),
        .dc_req_valid_o  (dc_req_valid_o),
        .dc_req_ready_i  (dc_req_ready_i),
        .dc_req_o        (dc_req_o),
        .dc_rsp_valid_i  (dc_rsp_valid_i),
        .dc_rsp_data_i   (dc_rsp_data_i),
        .wn_valid_i      (wn_valid_i),
        .wn_addr_i       (wn_addr_i),
        .wn_any_i        (wn_any_i),
        .wn_full_i       (wn_full_i),
        .wn_rid_i        (wn_rid_i),
        .lsu_acc_o       (lsu_acc),
        .ld_known_o      (ld_known),
        .ld_stale_o      (ld_stale),
        .sh_tag_i        (sh_tag),
        .sh_hold_i       (sh_hold),
        .sh_rd_o         (sh_rd),
        .sh_rd_banks_o   (sh_rd_banks),
        .sh_rd_rows_o    (sh_rd_rows),
        .sh_busy_o       (sh_busy),
        .sh_pass_o       (sh_pass),
        .sh_lanes_o      (sh_lanes),
        .sh_banks_o      (sh_banks),
        .sh_rows_o       (sh_rows),
        .sh_lbank_o      (sh_lbank),
        .sh_boff_o       (sh_boff),
        .sh_size_o       (sh_size),
        .sh_kind_o       (sh_kind),
        .sh_warp_o       (sh_warp),
        .sh_tag_o        (sh_r_tag),
        .idle_o          (units_idle),
        .perf_load_o     (perf_load),
        .perf_store_o    (perf_store),
        .perf_atomic_o   (perf_atomic),
        .perf_l1_hit_o   (perf_l1_hit),
        .perf_l1_miss_o  (perf_l1_miss),
        .perf_smem_acc_o (perf_smem_acc),
        .perf_smem_cf_o  (perf_smem_cf)
    );

    // ------------------------------------------------------------------
    // The race detector's hooks (DETECTOR=0: none)
    // ------------------------------------------------------------------
    scord_core_hooks #(
        .CORE_ID     (CORE_ID),
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .LINE_BYTES  (LINE_BYTES),
        .MEM_BYTES   (MEM_BYTES),
        .SMEM_BYTES  (SMEM_BYTES),
        .DETECTOR    (DETECTOR),
        .H_STAGE     (H_STAGE)
    ) u_hooks (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .por_i          (por_i),
        .armed_i        (det_armed_i),
        .armed_o        (det_armed),
        .x_commit_i     (x_commit),
        .x_warp_i       (x_warp),
        .x_pc_i         (x_pc),
        .x_mask_i       (x_mask),
        .x_paddr_i      (x_det_paddr),
        .x_d64_i        (x_d64),
        .x_d64_half_i   (x_d64_half),
        .x_rs2v_i       (rs2v),
        .x_rdv_i        (rdv),
        .x_gl_mask_i    (x_gl_mask),
        .x_sh_mask_i    (x_sh_mask),
        .x_saddr_i      (x_saddr),
        .x_size_i       (x_size_u),
        .x_strong_i     (x_strong),
        .x_scope_dev_i  (x_scope_dev),
        .x_is_mem_i     (x_is_mem),
        .x_lsu_op_i     (x_lsu_op),
        .x_amo_op_i     (x_amo_op),
        .x_to_lsu_i     (x_to_lsu),
        .x_to_smem_i    (x_to_smem),
        .x_fence_blk_i  (x_fence_blk),
        .x_fence_dev_i  (x_fence_dev),
        .x_is_bar_i     (x_is_bar),
        .x_w_sync_i     (x_w_sync),
        .w_have_i       (w_have),
        .x_block_i      (x_block[15:0]),
        .x_wib_i        (x_wib),
        .x_bslot_i      (x_bslot),
        .x_base_i       (x_base),
        .smem_acc_i     (smem_acc),
        .lsu_wb_grant_i (lsu_wb_grant),
        .smem_wb_grant_i(smem_wb_grant),
        .wb_warp_i      (rf_wwarp),
        .wb_mask_i      (rf_wmask),
        .wb_data_i      (rf_wdata),
        .bslot_i        (bslot_all),
        .wib_i          (wib_all),
        .launch_i       (do_launch),
        .alloc_i        (alloc),
        .new_bslot_i    (new_bslot),
        .bar_any_i      (bar_any),
        .bar_slot_i     (bar_slot),
        .bar_ssel_i     (bar_ssel),
        .bar_go_i       (bar_go),
        .bar_block_i    (bar_block),
        .lsu_acc_i      (lsu_acc),
        .ld_known_i     (ld_known),
        .ld_stale_i     (ld_stale),
        .x_evt_o        (x_evt),
        .x_lk_op_o      (x_lk_op),
        .det_full_o     (det_full),
        .lk_busy_o      (lk_busy),
        .lk_wait_o      (lk_wait),
        .bar_go_by_o    (bar_go_by),
        .evt_valid_o    (det_evt_valid_o),
        .evt_ready_i    (det_evt_ready_i),
        .evt_data_o     (det_evt_data_o),
        .evt_last_o     (det_evt_last_o),
        .idle_o         (det_idle_o),
        .sh_acc_o       (det_sh_acc_o),
        .sh_sync_o      (det_sh_sync_o),
        .sh_tag_o       (sh_tag),
        .sh_hold_o      (sh_hold),
        .sh_rd_i        (sh_rd),
        .sh_rd_banks_i  (sh_rd_banks),
        .sh_rd_rows_i   (sh_rd_rows),
        .sh_busy_i      (sh_busy),
        .sh_pass_i      (sh_pass),
        .sh_lanes_i     (sh_lanes),
        .sh_banks_i     (sh_banks),
        .sh_rows_i      (sh_rows),
        .sh_lbank_i     (sh_lbank),
        .sh_boff_i      (sh_boff),
        .sh_size_i      (sh_size),
        .sh_kind_i      (sh_kind),
        .sh_warp_i      (sh_warp),
        .sh_tag_i       (sh_r_tag),
        .pc_base_i      (det_pc_base_i),
        .shr_valid_o    (det_shr_valid_o),
        .shr_ready_i    (det_shr_ready_i),
        .shr_data_o     (det_shr_data_o)
    );

    // ------------------------------------------------------------------
    // Performance counters
    // ------------------------------------------------------------------
    gpu_core_perf #(
        .NUM_THREADS (NUM_THREADS),
        .NPERF       (NPERF)
    ) u_perf (
        .clk_i      (clk_i),
        .clear_i    (rst_i || start_i),
        .sel_i      (perf_sel_i),
        .val_o      (perf_o),
        .x_commit_i (x_commit),
        .x_mask_i   (x_mask),
        .x_stall_i  (x_valid && x_replay),
        .w_sync_i   (x_w_sync),
        .stall_i    (stall),
        .ic_hit_i   (perf_ic_hit),
        .ic_miss_i  (perf_ic_miss),
        .load_i     (perf_load),
        .store_i    (perf_store),
        .atomic_i   (perf_atomic),
        .l1_hit_i   (perf_l1_hit),
        .l1_miss_i  (perf_l1_miss),
        .smem_acc_i (perf_smem_acc),
        .smem_cf_i  (perf_smem_cf)
    );

    assign idle_o = warps_idle && units_idle && !d_valid && !x_valid;
endmodule
`default_nettype wire
