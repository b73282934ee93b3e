// P1 and P2 of the detector's pipeline (scord_top): the metadata lookup
// and the checks. P1 holds the decoded pass while the metadata cache's
// banks (scord_md_banks) answer for each of its entries, hit or miss, and
// reads the fence file for each entry's previous accessor; P2 makes one
// check per slot (scord_check) on the entries as read, and writes the
// changed entries back as it lets go (s2_commit_i, decided with the
// reports). Forwarding: P1 takes entries P2 wrote the cycle before from
// lw_*, and P2 those written while it sat in P1; the previous accessor's
// fence-file read in P1 takes BLOCK/WARP from P2's event when P2 holds
// the same entry. A fence stops the queue until it has left P2 (its
// fence-file write must be seen by every later read). P2 also keeps which
// granules of its line the current line event's passes have updated: a
// lane on such a granule adds its bytes to the entry's (§5.3).
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module scord_pipe #(
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter LINE_BYTES  = 32,
    parameter MEM_BYTES   = 16777216,
    parameter MD_LINES    = 256,
    parameter PASS_SLOTS  = 8,
    parameter MD_FRESH    = 0,
    parameter WRITE_STAGE = 0,
    // derived, do not override
    parameter T         = NUM_THREADS,
    parameter LW        = (T > 1) ? $clog2(T) : 1,
    parameter LB        = `DET_LINE_LB(NUM_THREADS),   // a lane's value class
    parameter OFF_W     = $clog2(LINE_BYTES),
    parameter AW        = (MEM_BYTES > 1) ? $clog2(MEM_BYTES) : 1,
    parameter S         = PASS_SLOTS,
    parameter SW        = (S > 1) ? $clog2(S) : 1,
    parameter EPL       = LINE_BYTES / 32'(`DET_MD_ENTRY_BYTES),
    parameter EW        = (EPL > 1) ? $clog2(EPL) : 1,
    parameter NB        = (S > EPL) ? S / EPL : 1,
    parameter BW        = (NB > 1) ? $clog2(NB) : 1,
    parameter PLW       = BW + EW,
    parameter IW        = $clog2(((S > 1) ? T : 1) + 1),   // a counter's step
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    // the configuration
    input  wire                 cache_i,
    input  wire [1:0]           gcode_i,
    input  wire [5:0]           gen_i,
    input  wire [31:0]          md_base_i,
    input  wire [32:0]          md_bytes_i,
    // the kernel's start, the metadata cache's engines (scord_top)
    input  wire                 kstart_i,       // clear the fence file, drop the cache's lines
    input  wire                 arm_i,          // a new arming: drop the cache's lines
    input  wire                 kgo_i,          // the start's work begins: forget lw_*
    input  wire                 sweep_i,        // sweep the metadata region
    input  wire                 sweeping_i,     // ... while it runs, nothing enters P1
    output wire                 sweep_done_o,
    input  wire                 flush_i,        // write every dirty line back
    output wire                 mc_busy_o,
    output wire                 mc_dirty_o,
    output wire                 ff_busy_o,
    // the decoded pass (scord_pass_decode)
    input  wire                 d_valid_i,
    output wire                 pop_o,          // it enters P1
    input  wire [159:0]         d_ev_i,
    input  wire [T-1:0]         d_mask_i,
    input  wire                 d_first_i,      // the first pass of its line event
    input  wire [T*OFF_W-1:0]   d_offs_i,
    input  wire [T-1:0]         d_stale_i,      // lanes whose load was a stale L1 read
    input  wire [T*LB-1:0]      d_cls_i,        // each lane's value class (stores)
    input  wire [S-1:0]         d_sv_i,
    input  wire [S*LW-1:0]      d_sl_i,
    input  wire [S*LW-1:0]      d_sll_i,
    input  wire [T*SW-1:0]      d_ls_i,
    input  wire [S*PLW-1:0]     d_pl_i,
    input  wire                 d_acc_i,
    input  wire                 d_bar_i,
    input  wire                 d_trk_i,
    input  wire                 d_intr_i,
    input  wire                 d_fence_i,
    input  wire [31:0]          d_adr_i,
    input  wire [5:0]           d_tag_i,
    input  wire [15:0]          d_pcidx_i,
    // P2 lets go (scord_reports); its first cycle's work (s2_act_i)
    input  wire                 s2_commit_i,
    input  wire                 s2_act_i,
    input  wire                 rp_idle_i,      // no reports held (a miss waits for them)
    input  wire                 sh_busy_i,      // the writer works on a core's report
    // P1 and P2
    output reg                  s1_v_o,
    output reg                  s2_v_o,
    output reg                  s2_acc_o,
    output reg                  s2_bar_o,
    output reg                  s2_trk_o,
    output reg                  s2_intr_o,
    output reg                  s2_fence_o,
    output reg  [T-1:0]         s2_mask_o,
    output reg  [T*OFF_W-1:0]   s2_offs_o,
    output reg  [T-1:0]         s2_stale_o,
    output reg  [S-1:0]         s2_sv_o,
    output reg  [S*LW-1:0]      s2_sl_o,
    output reg  [T*SW-1:0]      s2_ls_o,
    output reg  [IW-1:0]        n_lanes_o,      // P2's lanes
    // P2's event, normalised (§3.2)
    output wire [31:0]          ev_pc_o,
    output wire [31:0]          ev_addr_o,
    output wire [15:0]          ev_block_o,
    output wire [7:0]           ev_core_o,
    output wire [4:0]           ev_warp_o,
    output wire [1:0]           ev_kind_o,
    output wire                 ev_scope_o,
    output wire                 ev_strong_o,
    output wire [1:0]           ev_size_o,
    // P2's checks, one per slot
    output wire [S-1:0]         c_tagmis_o,
    output wire [S-1:0]         c_prelim_o,
    output wire [S*4-1:0]       c_race_o,
    output wire [S-1:0]         c_sat_o,
    output wire [S-1:0]         c_warn_o,       // the race is of severity warning
    output wire [S-1:0]         c_devrace_o,
    output wire [S-1:0]         c_changed_o,
    output wire [S*7-1:0]       c_md_block_o,
    output wire [S*5-1:0]       c_md_warp_o,
    output wire [S*5-1:0]       c_md_lane_o,
    output wire [S*16-1:0]      c_md_pcidx_o,
    output wire [S-1:0]         c_md_mod_o,
    output wire [S-1:0]         c_md_atom_o,
    output wire [S-1:0]         c_md_scope_o,
    output wire [S-1:0]         c_md_strong_o,
    // the metadata cache's L2 channel (gpu_l2_bus.vh)
    output wire                 l2_req_valid_o,
    input  wire                 l2_req_ready_i,
    output wire [REQ_W-1:0]     l2_req_o,
    input  wire                 l2_rsp_valid_i,
    input  wire [LINE_BITS-1:0] l2_rsp_data_i
);
    localparam integer MD_ENTRY_BYTES = 32'(`DET_MD_ENTRY_BYTES);
    localparam [1:0] EV_LOAD    = `DET_EV_LOAD;
    localparam [1:0] EV_STORE   = `DET_EV_STORE;
    localparam [1:0] EV_ATOMIC  = `DET_EV_ATOMIC;

    // ---- stage registers (the raw lead event; fields are cut where needed) ----
    reg                s1_acc_q, s1_bar_q, s1_trk_q, s1_intr_q, s1_fence_q;
    reg  [159:0]       s1_ev_q;
    reg  [T-1:0]       s1_mask_q;
    reg  [T*OFF_W-1:0] s1_offs_q;
    reg  [T-1:0]       s1_stale_q;
    reg  [31:0]        s1_adr_q;      // the pass's first entry
    reg  [5:0]         s1_tag_q;
    reg  [15:0]        s1_pcidx_q, s2_pcidx_q;
    reg                s1_first_q, s2_first_q;
    reg  [T*LB-1:0]    s1_cls_q, s2_cls_q;
    reg  [159:0]       s2_ev_q;
    reg  [31:0]        s2_adr_q;
    reg  [5:0]         s2_tag_q;
    reg  [S*128-1:0]   s2_raw_q;
    reg  [5:0]         s2_ffc_blk_q, s2_ffc_dev_q;
    reg  [15:0]        s2_ffc_acq_q;
    // The device-fence epoch E (§6.1): device fences since the kernel
    // started, stopping at its top. A fence steps it in P2 as it writes the
    // fence file, and nothing enters P1 while a fence is in P1 or P2, so
    // every access sees E as of its place in the queue.
    reg  [15:0]        epoch_q;
    localparam [15:0]  EPOCH_MAX = 16'(`DET_EPOCH_MAX);
    wire [15:0]        epoch_inc = (epoch_q == EPOCH_MAX) ? epoch_q : epoch_q + 16'd1;
    reg  [S-1:0]       s1_sv_q;
    reg  [S*LW-1:0]    s1_sl_q, s1_sll_q, s2_sll_q;
    reg  [T*SW-1:0]    s1_ls_q;
    reg  [S*PLW-1:0]   s1_pl_q, s2_pl_q;
    // the entries last written back by P2 (their new values, changed or not)
    reg                lw_v_q;
    reg  [31:0]        lw_adr_q;
    reg  [S-1:0]       lw_sv_q;
    reg  [S*128-1:0]   lw_raw_q;
    // lw_adr_q == s2_adr_q, kept as either changes: P2's forwarding then
    // starts at a flip-flop, not at a 32-bit compare in front of the checks
    // (the routed critical path with the detector once: s2_adr_q -> this
    // compare -> the check -> the metadata cache's write)
    reg                lw_eq2_q;

    wire [6:0]  s1_b7   = s1_ev_q[102:96];
    wire [4:0]  s1_warp = s1_ev_q[116:112];
    wire [6:0]  d_b7    = d_ev_i[102:96];
    wire [4:0]  d_warp  = d_ev_i[116:112];

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
    wire unused_ev = ^{s2_ev_q[159:136], s2_ev_q[121:117]};
    assign ev_pc_o     = ev_pc;
    assign ev_addr_o   = ev_addr;
    assign ev_block_o  = ev_block;
    assign ev_core_o   = ev_core;
    assign ev_warp_o   = ev_warp;
    assign ev_kind_o   = ev_kind;
    assign ev_scope_o  = ev_scope;
    assign ev_strong_o = ev_strong;
    assign ev_size_o   = ev_size;

    // P2's lanes
    integer nl;
    always @* begin
        n_lanes_o = {IW{1'b0}};
        for (nl = 0; nl < T; nl = nl + 1)
            n_lanes_o = n_lanes_o + IW'(s2_mask_o[nl]);
    end

    // ---- a pass's slots and their entries' places ----
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
    function [31:0] bank_line(input [31:0] base, input integer b);
        bank_line = {base[31:OFF_W] + ((NB > 1) ? {{(32-OFF_W-BW){1'b0}}, BW'(b) - base[OFF_W +: BW]}
                                                : {(32-OFF_W){1'b0}}),
                     {OFF_W{1'b0}}};
    endfunction

    // ---------------------------------------------------------------------------
    // Metadata cache, one bank per line of a pass (with the sweep engine)
    wire [NB-1:0]            mc_rvalid, mc_hit;
    wire                     mc_busy;
    wire [NB*LINE_BITS-1:0]  mc_rline;
    reg  [NB-1:0]            mc_fetch;
    reg  [NB-1:0]            mc_wr;
    reg  [NB*32-1:0]         mc_rd_addr, mc_wr_addr;
    reg  [NB*EPL-1:0]        mc_wr_mask;
    reg  [NB*LINE_BITS-1:0]  mc_wr_line;
    wire [NB-1:0]            mc_wr_pend;
    assign mc_busy_o = mc_busy;

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
        .flush_i        (flush_i),
        .inval_i        (kstart_i || arm_i),   // a new arming: lines of another layout
        .busy_o         (mc_busy),
        .dirty_o        (mc_dirty_o),
        .sweep_i        (sweep_i),
        .sweep_base_i   (md_base_i),
        .sweep_bytes_i  (md_bytes_i),
        .sweep_done_o   (sweep_done_o),
        .l2_req_valid_o (l2_req_valid_o),
        .l2_req_ready_i (l2_req_ready_i),
        .l2_req_o       (l2_req_o),
        .l2_rsp_valid_i (l2_rsp_valid_i),
        .l2_rsp_data_i  (l2_rsp_data_i)
    );

    // ---------------------------------------------------------------------------
    // Handshakes between the stages
    wire s2_free  = !s2_v_o || s2_commit_i;
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
    assign mc_wr_pend = (s2_v_o && s2_trk_o) ? banks_of(s2_sv_o, s2_pl_q) : {NB{1'b0}};
    // P1 is ready when its lookups hit (only tracked accesses look up).
    // Nothing enters P2 while the cache engines run: a report in P2 and a
    // flush would both want the L2 channel.
    wire s1_ready = !mc_busy && (!s1_trk_q || ((nb1 & ~(mc_rvalid & mc_hit)) == {NB{1'b0}}));
    wire adv12    = s1_v_o && s1_ready && s2_free;
    wire s1_free  = !s1_v_o || adv12;
    // A fence's fence file write must be seen by every later read: nothing
    // enters P1 while a fence is in P1 or P2 (fences are rare).
    wire fence_in = (s1_v_o && s1_fence_q) || (s2_v_o && s2_fence_o);
    wire ff_busy;
    wire pop      = d_valid_i && s1_free && !fence_in && !sweeping_i && !ff_busy;
    assign pop_o     = pop;
    assign ff_busy_o = ff_busy;
    // A held P1 looks its lines up again every cycle (a block RAM answers
    // the cycle after): the answer then includes every write until now.
    wire s1_hold  = s1_v_o && !adv12;
    wire [31:0] lk_base = s1_hold ? s1_adr_q : d_adr_i;
    integer rb;
    always @* begin
        for (rb = 0; rb < NB; rb = rb + 1)
            mc_rd_addr[rb*32 +: 32] = bank_line(lk_base, rb);
    end
    // a miss is fetched once P2 has nothing left to write
    integer fb;
    always @* begin
        for (fb = 0; fb < NB; fb = fb + 1)
            mc_fetch[fb] = s1_v_o && s1_trk_q && nb1[fb] && mc_rvalid[fb] && !mc_hit[fb] &&
                           !s2_v_o && rp_idle_i && !sh_busy_i;
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
    wire lw_wr  = s2_commit_i && s2_trk_o;
    integer fs;
    always @* begin
        for (fs = 0; fs < S; fs = fs + 1) begin
            s1_raw[fs*128 +: 128] =
                (lw_v_q && lw_eq1 && lw_sv_q[fs]) ? lw_raw_q[fs*128 +: 128]
              : entry_at(mc_rline, s1_pl_q, fs);
            if (s2_v_o && s2_trk_o && s2_eq1 && s2_sv_o[fs]) begin
                s1_pblk[fs*7 +: 7] = ev_b7;
                s1_pwrp[fs*5 +: 5] = ev_warp;
            end else begin
                s1_pblk[fs*7 +: 7] = s1_raw[fs*128 + F_BLOCK +: 7];
                s1_pwrp[fs*5 +: 5] = s1_raw[fs*128 + F_WARP +: 5];
            end
        end
    end
    // (apart from P1's: P2's entries come from registers only, and Verilator
    // would otherwise see a loop from P2's writes through P1's read data)
    integer fr;
    always @* begin
        for (fr = 0; fr < S; fr = fr + 1)
            raw[fr*128 +: 128] = (lw_v_q && lw_eq2_q && lw_sv_q[fr]) ? lw_raw_q[fr*128 +: 128]
                                                                      : s2_raw_q[fr*128 +: 128];
    end

    // ---------------------------------------------------------------------------
    // Fence file: port 1 FF[B][W] of the pass entering (or held in) P1, the
    // S ports 2 FF[md.BLOCK][md.WARP] of each entry of the pass entering P2.
    wire [5:0]     ffc_blk, ffc_dev;
    wire [15:0]    ffc_acq;
    wire [S*6-1:0] ffp_blk, ffp_dev;
    wire           ff_wr = s2_act_i && s2_fence_o;

    scord_fence_file #(
        .NUM_WARPS (NUM_WARPS),
        .NRD2      (S)
    ) u_ff (
        .clk_i       (clk_i),
        .rst_i       (rst_i),
        .clear_i     (kstart_i),
        .busy_o      (ff_busy),
        .rd_block_i  (s1_hold ? s1_b7 : d_b7),
        .rd_warp_i   (s1_hold ? s1_warp : d_warp),
        .rd_blk_o    (ffc_blk),
        .rd_dev_o    (ffc_dev),
        .rd_acq_o    (ffc_acq),
        .rd2_en_i    (adv12),
        .rd2_block_i (s1_pblk),
        .rd2_warp_i  (s1_pwrp),
        .rd2_blk_o   (ffp_blk),
        .rd2_dev_o   (ffp_dev),
        .wr_en_i     (ff_wr),
        .wr_block_i  (ev_b7),
        .wr_warp_i   (ev_warp),
        .wr_blk_i    (s2_ffc_blk_q + {5'd0, !ev_scope}),
        .wr_dev_i    (s2_ffc_dev_q + {5'd0, ev_scope}),
        .wr_acq_en_i (ev_scope),
        .wr_acq_i    (epoch_inc)
    );
    always @(posedge clk_i)
        if (rst_i || kstart_i) epoch_q <= 16'd0;
        else if (ff_wr && ev_scope) epoch_q <= epoch_inc;

    // ---------------------------------------------------------------------------
    // The line event's granules (§5.3). Passes of one line event reach P2
    // one after the other, the first marked; ev_gr_q has a bit per granule
    // of the line (its offset >> (2 + gcode)) that a tracked pass of the
    // event has checked and written. A slot whose first lane's granule is
    // in it reads an entry one of the event's earlier lanes wrote (unless
    // the entry reads as fresh: another granule that aliases it in cache
    // mode was written in between), and the new entry then keeps the bytes
    // of both. Bits, not slots: where a pass is one lane (one slot, a
    // window not aligned to lines) every lane is slot 0.
    localparam integer NG  = LINE_BYTES / 4;
    localparam integer GIW = (NG > 1) ? $clog2(NG) : 1;
    reg  [NG-1:0] ev_gr_q;
    wire [NG-1:0] ev_gr = s2_first_q ? {NG{1'b0}} : ev_gr_q;
    function [GIW-1:0] gran_idx(input [OFF_W-1:0] off, input [1:0] gc);
        gran_idx = GIW'((off >> 2) >> gc);
    endfunction
    reg  [NG-1:0] pass_gr;       // the granules of P2's lanes
    integer pg;
    always @* begin
        pass_gr = {NG{1'b0}};
        for (pg = 0; pg < T; pg = pg + 1)
            if (s2_mask_o[pg]) pass_gr[gran_idx(s2_offs_o[pg*OFF_W +: OFF_W], gcode_i)] = 1'b1;
    end
    always @(posedge clk_i)
        if (rst_i) ev_gr_q <= {NG{1'b0}};
        else if (s2_v_o && s2_commit_i) ev_gr_q <= ev_gr | (s2_trk_o ? pass_gr : {NG{1'b0}});
    // ... and per granule the value class of the event's last lane there (the
    // lane the entry names), set as the pass's slots leave (a slot's lanes
    // are on one granule: its last lane's class)
    reg  [NG*LB-1:0] ev_cl_q;
    integer pc2;
    always @(posedge clk_i)
        if (s2_v_o && s2_commit_i)
            for (pc2 = 0; pc2 < S; pc2 = pc2 + 1)
                if (s2_sv_o[pc2])
                    ev_cl_q[32'(gran_idx(s2_offs_o[s2_sl_o[pc2*LW +: LW]*OFF_W +: OFF_W], gcode_i))*LB +: LB]
                        <= s2_cls_q[s2_sll_q[pc2*LW +: LW]*LB +: LB];

    // ---------------------------------------------------------------------------
    // Detection (combinational on P2), one check per slot
    wire [S*128-1:0] c_new;
    wire [S-1:0]     s2_fol_s;    // the slot has lanes following its first

    genvar gs;
    generate
        for (gs = 0; gs < S; gs = gs + 1) begin : g_check
            wire [LW-1:0]    lane  = s2_sl_o[gs*LW +: LW];
            wire [OFF_W-1:0] off   = s2_offs_o[lane*OFF_W +: OFF_W];
            wire [7:0]       bsh   = ev_bmask << off[1:0];
            wire [LW-1:0]    nlane = s2_sll_q[gs*LW +: LW];
            wire [OFF_W-1:0] noff  = s2_offs_o[nlane*OFF_W +: OFF_W];
            wire [7:0]       nbsh  = ev_bmask << noff[1:0];
            wire unused_b = ^{bsh[7:4], nbsh[7:4], noff[OFF_W-1:2]};
            assign s2_fol_s[gs] = s2_sv_o[gs] && (nlane != lane);
            // the bytes of every lane of the pass in this slot (one granule)
            reg  [3:0] ubytes;
            integer ub;
            always @* begin
                ubytes = 4'd0;
                for (ub = 0; ub < T; ub = ub + 1)
                    if (s2_mask_o[ub] && (S == 1 || 32'(s2_ls_o[ub*SW +: SW]) == gs))
                        ubytes = ubytes | 4'((ev_bmask << s2_offs_o[ub*OFF_W +: 2]) & 8'h0F);
            end
            scord_check u_check (
                .raw_i          (raw[gs*128 +: 128]),
                .gen_i          (gen_i),
                .cache_i        (cache_i),
                .tag_i          (s2_tag_q),
                .gran4_i        (gcode_i == 2'd0),
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
                .same_ev_i      (ev_gr[gran_idx(off, gcode_i)]),
                .ev_bytes_i     (ubytes),
                .same_val_i     (ev_cl_q[32'(gran_idx(off, gcode_i))*LB +: LB] == s2_cls_q[lane*LB +: LB]),
                .ffp_blk_i      (ffp_blk[gs*6 +: 6]),
                .ffp_dev_i      (ffp_dev[gs*6 +: 6]),
                .ffc_blk_i      (s2_ffc_blk_q),
                .ffc_dev_i      (s2_ffc_dev_q),
                .ffc_acq_i      (s2_ffc_acq_q),
                .epoch_i        (epoch_q),
                .tag_mismatch_o (c_tagmis_o[gs]),
                .prelim_o       (c_prelim_o[gs]),
                .race_o         (c_race_o[gs*4 +: 4]),
                .sat_o          (c_sat_o[gs]),
                .warn_o         (c_warn_o[gs]),
                .devrace_o      (c_devrace_o[gs]),
                .md_block_o     (c_md_block_o[gs*7 +: 7]),
                .md_warp_o      (c_md_warp_o[gs*5 +: 5]),
                .md_lane_o      (c_md_lane_o[gs*5 +: 5]),
                .md_pcidx_o     (c_md_pcidx_o[gs*16 +: 16]),
                .md_modified_o  (c_md_mod_o[gs]),
                .md_atom_o      (c_md_atom_o[gs]),
                .md_scope_o     (c_md_scope_o[gs]),
                .md_strong_o    (c_md_strong_o[gs]),
                .new_raw_o      (c_new[gs*128 +: 128]),
                .changed_o      (c_changed_o[gs])
            );
        end
    endgenerate

    // the slots' entry writes, by bank; each entry position of the lines
    // takes the slot placed there (the mask says whether it is written)
    integer wb, ws, wpi;
    always @* begin
        mc_wr      = {NB{1'b0}};
        mc_wr_mask = {(NB*EPL){1'b0}};
        for (wb = 0; wb < NB; wb = wb + 1)
            mc_wr_addr[wb*32 +: 32] = bank_line(s2_adr_q, wb);
        for (ws = 0; ws < S; ws = ws + 1)
            if (s2_commit_i && s2_trk_o && s2_sv_o[ws] && (c_changed_o[ws] || s2_fol_s[ws])) begin
                mc_wr[pl_bank(s2_pl_q, ws)] = 1'b1;
                mc_wr_mask[32'(pl_bank(s2_pl_q, ws))*EPL + 32'(s2_pl_q[ws*PLW +: EW])] = 1'b1;
            end
        // The lines only matter under a write's mask: don't-care otherwise,
        // which spares the cycle model the S x NB x EPL placement on the
        // cycles without a write-back.
        mc_wr_line = {(NB*LINE_BITS){1'bx}};
        wpi        = 0;      // assigned on every path: not a latch
        if (lw_wr)
            for (wpi = 0; wpi < NB * EPL; wpi = wpi + 1) begin
                mc_wr_line[wpi*128 +: 128] = c_new[127:0];
                for (ws = 1; ws < S; ws = ws + 1)
                    if (at_place(s2_pl_q, ws, wpi))
                        mc_wr_line[wpi*128 +: 128] = c_new[ws*128 +: 128];
            end
    end

    // ---------------------------------------------------------------------------
    // The stages move on
    always @(posedge clk_i) begin
        if (rst_i) begin
            s1_v_o <= 1'b0;
            s2_v_o <= 1'b0;
            lw_v_q <= 1'b0;
        end else begin
            if (kgo_i) lw_v_q <= 1'b0;       // the sweep may zero what lw_* holds
            // P0 -> P1
            if (pop) begin
                s1_v_o     <= 1'b1;
                s1_ev_q    <= d_ev_i;
                s1_mask_q  <= d_mask_i;
                s1_first_q <= d_first_i;
                s1_offs_q  <= d_offs_i;
                s1_stale_q <= d_stale_i;
                s1_cls_q   <= d_cls_i;
                s1_sv_q    <= d_sv_i;
                s1_sl_q    <= d_sl_i;
                s1_sll_q   <= d_sll_i;
                s1_ls_q    <= d_ls_i;
                s1_pl_q    <= d_pl_i;
                s1_acc_q   <= d_acc_i;
                s1_bar_q   <= d_bar_i;
                s1_trk_q   <= d_trk_i;
                s1_intr_q  <= d_intr_i;
                s1_fence_q <= d_fence_i;
                s1_adr_q   <= d_adr_i;
                s1_tag_q   <= d_tag_i;
                s1_pcidx_q <= d_pcidx_i;
            end else if (adv12) begin
                s1_v_o <= 1'b0;
            end
            // P1 -> P2
            if (adv12) begin
                s2_v_o       <= 1'b1;
                s2_ev_q      <= s1_ev_q;
                s2_mask_o    <= s1_mask_q;
                s2_first_q   <= s1_first_q;
                s2_offs_o    <= s1_offs_q;
                s2_stale_o   <= s1_stale_q;
                s2_cls_q     <= s1_cls_q;
                s2_sv_o      <= s1_sv_q;
                s2_sl_o      <= s1_sl_q;
                s2_sll_q     <= s1_sll_q;
                s2_ls_o      <= s1_ls_q;
                s2_pl_q      <= s1_pl_q;
                s2_acc_o     <= s1_acc_q;
                s2_bar_o     <= s1_bar_q;
                s2_trk_o     <= s1_trk_q;
                s2_intr_o    <= s1_intr_q;
                s2_fence_o   <= s1_fence_q;
                s2_adr_q     <= s1_adr_q;
                s2_tag_q     <= s1_tag_q;
                s2_pcidx_q   <= s1_pcidx_q;
                s2_raw_q     <= s1_raw;
                s2_ffc_blk_q <= ffc_blk;
                s2_ffc_dev_q <= ffc_dev;
                s2_ffc_acq_q <= ffc_acq;
            end else if (s2_commit_i) begin
                s2_v_o <= 1'b0;
            end
            // lw_eq2_q follows lw_adr_q and s2_adr_q: each takes a new value only
            // here (P2's write, P1 -> P2), from compares P1 makes anyway
            if (adv12)
                lw_eq2_q <= lw_wr ? s2_eq1 : lw_eq1;
            else if (lw_wr)
                lw_eq2_q <= 1'b1;
            if (s2_commit_i && s2_trk_o) begin
                lw_v_q   <= 1'b1;
                lw_adr_q <= s2_adr_q;
                lw_sv_q  <= s2_sv_o;
                lw_raw_q <= c_new;
            end
        end
    end

`ifndef SYNTHESIS
    // the forwarding bit against the compare it stands for
    always @(posedge clk_i)
        if (!rst_i && lw_v_q && s2_v_o && lw_eq2_q != (lw_adr_q == s2_adr_q))
            $display("scord_top: ERROR: lw_eq2_q %b, lw_adr_q %h, s2_adr_q %h",
                     lw_eq2_q, lw_adr_q, s2_adr_q);
`endif
endmodule
`default_nettype wire
