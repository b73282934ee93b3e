// One SIMT core ("SM"): NUM_WARPS warps of NUM_THREADS lanes, a four-stage
// barrel pipeline (F fetch, D decode/read, X execute, R reconverge; with
// E_STAGE an E stage for the operands and addresses before X) with at
// most one instruction per warp in flight, min-PC reconvergence over
// per-lane PCs, a block barrier, warp-level synchronisation (syncwarp,
// vote, shuffle), the LSU with its L1 D$, the banked shared memory, an I$
// and a divider. See docs/architecture.md for the stage-by-stage
// description.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_pkg_classes.vh"
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
    parameter SAW       = (SMEM_BYTES > 1) ? $clog2(SMEM_BYTES) : 1
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
    output reg                   fault_o,
    output reg  [7:0]            fault_cause_o,
    output reg  [31:0]           fault_pc_o,
    output reg  [31:0]           fault_addr_o,
    output reg  [7:0]            fault_warp_o,
    output reg  [7:0]            fault_lane_o,
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
    integer w, v;
    // Each combinational block's lane loop has its own index: one shared by
    // several blocks is a net they all drive (Yosys: drivers conflicting
    // with a constant, the loops' last values).
    integer t_np, t_ag, t_fl, t_wm, t_ws, t_tm, t_lk, t_rc, t_pop;
    // Per-lane arrays hold lane t of warp w at w * T + t; the arithmetic form
    // keeps every shape valid, down to the management core's 1 warp x 1 lane.
    localparam SLOT_W = (NUM_WARPS * T > 1) ? $clog2(NUM_WARPS * T) : 1;
    localparam LW     = (T > 1) ? $clog2(T) : 1;
    function [SLOT_W-1:0] slot(input [WW-1:0] sw, input integer st);
        slot = SLOT_W'(sw * T + st);
    endfunction
    wire det_armed = (DETECTOR != 0) && det_armed_i;

    // ------------------------------------------------------------------
    // Warp and lane state
    // ------------------------------------------------------------------
    reg [31:0]    lane_pc_q  [0:NUM_WARPS*T-1];
    reg [31:0]    mscratch_q [0:NUM_WARPS*T-1];
    reg [T-1:0]   run_q      [0:NUM_WARPS-1];  // lanes that may issue
    reg [T-1:0]   park_q     [0:NUM_WARPS-1];  // lanes parked by tmc
    reg [31:0]    warp_pc_q  [0:NUM_WARPS-1];  // next issue PC (min over lanes)
    reg [T-1:0]   warp_mask_q[0:NUM_WARPS-1];  // lanes at warp_pc_q
    reg [31:0]    block_id_q [0:NUM_WARPS-1];
    reg [WW-1:0]  wib_q      [0:NUM_WARPS-1];  // warp index within the block
    reg [WW-1:0]  bslot_q    [0:NUM_WARPS-1];  // block slot, for the barrier
    reg [NUM_WARPS-1:0] busy_q;   // in the pipeline (F..R)
    reg [NUM_WARPS-1:0] fwait_q;  // waits for an I$ refill
    reg [NUM_WARPS-1:0] lwait_q;  // waits for the LSU
    reg [NUM_WARPS-1:0] dwait_q;  // waits for the divider
    reg [NUM_WARPS-1:0] bwait_q;  // waits at the barrier: every live lane arrived
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
    reg [NUM_WARPS-1:0] swait_q;  // waits for the shared memory
    // Replayed because the LSU (or divider) was busy: not worth fetching
    // again until that unit frees up.
    reg [NUM_WARPS-1:0] lsu_blk_q, div_blk_q, smem_blk_q;
    reg [63:0]    cycle_q, instret_q;

    reg [NUM_WARPS-1:0] live;
    always @(*) for (w = 0; w < NUM_WARPS; w = w + 1) live[w] = |run_q[w];
    // A warp slot is given to a new block only once every warp of its block
    // has finished, as a real GPU frees a block's resources together: the
    // shared-memory checks name a previous access by its warp slot and
    // order it by that slot's counters, which a new block's warp in the
    // slot would reset while the old block still runs (docs/detector.md).
    wire [NUM_WARPS-1:0] warp_done = ~live & ~busy_q & ~lwait_q & ~dwait_q & ~swait_q;
    reg  [NUM_WARPS-1:0] held_q;      // the slot's block may still have running warps
    reg  [NUM_WARPS-1:0] bslot_run;   // block slots with a running warp
    reg  [NUM_WARPS-1:0] slot_free;
    always @(*) begin
        bslot_run = 0;
        for (w = 0; w < NUM_WARPS; w = w + 1)
            if (held_q[w] && !warp_done[w]) bslot_run[bslot_q[w]] = 1'b1;
        for (w = 0; w < NUM_WARPS; w = w + 1)
            slot_free[w] = warp_done[w] && !(held_q[w] && bslot_run[bslot_q[w]]);
    end

    // ------------------------------------------------------------------
    // Block launch: take the lowest free warp slots and the lowest free
    // block slot; block slots let the barrier tell blocks apart.
    // ------------------------------------------------------------------
    reg [NUM_WARPS-1:0] alloc_c;
    reg [WW-1:0]        alloc_wib_c [0:NUM_WARPS-1];
    reg [WW:0]          nfree, cnt;
    reg [NUM_WARPS-1:0] bslot_used;
    wire [WW-1:0]       new_bslot_c;   // the lowest free block slot
    always @(*) begin
        nfree = 0;
        cnt   = 0;
        alloc_c = 0;
        for (w = 0; w < NUM_WARPS; w = w + 1) begin
            alloc_wib_c[w] = 0;
            if (slot_free[w]) begin
                nfree = nfree + 1'b1;
                if (cnt < launch_nwarps_i) begin
                    alloc_c[w]     = 1'b1;
                    alloc_wib_c[w] = cnt[WW-1:0];
                    cnt            = cnt + 1'b1;
                end
            end
        end
        bslot_used = 0;
        for (w = 0; w < NUM_WARPS; w = w + 1)
            if (!slot_free[w]) bslot_used[bslot_q[w]] = 1'b1;
    end
    wire                 unused_bslot_any;
    wire [NUM_WARPS-1:0] unused_bslot_bit;
    prim_first_one #(.N(NUM_WARPS)) u_new_bslot (
        .req_i    (~bslot_used),
        .any_o    (unused_bslot_any),
        .idx_o    (new_bslot_c),
        .onehot_o (unused_bslot_bit)
    );
    // Shared memory: block slot b owns the slice at b * smem_stride_i; a
    // block is placed only where that slice fits (so shared memory limits
    // how many blocks a core holds, as on real GPUs). The slices' bases and
    // fits are set at the grid's start, while the dispatcher still waits.
    localparam HAS_SMEM = (SMEM_BYTES > 0);
    reg [SAW-1:0]       sbase_q [0:NUM_WARPS-1];
    reg [NUM_WARPS-1:0] sfit_q;
    reg [SAW-1:0]       wbase_q [0:NUM_WARPS-1];   // each warp's slice base
    wire ready_c = (nfree >= launch_nwarps_i) && (!HAS_SMEM || sfit_q[new_bslot_c]);
    wire do_launch;

    // With H_STAGE the launch decides from registers (LAUNCH_REG): the
    // readiness and the allocation of the cycle before, so the free slots'
    // count, the dispatcher's choice of a core and the launch's enable of
    // every warp slot are no longer one path (the fpga1 build's critical
    // path with the detector at 03b2c40, docs/fpga.md). The registered
    // allocation still holds: between launches free warp slots and block
    // slots only grow. A launch or a grid's start clears the readiness for
    // a cycle, so the next one sees the state the launch left (a core takes
    // a block every other cycle at most; moves cycles).
    localparam LAUNCH_REG = (H_STAGE != 0);
    reg                 ready_q;
    reg [NUM_WARPS-1:0] alloc_q;
    reg [WW-1:0]        alloc_wib_q [0:NUM_WARPS-1];
    reg [WW-1:0]        new_bslot_q;
    integer             li, lj;   // one per block: Yosys makes a shared one a flip-flop
    always @(posedge clk_i) begin
        ready_q     <= !rst_i && !start_i && !do_launch && ready_c;
        alloc_q     <= alloc_c;
        new_bslot_q <= new_bslot_c;
        for (li = 0; li < NUM_WARPS; li = li + 1) alloc_wib_q[li] <= alloc_wib_c[li];
    end
    reg [NUM_WARPS-1:0] alloc;
    reg [WW-1:0]        alloc_wib [0:NUM_WARPS-1];
    reg [WW-1:0]        new_bslot;
    always @(*) begin
        alloc     = LAUNCH_REG ? alloc_q : alloc_c;
        new_bslot = LAUNCH_REG ? new_bslot_q : new_bslot_c;
        for (lj = 0; lj < NUM_WARPS; lj = lj + 1)
            alloc_wib[lj] = LAUNCH_REG ? alloc_wib_q[lj] : alloc_wib_c[lj];
    end
    wire lready = LAUNCH_REG ? ready_q : ready_c;
    assign launch_ready_o = !halt_i && lready;
    assign do_launch      = launch_valid_i && launch_ready_o;

    // Initial run mask of the k-th warp of a block: lane i runs if
    // i < left. Compared as "left has a bit above the lanes' MW bits, or
    // its low MW bits exceed i": the same, without a 32-bit comparator
    // (a carry chain) for every lane of every warp slot.
    localparam MW = $clog2(T) + 1;
    function [T-1:0] first_mask(input [31:0] nthreads, input [WW-1:0] k);
        reg [31:0] left;
        integer i;
        begin
            left = nthreads - ({{(32-WW){1'b0}}, k} * T);
            for (i = 0; i < T; i = i + 1)
                first_mask[i] = (left[31:MW] != {(32-MW){1'b0}}) || (left[MW-1:0] > MW'(i));
        end
    endfunction
    // Each warp index's first mask is made from the thread count alone and
    // a warp slot picks its own by its index in the block: the subtraction
    // and compares no longer wait for the slot allocation (the FPGA
    // synthesis's launch path: free slots -> allocation -> index -> mask).
    reg [T-1:0] fmask [0:NUM_WARPS-1];   // the first mask of a block's k-th warp
    reg [T-1:0] alloc_mask [0:NUM_WARPS-1];
    integer k;
    always @(*) begin
        for (k = 0; k < NUM_WARPS; k = k + 1)
            fmask[k] = first_mask(launch_nthreads_i, WW'(k));
        for (w = 0; w < NUM_WARPS; w = w + 1) begin
            alloc_mask[w] = {T{1'b0}};
            for (k = 0; k < NUM_WARPS; k = k + 1)
                if (alloc_wib[w] == WW'(k)) alloc_mask[w] = fmask[k];
        end
    end

    // ------------------------------------------------------------------
    // Barrier: a waiting warp is released once every live warp of its
    // block waits too.
    // ------------------------------------------------------------------
    reg [NUM_WARPS-1:0] bar_ready, bar_sel;
    reg                 bar_any;
    reg [WW-1:0]        bar_slot;   // the block slot released this cycle
    reg [NUM_WARPS-1:0] bar_ssel;   // the block slots bar_sel's warps are in
    wire                det_bar_ok;  // the event port can take a barrier event now
    wire [1:0]          bar_go_by;   // bar_go below if X does not commit, if it does
    always @(*) begin
        for (w = 0; w < NUM_WARPS; w = w + 1) begin
            bar_ready[w] = bwait_q[w];
            for (v = 0; v < NUM_WARPS; v = v + 1)
                if (live[v] && bslot_q[v] == bslot_q[w] && !bwait_q[v])
                    bar_ready[w] = 1'b0;
        end
        // With the detector armed one block releases per cycle, so each
        // release can send its barrier event.
        bar_any  = 1'b0;
        bar_slot = 0;
        for (w = NUM_WARPS - 1; w >= 0; w = w - 1)
            if (bar_ready[w]) begin
                bar_any  = 1'b1;
                bar_slot = bslot_q[w];
            end
        // the warps (and their block slots) a release this cycle frees
        bar_ssel = {NUM_WARPS{1'b0}};
        for (w = 0; w < NUM_WARPS; w = w + 1) begin
            bar_sel[w] = bar_ready[w] && (!det_armed || bslot_q[w] == bar_slot);
            if (bar_sel[w]) bar_ssel[bslot_q[w]] = 1'b1;
        end
    end
    wire det_bar_push = det_armed && bar_any && det_bar_ok;

    // Barrier id of each block slot: counts the block's barrier releases.
    reg [7:0]  bar_id_q [0:NUM_WARPS-1];
    reg [31:0] bar_pc_q [0:NUM_WARPS-1];   // PC of the block's last arriving bar

    // ------------------------------------------------------------------
    // Long-latency units write back through the single register write
    // port when X does not use it; while one waits, F issues nothing.
    // ------------------------------------------------------------------
    wire            lsu_wb_valid, div_wb_valid, smem_wb_valid;
    wire [WW-1:0]   lsu_wb_warp, div_wb_warp, smem_wb_warp;
    wire [4:0]      lsu_wb_rd, div_wb_rd, smem_wb_rd;
    wire [T-1:0]    lsu_wb_mask, div_wb_mask, smem_wb_mask;
    wire [T*32-1:0] lsu_wb_data, div_wb_data, smem_wb_data;
    wire            unit_wb_pending = lsu_wb_valid | div_wb_valid | smem_wb_valid;

    // ------------------------------------------------------------------
    // F: pick a ready warp, round robin
    // ------------------------------------------------------------------
    wire [NUM_WARPS-1:0] lk_wait;   // the lock sequencer still works for the warp
    wire [NUM_WARPS-1:0] ready = live & ~busy_q & ~fwait_q & ~lwait_q & ~dwait_q & ~swait_q &
                                 ~bwait_q & ~lsu_blk_q & ~div_blk_q & ~smem_blk_q & ~lk_wait;
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
    wire issue = pick_ok && !halt_i && !(unit_wb_pending && wb_starved_q);
    wire [31:0] f_pc = warp_pc_q[pick];
    wire f_pc_bad = (f_pc[1:0] != 2'b00) || (f_pc < `MEM_GUARD) || (f_pc >= MEM_BYTES);

    // ------------------------------------------------------------------
    // D: I$ answer, decode, register read
    // ------------------------------------------------------------------
    reg           d_valid_q, d_pc_bad_q, d_force_q;
    reg [WW-1:0]  d_warp_q;
    reg [31:0]    d_pc_q;
    reg [T-1:0]   d_mask_q;
    wire          ic_hit;
    wire [31:0]   ic_instr;
    wire          ic_refill_done;
    wire          d_miss = d_valid_q && !d_pc_bad_q && !ic_hit;
    wire          d_go   = d_valid_q && (d_pc_bad_q || ic_hit);

    wire [3:0]  dec_class, dec_alu_op;
    wire [1:0]  dec_a_sel, dec_size, dec_csr_op;
    wire        dec_b_imm, dec_wr_rd, dec_unsigned, dec_strong, dec_scope_dev, dec_csr_imm;
    wire [31:0] dec_imm;
    wire [4:0]  dec_rd, dec_rs1, dec_amo_op;
    wire [4:0]  unused_dec_rs2;   // X takes rs2's value, not its number
    wire [2:0]  dec_funct3, dec_lsu_op;

    // The decoder works on the instruction entering X: in D without E_STAGE,
    // in E with it (the I-cache's block RAM, its word select and the
    // decoder made the build's longest path into E, docs/fpga.md). D reads
    // the register file with the instruction's own register fields.
    wire [31:0] dec_instr;
    gpu_decode u_decode (
        .instr_i     (dec_instr),
        .class_o     (dec_class),
        .alu_op_o    (dec_alu_op),
        .a_sel_o     (dec_a_sel),
        .b_imm_o     (dec_b_imm),
        .imm_o       (dec_imm),
        .wr_rd_o     (dec_wr_rd),
        .rd_o        (dec_rd),
        .rs1_o       (dec_rs1),
        .rs2_o       (unused_dec_rs2),
        .funct3_o    (dec_funct3),
        .lsu_op_o    (dec_lsu_op),
        .size_o      (dec_size),
        .unsigned_o  (dec_unsigned),
        .strong_o    (dec_strong),
        .scope_dev_o (dec_scope_dev),
        .amo_op_o    (dec_amo_op),
        .csr_op_o    (dec_csr_op),
        .csr_imm_o   (dec_csr_imm)
    );

    gpu_icache #(
        .LINE_BYTES (LINE_BYTES),
        .L1I_BYTES  (L1I_BYTES)
    ) u_icache (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .flush_i        (start_i),
        .req_valid_i    (issue && !f_pc_bad),
        .req_pc_i       (f_pc),
        .rsp_hit_o      (ic_hit),
        .rsp_instr_o    (ic_instr),
        .refill_i       (d_miss),
        .refill_pc_i    (d_pc_q),
        .refill_done_o  (ic_refill_done),
        .l2_req_valid_o (ic_req_valid_o),
        .l2_req_ready_i (ic_req_ready_i),
        .l2_req_o       (ic_req_o),
        .l2_rsp_valid_i (ic_rsp_valid_i),
        .l2_rsp_data_i  (ic_rsp_data_i),
        .perf_hit_o     (perf_ic_hit),
        .perf_miss_o    (perf_ic_miss)
    );
    wire perf_ic_hit, perf_ic_miss;

    // ------------------------------------------------------------------
    // X: execute
    // ------------------------------------------------------------------
    // The decoded instruction travels from D to X as one bus, through E
    // when E_STAGE is set.
    localparam IB_W = 1 + 1 + WW + 32 + T + 32 + 4 + 4 + 2 + 1 + 32 + 1 + 5 + 5 + 3 + 3 + 2 +
                      1 + 1 + 1 + 5 + 2 + 1;
    // what D hands on undecoded, and the instruction with its decoded fields
    localparam RAW_W    = 1 + 1 + WW + 32 + T + 32;
    localparam RAW_WARP = 32 + T + 32;      // where d_raw's warp starts
    wire [RAW_W-1:0] d_raw = {d_pc_bad_q, d_force_q, d_warp_q, d_pc_q, d_mask_q, ic_instr};
    wire [RAW_W-1:0] e_raw;
    assign dec_instr = e_raw[31:0];
    wire [IB_W-1:0] e_ib = {e_raw, dec_class, dec_alu_op, dec_a_sel, dec_b_imm, dec_imm, dec_wr_rd,
                            dec_rd, dec_rs1, dec_funct3, dec_lsu_op, dec_size, dec_unsigned,
                            dec_strong, dec_scope_dev, dec_amo_op, dec_csr_op, dec_csr_imm};
    reg  [IB_W-1:0] x_ib_q;
    reg             x_valid_q;
    wire            x_pc_bad_q, x_force_q;
    wire [WW-1:0]   x_warp_q;
    wire [31:0]     x_pc_q, x_imm_q, x_instr_q;
    wire [T-1:0]    x_mask_q;
    wire [3:0]      x_class_q, x_alu_op_q;
    wire [1:0]      x_a_sel_q, x_size_q, x_csr_op_q;
    wire            x_b_imm_q, x_wr_rd_q, x_unsigned_q, x_strong_q, x_scope_dev_q, x_csr_imm_q;
    wire [4:0]      x_rd_q, x_rs1_q, x_amo_op_q;
    wire [2:0]      x_funct3_q, x_lsu_op_q;
    assign {x_pc_bad_q, x_force_q, x_warp_q, x_pc_q, x_mask_q, x_instr_q,
            x_class_q, x_alu_op_q, x_a_sel_q, x_b_imm_q, x_imm_q, x_wr_rd_q,
            x_rd_q, x_rs1_q, x_funct3_q, x_lsu_op_q, x_size_q, x_unsigned_q,
            x_strong_q, x_scope_dev_q, x_amo_op_q, x_csr_op_q, x_csr_imm_q} = x_ib_q;
    wire [11:0]     x_csr_q = x_instr_q[31:20];

    // X's operands (rs1v, rs2v, rdv): the register file's read ports, which
    // answer the cycle after D, or those answers held one more cycle by E.
    wire [T*32-1:0] rf_rs1, rf_rs2, rf_rd;
    wire [T*32-1:0] rs1v, rs2v, rdv;
    // each lane's product for MUL* (gpu_mul), made in E or in X
    wire [T*64-1:0] x_prod;

    reg             rf_we;
    reg  [WW-1:0]   rf_wwarp;
    reg  [4:0]      rf_waddr;
    reg  [T-1:0]    rf_wmask;
    reg  [T*32-1:0] rf_wdata;

    gpu_regfile #(
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS)
    ) u_regfile (
        .clk_i      (clk_i),
        .rd_warp_i  (d_warp_q),
        .rd_addr1_i (ic_instr[19:15]),
        .rd_addr2_i (ic_instr[24:20]),
        .rd_addr3_i (ic_instr[11:7]),
        .rd_data1_o (rf_rs1),
        .rd_data2_o (rf_rs2),
        .rd_data3_o (rf_rd),
        .wr_en_i    (rf_we),
        .wr_warp_i  (rf_wwarp),
        .wr_addr_i  (rf_waddr),
        .wr_mask_i  (rf_wmask),
        .wr_data_i  (rf_wdata)
    );

    // Per-lane datapath
    wire [T*32-1:0] alu_res;
    reg  [T*32-1:0] x_result, x_next_pc, csr_val, csr_new;
    // each lane's address (loads, stores, atomics; JALR's target) and its
    // checks, made in E or in X (the address block below)
    wire [T*32-1:0] x_addr, x_paddr;
    wire [T-1:0]    lane_misaligned, lane_oob, lane_sh, lane_sh_oob;
    wire [T*SAW-1:0] x_saddr;   // shared lanes: byte address in this core's shared memory
    wire [31:0]     pc_plus4 = x_pc_q + 32'd4;
    reg  [31:0]     r1, r2, src;
    reg             taken;

    wire [T*32-1:0] alu_a, alu_b;   // X's ALU operands, lane by lane
    genvar gt;
    generate
        for (gt = 0; gt < T; gt = gt + 1) begin : g_alu
            assign alu_a[gt*32 +: 32] = (x_a_sel_q == `ASEL_PC)   ? x_pc_q :
                                        (x_a_sel_q == `ASEL_ZERO) ? 32'd0  : rs1v[gt*32 +: 32];
            assign alu_b[gt*32 +: 32] = x_b_imm_q ? x_imm_q : rs2v[gt*32 +: 32];
            gpu_alu u_alu (
                .op_i      (x_alu_op_q),
                .a_i       (alu_a[gt*32 +: 32]),
                .b_i       (alu_b[gt*32 +: 32]),
                .product_i (x_prod[gt*64 +: 64]),
                .result_o  (alu_res[gt*32 +: 32])
            );
        end
    endgenerate

    // CSR reads (x_csr_q was decoded in D). Most CSRs read the same in every
    // lane of the warp, so they share one multiplexer; only mscratch, the
    // hart and thread ids, the lane number and the lane's stack top differ
    // by lane, each as the warp's lane-0 value plus a small lane term.
    wire [31:0] hart0  = (CORE_ID * NUM_WARPS + {{(32-WW){1'b0}}, x_warp_q}) * T;
    wire [31:0] tid0   = {{(32-WW){1'b0}}, wib_q[x_warp_q]} * T;
    wire [31:0] stack0 = stack_top_i - (hart0 << stack_log2_i);
    reg  [31:0] csr_com;
    always @(*) begin
        case (x_csr_q)
            `CSR_CYCLE:       csr_com = cycle_q[31:0];
            `CSR_CYCLEH:      csr_com = cycle_q[63:32];
            `CSR_INSTRET:     csr_com = instret_q[31:0];
            `CSR_INSTRETH:    csr_com = instret_q[63:32];
            `CSR_WARP:        csr_com = {{(32-WW){1'b0}}, x_warp_q};
            `CSR_WARP_IN_BLK: csr_com = {{(32-WW){1'b0}}, wib_q[x_warp_q]};
            `CSR_BLOCK_ID:    csr_com = block_id_q[x_warp_q];
            `CSR_CORE_ID:     csr_com = CORE_ID;
            `CSR_NUM_THREADS: csr_com = T;
            `CSR_NUM_WARPS:   csr_com = NUM_WARPS;
            `CSR_NUM_CORES:   csr_com = NUM_CORES;
            `CSR_BLOCK_DIM_X: csr_com = block_dim_i[31:0];
            `CSR_BLOCK_DIM_Y: csr_com = block_dim_i[63:32];
            `CSR_BLOCK_DIM_Z: csr_com = block_dim_i[95:64];
            `CSR_GRID_DIM_X:  csr_com = grid_dim_i[31:0];
            `CSR_GRID_DIM_Y:  csr_com = grid_dim_i[63:32];
            `CSR_GRID_DIM_Z:  csr_com = grid_dim_i[95:64];
            `CSR_ARG_PTR:     csr_com = arg_ptr_i;
            `CSR_TMASK:       csr_com = {{(32-T){1'b0}}, run_q[x_warp_q]};
            `CSR_SMEM_BYTES:  csr_com = HAS_SMEM ? smem_bytes_i : 32'd0;
            default:          csr_com = 32'd0;
        endcase
    end
    reg [31:0] mscr;

    always @(*) begin
        for (t_np = 0; t_np < T; t_np = t_np + 1) begin
            r1 = rs1v[t_np*32 +: 32];
            r2 = rs2v[t_np*32 +: 32];
            case (x_funct3_q)
                3'b000:  taken = (r1 == r2);
                3'b001:  taken = (r1 != r2);
                3'b100:  taken = ($signed(r1) < $signed(r2));
                3'b101:  taken = ($signed(r1) >= $signed(r2));
                3'b110:  taken = (r1 < r2);
                default: taken = (r1 >= r2);
            endcase
            case (x_class_q)
                `CL_BRANCH: x_next_pc[t_np*32 +: 32] = taken ? x_pc_q + x_imm_q : pc_plus4;
                `CL_JAL:    x_next_pc[t_np*32 +: 32] = x_pc_q + x_imm_q;
                `CL_JALR:   x_next_pc[t_np*32 +: 32] = x_addr[t_np*32 +: 32] & ~32'd1;
                default:    x_next_pc[t_np*32 +: 32] = pc_plus4;
            endcase
            mscr = mscratch_q[slot(x_warp_q, t_np)];
            case (x_csr_q)
                `CSR_MSCRATCH:  csr_val[t_np*32 +: 32] = mscr;
                `CSR_MHARTID:   csr_val[t_np*32 +: 32] = hart0 + t_np[31:0];
                `CSR_TID:       csr_val[t_np*32 +: 32] = tid0 + t_np[31:0];
                `CSR_LANE:      csr_val[t_np*32 +: 32] = t_np[31:0];
                `CSR_STACK_TOP: csr_val[t_np*32 +: 32] = stack0 - (t_np[31:0] << stack_log2_i);
                default:        csr_val[t_np*32 +: 32] = csr_com;
            endcase
            // only an mscratch write uses it (the other CSRs are read-only)
            src = x_csr_imm_q ? {27'd0, x_rs1_q} : r1;
            case (x_csr_op_q)
                `CSR_RW: csr_new[t_np*32 +: 32] = src;
                `CSR_RS: csr_new[t_np*32 +: 32] = mscr | src;
                default: csr_new[t_np*32 +: 32] = mscr & ~src;
            endcase
            case (x_class_q)
                `CL_JAL, `CL_JALR: x_result[t_np*32 +: 32] = pc_plus4;
                `CL_CSR:           x_result[t_np*32 +: 32] = csr_val[t_np*32 +: 32];
                `CL_WARP:          x_result[t_np*32 +: 32] = w_result[t_np*32 +: 32];
                default:           x_result[t_np*32 +: 32] = alu_res[t_np*32 +: 32];
            endcase
        end
    end

    // Thread stacks ("local memory"): the stacks of a core's threads are
    // interleaved word by word, so the same stack word of every lane of a
    // warp (a register saved at the same sp offset) lies in one line, a
    // warp's stack access is one line access instead of T, and the stack
    // words a core's warps use most (the top of each stack) form one
    // contiguous run of lines instead of NUM_WARPS * T runs that fight for
    // the same cache sets. The address each thread sees is unchanged; only
    // the memory side (LSU, detector) sees the interleaved one. Within the
    // aligned block of a core's NUM_WARPS * T stacks of 2^STACK_LOG2 bytes,
    // address bits {slot, word, byte} become {word, slot, byte}. gpu_ctl
    // launches only with this stack size and the region so aligned.
    localparam SLOT_B = (NUM_WARPS * T > 1) ? $clog2(NUM_WARPS * T) : 1;
    localparam [31:0] STACK_SPAN = (NUM_CORES * NUM_WARPS * T) << STACK_LOG2;
    wire [31:0] stack_lo = stack_top_i - STACK_SPAN;
    function [31:0] stack_word(input [31:0] a, input [31:0] lo, input [31:0] top);
        if (NUM_WARPS * T > 1 && a >= lo && a < top)
            stack_word = {a[31:STACK_LOG2+SLOT_B], a[STACK_LOG2-1:2],
                          a[STACK_LOG2+SLOT_B-1:STACK_LOG2], a[1:0]};
        else
            stack_word = a;
    endfunction

    // ------------------------------------------------------------------
    // Addresses, and E. The address block adds each lane's rs1 and the
    // immediate and checks the sum (alignment, bounds, the shared window,
    // the stack interleave). With E_STAGE = 0 it works in X, on the
    // register file's answers; with E_STAGE = 1 a stage E between D and X
    // holds the instruction and its operands one cycle, the block works
    // there and X starts from registers: on the FPGA the register file's
    // block RAM answers late and X's address -> fault -> replay -> commit
    // chain was the longest path (docs/fpga.md). One instruction per warp
    // is in flight, so E changes no operand a warp reads, only when.
    // ------------------------------------------------------------------
    wire             e_go;      // an instruction moves into X
    wire [T*32-1:0]  ag_rs1;
    wire [31:0]      ag_imm;
    wire [1:0]       ag_size;
    wire [WW-1:0]    ag_warp;
    reg  [T*32-1:0]  ag_addr, ag_paddr;
    reg  [T-1:0]     ag_mis, ag_oob, ag_sh, ag_sh_oob;
    reg  [T*SAW-1:0] ag_saddr;
    reg  [31:0]      ag_a;
    always @(*)
        for (t_ag = 0; t_ag < T; t_ag = t_ag + 1) begin
            ag_a = ag_rs1[t_ag*32 +: 32] + ag_imm;
            ag_addr[t_ag*32 +: 32] = ag_a;
            ag_mis[t_ag] = (ag_size == 2'd1 && ag_a[0]) || (ag_size == 2'd2 && ag_a[1:0] != 2'b00);
            // The shared window: an offset into the block's own slice.
            ag_sh[t_ag]     = HAS_SMEM && (ag_a[31:24] == 8'(`SMEM_BASE >> 24));
            ag_sh_oob[t_ag] = {8'd0, ag_a[23:0]} >= smem_bytes_i;
            ag_saddr[t_ag*SAW +: SAW] = wbase_q[ag_warp] + ag_a[SAW-1:0];
            ag_oob[t_ag] = !ag_sh[t_ag] && ((ag_a < `MEM_GUARD) || (ag_a >= MEM_BYTES));
            ag_paddr[t_ag*32 +: 32] = stack_word(ag_a, stack_lo, stack_top_i);
        end
    localparam AG_W = 2 * T * 32 + 4 * T + T * SAW;
    wire [AG_W-1:0] ag_all = {ag_addr, ag_paddr, ag_mis, ag_oob, ag_sh, ag_sh_oob, ag_saddr};
    wire [AG_W-1:0] x_ag;
    // the lanes' multipliers, in X, or with E_STAGE from E into X (the
    // partial products registered as E's operands are)
    wire            mul_en;
    wire [3:0]      mul_op;
    wire [T*32-1:0] mul_a, mul_b;
    wire [T*64-1:0] mul_p;
    genvar ml;
    generate
        for (ml = 0; ml < T; ml = ml + 1) begin : g_mul
            gpu_mul #(.STAGE(E_STAGE)) u_mul (
                .clk_i     (clk_i),
                .en_i      (mul_en),
                .op_i      (mul_op),
                .a_i       (mul_a[ml*32 +: 32]),
                .b_i       (mul_b[ml*32 +: 32]),
                .product_o (mul_p[ml*64 +: 64])
            );
        end
    endgenerate
    assign {x_addr, x_paddr, lane_misaligned, lane_oob, lane_sh, lane_sh_oob, x_saddr} = x_ag;
    generate
        if (E_STAGE != 0) begin : g_e
            reg             e_valid_q;
            reg [RAW_W-1:0] e_raw_q;
            reg [T*32-1:0]  e_rs1_q, e_rs2_q, e_rd_q;
            reg [AG_W-1:0]  e_ag_q;
            always @(posedge clk_i) begin
                e_valid_q <= !rst_i && d_go;
                if (d_go) e_raw_q <= d_raw;
                if (e_valid_q) begin
                    e_rs1_q <= rf_rs1;
                    e_rs2_q <= rf_rs2;
                    e_rd_q  <= rf_rd;
                    e_ag_q  <= ag_all;
                end
            end
            // E's own uses of the instruction take its fields straight from
            // the word, not through the decoder, which would sit in front
            // of the address adder and the multipliers' sign extension.
            // They agree with the decoder wherever the result is used: an
            // address (rs1 + imm) only for a memory access (I immediate,
            // S for a store, none for an atomic) or a JALR (I); the access
            // size is funct3's low bits (2 for an atomic, whose funct3 is
            // 010); the product only for MUL* (funct3: 000 MUL, whose low
            // word has no sign, 001 MULH, 010 MULHSU, 011 MULHU).
            wire [31:0] e_w   = e_raw_q[31:0];
            wire [6:0]  e_opc = e_w[6:0];
            wire        e_st  = (e_opc == 7'b0100011) || (e_opc == `OPC_STORE_STRONG);
            wire        e_amo = (e_opc == 7'b0101111) || (e_opc == `OPC_AMO_BLK);
            wire        unused_e_rs1 = ^e_w[19:15];   // read in D
            assign e_go    = e_valid_q;
            assign e_raw   = e_raw_q;
            assign ag_rs1  = rf_rs1;
            assign ag_imm  = e_amo ? 32'd0 :
                             {{20{e_w[31]}}, e_w[31:25], e_st ? e_w[11:7] : e_w[24:20]};
            assign ag_size = e_w[13:12];
            assign ag_warp = e_raw_q[RAW_WARP +: WW];
            assign rs1v    = e_rs1_q;
            assign rs2v    = e_rs2_q;
            assign rdv     = e_rd_q;
            assign x_ag    = e_ag_q;
            // MUL* are register-register operations (gpu_decode), so their
            // operands are rs1 and rs2, at hand in E.
            assign mul_en  = e_valid_q;
            assign mul_op  = (e_w[14:12] == 3'b001) ? `ALU_MULH :
                             (e_w[14:12] == 3'b010) ? `ALU_MULHSU : `ALU_MULHU;
            assign mul_a   = rf_rs1;
            assign mul_b   = rf_rs2;
            assign x_prod  = mul_p;
        end else begin : g_no_e
            assign e_go    = d_go;
            assign e_raw   = d_raw;
            assign ag_rs1  = rf_rs1;
            assign ag_imm  = x_imm_q;
            assign ag_size = x_size_q;
            assign ag_warp = x_warp_q;
            assign rs1v    = rf_rs1;
            assign rs2v    = rf_rs2;
            assign rdv     = rf_rd;
            assign x_ag    = ag_all;
            assign mul_en  = 1'b0;
            assign mul_op  = x_alu_op_q;
            assign mul_a   = alu_a;
            assign mul_b   = alu_b;
            assign x_prod  = mul_p;
        end
    endgenerate

    wire x_is_mem   = (x_class_q == `CL_MEM);
    wire x_has_addr = x_is_mem && (x_lsu_op_q != `LSU_FENCE);
    wire x_lr_sc    = (x_lsu_op_q == `LSU_LR) || (x_lsu_op_q == `LSU_SC);
    wire [T-1:0] bad_align = x_has_addr ? (lane_misaligned & x_mask_q) : {T{1'b0}};
    wire [T-1:0] bad_bound = x_has_addr ? (lane_oob & x_mask_q) : {T{1'b0}};
    // Lanes in shared memory go to the shared-memory unit, the others to
    // the LSU; an instruction may have both (each unit writes back its own
    // lanes). LR/SC have no reservation there: they fault.
    wire [T-1:0] x_sh_mask = x_has_addr ? (lane_sh & x_mask_q) : {T{1'b0}};
    wire [T-1:0] x_gl_mask = x_mask_q & ~x_sh_mask;
    wire [T-1:0] bad_smem  = x_sh_mask & (lane_sh_oob | {T{x_lr_sc}});
    wire x_to_smem = HAS_SMEM && (|x_sh_mask);
    wire x_to_lsu  = x_is_mem && ((x_lsu_op_q == `LSU_FENCE) || (|x_gl_mask));

    reg [7:0]  x_cause;
    reg [31:0] x_fault_addr;
    reg [7:0]  x_fault_lane;
    always @(*) begin
        x_cause      = `FAULT_NONE;
        x_fault_addr = 32'd0;
        x_fault_lane = 8'd0;
        for (t_fl = T - 1; t_fl >= 0; t_fl = t_fl - 1)
            if (x_mask_q[t_fl]) x_fault_lane = t_fl[7:0];
        if (x_pc_bad_q) begin
            x_cause = `FAULT_FETCH;
            x_fault_addr = x_pc_q;
        end else if (x_class_q == `CL_ILLEGAL) begin
            x_cause = `FAULT_ILLEGAL;
            x_fault_addr = x_instr_q;
        end else if (x_class_q == `CL_ECALL) begin
            x_cause = `FAULT_ECALL;
        end else if (|bad_align || |bad_bound || |bad_smem) begin
            x_cause = (|bad_align) ? `FAULT_MISALIGNED :
                      (|bad_bound) ? `FAULT_BOUNDS : `FAULT_SMEM;
            for (t_fl = T - 1; t_fl >= 0; t_fl = t_fl - 1)
                if ((|bad_align) ? bad_align[t_fl] : (|bad_bound) ? bad_bound[t_fl] : bad_smem[t_fl]) begin
                    x_fault_lane = t_fl[7:0];
                    x_fault_addr = x_addr[t_fl*32 +: 32];
                end
        end
    end
    wire x_fault = x_valid_q && (x_cause != `FAULT_NONE);

    // Race detector hooks: which instructions make events and lock-table
    // operations (docs/detector.md 3.2 and 4.2).
    wire x_fence_blk = (x_class_q == `CL_NOP) && (x_instr_q[6:0] == `OPC_SIMT);
    wire x_fence_dev = x_is_mem && (x_lsu_op_q == `LSU_FENCE);
    // Global events: the device-memory lanes (shared lanes are handed over
    // apart, det_sh_*) and fences.
    wire x_det_evt   = det_armed && (x_to_lsu || x_fence_blk);
    wire x_lk_cas    = x_is_mem && (x_lsu_op_q == `LSU_AMO) && (x_amo_op_q == `AMO_CAS);
    wire x_lk_xchg   = x_is_mem && (x_lsu_op_q == `LSU_AMO) && (x_amo_op_q == `AMO_SWAP);
    wire x_lk_op     = det_armed && (x_lk_cas || x_lk_xchg || x_fence_dev || x_fence_blk);
    wire det_full, lk_busy, lk_busy_x;   // as X sees them (with H's pending push and lock start)
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
    wire [LOSS_W-1:0] x_losses = loss_q[x_warp_q*LOSS_W +: LOSS_W];
    wire resv_other   = mem_resv_q && mem_resv_warp_q != x_warp_q;
    // An instruction that needs any of the three waits, before it is
    // handed to any unit, while another warp owns the next turn.
    wire x_claims     = x_det_evt || x_lk_op || x_to_lsu;
    wire x_det_replay = x_ok && ((x_det_evt && det_full) || (x_lk_op && lk_busy_x) ||
                                 (x_claims && resv_other));
    // Hand-off to the LSU, the shared memory and the divider; a busy unit
    // means replay. An instruction with lanes for both memories goes to
    // both in the same cycle or to neither.
    wire lsu_req_ready, div_req_ready, smem_req_ready, smem_free;
    wire x_ok       = x_valid_q && !x_fault;
    wire x_mem_go   = x_ok && x_is_mem && !x_det_replay;
    wire lsu_now    = !x_to_lsu || lsu_req_ready;
    wire smem_now   = !x_to_smem || smem_req_ready;
    wire lsu_busy   = x_mem_go && x_to_lsu && !lsu_req_ready;   // replayed for the LSU
    wire lsu_req_valid  = x_mem_go && x_to_lsu && smem_now;
    wire smem_req_valid = x_mem_go && x_to_smem && lsu_now;
    wire x_mem_replay   = x_mem_go && !(lsu_now && smem_now);
    wire div_req_valid = x_ok && (x_class_q == `CL_DIV);
    wire x_replay   = x_mem_replay || (div_req_valid && !div_req_ready) || x_det_replay;
    // replayed because the LSU or the lock sequencer was busy (not for
    // another warp's reservation)
    wire x_busy_replay = x_ok && ((x_lk_op && lk_busy_x && !resv_other) || lsu_busy);
    wire x_commit   = x_ok && !x_replay;
    // X writes rd only for ALU, JAL, JALR and CSR (gpu_decode), and these
    // never replay and fault only on a bad PC, so their commit is
    // x_valid && !x_pc_bad. Written so, the register write port and the
    // CSR write do not wait for the address check of memory instructions
    // (the longest path of the FPGA build ran through it into the write
    // port, docs/fpga.md); the commit is the same, cycle for cycle.
    wire x_in_x     = (x_class_q == `CL_ALU) || (x_class_q == `CL_JAL) ||
                      (x_class_q == `CL_JALR) || (x_class_q == `CL_CSR) ||
                      (x_class_q == `CL_WARP);
    wire x_commit_x = x_valid_q && !x_pc_bad_q && x_in_x;
    wire x_rf_write = x_commit_x && x_wr_rd_q && (!x_is_warp || x_w_go);
    // X's claim on the write port, which the units' grant waits for. With
    // E_STAGE (the FPGA pipeline) it leaves out the warp operation's
    // decision (x_w_go: every lane's register value and parked PC), whose
    // path into the shared memory's write-back stage was the routed
    // critical path without the detector (docs/fpga.md): X claims the port
    // for every instruction that writes rd, and a warp operation whose
    // lanes park leaves it unused for that cycle.
    wire x_port     = (E_STAGE != 0) ? (x_commit_x && x_wr_rd_q) : x_rf_write;

    // ------------------------------------------------------------------
    // Warp-level operations (CL_WARP, docs/isa.md). The member mask comes
    // from the lowest issuing lane: rs1 for syncwarp, rs2 for votes, rd for
    // shuffles (read and written, like amocas.w). The instruction executes
    // once every live member not waiting at a barrier has reached it: the
    // issuing lanes and those parked at this very PC (wpark_q). Otherwise
    // the issuing lanes park here. Registers of every lane of the warp are
    // read in D, so the parked lanes' operands are at hand.
    // ------------------------------------------------------------------
    wire       x_is_warp  = (x_class_q == `CL_WARP);
    wire [6:0] x_wop      = x_instr_q[31:25];
    wire       wop_sync   = (x_wop == `WARP_SYNC);
    wire       wop_vote   = (x_wop == `WARP_BALLOT) || (x_wop == `WARP_ANY) ||
                            (x_wop == `WARP_ALL);
    wire       wop_active = (x_wop == `WARP_ACTIVE);
    reg  [31:0] w_mval;
    reg  [T-1:0] w_here, w_pred;
    always @(*) begin
        w_mval = 32'd0;
        for (t_wm = T - 1; t_wm >= 0; t_wm = t_wm - 1)
            if (x_mask_q[t_wm])
                w_mval = wop_sync ? rs1v[t_wm*32 +: 32] : wop_vote ? rs2v[t_wm*32 +: 32] : rdv[t_wm*32 +: 32];
        for (t_wm = 0; t_wm < T; t_wm = t_wm + 1) begin
            w_here[t_wm] = wpark_q[x_warp_q][t_wm] && (lane_pc_q[slot(x_warp_q, t_wm)] == x_pc_q);
            w_pred[t_wm] = (rs1v[t_wm*32 +: 32] != 32'd0);
        end
    end
    wire [T-1:0] w_need = w_mval[T-1:0] & run_q[x_warp_q] & ~bpark_q[x_warp_q] & ~x_mask_q;
    // executes now (a forced issue always does), or the issuing lanes park
    wire         x_w_go = wop_active || x_force_q || ((w_need & ~w_here) == {T{1'b0}});
    wire [T-1:0] w_have = x_mask_q | (wop_active ? {T{1'b0}} : w_here);
    wire [T-1:0] w_ballot = w_pred & w_have;
    reg  [T*32-1:0] w_result;
    reg  [4:0]  w_src, w_seg, w_wm;
    reg  [31:0] w_b;
    reg         w_own;
    reg  [LW-1:0] w_idx;   // w_src, known to be a lane of the warp when used
    always @(*) begin
        for (t_ws = 0; t_ws < T; t_ws = t_ws + 1) begin
            w_b   = rs2v[t_ws*32 +: 32];
            w_wm  = w_b[12:8];                       // width - 1
            w_seg = 5'(t_ws) & ~w_wm;                // first lane of its segment
            w_own = 1'b0;
            case (x_wop)
                `WARP_SHFL_UP: begin
                    w_src = 5'(t_ws) - w_b[4:0];
                    w_own = ({1'b0, w_b[4:0]} > {1'b0, 5'(t_ws) - w_seg});
                end
                `WARP_SHFL_DOWN: begin
                    w_src = 5'(t_ws) + w_b[4:0];
                    w_own = ({1'b0, 5'(t_ws)} + {1'b0, w_b[4:0]} > {1'b0, w_seg | w_wm});
                end
                `WARP_SHFL_XOR: begin
                    w_src = 5'(t_ws) ^ w_b[4:0];
                    w_own = (w_src > (w_seg | w_wm));  // later segments: own value
                end
                default: begin                         // WARP_SHFL_IDX
                    w_src = w_seg | (w_b[4:0] & w_wm);
                end
            endcase
            if ({27'd0, w_src} >= T) w_own = 1'b1;   // no such lane
            w_idx = (T > 1) ? w_src[LW-1:0] : {LW{1'b0}};
            case (x_wop)
                `WARP_BALLOT: w_result[t_ws*32 +: 32] = {{(32-T){1'b0}}, w_ballot};
                `WARP_ANY:    w_result[t_ws*32 +: 32] = {31'd0, w_ballot != {T{1'b0}}};
                `WARP_ALL:    w_result[t_ws*32 +: 32] = {31'd0, w_ballot == w_have};
                `WARP_ACTIVE: w_result[t_ws*32 +: 32] = {{(32-T){1'b0}}, x_mask_q};
                default:      w_result[t_ws*32 +: 32] =
                                  w_own ? rs1v[t_ws*32 +: 32] : rs1v[w_idx*32 +: 32];
            endcase
        end
    end
    wire x_w_sync = x_commit_x && x_is_warp && x_w_go && !wop_active;  // a warp sync took place
    // masks name lanes 0..T-1 (CUDA's 0xffffffff is every lane); the
    // shuffle operand has lane, delta or xor mask in [4:0], width-1 in [12:8]
    wire unused_w = ^{w_mval[31:T-1], w_b[31:13], w_b[7:5]};

    // tmc operand: rs1 of the lowest issuing lane
    reg [31:0] tmc_val;
    always @(*) begin
        tmc_val = 32'd0;
        for (t_tm = T - 1; t_tm >= 0; t_tm = t_tm - 1)
            if (x_mask_q[t_tm]) tmc_val = rs1v[t_tm*32 +: 32];
    end

    // Register write port: X first, else a waiting unit (LSU, then shared
    // memory, then divider).
    wire lsu_wb_grant  = lsu_wb_valid && !x_port;
    wire smem_wb_grant = smem_wb_valid && !x_port && !lsu_wb_valid;
    wire div_wb_grant  = div_wb_valid && !x_port && !lsu_wb_valid && !smem_wb_valid;
    always @(*) begin
        rf_we    = 1'b0;
        rf_wwarp = x_warp_q;
        rf_waddr = x_rd_q;
        rf_wmask = x_is_warp ? w_have : x_mask_q;
        rf_wdata = x_result;
        if (x_port) begin
            rf_we = x_rf_write;
        end else if (lsu_wb_valid) begin
            rf_we = 1'b1; rf_wwarp = lsu_wb_warp; rf_waddr = lsu_wb_rd;
            rf_wmask = lsu_wb_mask; rf_wdata = lsu_wb_data;
        end else if (smem_wb_valid) begin
            rf_we = 1'b1; rf_wwarp = smem_wb_warp; rf_waddr = smem_wb_rd;
            rf_wmask = smem_wb_mask; rf_wdata = smem_wb_data;
        end else if (div_wb_valid) begin
            rf_we = 1'b1; rf_wwarp = div_wb_warp; rf_waddr = div_wb_rd;
            rf_wmask = div_wb_mask; rf_wdata = div_wb_data;
        end
    end

    // ------------------------------------------------------------------
    // Race detector, core side (docs/detector.md 3, 4): per-warp lock
    // tables fed one lane per cycle by a small sequencer, per-block barrier
    // ids, and the event port.
    // ------------------------------------------------------------------
    localparam [1:0] LK_CAS = 2'd0, LK_XCHG = 2'd1, LK_FENCE = 2'd2;
    reg            lk_busy_q;
    reg [WW-1:0]   lk_warp_q;
    reg [1:0]      lk_op_q;
    reg            lk_scope_q;
    reg [T-1:0]    lk_left_q;
    // each lane's lockhash, taken as the sequencer starts (the table works
    // on the hash alone; selecting and hashing a 32-bit lane address per
    // step was the FPGA build's longest path, docs/fpga.md)
    reg [T*6-1:0]  lk_hash_q;
    reg [5:0]      lk_hash;
    wire [T*6-1:0] lk_s_hash;
    reg [T-1:0]    lk_bit;
    // Without the detector the sequencer never starts; gating its state
    // here lets synthesis drop it with everything it feeds.
    assign lk_busy = (DETECTOR != 0) && lk_busy_q;
    // The sequencer's start: X's committed lock operation, or with H_STAGE
    // the one H holds, started a cycle later; until then it counts as busy
    // for X and keeps its warp from issuing (lk_wait).
    wire             lk_start;
    wire [WW-1:0]    lk_s_warp;
    wire [1:0]       lk_s_op;
    wire             lk_s_scope;
    wire [T-1:0]     lk_s_mask;
    wire [T*32-1:0]  lk_s_addr;   // X's addresses (the event port's too)
    wire lk_pend = (DETECTOR != 0) && (H_STAGE != 0) && lk_start;
    assign lk_busy_x = lk_busy || lk_pend;
    always @(*) begin
        lk_hash = 6'd0;
        lk_bit  = {T{1'b0}};
        for (t_lk = T - 1; t_lk >= 0; t_lk = t_lk - 1)
            if (lk_left_q[t_lk]) begin
                lk_hash = lk_hash_q[t_lk*6 +: 6];
                lk_bit  = {{(T-1){1'b0}}, 1'b1} << t_lk;
            end
    end
    // A fence is one operation for the warp; CAS and exchange one per lane.
    wire lk_step = lk_busy && (lk_op_q == LK_FENCE || lk_left_q != 0);
    wire lk_done = lk_busy && (lk_op_q == LK_FENCE || (lk_left_q & ~lk_bit) == 0);
    // Event port: X pushes one record per memory or fence instruction (with
    // H_STAGE, H pushes X's record a cycle later); a released barrier
    // pushes one when X (or H) does not. port_last: one free slot left.
    wire x_det_push = x_commit && x_det_evt;
    wire port_full, port_last;
    wire hk_push;   // the port's push of X's record
    // X's lock operation as the sequencer starts it
    wire [1:0] x_lk_s_op = (x_fence_blk || x_fence_dev) ? LK_FENCE : x_lk_cas ? LK_CAS : LK_XCHG;
    wire       x_lk_s_scope = x_fence_blk ? 1'b0 : x_scope_dev_q;
    // {push, lock start, warp, lock op, scope, lanes, addresses}: as X has
    // them, or with H_STAGE as H holds them (only the two starts reset)
    localparam HKW = 2 + WW + 2 + 1 + T + T*32;
    wire [HKW-1:0] hk_x = {x_det_push, x_commit && x_lk_op, x_warp_q, x_lk_s_op, x_lk_s_scope,
                           x_mask_q, x_paddr};
    wire [HKW-1:0] hk;
    prim_stage_reg #(.W(HKW), .STAGE(H_STAGE), .RST_MASK({2'b11, {(HKW-2){1'b0}}})) u_h_hk (
        .clk_i(clk_i), .rst_i(rst_i), .en_i(1'b1), .d_i(hk_x), .q_o(hk));
    assign {hk_push, lk_start, lk_s_warp, lk_s_op, lk_s_scope, lk_s_mask, lk_s_addr} = hk;
    assign det_bar_ok = !port_full && !hk_push;
    // X may commit an event only if the port has room for it once H and a
    // barrier pushing now have taken theirs (without H: the port is not full)
    assign det_full = port_full ||
                      ((H_STAGE != 0) && port_last && (hk_push || det_bar_push));
    // A barrier releases when every warp of its block waits and, with the
    // detector, the event port takes its event (det_bar_ok), which X's
    // commit decides late in the cycle. So the release is made both ways
    // without the commit, which only picks (bar_go) or enables; the
    // logical clocks take both ways. The warps and block slots it frees
    // (bar_sel, bar_ssel) are made without it too. (The FPGA's longest
    // paths ran from the commit through the release into the barrier ids
    // and the clocks' epochs, docs/fpga.md.)
    // With H_STAGE the port's push comes from a register, so the release
    // is the same both ways.
    assign bar_go_by = (H_STAGE != 0) ? {2{bar_any && (!det_armed || det_bar_ok)}} :
                       {bar_any && (!det_armed || (!port_full && !x_det_evt)),
                        bar_any && (!det_armed || !port_full)};
    wire bar_go = x_commit ? bar_go_by[1] : bar_go_by[0];
    wire [NUM_WARPS-1:0] bar_release = bar_go ? bar_sel : {NUM_WARPS{1'b0}};
    wire det_port_idle, sh_check_idle;
    assign det_idle_o = det_port_idle && !lk_busy_x && !((H_STAGE != 0) && hk_push) &&
                        sh_check_idle;

    // The logical clocks that order shared-memory accesses (and whose warp
    // sync count global events carry): scord_sh_clocks, with the detector.
    wire [NUM_WARPS*8-1:0] sh_ws, sh_ep;
    wire [NUM_WARPS*6-1:0] sh_fc;
    wire [NUM_WARPS-1:0]   sh_fpend;   // a fence waiting for its warp's next instruction
    wire                   sh_gen, sh_wrap;
    reg  [NUM_WARPS*WW-1:0] bslot_all;
    reg  [NUM_WARPS*5-1:0]  wib_all;
    always @(*)
        for (w = 0; w < NUM_WARPS; w = w + 1) begin
            bslot_all[w*WW +: WW] = bslot_q[w];
            wib_all[w*5 +: 5]     = 5'(wib_q[w]);
        end

    genvar gw;
    generate
        if (DETECTOR != 0) begin : g_det
            // the lock tables of every warp slot; only X's warp reads its summary
            wire [15:0] x_bloom;
            scord_locktable #(
                .NUM_WARPS (NUM_WARPS)
            ) u_locktable (
                .clk_i        (clk_i),
                .rst_i        (rst_i),
                .clear_i      (do_launch ? alloc : {NUM_WARPS{1'b0}}),
                .op_valid_i   (lk_step),
                .op_warp_i    (lk_warp_q),
                .op_i         (lk_op_q),
                .hash_i       (lk_hash),
                .scope_i      (lk_scope_q),
                .bloom_warp_i (x_warp_q),
                .bloom_o      (x_bloom)
            );
            for (gt = 0; gt < T; gt = gt + 1) begin : g_lockhash
                scord_lockhash u_lockhash (
                    .addr_i (lk_s_addr[gt*32 +: 32]),
                    .hash_o (lk_s_hash[gt*6 +: 6])
                );
            end
            for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_lock
                assign lk_wait[gw] = (lk_busy && lk_warp_q == gw) ||
                                     (lk_pend && lk_s_warp == gw);
            end

            wire [1:0] x_det_kind = x_fence_blk || x_fence_dev ? `DET_EV_SYNC :
                                    (x_lsu_op_q == `LSU_LOAD)  ? `DET_EV_LOAD :
                                    (x_lsu_op_q == `LSU_STORE) ? `DET_EV_STORE : `DET_EV_ATOMIC;
            wire [T-1:0] x_low_lane = x_mask_q & ~(x_mask_q - 1'b1);  // fences: one event
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
                    if (bslot_q[x_warp_q] == WW'(bi)) bar_id_x   = bar_id_q[bi];
                    if (bar_slot == WW'(bi))          bar_id_rel = bar_id_q[bi];
                end
            end
            wire [7:0]  bar_id_next = bar_id_rel + 8'd1;  // the id after this release
            reg  [WW-1:0] bar_warp;   // a warp of the released block, for its ids
            integer bw;
            always @(*) begin
                bar_warp = 0;
                for (bw = NUM_WARPS - 1; bw >= 0; bw = bw - 1)
                    if (bar_ready[bw] && bslot_q[bw] == bar_slot) bar_warp = bw[WW-1:0];
            end

            // X's record for the event port (without its addresses, which
            // are the lock sequencer's lk_s_addr), as X makes it or, with
            // H_STAGE, as H holds it: {kind, scope, strong, size, pc, mask,
            // bloom, barrier id, block, warp, warp syncs, fence}
            localparam RECW = 2 + 1 + 1 + 2 + 32 + T + 16 + 8 + 16 + 5 + 8 + 1;
            wire x_fence_rec = x_fence_blk || x_fence_dev;
            wire [RECW-1:0] x_rec = {x_det_kind, x_fence_blk ? 1'b0 : x_scope_dev_q, x_strong_q,
                                     x_fence_rec ? `DET_SYNC_FENCE : x_size_q, x_pc_q,
                                     x_fence_rec ? x_low_lane : x_gl_mask, x_bloom, bar_id_x,
                                     block_id_q[x_warp_q][15:0],
                                     {{(5-WW){1'b0}}, wib_q[x_warp_q]}, sh_ws[x_warp_q*8 +: 8],
                                     x_fence_rec};
            wire [RECW-1:0] rec;   // (taken every cycle: used only when H pushes)
            prim_stage_reg #(.W(RECW), .STAGE(H_STAGE)) u_h_rec (
                .clk_i(clk_i), .rst_i(rst_i), .en_i(1'b1), .d_i(x_rec), .q_o(rec));

            gpu_det_port #(
                .CORE_ID     (CORE_ID),
                .NUM_THREADS (NUM_THREADS),
                .LINE_BYTES  (LINE_BYTES),
                .AW          ((MEM_BYTES > 1) ? $clog2(MEM_BYTES) : 1)
            ) u_det_port (
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
                .bar_pc_i       (bar_pc_q[bar_slot]),
                .bar_id_i       (bar_id_next),
                .bar_block_i    (block_id_q[bar_warp][15:0]),
                .evt_valid_o    (det_evt_valid_o),
                .evt_ready_i    (det_evt_ready_i),
                .evt_data_o     (det_evt_data_o),
                .evt_last_o     (det_evt_last_o),
                .idle_o         (det_port_idle)
            );

            // Shared memory is handed over apart (docs/detector.md §3.6).
            wire [1:0] sh_kind = (x_lsu_op_q == `LSU_LOAD)  ? `DET_EV_LOAD :
                                 (x_lsu_op_q == `LSU_STORE) ? `DET_EV_STORE : `DET_EV_ATOMIC;
            scord_sh_events #(
                .NUM_WARPS   (NUM_WARPS),
                .NUM_THREADS (NUM_THREADS),
                .SAW         (SAW)
            ) u_sh_events (
                .clk_i          (clk_i),
                .rst_i          (rst_i),
                .armed_i        (det_armed),
                .acc_valid_i    (smem_req_valid && smem_req_ready),
                .acc_kind_i     (sh_kind),
                .acc_size_i     (x_size_q),
                .acc_mask_i     (x_sh_mask),
                .acc_addr_i     (x_saddr),
                .acc_pc_i       (x_pc_q),
                .acc_warp_i     (x_warp_q),
                .acc_wib_i      ({{(5-WW){1'b0}}, wib_q[x_warp_q]}),
                .acc_bslot_i    (bslot_q[x_warp_q]),
                .acc_block_i    (block_id_q[x_warp_q][15:0]),
                .sync_valid_i   (x_w_sync),
                .sync_mask_i    (w_have),
                .sync_pc_i      (x_pc_q),
                .sync_warp_i    (x_warp_q),
                .bar_valid_i    (bar_go),
                .bar_bslot_i    (bar_slot),
                .launch_i       (do_launch),
                .launch_bslot_i (new_bslot),
                .acc_lanes_o    (det_sh_acc_o),
                .sync_o         (det_sh_sync_o)
            );

            // A fence counts for the shared checks when its warp commits
            // its next instruction, and not at all if that one is a barrier:
            // __syncthreads() is fence.blk then bar, and were its fence
            // counted, a warp that reached the barrier would look "fenced
            // since" to the warps still before it, ordering their racing
            // accesses with its earlier ones. The barrier's release orders
            // them when it comes. The delay cannot hide an ordering: a
            // fence orders only through a flag its warp writes afterwards.
            reg  [NUM_WARPS-1:0] sh_fpend_q;
            wire                 x_fence_any = x_fence_blk || x_fence_dev;
            // counted if X commits (the clocks take the commit apart)
            wire                 sh_fence    = sh_fpend_q[x_warp_q] && (x_class_q != `CL_BAR);
            integer fw;
            always @(posedge clk_i)
                for (fw = 0; fw < NUM_WARPS; fw = fw + 1)
                    if (rst_i || (do_launch && alloc[fw]))
                        sh_fpend_q[fw] <= 1'b0;
                    else if (x_commit && x_warp_q == WW'(fw))
                        sh_fpend_q[fw] <= x_fence_any;
            assign sh_fpend = sh_fpend_q;

            // The clocks take X's commit, warp sync and counted fence, or
            // with H_STAGE the same a cycle later (a launch into the warp's
            // slot in that cycle clears the counts after them).
            wire          ck_commit, ck_sync, ck_fence;
            wire [WW-1:0] ck_warp;
            prim_stage_reg #(.W(3 + WW), .STAGE(H_STAGE), .RST_MASK({2'b11, {(1 + WW){1'b0}}})) u_h_clk (
                .clk_i(clk_i), .rst_i(rst_i), .en_i(1'b1),
                .d_i({x_commit, x_w_sync, sh_fence, x_warp_q}),
                .q_o({ck_commit, ck_sync, ck_fence, ck_warp}));

            scord_sh_clocks #(
                .NUM_WARPS  (NUM_WARPS),
                .COMMIT_REG (H_STAGE)
            ) u_sh_clocks (
                .clk_i          (clk_i),
                .rst_i          (rst_i),
                .por_i          (por_i),
                .launch_i       (do_launch),
                .launch_bslot_i (new_bslot),
                .launch_warps_i (alloc),
                .commit_i       (ck_commit),
                .sync_i         (ck_sync),
                .fence_i        (ck_fence),
                .x_warp_i       (ck_warp),
                .bar_i          (bar_go_by),
                .bar_bslot_i    (bar_slot),
                .bslot_i        (bslot_all),
                .ws_o           (sh_ws),
                .fc_o           (sh_fc),
                .ep_o           (sh_ep),
                .gen_o          (sh_gen),
                .wrap_o         (sh_wrap)
            );
        end else begin : g_no_det
            // Nothing is ever pushed: det_armed is constant 0 here.
            wire unused_por = por_i;
            assign lk_wait         = {NUM_WARPS{1'b0}};
            assign port_full       = 1'b0;
            assign port_last       = 1'b0;
            assign det_port_idle   = 1'b1;
            assign det_evt_valid_o = 1'b0;
            assign det_evt_data_o  = {DET_EVW{1'b0}};
            assign det_evt_last_o  = 1'b0;
            assign det_sh_acc_o    = 8'd0;
            assign det_sh_sync_o   = 1'b0;
            assign sh_ws           = {NUM_WARPS*8{1'b0}};
            assign sh_fc           = {NUM_WARPS*6{1'b0}};
            assign sh_fpend        = {NUM_WARPS{1'b0}};
            assign sh_ep           = {NUM_WARPS*8{1'b0}};
            assign sh_gen          = 1'b0;
            assign sh_wrap         = 1'b0;
            assign lk_s_hash       = {T*6{1'b0}};
            wire unused_no_det = ^{det_armed_i, det_evt_ready_i, lk_hash, lk_s_addr, lk_scope_q, lk_warp_q,
                                   bar_pc_q[0], det_bar_push, bslot_all};
        end
    endgenerate
    assign det_stall_o = x_valid_q && x_det_replay;

    // ------------------------------------------------------------------
    // R: reconverge. The warp's next PC is the minimum over its runnable
    // lanes; the lanes at that PC issue next.
    // ------------------------------------------------------------------
    reg           r_valid_q;
    reg [WW-1:0]  r_warp_q;
    reg [31:0]    r_min;
    reg [T-1:0]   r_mask, r_cand;
    reg [32:0]    r_key [0:T-1];
    reg [T*T-1:0] r_lt;           // [u*T + t]: lane u's key is below lane t's
    reg            r_force;
    integer        u;
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
        for (t_rc = 0; t_rc < T; t_rc = t_rc + 1)
            r_key[t_rc] = {~r_cand[t_rc], lane_pc_q[slot(r_warp_q, t_rc)]};
        for (u = 0; u < T; u = u + 1) begin
            r_lt[u*T + u] = 1'b0;
            for (t_rc = u + 1; t_rc < T; t_rc = t_rc + 1) begin
                r_lt[u*T + t_rc] = (r_key[u] < r_key[t_rc]);
                r_lt[t_rc*T + u] = !r_lt[u*T + t_rc] && (r_key[u] != r_key[t_rc]);
            end
        end
        // the lanes at the minimum share its PC; no candidate: all ones
        r_min = {32{r_cand == {T{1'b0}}}};
        for (t_rc = 0; t_rc < T; t_rc = t_rc + 1) begin
            r_mask[t_rc] = r_cand[t_rc];
            for (u = 0; u < T; u = u + 1)
                if (r_lt[u*T + t_rc]) r_mask[t_rc] = 1'b0;
            if (r_mask[t_rc]) r_min = r_min | lane_pc_q[slot(r_warp_q, t_rc)];
        end
    end

    // After X commits a barrier or an exit of warp x_warp_q: does every
    // live lane of the warp now wait at the barrier?
    wire [T-1:0] x_bpark_next = bpark_q[x_warp_q] | ((x_class_q == `CL_BAR) ? x_mask_q : {T{1'b0}});
    wire [T-1:0] x_run_next   = run_q[x_warp_q] & ((x_class_q == `CL_EXIT) ? ~x_mask_q : {T{1'b1}});
    wire         x_arrive     = x_commit && (x_class_q == `CL_BAR || x_class_q == `CL_EXIT) &&
                                (x_run_next != {T{1'b0}}) && (x_bpark_next != {T{1'b0}}) &&
                                ((x_run_next & ~x_bpark_next) == {T{1'b0}});

    // ------------------------------------------------------------------
    // Performance counters
    // ------------------------------------------------------------------
    wire perf_load, perf_store, perf_atomic, perf_l1_hit, perf_l1_miss;
    reg  [7:0] x_popcount;
    always @(*) begin
        x_popcount = 8'd0;
        for (t_pop = 0; t_pop < T; t_pop = t_pop + 1) x_popcount = x_popcount + {7'd0, x_mask_q[t_pop]};
    end
    // each counter's increment, and whether it counts this cycle (a counter
    // counts up by at most T); the increments are known early, the enables
    // late (most come from X's commit)
    localparam PSW = $clog2(T + 1);
    reg [NPERF*PSW-1:0] perf_inc;
    reg [NPERF-1:0]     perf_en;
    always @(*) begin
        perf_inc = {NPERF{PSW'(1)}};
        perf_inc[`PERF_THREAD_INSTRS*PSW +: PSW] = PSW'(x_popcount);
        perf_en  = {NPERF{1'b0}};
        perf_en[`PERF_INSTRS]         = x_commit;
        perf_en[`PERF_THREAD_INSTRS]  = x_commit;
        perf_en[`PERF_SMEM_ACCESSES]  = perf_smem_acc;
        perf_en[`PERF_SMEM_CONFLICTS] = perf_smem_cf;
        perf_en[`PERF_WARP_SYNCS]     = x_w_sync;
        perf_en[`PERF_LOADS]          = perf_load;
        perf_en[`PERF_STORES]         = perf_store;
        perf_en[`PERF_ATOMICS]        = perf_atomic;
        perf_en[`PERF_L1D_HITS]       = perf_l1_hit;
        perf_en[`PERF_L1D_MISSES]     = perf_l1_miss;
        perf_en[`PERF_L1I_HITS]       = perf_ic_hit;
        perf_en[`PERF_L1I_MISSES]     = perf_ic_miss;
        perf_en[`PERF_STALL_REPLAY]   = x_valid_q && x_replay;
        if (!issue) begin
            if (!(|live))
                perf_en[`PERF_IDLE] = 1'b1;
            else if (pick_ok && unit_wb_pending)
                perf_en[`PERF_STALL_WB] = 1'b1;
            else if (!pick_ok && |(fwait_q & live))
                perf_en[`PERF_STALL_FETCH] = 1'b1;
            else if (!pick_ok && |((lwait_q | dwait_q | swait_q | lsu_blk_q | div_blk_q |
                                     smem_blk_q) & live))
                perf_en[`PERF_STALL_MEM] = 1'b1;
            else if (!pick_ok && |(bwait_q & live))
                perf_en[`PERF_STALL_BAR] = 1'b1;
        end
    end
    gpu_perf_counters #(
        .N    (NPERF),
        .STEP (T)
    ) u_perf (
        .clk_i   (clk_i),
        .clear_i (rst_i || start_i),
        .inc_i   (perf_inc),
        .en_i    (perf_en),
        .sel_i   (perf_sel_i),
        .val_o   (perf_o)
    );

    // ------------------------------------------------------------------
    // Lanes parked at a barrier (bpark_q): X's barrier parks its lanes, the
    // release frees the warp, a launch into the slot clears it (in that
    // order of priority). Both next states are made without X's commit,
    // which only picks one: the release it decides (bar_go) ran through
    // four LUT levels into these registers' reset, the routed critical
    // path of the build with the detector (docs/fpga.md, Routing).
    // ------------------------------------------------------------------
    reg [NUM_WARPS*T-1:0] bpark_c, bpark_n;   // if X commits, if it does not
    always @(*)
        for (w = 0; w < NUM_WARPS; w = w + 1) begin
            bpark_n[w*T +: T] = (do_launch && alloc[w]) ? {T{1'b0}} : bpark_q[w];
            bpark_c[w*T +: T] = (x_class_q == `CL_BAR && x_warp_q == WW'(w)) ? x_bpark_next
                                                                              : bpark_n[w*T +: T];
            if (bar_sel[w] && bar_go_by[0]) bpark_n[w*T +: T] = {T{1'b0}};
            if (bar_sel[w] && bar_go_by[1]) bpark_c[w*T +: T] = {T{1'b0}};
        end
    integer pw;  // not shared with another block: Yosys makes that a flip-flop both drive
    always @(posedge clk_i)
        for (pw = 0; pw < NUM_WARPS; pw = pw + 1)
            if (rst_i) bpark_q[pw] <= {T{1'b0}};
            else       bpark_q[pw] <= x_commit ? bpark_c[pw*T +: T] : bpark_n[pw*T +: T];

    // ------------------------------------------------------------------
    // Sequential state
    // ------------------------------------------------------------------
    integer wp, ln;  // not shared with another block: Yosys makes that a flip-flop both drive
    always @(posedge clk_i) begin
        fault_o <= 1'b0;
        if (rst_i) begin
            busy_q    <= 0;
            fwait_q   <= 0;
            lwait_q   <= 0;
            dwait_q   <= 0;
            bwait_q   <= 0;
            lsu_blk_q <= 0;
            div_blk_q <= 0;
            smem_blk_q <= 0;
            swait_q   <= 0;
            held_q    <= 0;
            wforce_q  <= 0;
            sfit_q    <= 0;
            d_valid_q <= 1'b0;
            x_valid_q <= 1'b0;
            r_valid_q <= 1'b0;
            rr_q      <= 0;
            lk_busy_q <= 1'b0;
            mem_resv_q <= 1'b0;
            loss_q    <= 0;
            cycle_q   <= 64'd0;
            instret_q <= 64'd0;
            for (wp = 0; wp < NUM_WARPS; wp = wp + 1) begin
                run_q[wp]   <= {T{1'b0}};
                park_q[wp]  <= {T{1'b0}};
                wpark_q[wp] <= {T{1'b0}};
                bslot_q[wp] <= 0;
            end
        end else begin
            cycle_q <= cycle_q + 64'd1;

            // ---- shared-memory slices of the grid's blocks (see launch_ready_o)
            if (start_i)
                for (wp = 0; wp < NUM_WARPS; wp = wp + 1) begin
                    sbase_q[wp] <= SAW'(wp * smem_stride_i);
                    sfit_q[wp]  <= ({32'd0, smem_stride_i} * (64'(wp) + 64'd1)) <= SMEM_BYTES;
                end

            // ---- launch
            for (wp = 0; wp < NUM_WARPS; wp = wp + 1)
                if (slot_free[wp]) held_q[wp] <= 1'b0;
            if (do_launch) begin
                for (wp = 0; wp < NUM_WARPS; wp = wp + 1) if (alloc[wp]) begin
                    held_q[wp]      <= 1'b1;
                    run_q[wp]       <= alloc_mask[wp];
                    park_q[wp]      <= {T{1'b0}};
                    wpark_q[wp]     <= {T{1'b0}};
                    wforce_q[wp]    <= 1'b0;
                    wbase_q[wp]     <= sbase_q[new_bslot];
                    warp_pc_q[wp]   <= entry_pc_i;
                    warp_mask_q[wp] <= alloc_mask[wp];
                    block_id_q[wp]  <= launch_block_id_i;
                    wib_q[wp]       <= alloc_wib[wp];
                    bslot_q[wp]     <= new_bslot;
                    for (ln = 0; ln < T; ln = ln + 1) begin
                        lane_pc_q[wp*T + ln]  <= entry_pc_i;
                        mscratch_q[wp*T + ln] <= 32'd0;
                    end
                end
            end

            // ---- F
            wb_starved_q <= unit_wb_pending && x_port;
            d_valid_q <= issue;
            if (issue) begin
                busy_q[pick] <= 1'b1;
                rr_q         <= pick;
                d_warp_q     <= pick;
                d_pc_q       <= f_pc;
                d_mask_q     <= warp_mask_q[pick];
                d_pc_bad_q   <= f_pc_bad;
                d_force_q    <= wforce_q[pick];
            end

            // ---- D (and E)
            x_valid_q <= e_go;
            if (d_miss) begin
                busy_q[d_warp_q] <= 1'b0;
                // A refill finishing right now may be this very line.
                if (!ic_refill_done) fwait_q[d_warp_q] <= 1'b1;
            end
            if (e_go) x_ib_q <= e_ib;
            if (ic_refill_done) fwait_q <= 0;

            // ---- X
            r_valid_q <= x_valid_q && !x_fault;
            r_warp_q  <= x_warp_q;
            if (x_fault) begin
                fault_o       <= 1'b1;
                fault_cause_o <= x_cause;
                fault_pc_o    <= x_pc_q;
                fault_addr_o  <= x_fault_addr;
                fault_warp_o  <= {{(8-WW){1'b0}}, x_warp_q};
                fault_lane_o  <= x_fault_lane;
            end
            if (x_commit_x && x_class_q == `CL_CSR && x_csr_q == `CSR_MSCRATCH)
                for (ln = 0; ln < T; ln = ln + 1)
                    if (x_mask_q[ln])
                        mscratch_q[slot(x_warp_q, ln)] <= csr_new[ln*32 +: 32];
            if (x_commit) begin
                instret_q <= instret_q + 64'd1;
                for (ln = 0; ln < T; ln = ln + 1) begin
                    // lanes parking at a warp sync stay at it
                    if (x_mask_q[ln] && !(x_is_warp && !x_w_go)) begin
                        lane_pc_q[slot(x_warp_q, ln)] <= x_next_pc[ln*32 +: 32];
                    end
                end
                case (x_class_q)
                    `CL_MEM: begin
                        lwait_q[x_warp_q] <= x_to_lsu;
                        swait_q[x_warp_q] <= x_to_smem;
                    end
                    `CL_WARP:
                        if (x_w_go) begin
                            // the lanes that waited here go on with the issuing ones
                            for (ln = 0; ln < T; ln = ln + 1)
                                if (w_have[ln] && !x_mask_q[ln])
                                    lane_pc_q[slot(x_warp_q, ln)] <= pc_plus4;
                            wpark_q[x_warp_q] <= wpark_q[x_warp_q] & ~w_have;
                        end else begin
                            wpark_q[x_warp_q] <= wpark_q[x_warp_q] | x_mask_q;
                        end
                    `CL_DIV: dwait_q[x_warp_q] <= 1'b1;
                    `CL_EXIT: begin
                        run_q[x_warp_q]  <= run_q[x_warp_q] & ~x_mask_q;
                    end
                    `CL_TMC: begin
                        for (ln = 0; ln < T; ln = ln + 1) begin
                            if (x_mask_q[ln] && !tmc_val[ln]) begin
                                run_q[x_warp_q][ln]  <= 1'b0;
                                park_q[x_warp_q][ln] <= 1'b1;
                            end else if (!x_mask_q[ln] && park_q[x_warp_q][ln] && tmc_val[ln]) begin
                                run_q[x_warp_q][ln]  <= 1'b1;
                                park_q[x_warp_q][ln] <= 1'b0;
                                lane_pc_q[slot(x_warp_q, ln)] <= pc_plus4;
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

            // ---- memory path reservation
            // (a loop of compares: the write at x_warp_q*LOSS_W Yosys made
            // a 32-bit offset on a carry chain of 17 CCU2C, on the routed
            // fpga1 critical path of bb69336 with the detector)
            for (wp = 0; wp < NUM_WARPS; wp = wp + 1)
                if (x_warp_q == WW'(wp)) begin
                    if (x_commit)
                        loss_q[wp*LOSS_W +: LOSS_W] <= {LOSS_W{1'b0}};
                    else if (x_busy_replay && x_losses != LOSSES)
                        loss_q[wp*LOSS_W +: LOSS_W] <= x_losses + 1'b1;
                end
            if (x_commit && mem_resv_q && x_warp_q == mem_resv_warp_q)
                mem_resv_q <= 1'b0;
            else if (x_ok && !mem_resv_q &&
                     ((x_det_evt && det_full) || (x_busy_replay && x_losses == LOSSES))) begin
                mem_resv_q      <= 1'b1;
                mem_resv_warp_q <= x_warp_q;
            end

            // ---- lock sequencer (only armed instructions start it)
            if (lk_start) begin
                lk_busy_q  <= 1'b1;
                lk_warp_q  <= lk_s_warp;
                lk_op_q    <= lk_s_op;
                lk_scope_q <= lk_s_scope;
                lk_left_q  <= lk_s_mask;
                lk_hash_q  <= lk_s_hash;
            end else if (lk_done) begin
                lk_busy_q <= 1'b0;
            end else if (lk_step) begin
                lk_left_q <= lk_left_q & ~lk_bit;
            end

            // ---- barrier ids
            if (x_commit && x_class_q == `CL_BAR)
                bar_pc_q[bslot_q[x_warp_q]] <= x_pc_q;
            for (wp = 0; wp < NUM_WARPS; wp = wp + 1)
                if (bar_go && bar_ssel[wp])
                    bar_id_q[wp] <= bar_id_q[wp] + 8'd1;
            if (do_launch)
                bar_id_q[new_bslot] <= 8'd0;

            // ---- barrier and unit completions
            bwait_q <= (bwait_q & ~bar_release) |
                       (x_arrive ? ({{(NUM_WARPS-1){1'b0}}, 1'b1} << x_warp_q) : 0);
            if (lsu_req_ready)
                lsu_blk_q <= 0;
            else if (lsu_busy)
                lsu_blk_q[x_warp_q] <= 1'b1;
            if (smem_free)
                smem_blk_q <= 0;
            else if (x_mem_go && x_to_smem)
                smem_blk_q[x_warp_q] <= 1'b1;
            if (div_req_ready)
                div_blk_q <= 0;
            else if (div_req_valid && !div_req_ready)
                div_blk_q[x_warp_q] <= 1'b1;
            if (lsu_wb_grant) lwait_q[lsu_wb_warp] <= 1'b0;
            if (smem_wb_grant) swait_q[smem_wb_warp] <= 1'b0;
            if (div_wb_grant) dwait_q[div_wb_warp] <= 1'b0;

        end
    end

    // ------------------------------------------------------------------
    // Units
    // ------------------------------------------------------------------
    wire lsu_idle;
    gpu_lsu #(
        .CORE_ID     (CORE_ID),
        .NUM_CORES   (NUM_CORES),
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .LINE_BYTES  (LINE_BYTES),
        .L1D_BYTES   (L1D_BYTES)
    ) u_lsu (
        .clk_i              (clk_i),
        .rst_i              (rst_i),
        .flush_i            (start_i),
        .lsu_req_valid_i    (lsu_req_valid),
        .lsu_req_ready_o    (lsu_req_ready),
        .lsu_req_op_i       (x_lsu_op_q),
        .lsu_req_strong_i   (x_strong_q),
        .lsu_req_scope_i    (x_scope_dev_q),
        .lsu_req_amo_op_i   (x_amo_op_q),
        .lsu_req_size_i     (x_size_q),
        .lsu_req_unsigned_i (x_unsigned_q),
        .lsu_req_warp_i     (x_warp_q),
        .lsu_req_rd_i       (x_rd_q),
        .lsu_req_mask_i     (x_mask_q),
        .lsu_req_addr_i     (x_paddr),
        .lsu_req_wdata_i    (rs2v),
        .lsu_req_cmp_i      (rdv),
        .wb_valid_o         (lsu_wb_valid),
        .wb_ready_i         (lsu_wb_grant),
        .wb_warp_o          (lsu_wb_warp),
        .wb_rd_o            (lsu_wb_rd),
        .wb_mask_o          (lsu_wb_mask),
        .wb_data_o          (lsu_wb_data),
        .l2_req_valid_o     (dc_req_valid_o),
        .l2_req_ready_i     (dc_req_ready_i),
        .l2_req_o           (dc_req_o),
        .l2_rsp_valid_i     (dc_rsp_valid_i),
        .l2_rsp_data_i      (dc_rsp_data_i),
        .idle_o             (lsu_idle),
        .perf_load_o        (perf_load),
        .perf_store_o       (perf_store),
        .perf_atomic_o      (perf_atomic),
        .perf_l1_hit_o      (perf_l1_hit),
        .perf_l1_miss_o     (perf_l1_miss)
    );

    // Shared memory: the lanes of x_sh_mask, addressed in this core's
    // memory (x_saddr); the block's slice was checked in X.
    wire smem_idle, perf_smem_acc, perf_smem_cf;
    generate
        if (HAS_SMEM) begin : g_smem
            localparam SH_RW  = (SMEM_BYTES / (4 * T) > 1) ? $clog2(SMEM_BYTES / (4 * T)) : 1;
            // scord_sh_check's tag, with a PC in device memory's width
            localparam SH_PCW = (MEM_BYTES > 1) ? $clog2(MEM_BYTES) : 1;
            localparam SH_TAG = 1 + 8 + 8 + 6 + SH_PCW + 16 + 5 + SAW;
            wire [SH_TAG-1:0] sh_tag, sh_r_tag;
            wire              sh_hold, sh_rd, sh_busy, sh_pass;
            wire [T-1:0]      sh_rd_banks, sh_lanes, sh_banks;
            wire [T*SH_RW-1:0] sh_rd_rows, sh_rows;
            wire [T*LW-1:0]   sh_lbank;
            wire [T*2-1:0]    sh_boff;
            wire [1:0]        sh_size, sh_kind;
            wire [WW-1:0]     sh_warp;
            gpu_smem #(
                .NUM_WARPS   (NUM_WARPS),
                .NUM_THREADS (NUM_THREADS),
                .SMEM_BYTES  (SMEM_BYTES),
                .TAG_W       (SH_TAG),
                .HOLD_REG    (H_STAGE),
                .RESULT_REG  (E_STAGE)
            ) u_smem (
                .clk_i           (clk_i),
                .rst_i           (rst_i),
                .req_valid_i     (smem_req_valid),
                .req_ready_o     (smem_req_ready),
                .free_o          (smem_free),
                .req_op_i        (x_lsu_op_q),
                .req_amo_op_i    (x_amo_op_q),
                .req_size_i      (x_size_q),
                .req_unsigned_i  (x_unsigned_q),
                .req_warp_i      (x_warp_q),
                .req_rd_i        (x_rd_q),
                .req_mask_i      (x_sh_mask),
                .req_addr_i      (x_saddr),
                .req_wdata_i     (rs2v),
                .req_cmp_i       (rdv),
                .req_tag_i       (sh_tag),
                .hold_i          (sh_hold),
                .wb_valid_o      (smem_wb_valid),
                .wb_ready_i      (smem_wb_grant),
                .wb_ready_req_i  (smem_wb_valid && !lsu_wb_valid),   // X writes no register then
                .wb_warp_o       (smem_wb_warp),
                .wb_rd_o         (smem_wb_rd),
                .wb_mask_o       (smem_wb_mask),
                .wb_data_o       (smem_wb_data),
                .idle_o          (smem_idle),
                .perf_access_o   (perf_smem_acc),
                .perf_conflict_o (perf_smem_cf),
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
                .sh_tag_o        (sh_r_tag)
            );
            if (DETECTOR != 0) begin : g_sh_check
                scord_sh_check #(
                    .NUM_WARPS   (NUM_WARPS),
                    .NUM_THREADS (NUM_THREADS),
                    .SMEM_BYTES  (SMEM_BYTES),
                    .REP_STAGE   (H_STAGE),
                    .PC_W        (SH_PCW)
                ) u_sh_check (
                    .clk_i       (clk_i),
                    .rst_i       (rst_i),
                    .por_i       (por_i),
                    .armed_i     (det_armed),
                    .pc_base_i   (det_pc_base_i),
                    .ws_i        (sh_ws),
                    .fc_i        (sh_fc),
                    .fpend_i     (sh_fpend),
                    .ep_i        (sh_ep),
                    .gen_i       (sh_gen),
                    .wrap_i      (sh_wrap),
                    .wib_i       (wib_all),
                    .acc_pc_i    (x_pc_q),
                    .acc_warp_i  (x_warp_q),
                    .acc_bslot_i (bslot_q[x_warp_q]),
                    .acc_block_i (block_id_q[x_warp_q][15:0]),
                    .acc_base_i  (wbase_q[x_warp_q]),
                    .tag_o       (sh_tag),
                    .rd_i        (sh_rd),
                    .rd_banks_i  (sh_rd_banks),
                    .rd_rows_i   (sh_rd_rows),
                    .busy_i      (sh_busy),
                    .pass_i      (sh_pass),
                    .lanes_i     (sh_lanes),
                    .banks_i     (sh_banks),
                    .rows_i      (sh_rows),
                    .lbank_i     (sh_lbank),
                    .boff_i      (sh_boff),
                    .size_i      (sh_size),
                    .kind_i      (sh_kind),
                    .warp_i      (sh_warp),
                    .tag_i       (sh_r_tag),
                    .hold_o      (sh_hold),
                    .shr_valid_o (det_shr_valid_o),
                    .shr_ready_i (det_shr_ready_i),
                    .shr_data_o  (det_shr_data_o),
                    .idle_o      (sh_check_idle)
                );
            end else begin : g_no_sh_check
                assign sh_tag          = {SH_TAG{1'b0}};
                assign sh_hold         = 1'b0;
                assign sh_check_idle   = 1'b1;
                assign det_shr_valid_o = 1'b0;
                assign det_shr_data_o  = {`SHR_BITS{1'b0}};
                wire unused_no_sh_check = ^{sh_rd, sh_rd_banks, sh_rd_rows, sh_busy, sh_pass,
                                            sh_lanes, sh_banks, sh_rows, sh_lbank, sh_boff,
                                            sh_size, sh_kind, sh_warp, sh_r_tag, det_pc_base_i,
                                            det_shr_ready_i, wib_all, sh_ws, sh_fc, sh_fpend, sh_ep,
                                            sh_gen, sh_wrap};
            end
        end else begin : g_no_smem
            // x_to_smem is constant 0: nothing is ever sent here.
            assign smem_req_ready = 1'b1;
            assign smem_free      = 1'b1;
            assign smem_wb_valid  = 1'b0;
            assign smem_wb_warp   = {WW{1'b0}};
            assign smem_wb_rd     = 5'd0;
            assign smem_wb_mask   = {T{1'b0}};
            assign smem_wb_data   = {T*32{1'b0}};
            assign smem_idle      = 1'b1;
            assign perf_smem_acc  = 1'b0;
            assign perf_smem_cf   = 1'b0;
            assign sh_check_idle   = 1'b1;
            assign det_shr_valid_o = 1'b0;
            assign det_shr_data_o  = {`SHR_BITS{1'b0}};
            wire unused_no_smem = ^{smem_req_valid, smem_wb_grant, x_saddr, smem_bytes_i,
                                    smem_stride_i, lane_sh_oob, sfit_q, x_lr_sc, det_pc_base_i,
                                    det_shr_ready_i, wib_all, sh_ws, sh_fc, sh_fpend, sh_ep, sh_gen,
                                    sh_wrap};
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
        .req_op_i    (x_funct3_q[1:0]),
        .req_warp_i  (x_warp_q),
        .req_rd_i    (x_rd_q),
        .req_mask_i  (x_mask_q),
        .req_a_i     (rs1v),
        .req_b_i     (rs2v),
        .wb_valid_o  (div_wb_valid),
        .wb_ready_i  (div_wb_grant),
        .wb_warp_o   (div_wb_warp),
        .wb_rd_o     (div_wb_rd),
        .wb_mask_o   (div_wb_mask),
        .wb_data_o   (div_wb_data)
    );

    assign idle_o = !(|live) && !(|busy_q) && !(|lwait_q) && !(|dwait_q) && !(|swait_q) &&
                    lsu_idle && smem_idle && !d_valid_q && !x_valid_q && !r_valid_q;
endmodule
`default_nettype wire
