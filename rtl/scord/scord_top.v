// ScoRD race detector unit (docs/detector.md), standalone: event queue,
// fence file, detection, metadata accessor with sweep engine, report
// writer and registers, on one L2-channel master port.
//
// Events are processed one at a time in queue order (the semantics of §1),
// so no forwarding is needed. Cycles per event, from the cycle it is popped
// to the next pop, with an L2 that takes each request at once and answers a
// READ L cycles after accepting it (L = 2 for an L2 hit):
//   barrier, untracked access, ignored sync         2
//   fence                                          3
//   tracked access, entry unchanged                 6 + L
//   tracked access, entry written back              8 + L
//   + a report: record or count write              +3 (a drop: +2)
//   intrusion                                       5 (a drop: 4)
// The arming state is looked at when an event is processed: disarm only
// while idle_o (the driver does, after a grid), or queued events are lost.
//
// Kernel start (start_i): once the queue has drained, when armed, the
// counters, fence file and suppression table are cleared and the
// generation is stepped, or the metadata region swept (§5.4, §7.3).
// ready_o is low from start_i until that is done: the dispatcher holds the
// first block meanwhile.
`default_nettype none
`include "scord_defs.vh"

module scord_top #(
  parameter NUM_CORES   = `GPU_NUM_CORES,
  parameter NUM_WARPS   = `GPU_NUM_WARPS,
  parameter NUM_THREADS = `GPU_NUM_THREADS,
  parameter LINE_BYTES  = `GPU_LINE_BYTES,
  parameter MEM_BYTES   = `GPU_MEM_BYTES,
  parameter QUEUE_DEPTH = 8,
  // derived, do not override
  parameter LINE_BITS = LINE_BYTES * 8
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
  input  wire [127:0]          evt_data_i,
  // per core, per cycle: an instruction replayed for a full event FIFO
  input  wire [NUM_CORES-1:0]  stall_i,
  // ctl bus slave, 0x40-0x7F
  input  wire                  ctl_req_i,
  input  wire                  ctl_we_i,
  input  wire [7:0]            ctl_addr_i,
  input  wire [31:0]           ctl_wdata_i,
  output wire                  ctl_sel_o,
  output wire [31:0]           ctl_rdata_o,
  // L2 channel master
  output wire                  l2_req_valid_o,
  input  wire                  l2_req_ready_i,
  output wire [2:0]            l2_req_type_o,
  output wire [31:0]           l2_req_addr_o,
  output wire [LINE_BITS-1:0]  l2_req_wdata_o,
  output wire [LINE_BYTES-1:0] l2_req_wstrb_o,
  input  wire                  l2_rsp_valid_i,
  input  wire [LINE_BITS-1:0]  l2_rsp_data_i,
  // queue empty, nothing in flight, no start pending
  output wire                  idle_o,
  output wire                  armed_o      // cores send events only while armed
);
  // Lanes travel as 5-bit fields; the thread count only sizes the cores.
  localparam UNUSED_THREADS = NUM_THREADS;

  // ---------------------------------------------------------------------------
  // Registers
  wire        armed, arm_pulse, cache, need_sweep;
  assign armed_o = armed;
  wire [1:0]  gcode;
  wire [31:0] md_base, track_base, track_bytes, ring_base, ring_size, tail, head, drops;
  wire [31:0] cnt_accesses;
  wire [32:0] md_bytes;
  wire [4:0]  track_log2;
  wire [5:0]  gen;
  reg  [23:0] cnt_inc;
  reg         kstart, intrusion_set;
  wire        overflow_set, cnt_records, cnt_suppressed;
  wire        busy;

  scord_regs #(
    .NUM_CORES (NUM_CORES),
    .MEM_BYTES (MEM_BYTES)
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
    .cache_o         (cache),
    .gran_o          (gcode),
    .md_base_o       (md_base),
    .md_bytes_o      (md_bytes),
    .track_base_o    (track_base),
    .track_bytes_o   (track_bytes),
    .track_log2_o    (track_log2),
    .ring_base_o     (ring_base),
    .ring_size_o     (ring_size),
    .tail_o          (tail),
    .gen_o           (gen),
    .need_sweep_o    (need_sweep),
    .cnt_accesses_o  (cnt_accesses),
    .head_i          (head),
    .drops_i         (drops),
    .busy_i          (busy),
    .kstart_i        (kstart),
    .cnt_inc_i       (cnt_inc),
    .stall_i         (stall_i),
    .overflow_set_i  (overflow_set),
    .intrusion_set_i (intrusion_set)
  );

  // ---------------------------------------------------------------------------
  // Event queue
  wire         q_valid, q_empty;
  reg          q_pop;
  wire [127:0] q_data;

  scord_evq #(
    .DEPTH (QUEUE_DEPTH),
    .WIDTH (128)
  ) u_evq (
    .clk_i       (clk_i),
    .rst_i       (rst_i),
    .in_valid_i  (evt_valid_i),
    .in_ready_o  (evt_ready_o),
    .in_data_i   (evt_data_i),
    .out_valid_o (q_valid),
    .out_pop_i   (q_pop),
    .out_data_o  (q_data),
    .empty_o     (q_empty)
  );

  // ---------------------------------------------------------------------------
  // Current event (§3.1), normalised (§3.2)
  reg  [127:0] cur_q;
  wire [31:0]  ev_pc      = cur_q[31:0];
  wire [31:0]  ev_addr    = cur_q[63:32];
  wire [15:0]  ev_bloom   = cur_q[79:64];
  wire [7:0]   ev_barrier = cur_q[87:80];
  wire [7:0]   ev_core    = cur_q[95:88];
  wire [15:0]  ev_block   = cur_q[111:96];
  wire [4:0]   ev_warp    = cur_q[116:112];
  wire [4:0]   ev_lane    = cur_q[121:117];
  wire [1:0]   ev_kind    = cur_q[123:122];
  wire         ev_is_ld   = (ev_kind == `DET_EV_LOAD);
  wire         ev_is_st   = (ev_kind == `DET_EV_STORE);
  wire         ev_is_at   = (ev_kind == `DET_EV_ATOMIC);
  wire         ev_is_sync = (ev_kind == `DET_EV_SYNC);
  wire         ev_scope   = cur_q[124] && !(ev_is_ld || ev_is_st);
  wire         ev_strong  = cur_q[125] || ev_is_at;
  wire [1:0]   ev_size    = cur_q[127:126];
  wire [6:0]   ev_b7      = ev_block[6:0];

  // ---------------------------------------------------------------------------
  // Address decode (§6.2 A1-A3, §5.2)
  wire [37:0] a38       = {6'd0, ev_addr};
  wire [37:0] md_lo     = {6'd0, md_base};
  wire [37:0] ring_lo   = {6'd0, ring_base};
  wire [37:0] tr_lo     = {6'd0, track_base};
  wire        in_md     = (a38 >= md_lo) && (a38 < md_lo + {5'd0, md_bytes});
  wire        in_ring   = (a38 >= ring_lo) && (a38 < ring_lo + {1'b0, ring_size, 5'd0});
  wire        intrusion = !ev_is_ld && (in_md || in_ring);
  wire        tracked   = (a38 >= tr_lo) && (a38 < tr_lo + {6'd0, track_bytes});

  wire [2:0]  glog2     = 3'd2 + {1'b0, gcode};
  wire [31:0] toff      = ev_addr - track_base;
  // cache mode: index = granule mod N = (offset mod TRACK_BYTES/16) >> G,
  // tag = granule / N = offset >> log2(TRACK_BYTES/16)
  wire [31:0] sub_mask  = (track_bytes >> 4) - 32'd1;
  wire [31:0] index     = (cache ? (toff & sub_mask) : toff) >> glog2;
  wire [4:0]  tag_sh    = track_log2 - 5'd4;
  wire [31:0] tag_full  = toff >> tag_sh;
  wire [3:0]  tag       = cache ? tag_full[3:0] : 4'd0;
  wire [31:0] entry_adr = md_base + {index[28:0], 3'b000};
  // In a valid configuration index < 2^29 and the tag fits 4 bits.
  wire unused_idx = ^{index[31:29], tag_full[31:4]};

  // ---------------------------------------------------------------------------
  // Fence file
  localparam [2:0] S_IDLE = 3'd0, S_DEC = 3'd1, S_FENCE = 3'd2, S_MDRD = 3'd3,
                   S_FFP = 3'd4, S_CHK = 3'd5, S_REP = 3'd6, S_MDWR = 3'd7;
  reg  [2:0]  state_q;
  reg         sweep_q;              // sweeping (state S_IDLE meanwhile)
  reg  [63:0] raw_q;
  reg  [5:0]  ffc_blk_q, ffc_dev_q;
  reg  [3:0]  tag_q;
  reg  [31:0] eadr_q;
  reg         trk_q;                // the report is of a tracked access
  reg  [2:0]  rtype_q;
  reg         start_pend_q;

  wire        ff_busy;
  wire [5:0]  ff_rd_blk, ff_rd_dev;
  reg         ff_wr;
  localparam integer F_BLOCK = {24'd0, `DET_MD_BLOCK_LSB};
  localparam integer F_WARP = {24'd0, `DET_MD_WARP_LSB};
  wire        in_ffp = (state_q == S_FFP);
  wire [6:0]  md_block_raw = raw_q[F_BLOCK +: 7];
  wire [4:0]  md_warp_raw  = raw_q[F_WARP +: 5];

  scord_fence_file #(
    .NUM_WARPS (NUM_WARPS)
  ) u_ff (
    .clk_i      (clk_i),
    .rst_i      (rst_i),
    .clear_i    (kstart),
    .busy_o     (ff_busy),
    .rd_block_i (in_ffp ? md_block_raw : ev_b7),
    .rd_warp_i  (in_ffp ? md_warp_raw : ev_warp),
    .rd_blk_o   (ff_rd_blk),
    .rd_dev_o   (ff_rd_dev),
    .wr_en_i    (ff_wr),
    .wr_block_i (ev_b7),
    .wr_warp_i  (ev_warp),
    .wr_blk_i   (ff_rd_blk + {5'd0, !ev_scope}),
    .wr_dev_i   (ff_rd_dev + {5'd0, ev_scope})
  );

  // ---------------------------------------------------------------------------
  // Detection (combinational on raw_q, cur_q and the fence file)
  wire        c_tagmis, c_prelim, c_devrace, c_changed;
  wire [2:0]  c_race;
  wire [6:0]  c_md_block;
  wire [4:0]  c_md_warp;
  wire        c_md_mod, c_md_atom, c_md_scope, c_md_strong;
  wire [63:0] c_new;

  scord_check u_check (
    .raw_i          (raw_q),
    .gen_i          (gen),
    .cache_i        (cache),
    .tag_i          (tag_q),
    .kind_i         (ev_kind),
    .scope_i        (ev_scope),
    .strong_i       (ev_strong),
    .block_i        (ev_b7),
    .warp_i         (ev_warp),
    .barrier_i      (ev_barrier),
    .bloom_i        (ev_bloom),
    .ffp_blk_i      (ff_rd_blk),
    .ffp_dev_i      (ff_rd_dev),
    .ffc_blk_i      (ffc_blk_q),
    .ffc_dev_i      (ffc_dev_q),
    .tag_mismatch_o (c_tagmis),
    .prelim_o       (c_prelim),
    .race_o         (c_race),
    .devrace_o      (c_devrace),
    .md_block_o     (c_md_block),
    .md_warp_o      (c_md_warp),
    .md_modified_o  (c_md_mod),
    .md_atom_o      (c_md_atom),
    .md_scope_o     (c_md_scope),
    .md_strong_o    (c_md_strong),
    .new_raw_o      (c_new),
    .changed_o      (c_changed)
  );

  // ---------------------------------------------------------------------------
  // Metadata accessor and sweep engine
  reg                   md_rd, md_wr, md_sweep;
  wire                  md_idle, md_done;
  wire [63:0]           md_rdata;
  wire                  md_l2_valid;
  wire [2:0]            md_l2_type;
  wire [31:0]           md_l2_addr;
  wire [LINE_BITS-1:0]  md_l2_wdata;
  wire [LINE_BYTES-1:0] md_l2_wstrb;

  scord_md_access #(
    .LINE_BYTES (LINE_BYTES)
  ) u_md (
    .clk_i          (clk_i),
    .rst_i          (rst_i),
    .rd_i           (md_rd),
    .wr_i           (md_wr),
    .addr_i         (md_wr ? eadr_q : entry_adr),
    .wdata_i        (c_new),
    .sweep_i        (md_sweep),
    .sweep_base_i   (md_base),
    .sweep_bytes_i  (md_bytes),
    .idle_o         (md_idle),
    .done_o         (md_done),
    .rdata_o        (md_rdata),
    .l2_req_valid_o (md_l2_valid),
    .l2_req_ready_i (l2_req_ready_i),
    .l2_req_type_o  (md_l2_type),
    .l2_req_addr_o  (md_l2_addr),
    .l2_req_wdata_o (md_l2_wdata),
    .l2_req_wstrb_o (md_l2_wstrb),
    .l2_rsp_valid_i (l2_rsp_valid_i),
    .l2_rsp_data_i  (l2_rsp_data_i)
  );

  // ---------------------------------------------------------------------------
  // Report writer
  reg                   rep_req;
  wire                  rep_idle, rep_done;
  wire                  rep_l2_valid;
  wire [31:0]           rep_l2_addr;
  wire [LINE_BITS-1:0]  rep_l2_wdata;
  wire [LINE_BYTES-1:0] rep_l2_wstrb;

  scord_report #(
    .LINE_BYTES (LINE_BYTES),
    .MEM_BYTES  (MEM_BYTES)
  ) u_rep (
    .clk_i               (clk_i),
    .rst_i               (rst_i),
    .clear_i             (kstart),
    .arm_i               (arm_pulse),
    .ring_base_i         (ring_base),
    .ring_size_i         (ring_size),
    .tail_i              (tail),
    .head_o              (head),
    .drops_o             (drops),
    .req_i               (rep_req),
    .rec_type_i          (rtype_q),
    .rec_devrace_i       (trk_q && c_devrace),
    .rec_kind_i          (ev_kind),
    .rec_strong_i        (ev_strong),
    .rec_scope_i         (ev_scope),
    .rec_size_i          (ev_size),
    .rec_prev_modified_i (trk_q && c_md_mod),
    .rec_prev_atom_i     (trk_q && c_md_atom),
    .rec_prev_scope_i    (trk_q && c_md_scope),
    .rec_prev_strong_i   (trk_q && c_md_strong),
    .rec_pc_i            (ev_pc),
    .rec_addr_i          (ev_addr),
    .rec_block_i         (ev_block),
    .rec_core_i          (ev_core),
    .rec_warp_i          (ev_warp),
    .rec_lane_i          (ev_lane),
    .rec_prev_block_i    (trk_q ? c_md_block : 7'd0),
    .rec_prev_warp_i     (trk_q ? c_md_warp : 5'd0),
    .rec_seq_i           (cnt_accesses),
    .idle_o              (rep_idle),
    .done_o              (rep_done),
    .cnt_records_o       (cnt_records),
    .cnt_suppressed_o    (cnt_suppressed),
    .overflow_o          (overflow_set),
    .l2_req_valid_o      (rep_l2_valid),
    .l2_req_ready_i      (l2_req_ready_i),
    .l2_req_addr_o       (rep_l2_addr),
    .l2_req_wdata_o      (rep_l2_wdata),
    .l2_req_wstrb_o      (rep_l2_wstrb)
  );

  // One of the two is active at a time (one event at a time).
  localparam [2:0] T_WRITE = `L2_WRITE;
  assign l2_req_valid_o = md_l2_valid || rep_l2_valid;
  assign l2_req_type_o  = md_l2_valid ? md_l2_type  : T_WRITE;
  assign l2_req_addr_o  = md_l2_valid ? md_l2_addr  : rep_l2_addr;
  assign l2_req_wdata_o = md_l2_valid ? md_l2_wdata : rep_l2_wdata;
  assign l2_req_wstrb_o = md_l2_valid ? md_l2_wstrb : rep_l2_wstrb;

  // ---------------------------------------------------------------------------
  // Control
  localparam K_ACC  = `DET_CNT_ACCESSES;
  localparam K_PRE  = `DET_CNT_PRELIM_PASS;
  localparam K_MDR  = `DET_CNT_MD_READS;
  localparam K_MDW  = `DET_CNT_MD_WRITES;
  localparam K_TAG  = `DET_CNT_TAG_MISMATCH;
  localparam K_UNT  = `DET_CNT_UNTRACKED;
  localparam K_FEN  = `DET_CNT_FENCES;
  localparam K_BAR  = `DET_CNT_BARRIERS;
  localparam K_REC  = `DET_CNT_RECORDS;
  localparam K_SUP  = `DET_CNT_SUPPRESSED;
  localparam K_RACE = `DET_CNT_RACE_BASE;
  localparam [7:0] RT_INTR = `DET_RACE_INTRUSION;
  localparam [1:0] SYNC_FENCE = `DET_SYNC_FENCE;
  localparam [1:0] SYNC_BAR   = `DET_SYNC_BARRIER;

  wire fsm_idle = (state_q == S_IDLE) && !sweep_q;
  assign idle_o     = fsm_idle && q_empty && !start_pend_q && !ff_busy;
  assign busy       = !idle_o;
  assign ready_o    = !start_pend_q && !sweep_q && !ff_busy;
  assign sweeping_o = sweep_q;

  always @* begin
    cnt_inc       = 24'd0;
    q_pop         = 1'b0;
    kstart        = 1'b0;
    intrusion_set = 1'b0;
    ff_wr         = 1'b0;
    md_rd         = 1'b0;
    md_wr         = 1'b0;
    md_sweep      = 1'b0;
    rep_req       = 1'b0;
    cnt_inc[K_REC] = cnt_records;
    cnt_inc[K_SUP] = cnt_suppressed;
    case (state_q)
      S_IDLE: if (!sweep_q && !ff_busy) begin
        if (start_pend_q && !q_valid) begin
          kstart   = armed;
          md_sweep = armed && need_sweep;
        end else if (q_valid) begin
          q_pop = 1'b1;
        end
      end
      S_DEC: if (armed) begin
        if (ev_is_sync) begin
          cnt_inc[K_BAR] = (ev_size == SYNC_BAR);
        end else begin
          cnt_inc[K_ACC] = 1'b1;
          if (intrusion) begin
            intrusion_set = 1'b1;
            cnt_inc[K_RACE + 7] = 1'b1;
            rep_req = 1'b1;
          end else if (!tracked) begin
            cnt_inc[K_UNT] = 1'b1;
          end else begin
            cnt_inc[K_MDR] = 1'b1;
            md_rd = 1'b1;
          end
        end
      end
      S_FENCE: begin
        ff_wr = 1'b1;
        cnt_inc[K_FEN] = 1'b1;
      end
      S_CHK: begin
        cnt_inc[K_TAG] = c_tagmis;
        cnt_inc[K_PRE] = c_prelim;
        if (!c_prelim && c_race != 3'd0) begin
          cnt_inc[K_RACE + {2'd0, c_race}] = 1'b1;
          rep_req = 1'b1;
        end else if (c_changed) begin
          md_wr = 1'b1;
        end
      end
      S_REP: if (rep_done && trk_q && c_changed) md_wr = 1'b1;
      S_MDWR: cnt_inc[K_MDW] = md_done;
      default: ;
    endcase
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      state_q      <= S_IDLE;
      sweep_q      <= 1'b0;
      start_pend_q <= 1'b0;
    end else begin
      if (start_i) start_pend_q <= 1'b1;
      case (state_q)
        S_IDLE: begin
          if (sweep_q) begin
            if (md_done) sweep_q <= 1'b0;
          end else if (!ff_busy) begin
            if (start_pend_q && !q_valid) begin
              start_pend_q <= start_i;
              sweep_q      <= md_sweep;
            end else if (q_valid) begin
              cur_q   <= q_data;
              state_q <= S_DEC;
            end
          end
        end
        S_DEC: begin
          state_q <= S_IDLE;
          if (armed) begin
            if (ev_is_sync) begin
              if (ev_size == SYNC_FENCE) state_q <= S_FENCE;
            end else if (intrusion) begin
              trk_q   <= 1'b0;
              rtype_q <= RT_INTR[2:0];
              state_q <= S_REP;
            end else if (tracked) begin
              trk_q   <= 1'b1;
              tag_q   <= tag;
              eadr_q  <= entry_adr;
              state_q <= S_MDRD;
            end
          end
        end
        S_FENCE: state_q <= S_IDLE;
        S_MDRD: begin
          // the fence file answers FF[B][W] from the cycle after S_DEC on
          ffc_blk_q <= ff_rd_blk;
          ffc_dev_q <= ff_rd_dev;
          if (md_done) begin
            raw_q   <= md_rdata;
            state_q <= S_FFP;
          end
        end
        S_FFP: state_q <= S_CHK;
        S_CHK: begin
          if (!c_prelim && c_race != 3'd0) begin
            rtype_q <= c_race;
            state_q <= S_REP;
          end else if (c_changed) begin
            state_q <= S_MDWR;
          end else begin
            state_q <= S_IDLE;
          end
        end
        S_REP: if (rep_done) state_q <= (trk_q && c_changed) ? S_MDWR : S_IDLE;
        default: if (md_done) state_q <= S_IDLE;  // S_MDWR
      endcase
    end
  end

  // Accepted for the unit's interface; not needed standalone.
  wire unused = ^{UNUSED_THREADS[0], md_idle, rep_idle};
endmodule
`default_nettype wire
