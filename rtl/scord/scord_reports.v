// The detector's reports (§8), one at a time through the report writer
// (scord_report): P2's, one per raced lane in lane order, and the cores'
// shared-memory reports (checked beside their banks, §6.4), P2's first.
// The writer takes a report's fields as it starts; P2 holds its pass and a
// core its report until the writer is done (a core's soft reset may clear
// it before: the record is written as taken, and shr_ready_o then pops
// nothing). P2 lets go (s2_commit_o) when its pass has no report left to
// make: without REPORT_STAGE its first cycle does everything but the
// reports, which hold P2 until the writer is done with the last; with it
// P2 does everything in the cycle it lets go into a free P3 (its
// reports and the report's view of the pass move there), and waits only
// while P3 has reports left.
`default_nettype none
`include "scord_defs.vh"
`include "scord_shr.vh"
`include "gpu_l2_bus.vh"

module scord_reports #(
    parameter NUM_CORES    = 4,
    parameter NUM_THREADS  = 8,
    parameter LINE_BYTES   = 32,
    parameter MEM_BYTES    = 16777216,
    parameter PASS_SLOTS   = 8,
    parameter REPORT_STAGE = 0,
    parameter SUPP_SEQ     = 0,
    // derived, do not override
    parameter T     = NUM_THREADS,
    parameter LW    = (T > 1) ? $clog2(T) : 1,
    parameter OFF_W = $clog2(LINE_BYTES),
    parameter S     = PASS_SLOTS,
    parameter SW    = (S > 1) ? $clog2(S) : 1,
    parameter IW    = $clog2(((S > 1) ? T : 1) + 1),   // a counter's step
    parameter SHR_W = `SHR_BITS,
    parameter REQ_W = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                       clk_i,
    input  wire                       rst_i,
    // the ring and its registers (scord_regs)
    input  wire                       kstart_i,       // a kernel starts: clear the table
    input  wire                       arm_i,
    input  wire [31:0]                ring_base_i,
    input  wire [31:0]                ring_size_i,
    input  wire [31:0]                tail_i,
    input  wire [31:0]                claim_i,
    output wire [31:0]                claim_o,
    output wire [31:0]                head_o,
    output wire [31:0]                drops_o,
    input  wire [31:0]                cnt_accesses_i, // the access count before P2's pass
    // P2's pass and its checks (scord_pipe)
    input  wire                       s2_v_i,
    input  wire                       s2_trk_i,
    input  wire                       s2_intr_i,
    input  wire [T-1:0]               s2_mask_i,
    input  wire [T*OFF_W-1:0]         s2_offs_i,
    input  wire [T-1:0]               s2_stale_i,     // lanes whose weak load was a stale L1 read
    input  wire [S*LW-1:0]            s2_sl_i,
    input  wire [T*SW-1:0]            s2_ls_i,
    input  wire [IW-1:0]              n_lanes_i,
    input  wire [31:0]                ev_pc_i,
    input  wire [31:0]                ev_addr_i,
    input  wire [15:0]                ev_block_i,
    input  wire [7:0]                 ev_core_i,
    input  wire [4:0]                 ev_warp_i,
    input  wire [1:0]                 ev_kind_i,
    input  wire                       ev_scope_i,
    input  wire                       ev_strong_i,
    input  wire [1:0]                 ev_size_i,
    input  wire [S-1:0]               c_prelim_i,
    input  wire [S*4-1:0]             c_race_i,
    input  wire [S-1:0]               c_warn_i,       // the race is of severity warning
    input  wire [S-1:0]               c_devrace_i,
    input  wire [S-1:0]               c_md_mod_i,
    input  wire [S-1:0]               c_md_atom_i,
    input  wire [S-1:0]               c_md_scope_i,
    input  wire [S-1:0]               c_md_strong_i,
    input  wire [S*16-1:0]            c_md_pcidx_i,
    input  wire [S*5-1:0]             c_md_lane_i,
    input  wire [S*7-1:0]             c_md_block_i,
    input  wire [S*5-1:0]             c_md_warp_i,
    output wire                       s2_commit_o,    // P2 lets go of its pass
    output wire                       s2_act_o,       // P2 does its pass's work (counters, fences)
    output wire                       rp_idle_o,      // no reports held
    // the cores' reports; a core's starts only while the metadata cache
    // leaves the L2 channel free and no kernel start is pending
    input  wire                       mc_busy_i,
    input  wire                       sweeping_i,
    input  wire                       start_pend_i,
    input  wire [NUM_CORES-1:0]       shr_valid_i,
    output reg  [NUM_CORES-1:0]       shr_ready_o,
    input  wire [NUM_CORES*SHR_W-1:0] shr_data_i,
    output wire                       sh_go_o,        // a core's report starts now,
    output wire [3:0]                 sh_type_o,      // ... of this race type
    output wire                       sh_busy_o,      // the writer works on a core's report
    output wire                       sh_owned_o,     // ... one it took before this cycle
    // the writer's counter pulses
    output wire                       cnt_records_o,
    output wire                       cnt_suppressed_o,
    output wire                       overflow_o,
    // its L2 channel (gpu_l2_bus.vh)
    output wire                       l2_req_valid_o,
    input  wire                       l2_req_ready_i,
    output wire [REQ_W-1:0]           l2_req_o
);
    localparam [1:0] EV_ATOMIC = `DET_EV_ATOMIC;
    localparam CW = (NUM_CORES > 1) ? $clog2(NUM_CORES) : 1;

    reg          s2_rep_q;  // P2 has made its reports' lanes (REPORT_STAGE = 0)
    reg  [T-1:0] rp_q;      // the lanes still to report
    wire         rep_done;  // the writer is done with a report

    // ---------------------------------------------------------------------------
    // P2's reports, one per raced lane in lane order: rp = the lanes still to
    // report, cur the lowest, rs its slot. A following lane never reports
    // (scord_pass_split): only a slot's first lane does.
    reg  [T-1:0] rp_first;
    integer      ti;
    always @* begin
        for (ti = 0; ti < T; ti = ti + 1)
            rp_first[ti] = s2_mask_i[ti] && s2_sl_i[s2_ls_i[ti*SW +: SW]*LW +: LW] == ti[LW-1:0] &&
                           (s2_intr_i || (s2_trk_i && !c_prelim_i[s2_ls_i[ti*SW +: SW]] &&
                                          c_race_i[s2_ls_i[ti*SW +: SW]*4 +: 4] != 4'd0));
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
                             T + T * OFF_W + T + T * SW + S * RV_SLOT + S;
    wire [31:0]    acc_after = cnt_accesses_i + ((REPORT_STAGE != 0) ? 32'(n_lanes_i) : 32'd0);
    wire [RVW-1:0] rv_now = {acc_after, ev_pc_i, ev_addr_i[31:OFF_W], ev_block_i, ev_core_i, ev_warp_i,
                             ev_kind_i, ev_scope_i, ev_strong_i, ev_size_i, s2_intr_i, s2_trk_i,
                             s2_mask_i, s2_offs_i, s2_stale_i, s2_ls_i, c_race_i, c_devrace_i, c_md_mod_i,
                             c_md_atom_i, c_md_scope_i, c_md_strong_i, c_md_pcidx_i, c_md_lane_i,
                             c_md_block_i, c_md_warp_i, c_warn_i};
    wire unused_ev_addr = ^ev_addr_i[OFF_W-1:0];   // (the lane's offset comes with it)
    wire [RVW-1:0] rv;
    wire           p3_free;     // P3 takes a pass this cycle (with reports or not)
    prim_stage_reg #(.W(RVW), .STAGE(REPORT_STAGE)) u_rv (
        .clk_i(clk_i), .rst_i(rst_i), .en_i(p3_free), .d_i(rv_now), .q_o(rv));
    wire [31:0]        rv_acc, rv_pc;
    wire [31-OFF_W:0]  rv_addr;   // the line's address
    wire [15:0]        rv_block;
    wire [7:0]         rv_core;
    wire [4:0]         rv_warp;
    wire [1:0]         rv_kind, rv_size;
    wire               rv_scope, rv_strong, rv_intr, rv_trk;
    wire [T-1:0]       rv_mask;
    wire [T*OFF_W-1:0] rv_offs;
    wire [T-1:0]       rv_stale;
    wire [T*SW-1:0]    rv_ls;
    wire [S*4-1:0]     rv_race;
    wire [S-1:0]       rv_devrace, rv_mod, rv_atom, rv_pscope, rv_pstrong;
    wire [S*16-1:0]    rv_pcidx;
    wire [S*5-1:0]     rv_plane, rv_pwarp;
    wire [S*7-1:0]     rv_pblock;
    wire [S-1:0]       rv_warn;
    assign {rv_acc, rv_pc, rv_addr, rv_block, rv_core, rv_warp, rv_kind, rv_scope, rv_strong,
            rv_size, rv_intr, rv_trk, rv_mask, rv_offs, rv_stale, rv_ls, rv_race, rv_devrace, rv_mod,
            rv_atom, rv_pscope, rv_pstrong, rv_pcidx, rv_plane, rv_pblock, rv_pwarp, rv_warn} = rv;

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
    integer       ta;
    always @* begin
        n_after = {IW{1'b0}};
        for (ta = 0; ta < T; ta = ta + 1)
            if (ta > cur) n_after = n_after + IW'(rv_mask[ta]);
    end

    // ---------------------------------------------------------------------------
    // The writer's owner: P2 (P3) or a core (the lowest with a report)
    wire                  rep_idle;
    wire                  trk_q = rv_trk;
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
    assign sh_type_o = shr[3:0];

    localparam [7:0] RT_INTR = `DET_RACE_INTRUSION;
    wire [3:0]  r_type   = rv_intr ? RT_INTR[3:0] : rv_race[rs*4 +: 4];
    wire [15:0] r_pcidx  = rv_pcidx[rs*16 +: 16];

    // P2: the first cycle does everything but the reports, which hold P2
    // until the writer is done with the last; the entries are written when
    // P2 lets go. With the report stage P2 does everything in the cycle it
    // lets go into a free P3 (s2_act), reports or not, and P3 holds the
    // reports: P2 waits only while P3 has reports left.
    wire s2_first = s2_v_i && !s2_rep_q;
    wire p3_last  = own_p2_q && rep_done && rp_rest == {T{1'b0}};
    assign p3_free = (rp_q == {T{1'b0}}) || p3_last;
    wire s2_commit = (REPORT_STAGE != 0) ? s2_v_i && p3_free
                                         : s2_v_i && ((rp == {T{1'b0}}) || p3_last);
    assign s2_commit_o = s2_commit;
    assign s2_act_o    = (REPORT_STAGE != 0) ? s2_commit : s2_first;
    assign rp_idle_o   = (rp_q == {T{1'b0}});
    // The writer: P2's reports first, else a core's (lowest core first).
    wire wr_free  = rep_idle && !own_p2_q && !own_sh_q;
    wire p2_want  = (s2_v_i || REPORT_STAGE != 0) && (rp != {T{1'b0}}) && !own_p2_q;
    wire p2_go    = p2_want && wr_free;
    // A core's report writes while P2 may be empty, when the metadata cache
    // may want the same L2 channel (a fetch, a flush, a sweep): the two take
    // turns, the cache's traffic waiting for the report and vice versa.
    assign sh_go  = !p2_want && wr_free && sh_pick_ok && !mc_busy_i && !sweeping_i && !start_pend_i;
    assign sh_go_o    = sh_go;
    assign sh_busy_o  = own_sh_q || sh_go;
    assign sh_owned_o = own_sh_q;
    always @* begin
        shr_ready_o = {NUM_CORES{1'b0}};
        if (own_sh_q && rep_done) shr_ready_o[own_core_q] = 1'b1;
    end

    scord_report #(
        .LINE_BYTES (LINE_BYTES),
        .SUPP_SEQ   (SUPP_SEQ),
        .MEM_BYTES  (MEM_BYTES)
    ) u_rep (
        .clk_i               (clk_i),
        .rst_i               (rst_i),
        .clear_i             (kstart_i),
        .arm_i               (arm_i),
        .ring_base_i         (ring_base_i),
        .ring_size_i         (ring_size_i),
        .tail_i              (tail_i),
        .claim_i             (claim_i),
        .claim_o             (claim_o),
        .head_o              (head_o),
        .drops_o             (drops_o),
        .req_i               (p2_go || sh_go),
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
        .rec_stale_i         (!sh_sel && rv_stale[cur]),
        .rec_warn_i          (!sh_sel && trk_q && !rv_intr && rv_warn[rs]),
        .rec_prev_block_i    (sh_sel ? shr_block[6:0] : (trk_q ? rv_pblock[rs*7 +: 7] : 7'd0)),
        .rec_prev_warp_i     (sh_sel ? shr[`SHR_PREV_WARP] : (trk_q ? rv_pwarp[rs*5 +: 5] : 5'd0)),
        .rec_seq_i           (sh_sel ? cnt_accesses_i : rv_acc - 32'(n_after)),
        .idle_o              (rep_idle),
        .done_o              (rep_done),
        .cnt_records_o       (cnt_records_o),
        .cnt_suppressed_o    (cnt_suppressed_o),
        .overflow_o          (overflow_o),
        .l2_req_valid_o      (l2_req_valid_o),
        .l2_req_ready_i      (l2_req_ready_i),
        .l2_req_o            (l2_req_o)
    );

    always @(posedge clk_i) begin
        if (rst_i) begin
            s2_rep_q <= 1'b0;
            rp_q     <= {T{1'b0}};
            own_p2_q <= 1'b0;
            own_sh_q <= 1'b0;
        end else begin
            // P2 (or P3): the lanes to report, then one report after the other
            if (own_p2_q && rep_done)
                rp_q <= rp_rest;
            if (REPORT_STAGE == 0) begin
                if (s2_first && rp_first != {T{1'b0}}) begin
                    s2_rep_q <= 1'b1;
                    rp_q     <= rp_first;
                end
            end else if (p3_free) begin
                rp_q <= s2_v_i ? rp_first : {T{1'b0}};
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
            if (s2_commit) s2_rep_q <= 1'b0;
        end
    end
endmodule
`default_nettype wire
