// ScoRD race detector unit (docs/detector.md), standalone: event queue,
// fence file, detection, metadata accessor with sweep engine, report
// writer and registers, on one L2-channel master port.
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
  // device memory's address width: every address and PC the cores send
  // lies below MEM_BYTES (checked in simulation below)
  localparam integer AW    = (MEM_BYTES > 1) ? $clog2(MEM_BYTES) : 1;
  localparam integer S     = PASS_SLOTS;              // slots: a power of two up to a line's granules
  localparam integer SW    = (S > 1) ? $clog2(S) : 1;
  localparam integer MD_ENTRY_BYTES = 32'(`DET_MD_ENTRY_BYTES);
  localparam integer EPL   = LINE_BYTES / MD_ENTRY_BYTES;   // entries per metadata line
  localparam integer EW    = (EPL > 1) ? $clog2(EPL) : 1;
  localparam integer NB    = (S > EPL) ? S / EPL : 1; // metadata banks: the lines of a pass
  localparam integer BW    = (NB > 1) ? $clog2(NB) : 1;
  // lane accesses a pass holds at most: every lane of a warp where lanes
  // may follow each other on a granule (scord_pass_split), else one
  localparam integer PASS_MAX = (S > 1) ? T : 1;
  localparam integer IW    = $clog2(PASS_MAX + 1);    // a counter's step
  reg  [27*IW-1:0] cnt_inc;
  wire             inc_busy;
  reg         kstart, intrusion_set;
  wire        overflow_set, cnt_records, cnt_suppressed;
  wire        busy;

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

  // ---------------------------------------------------------------------------
  // Event queue of line events, cut into passes (§1.1)
  wire           lq_valid, lq_pop, q_empty;
  wire [EVW-1:0] lq_data;
  wire           q_valid, q_pop, wide;
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
    .out_pop_i   (q_pop)
  );
  wire [T*OFF_W-1:0] q_offs = lq_data[160 + T +: T * OFF_W];

  // ---------------------------------------------------------------------------
  // Pipeline (see the header): P0 = a pass at the queue head, decoded; P1 =
  // metadata lookup; P2 = checks, counters, reports, entry writes. Stage
  // registers carry the raw lead event; fields are cut where needed.
  localparam [1:0] SYNC_FENCE = `DET_SYNC_FENCE;
  localparam [1:0] SYNC_BAR   = `DET_SYNC_BARRIER;
  localparam [1:0] EV_SYNC    = `DET_EV_SYNC;
  localparam [1:0] EV_LOAD    = `DET_EV_LOAD;
  localparam [1:0] EV_STORE   = `DET_EV_STORE;
  localparam [1:0] EV_ATOMIC  = `DET_EV_ATOMIC;

  // ---- P0 (or D): the pass's lead lane (§3.1), address decode (§6.2 A1-A3, §5.2) ----
  wire [31:0] q_addr  = q_data[63:32];
  wire [1:0]  q_kind  = q_data[123:122];
  wire [1:0]  q_size  = q_data[127:126];
  wire        q_is_ld = (q_kind == EV_LOAD);
  wire        q_sync  = (q_kind == EV_SYNC);
  // The PC index (§5.3), taken here and carried to P2: a subtraction and
  // compares on the queue head's PC, off P2's path into the checks and the
  // metadata writes. DET_PC_BASE changes only between kernels, when the
  // pipeline is empty (the kernel's end waits for the detector's idle).
  wire [15:0] q_pcidx;
  scord_pcidx #(.PW (AW)) u_q_pcidx (.pc_i (lq_data[31:0]), .base_i (pc_base), .pcidx_o (q_pcidx));

  // The window, metadata and ring compares at the memory's width: an
  // event's address is that of an access that passed the core's bounds
  // check (or 0: a barrier or fence), so it lies below MEM_BYTES <= 2^AW,
  // and an armed configuration keeps every region inside memory
  // (scord_regs' arming checks): every base and end, and a line's last
  // byte, fit AW + 1 bits. Disarmed, nothing here is used (q_acc).
  wire [AW:0] md_lo   = (AW+1)'(md_base[AW-1:0]);
  wire [AW:0] md_hi   = md_lo + md_bytes[AW:0];
  wire [AW:0] ring_lo = (AW+1)'(ring_base[AW-1:0]);
  wire [AW:0] ring_hi = ring_lo + (AW+1)'({ring_size[AW-6:0], 5'd0});
  wire [AW:0] tr_lo   = (AW+1)'(track_base[AW-1:0]);
  wire [AW:0] tr_hi   = tr_lo + track_bytes[AW:0];
  wire [AW:0] a_n       = (AW+1)'(q_addr[AW-1:0]);
  wire        in_md     = (a_n >= md_lo) && (a_n < md_hi);
  wire        in_ring   = (a_n >= ring_lo) && (a_n < ring_hi);
  wire        intrusion = !q_is_ld && (in_md || in_ring);
  wire        tracked   = (a_n >= tr_lo) && (a_n < tr_hi);
  // (the bits above: 0 while armed, see above)
  wire unused_hi_cfg = ^{md_base[31:AW], md_bytes[32:AW+1], ring_base[31:AW],
                         ring_size[31:AW-5], track_base[31:AW], track_bytes[31:AW+1]};

  wire [2:0]  glog2     = 3'd2 + {1'b0, gcode};
  // cache mode: index = granule mod N = (offset mod TRACK_BYTES/R) >> G,
  // tag = granule / N = offset >> log2(TRACK_BYTES/R), R = 32 granules per
  // entry (64 in sparse cache mode)
  wire [2:0]  r_log2    = sparse ? 3'd6 : 3'd5;
  wire [AW:0] sub_mask  = (track_bytes[AW:0] >> r_log2) - 1'b1;

  // Lanes share a pass only where a line's granules are consecutive
  // entries starting at a metadata line (§1.1): the window and the
  // metadata start at lines and, in cache mode, a line's granules do not
  // wrap around the table. Then a pass's lanes lie in one chunk of S
  // granules (scord_pass_split), its entries are the chunk's first entry
  // plus each lane's granule mod S; else a pass is one lane at slot 0.
  wire        aligned   = (S > 1) && (track_base[OFF_W-1:0] == {OFF_W{1'b0}}) &&
                          (md_base[OFF_W-1:0] == {OFF_W{1'b0}}) &&
                          (!cache || sub_mask >= (AW+1)'(LINE_BYTES - 1));
  // The head's line: all of it in the window or all out, away from the
  // metadata and the ring, an access.
  wire [AW:0] hs_n    = (AW+1)'({lq_data[32+OFF_W +: AW-OFF_W], {OFF_W{1'b0}}});
  wire [AW:0] he_n    = hs_n + (AW+1)'(LINE_BYTES - 1);
  wire        h_md    = (he_n >= md_lo) && (hs_n < md_hi);
  wire        h_ring  = (he_n >= ring_lo) && (hs_n < ring_hi);
  wire        hs_tr   = (hs_n >= tr_lo) && (hs_n < tr_hi);
  wire        he_tr   = (he_n >= tr_lo) && (he_n < tr_hi);
  assign wide = aligned && (lq_data[123:122] != EV_SYNC) && !h_md && !h_ring && (hs_tr == he_tr);

  // the pass's first granule: its line's, or its chunk's where a chunk is
  // fewer granules than a line (as in scord_pass_split)
  localparam CHUNKED = (S > 1) && (S < LINE_BYTES / 4);
  wire [31:0] b_addr;
  generate
    if (CHUNKED) begin : g_chunk
      wire [31:0] chunk_lo = (32'd1 << (SW + 2 + {30'd0, gcode})) - 32'd1;
      wire unused_chunk = ^chunk_lo[31:OFF_W];
      assign b_addr = aligned ? {q_addr[31:OFF_W], q_addr[OFF_W-1:0] & ~chunk_lo[OFF_W-1:0]} : q_addr;
    end else begin : g_line
      assign b_addr = aligned ? {q_addr[31:OFF_W], {OFF_W{1'b0}}} : q_addr;
    end
  endgenerate
  wire [31:0] toff      = b_addr - track_base;
  // The entry's address stays 32-bit: a pass outside the window looks its
  // (meaningless) entry up too, and in a cache with fresh lines that
  // lookup may fill a line, so it must stay the address it always was.
  wire [31:0] index     = (cache ? (toff & 32'(sub_mask)) : toff) >> glog2;
  wire [4:0]  tag_sh    = track_log2 - {2'd0, r_log2};
  // the tag only matters inside the window, where the offset fits AW bits
  wire [AW-1:0] tag_full = toff[AW-1:0] >> tag_sh;
  // (tag_full < 32 outside sparse mode: the offset is inside the window)
  wire [5:0]  tag       = cache ? tag_full[5:0] : 6'd0;
  wire [31:0] entry_adr = md_base + {index[27:0], 4'b0000};
  // In a valid configuration index < 2^28 and the tag fits 5 bits (6 sparse).
  wire unused_idx = ^{index[31:28], tag_full[AW-1:6]};

  // What the pass is, with the arming state looked at as it enters.
  wire q_acc   = armed && !q_sync;
  wire q_intr  = q_acc && intrusion;
  wire q_trk   = q_acc && !intrusion && tracked;
  wire q_fence = armed && q_sync && (q_size == SYNC_FENCE);
  wire q_bar   = armed && q_sync && (q_size == SYNC_BAR);

  // ---- stage registers ----
  reg                s1_v_q, s1_acc_q, s1_bar_q, s1_trk_q, s1_intr_q, s1_fence_q;
  reg  [159:0]       s1_ev_q;
  reg  [T-1:0]       s1_mask_q;
  reg  [T*OFF_W-1:0] s1_offs_q;
  reg  [31:0]        s1_adr_q;      // the pass's first entry
  reg  [5:0]         s1_tag_q;
  reg  [15:0]        s1_pcidx_q, s2_pcidx_q;
  reg                s2_v_q, s2_acc_q, s2_bar_q, s2_trk_q, s2_intr_q, s2_fence_q, s2_rep_q;
  reg  [159:0]       s2_ev_q;
  reg  [T-1:0]       s2_mask_q, rp_q;
  reg  [T*OFF_W-1:0] s2_offs_q;
  reg  [31:0]        s2_adr_q;
  reg  [5:0]         s2_tag_q;
  reg  [S*128-1:0]   s2_raw_q;
  reg  [5:0]         s2_ffc_blk_q, s2_ffc_dev_q;
  // the entries last written back by P2 (their new values, changed or not)
  reg                lw_v_q;
  reg  [31:0]        lw_adr_q;
  reg  [S-1:0]       lw_sv_q;
  reg  [S*128-1:0]   lw_raw_q;
  // lw_adr_q == s2_adr_q, kept as either changes: P2's forwarding then
  // starts at a flip-flop, not at a 32-bit compare in front of the checks
  // (the routed critical path with the detector at 0b24f7a: s2_adr_q ->
  // this compare -> the check -> the metadata cache's write)
  reg                lw_eq2_q;
  reg                sweep_q;
  reg                start_pend_q;

  wire [6:0]  s1_b7   = s1_ev_q[102:96];
  wire [4:0]  s1_warp = s1_ev_q[116:112];

  // P2's event, normalised (§3.2)
  wire [31:0] ev_pc      = s2_ev_q[31:0];
  wire [31:0] ev_addr    = s2_ev_q[63:32];
  wire [15:0] ev_bloom   = s2_ev_q[79:64];
  wire [7:0]  ev_barrier = s2_ev_q[87:80];
  wire [7:0]  ev_core    = s2_ev_q[95:88];
  wire [15:0] ev_block   = s2_ev_q[111:96];
  wire [4:0]  ev_warp    = s2_ev_q[116:112];
  wire [1:0]  ev_kind    = s2_ev_q[123:122];
  wire        ev_is_ld   = (ev_kind == EV_LOAD);
  wire        ev_is_st   = (ev_kind == EV_STORE);
  wire        ev_is_at   = (ev_kind == EV_ATOMIC);
  wire        ev_scope   = s2_ev_q[124] && !(ev_is_ld || ev_is_st);
  wire        ev_strong  = s2_ev_q[125] || ev_is_at;
  wire [1:0]  ev_size    = s2_ev_q[127:126];
  wire [6:0]  ev_b7      = ev_block[6:0];
  wire [7:0]  ev_wsync   = s2_ev_q[135:128];
  // bytes of its word an access touches (§6.3 C0), and the PC index
  wire [7:0]  ev_bmask   = (ev_size == 2'd0) ? 8'h01 : (ev_size == 2'd1) ? 8'h03 :
                           (ev_size == 2'd2) ? 8'h0F : 8'hFF;
  wire [15:0] ev_pcidx   = s2_pcidx_q;
  wire unused_ev = ^{s2_ev_q[159:136], s2_ev_q[121:117], ev_addr[OFF_W-1:0]};

  // ---- the slots of a pass: worked out in P0, carried through P1 and P2 ----
  // Which slots hold a lane and which, each lane's slot, and where each
  // slot's entry is: slot s's entry is the pass's first entry + 16 s, so
  // its metadata line is in bank (line mod NB), at entry (entry mod EPL).
  localparam integer PLW = BW + EW;     // a slot's place: {bank, entry in line}
  wire [S-1:0]    sv0;
  wire [S*LW-1:0] sl0, sll0;
  wire [T*SW-1:0] ls0;
  scord_pass_slots #(.NUM_THREADS(T), .LINE_BYTES(LINE_BYTES), .S(S)) u_slots (
    .mask_i (q_mask), .offs_i (q_offs), .slotted_i (aligned), .gcode_i (gcode),
    .valid_o (sv0), .lane_o (sl0), .last_o (sll0), .slot_o (ls0));
  /* verilator lint_off UNUSEDSIGNAL */
  function [PLW-1:0] slot_place(input [31:0] base, input integer sl);
    reg [31:0] e;
    begin
      e = base + (sl << 4);
      slot_place = {(NB > 1) ? e[OFF_W +: BW] : {BW{1'b0}}, (EPL > 1) ? e[4 +: EW] : {EW{1'b0}}};
    end
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */
  reg  [S*PLW-1:0] pl0;
  integer          si;
  always @* begin
    for (si = 0; si < S; si = si + 1)
      pl0[si*PLW +: PLW] = slot_place(entry_adr, si);
  end

  // ---- D: the decoded pass, registered with DECODE_STAGE (else the wires) ----
  // With the stage the split's pass moves into D whenever D is free or
  // its pass enters P1 (pop), and P0's lookup and fence-file read take D's
  // registers; what D holds does not depend on the pipeline's state (the
  // arming and window registers change only while the detector is idle).
  localparam integer DW = 160 + T + T*OFF_W + S + 2*S*LW + T*SW + S*PLW + 5 + 32 + 6 + 16;
  wire           pop;                  // D's pass enters P1
  reg            d_v_q;
  wire           d_valid = (DECODE_STAGE != 0) ? d_v_q : q_valid;
  wire           d_load  = q_valid && (!d_v_q || pop);
  wire [159:0]       d_ev;
  wire [T-1:0]       d_mask;
  wire [T*OFF_W-1:0] d_offs;
  wire [S-1:0]       d_sv;
  wire [S*LW-1:0]    d_sl, d_sll;
  wire [T*SW-1:0]    d_ls;
  wire [S*PLW-1:0]   d_pl;
  wire               d_acc, d_bar, d_trk, d_intr, d_fence;
  wire [31:0]        d_adr;
  wire [5:0]         d_tag;
  wire [15:0]        d_pcidx;
  prim_stage_reg #(.W(DW), .STAGE(DECODE_STAGE)) u_d (
    .clk_i (clk_i), .rst_i (rst_i), .en_i (d_load),
    .d_i   ({q_data, q_mask, q_offs, sv0, sl0, sll0, ls0, pl0,
             q_acc, q_bar, q_trk, q_intr, q_fence, entry_adr, tag, q_pcidx}),
    .q_o   ({d_ev, d_mask, d_offs, d_sv, d_sl, d_sll, d_ls, d_pl,
             d_acc, d_bar, d_trk, d_intr, d_fence, d_adr, d_tag, d_pcidx}));
  always @(posedge clk_i)
    if (rst_i || DECODE_STAGE == 0) d_v_q <= 1'b0;   // (never set without the stage)
    else if (d_load) d_v_q <= 1'b1;
    else if (pop)    d_v_q <= 1'b0;
  assign q_pop = (DECODE_STAGE != 0) ? d_load : pop;
  wire [6:0] d_b7   = d_ev[102:96];
  wire [4:0] d_warp = d_ev[116:112];
  reg  [S-1:0]     s1_sv_q, s2_sv_q;
  reg  [S*LW-1:0]  s1_sl_q, s2_sl_q, s1_sll_q, s2_sll_q;
  reg  [T*SW-1:0]  s1_ls_q, s2_ls_q;
  reg  [S*PLW-1:0] s1_pl_q, s2_pl_q;
  // a slot's bank and its entry's bit offset in the bank's line
  function [BW-1:0] pl_bank(input [S*PLW-1:0] pl, input integer sl);
    pl_bank = pl[sl*PLW + EW +: BW];
  endfunction
  // Slot sl's entry is at position p of the banks' lines (bank p / EPL,
  // entry p mod EPL). Entries are picked and placed by comparing with
  // every constant position: a part select at a computed position becomes
  // a shifter as wide as all the banks' lines (2 600 LUT4 on fpga).
  function at_place(input [S*PLW-1:0] pl, input integer sl, input integer p);
    at_place = 32'(pl_bank(pl, sl)) == p / EPL && (EPL == 1 || 32'(pl[sl*PLW +: EW]) == p % EPL);
  endfunction
  function [127:0] entry_at(input [NB*LINE_BITS-1:0] lines, input [S*PLW-1:0] pl,
                            input integer sl);
    integer p;
    begin
      entry_at = lines[127:0];
      for (p = 1; p < NB * EPL; p = p + 1)
        if (at_place(pl, sl, p)) entry_at = lines[p*128 +: 128];
    end
  endfunction

  // The line of bank b in a pass is its first line plus (b - first line) mod NB.
  /* verilator lint_off UNUSEDSIGNAL */
  function [31:0] bank_line(input [31:0] base, input integer b);
    bank_line = {base[31:OFF_W] + ((NB > 1) ? {{(32-OFF_W-BW){1'b0}}, BW'(b) - base[OFF_W +: BW]}
                                            : {(32-OFF_W){1'b0}}),
                 {OFF_W{1'b0}}};
  endfunction
  /* verilator lint_on UNUSEDSIGNAL */

  // ---------------------------------------------------------------------------
  // Metadata cache, one bank per line of a pass (with the sweep engine)
  wire [NB-1:0]            mc_rvalid, mc_hit;
  wire                     mc_busy, mc_dirty, mc_sweep_done;
  wire [NB*LINE_BITS-1:0]  mc_rline;
  reg  [NB-1:0]            mc_wr, mc_fetch;
  reg                      mc_flush, md_sweep;
  reg  [NB*32-1:0]         mc_rd_addr, mc_wr_addr;
  reg  [NB*EPL-1:0]        mc_wr_mask;
  reg  [NB*LINE_BITS-1:0]  mc_wr_line;
  wire                     md_l2_valid;
  wire [REQ_W-1:0]         md_l2_req;

  scord_md_banks #(
    .LINE_BYTES  (LINE_BYTES),
    .LINES       (MD_LINES),
    .ENTRY_BYTES (MD_ENTRY_BYTES),
    .NB          (NB),
    .FRESH_LINES (MD_FRESH != 0 ? MEM_BYTES / LINE_BYTES / NB : 0),
    .AW          (AW),
    .WRITE_STAGE (WRITE_STAGE)
  ) u_mc (
    .clk_i          (clk_i),
    .rst_i          (rst_i),
    .rd_addr_i      (mc_rd_addr),
    .rvalid_o       (mc_rvalid),
    .hit_o          (mc_hit),
    .rline_o        (mc_rline),
    .wr_i           (mc_wr),
    .wr_pend_i      (mc_wr_pend),
    .wr_addr_i      (mc_wr_addr),
    .wr_mask_i      (mc_wr_mask),
    .wr_line_i      (mc_wr_line),
    .fetch_i        (mc_fetch),
    .flush_i        (mc_flush),
    .inval_i        (kstart || arm_pulse),   // a new arming: lines of another layout
    .busy_o         (mc_busy),
    .dirty_o        (mc_dirty),
    .sweep_i        (md_sweep),
    .sweep_base_i   (md_base),
    .sweep_bytes_i  (md_bytes),
    .sweep_done_o   (mc_sweep_done),
    .l2_req_valid_o (md_l2_valid),
    .l2_req_ready_i (l2_req_ready_i),
    .l2_req_o       (md_l2_req),
    .l2_rsp_valid_i (l2_rsp_valid_i),
    .l2_rsp_data_i  (l2_rsp_data_i)
  );

  // ---------------------------------------------------------------------------
  // Handshakes between the stages
  wire s2_commit;                       // P2 finishes its pass this cycle
  wire s2_free  = !s2_v_q || s2_commit;
  // the banks a pass's entries are in
  function [NB-1:0] banks_of(input [S-1:0] sv, input [S*PLW-1:0] pl);
    integer k;
    begin
      banks_of = {NB{1'b0}};
      for (k = 0; k < S; k = k + 1)
        if (sv[k]) banks_of[pl_bank(pl, k)] = 1'b1;
    end
  endfunction
  wire [NB-1:0] nb1 = banks_of(s1_sv_q, s1_pl_q);
  // P2's lines: written when P2 lets go, so no line may be filled over them
  wire [NB-1:0] mc_wr_pend = (s2_v_q && s2_trk_q) ? banks_of(s2_sv_q, s2_pl_q) : {NB{1'b0}};
  // P1 is ready when its lookups hit (only tracked accesses look up).
  // Nothing enters P2 while the cache engines run: a report in P2 and a
  // flush would both want the L2 channel.
  wire s1_ready = !mc_busy && (!s1_trk_q || ((nb1 & ~(mc_rvalid & mc_hit)) == {NB{1'b0}}));
  wire adv12    = s1_v_q && s1_ready && s2_free;
  wire s1_free  = !s1_v_q || adv12;
  // A fence's fence file write must be seen by every later read: nothing
  // enters P1 while a fence is in P1 or P2 (fences are rare).
  wire fence_in = (s1_v_q && s1_fence_q) || (s2_v_q && s2_fence_q);
  wire ff_busy;
  assign pop    = d_valid && s1_free && !fence_in && !sweep_q && !ff_busy;
  // A held P1 looks its lines up again every cycle (a block RAM answers
  // the cycle after): the answer then includes every write until now.
  wire s1_hold  = s1_v_q && !adv12;
  wire [31:0] lk_base = s1_hold ? s1_adr_q : d_adr;
  integer bi;
  always @* begin
    for (bi = 0; bi < NB; bi = bi + 1)
      mc_rd_addr[bi*32 +: 32] = bank_line(lk_base, bi);
  end

  // ---------------------------------------------------------------------------
  // Forwarding. P1 read its entries the cycle before; the only write it can
  // have missed is the one P2 made then (lw_*). P2 re-applies lw_* for a
  // write made while it was in P1. Two passes' slots are one entry when
  // their first entries and slots are equal. For the fence file read of a
  // previous accessor (in P1, for P2's check) an entry P2 holds now is what
  // P2 will write: its BLOCK and WARP are P2's event's, changed or not.
  localparam integer F_BLOCK = {24'd0, `DET_MD_BLOCK_LSB};
  localparam integer F_WARP  = {24'd0, `DET_MD_WARP_LSB};
  reg  [S*128-1:0] s1_raw, raw;
  reg  [S*7-1:0]   s1_pblk;
  reg  [S*5-1:0]   s1_pwrp;
  // P1's entry against the last write's and against P2's (also what
  // lw_eq2_q takes as P1 moves on)
  wire lw_eq1 = lw_adr_q == s1_adr_q;
  wire s2_eq1 = s2_adr_q == s1_adr_q;
  // P2 writes its entries back (lw_* take them)
  wire lw_wr  = s2_commit && s2_trk_q;
  always @* begin
    for (si = 0; si < S; si = si + 1) begin
      s1_raw[si*128 +: 128] =
          (lw_v_q && lw_eq1 && lw_sv_q[si]) ? lw_raw_q[si*128 +: 128]
        : entry_at(mc_rline, s1_pl_q, si);
      if (s2_v_q && s2_trk_q && s2_eq1 && s2_sv_q[si]) begin
        s1_pblk[si*7 +: 7] = ev_b7;
        s1_pwrp[si*5 +: 5] = ev_warp;
      end else begin
        s1_pblk[si*7 +: 7] = s1_raw[si*128 + F_BLOCK +: 7];
        s1_pwrp[si*5 +: 5] = s1_raw[si*128 + F_WARP +: 5];
      end
      raw[si*128 +: 128] = (lw_v_q && lw_eq2_q && lw_sv_q[si]) ? lw_raw_q[si*128 +: 128]
                                                                : s2_raw_q[si*128 +: 128];
    end
  end

  // ---------------------------------------------------------------------------
  // Fence file: port 1 FF[B][W] of the pass entering (or held in) P1, the
  // S ports 2 FF[md.BLOCK][md.WARP] of each entry of the pass entering P2.
  wire [5:0]   ffc_blk, ffc_dev;
  wire [S*6-1:0] ffp_blk, ffp_dev;
  reg          ff_wr;

  scord_fence_file #(
    .NUM_WARPS (NUM_WARPS),
    .NRD2      (S)
  ) u_ff (
    .clk_i       (clk_i),
    .rst_i       (rst_i),
    .clear_i     (kstart),
    .busy_o      (ff_busy),
    .rd_block_i  (s1_hold ? s1_b7 : d_b7),
    .rd_warp_i   (s1_hold ? s1_warp : d_warp),
    .rd_blk_o    (ffc_blk),
    .rd_dev_o    (ffc_dev),
    .rd2_en_i    (adv12),
    .rd2_block_i (s1_pblk),
    .rd2_warp_i  (s1_pwrp),
    .rd2_blk_o   (ffp_blk),
    .rd2_dev_o   (ffp_dev),
    .wr_en_i     (ff_wr),
    .wr_block_i  (ev_b7),
    .wr_warp_i   (ev_warp),
    .wr_blk_i    (s2_ffc_blk_q + {5'd0, !ev_scope}),
    .wr_dev_i    (s2_ffc_dev_q + {5'd0, ev_scope})
  );

  // ---------------------------------------------------------------------------
  // Detection (combinational on P2), one check per slot
  wire [S-1:0]     c_tagmis, c_prelim, c_devrace, c_changed;
  wire [S*4-1:0]   c_race;
  wire [S*7-1:0]   c_md_block;
  wire [S*5-1:0]   c_md_warp, c_md_lane;
  wire [S*16-1:0]  c_md_pcidx;
  wire [S-1:0]     c_md_mod, c_md_atom, c_md_scope, c_md_strong;
  wire [S*128-1:0] c_new;
  wire [S-1:0]     s2_fol_s;    // the slot has lanes following its first

  genvar gs;
  generate
    for (gs = 0; gs < S; gs = gs + 1) begin : g_check
      wire [LW-1:0]    lane  = s2_sl_q[gs*LW +: LW];
      wire [OFF_W-1:0] off   = s2_offs_q[lane*OFF_W +: OFF_W];
      wire [7:0]       bsh   = ev_bmask << off[1:0];
      wire [LW-1:0]    nlane = s2_sll_q[gs*LW +: LW];
      wire [OFF_W-1:0] noff  = s2_offs_q[nlane*OFF_W +: OFF_W];
      wire [7:0]       nbsh  = ev_bmask << noff[1:0];
      wire unused_b = ^{bsh[7:4], off[OFF_W-1:2], nbsh[7:4], noff[OFF_W-1:2]};
      assign s2_fol_s[gs] = s2_sv_q[gs] && (nlane != lane);
      scord_check u_check (
        .raw_i          (raw[gs*128 +: 128]),
        .gen_i          (gen),
        .cache_i        (cache),
        .tag_i          (s2_tag_q),
        .gran4_i        (gcode == 2'd0),
        .kind_i         (ev_kind),
        .scope_i        (ev_scope),
        .strong_i       (ev_strong),
        .block_i        (ev_b7),
        .warp_i         (ev_warp),
        .lane_i         (5'(lane)),
        .wsync_i        (ev_wsync),
        .bytes_i        (bsh[3:0]),
        .pcidx_i        (ev_pcidx),
        .barrier_i      (ev_barrier),
        .bloom_i        (ev_bloom),
        .new_lane_i     (5'(nlane)),
        .new_bytes_i    (nbsh[3:0]),
        .ffp_blk_i      (ffp_blk[gs*6 +: 6]),
        .ffp_dev_i      (ffp_dev[gs*6 +: 6]),
        .ffc_blk_i      (s2_ffc_blk_q),
        .ffc_dev_i      (s2_ffc_dev_q),
        .tag_mismatch_o (c_tagmis[gs]),
        .prelim_o       (c_prelim[gs]),
        .race_o         (c_race[gs*4 +: 4]),
        .devrace_o      (c_devrace[gs]),
        .md_block_o     (c_md_block[gs*7 +: 7]),
        .md_warp_o      (c_md_warp[gs*5 +: 5]),
        .md_lane_o      (c_md_lane[gs*5 +: 5]),
        .md_pcidx_o     (c_md_pcidx[gs*16 +: 16]),
        .md_modified_o  (c_md_mod[gs]),
        .md_atom_o      (c_md_atom[gs]),
        .md_scope_o     (c_md_scope[gs]),
        .md_strong_o    (c_md_strong[gs]),
        .new_raw_o      (c_new[gs*128 +: 128]),
        .changed_o      (c_changed[gs])
      );
    end
  endgenerate

  // ---------------------------------------------------------------------------
  // P2's reports, one per raced lane in lane order: rp = the lanes still to
  // report, cur the lowest, rs its slot. A following lane never reports
  // (scord_pass_split): only a slot's first lane does.
  reg  [T-1:0]  rp_first;
  integer       ti;
  reg  [IW-1:0] n_lanes;      // the pass's lanes
  always @* begin
    n_lanes = {IW{1'b0}};
    for (ti = 0; ti < T; ti = ti + 1)
      n_lanes = n_lanes + IW'(s2_mask_q[ti]);
  end
  always @* begin
    for (ti = 0; ti < T; ti = ti + 1)
      rp_first[ti] = s2_mask_q[ti] && s2_sl_q[s2_ls_q[ti*SW +: SW]*LW +: LW] == ti[LW-1:0] &&
                     (s2_intr_q || (s2_trk_q && !c_prelim[s2_ls_q[ti*SW +: SW]] &&
                                    c_race[s2_ls_q[ti*SW +: SW]*4 +: 4] != 4'd0));
  end
  // Without the report stage rp_q holds the lanes still to report while
  // P2 holds its pass; with it rp_q is P3's: loaded from rp_first when P2
  // lets go into a free P3, and the report's view of the pass (rv) with it.
  wire [T-1:0] rp = (REPORT_STAGE != 0) ? rp_q : s2_rep_q ? rp_q : rp_first;

  // What a report needs of its pass: the event's fields, the lanes and
  // their slots, each slot's check results, and the access count after
  // the pass (a record's seq counts back from it).
  localparam integer RV_SLOT = 4 + 5 + 16 + 5 + 7 + 5;
  localparam integer RVW = 32 + 32 + (32 - OFF_W) + 16 + 8 + 5 + 2 + 1 + 1 + 2 + 2 +
                           T + T * OFF_W + T * SW + S * RV_SLOT;
  wire [31:0]    acc_after = cnt_accesses + ((REPORT_STAGE != 0) ? 32'(n_lanes) : 32'd0);
  wire [RVW-1:0] rv_now = {acc_after, ev_pc, ev_addr[31:OFF_W], ev_block, ev_core, ev_warp, ev_kind,
                           ev_scope, ev_strong, ev_size, s2_intr_q, s2_trk_q, s2_mask_q,
                           s2_offs_q, s2_ls_q, c_race, c_devrace, c_md_mod, c_md_atom,
                           c_md_scope, c_md_strong, c_md_pcidx, c_md_lane, c_md_block,
                           c_md_warp};
  wire [RVW-1:0] rv;
  wire           p3_free;     // P3 takes a pass this cycle (with reports or not)
  prim_stage_reg #(.W(RVW), .STAGE(REPORT_STAGE)) u_rv (
    .clk_i(clk_i), .rst_i(rst_i), .en_i(p3_free), .d_i(rv_now), .q_o(rv));
  wire [31:0]      rv_acc, rv_pc;
  wire [31-OFF_W:0] rv_addr;   // the line's address
  wire [15:0]      rv_block;
  wire [7:0]       rv_core;
  wire [4:0]       rv_warp;
  wire [1:0]       rv_kind, rv_size;
  wire             rv_scope, rv_strong, rv_intr, rv_trk;
  wire [T-1:0]     rv_mask;
  wire [T*OFF_W-1:0] rv_offs;
  wire [T*SW-1:0]  rv_ls;
  wire [S*4-1:0]   rv_race;
  wire [S-1:0]     rv_devrace, rv_mod, rv_atom, rv_pscope, rv_pstrong;
  wire [S*16-1:0]  rv_pcidx;
  wire [S*5-1:0]   rv_plane, rv_pwarp;
  wire [S*7-1:0]   rv_pblock;
  assign {rv_acc, rv_pc, rv_addr, rv_block, rv_core, rv_warp, rv_kind, rv_scope, rv_strong,
          rv_size, rv_intr, rv_trk, rv_mask, rv_offs, rv_ls, rv_race, rv_devrace, rv_mod,
          rv_atom, rv_pscope, rv_pstrong, rv_pcidx, rv_plane, rv_pblock, rv_pwarp} = rv;

  wire [LW-1:0] cur;
  wire          unused_cur_any;
  wire [T-1:0]  unused_cur_bit;
  prim_first_one #(.N(T)) u_cur (
    .req_i    (rp),
    .any_o    (unused_cur_any),
    .idx_o    (cur),
    .onehot_o (unused_cur_bit)
  );
  wire [T-1:0]  cur_bit  = {{(T-1){1'b0}}, 1'b1} << cur;
  wire [T-1:0]  rp_rest  = rp & ~cur_bit;
  wire [SW-1:0] rs       = rv_ls[cur*SW +: SW];
  wire [31:0]   cur_addr = {rv_addr, rv_offs[cur*OFF_W +: OFF_W]};
  // the pass's lanes after cur: their accesses are counted, not yet made
  reg  [IW-1:0] n_after;
  always @* begin
    n_after = {IW{1'b0}};
    for (ti = 0; ti < T; ti = ti + 1)
      if (ti > cur) n_after = n_after + IW'(rv_mask[ti]);
  end

  // ---------------------------------------------------------------------------
  // Report writer, shared by P2 (device memory, this unit's checks) and the
  // cores (shared memory, checked beside their banks): one report at a
  // time, P2 first. The writer takes a report's fields as it starts; P2
  // holds its pass and a core its report until the writer is done (a
  // core's soft reset may clear it before: the record is written as taken,
  // and shr_ready_o then pops nothing).
  reg                   rep_req;
  wire                  rep_idle, rep_done;
  wire                  rep_l2_valid;
  wire [REQ_W-1:0]      rep_l2_req;
  wire                  trk_q = rv_trk;
  localparam CW = (NUM_CORES > 1) ? $clog2(NUM_CORES) : 1;
  reg                   own_p2_q, own_sh_q;   // whose report the writer works on
  reg  [CW-1:0]         own_core_q;
  wire                  sh_pick_ok;
  wire [CW-1:0]         sh_pick;     // the lowest core with a report
  wire [NUM_CORES-1:0]  unused_sh_pick;
  prim_first_one #(.N(NUM_CORES)) u_sh_pick (
    .req_i    (shr_valid_i),
    .any_o    (sh_pick_ok),
    .idx_o    (sh_pick),
    .onehot_o (unused_sh_pick)
  );
  wire                  sh_go;                 // a core's report starts now
  wire                  sh_sel   = own_sh_q || sh_go;
  wire [CW-1:0]         sh_core  = own_sh_q ? own_core_q : sh_pick;
  wire [SHR_W-1:0]      shr      = shr_data_i[sh_core*SHR_W +: SHR_W];
  wire [1:0]            shr_kind = shr[`SHR_KIND];
  wire [15:0]           shr_block = shr[`SHR_BLOCK];
  wire unused_shr = ^{shr[SHR_W-1:127], shr_block[15:7]};
  localparam [31:0]     CORE_W   = NUM_CORES;
  wire unused_core_w = ^CORE_W;
  assign pc_base_o = pc_base;

  localparam [7:0] RT_INTR = `DET_RACE_INTRUSION;
  localparam [7:0] RT_IW   = `DET_RACE_INTRA_WARP;
  wire unused_rt = ^RT_IW;
  wire [3:0]  r_type   = rv_intr ? RT_INTR[3:0] : rv_race[rs*4 +: 4];
  wire [15:0] r_pcidx  = rv_pcidx[rs*16 +: 16];

  scord_report #(
    .LINE_BYTES (LINE_BYTES),
    .SUPP_SEQ   (SUPP_SEQ),
    .MEM_BYTES  (MEM_BYTES)
  ) u_rep (
    .clk_i               (clk_i),
    .rst_i               (rst_i),
    .clear_i             (kstart),
    .arm_i               (arm_pulse),
    .ring_base_i         (ring_base),
    .ring_size_i         (ring_size),
    .tail_i              (tail),
    .claim_i             (claim_req),
    .claim_o             (claim),
    .head_o              (head),
    .drops_o             (drops),
    .req_i               (rep_req),
    .rec_type_i          (sh_sel ? shr[`SHR_TYPE] : r_type),
    .rec_devrace_i       (!sh_sel && trk_q && rv_devrace[rs]),
    .rec_kind_i          (sh_sel ? shr_kind : rv_kind),
    .rec_strong_i        (sh_sel ? (shr_kind == EV_ATOMIC) : rv_strong),
    .rec_scope_i         (!sh_sel && rv_scope),
    .rec_size_i          (sh_sel ? shr[`SHR_SIZE] : rv_size),
    .rec_prev_modified_i (sh_sel ? shr[`SHR_PREV_WRITE] : (trk_q && rv_mod[rs])),
    .rec_prev_atom_i     (sh_sel ? shr[`SHR_PREV_ATOM] : (trk_q && rv_atom[rs])),
    .rec_prev_scope_i    (!sh_sel && trk_q && rv_pscope[rs]),
    .rec_prev_strong_i   (sh_sel ? shr[`SHR_PREV_ATOM] : (trk_q && rv_pstrong[rs])),
    .rec_prev_known_i    (sh_sel ? (shr[`SHR_PREV_EXACT] &&
                                    shr[`SHR_PREV_PCIDX] != 16'(`DET_PCIDX_UNKNOWN))
                                 : (trk_q && r_pcidx != 16'(`DET_PCIDX_UNKNOWN))),
    .rec_shared_i        (sh_sel),
    .rec_prev_lane_i     (sh_sel ? shr[`SHR_PREV_LANE] : (trk_q ? rv_plane[rs*5 +: 5] : 5'd0)),
    .rec_prev_pcidx_i    (sh_sel ? shr[`SHR_PREV_PCIDX] : (trk_q ? r_pcidx : 16'd0)),
    .rec_pc_i            (sh_sel ? shr[`SHR_PC] : rv_pc),
    .rec_addr_i          (sh_sel ? shr[`SHR_ADDR] : cur_addr),
    .rec_block_i         (sh_sel ? shr[`SHR_BLOCK] : rv_block),
    .rec_core_i          (sh_sel ? 8'(sh_core) : rv_core),
    .rec_warp_i          (sh_sel ? shr[`SHR_WARP] : rv_warp),
    .rec_lane_i          (sh_sel ? shr[`SHR_LANE] : 5'(cur)),
    .rec_prev_block_i    (sh_sel ? shr_block[6:0] : (trk_q ? rv_pblock[rs*7 +: 7] : 7'd0)),
    .rec_prev_warp_i     (sh_sel ? shr[`SHR_PREV_WARP] : (trk_q ? rv_pwarp[rs*5 +: 5] : 5'd0)),
    .rec_seq_i           (sh_sel ? cnt_accesses : rv_acc - 32'(n_after)),
    .idle_o              (rep_idle),
    .done_o              (rep_done),
    .cnt_records_o       (cnt_records),
    .cnt_suppressed_o    (cnt_suppressed),
    .overflow_o          (overflow_set),
    .l2_req_valid_o      (rep_l2_valid),
    .l2_req_ready_i      (l2_req_ready_i),
    .l2_req_o            (rep_l2_req)
  );

  // One of the two is active at a time: reports only while P2 holds its
  // pass, cache traffic only while P2 is empty (a fetch) or everything is
  // (a flush, a sweep).
  assign l2_req_valid_o = md_l2_valid || rep_l2_valid;
  assign l2_req_o       = md_l2_valid ? md_l2_req : rep_l2_req;

  // ---------------------------------------------------------------------------
  // Control
  localparam integer K_ACC = {27'd0, `DET_CNT_ACCESSES};
  localparam integer K_PRE = {27'd0, `DET_CNT_PRELIM_PASS};
  localparam integer K_MDR = {27'd0, `DET_CNT_MD_READS};
  localparam integer K_MDW = {27'd0, `DET_CNT_MD_WRITES};
  localparam integer K_TAG = {27'd0, `DET_CNT_TAG_MISMATCH};
  localparam integer K_UNT = {27'd0, `DET_CNT_UNTRACKED};
  localparam integer K_FEN = {27'd0, `DET_CNT_FENCES};
  localparam integer K_BAR = {27'd0, `DET_CNT_BARRIERS};
  localparam integer K_REC = {27'd0, `DET_CNT_RECORDS};
  localparam integer K_SUP = {27'd0, `DET_CNT_SUPPRESSED};
  localparam integer K_RACE = {27'd0, `DET_CNT_RACE_BASE};

  // P2: the first cycle does everything but the reports, which hold P2
  // until the writer is done with the last; the entries are written when
  // P2 lets go. With the report stage P2 does everything in the cycle it
  // lets go into a free P3 (s2_act), reports or not, and P3 holds the
  // reports: P2 waits only while P3 has reports left.
  wire s2_first = s2_v_q && !s2_rep_q;
  wire p3_last  = own_p2_q && rep_done && rp_rest == {T{1'b0}};
  assign p3_free = (rp_q == {T{1'b0}}) || p3_last;
  wire s2_act   = (REPORT_STAGE != 0) ? s2_commit : s2_first;
  // The writer: P2's reports first, else a core's (lowest core first).
  wire wr_free  = rep_idle && !own_p2_q && !own_sh_q;
  wire p2_want  = (s2_v_q || REPORT_STAGE != 0) && (rp != {T{1'b0}}) && !own_p2_q;
  wire p2_go    = p2_want && wr_free;
  // A core's report writes while P2 may be empty, when the metadata cache
  // may want the same L2 channel (a fetch, a flush, a sweep): the two take
  // turns, the cache's traffic waiting for the report and vice versa.
  assign sh_go  = !p2_want && wr_free && sh_pick_ok && !mc_busy && !sweep_q && !start_pend_q;
  wire   sh_busy = own_sh_q || sh_go;
  assign s2_commit = (REPORT_STAGE != 0) ? s2_v_q && p3_free
                                           : s2_v_q && ((rp == {T{1'b0}}) || p3_last);
  always @* begin
    shr_ready_o = {NUM_CORES{1'b0}};
    if (own_sh_q && rep_done) shr_ready_o[own_core_q] = 1'b1;
  end

  // (rp_q is zero unless P2 or P3 holds reports)
  wire pipe_empty = !d_v_q && !s1_v_q && !s2_v_q && rp_q == {T{1'b0}};
  // The host's flush request (DET_CTRL.flush) holds until no line is dirty;
  // the lines are written back while the passes leave room (a flush holds
  // P1 back).
  reg    flush_req_q;
  assign idle_o     = pipe_empty && q_empty && !start_pend_q && !ff_busy && !sweep_q &&
                      !mc_busy && !flush_req_q && !inc_busy;
  assign busy       = !idle_o;
  assign ready_o    = !start_pend_q && !sweep_q && !ff_busy;
  assign sweeping_o = sweep_q;
  wire   kgo        = start_pend_q && pipe_empty && !q_valid && !sweep_q && !ff_busy &&
                      !mc_busy && !own_sh_q;

  // the slots' entry writes, by bank; each entry position of the lines
  // takes the slot placed there (the mask says whether it is written)
  integer pi;
  always @* begin
    mc_wr      = {NB{1'b0}};
    mc_wr_mask = {(NB*EPL){1'b0}};
    for (bi = 0; bi < NB; bi = bi + 1)
      mc_wr_addr[bi*32 +: 32] = bank_line(s2_adr_q, bi);
    for (si = 0; si < S; si = si + 1)
      if (s2_commit && s2_trk_q && s2_sv_q[si] && (c_changed[si] || s2_fol_s[si])) begin
        mc_wr[pl_bank(s2_pl_q, si)] = 1'b1;
        mc_wr_mask[32'(pl_bank(s2_pl_q, si))*EPL + 32'(s2_pl_q[si*PLW +: EW])] = 1'b1;
      end
    for (pi = 0; pi < NB * EPL; pi = pi + 1) begin
      mc_wr_line[pi*128 +: 128] = c_new[127:0];
      for (si = 1; si < S; si = si + 1)
        if (at_place(s2_pl_q, si, pi)) mc_wr_line[pi*128 +: 128] = c_new[si*128 +: 128];
    end
  end

  function [IW-1:0] count_of(input [S-1:0] v);
    integer k;
    begin
      count_of = {IW{1'b0}};
      for (k = 0; k < S; k = k + 1)
        count_of = count_of + IW'(v[k]);
    end
  endfunction
  wire [S-1:0] s2_race_s;
  genvar gr;
  generate
    for (gr = 0; gr < S; gr = gr + 1) begin : g_race
      assign s2_race_s[gr] = s2_sv_q[gr] && !c_prelim[gr] && c_race[gr*4 +: 4] != 4'd0;
    end
  endgenerate

  integer ki, rt;
  always @* begin
    ki             = 0;   // (loop variables set on every path: no latch)
    rt             = 0;
    cnt_inc        = {(27*IW){1'b0}};
    kstart         = 1'b0;
    intrusion_set  = 1'b0;
    ff_wr          = 1'b0;
    md_sweep       = 1'b0;
    rep_req        = p2_go || sh_go;
    cnt_inc[IW*K_REC +: IW] = IW'(cnt_records);
    cnt_inc[IW*K_SUP +: IW] = IW'(cnt_suppressed);
    // a miss is fetched once P2 has nothing left to write
    for (bi = 0; bi < NB; bi = bi + 1)
      mc_fetch[bi] = s1_v_q && s1_trk_q && nb1[bi] && mc_rvalid[bi] && !mc_hit[bi] &&
                     !s2_v_q && rp_q == {T{1'b0}} && !sh_busy;
    mc_flush       = flush_req_q && pipe_empty && !q_valid && !sweep_q && !sh_busy;
    if (kgo) begin
      kstart   = armed;
      md_sweep = armed && need_sweep;
    end
    if (s2_act) begin
      cnt_inc[IW*K_BAR +: IW] = IW'(s2_bar_q);
      cnt_inc[IW*K_FEN +: IW] = IW'(s2_fence_q);
      ff_wr                   = s2_fence_q;
      if (s2_acc_q) begin
        cnt_inc[IW*K_ACC +: IW] = n_lanes;
        if (s2_intr_q) begin
          intrusion_set = 1'b1;
          cnt_inc[IW*(K_RACE + 7) +: IW] = IW'(1);
        end else if (!s2_trk_q) begin
          cnt_inc[IW*K_UNT +: IW] = n_lanes;
        end else begin
          cnt_inc[IW*K_MDR +: IW] = n_lanes;
          cnt_inc[IW*K_TAG +: IW] = count_of(s2_sv_q & c_tagmis);
          cnt_inc[IW*K_PRE +: IW] = count_of(s2_sv_q & c_prelim);
          // each type's counter at its constant place: an index computed
          // from the check's result put every counter, the accesses' too,
          // behind the check in the FPGA build's timing
          for (rt = 1; rt < 27 - K_RACE; rt = rt + 1)
            for (ki = 0; ki < S; ki = ki + 1)
              if (s2_race_s[ki] && c_race[ki*4 +: 4] == 4'(rt))
                cnt_inc[IW*(K_RACE + rt) +: IW] = cnt_inc[IW*(K_RACE + rt) +: IW] + IW'(1);
        end
      end
    end
    if (s2_commit && s2_trk_q)
      // a following lane always changes the entry's lane: one write each
      cnt_inc[IW*K_MDW +: IW] = count_of(s2_sv_q & c_changed) + n_lanes - count_of(s2_sv_q);
    // a core's shared-memory race: counted as its report starts (§6.4)
    for (rt = 1; rt < 27 - K_RACE; rt = rt + 1)
      if (sh_go && shr[3:0] == 4'(rt))
        cnt_inc[IW*(K_RACE + rt) +: IW] = IW'(1);
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      s1_v_q       <= 1'b0;
      s2_v_q       <= 1'b0;
      s2_rep_q     <= 1'b0;
      rp_q         <= {T{1'b0}};
      own_p2_q     <= 1'b0;
      own_sh_q     <= 1'b0;
      lw_v_q       <= 1'b0;
      flush_req_q  <= 1'b0;
      sweep_q      <= 1'b0;
      start_pend_q <= 1'b0;
    end else begin
      if (start_i) start_pend_q <= 1'b1;
      if (kgo) begin
        start_pend_q <= start_i;
        sweep_q      <= md_sweep;
        lw_v_q       <= 1'b0;       // the sweep may zero what lw_* holds
      end
      if (sweep_q && mc_sweep_done) sweep_q <= 1'b0;
      if (flush_pulse)
        flush_req_q <= 1'b1;
      else if (!mc_dirty && !mc_busy)
        flush_req_q <= 1'b0;
      // P0 -> P1
      if (pop) begin
        s1_v_q     <= 1'b1;
        s1_ev_q    <= d_ev;
        s1_mask_q  <= d_mask;
        s1_offs_q  <= d_offs;
        s1_sv_q    <= d_sv;
        s1_sl_q    <= d_sl;
        s1_sll_q   <= d_sll;
        s1_ls_q    <= d_ls;
        s1_pl_q    <= d_pl;
        s1_acc_q   <= d_acc;
        s1_bar_q   <= d_bar;
        s1_trk_q   <= d_trk;
        s1_intr_q  <= d_intr;
        s1_fence_q <= d_fence;
        s1_adr_q   <= d_adr;
        s1_tag_q   <= d_tag;
        s1_pcidx_q <= d_pcidx;
      end else if (adv12) begin
        s1_v_q <= 1'b0;
      end
      // P1 -> P2
      if (adv12) begin
        s2_v_q       <= 1'b1;
        s2_ev_q      <= s1_ev_q;
        s2_mask_q    <= s1_mask_q;
        s2_offs_q    <= s1_offs_q;
        s2_sv_q      <= s1_sv_q;
        s2_sl_q      <= s1_sl_q;
        s2_sll_q     <= s1_sll_q;
        s2_ls_q      <= s1_ls_q;
        s2_pl_q      <= s1_pl_q;
        s2_acc_q     <= s1_acc_q;
        s2_bar_q     <= s1_bar_q;
        s2_trk_q     <= s1_trk_q;
        s2_intr_q    <= s1_intr_q;
        s2_fence_q   <= s1_fence_q;
        s2_adr_q     <= s1_adr_q;
        s2_tag_q     <= s1_tag_q;
        s2_pcidx_q   <= s1_pcidx_q;
        s2_raw_q     <= s1_raw;
        s2_ffc_blk_q <= ffc_blk;
        s2_ffc_dev_q <= ffc_dev;
      end else if (s2_commit) begin
        s2_v_q <= 1'b0;
      end
      // P2 (or P3): the lanes to report, then one report after the other
      if (own_p2_q && rep_done)
        rp_q <= rp_rest;
      if (REPORT_STAGE == 0) begin
        if (s2_first && rp_first != {T{1'b0}}) begin
          s2_rep_q <= 1'b1;
          rp_q     <= rp_first;
        end
      end else if (p3_free) begin
        rp_q <= s2_v_q ? rp_first : {T{1'b0}};
      end
      // the writer's owner
      if (p2_go) own_p2_q <= 1'b1;
      if (sh_go) begin
        own_sh_q   <= 1'b1;
        own_core_q <= sh_pick;
      end
      if (rep_done) begin
        own_p2_q <= 1'b0;
        own_sh_q <= 1'b0;
      end
      // lw_eq2_q follows lw_adr_q and s2_adr_q: each takes a new value only
      // here (P2's write, P1 -> P2), from compares P1 makes anyway
      if (adv12)
        lw_eq2_q <= lw_wr ? s2_eq1 : lw_eq1;
      else if (lw_wr)
        lw_eq2_q <= 1'b1;
      if (s2_commit) begin
        s2_rep_q <= 1'b0;
        if (s2_trk_q) begin
          lw_v_q   <= 1'b1;
          lw_adr_q <= s2_adr_q;
          lw_sv_q  <= s2_sv_q;
          lw_raw_q <= c_new;
        end
      end
    end
  end

  // Accepted for the unit's interface; not needed standalone.
  wire unused = ^{rep_idle, s1_intr_q};

`ifndef SYNTHESIS
  // the forwarding bit against the compare it stands for
  always @(posedge clk_i)
    if (!rst_i && lw_v_q && s2_v_q && lw_eq2_q != (lw_adr_q == s2_adr_q))
      $display("scord_top: ERROR: lw_eq2_q %b, lw_adr_q %h, s2_adr_q %h",
               lw_eq2_q, lw_adr_q, s2_adr_q);
  // P0's compares and the PC index work at the memory's width (AW): what
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
