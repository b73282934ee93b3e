// Per-core shared memory ("scratchpad"): NUM_THREADS banks of 4-byte words,
// word w in bank w mod NUM_THREADS. Warp instructions flow through a short
// pipeline, a new one entering each cycle the previous one has issued its
// last pass.
//
// The core has already turned each lane's address into a byte address of
// this memory (its block's slice base plus the offset) and checked it
// against the slice, so nothing here faults.
//
// A warp instruction is served in *passes*. In a pass every bank serves one
// word: the word of the lowest remaining lane that maps to it (its leader);
// every remaining lane that addresses that same word joins the pass (a load
// broadcasts the word, a store merges its bytes into it, the highest lane
// winning a byte written twice). Lanes whose word shares a bank with another
// word wait for a later pass: a bank conflict. So an instruction whose lanes'
// words lie in distinct banks (or coincide) takes one pass, and
// passes - 1 is its conflict count (perf_conflict_o pulses once per extra
// pass). Atomics serve one lane per word per pass, so lanes updating the
// same word are applied one after the other, in lane order.
//
// Pipeline (the bank RAMs read synchronously):
//   A  the request and the pass it makes now: each pass is worked out at
//      the clock edge before it (from the request as it is accepted, then
//      from the lanes the pass leaves), so A only drives the banks
//   R  the cycle after a pass: the banks' words are out; a load's lanes
//      take their bytes, an atomic or a byte/half store works out the
//      merged or updated words (a read-modify-write: while R holds one, A
//      issues no pass, so such passes take two cycles)
//   M  the banks' writes, the cycle after: a word store's words from A;
//      for a read-modify-write, R registers the old word and M works out
//      the new one (atomic ALU or byte merge) and writes it. So no path
//      runs from a bank's output through the ALU: bank read -> atomic ALU
//      -> write data was the routed critical path of the FPGA build
//      without the detector at first, and bank read -> bypass -> ALU ->
//      M's word the one with it later (docs/fpga.md). A pass A makes
//      as M writes the row it reads takes M's word instead of the bank's
//      (R's bypass), so every instruction sees the same words in the same
//      cycles as if the banks were written at once.
//   W  a finished instruction the register file did not take at once
// R offers a finished instruction to the register file directly, W only
// when that is not taken. A load whose lanes hit distinct banks: accepted
// in cycle 0, its pass in cycle 1, its results offered in cycle 2. Passes
// of back-to-back conflict-free instructions go every cycle. A W that is
// not taken while R finishes the next instruction holds R (and so A);
// with HOLD_REG any W does. With RESULT_REG every finished instruction
// goes through W, a cycle later.
//
// Working each pass out at the edge before it keeps the per-lane, per-bank
// logic in registered paths that run only when a pass is made, which is
// also what keeps the cycle model fast.
//
// The race detector's shared-memory checks (rtl/scord/scord_sh_check.v)
// follow the same passes: A's banks and rows (sh_rd_*) to read their
// shadow words in step with the data, R's lanes and rows (sh_*) when the
// pass completes, and an opaque per-instruction tag (req_tag_i, the
// accessing warp's identities and clocks) carried along to R. hold_i stops
// A from making a pass (the checks' report queue is short, or they sweep).
`default_nettype none
`include "scord_defs.vh"

module gpu_smem #(
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter SMEM_BYTES  = 16384,
    parameter TAG_W       = 1,       // width of the per-instruction tag
    // 1: R finishing holds whenever W is full, not only when W is not
    // taken in that cycle, so A's pass (and the banks' read enables)
    // depend on registers alone, not on the register file's write port,
    // which X's commit decides (the FPGA configurations, with the cores'
    // stage H). Costs a cycle each time W is taken as R finishes.
    parameter HOLD_REG    = 0,
    // 1: every finished instruction goes through W, and the register file
    // takes W alone: its write data comes from registers, not from the
    // bank RAMs' outputs through R's lane and byte select (the routed
    // critical path of the FPGA build without the detector, docs/fpga.md).
    // Costs each instruction a cycle before its write-back. W then holds
    // R only when it is not taken (as without HOLD_REG): the core decides
    // the grant from registers in the configurations that set this
    // (gpu_core's x_port with E_STAGE).
    parameter RESULT_REG  = 0,
    // derived, do not override
    parameter WW  = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter SAW = $clog2(SMEM_BYTES),     // byte address width
    parameter LANE_W = (NUM_THREADS > 1) ? $clog2(NUM_THREADS) : 1,
    parameter ROW_W  = (SMEM_BYTES / (4 * NUM_THREADS) > 1) ? $clog2(SMEM_BYTES / (4 * NUM_THREADS)) : 1
) (
    input  wire                      clk_i,
    input  wire                      rst_i,
    // core -> shared memory (op: LSU_LOAD, LSU_STORE or LSU_AMO)
    input  wire                      req_valid_i,
    output wire                      req_ready_o,      // read only with req_valid_i
    output wire                      free_o,           // A takes a request now (any cycle)
    input  wire [2:0]                req_op_i,
    input  wire [4:0]                req_amo_op_i,
    input  wire [1:0]                req_size_i,
    input  wire                      req_unsigned_i,
    input  wire [WW-1:0]             req_warp_i,
    input  wire [4:0]                req_rd_i,
    input  wire [NUM_THREADS-1:0]    req_mask_i,
    input  wire [NUM_THREADS*SAW-1:0] req_addr_i,
    input  wire [NUM_THREADS*32-1:0] req_wdata_i,
    input  wire [NUM_THREADS*32-1:0] req_cmp_i,
    // amocas.d (docs/isa.md): wdata and cmp are the low words; the high
    // words stay at hi_* (gpu_units' hold register) while it is served
    input  wire                      req_d64_i,
    input  wire [NUM_THREADS*32-1:0] hi_wdata_i,
    input  wire [NUM_THREADS*32-1:0] hi_cmp_i,
    output wire                      d64_busy_o,
    input  wire [TAG_W-1:0]          req_tag_i,
    input  wire                      hold_i,           // A makes no pass
    // -> register file
    output wire                      wb_valid_o,
    input  wire                      wb_ready_i,
    // wb_ready_i as it is in every cycle with req_valid_i: the requester
    // (X) then writes no register itself, so req_ready_o need not wait for
    // that decision (late in X's cycle)
    input  wire                      wb_ready_req_i,
    output wire [WW-1:0]             wb_warp_o,
    output wire [4:0]                wb_rd_o,
    output wire [NUM_THREADS-1:0]    wb_mask_o,
    output wire [NUM_THREADS*32-1:0] wb_data_o,
    output wire                      wb_last_o,        // the instruction's last write-back
    output wire                      idle_o,
    output wire                      perf_access_o,    // a request accepted
    output wire                      perf_conflict_o,  // a pass beyond an instruction's first
    // the passes, for the race checks (RW = row bits of a bank, LB = bank bits)
    output wire                      sh_rd_o,          // A makes a pass: its banks read their rows
    output wire [NUM_THREADS-1:0]    sh_rd_banks_o,
    output wire [NUM_THREADS*ROW_W-1:0] sh_rd_rows_o,
    output wire                      sh_busy_o,        // R holds a pass
    output wire                      sh_pass_o,        // R's pass completes this cycle
    output wire [NUM_THREADS-1:0]    sh_lanes_o,       // its lanes,
    output wire [NUM_THREADS-1:0]    sh_banks_o,       // the banks it used,
    output wire [NUM_THREADS*ROW_W-1:0] sh_rows_o,     // their rows,
    output wire [NUM_THREADS*LANE_W-1:0] sh_lbank_o,   // each lane's bank
    output wire [NUM_THREADS*2-1:0]  sh_boff_o,        // and byte offset in its word
    output wire [1:0]                sh_size_o,        // log2 bytes (atomics: a word; amocas.d 3)
    output wire [1:0]                sh_kind_o,        // DET_EV_LOAD / STORE / ATOMIC
    output wire [WW-1:0]             sh_warp_o,
    output wire [TAG_W-1:0]          sh_tag_o
);
    localparam T     = NUM_THREADS;
    localparam LB    = (T > 1) ? $clog2(T) : 1;     // bank select bits
    localparam WAW   = SAW - 2;                     // word address width
    localparam DEPTH = SMEM_BYTES / (4 * T);        // words per bank
    localparam RW    = (DEPTH > 1) ? $clog2(DEPTH) : 1;

    integer i, b;

    // ==== A: the request and the pass it makes now ============================
    reg             a_valid_q, a_first_q;
    reg [2:0]       a_op_q;
    reg [4:0]       a_amo_op_q;
    reg [1:0]       a_size_q;
    reg             a_uns_q;
    reg [WW-1:0]    a_warp_q;
    reg [4:0]       a_rd_q;
    reg [T-1:0]     a_mask_q, a_rem_q;
    reg [T*SAW-1:0] a_addr_q;
    reg [T*32-1:0]  a_wdata_q, a_cmp_q;
    reg [TAG_W-1:0] a_tag_q;
    reg             a_d64_q;             // amocas.d: each lane takes its bank and the next
    reg [T-1:0]     a_pass_q;            // lanes of the pass A makes now
    reg [T-1:0]     a_bank_q;            // banks that pass uses
    reg [T*RW-1:0]  a_rows_q;            // per bank: its row,
    reg [T*LB-1:0]  a_leads_q;           // its lowest lane (atomics' operands),
    reg [T*32-1:0]  a_stws_q;            // stores: its merged bytes
    reg [T*4-1:0]   a_stbes_q;

    wire a_amo = (a_op_q == `LSU_AMO);
    wire a_wst = (a_op_q == `LSU_STORE) && (a_size_q == 2'd2);   // word store: no read
    wire a_rmw = a_amo || ((a_op_q == `LSU_STORE) && (a_size_q != 2'd2));
    wire [T-1:0] rem_next = a_rem_q & ~a_pass_q;

    // ==== R: the pass's words are out ==========================================
    reg             r_valid_q, r_last_q, r_rmw_q, r_amo_q, r_load_q;
    reg [T-1:0]     r_lanes_q;          // lanes served by the pass
    reg [T-1:0]     r_bank_v_q;         // banks the pass used
    reg [1:0]       r_size_q;
    reg             r_uns_q;
    reg [T*2-1:0]   r_boff_q;           // each lane's byte offset in its word
    reg [T*LB-1:0]  r_lbank_q;          // each lane's bank
    reg [RW-1:0]    r_row_q  [0:T-1];   // each bank's row
    reg [31:0]      r_opnd_q [0:T-1];   // atomics: each bank's lane's operand and compare
    reg [31:0]      r_cmpv_q [0:T-1];
    reg [31:0]      r_stw_q  [0:T-1];   // byte/half stores: merged bytes per bank
    reg [3:0]       r_stbe_q [0:T-1];
    reg [4:0]       r_amo_op_q;
    reg [WW-1:0]    r_warp_q;
    reg [4:0]       r_rd_q;
    reg [T-1:0]     r_mask_q;
    reg             r_wb_mask_q;        // the instruction writes registers
    reg [T*32-1:0]  acc_q;              // results of the instruction's earlier passes
    reg [TAG_W-1:0] r_tag_q;
    reg             r_d64_q;
    reg [T*32-1:0]  acc_hi_q;           // amocas.d: the old high words of earlier passes

    // ==== W: waiting for the register file ====================================
    reg             w_valid_q;
    reg [WW-1:0]    w_warp_q;
    reg [4:0]       w_rd_q;
    reg [T-1:0]     w_mask_q;
    reg [T*32-1:0]  w_data_q;
    // amocas.d leaves through W (never from R directly) with its old high
    // words, written to rd+1 after rd (neither for rd = x0)
    reg             w_d64_q, w2_q;
    reg [T*32-1:0]  w_hi_q;
    wire            w_more = w_valid_q && w_d64_q && !w2_q && (w_rd_q != 5'd0);

    // R finishes an instruction: offered at once when W is empty, else it
    // waits in R until W goes.
    wire r_out  = r_valid_q && r_last_q;
    localparam HOLD_ANY = (HOLD_REG != 0) && (RESULT_REG == 0);
    wire r_hold = r_out && w_valid_q && (HOLD_ANY || !wb_ready_i || w_more);
    // A passes unless R holds (its words must stay on the banks' outputs)
    // or R writes back a read-modify-write.
    wire a_go   = a_valid_q && !r_hold && !(r_valid_q && r_rmw_q) && !hold_i;
    wire a_done = a_go && (rem_next == {T{1'b0}});

    // ==== M: the banks' writes, a cycle late ====================================
    // Loaded by A's word-store pass or by R as it completes a read-modify-
    // write; the two never meet, since A makes no pass while R holds a
    // read-modify-write. A read-modify-write's new word is worked out in
    // M from the old word R registered (m_old_q) and R's operands, which
    // hold for that cycle: A made no pass as R completed, so R loads
    // nothing. M keeps the word it wrote in m_wd_q. It is unchanged in the
    // cycle after a pass read the row M wrote (that pass read, so it
    // stored nothing, and R did not complete a read-modify-write as A
    // passed), so R's bypass can take it from M itself, a register.
    reg [T-1:0]  m_we_q;
    reg          m_rmw_q;               // M writes a read-modify-write's word
    reg [RW-1:0] m_row_q [0:T-1];
    reg [31:0]   m_wd_q  [0:T-1];
    reg [31:0]   m_old_q [0:T-1];
    wire         m_from_a = a_go && a_wst;
    wire         m_from_r = r_valid_q && r_rmw_q && !r_hold;

    // a byte or half store's bytes (enabled by be) over the word it replaces
    function automatic [31:0] merge_bytes(input [31:0] old, input [31:0] nw, input [3:0] be);
        integer q;
        for (q = 0; q < 4; q = q + 1)
            merge_bytes[q*8 +: 8] = be[q] ? nw[q*8 +: 8] : old[q*8 +: 8];
    endfunction

    // ==== banks =================================================================
    wire [T*32-1:0] dout;       // the words R's pass read, M's where it wrote them
    wire [T*32-1:0] amo_new;
    genvar gb;
    generate
        for (gb = 0; gb < T; gb = gb + 1) begin : g_bank
            // no_rw_check: what a bank gives for the row M writes in the
            // same cycle is never used (R takes M's word), so Yosys need not
            // emulate the old word across the block RAM's two ports (on
            // fpga1's four banks that emulation was 300 flip-flops and
            // 930 LUT4)
            (* no_rw_check *) reg [31:0] mem [0:DEPTH-1];
            reg [31:0] dout_q;
            reg        byp_q;       // R's pass read the row M wrote
            wire re = a_go && a_bank_q[gb] && !a_wst;
            wire [RW-1:0] arow = a_rows_q[gb*RW +: RW];
            // M's read-modify-write: the new word from the old one R read
            wire [31:0] old = m_old_q[gb];
            // amocas.d: a lane's two banks are a pair (gb, gb ^ 1); both
            // words equal their compare values, or neither bank changes
            wire        pair_eq  = (old == r_cmpv_q[gb]) && (m_old_q[gb ^ 1] == r_cmpv_q[gb ^ 1]);
            wire [31:0] cas64_w  = pair_eq ? r_opnd_q[gb] : old;
            wire [31:0] rmw_word = r_d64_q ? cas64_w :
                                   r_amo_q ? amo_new[gb*32 +: 32]
                                           : merge_bytes(old, r_stw_q[gb], r_stbe_q[gb]);
            wire [31:0] m_word = m_rmw_q ? rmw_word : m_wd_q[gb];
            always @(posedge clk_i) begin
                if (re) dout_q <= mem[arow];
                if (m_we_q[gb]) mem[m_row_q[gb]] <= m_word;
            end
            always @(posedge clk_i)
                if (re) byp_q <= m_we_q[gb] && (m_row_q[gb] == arow);
            wire [31:0] word = byp_q ? m_wd_q[gb] : dout_q;
            assign dout[gb*32 +: 32] = word;

            always @(posedge clk_i)
                if (m_from_a) begin
                    m_row_q[gb] <= arow;
                    m_wd_q[gb]  <= a_stws_q[gb*32 +: 32];
                end else begin
                    if (m_from_r) begin
                        m_row_q[gb] <= r_row_q[gb];
                        m_old_q[gb] <= word;
                    end
                    if (m_rmw_q) m_wd_q[gb] <= rmw_word;
                end

            gpu_amo_alu u_amo (
                .op_i      (r_amo_op_q),
                .old_i     (old),
                .operand_i (r_opnd_q[gb]),
                .cmp_i     (r_cmpv_q[gb]),
                .new_o     (amo_new[gb*32 +: 32])
            );
        end
    endgenerate
    always @(posedge clk_i) begin
        if (rst_i)         m_we_q <= {T{1'b0}};
        else if (m_from_a) m_we_q <= a_bank_q;
        else if (m_from_r) m_we_q <= r_bank_v_q;
        else               m_we_q <= {T{1'b0}};
        m_rmw_q <= !rst_i && m_from_r;
    end

    // R: each served lane's value (a load's bytes of its word, an atomic's
    // old word), merged with the instruction's earlier passes.
    reg [T*32-1:0] r_result, r_result_hi;
    always @(*) begin : results
        reg [31:0] w32;
        integer    rl, rb;
        w32      = 32'd0;   // every path assigns the temporaries: no latch
        rl       = 0;
        rb       = 0;
        r_result = acc_q;
        r_result_hi = acc_hi_q;
        // amocas.d: the old high word from the lane's second bank
        if (r_d64_q)
            for (rl = 0; rl < T; rl = rl + 1)
                if (r_lanes_q[rl])
                    for (rb = 0; rb < T; rb = rb + 1)
                        if ((r_lbank_q[rl*LB +: LB] | LB'(1)) == LB'(rb))
                            r_result_hi[rl*32 +: 32] = dout[rb*32 +: 32];
        if (r_load_q || r_amo_q)
            for (rl = 0; rl < T; rl = rl + 1)
                if (r_lanes_q[rl]) begin
                    w32 = 32'd0;
                    for (rb = 0; rb < T; rb = rb + 1)
                        if (r_lbank_q[rl*LB +: LB] == LB'(rb)) w32 = dout[rb*32 +: 32];
                    if (!r_amo_q) w32 = w32 >> {r_boff_q[rl*2 +: 2], 3'b000};
                    case (r_amo_q ? 2'd2 : r_size_q)
                        2'd0:    r_result[rl*32 +: 32] = {{24{w32[7]  && !r_uns_q}}, w32[7:0]};
                        2'd1:    r_result[rl*32 +: 32] = {{16{w32[15] && !r_uns_q}}, w32[15:0]};
                        default: r_result[rl*32 +: 32] = w32;
                    endcase
                end
    end

    // Each bank's leader's atomic operand and compare value, as plain
    // multiplexers over the lanes.
    reg [T*32-1:0] lead_wdata, lead_cmp;
    always @(*) begin : leaders
        integer lb, ll;
        lead_wdata = {T*32{1'b0}};
        lead_cmp   = {T*32{1'b0}};
        for (lb = 0; lb < T; lb = lb + 1)
            for (ll = 0; ll < T; ll = ll + 1)
                if (a_leads_q[lb*LB +: LB] == LB'(ll)) begin
                    // amocas.d: a pair's second (odd) bank takes the high words
                    lead_wdata[lb*32 +: 32] = (a_d64_q && lb % 2 == 1) ? hi_wdata_i[ll*32 +: 32]
                                                                      : a_wdata_q[ll*32 +: 32];
                    lead_cmp[lb*32 +: 32]   = (a_d64_q && lb % 2 == 1) ? hi_cmp_i[ll*32 +: 32]
                                                                      : a_cmp_q[ll*32 +: 32];
                end
    end

    // ==== control ================================================================
    assign free_o = !a_valid_q || a_done;
    wire r_hold_req = r_out && w_valid_q && (HOLD_ANY || !wb_ready_req_i || w_more);
    assign req_ready_o = !a_valid_q ||
                         (!r_hold_req && !(r_valid_q && r_rmw_q) && !hold_i && (rem_next == {T{1'b0}}));
    wire accept = req_valid_i && req_ready_o;

    // The pass A makes next, worked out at the edge before it: from the
    // request when it is accepted, else from the lanes the pass now
    // leaves. Each bank serves the word of its lowest remaining lane; a
    // remaining lane on that word joins (not for atomics). Per bank it
    // keeps the row, the lowest lane, and for stores the merged bytes (the
    // highest lane wins a byte written twice: the later assignment wins).
    // Every loop runs over constant banks and lanes, so each register is
    // written at a fixed position: an index computed from an address on
    // the left-hand side would make synthesis build a full-width shifter
    // per assignment. Only narrow temporaries, and only when a pass is
    // planned.
    // The source is picked from registers alone, by whether A's
    // instruction has lanes left after its current pass (a_more): the
    // two never meet, since A takes no request while it has (req_ready_o).
    // The planner runs in every cycle A is free, on whatever X offers,
    // and as A goes: a superset of accept (a request comes only when A is
    // free or done) whose enable does not wait for X's hand-off, which is
    // late in the cycle (X's commit, the detector's replay). Nothing reads
    // a plan before a_go, which needs a_valid_q. (The FPGA's longest paths
    // ran from the commit through the whole planner, by `accept`, then
    // from the commit into the enable of every register below, by
    // `accept` again: the board with the detector, seed 2.)
    wire plan_new  = !a_valid_q;
    wire plan_next = a_go;
    wire a_more    = a_valid_q && (rem_next != {T{1'b0}});
    wire [T*SAW-1:0] plan_addr  = a_more ? a_addr_q  : req_addr_i;
    wire [T*32-1:0]  plan_wdata = a_more ? a_wdata_q : req_wdata_i;
    always @(posedge clk_i) begin : planner
        reg [T-1:0]     rem, lanes, taken;
        reg [T*WAW-1:0] wv;             // each lane's word address,
        reg [T*LB-1:0]  bv;             // its bank,
        reg [T*32-1:0]  repv;           // a store's bytes in their lanes of the word
        reg [T*4-1:0]   bev;            // and their enables
        reg [WAW-1:0]   lw;
        reg [LB-1:0]    lead;
        reg [31:0]      st, rep;
        reg [3:0]       stbe, be;
        reg [1:0]       size;
        reg             amo, d64, found;
        integer j, q, bk;
        if (plan_new || plan_next) begin
            rem  = a_more ? rem_next : req_mask_i;
            size = a_more ? a_size_q : req_size_i;
            amo  = a_more ? a_amo    : (req_op_i == `LSU_AMO);
            d64  = a_more ? a_d64_q  : req_d64_i;
            for (j = 0; j < T; j = j + 1) begin
                wv[j*WAW +: WAW] = plan_addr[j*SAW+2 +: WAW];
                bv[j*LB +: LB]   = (T > 1) ? plan_addr[j*SAW+2 +: LB] : {LB{1'b0}};
                rep = plan_wdata[j*32 +: 32];
                be  = 4'b1111;
                case (size)
                    2'd0: begin rep = {4{rep[7:0]}};  be = 4'b0001 << plan_addr[j*SAW +: 2]; end
                    2'd1: begin rep = {2{rep[15:0]}}; be = 4'b0011 << plan_addr[j*SAW +: 2]; end
                    default: ;
                endcase
                repv[j*32 +: 32] = rep;
                bev[j*4 +: 4]    = be;
            end
            lanes = {T{1'b0}};
            for (bk = 0; bk < T; bk = bk + 1) begin
                // the bank's leader: its lowest remaining lane
                found = 1'b0;
                lead  = {LB{1'b0}};
                lw    = {WAW{1'b0}};
                // (amocas.d: a lane's word is in an even bank; it takes the
                // next bank too, for its high word in the same row)
                for (j = 0; j < T; j = j + 1)
                    if (rem[j] && !found && (d64 ? ((bv[j*LB +: LB] | LB'(1)) == (LB'(bk) | LB'(1)))
                                                 : (bv[j*LB +: LB] == LB'(bk)))) begin
                        found = 1'b1;
                        lead  = LB'(j);
                        lw    = wv[j*WAW +: WAW];
                    end
                taken[bk] = found;
                // lanes on the leader's word join it (an atomic: the leader alone)
                st   = 32'd0;
                stbe = 4'd0;
                for (j = 0; j < T; j = j + 1)
                    if (found && rem[j] && (!amo || lead == LB'(j)) &&
                        (d64 || (bv[j*LB +: LB] == LB'(bk) && wv[j*WAW +: WAW] == lw))) begin
                        lanes[j] = 1'b1;
                        for (q = 0; q < 4; q = q + 1)   // the highest lane last: it wins
                            if (bev[j*4 + q]) begin
                                st[q*8 +: 8] = repv[j*32 + q*8 +: 8];
                                stbe[q]      = 1'b1;
                            end
                    end
                if (found) begin
                    a_rows_q[bk*RW +: RW]  <= RW'(lw >> LB);
                    a_leads_q[bk*LB +: LB] <= lead;
                end
                a_stws_q[bk*32 +: 32] <= amo ? 32'd0 : st;
                a_stbes_q[bk*4 +: 4]  <= amo ? 4'd0 : stbe;
            end
            a_pass_q <= lanes;
            a_bank_q <= taken;
        end
    end

    always @(posedge clk_i) begin
        if (rst_i) begin
            a_valid_q <= 1'b0;
            r_valid_q <= 1'b0;
            w_valid_q <= 1'b0;
            acc_q     <= {T*32{1'b0}};
            acc_hi_q  <= {T*32{1'b0}};
        end else begin
            // ---- R: the pass A makes now, unless R holds its own
            if (!r_hold) begin
                r_valid_q <= a_go;
                if (r_valid_q) begin
                    acc_q <= r_last_q ? {T*32{1'b0}} : r_result;
                    if (r_d64_q) acc_hi_q <= r_last_q ? {T*32{1'b0}} : r_result_hi;
                end
            end
            if (a_go) begin
                r_last_q    <= (rem_next == {T{1'b0}});
                r_rmw_q     <= a_rmw;
                r_amo_q     <= a_amo;
                r_load_q    <= (a_op_q == `LSU_LOAD);
                r_lanes_q   <= a_pass_q;
                r_bank_v_q  <= a_bank_q;
                r_size_q    <= a_size_q;
                r_uns_q     <= a_uns_q;
                r_amo_op_q  <= a_amo_op_q;
                r_warp_q    <= a_warp_q;
                r_rd_q      <= a_rd_q;
                r_mask_q    <= a_mask_q;
                r_wb_mask_q <= (a_op_q != `LSU_STORE);
                r_tag_q     <= a_tag_q;
                r_d64_q     <= a_d64_q;
                for (i = 0; i < T; i = i + 1) begin
                    r_boff_q[i*2 +: 2]    <= a_addr_q[i*SAW +: 2];
                    r_lbank_q[i*LB +: LB] <= (T > 1) ? a_addr_q[i*SAW+2 +: LB] : {LB{1'b0}};
                end
                for (b = 0; b < T; b = b + 1) begin
                    r_row_q[b]  <= a_rows_q[b*RW +: RW];
                    r_opnd_q[b] <= lead_wdata[b*32 +: 32];
                    r_cmpv_q[b] <= lead_cmp[b*32 +: 32];
                    r_stw_q[b]  <= a_stws_q[b*32 +: 32];
                    r_stbe_q[b] <= a_stbes_q[b*4 +: 4];
                end
            end

            // ---- A: the next pass of this instruction, or a new one
            if (a_go) begin
                a_rem_q   <= rem_next;
                a_first_q <= 1'b0;
            end
            if (a_done) a_valid_q <= 1'b0;
            if (accept) begin
                a_valid_q  <= 1'b1;
                a_first_q  <= 1'b1;
                a_rem_q    <= req_mask_i;
            end
            // The request's fields, as the planner: whenever A is free or
            // done, a superset of accept with an enable from A alone.
            if (!a_valid_q || a_done) begin
                a_op_q     <= req_op_i;
                a_amo_op_q <= req_amo_op_i;
                a_size_q   <= req_size_i;
                a_uns_q    <= req_unsigned_i;
                a_warp_q   <= req_warp_i;
                a_rd_q     <= req_rd_i;
                a_mask_q   <= req_mask_i;
                a_addr_q   <= req_addr_i;
                a_wdata_q  <= req_wdata_i;
                a_cmp_q    <= req_cmp_i;
                a_tag_q    <= req_tag_i;
                a_d64_q    <= req_d64_i;
            end

            // ---- W: takes R's instruction when it was not written back
            if (w_valid_q && wb_ready_i) begin
                if (w_more) begin
                    w2_q     <= 1'b1;
                    w_rd_q   <= w_rd_q | 5'd1;
                    w_data_q <= w_hi_q;
                end else begin
                    w_valid_q <= 1'b0;
                end
            end
            if (r_out && !r_hold &&
                (RESULT_REG != 0 || r_d64_q || (w_valid_q ? wb_ready_i : !wb_ready_i))) begin
                w_valid_q <= 1'b1;
                w_d64_q   <= r_d64_q;
                w2_q      <= 1'b0;
                w_hi_q    <= r_result_hi;
                w_warp_q  <= r_warp_q;
                w_rd_q    <= r_rd_q;
                w_mask_q  <= r_wb_mask_q ? r_mask_q : {T{1'b0}};
                w_data_q  <= r_result;
            end
        end
    end

    wire from_w       = w_valid_q || (RESULT_REG != 0);
    assign wb_valid_o = w_valid_q || (r_out && RESULT_REG == 0 && !r_d64_q);
    assign wb_last_o  = !w_more;
    assign d64_busy_o = (a_valid_q && a_d64_q) || (r_valid_q && r_d64_q) || (w_valid_q && w_d64_q);
    assign wb_warp_o  = from_w ? w_warp_q : r_warp_q;
    assign wb_rd_o    = from_w ? w_rd_q : r_rd_q;
    assign wb_mask_o  = from_w ? w_mask_q : (r_wb_mask_q ? r_mask_q : {T{1'b0}});
    assign wb_data_o  = from_w ? w_data_q : r_result;
    assign idle_o     = !a_valid_q && !r_valid_q && !w_valid_q;

    assign perf_access_o   = accept;
    assign perf_conflict_o = a_go && !a_first_q;

    assign sh_rd_o       = a_go;
    assign sh_rd_banks_o = a_bank_q;
    assign sh_rd_rows_o  = a_rows_q;
    assign sh_busy_o     = r_valid_q;
    assign sh_pass_o     = r_valid_q && !r_hold;
    assign sh_lanes_o    = r_lanes_q;
    assign sh_banks_o    = r_bank_v_q;
    assign sh_lbank_o    = r_lbank_q;
    assign sh_boff_o     = r_boff_q;
    assign sh_size_o     = r_d64_q ? 2'd3 : r_amo_q ? 2'd2 : r_size_q;   // 3: amocas.d, two banks
    assign sh_kind_o     = r_load_q ? `DET_EV_LOAD : r_amo_q ? `DET_EV_ATOMIC : `DET_EV_STORE;
    assign sh_warp_o     = r_warp_q;
    assign sh_tag_o      = r_tag_q;
    generate
        for (gb = 0; gb < T; gb = gb + 1) begin : g_rows
            assign sh_rows_o[gb*RW +: RW] = r_row_q[gb];
        end
    endgenerate

`ifndef SYNTHESIS
    // Checked in simulation: a copy of the banks written as soon as the
    // words are known (a word store in A's cycle, a read-modify-write in
    // R's, its new word worked out there from R's words by an ALU of the
    // check's own), which R's words must match (words never written are
    // left out: the banks start undefined).
    generate
        for (gb = 0; gb < T; gb = gb + 1) begin : g_check
            reg [31:0]    ref_mem [0:DEPTH-1];
            reg [DEPTH-1:0] ref_set = {DEPTH{1'b0}};
            reg [31:0]    ref_q;
            reg           ref_set_q;
            wire [RW-1:0] arow = g_bank[gb].arow;
            wire [31:0]   word = dout[gb*32 +: 32];
            wire [31:0]   ref_amo;
            wire          ref_eq2 = (word == r_cmpv_q[gb]) &&
                                    (dout[(gb ^ 1)*32 +: 32] == r_cmpv_q[gb ^ 1]);
            wire [31:0]   ref_new = r_d64_q ? (ref_eq2 ? r_opnd_q[gb] : word) :
                                    r_amo_q ? ref_amo : merge_bytes(word, r_stw_q[gb], r_stbe_q[gb]);
            gpu_amo_alu u_ref_amo (
                .op_i      (r_amo_op_q),
                .old_i     (word),
                .operand_i (r_opnd_q[gb]),
                .cmp_i     (r_cmpv_q[gb]),
                .new_o     (ref_amo)
            );
            always @(posedge clk_i) begin
                if (g_bank[gb].re) begin
                    ref_q     <= ref_mem[arow];
                    ref_set_q <= ref_set[arow];
                end
                if (m_from_a && a_bank_q[gb]) begin
                    ref_mem[arow] <= a_stws_q[gb*32 +: 32];
                    ref_set[arow] <= 1'b1;
                end else if (r_valid_q && r_rmw_q && r_bank_v_q[gb]) begin
                    ref_mem[r_row_q[gb]] <= ref_new;
                    ref_set[r_row_q[gb]] <= 1'b1;
                end
                if (!rst_i && r_valid_q && (r_load_q || r_rmw_q) && r_bank_v_q[gb] && ref_set_q &&
                    (ref_q != dout[gb*32 +: 32]))
                    $display("gpu_smem: ERROR: bank %0d's word differs from the banks written at once", gb);
            end
        end
    endgenerate
    // wb_ready_req_i stands for wb_ready_i in every cycle with a request
    always @(posedge clk_i)
        if (!rst_i && req_valid_i && (req_ready_o != free_o))
            $display("gpu_smem: ERROR: wb_ready_req_i differs from wb_ready_i with a request");
    // a request is taken only when A has no lanes left
    always @(posedge clk_i)
        if (!rst_i && accept && a_more)
            $display("gpu_smem: ERROR: a request taken while A has lanes left");
`endif
endmodule
`default_nettype wire
