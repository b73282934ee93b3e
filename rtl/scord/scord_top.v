// ScoRD race detector unit (docs/detector.md), standalone: event queue,
// fence file, detection, metadata accessor with sweep engine, report
// writer and registers, on one L2-channel master port. The parts:
//   scord_regs         the registers and counters (ctl bus)
//   scord_evq          the event queue of line events
//   scord_pass_split   a line event cut into passes
//   scord_pass_decode  P0 (and D): a pass decoded
//   scord_pipe         P1, P2: metadata lookup (scord_md_banks), fence
//                      file (scord_fence_file), checks (scord_check),
//                      entry writes
//   scord_reports      P2's (P3's) and the cores' reports, one at a time
//                      through the report writer (scord_report)
//   scord_counts       what the counters count
// and here the kernel start, the sweep and the flush.
//
// The queue holds line events (§3.1); scord_pass_split cuts each into
// passes, a pass being lanes of one line on different granules (§1.1).
// Passes are processed as if every lane were one event, one at a time in
// queue order and lane order (§1), by a three-stage pipeline:
//   P0  the pass at the queue head: address decode; the metadata lines of
//       its entries (one per bank) and the fence file (FF[B][W]) are read
//       (with DECODE_STAGE the decode is a stage D of its own, before P0's
//       reads)
//   P1  the banks answer (hit or miss); the fence file is read for each
//       entry's previous accessor FF[md.BLOCK][md.WARP]
//   P2  one check per entry (slot), counters, reports in lane order,
//       entry writes into the banks
// Forwarding: P1 takes entries P2 wrote the cycle before from lw_*, and
// P2 those written while it sat in P1; the previous accessor's fence-file
// read in P1 takes BLOCK/WARP from P2's event when P2 holds the same
// entry. A fence stops the queue until it has left P2 (its fence-file
// write must be seen by every later read). Metadata lives in a private
// write-back cache of NB banks (scord_md_banks). A kernel start drops it,
// dirty lines too: every entry written before is stale then (§5.4), so
// metadata goes to memory only when a line is evicted or the host asks for
// it (DET_CTRL.flush: idle_o stays low until memory holds every entry).
// Cycle budget (from one pop to the next, the queue full):
//   any pass whose lookups hit, or that needs none      1
//   (a miss on a fresh line over a clean victim is a hit on zeros)
//   a miss: P2 drains, per missing bank a victim write back if dirty and
//   a line read, the banks taking turns on the L2       + 4 + L2 writes + L2 reads
//   a report (record or count write), per raced lane    + 3 (a drop: + 2)
//   (with SUPP_SEQ, + the suppression table entry where the search ends:
//   a match's index, or the last valid entry's; 0 .. 15)
//   a fence                                             + 2 (the queue waits)
// The arming state is looked at when a pass is processed: disarm only
// while idle_o (the driver does, after a grid), or queued events are lost.
//
// Kernel start (start_i): once the queue has drained, when armed, the
// counters, fence file and suppression table are cleared and the
// generation is stepped, or the metadata region swept (§5.4, §7.3).
// ready_o is low from start_i until that is done: the dispatcher holds the
// first block meanwhile.
`default_nettype none
`include "scord_defs.vh"
`include "scord_shr.vh"
`include "gpu_l2_bus.vh"

module scord_top #(
    parameter NUM_CORES   = `GPU_NUM_CORES,
    parameter NUM_WARPS   = `GPU_NUM_WARPS,
    parameter NUM_THREADS = `GPU_NUM_THREADS,
    parameter LINE_BYTES  = `GPU_LINE_BYTES,
    parameter MEM_BYTES   = `GPU_MEM_BYTES,
    parameter QUEUE_DEPTH = 8,
    // metadata cache lines (scord_md_banks), a power of two
    parameter MD_LINES    = 256,
    // lanes a pass checks at most (§1.1): LINE_BYTES / 4, or 1 (one lane a
    // cycle, one bank: the smallest detector)
    parameter PASS_SLOTS  = `GPU_DET_SLOTS,
    // 1: remember which metadata lines were written back since the kernel
    // started (a bit per line of memory), so a miss on one that was not
    // reads nothing (§1.1)
    parameter MD_FRESH    = `GPU_MD_FRESH,
    // 1: a pass with reports hands them to a report stage (P3) of their own
    // and leaves P2 at once, so P2's letting go (the metadata writes, the
    // counters, P1's advance) does not wait for the check's race decision
    // (docs/detector.md §8.3; on with the cores' stage H, H_STAGE=1)
    parameter REPORT_STAGE = `GPU_H_STAGE,
    // 1: a stage D between the queue head and P0 holds the pass decoded
    // (its first entry's address, its slots, what it is), so the metadata
    // lookup starts at registers: one cycle more from the queue to P1,
    // none between passes (on with the cores' stage H, H_STAGE=1)
    parameter DECODE_STAGE = `GPU_H_STAGE,
    // 1: the report writer's suppression table keeps its keys in a LUT RAM
    // and searches it one entry a cycle instead of all at once (area on an
    // FPGA, up to 15 cycles a report; docs/detector.md §8.3, DET_SUPP_SEQ)
    parameter SUPP_SEQ     = `GPU_DET_SUPP_SEQ,
    // 1: the metadata cache registers P2's entry writes and makes them a
    // cycle later, with the lookups' bypass of the pending one, so its RAMs'
    // write enables start at flip-flops, not at the check's decision (the
    // FPGA's longest detector path; docs/detector.md §1.1). No cycle changes
    // without MD_FRESH (DET_WRITE_STAGE)
    parameter WRITE_STAGE  = `GPU_DET_WRITE_STAGE,
    // derived, do not override
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter SHR_W     = `SHR_BITS,
    parameter EVW       = `DET_LINE_EVW(NUM_THREADS, LINE_BYTES),  // line event bits
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    // kernel start pulse (CTL_CTRL.start)
    input  wire                  start_i,
    output wire                  ready_o,     // low: hold the dispatcher
    output wire                  sweeping_o,
    // events (§3.1); ready low stalls the cores
    input  wire                  evt_valid_i,
    output wire                  evt_ready_o,
    input  wire [EVW-1:0]        evt_data_i,   // line events (§3.1)
    // per core, per cycle: an instruction replayed for a full event FIFO
    input  wire [NUM_CORES-1:0]  stall_i,
    // per core, per cycle: shared-memory lane accesses and warp syncs handed
    // over (scord_sh_events in each core; counted only for now)
    input  wire [NUM_CORES*8-1:0] sh_acc_i,
    input  wire [NUM_CORES-1:0]  sh_sync_i,
    // per core: shared-memory race reports (§6.4), one at a time; the
    // detector takes a report (ready) when its record has been handled
    input  wire [NUM_CORES-1:0]  shr_valid_i,
    output reg  [NUM_CORES-1:0]  shr_ready_o,
    input  wire [NUM_CORES*SHR_W-1:0] shr_data_i,
    output wire [31:0]           pc_base_o,   // DET_PC_BASE, for the cores' shared checks
    // ctl bus slave, 0x40-0x7F
    input  wire                  ctl_req_i,
    input  wire                  ctl_we_i,
    input  wire [7:0]            ctl_addr_i,
    input  wire [31:0]           ctl_wdata_i,
    output wire                  ctl_sel_o,
    output wire [31:0]           ctl_rdata_o,
    // L2 channel master (gpu_l2_bus.vh)
    output wire                  l2_req_valid_o,
    input  wire                  l2_req_ready_i,
    output wire [REQ_W-1:0]      l2_req_o,
    input  wire                  l2_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  l2_rsp_data_i,
    // queue empty, nothing in flight, no start pending
    output wire                  idle_o,
    output wire                  armed_o      // cores send events only while armed
);

    // ---------------------------------------------------------------------------
    // Registers
    wire        armed, arm_pulse, flush_pulse, cache, sparse, need_sweep;
    assign armed_o = armed;
    wire [1:0]  gcode;
    wire [31:0] md_base, track_base, track_bytes, ring_base, ring_size, tail, head, drops, pc_base,
                claim_req, claim;
    wire [31:0] cnt_accesses;
    wire [32:0] md_bytes;
    wire [4:0]  track_log2;
    wire [5:0]  gen;
    // pass geometry (§1.1)
    localparam integer T     = NUM_THREADS;
    localparam integer LW    = (T > 1) ? $clog2(T) : 1;
    localparam integer OFF_W = $clog2(LINE_BYTES);
    localparam integer S     = PASS_SLOTS;              // slots: a power of two up to a line's granules
    localparam integer SW    = (S > 1) ? $clog2(S) : 1;
    localparam integer EPL   = LINE_BYTES / 32'(`DET_MD_ENTRY_BYTES);   // entries per metadata line
    localparam integer EW    = (EPL > 1) ? $clog2(EPL) : 1;
    localparam integer NB    = (S > EPL) ? S / EPL : 1; // metadata banks: the lines of a pass
    localparam integer BW    = (NB > 1) ? $clog2(NB) : 1;
    localparam integer PLW   = BW + EW;                 // a slot's place: {bank, entry in line}
    // lane accesses a pass holds at most: every lane of a warp where lanes
    // may follow each other on a granule (scord_pass_split), else one
    localparam integer PASS_MAX = (S > 1) ? T : 1;
    localparam integer IW    = $clog2(PASS_MAX + 1);    // a counter's step
    wire [32'(`DET_CNT_COUNT)*IW-1:0] cnt_inc;
    wire             inc_busy;
    wire             kstart, intrusion_set;
    wire             overflow_set, cnt_records, cnt_suppressed;
    wire             busy;

    scord_regs #(
        .NUM_CORES   (NUM_CORES),
        .NUM_THREADS (NUM_THREADS),
        .MEM_BYTES   (MEM_BYTES),
        .PASS_MAX    (PASS_MAX),
        .INC_STAGE   (REPORT_STAGE)
    ) u_regs (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .ctl_req_i       (ctl_req_i),
        .ctl_we_i        (ctl_we_i),
        .ctl_addr_i      (ctl_addr_i),
        .ctl_wdata_i     (ctl_wdata_i),
        .ctl_sel_o       (ctl_sel_o),
        .ctl_rdata_o     (ctl_rdata_o),
        .armed_o         (armed),
        .arm_o           (arm_pulse),
        .flush_o         (flush_pulse),
        .cache_o         (cache),
        .sparse_o        (sparse),
        .gran_o          (gcode),
        .md_base_o       (md_base),
        .md_bytes_o      (md_bytes),
        .track_base_o    (track_base),
        .track_bytes_o   (track_bytes),
        .track_log2_o    (track_log2),
        .ring_base_o     (ring_base),
        .ring_size_o     (ring_size),
        .pc_base_o       (pc_base),
        .tail_o          (tail),
        .claim_o         (claim_req),
        .gen_o           (gen),
        .need_sweep_o    (need_sweep),
        .cnt_accesses_o  (cnt_accesses),
        .head_i          (head),
        .claim_i         (claim),
        .drops_i         (drops),
        .busy_i          (busy),
        .kstart_i        (kstart),
        .cnt_inc_i       (cnt_inc),
        .inc_busy_o      (inc_busy),
        .stall_i         (stall_i),
        .sh_acc_i        (sh_acc_i),
        .sh_sync_i       (sh_sync_i),
        .overflow_set_i  (overflow_set),
        .intrusion_set_i (intrusion_set)
    );
    assign pc_base_o = pc_base;

    // ---------------------------------------------------------------------------
    // Event queue of line events, cut into passes (§1.1)
    wire           lq_valid, lq_pop, q_empty;
    wire [EVW-1:0] lq_data;
    wire           q_valid, q_pop, wide, q_first;
    wire [159:0]   q_data;
    wire [T-1:0]   q_mask;

    scord_evq #(
        .DEPTH    (QUEUE_DEPTH),
        .WIDTH    (EVW),
        .HEAD_REG (DECODE_STAGE)
    ) u_evq (
        .clk_i       (clk_i),
        .rst_i       (rst_i),
        .in_valid_i  (evt_valid_i),
        .in_ready_o  (evt_ready_o),
        .in_data_i   (evt_data_i),
        .out_valid_o (lq_valid),
        .out_pop_i   (lq_pop),
        .out_data_o  (lq_data),
        .empty_o     (q_empty)
    );

    scord_pass_split #(
        .NUM_THREADS (NUM_THREADS),
        .LINE_BYTES  (LINE_BYTES),
        .S           (S)
    ) u_split (
        .clk_i       (clk_i),
        .rst_i       (rst_i),
        .gcode_i     (gcode),
        .wide_i      (wide),
        .in_valid_i  (lq_valid),
        .in_data_i   (lq_data),
        .in_pop_o    (lq_pop),
        .out_valid_o (q_valid),
        .out_data_o  (q_data),
        .out_mask_o  (q_mask),
        .out_first_o (q_first),
        .out_pop_i   (q_pop)
    );

    // ---------------------------------------------------------------------------
    // The pipeline (see the header): P0 (or D) decodes the pass at the
    // queue head, P1 looks its metadata up, P2 checks it and writes it back.
    wire               d_valid, d_held, pop, d_first;
    wire [159:0]       d_ev;
    wire [T-1:0]       d_mask;
    wire [T*OFF_W-1:0] d_offs;
    wire [T-1:0]       d_stale;
    wire [T*`DET_LINE_LB(NUM_THREADS)-1:0] d_cls;
    wire [S-1:0]       d_sv;
    wire [S*LW-1:0]    d_sl, d_sll;
    wire [T*SW-1:0]    d_ls;
    wire [S*PLW-1:0]   d_pl;
    wire               d_acc, d_bar, d_trk, d_intr, d_fence;
    wire [31:0]        d_adr;
    wire [5:0]         d_tag;
    wire [15:0]        d_pcidx;

    scord_pass_decode #(
        .NUM_THREADS  (NUM_THREADS),
        .LINE_BYTES   (LINE_BYTES),
        .MEM_BYTES    (MEM_BYTES),
        .PASS_SLOTS   (PASS_SLOTS),
        .DECODE_STAGE (DECODE_STAGE)
    ) u_decode (
        .clk_i         (clk_i),
        .rst_i         (rst_i),
        .armed_i       (armed),
        .cache_i       (cache),
        .sparse_i      (sparse),
        .gcode_i       (gcode),
        .md_base_i     (md_base),
        .md_bytes_i    (md_bytes),
        .track_base_i  (track_base),
        .track_bytes_i (track_bytes),
        .track_log2_i  (track_log2),
        .ring_base_i   (ring_base),
        .ring_size_i   (ring_size),
        .pc_base_i     (pc_base),
        .head_i        (lq_data),
        .wide_o        (wide),
        .q_valid_i     (q_valid),
        .q_data_i      (q_data),
        .q_mask_i      (q_mask),
        .q_first_i     (q_first),
        .q_pop_o       (q_pop),
        .pop_i         (pop),
        .d_valid_o     (d_valid),
        .d_held_o      (d_held),
        .d_ev_o        (d_ev),
        .d_mask_o      (d_mask),
        .d_first_o     (d_first),
        .d_offs_o      (d_offs),
        .d_stale_o     (d_stale),
        .d_cls_o       (d_cls),
        .d_sv_o        (d_sv),
        .d_sl_o        (d_sl),
        .d_sll_o       (d_sll),
        .d_ls_o        (d_ls),
        .d_pl_o        (d_pl),
        .d_acc_o       (d_acc),
        .d_bar_o       (d_bar),
        .d_trk_o       (d_trk),
        .d_intr_o      (d_intr),
        .d_fence_o     (d_fence),
        .d_adr_o       (d_adr),
        .d_tag_o       (d_tag),
        .d_pcidx_o     (d_pcidx)
    );

    // P1 and P2
    wire               s1_v, s2_v, s2_acc, s2_bar, s2_trk, s2_intr, s2_fence;
    wire [T-1:0]       s2_mask;
    wire [T*OFF_W-1:0] s2_offs;
    wire [T-1:0]       s2_stale;
    wire [S-1:0]       s2_sv;
    wire [S*LW-1:0]    s2_sl;
    wire [T*SW-1:0]    s2_ls;
    wire [IW-1:0]      n_lanes;
    wire [31:0]        ev_pc, ev_addr;
    wire [15:0]        ev_block;
    wire [7:0]         ev_core;
    wire [4:0]         ev_warp;
    wire [1:0]         ev_kind, ev_size;
    wire               ev_scope, ev_strong;
    wire [S-1:0]       c_tagmis, c_prelim, c_devrace, c_changed, c_sat, c_warn;
    wire [S*4-1:0]     c_race;
    wire [S*7-1:0]     c_md_block;
    wire [S*5-1:0]     c_md_warp, c_md_lane;
    wire [S*16-1:0]    c_md_pcidx;
    wire [S-1:0]       c_md_mod, c_md_atom, c_md_scope, c_md_strong;
    wire               s2_commit, s2_act, rp_idle;
    wire               mc_busy, mc_dirty, mc_sweep_done, ff_busy;
    wire               md_sweep, mc_flush, kgo;
    reg                sweep_q, start_pend_q;
    wire               sh_go, sh_busy, sh_owned;
    wire [3:0]         sh_type;
    wire               md_l2_valid, rep_l2_valid;
    wire [REQ_W-1:0]   md_l2_req, rep_l2_req;

    scord_pipe #(
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .LINE_BYTES  (LINE_BYTES),
        .MEM_BYTES   (MEM_BYTES),
        .MD_LINES    (MD_LINES),
        .PASS_SLOTS  (PASS_SLOTS),
        .MD_FRESH    (MD_FRESH),
        .WRITE_STAGE (WRITE_STAGE)
    ) u_pipe (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .cache_i        (cache),
        .gcode_i        (gcode),
        .gen_i          (gen),
        .md_base_i      (md_base),
        .md_bytes_i     (md_bytes),
        .kstart_i       (kstart),
        .arm_i          (arm_pulse),
        .kgo_i          (kgo),
        .sweep_i        (md_sweep),
        .sweeping_i     (sweep_q),
        .sweep_done_o   (mc_sweep_done),
        .flush_i        (mc_flush),
        .mc_busy_o      (mc_busy),
        .mc_dirty_o     (mc_dirty),
        .ff_busy_o      (ff_busy),
        .d_valid_i      (d_valid),
        .pop_o          (pop),
        .d_ev_i         (d_ev),
        .d_mask_i       (d_mask),
        .d_first_i      (d_first),
        .d_offs_i       (d_offs),
        .d_stale_i      (d_stale),
        .d_cls_i        (d_cls),
        .d_sv_i         (d_sv),
        .d_sl_i         (d_sl),
        .d_sll_i        (d_sll),
        .d_ls_i         (d_ls),
        .d_pl_i         (d_pl),
        .d_acc_i        (d_acc),
        .d_bar_i        (d_bar),
        .d_trk_i        (d_trk),
        .d_intr_i       (d_intr),
        .d_fence_i      (d_fence),
        .d_adr_i        (d_adr),
        .d_tag_i        (d_tag),
        .d_pcidx_i      (d_pcidx),
        .s2_commit_i    (s2_commit),
        .s2_act_i       (s2_act),
        .rp_idle_i      (rp_idle),
        .sh_busy_i      (sh_busy),
        .s1_v_o         (s1_v),
        .s2_v_o         (s2_v),
        .s2_acc_o       (s2_acc),
        .s2_bar_o       (s2_bar),
        .s2_trk_o       (s2_trk),
        .s2_intr_o      (s2_intr),
        .s2_fence_o     (s2_fence),
        .s2_mask_o      (s2_mask),
        .s2_offs_o      (s2_offs),
        .s2_stale_o     (s2_stale),
        .s2_sv_o        (s2_sv),
        .s2_sl_o        (s2_sl),
        .s2_ls_o        (s2_ls),
        .n_lanes_o      (n_lanes),
        .ev_pc_o        (ev_pc),
        .ev_addr_o      (ev_addr),
        .ev_block_o     (ev_block),
        .ev_core_o      (ev_core),
        .ev_warp_o      (ev_warp),
        .ev_kind_o      (ev_kind),
        .ev_scope_o     (ev_scope),
        .ev_strong_o    (ev_strong),
        .ev_size_o      (ev_size),
        .c_tagmis_o     (c_tagmis),
        .c_prelim_o     (c_prelim),
        .c_race_o       (c_race),
        .c_sat_o        (c_sat),
        .c_warn_o       (c_warn),
        .c_devrace_o    (c_devrace),
        .c_changed_o    (c_changed),
        .c_md_block_o   (c_md_block),
        .c_md_warp_o    (c_md_warp),
        .c_md_lane_o    (c_md_lane),
        .c_md_pcidx_o   (c_md_pcidx),
        .c_md_mod_o     (c_md_mod),
        .c_md_atom_o    (c_md_atom),
        .c_md_scope_o   (c_md_scope),
        .c_md_strong_o  (c_md_strong),
        .l2_req_valid_o (md_l2_valid),
        .l2_req_ready_i (l2_req_ready_i),
        .l2_req_o       (md_l2_req),
        .l2_rsp_valid_i (l2_rsp_valid_i),
        .l2_rsp_data_i  (l2_rsp_data_i)
    );

    // ---------------------------------------------------------------------------
    // Reports and counters
    scord_reports #(
        .NUM_CORES    (NUM_CORES),
        .NUM_THREADS  (NUM_THREADS),
        .LINE_BYTES   (LINE_BYTES),
        .MEM_BYTES    (MEM_BYTES),
        .PASS_SLOTS   (PASS_SLOTS),
        .REPORT_STAGE (REPORT_STAGE),
        .SUPP_SEQ     (SUPP_SEQ)
    ) u_reports (
        .clk_i            (clk_i),
        .rst_i            (rst_i),
        .kstart_i         (kstart),
        .arm_i            (arm_pulse),
        .ring_base_i      (ring_base),
        .ring_size_i      (ring_size),
        .tail_i           (tail),
        .claim_i          (claim_req),
        .claim_o          (claim),
        .head_o           (head),
        .drops_o          (drops),
        .cnt_accesses_i   (cnt_accesses),
        .s2_v_i           (s2_v),
        .s2_trk_i         (s2_trk),
        .s2_intr_i        (s2_intr),
        .s2_mask_i        (s2_mask),
        .s2_offs_i        (s2_offs),
        .s2_stale_i       (s2_stale),
        .s2_sl_i          (s2_sl),
        .s2_ls_i          (s2_ls),
        .n_lanes_i        (n_lanes),
        .ev_pc_i          (ev_pc),
        .ev_addr_i        (ev_addr),
        .ev_block_i       (ev_block),
        .ev_core_i        (ev_core),
        .ev_warp_i        (ev_warp),
        .ev_kind_i        (ev_kind),
        .ev_scope_i       (ev_scope),
        .ev_strong_i      (ev_strong),
        .ev_size_i        (ev_size),
        .c_prelim_i       (c_prelim),
        .c_race_i         (c_race),
        .c_warn_i         (c_warn),
        .c_devrace_i      (c_devrace),
        .c_md_mod_i       (c_md_mod),
        .c_md_atom_i      (c_md_atom),
        .c_md_scope_i     (c_md_scope),
        .c_md_strong_i    (c_md_strong),
        .c_md_pcidx_i     (c_md_pcidx),
        .c_md_lane_i      (c_md_lane),
        .c_md_block_i     (c_md_block),
        .c_md_warp_i      (c_md_warp),
        .s2_commit_o      (s2_commit),
        .s2_act_o         (s2_act),
        .rp_idle_o        (rp_idle),
        .mc_busy_i        (mc_busy),
        .sweeping_i       (sweep_q),
        .start_pend_i     (start_pend_q),
        .shr_valid_i      (shr_valid_i),
        .shr_ready_o      (shr_ready_o),
        .shr_data_i       (shr_data_i),
        .sh_go_o          (sh_go),
        .sh_type_o        (sh_type),
        .sh_busy_o        (sh_busy),
        .sh_owned_o       (sh_owned),
        .cnt_records_o    (cnt_records),
        .cnt_suppressed_o (cnt_suppressed),
        .overflow_o       (overflow_set),
        .l2_req_valid_o   (rep_l2_valid),
        .l2_req_ready_i   (l2_req_ready_i),
        .l2_req_o         (rep_l2_req)
    );

    scord_counts #(
        .NUM_THREADS (NUM_THREADS),
        .PASS_SLOTS  (PASS_SLOTS)
    ) u_counts (
        .s2_act_i         (s2_act),
        .s2_commit_i      (s2_commit),
        .s2_acc_i         (s2_acc),
        .s2_bar_i         (s2_bar),
        .s2_fence_i       (s2_fence),
        .s2_intr_i        (s2_intr),
        .s2_trk_i         (s2_trk),
        .s2_sv_i          (s2_sv),
        .n_lanes_i        (n_lanes),
        .c_tagmis_i       (c_tagmis),
        .c_prelim_i       (c_prelim),
        .c_race_i         (c_race),
        .c_changed_i      (c_changed),
        .c_sat_i          (c_sat),
        .c_warn_i         (c_warn),
        .cnt_records_i    (cnt_records),
        .cnt_suppressed_i (cnt_suppressed),
        .sh_go_i          (sh_go),
        .sh_type_i        (sh_type),
        .cnt_inc_o        (cnt_inc),
        .intrusion_o      (intrusion_set)
    );

    // One of the two is active at a time: reports only while P2 holds its
    // pass, cache traffic only while P2 is empty (a fetch) or everything is
    // (a flush, a sweep).
    assign l2_req_valid_o = md_l2_valid || rep_l2_valid;
    assign l2_req_o       = md_l2_valid ? md_l2_req : rep_l2_req;

    // ---------------------------------------------------------------------------
    // Kernel start, sweep, flush
    // (rp_idle: no reports held, unless P2 or P3 holds some)
    wire pipe_empty = !d_held && !s1_v && !s2_v && rp_idle;
    // The host's flush request (DET_CTRL.flush) holds until no line is dirty;
    // the lines are written back while the passes leave room (a flush holds
    // P1 back).
    reg    flush_req_q;
    assign idle_o     = pipe_empty && q_empty && !start_pend_q && !ff_busy && !sweep_q &&
                        !mc_busy && !flush_req_q && !inc_busy;
    assign busy       = !idle_o;
    assign ready_o    = !start_pend_q && !sweep_q && !ff_busy;
    assign sweeping_o = sweep_q;
    assign kgo        = start_pend_q && pipe_empty && !q_valid && !sweep_q && !ff_busy &&
                        !mc_busy && !sh_owned;
    assign kstart     = kgo && armed;
    assign md_sweep   = kgo && armed && need_sweep;
    assign mc_flush   = flush_req_q && pipe_empty && !q_valid && !sweep_q && !sh_busy;

    always @(posedge clk_i) begin
        if (rst_i) begin
            flush_req_q  <= 1'b0;
            sweep_q      <= 1'b0;
            start_pend_q <= 1'b0;
        end else begin
            if (start_i) start_pend_q <= 1'b1;
            if (kgo) begin
                start_pend_q <= start_i;
                sweep_q      <= md_sweep;
            end
            if (sweep_q && mc_sweep_done) sweep_q <= 1'b0;
            if (flush_pulse)
                flush_req_q <= 1'b1;
            else if (!mc_dirty && !mc_busy)
                flush_req_q <= 1'b0;
        end
    end

`ifndef SYNTHESIS
    // P0's compares and the PC index work at the memory's width: what
    // the cores send is an instruction that ran and an access that passed
    // their bounds check, both inside device memory.
    always @(posedge clk_i)
        if (!rst_i && evt_valid_i && evt_ready_o &&
            ({32'd0, evt_data_i[31:0]} >= 64'(MEM_BYTES) || {32'd0, evt_data_i[63:32]} >= 64'(MEM_BYTES)))
            $display("scord_top: ERROR: an event outside device memory (pc %h, address %h)",
                     evt_data_i[31:0], evt_data_i[63:32]);
`endif
endmodule
`default_nettype wire
