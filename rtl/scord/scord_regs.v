// Detector registers (docs/detector.md §7): the ctl-bus slave for word
// indices 0x40-0x7F, the configuration, arming checks (§7.2), status bits,
// generation (§5.4) and the counters (§7.1).
//
// ctl bus: a write takes effect at the request edge; read data is
// registered and valid the cycle after the request. ctl_sel_o decodes the
// request's address (this unit's range); ctl_rdata_o is 0 after a request
// outside the range, so the GPU's ctl can simply OR it into its own read
// data (which is 0 for these indices) or mux with a registered ctl_sel_o.
`default_nettype none
`include "scord_defs.vh"

module scord_regs #(
    parameter NUM_CORES   = 4,
    parameter NUM_THREADS = 8,
    parameter MEM_BYTES   = 16777216,
    parameter PASS_MAX    = 8,          // lane accesses one pass counts at most
    // 1: the counters' steps (all but the access count) are registered and
    // added a cycle later, so the check's race decision does not run on
    // into the counters' adders and carries (the FPGA configurations);
    // inc_busy_o holds the detector busy while a step is in the register
    parameter INC_STAGE   = 0,
    // derived, do not override
    parameter IW   = $clog2(PASS_MAX + 1),
    parameter NCNT = {27'd0, `DET_CNT_COUNT}   // counters (§7.1)
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    // ctl bus
    input  wire                 ctl_req_i,
    input  wire                 ctl_we_i,
    input  wire [7:0]           ctl_addr_i,
    input  wire [31:0]          ctl_wdata_i,
    output wire                 ctl_sel_o,
    output reg  [31:0]          ctl_rdata_o,
    // configuration
    output wire                 armed_o,
    output wire                 arm_o,          // pulse: armed just now (head := 0)
    output wire                 flush_o,        // pulse: DET_CTRL.flush written
    output wire                 cache_o,
    output wire                 sparse_o,       // cache mode, one entry per 64 granules
    output wire [1:0]           gran_o,         // granularity code, G = 2 + code
    output wire [31:0]          md_base_o,
    output wire [32:0]          md_bytes_o,     // 16N (at most MEM_BYTES when armed)
    output wire [31:0]          track_base_o,
    output wire [31:0]          track_bytes_o,
    output wire [4:0]           track_log2_o,   // log2 DET_TRACK_BYTES when armed
    output wire [31:0]          ring_base_o,
    output wire [31:0]          ring_size_o,
    output wire [31:0]          pc_base_o,      // DET_PC_BASE
    output wire [31:0]          tail_o,
    output wire [31:0]          claim_o,        // requested claim (report applies it)
    output wire [5:0]           gen_o,
    output wire                 need_sweep_o,   // the next kernel start sweeps
    output wire [31:0]          cnt_accesses_o, // DET_CNT_ACCESSES: a record's seq
    // from the datapath
    input  wire [31:0]          head_i,
    input  wire [31:0]          claim_i,        // claim in force (report unit)
    input  wire [31:0]          drops_i,
    input  wire                 busy_i,
    input  wire                 kstart_i,       // armed kernel start: step gen, clear counters
    input  wire [NCNT*IW-1:0]   cnt_inc_i,      // counter k += cnt_inc_i[IW k +: IW]
    output wire                 inc_busy_o,     // INC_STAGE: a step not yet added
    input  wire [NUM_CORES-1:0] stall_i,        // per core: a replay for a full FIFO
    input  wire [NUM_CORES*8-1:0] sh_acc_i,     // per core: shared-memory lane accesses
    input  wire [NUM_CORES-1:0] sh_sync_i,      // per core: a warp sync
    input  wire                 overflow_set_i,
    input  wire                 intrusion_set_i
);
    // device memory's address width, and the arming checks' (below)
    localparam integer AW  = (MEM_BYTES > 1) ? $clog2(MEM_BYTES) : 1;
    localparam integer NW  = AW + 3;

    reg        armed_q, need_clear_q;
    reg [3:0]  mode_q;
    reg [31:0] md_base_q, track_base_q, track_bytes_q, ring_base_q, ring_size_q, tail_q, claim_q,
               pc_base_q;
    reg        overflow_q, intrusion_q, tail_bad_q;
    reg [7:0]  err_q;
    reg [5:0]  gen_q;

    // ---- ctl decode ----
    assign ctl_sel_o = (ctl_addr_i[7:6] == 2'b01);
    wire   wr        = ctl_req_i && ctl_we_i && ctl_sel_o;
    wire   rd        = ctl_req_i && !ctl_we_i && ctl_sel_o;
    // An arming written while the checks' verdict is a cycle behind the
    // registers waits a cycle (arm_pend_q); meanwhile the configuration is
    // read-only, as when armed.
    reg    arm_pend_q, stale_q;
    wire   cfg_ok    = !armed_q && !arm_pend_q;
    wire   cfg_wr    = wr && cfg_ok;
    wire   is_cfg    = (ctl_addr_i == `DET_MODE) || (ctl_addr_i == `DET_MD_BASE) ||
                       (ctl_addr_i == `DET_TRACK_BASE) || (ctl_addr_i == `DET_TRACK_BYTES) ||
                       (ctl_addr_i == `DET_RING_BASE) || (ctl_addr_i == `DET_RING_SIZE);

    // ---- derived configuration ----
    wire [1:0]  gcode   = mode_q[2:1];
    wire        cache   = mode_q[0];
    wire        sparse  = mode_q[0] && mode_q[3];
    wire [2:0]  glog2   = 3'd2 + {1'b0, gcode};
    // §5.2: N = TRACK_BYTES >> G (>> 5 more in cache mode, >> 6 in sparse
    // cache mode), 16N bytes; 0 for code 3
    wire [31:0] entries  = (track_bytes_q >> glog2) >> (sparse ? 3'd6 : cache ? 3'd5 : 3'd0);
    wire [35:0] md_bytes = (gcode == 2'd3) ? 36'd0 : {entries, 4'b0000};
    // the datapath's copy (read only while armed, two cycles after the last
    // write at the earliest; then at most MEM_BYTES, so AW + 1 bits)
    reg  [AW:0] md_bytes_q;

    // (read only while armed, when the window is a power of two up to MEM)
    reg  [4:0]  tlog2;
    integer     b;
    always @* begin
        tlog2 = 5'd0;
        for (b = 0; b <= ((AW < 31) ? AW : 31); b = b + 1)
            if (track_bytes_q[b]) tlog2 = b[4:0];
    end

    // ---- arming checks (§7.2) ----
    // At the memory's width: each check decides a valid configuration only
    // once the ones before it in the verdict's order passed, and a value
    // with bits at or above 2^AW (AW = clog2 MEM_BYTES) fails it anyway:
    // a ring of at least 2 records (the size check comes first) based there
    // or that long ends beyond MEM; so does a window based there (it is not
    // empty) or longer than 2^AW; metadata based there (the window passed,
    // so there is at least one entry). Below that every base, length and
    // end is under 2^(AW+3) (metadata: up to 4 x the window), so the sums and
    // compares need AW + 3 bits instead of 40.
    localparam [NW-1:0] MEM   = NW'(MEM_BYTES);
    localparam [NW-1:0] GUARD = NW'(`MEM_GUARD);
    // the bits a valid value leaves 0 (a ring's size: its length's)
    wire        hi_ring  = ((ring_base_q >> AW) != 32'd0) || ((ring_size_q >> (AW - 5)) != 32'd0);
    wire        hi_track = ((track_base_q >> AW) != 32'd0) || ((track_bytes_q >> (AW + 1)) != 32'd0);
    wire        hi_md    = (md_base_q >> AW) != 32'd0;
    wire [NW-1:0] ring_b   = NW'(ring_base_q[AW-1:0]);
    wire [NW-1:0] ring_len = NW'({ring_size_q[AW-6:0], 5'd0});
    wire [NW-1:0] md_b     = NW'(md_base_q[AW-1:0]);
    wire [NW-1:0] md_len   = NW'(md_bytes[AW+2:0]);
    wire [NW-1:0] tr_b     = NW'(track_base_q[AW-1:0]);
    wire [NW-1:0] tr_len   = NW'(track_bytes_q[AW:0]);
    // cache mode: one entry per 32 granules (sparse: 64)
    wire [NW-1:0] tr_min   = (sparse ? NW'(64) : NW'(32)) << glog2;
    wire [AW:0]   tb       = track_bytes_q[AW:0];

    wire e_mode  = (gcode == 2'd3);
    wire e_rsize = (ring_size_q < 32'd2);
    wire e_rrng  = (ring_base_q[4:0] != 5'd0) || hi_ring || (ring_b < GUARD) || (ring_b + ring_len > MEM);
    wire e_trng  = (track_base_q[3:0] != 4'd0) || hi_track || (tb == {(AW+1){1'b0}}) ||
                   ((tb & (tb - 1'b1)) != {(AW+1){1'b0}}) ||
                   (tr_len < tr_min) || (tr_b + tr_len > MEM);
    wire e_mdrng = (md_base_q[3:0] != 4'd0) || hi_md || (md_b < GUARD) || (md_b + md_len > MEM);
    wire ov_mr   = (md_b < ring_b + ring_len) && (ring_b < md_b + md_len);
    wire ov_mt   = (md_b < tr_b + tr_len) && (tr_b < md_b + md_len);
    wire ov_rt   = (ring_b < tr_b + tr_len) && (tr_b < ring_b + ring_len);
    wire e_ovl   = ov_mr || ov_mt || ov_rt;
    // the bits the checks leave to hi_*: a configuration with any of them
    // set is refused before the narrow compares are looked at
    wire unused_hi = ^{md_bytes[35:AW+3]};

    // The verdict is a register: an arming decides from it, with no 40-bit
    // adders and compares in front of what an arming resets (the report's
    // head, the claim, the metadata cache's lines), once the FPGA build's
    // longest paths; nor behind the bus's decode of a register being
    // written (the same checks on the values as written were, later).
    // It follows a write a cycle later (stale_q): the management core never
    // writes so fast, a simulation harness may.
    reg [7:0] verr, verr_q;
    always @* begin
        if (e_mode)       verr = `DET_ERR_MODE;
        else if (e_rsize) verr = `DET_ERR_RING_SIZE;
        else if (e_rrng)  verr = `DET_ERR_RING_RANGE;
        else if (e_trng)  verr = `DET_ERR_TRACK_RANGE;
        else if (e_mdrng) verr = `DET_ERR_MD_RANGE;
        else if (e_ovl)   verr = `DET_ERR_OVERLAP;
        else              verr = `DET_ERR_NONE;
    end

    localparam [31:0] CTRL_EN  = `DET_CTRL_ENABLE;
    localparam [31:0] CTRL_CLR = `DET_CTRL_CLEAR;
    localparam [31:0] CTRL_FL  = `DET_CTRL_FLUSH;
    wire   w_ctrl    = wr && (ctl_addr_i == `DET_CTRL);
    wire   do_clear  = w_ctrl && ((ctl_wdata_i & CTRL_CLR) != 32'd0);
    assign flush_o   = w_ctrl && ((ctl_wdata_i & CTRL_FL) != 32'd0);
    wire   en_bit    = ((ctl_wdata_i & CTRL_EN) != 32'd0);
    wire   w_disarm  = w_ctrl && !en_bit;
    // an arming written now, or one waiting (a disarm written cancels it)
    wire   want_arm  = (w_ctrl && en_bit && !armed_q) || (arm_pend_q && !w_disarm);
    wire   do_arm    = want_arm && !stale_q;
    assign arm_o     = do_arm && (verr_q == `DET_ERR_NONE);
    // what a read in this cycle answers: the arming or disarming now included
    wire   armed_n   = arm_o || (armed_q && !w_disarm);
    wire [7:0] err_n = do_arm ? verr_q : err_q;
    wire   w_tail    = wr && (ctl_addr_i == `DET_RING_TAIL);
    wire   w_claim   = wr && (ctl_addr_i == `DET_RING_CLAIM);
    // A claim lies in tail..head (ring order, both ends included):
    // (c - tail) mod n <= (head - tail) mod n, which for head, tail and c
    // below n (as they are while armed) is c in the circular interval
    // tail .. head. Taken as compares side by side, with no subtraction in
    // front of them: on the FPGA the two mod-n distances and their compare
    // made a long path from the control bus to claim_q. (Disarmed, after a
    // smaller ring size, head and tail may lie beyond n; a claim written
    // then is reset by the next arming, as the tail is.)
    wire        c_ge_t   = ctl_wdata_i >= tail_q;
    wire        c_le_h   = ctl_wdata_i <= head_i;
    wire        c_in     = (tail_q <= head_i) ? (c_ge_t && c_le_h) : (c_ge_t || c_le_h);
    wire        claim_ok = (ctl_wdata_i < ring_size_q) && c_in;

    assign armed_o       = armed_q;
    assign cache_o       = cache;
    assign sparse_o      = sparse;
    assign gran_o        = gcode;
    assign md_base_o     = md_base_q;
    assign md_bytes_o    = 33'(md_bytes_q);
    assign track_base_o  = track_base_q;
    assign track_bytes_o = track_bytes_q;
    assign track_log2_o  = tlog2;
    assign ring_base_o   = ring_base_q;
    assign ring_size_o   = ring_size_q;
    assign pc_base_o     = pc_base_q;
    assign tail_o        = tail_q;
    assign claim_o       = claim_q;
    assign gen_o         = gen_q;
    assign need_sweep_o  = need_clear_q || (gen_q >= 6'd63);

    always @(posedge clk_i) begin
        if (rst_i) begin
            armed_q       <= 1'b0;
            need_clear_q  <= 1'b0;
            mode_q        <= 4'd0;
            md_base_q     <= 32'd0;
            track_base_q  <= 32'd0;
            track_bytes_q <= 32'd0;
            ring_base_q   <= 32'd0;
            ring_size_q   <= 32'd0;
            tail_q        <= 32'd0;
            claim_q       <= 32'd0;
            pc_base_q     <= 32'd0;
            overflow_q    <= 1'b0;
            intrusion_q   <= 1'b0;
            tail_bad_q    <= 1'b0;
            err_q         <= 8'd0;
            gen_q         <= 6'd0;
            md_bytes_q    <= {(AW+1){1'b0}};
            verr_q        <= `DET_ERR_RING_SIZE;   // the checks' verdict on the reset values
            arm_pend_q    <= 1'b0;
            stale_q       <= 1'b0;
        end else begin
            md_bytes_q <= md_bytes[AW:0];
            verr_q     <= verr;
            stale_q    <= cfg_wr && is_cfg;
            arm_pend_q <= want_arm && stale_q;
            // Clear first, then the datapath's sets: an event's effect comes after.
            if (do_clear) begin
                overflow_q  <= 1'b0;
                intrusion_q <= 1'b0;
                tail_bad_q  <= 1'b0;
            end
            if (overflow_set_i)  overflow_q  <= 1'b1;
            if (intrusion_set_i) intrusion_q <= 1'b1;
            if (w_disarm) armed_q <= 1'b0;
            if (do_arm) begin
                err_q <= verr_q;
                if (verr_q == `DET_ERR_NONE) begin
                    armed_q      <= 1'b1;
                    need_clear_q <= 1'b1;
                    tail_q       <= 32'd0;
                    claim_q      <= 32'd0;
                end
            end
            if (cfg_wr) begin
                case (ctl_addr_i)
                    `DET_MODE:        mode_q        <= ctl_wdata_i[3:0];
                    `DET_MD_BASE:     md_base_q     <= ctl_wdata_i;
                    `DET_TRACK_BASE:  track_base_q  <= ctl_wdata_i;
                    `DET_TRACK_BYTES: track_bytes_q <= ctl_wdata_i;
                    `DET_RING_BASE:   ring_base_q   <= ctl_wdata_i;
                    `DET_RING_SIZE:   ring_size_q   <= ctl_wdata_i;
                    default: ;
                endcase
            end
            // written between kernels while armed: the kernel's image start
            if (wr && ctl_addr_i == `DET_PC_BASE) pc_base_q <= ctl_wdata_i;
            // Moving the tail ends any claim (a consumer that only writes the
            // tail keeps working); a refused value changes nothing.
            if (w_tail) begin
                if (ctl_wdata_i < ring_size_q) begin
                    tail_q  <= ctl_wdata_i;
                    claim_q <= ctl_wdata_i;
                end else begin
                    tail_bad_q <= 1'b1;
                end
            end
            if (w_claim) begin
                if (claim_ok) claim_q    <= ctl_wdata_i;
                else          tail_bad_q <= 1'b1;
            end
            if (kstart_i) begin
                if (need_clear_q || gen_q >= 6'd63) begin
                    gen_q        <= 6'd1;
                    need_clear_q <= 1'b0;
                end else begin
                    gen_q <= gen_q + 6'd1;
                end
            end
        end
    end

    // ---- counters (§7.1) ----
    // The accesses counter is a record's seq, needed every cycle: flops.
    // The others are only read over the ctl bus, so each keeps its low LO
    // bits in flops and its high bits in a LUT RAM: a carry out of the low
    // bits waits in a pending bit, and one pending carry per cycle (the
    // lowest) is added into the RAM. A counter carries at most once per
    // 2^LO / STEP_MAX cycles (the shared-access counter adds up to
    // NUM_CORES x NUM_THREADS a cycle, a pass of the checks PASS_MAX), well over the NCNT cycles a carry
    // can wait, so no carry is
    // ever pending twice. A read adds the pending carry; a kernel start marks
    // every high part zero. (32-bit counters in flops cost an adder and 32
    // flip-flops each: about a quarter of the detector's LUTs on the board.)
    localparam integer STEP_MAX = (NUM_CORES * NUM_THREADS > PASS_MAX) ? NUM_CORES * NUM_THREADS
                                                                        : PASS_MAX;
    localparam integer LO = 6 + $clog2(STEP_MAX + 1);
    localparam integer HI = 32 - LO;
    localparam integer K_ACC   = {27'd0, `DET_CNT_ACCESSES};
    localparam integer K_STALL = {27'd0, `DET_CNT_STALL};
    localparam integer K_SHACC = {27'd0, `DET_CNT_SH_ACCESSES};
    localparam integer K_SHSYN = {27'd0, `DET_CNT_SH_SYNCS};

    reg [LO:0] stall_sum, shacc_sum, shsyn_sum;
    integer    c;
    always @* begin
        stall_sum = {(LO+1){1'b0}};
        shacc_sum = {(LO+1){1'b0}};
        shsyn_sum = {(LO+1){1'b0}};
        for (c = 0; c < NUM_CORES; c = c + 1) begin
            stall_sum = stall_sum + {{LO{1'b0}}, stall_i[c]};
            shacc_sum = shacc_sum + (LO+1)'(sh_acc_i[c*8 +: 8]);
            shsyn_sum = shsyn_sum + {{LO{1'b0}}, sh_sync_i[c]};
        end
    end

    // The steps, registered with INC_STAGE. A kernel start clears the
    // register with the counters: a step of the start's cycle or the one
    // before is dropped, as the counters' reset drops it without the stage.
    // The access count is not delayed (it numbers the records,
    // cnt_accesses_o): its field is left out of the register.
    localparam [NCNT*IW-1:0] ACC_FIELD = {{((NCNT-1)*IW){1'b0}}, {IW{1'b1}}} << (IW*K_ACC);
    wire [NCNT*IW-1:0] inc;
    prim_stage_reg #(.W(NCNT*IW), .STAGE(INC_STAGE), .RST_MASK({(NCNT*IW){1'b1}})) u_inc (
        .clk_i (clk_i),
        .rst_i (rst_i || kstart_i),
        .en_i  (1'b1),
        .d_i   (cnt_inc_i & ~ACC_FIELD),
        .q_o   (inc)
    );
    assign inc_busy_o = (INC_STAGE != 0) && (inc != {(NCNT*IW){1'b0}});

    reg  [31:0]        acc_q;
    reg  [LO-1:0]      lo_q [0:NCNT-1];
    reg  [NCNT-1:0]    pend_q, zero_q;
    reg  [HI-1:0]      hi_mem [0:31];
    reg  [LO*NCNT-1:0] lo_next;
    reg  [NCNT-1:0]    carry;
    reg  [LO:0]        step;
    integer            k;
    always @* begin
        for (k = 0; k < NCNT; k = k + 1) begin
            // 15 is unassigned, 16 + 0 is no race type: they stay 0
            if (k == K_STALL)                            step = stall_sum;
            else if (k == K_SHACC)                       step = shacc_sum;
            else if (k == K_SHSYN)                       step = shsyn_sum;
            else if (k == K_ACC || (k >= 15 && k <= 16)) step = {(LO+1){1'b0}};
            else                                         step = (LO+1)'(inc[IW*k +: IW]);
            {carry[k], lo_next[LO*k +: LO]} = {1'b0, lo_q[k]} + step;
        end
    end

    wire            svc_any;
    wire [4:0]      svc;       // the lowest counter with a carry pending
    wire [NCNT-1:0] unused_svc;
    prim_first_one #(.N(NCNT)) u_svc (
        .req_i    (pend_q),
        .any_o    (svc_any),
        .idx_o    (svc),
        .onehot_o (unused_svc)
    );
    wire [HI-1:0] svc_hi = zero_q[svc] ? {HI{1'b0}} : hi_mem[svc];
    always @(posedge clk_i)
        if (svc_any) hi_mem[svc] <= svc_hi + {{(HI-1){1'b0}}, 1'b1};

    integer j;  // not shared with another block: Yosys makes that a flip-flop both drive
    always @(posedge clk_i) begin
        if (rst_i || kstart_i) begin
            acc_q  <= 32'd0;
            for (j = 0; j < NCNT; j = j + 1)
                lo_q[j] <= {LO{1'b0}};
            pend_q <= {NCNT{1'b0}};
            zero_q <= {NCNT{1'b1}};
        end else begin
            acc_q  <= acc_q + 32'(cnt_inc_i[IW*K_ACC +: IW]);
            for (j = 0; j < NCNT; j = j + 1)
                lo_q[j] <= lo_next[LO*j +: LO];
            pend_q <= (pend_q & ~(svc_any ? (NCNT'(1) << svc) : {NCNT{1'b0}})) | carry;
            if (svc_any) zero_q[svc] <= 1'b0;
        end
    end
    assign cnt_accesses_o = acc_q;
    // the shared counters come from sh_*_i; the access count from cnt_inc_i
    wire unused_inc = ^{inc[IW*11 +: IW*2], inc[IW*15 +: IW*2], inc & ACC_FIELD};

    // ---- read data ----
    wire [7:0]    cidx = ctl_addr_i - `DET_CNT_BASE;
    wire          in_cnt = (ctl_addr_i >= `DET_CNT_BASE) && (32'(cidx) < NCNT);
    wire [HI-1:0] rd_hi = zero_q[cidx[4:0]] ? {HI{1'b0}} : hi_mem[cidx[4:0]];
    wire [31:0]   rd_cnt = (cidx[4:0] == `DET_CNT_ACCESSES) ? acc_q :
                           {rd_hi + {{(HI-1){1'b0}}, pend_q[cidx[4:0]]}, lo_q[cidx[4:0]]};
    always @(posedge clk_i) begin
        ctl_rdata_o <= 32'd0;
        if (rd) begin
            if (in_cnt) begin
                ctl_rdata_o <= rd_cnt;
            end else begin
                case (ctl_addr_i)
                    `DET_CTRL:        ctl_rdata_o <= {31'd0, armed_n};
                    `DET_STATUS:      ctl_rdata_o <= {16'd0, err_n, 3'd0, tail_bad_q, intrusion_q,
                                                      overflow_q, busy_i, armed_n};
                    `DET_MODE:        ctl_rdata_o <= {28'd0, mode_q};
                    `DET_MD_BASE:     ctl_rdata_o <= md_base_q;
                    `DET_TRACK_BASE:  ctl_rdata_o <= track_base_q;
                    `DET_TRACK_BYTES: ctl_rdata_o <= track_bytes_q;
                    `DET_RING_BASE:   ctl_rdata_o <= ring_base_q;
                    `DET_RING_SIZE:   ctl_rdata_o <= ring_size_q;
                    `DET_RING_HEAD:   ctl_rdata_o <= head_i;
                    `DET_RING_TAIL:   ctl_rdata_o <= tail_q;
                    `DET_RING_CLAIM:  ctl_rdata_o <= claim_i;
                    `DET_RING_DROPS:  ctl_rdata_o <= drops_i;
                    `DET_MD_BYTES:    ctl_rdata_o <= (md_bytes[35:32] != 4'd0) ? 32'hFFFF_FFFF
                                                                               : md_bytes[31:0];
                    `DET_PC_BASE:     ctl_rdata_o <= pc_base_q;
                    `DET_GEN:         ctl_rdata_o <= {26'd0, gen_q};
                    default:          ctl_rdata_o <= 32'd0;
                endcase
            end
        end
    end
endmodule
`default_nettype wire
