// Shared-memory race checks of one core (docs/detector.md §6.4), beside
// its banks: every shared word has a shadow entry (its last write, its
// first read since, scord_sh_rule.v) in a shadow RAM per bank, read in
// step with the bank in gpu_smem's A stage and checked and written back as
// the pass completes in R. So every lane of a warp access is checked in
// the pass that serves it; correct code loses no cycle (hold_o rises only
// while a report waits or the shadow is swept).
//
// Identities inside a core are (warp slot, lane); the block is implicit,
// as each block slot has its own epoch (scord_sh_clocks.v). An access's
// epoch and its warp's counts are taken when it issues and travel with it
// through gpu_smem in the tag this module packs (tag_o, back as sh_tag_i).
//
// A pass with races gives at most one report per race type (SHARED:
// the previous access is another warp's; SHARED_WARP: another lane of the
// same warp's); the lowest bank with that type names the two accesses.
// Reports wait in a short queue for the detector's report writer
// (scord_top, shr_*), which counts and records them like its own.
`default_nettype none
`include "scord_defs.vh"
`include "scord_shr.vh"

module scord_sh_check #(
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter SMEM_BYTES  = 16384,
    // 1: two stages after R (the FPGA configurations, with the cores'
    // stage H): C, the rules' checks from the shadow words as read and the
    // pass's fields registered (R keeps the write-back), and P, the
    // rules' results registered before a pass's reports are picked and
    // queued; a shared-memory report two cycles later, a deeper queue
    // and a hold from registers alone
    parameter REP_STAGE   = 0,
    // the PCs' width: an instruction that ran lies in device memory, so
    // clog2(MEM_BYTES) bits carry its PC in the tag and the PC index
    parameter PC_W        = 32,
    // derived, do not override
    parameter T      = NUM_THREADS,
    parameter WW     = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter LB     = (NUM_THREADS > 1) ? $clog2(NUM_THREADS) : 1,
    parameter SAW    = $clog2(SMEM_BYTES),
    parameter DEPTH  = SMEM_BYTES / (4 * NUM_THREADS),
    parameter RW     = (DEPTH > 1) ? $clog2(DEPTH) : 1,
    parameter TAG_W  = `SH_TAG_BITS(PC_W, SAW),
    parameter SHR_W  = `SHR_BITS
) (
    input  wire                    clk_i,
    input  wire                    rst_i,         // any reset of the core
    input  wire                    por_i,         // power-on reset only
    input  wire                    armed_i,
    input  wire [31:0]             pc_base_i,     // DET_PC_BASE
    // the core's clocks (scord_sh_clocks)
    input  wire [NUM_WARPS*8-1:0]  ws_i,
    input  wire [NUM_WARPS*6-1:0]  fc_i,
    input  wire [NUM_WARPS-1:0]    fpend_i,       // a fence not yet counted (gpu_core)
    input  wire [NUM_WARPS*8-1:0]  ep_i,
    input  wire                    gen_i,
    input  wire                    wrap_i,
    input  wire [NUM_WARPS*5-1:0]  wib_i,         // every warp slot's warp index in its block
    // an access as it issues: its tag for gpu_smem
    input  wire [31:0]             acc_pc_i,
    input  wire [WW-1:0]           acc_warp_i,    // warp slot
    input  wire [WW-1:0]           acc_bslot_i,   // its block slot
    input  wire [15:0]             acc_block_i,   // block id, low 16 bits
    input  wire [SAW-1:0]          acc_base_i,    // the block's slice base
    output wire [TAG_W-1:0]        tag_o,
    // gpu_smem's passes
    input  wire                    rd_i,
    input  wire [T-1:0]            rd_banks_i,
    input  wire [T*RW-1:0]         rd_rows_i,
    input  wire                    busy_i,
    input  wire                    pass_i,
    input  wire [T-1:0]            lanes_i,
    input  wire [T-1:0]            banks_i,
    input  wire [T*RW-1:0]         rows_i,
    input  wire [T*LB-1:0]         lbank_i,
    input  wire [T*2-1:0]          boff_i,
    input  wire [1:0]              size_i,       // 3: amocas.d, a word in each of two banks
    input  wire [1:0]              kind_i,
    input  wire [WW-1:0]           warp_i,
    input  wire [TAG_W-1:0]        tag_i,
    output wire                    hold_o,
    // reports, to the detector's report writer
    output wire                    shr_valid_o,
    input  wire                    shr_ready_i,
    output reg  [SHR_W-1:0]        shr_data_o,
    output wire                    idle_o
);
    localparam TW = WW + LB;
    localparam EW = 80 + 2 * TW;          // shadow entry (scord_sh_rule.v)

    // ---- the tag: {gen, E, ws, fc, pc, block, warp in block, slice base}
    localparam G_BASE = 0;
    localparam G_WIB  = G_BASE + SAW;
    localparam G_BLK  = G_WIB + 5;
    localparam G_PC   = G_BLK + 16;
    localparam G_FC   = G_PC + PC_W;
    localparam G_WS   = G_FC + 6;
    localparam G_EP   = G_WS + 8;
    localparam G_GEN  = G_EP + 8;
    // The fields of the access's warp slot, as loops of compares: an index
    // like fc_i[w*6 +: 6] Yosys made a multiplication (on the FPGA a DSP
    // block and a carry chain; docs/fpga.md, Long paths).
    reg [5:0] acc_fc;
    reg [4:0] acc_wib;
    integer   aw;
    always @(*) begin
        acc_fc  = 6'd0;
        acc_wib = 5'd0;
        for (aw = 0; aw < NUM_WARPS; aw = aw + 1)
            if (acc_warp_i == WW'(aw)) begin
                acc_fc  = fc_i[aw*6 +: 6];
                acc_wib = wib_i[aw*5 +: 5];
            end
    end

    // (a PC's bits above PC_W are 0)
    wire unused_pc = ^acc_pc_i;

    // An access's own fence count includes a fence of its warp that is
    // counted as this access commits: the count its warp has from then on.
    assign tag_o = {gen_i, ep_i[acc_bslot_i*8 +: 8], ws_i[acc_warp_i*8 +: 8],
                    acc_fc + 6'(fpend_i[acc_warp_i]), acc_pc_i[PC_W-1:0], acc_block_i,
                    acc_wib, acc_base_i};

    wire          t_gen  = tag_i[G_GEN];
    wire [7:0]    t_ep   = tag_i[G_EP +: 8];
    wire [7:0]    t_ws   = tag_i[G_WS +: 8];
    wire [5:0]    t_fc   = tag_i[G_FC +: 6];
    wire [31:0]   t_pc   = 32'(tag_i[G_PC +: PC_W]);
    wire [15:0]   t_blk  = tag_i[G_BLK +: 16];
    wire [4:0]    t_wib  = tag_i[G_WIB +: 5];
    wire [SAW-1:0] t_base = tag_i[G_BASE +: SAW];

    // the instruction's PC index (as scord_top's for events)
    wire [15:0] pcidx;
    scord_pcidx #(.PW (PC_W)) u_pcidx (.pc_i (t_pc), .base_i (pc_base_i), .pcidx_o (pcidx));

    // The fence counts the rule sees: the others' now, its own warp's as
    // it was when the access issued.
    reg [NUM_WARPS*6-1:0] fc_eff;
    integer fw;
    always @(*)
        for (fw = 0; fw < NUM_WARPS; fw = fw + 1)
            fc_eff[fw*6 +: 6] = (warp_i == WW'(fw)) ? t_fc : fc_i[fw*6 +: 6];

    // amocas.d's lane (size 3) accesses a word in its bank and one in the
    // next: a word atomic in each for the checks (docs/detector.md §3.3),
    // recorded as word accesses
    wire          d64    = (size_i == 2'd3);
    wire [1:0]    size_w = d64 ? 2'd2 : size_i;
    // each lane's bytes of its word
    reg [T*4-1:0] bytes;
    integer j;
    always @(*)
        for (j = 0; j < T; j = j + 1)
            case (size_i)
                2'd0:    bytes[j*4 +: 4] = 4'b0001 << boff_i[j*2 +: 2];
                2'd1:    bytes[j*4 +: 4] = 4'b0011 << boff_i[j*2 +: 2];
                default: bytes[j*4 +: 4] = 4'b1111;
            endcase

    // ---- sweep: clears every entry (after reset, and when the clocks
    // wrap if anything was written since the last sweep)
    reg          dirty_q, sweep_pend_q, sweeping_q;
    reg [RW-1:0] sw_row_q;
    // Checks run while armed on passes issued under the current clocks.
    wire check = pass_i && armed_i && (t_gen == gen_i);

    // ---- per bank: shadow RAM and the rule
    wire [T-1:0]     b_race, b_same, b_pw, b_pa, b_px;
    wire [T*LB-1:0]  b_lane;
    wire [T*TW-1:0]  b_prev;
    wire [T*16-1:0]  b_ppc;
    // Slice bases are multiples of a row of banks (gpu_ctl rounds the
    // stride to a row), so a byte's offset in its block's slice is {its
    // row - the base's row, bank, byte}: the rows are subtracted as they
    // arrive, beside the rules, not after the report is chosen.
    wire [RW-1:0]    base_row = t_base[SAW-1 -: RW];
    wire             unused_base = ^t_base[SAW-RW-1:0];   // 0: row aligned
    wire [T*RW-1:0]  b_rrel;
    // ---- stage C (REP_STAGE): what the check a cycle after R reads of the
    // pass, and what the report stage after it takes, registered; the
    // shadow words as read are registered per bank below. The shadow RAM's
    // output -> rule -> report stage path (the routed fpga1 build's
    // longest with the detector) then starts at flip-flops.
    localparam CPW = 8 + 2 + T * 4 + WW + 8 + NUM_WARPS * 6 + 16 +
                     NUM_WARPS * 5 + 5 + 16 + 32 + 2 + T * 2;
    wire [7:0]             c_ep, c_ws;
    wire [1:0]             c_kind, c_size;
    wire [T*4-1:0]         c_bytes;
    wire [WW-1:0]          c_warp;
    wire [NUM_WARPS*6-1:0] c_fc;
    wire [15:0]            c_pcidx;
    wire [NUM_WARPS*5-1:0] c_wibs;
    wire [4:0]             c_wib;
    wire [15:0]            c_blk;
    wire [31:0]            c_pc;
    wire [T*2-1:0]         c_boff;
    wire [T*RW-1:0]        c_rrel;
    prim_stage_reg #(
        .W     (CPW + T * RW),
        .STAGE (REP_STAGE)
    ) u_chk_stage (
        .clk_i (clk_i),
        .rst_i (rst_i),
        .en_i  (1'b1),
        .d_i   ({t_ep, kind_i, bytes, warp_i, t_ws, fc_eff, pcidx,
                 wib_i, t_wib, t_blk, t_pc, size_w, boff_i, b_rrel}),
        .q_o   ({c_ep, c_kind, c_bytes, c_warp, c_ws, c_fc, c_pcidx,
                 c_wibs, c_wib, c_blk, c_pc, c_size, c_boff, c_rrel})
    );
    genvar gb;
    generate
        for (gb = 0; gb < T; gb = gb + 1) begin : g_bank
            reg [EW-1:0] shadow [0:DEPTH-1];
            reg [EW-1:0] dout_q, byp_d_q;
            reg          byp_q;
            wire [EW-1:0] ent     = byp_q ? byp_d_q : dout_q;
            wire [EW-1:0] ent_new;
            wire [RW-1:0] row     = rows_i[gb*RW +: RW];
            wire [RW-1:0] rd_row  = rd_rows_i[gb*RW +: RW];
            wire          fire    = check && banks_i[gb];
            assign b_rrel[gb*RW +: RW] = row - base_row;
            reg  [T-1:0]  lanes_b;
            integer l;
            // Only a check's lanes: the write-back rule's entry is only
            // written when it fires, and without lanes it skips its loops
            // (the cycle model's time, not the hardware's).
            always @(*)
                for (l = 0; l < T; l = l + 1)
                    lanes_b[l] = fire && lanes_i[l] &&
                                 ((lbank_i[l*LB +: LB] == LB'(gb)) ||
                                  (d64 && (lbank_i[l*LB +: LB] | LB'(1)) == LB'(gb)));

            // R: the rule's write-back, from the RAM's word
            wire          u_race, u_same, u_pw, u_pa, u_px;
            wire [LB-1:0] u_lane;
            wire [TW-1:0] u_prev;
            wire [15:0]   u_ppc;
            wire          unused_upd = ^{u_race, u_same, u_pw, u_pa, u_px,
                                         u_lane, u_prev, u_ppc};
            scord_sh_rule #(
                .NUM_WARPS   (NUM_WARPS),
                .NUM_THREADS (NUM_THREADS)
            ) u_upd (
                .ent_i         (ent),
                .ep_i          (t_ep),
                .kind_i        (kind_i),
                .lanes_i       (lanes_b),
                .bytes_i       (bytes),
                .warp_i        (warp_i),
                .ws_i          (t_ws),
                .fc_i          (fc_eff),
                .pcidx_i       (pcidx),
                .race_o        (u_race),
                .same_warp_o   (u_same),
                .lane_o        (u_lane),
                .prev_thread_o (u_prev),
                .prev_pcidx_o  (u_ppc),
                .prev_write_o  (u_pw),
                .prev_atom_o   (u_pa),
                .prev_exact_o  (u_px),
                .ent_o         (ent_new)
            );
            // The check: a second rule on the word as read and the lanes
            // it covers (none unless it fires, so the race bits need no
            // gate). With REP_STAGE both are registered and it runs in C,
            // on the pass's fields registered there (u_chk_stage); without
            // it, it runs in R beside the write-back, on the same inputs
            // but the lanes (synthesis shares what the two have in common).
            wire [T-1:0]  c_lanes;
            wire [EW-1:0] c_ent, c_ent_new;
            wire          unused_cent = ^c_ent_new;
            prim_stage_reg #(
                .W        (EW + T),
                .STAGE    (REP_STAGE),
                .RST_MASK ({{EW{1'b0}}, {T{1'b1}}})
            ) u_ent_stage (
                .clk_i (clk_i),
                .rst_i (rst_i),
                .en_i  (1'b1),
                .d_i   ({ent, lanes_b & {T{fire}}}),
                .q_o   ({c_ent, c_lanes})
            );
            scord_sh_rule #(
                .NUM_WARPS   (NUM_WARPS),
                .NUM_THREADS (NUM_THREADS)
            ) u_chk (
                .ent_i         (c_ent),
                .ep_i          (c_ep),
                .kind_i        (c_kind),
                .lanes_i       (c_lanes),
                .bytes_i       (c_bytes),
                .warp_i        (c_warp),
                .ws_i          (c_ws),
                .fc_i          (c_fc),
                .pcidx_i       (c_pcidx),
                .race_o        (b_race[gb]),
                .same_warp_o   (b_same[gb]),
                .lane_o        (b_lane[gb*LB +: LB]),
                .prev_thread_o (b_prev[gb*TW +: TW]),
                .prev_pcidx_o  (b_ppc[gb*16 +: 16]),
                .prev_write_o  (b_pw[gb]),
                .prev_atom_o   (b_pa[gb]),
                .prev_exact_o  (b_px[gb]),
                .ent_o         (c_ent_new)
            );

            // A reads its rows as R writes back; a row written in the same
            // cycle comes from the bypass.
            always @(posedge clk_i) begin
                if (sweeping_q)
                    shadow[sw_row_q] <= {EW{1'b0}};
                else if (fire)
                    shadow[row] <= ent_new;
                if (rd_i && rd_banks_i[gb]) begin
                    dout_q  <= shadow[rd_row];
                    byp_q   <= fire && (row == rd_row);
                    byp_d_q <= ent_new;
                end
            end
        end
    endgenerate

    // ---- report stage P (REP_STAGE): what the pick and the reports below
    // read of the rules (C's) and of the pass. The rule -> lowest bank ->
    // queue entry path is cut after the rules; the race bits, gated by
    // the check, alone are reset.
    localparam RSW = T * (2 + LB + TW + 16 + 3 + RW + 2) + 4 + 32 + 16 + 5 + NUM_WARPS * 5;
    wire [T-1:0]            s_race, s_same, s_pw, s_pa, s_px;
    wire [T*LB-1:0]         s_lane;
    wire [T*TW-1:0]         s_prev;
    wire [T*16-1:0]         s_ppc;
    wire [T*RW-1:0]         s_rrel;
    wire [T*2-1:0]          s_boff;
    wire [1:0]              s_kind, s_size;
    wire [31:0]             s_pc;
    wire [15:0]             s_blk;
    wire [4:0]              s_wib;
    wire [NUM_WARPS*5-1:0]  s_wibs;
    prim_stage_reg #(
        .W        (RSW),
        .STAGE    (REP_STAGE),
        .RST_MASK ({{(RSW-T){1'b0}}, {T{1'b1}}})
    ) u_rep_stage (
        .clk_i (clk_i),
        .rst_i (rst_i),
        .en_i  (1'b1),
        .d_i   ({c_wibs, c_wib, c_blk, c_pc, c_size, c_kind, c_boff, c_rrel,
                 b_px, b_pa, b_pw, b_ppc, b_prev, b_lane, b_same, b_race}),
        .q_o   ({s_wibs, s_wib, s_blk, s_pc, s_size, s_kind, s_boff, s_rrel,
                 s_px, s_pa, s_pw, s_ppc, s_prev, s_lane, s_same, s_race})
    );

    // ---- the pass's reports: per type, the lowest bank that has one
    reg          rep_v    [0:1];
    reg [LB-1:0] rep_bank [0:1];
    integer b, ty;
    always @(*)
        for (ty = 0; ty < 2; ty = ty + 1) begin
            rep_v[ty]    = 1'b0;
            rep_bank[ty] = {LB{1'b0}};
            for (b = T - 1; b >= 0; b = b - 1)
                if (s_race[b] && (s_same[b] == ty[0])) begin
                    rep_v[ty]    = 1'b1;
                    rep_bank[ty] = LB'(b);
                end
        end

    // the two reports of this pass (SHARED, SHARED_WARP)
    reg [SHR_W-1:0] rep_d [0:1];
    reg [LB-1:0]    r_lane, r_bk;
    reg [TW-1:0]    r_prev;
    reg [WW-1:0]    r_pslot;
    reg [SAW-1:0]   r_byte;
    integer         ry, pw;
    always @(*)
        for (ry = 0; ry < 2; ry = ry + 1) begin
            r_bk    = rep_bank[ry];
            r_lane  = s_lane[r_bk*LB +: LB];
            r_prev  = s_prev[r_bk*TW +: TW];
            r_pslot = r_prev[TW-1 -: WW];
            // {row, bank, byte} in the slice: T is a power of two (one
            // bank per lane)
            r_byte  = SAW'({s_rrel[r_bk*RW +: RW], r_bk, s_boff[r_lane*2 +: 2]});
            rep_d[ry] = {SHR_W{1'b0}};
            rep_d[ry][`SHR_TYPE]       = ry[0] ? 4'(`DET_RACE_SHARED_WARP) : 4'(`DET_RACE_SHARED);
            rep_d[ry][`SHR_KIND]       = s_kind;
            rep_d[ry][`SHR_SIZE]       = s_size;
            rep_d[ry][`SHR_PREV_WRITE] = s_pw[r_bk];
            rep_d[ry][`SHR_PREV_ATOM]  = s_pa[r_bk];
            rep_d[ry][`SHR_PREV_EXACT] = s_px[r_bk];
            rep_d[ry][`SHR_PC]         = s_pc;
            // the offset in the block's slice; SMEM_BASE is added as the
            // report leaves the queue (shr_data_o), off this path
            rep_d[ry][`SHR_ADDR]       = 32'(r_byte);
            rep_d[ry][`SHR_BLOCK]      = s_blk;
            rep_d[ry][`SHR_WARP]       = s_wib;
            rep_d[ry][`SHR_LANE]       = 5'(r_lane);
            for (pw = 0; pw < NUM_WARPS; pw = pw + 1)
                if (r_pslot == WW'(pw)) rep_d[ry][`SHR_PREV_WARP] = s_wibs[pw*5 +: 5];
            rep_d[ry][`SHR_PREV_LANE]  = 5'(r_prev[LB-1:0]);
            // an unnamed reader ("another lane of this warp") has no PC
            rep_d[ry][`SHR_PREV_PCIDX] = s_px[r_bk] ? s_ppc[r_bk*16 +: 16]
                                                    : 16'(`DET_PCIDX_UNKNOWN);
        end

    // ---- report queue: up to two in per pass, one out at a time.
    // A makes a pass only if every report that passes in flight may still
    // make finds room: two each for A's, R's and (REP_STAGE) C's, and
    // those P holds. With REP_STAGE the hold is made of registers alone
    // (C's rule feeds only the queue): 8 entries, so correct code, with
    // nothing queued, still never waits.
    localparam QD = (REP_STAGE != 0) ? 8 : 4;
    localparam QA = $clog2(QD);
    localparam A_LO = `SHR_ADDR_LO;
    // The queue's entries in LUT RAM, in two banks by the slot's parity:
    // a pass writes two neighbouring slots, one in each bank, so each bank
    // needs one write port. In flip-flops the 8 x 128 bits, with their
    // per-entry write multiplexers and the 8:1 read multiplexer, cost 366
    // LUT-equivalents more on the board (docs/detector.md §6.4.6).
    localparam QH = QD / 2;
    (* ram_style = "distributed" *)
    reg [SHR_W-1:0] q_ev [0:QH-1];
    (* ram_style = "distributed" *)
    reg [SHR_W-1:0] q_od [0:QH-1];
    reg [QA-1:0]    q_rd_q, q_wr_q;
    reg [QA:0]      q_n_q;
    reg             c_chk_q;    // C holds a check (REP_STAGE)
    wire            rep0 = rep_v[0];
    wire            rep1 = rep_v[1];
    // reports in P (none without it: rep_v is then this pass's own)
    wire [1:0]      st_n = (REP_STAGE != 0) ? {1'b0, rep0} + {1'b0, rep1} : 2'd0;
    wire            c_n2 = (REP_STAGE != 0) && c_chk_q;
    wire            pop  = shr_valid_o && shr_ready_i;
    wire [SHR_W-1:0] q_out = q_rd_q[0] ? q_od[q_rd_q[QA-1:1]] : q_ev[q_rd_q[QA-1:1]];
    // the address from the offset the entry holds
    wire [SAW-1:0]  q_off = q_out[A_LO +: SAW];
    assign shr_valid_o = (q_n_q != {(QA+1){1'b0}});
    always @(*) begin
        shr_data_o            = q_out;
        shr_data_o[`SHR_ADDR] = `SMEM_BASE + 32'(q_off);
    end
    assign idle_o      = (q_n_q == {(QA+1){1'b0}}) && (st_n == 2'd0) && !c_n2;
    // The sweep after reset runs whether or not the detector is armed, but
    // holds A only when armed: disarmed passes neither read nor write the
    // shadow.
    wire [4:0] in_flight = 5'(q_n_q) + 5'(st_n) + (c_n2 ? 5'd2 : 5'd0) +
                           (busy_i ? 5'd2 : 5'd0) + 5'd2;
    // With REP_STAGE the queue's part of the hold is a register, worked
    // out a cycle ahead: a cycle later at most the reports of a pass A
    // makes now are added to those in flight now, so leaving room for
    // two more is never later than the sum itself (in correct code,
    // nothing queued, it still never holds: 2 + 2 + 2 + 2 is not above 8).
    // The sum, its compare and the hold's path into the shared memory, X
    // and the LSU were the routed critical path of fpga1 with the
    // detector before this register (docs/fpga.md).
    reg        q_hold_q;
    wire       q_hold = (REP_STAGE != 0) ? q_hold_q : (in_flight > 5'(QD));
    assign hold_o = (armed_i && (sweep_pend_q || sweeping_q)) || q_hold;

    // The two free slots after the tail take this pass's reports whether
    // or not it has any (hold_o keeps two free for it); only the tail
    // waits for the rules' decision, the slots' enables are registered
    // (the rules -> enables path was the FPGA's longest in this module).
    // Slot q_wr_q takes the first report, q_wr_q + 1 the second.
    wire [SHR_W-1:0] q_d0  = rep0 ? rep_d[0] : rep_d[1];
    wire             q_we0 = !rst_i && (q_n_q != (QA+1)'(QD));
    wire             q_we1 = !rst_i && (q_n_q <= (QA+1)'(QD - 2));
    // An even tail puts the first slot in the even bank and the second in
    // the odd one, both in the tail's row; an odd tail the first in the
    // odd bank, the second in the even bank's next row.
    wire             t_odd = q_wr_q[0];
    wire [QA-2:0]    q_row = q_wr_q[QA-1:1];
    always @(posedge clk_i) begin
        if (t_odd ? q_we1 : q_we0) q_ev[q_row + (QA-1)'(t_odd)] <= t_odd ? rep_d[1] : q_d0;
        if (t_odd ? q_we0 : q_we1) q_od[q_row]                  <= t_odd ? q_d0 : rep_d[1];
    end

    always @(posedge clk_i) begin
        if (por_i) begin
            dirty_q      <= 1'b1;     // the RAMs hold anything after power-up
            sweep_pend_q <= 1'b1;
            sweeping_q   <= 1'b0;
            sw_row_q     <= {RW{1'b0}};
        end
        if (rst_i) begin
            // A soft reset keeps the shadow, its sweep and the clocks'
            // generation (scord_sh_clocks): no sweep before every launch.
            q_rd_q       <= {QA{1'b0}};
            q_wr_q       <= {QA{1'b0}};
            q_n_q        <= {(QA+1){1'b0}};
            c_chk_q      <= 1'b0;
            q_hold_q     <= 1'b0;
        end else begin
            q_hold_q <= (in_flight + 5'd2 > 5'(QD));
            q_wr_q <= q_wr_q + QA'(rep0) + QA'(rep1);
            if (pop) q_rd_q <= q_rd_q + QA'(1);
            q_n_q <= q_n_q + (QA+1)'(rep0) + (QA+1)'(rep1) - (QA+1)'(pop);
            c_chk_q <= check && (|banks_i);

            if (check && |banks_i) dirty_q <= 1'b1;
            if (wrap_i && dirty_q) sweep_pend_q <= 1'b1;
            // the sweep starts once no pass is in R (A is held meanwhile)
            if (sweep_pend_q && !sweeping_q && !busy_i) begin
                sweep_pend_q <= 1'b0;
                sweeping_q   <= 1'b1;
                sw_row_q     <= {RW{1'b0}};
            end
            if (sweeping_q) begin
                sw_row_q <= sw_row_q + 1'b1;
                if (sw_row_q == RW'(DEPTH - 1)) begin
                    sweeping_q <= 1'b0;
                    dirty_q    <= 1'b0;
                end
            end
        end
    end

`ifndef SYNTHESIS
    // the two slots after the tail, which a pass's reports take, are free:
    // hold_o left room for every pass in flight
    always @(posedge clk_i)
        if (!rst_i && (rep0 || rep1) && q_n_q > (QA+1)'(QD - 2))
            $display("scord_sh_check: ERROR: a pass's reports find %0d queued", q_n_q);
`endif
endmodule
`default_nettype wire
