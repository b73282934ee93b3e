// Per-core load/store unit with the L1 data cache (direct mapped,
// write-through, no write-allocate, not coherent).
//
// One warp instruction at a time. The lanes are served in groups: the lowest
// remaining lane leads, and every remaining lane whose address is in the
// lead's line joins it (atomics, LR and SC: the lead alone). A group of
//   weak load      looks up the L1; on a miss reads the line from the L2 and
//                  fills the L1.
//   strong load    reads the line from the L2, the L1 is left alone.
//   store (both)   looks up the L1 and updates a hitting line, then sends the
//                  merged bytes of the group as one L2 WRITE (no answer).
//   block atomic   looks up the L1 (fill on a miss), computes the new word,
//                  writes it into the L1 line and sends it as an L2 WRITE with
//                  a 4-byte strobe. Atomic among the warps of this core only.
//   device atomic, LR, SC   drop the L1 line at that index and go to the L2.
//   amocas.d       as an atomic of its scope on the lead's 8 bytes (L2_CAS64
//                  at device scope); its old high words go to cmp_q's lanes,
//                  written to rd+1 by a second wb transfer after rd's.
// A device fence invalidates the whole L1 and waits for the L2's FENCE answer.
// Every operation ends with one wb transfer; only then is the LSU ready.
//
// For the race detector (DETECTOR != 0) scord_l1_stale sits beside the
// L1's arrays: from the L2's write notices (wn_*) it knows which words of
// the L1 are stale, and which lanes of a weak load read one (ld_known_o,
// ld_stale_o: docs/detector.md §3.7). It changes nothing the L1 does.
//
// Timing (cycle 0: request accepted): an L1 lookup takes 2 cycles (RAM read
// and tag check, then acting on the line); an L2 access is the request
// handshake plus the L2's latency.
// Weak load, all lanes in one line, hit: wb_valid in cycle 3.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module gpu_lsu #(
    // Small defaults keep a standalone synthesis quick; gpu_core sets the real ones.
    parameter CORE_ID     = 0,
    parameter NUM_CORES   = 2,
    parameter NUM_WARPS   = 2,
    parameter NUM_THREADS = 4,
    parameter LINE_BYTES  = 32,
    parameter L1D_BYTES   = 1024,
    parameter DETECTOR    = 0,     // keep the stale bits and the stale lanes
    parameter LOOKAHEAD   = 1,     // ld_*_o include the lookup of this cycle
    // Derived, do not override.
    parameter WARP_W      = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter RID_W       = (NUM_CORES * NUM_WARPS * NUM_THREADS > 1) ?
                            $clog2(NUM_CORES * NUM_WARPS * NUM_THREADS) : 1,
    parameter REQ_W       = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                      clk_i,
    input  wire                      rst_i,
    // core -> LSU
    input  wire                      lsu_req_valid_i,
    output wire                      lsu_req_ready_o,
    input  wire [2:0]                lsu_req_op_i,
    input  wire                      lsu_req_strong_i,
    input  wire                      lsu_req_scope_i,
    input  wire [4:0]                lsu_req_amo_op_i,
    input  wire [1:0]                lsu_req_size_i,
    input  wire                      lsu_req_unsigned_i,
    input  wire [WARP_W-1:0]         lsu_req_warp_i,
    input  wire [4:0]                lsu_req_rd_i,
    input  wire [NUM_THREADS-1:0]    lsu_req_mask_i,
    input  wire [NUM_THREADS*32-1:0] lsu_req_addr_i,
    input  wire [NUM_THREADS*32-1:0] lsu_req_wdata_i,
    input  wire [NUM_THREADS*32-1:0] lsu_req_cmp_i,
    // amocas.d (docs/isa.md): wdata and cmp are the low words; the high
    // words stay at hi_* (gpu_units' hold register) while it is served
    input  wire                      lsu_req_d64_i,
    input  wire [NUM_THREADS*32-1:0] hi_wdata_i,
    input  wire [NUM_THREADS*32-1:0] hi_cmp_i,
    output wire                      d64_busy_o,
    // LSU -> register file
    output wire                      wb_valid_o,
    input  wire                      wb_ready_i,
    output wire [WARP_W-1:0]         wb_warp_o,
    output wire [4:0]                wb_rd_o,
    output wire [NUM_THREADS-1:0]    wb_mask_o,
    output wire [NUM_THREADS*32-1:0] wb_data_o,
    output wire                      wb_last_o,    // the instruction's last write-back
    // L2 channel (gpu_l2_bus.vh)
    output wire                      l2_req_valid_o,
    input  wire                      l2_req_ready_i,
    output wire [REQ_W-1:0]          l2_req_o,
    input  wire                      l2_rsp_valid_i,
    input  wire [LINE_BYTES*8-1:0]   l2_rsp_data_i,
    // control and events
    input  wire                      flush_i,
    output wire                      idle_o,
    output wire                      perf_load_o,
    output wire                      perf_store_o,
    output wire                      perf_atomic_o,
    output wire                      perf_l1_hit_o,
    output wire                      perf_l1_miss_o,
    // the L2's write notices (gpu_l2): a write of the line at wn_addr_i,
    // the words it wrote bytes of and those it wrote whole, by wn_rid_i
    input  wire                      wn_valid_i,
    input  wire [31:0]               wn_addr_i,
    input  wire [LINE_BYTES/4-1:0]   wn_any_i,
    input  wire [LINE_BYTES/4-1:0]   wn_full_i,
    input  wire [RID_W-1:0]          wn_rid_i,
    // for the detector's event port: the lanes of the instruction served
    // (or the last one) that a weak load's L1 lookup has decided, and
    // those of them that read a stale word; acc_o: an instruction starts
    output wire [NUM_THREADS-1:0]    ld_known_o,
    output wire [NUM_THREADS-1:0]    ld_stale_o,
    output wire                      acc_o
);

    localparam T         = NUM_THREADS;
    localparam LANE_W    = (T > 1) ? $clog2(T) : 1;
    localparam LINE_BITS = LINE_BYTES * 8;
    localparam WORDS     = LINE_BYTES / 4;
    localparam OFF_W     = $clog2(LINE_BYTES);
    localparam WSEL_W    = OFF_W - 2;
    localparam SETS      = L1D_BYTES / LINE_BYTES;
    localparam IDX_W     = (SETS > 1) ? $clog2(SETS) : 1;
    localparam TAG_W     = 32 - OFF_W - IDX_W;

    localparam [2:0] S_IDLE   = 3'd0;
    localparam [2:0] S_LOOK   = 3'd1;  // L1 RAM read of the lead's line
    localparam [2:0] S_CHECK  = 3'd2;  // act on the line (hit decided in S_LOOK)
    localparam [2:0] S_L2REQ  = 3'd3;  // offer the request to the L2
    localparam [2:0] S_L2WAIT = 3'd4;  // wait for its answer
    localparam [2:0] S_WB     = 3'd5;  // offer the write-back

    reg [2:0]           state_q;
    // the instruction being served
    reg [2:0]           op_q;
    reg                 strong_q;
    reg                 scope_q;
    reg [4:0]           amo_op_q;
    reg [1:0]           size_q;
    reg                 uns_q;
    reg [WARP_W-1:0]    warp_q;
    reg [4:0]           rd_q;
    reg [T-1:0]         mask_q;
    reg [T*32-1:0]      addr_q;
    reg [T*32-1:0]      wdata_q;
    reg [T*32-1:0]      cmp_q;
    reg [T-1:0]         rem_q;      // lanes still to serve
    reg [T*32-1:0]      res_q;      // per-lane results
    reg                 phase_q;    // block atomic: 0 line read, 1 word write
    reg [31:0]          amo_old_q;  // block atomic: the word as read
    reg [31:0]          amo_opnd_q; // block atomic: the lead's operand
    reg [31:0]          amo_cmp_q;  // block atomic: the lead's compare value
    reg                 d64_q;      // amocas.d: 8 bytes, rd and rd+1
    reg                 wb2_q;      // ... its second write-back (rd+1)
    reg [31:0]          amo_old_hi_q, amo_opnd_hi_q, amo_cmp_hi_q;   // ... its high words

    wire accept = lsu_req_valid_i && lsu_req_ready_o;
    // amocas.d has a second write-back to come (rd+1)
    wire wb_more = d64_q && !wb2_q && (rd_q != 5'd0);

    // ---- operation classes -------------------------------------------------------
    wire is_load   = (op_q == `LSU_LOAD);
    wire is_store  = (op_q == `LSU_STORE);
    wire is_fence  = (op_q == `LSU_FENCE);
    wire blk_amo   = (op_q == `LSU_AMO) && !scope_q;
    wire one_lane  = (op_q == `LSU_AMO) || (op_q == `LSU_LR) || (op_q == `LSU_SC);
    wire uses_l1   = (is_load && !strong_q) || is_store || blk_amo;
    wire writes_rd = is_load || one_lane;

    function automatic first_uses_l1(input [2:0] op, input strg, input scp);
        first_uses_l1 = (op == `LSU_LOAD && !strg) || (op == `LSU_STORE) ||
                        (op == `LSU_AMO && !scp);
    endfunction

    // ---- lead lane and its group ---------------------------------------------------
    // The lead (the lowest lane left) and its address are registers, written
    // with every new rem_q from the value it takes: picked from rem_q and
    // addr_q in the cycle they serve, they were the head of the FPGA build's
    // longest path (lead -> its address -> the group's compares -> the
    // merged store bytes -> the L1's write data). Same cycles.
    reg [LANE_W-1:0] lead_q;        // = lowest(rem_q)
    reg [31:0]       lead_addr_q;   // = lane_word(addr_q, lead_q)
    // Each always block has loop counters of its own: one shared by
    // several blocks Yosys sees driven by each of them (the yowasp build
    // warns of drivers conflicting with a constant).
    integer i, gi, li;

    // The lead lane's operands are picked by plain multiplexers over
    // constant positions, a line's words by an index into an array of them:
    // a part select at an index times 32 makes Yosys build a shifter as wide
    // as the whole vector (thousands of LUTs per lane on the fpga
    // configuration), and a chain of compares over the 8 words of a line
    // cost 1 800 LUT4 more per LSU than the array (gpu_lsu alone, fpga
    // parameters); for the 4 lanes the chain maps smaller.
    function automatic [31:0] lane_word(input [T*32-1:0] v, input [LANE_W-1:0] sel);
        integer k;
        begin
            lane_word = v[31:0];
            for (k = 1; k < T; k = k + 1)
                if (sel == LANE_W'(k)) lane_word = v[k*32 +: 32];
        end
    endfunction
    function automatic [31:0] line_word(input [LINE_BITS-1:0] line, input [WSEL_W-1:0] sel);
        reg [31:0] words [0:WORDS-1];
        integer k;
        begin
            for (k = 0; k < WORDS; k = k + 1) words[k] = line[k*32 +: 32];
            line_word = words[sel];
        end
    endfunction

    wire [IDX_W-1:0]   lead_idx  = (SETS > 1) ? lead_addr_q[OFF_W +: IDX_W] : {IDX_W{1'b0}};
    wire [TAG_W-1:0]   lead_tag  = lead_addr_q[31 -: TAG_W];
    wire [WSEL_W-1:0]  lead_wsel = lead_addr_q[OFF_W-1:2];
    wire [LINE_BYTES-1:0] lead_wstrb = LINE_BYTES'(4'hF) << (lead_wsel * 4);
    // amocas.d: the lead's two words (its address is 8-byte aligned)
    wire [LINE_BYTES-1:0] lead_wstrb8 = LINE_BYTES'(8'hFF) << (lead_wsel * 4);

    reg [T-1:0] group;
    always @(*) begin
        for (gi = 0; gi < T; gi = gi + 1)
            group[gi] = rem_q[gi] && (one_lane ? (LANE_W'(gi) == lead_q)
                        : (addr_q[gi*32+OFF_W +: 32-OFF_W] == lead_addr_q[31:OFF_W]));
    end
    wire [T-1:0] rem_next = rem_q & ~group;
    // the lowest lane of what is left after this group, and of a new request
    wire [LANE_W-1:0] lead_next, req_lead;
    wire              unused_lead_any, unused_req_any;
    wire [T-1:0]      unused_lead_bit, unused_req_bit;
    prim_first_one #(.N(T)) u_lead_next (
        .req_i    (rem_next),
        .any_o    (unused_lead_any),
        .idx_o    (lead_next),
        .onehot_o (unused_lead_bit)
    );
    prim_first_one #(.N(T)) u_req_lead (
        .req_i    (lsu_req_mask_i),
        .any_o    (unused_req_any),
        .idx_o    (req_lead),
        .onehot_o (unused_req_bit)
    );
    wire [31:0]       lead_addr_next = lane_word(addr_q, lead_next);

    // ---- L1 arrays: tags and data in RAM (synchronous read), valid in flops --------
    // tags are narrow and few: LUT RAM, so block RAM goes to the wide arrays
    (* ram_style = "distributed" *)
    reg [TAG_W-1:0]     tag_mem  [0:SETS-1];
    reg [LINE_BITS-1:0] data_mem [0:SETS-1];
    reg [SETS-1:0]      valid_q;
    reg                 hit_q;
    reg [LINE_BITS-1:0] data_rd_q;

    // The hit is decided in S_LOOK, from the tag RAM's asynchronous read,
    // and used in S_CHECK from a register: lead_addr_q -> tag compare ->
    // the data RAM's write enable was once the routed critical path of fpga1
    // with the detector (46.77 MHz, 18 of its 21 ns routing). Nothing
    // between the two cycles changes what it reads (no tag or valid bit is
    // written in S_LOOK, and the group's lead stays) but a flush, which
    // clears every valid bit at that edge: it clears the hit too.
    wire hit = hit_q;

    reg                  l1_we;     // write the data RAM at lead_idx
    reg                  l1_fill;   // ... and the tag, and set valid
    wire [LINE_BITS-1:0] l1_wdata;
    wire [LINE_BYTES-1:0] l1_be;    // the bytes written

    always @(posedge clk_i) begin : l1_ram
        integer bw, be;
        if (state_q == S_LOOK) begin
            hit_q     <= valid_q[lead_idx] && (tag_mem[lead_idx] == lead_tag) && !flush_i;
            data_rd_q <= data_mem[lead_idx];
        end
        // by words, then bytes: Verilator unrolls a loop of at most 64
        // turns, and the cuda configuration's lines have 128 bytes
        for (bw = 0; bw < WORDS; bw = bw + 1)
            for (be = 0; be < 4; be = be + 1)
                if (l1_we && l1_be[bw*4+be])
                    data_mem[lead_idx][(bw*4+be)*8 +: 8] <= l1_wdata[(bw*4+be)*8 +: 8];
        if (l1_fill) tag_mem[lead_idx]  <= lead_tag;
    end

    // The line the group works on: the L1's in S_CHECK, the L2's answer else.
    wire [LINE_BITS-1:0] cur_line = (state_q == S_L2WAIT) ? l2_rsp_data_i : data_rd_q;

    // ---- loads: every lane's word from cur_line -----------------------------------
    // res_q takes each lane's word of the line as read; the bytes, the sign
    // and the size are taken out of it as the result leaves (wb_data_o),
    // from registers. Taken before res_q they ended the FPGA build's
    // longest path without the detector (L1 data block RAM -> word -> bytes
    // -> sign -> res_q, docs/fpga.md); the write-back is the same cycle.
    reg [T*32-1:0] ld_word;
    always @(*)
        for (li = 0; li < T; li = li + 1)
            ld_word[li*32 +: 32] = line_word(cur_line, addr_q[li*32+2 +: WSEL_W]);

    function automatic [31:0] load_value(input [31:0] word, input [1:0] boff,
                                         input [1:0] size, input uns);
        reg [31:0] sh;
        begin
            sh = word >> {boff, 3'b000};
            case (size)
                2'd0:    load_value = {{24{sh[7]  && !uns}}, sh[7:0]};
                2'd1:    load_value = {{16{sh[15] && !uns}}, sh[15:0]};
                default: load_value = sh;
            endcase
        end
    endfunction

    // ---- stores: the group's bytes merged into one line write ----------------------
    // The highest lane wins a byte written twice (as if lanes were applied in
    // order). Each byte of the line takes its value as an AND-OR over the
    // lanes with a one-hot select, not as a chain of per-lane overrides: the
    // chain cost twice the LUTs, in every core.
    reg [T*32-1:0]      lane_rep;   // store data repeated over the word
    reg [T*4-1:0]       lane_bs;    // byte strobe within the word
    reg [LINE_BITS-1:0] st_data;
    reg [LINE_BYTES-1:0] st_strb;
    reg [T-1:0]         byte_w;     // lanes writing the byte at hand
    reg                 byte_hi;    // a higher lane writes it too
    integer w, b2;
    always @(*) begin
        // Only a store uses them (every use is under is_store): otherwise
        // don't-care, which synthesis folds away and which spares the
        // cycle model the merge, T x LINE_BYTES steps, on every other cycle.
        lane_rep = {T*32{1'bx}};
        lane_bs  = {T*4{1'bx}};
        st_data  = {LINE_BITS{1'bx}};
        st_strb  = {LINE_BYTES{1'bx}};
        byte_w   = {T{1'bx}};
        byte_hi  = 1'bx;
        i        = 0;        // the loop counters too: no latch
        w        = 0;
        b2       = 0;
        if (is_store) begin
        for (i = 0; i < T; i = i + 1) begin
            case (size_q)
                2'd0: begin
                    lane_rep[i*32 +: 32] = {4{wdata_q[i*32 +: 8]}};
                    lane_bs[i*4 +: 4]    = 4'b0001 << addr_q[i*32 +: 2];
                end
                2'd1: begin
                    lane_rep[i*32 +: 32] = {2{wdata_q[i*32 +: 16]}};
                    lane_bs[i*4 +: 4]    = 4'b0011 << addr_q[i*32 +: 2];
                end
                default: begin
                    lane_rep[i*32 +: 32] = wdata_q[i*32 +: 32];
                    lane_bs[i*4 +: 4]    = 4'b1111;
                end
            endcase
        end
        for (w = 0; w < WORDS; w = w + 1)
            for (b2 = 0; b2 < 4; b2 = b2 + 1) begin
                for (i = 0; i < T; i = i + 1)
                    byte_w[i] = group[i] && addr_q[i*32+2 +: WSEL_W] == WSEL_W'(w) && lane_bs[i*4+b2];
                st_strb[w*4+b2]         = |byte_w;
                st_data[w*32+b2*8 +: 8] = 8'd0;
                byte_hi = 1'b0;
                for (i = T - 1; i >= 0; i = i - 1) begin
                    st_data[w*32+b2*8 +: 8] = st_data[w*32+b2*8 +: 8] |
                                              (lane_rep[i*32+b2*8 +: 8] & {8{byte_w[i] && !byte_hi}});
                    byte_hi = byte_hi || byte_w[i];
                end
            end
        end
    end
    // The merged bytes are taken in S_LOOK and used from registers in
    // S_CHECK (the L1 write) and S_L2REQ (the write to the L2): a store
    // always passes S_LOOK, and its group stays until the L2 takes the
    // write. Merged in the cycle they are written, they were the routed
    // critical path of the FPGA build with the detector once (lead
    // address -> the group's compares -> the merged bytes -> the L1's
    // write data, spread between the LSU and the L2 arbiter, which takes
    // the same bytes; docs/fpga.md). Same cycles.
    reg [LINE_BITS-1:0]  st_data_q;
    reg [LINE_BYTES-1:0] st_strb_q;
    always @(posedge clk_i)
        if (state_q == S_LOOK) begin
            st_data_q <= st_data;
            st_strb_q <= st_strb;
        end

    // ---- block atomics ------------------------------------------------------------------
    wire [31:0] amo_old  = line_word(cur_line, lead_wsel);
    wire [31:0] lead_wd  = lane_word(wdata_q, lead_q);
    wire [31:0] lead_cmp = lane_word(cmp_q, lead_q);
    wire [31:0] amo_new;
    // amocas.d: the high words it has beside (its old high word: cmp_q's
    // lane once served, for the second write-back), and its new 8 bytes
    wire [31:0] amo_old_hi  = line_word(cur_line, lead_wsel | WSEL_W'(1));
    wire [31:0] lead_wd_hi  = lane_word(hi_wdata_i, lead_q);
    wire [31:0] lead_cmp_hi = lane_word(hi_cmp_i, lead_q);
    wire        cas64_eq    = ({amo_old_hi_q, amo_old_q} == {amo_cmp_hi_q, amo_cmp_q});
    wire [63:0] amo_new64   = cas64_eq ? {amo_opnd_hi_q, amo_opnd_q} : {amo_old_hi_q, amo_old_q};
    gpu_amo_alu u_amo (
        .op_i     (amo_op_q),
        .old_i    (amo_old_q),
        .operand_i(amo_opnd_q),
        .cmp_i    (amo_cmp_q),
        .new_o    (amo_new)
    );

    // ---- L1 write port --------------------------------------------------------------------
    // The data RAM is written with byte enables: a fill writes the L2's
    // line whole, a store its group's merged bytes, a block atomic its new
    // word at the lead's position. Merging the new bytes into the line as
    // read (the RAM's bytes that are not written) cost a 256-bit
    // three-way multiplexer and a register of the atomic's line; the block
    // RAM's byte enables do it for nothing (gpu_lsu alone, fpga1's
    // parameters: `make synth-module MODULE=gpu_lsu`, docs/fpga.md). The
    // L1 holds the same bytes after every write: the line read is the
    // line in the RAM, as nothing else writes it while a group is served.
    // A block atomic's new word is written into the L1 while its write
    // goes to the L2 (S_L2REQ, phase 1), from registers: the old word
    // (amo_old_q), the lead's operand and compare value go through the
    // atomic's ALU. The lead lane's select in front of the ALU was on the
    // routed critical path of the FPGA build with the detector (lead_q ->
    // select -> ALU -> L1 write data, docs/fpga.md). The ALU sits after
    // the register, not between the L2's answer and it: that path (block
    // RAM answer, word select, min/max compare) was the management core's,
    // the routed critical path of the FPGA build without the detector
    // (docs/fpga.md); the cycles are the same.
    wire                  amo_wr  = (state_q == S_L2REQ) && blk_amo && phase_q;
    // The atomic's bytes, repeated over the line (the strobes pick the
    // lead's): 8 bytes for every atomic, so the choice between a word's
    // and amocas.d's is 64 bits wide, not the line's width. A device
    // amocas.d's request carries its high words there (gpu_l2_bus.vh:
    // WDATA[31:0] new, [63:32] compare), which its L1 never writes.
    wire [63:0]           amo_w64  = !d64_q ? {amo_new, amo_new} :
                                     scope_q ? {lead_cmp_hi, lead_wd_hi} : amo_new64;
    wire [LINE_BITS-1:0]  amo_line = {(WORDS/2){amo_w64}};
    wire [LINE_BITS-1:0]  l1_new  = is_store ? st_data_q : amo_line;
    // the L2's answer (S_L2WAIT writes only fills) or the new bytes
    wire                  l1_from_l2 = (state_q == S_L2WAIT);
    reg  [LINE_BYTES-1:0] l1_strb;
    always @(*) begin
        l1_we   = 1'b0;
        l1_fill = 1'b0;
        l1_strb = is_store ? st_strb_q : {LINE_BYTES{1'b0}};
        // A store that writes the whole line allocates it on a miss (nothing
        // needs reading), so lines written by a warp at once (results, stack
        // saves) are here when read back; a partial store misses as before.
        if (state_q == S_CHECK && !hit && is_store && (&st_strb_q)) begin
            l1_we   = 1'b1;
            l1_fill = 1'b1;
        end
        if (state_q == S_CHECK && hit && is_store) l1_we = 1'b1;
        if (state_q == S_L2WAIT && l2_rsp_valid_i && ((is_load && !strong_q) || blk_amo)) begin
            l1_we   = 1'b1;       // a block atomic's line as read, its word below
            l1_fill = 1'b1;
        end
        if (amo_wr) begin
            l1_we   = 1'b1;
            l1_strb = d64_q ? lead_wstrb8 : lead_wstrb;
        end
    end
    assign l1_wdata = l1_from_l2 ? l2_rsp_data_i : l1_new;
    assign l1_be    = l1_from_l2 ? {LINE_BYTES{1'b1}} : l1_strb;

    // ---- the race detector's stale lanes (scord_l1_stale, docs/detector.md §3.7) -------
    wire l2_fill = (state_q == S_L2WAIT) && l2_rsp_valid_i && ((is_load && !strong_q) || blk_amo);
    generate
        if (DETECTOR != 0) begin : g_stale
            reg [T*WSEL_W-1:0] lane_wsel;
            integer ws;
            always @(*)
                for (ws = 0; ws < T; ws = ws + 1)
                    lane_wsel[ws*WSEL_W +: WSEL_W] = addr_q[ws*32+2 +: WSEL_W];
            scord_l1_stale #(
                .CORE_ID     (CORE_ID),
                .NUM_CORES   (NUM_CORES),
                .NUM_WARPS   (NUM_WARPS),
                .NUM_THREADS (NUM_THREADS),
                .LINE_BYTES  (LINE_BYTES),
                .L1D_BYTES   (L1D_BYTES),
                .LOOKAHEAD   (LOOKAHEAD)
            ) u_stale (
                .clk_i      (clk_i),
                .rst_i      (rst_i),
                .valid_i    (valid_q),
                .flush_i    (flush_i),
                .fill_i     (l1_fill),
                .l2_fill_i  (l2_fill),
                .idx_i      (lead_idx),
                .tag_i      (lead_tag),
                .accept_i   (accept),
                .look_i     ((state_q == S_LOOK) && is_load && !strong_q),
                .group_i    (group),
                .wsel_i     (lane_wsel),
                .wn_valid_i (wn_valid_i),
                .wn_addr_i  (wn_addr_i),
                .wn_any_i   (wn_any_i),
                .wn_full_i  (wn_full_i),
                .wn_rid_i   (wn_rid_i),
                .ld_known_o (ld_known_o),
                .ld_stale_o (ld_stale_o)
            );
        end else begin : g_no_stale
            assign ld_known_o = {T{1'b0}};
            assign ld_stale_o = {T{1'b0}};
            wire unused_wn = ^{wn_valid_i, wn_addr_i, wn_any_i, wn_full_i, wn_rid_i, l2_fill};
        end
    endgenerate

    // ---- L2 request -------------------------------------------------------------------------
    reg [2:0] l2_type;
    always @(*) begin
        case (op_q)
            `LSU_LOAD:  l2_type = `L2_READ;
            `LSU_STORE: l2_type = `L2_WRITE;
            `LSU_AMO:   l2_type = scope_q ? (d64_q ? `L2_CAS64 : `L2_AMO)
                                          : (phase_q ? `L2_WRITE : `L2_READ);
            `LSU_LR:    l2_type = `L2_LR;
            `LSU_SC:    l2_type = `L2_SC;
            default:    l2_type = `L2_FENCE;
        endcase
    end
    wire l2_line_op = (l2_type == `L2_READ) || (l2_type == `L2_WRITE);

    wire [31:0] rid_full = (CORE_ID * NUM_WARPS + {{(32-WARP_W){1'b0}}, warp_q}) * NUM_THREADS
                           + {{(32-LANE_W){1'b0}}, lead_q};
    wire unused_rid = &{1'b0, rid_full[31:RID_W]};

    assign l2_req_valid_o = (state_q == S_L2REQ);
    assign l2_req_o = `L2_REQ(l1_new,
                              is_store ? st_strb_q : d64_q ? lead_wstrb8 : lead_wstrb,
                              `L2_RID_BITS'(rid_full[RID_W-1:0]), lead_cmp, lead_wd, amo_op_q,
                              l2_line_op ? {lead_addr_q[31:OFF_W], {OFF_W{1'b0}}}
                                         : lead_addr_q,   // word aligned (checked in X)
                              l2_type);

    wire l2_accept = l2_req_valid_o && l2_req_ready_i;

    // ---- control ---------------------------------------------------------------------------

    // Where the next group starts, or the write-back when all lanes are done.
    wire [2:0] next_group_state = (rem_next == {T{1'b0}}) ? S_WB : (uses_l1 ? S_LOOK : S_L2REQ);

    integer ln;  // not shared with another block: Yosys makes that a flip-flop both drive

    // A group is served: its lanes leave rem_q, the lead registers follow,
    // and the next group starts (or the write-back).
    task group_done;
        begin
            rem_q       <= rem_next;
            lead_q      <= lead_next;
            lead_addr_q <= lead_addr_next;
            state_q     <= next_group_state;
        end
    endtask
    // A block atomic has its line (an L1 hit or the L2's answer): the lead's
    // result is the old word, and phase 1 writes the new one from registers.
    task amo_read;
        begin
            for (ln = 0; ln < T; ln = ln + 1)
                if (LANE_W'(ln) == lead_q) begin
                    res_q[ln*32 +: 32] <= amo_old;
                    if (d64_q) cmp_q[ln*32 +: 32] <= amo_old_hi;
                end
            amo_old_q  <= amo_old;
            amo_old_hi_q  <= amo_old_hi;
            amo_opnd_hi_q <= lead_wd_hi;
            amo_cmp_hi_q  <= lead_cmp_hi;
            amo_opnd_q <= lead_wd;
            amo_cmp_q  <= lead_cmp;
            phase_q    <= 1'b1;
        end
    endtask
    always @(posedge clk_i) begin
        if (rst_i) begin
            state_q <= S_IDLE;
            valid_q <= {SETS{1'b0}};
            phase_q <= 1'b0;
        end else begin
            case (state_q)
                // The request's fields are taken in every idle cycle, not only
                // with accept: nothing reads them before a request leaves S_IDLE,
                // and their flip-flops (over 800 with 8 lanes) then have an enable from
                // state_q alone. With accept as their enable, X's hand-off
                // (commit, the detector's replay) drove one net that spread over
                // all of them: 5 ns of routing, the end of the routed critical
                // path of the board with the detector (docs/fpga.md).
                S_IDLE: begin
                    op_q     <= lsu_req_op_i;
                    strong_q <= lsu_req_strong_i;
                    scope_q  <= lsu_req_scope_i;
                    amo_op_q <= lsu_req_amo_op_i;
                    size_q   <= lsu_req_size_i;
                    uns_q    <= lsu_req_unsigned_i;
                    warp_q   <= lsu_req_warp_i;
                    rd_q     <= lsu_req_rd_i;
                    mask_q   <= lsu_req_mask_i;
                    rem_q    <= lsu_req_mask_i;
                    addr_q   <= lsu_req_addr_i;
                    lead_q      <= req_lead;
                    lead_addr_q <= lane_word(lsu_req_addr_i, req_lead);
                    wdata_q  <= lsu_req_wdata_i;
                    cmp_q    <= lsu_req_cmp_i;
                    d64_q    <= lsu_req_d64_i;
                    wb2_q    <= 1'b0;
                    phase_q  <= 1'b0;
                    if (accept) begin
                        // a fence's clear of the L1's valid bits waits for S_L2REQ,
                        // from op_q: from accept it was the same long net to every bit
                        if (lsu_req_op_i == `LSU_FENCE)
                            state_q <= S_L2REQ;
                        else if (lsu_req_mask_i == {T{1'b0}})
                            state_q <= S_WB;
                        else
                            state_q <= first_uses_l1(lsu_req_op_i, lsu_req_strong_i, lsu_req_scope_i)
                                       ? S_LOOK : S_L2REQ;
                    end
                end
                S_LOOK: state_q <= S_CHECK;
                S_CHECK: begin
                    if (is_load) begin
                        if (hit) begin
                            for (ln = 0; ln < T; ln = ln + 1)
                                if (group[ln]) res_q[ln*32 +: 32] <= ld_word[ln*32 +: 32];
                            group_done;
                        end else begin
                            state_q <= S_L2REQ;
                        end
                    end else if (blk_amo) begin
                        if (hit) amo_read;
                        state_q <= S_L2REQ;
                    end else begin  // store
                        if (!hit && (&st_strb_q)) valid_q[lead_idx] <= 1'b1;
                        state_q <= S_L2REQ;
                    end
                end
                S_L2REQ: if (is_fence) begin
                    // nothing reads the valid bits before the fence's write-back
                    valid_q <= {SETS{1'b0}};
                    if (l2_accept) state_q <= S_L2WAIT;
                end else if (l2_accept) begin
                    if (l2_type == `L2_WRITE) begin
                        phase_q <= 1'b0;
                        group_done;
                    end else begin
                        // the L2 now owns the word: drop our possibly stale copy
                        if (one_lane && !blk_amo) valid_q[lead_idx] <= 1'b0;
                        state_q <= S_L2WAIT;
                    end
                end
                S_L2WAIT: if (l2_rsp_valid_i) begin
                    if (is_fence) begin
                        state_q <= S_WB;
                    end else if (is_load) begin
                        for (ln = 0; ln < T; ln = ln + 1)
                            if (group[ln]) res_q[ln*32 +: 32] <= ld_word[ln*32 +: 32];
                        if (!strong_q) valid_q[lead_idx] <= 1'b1;
                        group_done;
                    end else if (blk_amo) begin
                        amo_read;
                        valid_q[lead_idx]    <= 1'b1;
                        state_q              <= S_L2REQ;
                    end else begin  // device atomic, LR, SC
                        for (ln = 0; ln < T; ln = ln + 1)
                            if (LANE_W'(ln) == lead_q) begin
                                res_q[ln*32 +: 32] <= l2_rsp_data_i[31:0];
                                if (d64_q) cmp_q[ln*32 +: 32] <= l2_rsp_data_i[63:32];
                            end
                        group_done;
                    end
                end
                // amocas.d writes rd, then rd+1 (none of them for rd = x0)
                // from the old high words it kept in cmp_q
                S_WB: if (wb_ready_i) begin
                    if (wb_more) begin
                        wb2_q <= 1'b1;
                        rd_q  <= rd_q | 5'd1;
                        res_q <= cmp_q;
                    end else begin
                        state_q <= S_IDLE;
                    end
                end
                default: state_q <= S_IDLE;
            endcase
            if (flush_i) valid_q <= {SETS{1'b0}};
        end
    end

    assign lsu_req_ready_o = (state_q == S_IDLE);
    assign acc_o           = accept;
    assign idle_o          = (state_q == S_IDLE);

    assign wb_valid_o = (state_q == S_WB);
    assign wb_last_o  = !wb_more;
    assign d64_busy_o = d64_q && (state_q != S_IDLE);
    assign wb_warp_o  = warp_q;
    assign wb_rd_o    = rd_q;
    assign wb_mask_o  = writes_rd ? mask_q : {T{1'b0}};
    // A load's lanes as their size and sign make them. Atomics, LR and SC
    // are words at aligned addresses (the decoder and X's checks see to it),
    // which the same select leaves as they are: no multiplexer by operation.
    reg [T*32-1:0] wb_data;
    integer wl;
    always @(*)
        for (wl = 0; wl < T; wl = wl + 1)
            wb_data[wl*32 +: 32] = load_value(res_q[wl*32 +: 32], addr_q[wl*32 +: 2],
                                              size_q, uns_q);
    assign wb_data_o  = wb_data;

    assign perf_load_o    = accept && (lsu_req_op_i == `LSU_LOAD);
    assign perf_store_o   = accept && (lsu_req_op_i == `LSU_STORE);
    assign perf_atomic_o  = accept && (lsu_req_op_i == `LSU_AMO || lsu_req_op_i == `LSU_LR ||
                                       lsu_req_op_i == `LSU_SC);
    assign perf_l1_hit_o  = (state_q == S_CHECK) && hit;
    assign perf_l1_miss_o = (state_q == S_CHECK) && !hit;

`ifndef SYNTHESIS
    // the registers are what they stand for while an instruction is served
    wire [LANE_W-1:0] rem_lead;
    wire              unused_rem_any;
    wire [T-1:0]      unused_rem_bit;
    prim_first_one #(.N(T)) u_rem_lead (
        .req_i    (rem_q),
        .any_o    (unused_rem_any),
        .idx_o    (rem_lead),
        .onehot_o (unused_rem_bit)
    );
    always @(posedge clk_i)
        if (!rst_i && state_q != S_IDLE &&
            (lead_q != rem_lead || lead_addr_q != lane_word(addr_q, lead_q)))
            $display("gpu_lsu: ERROR: lead %0d / %08x, not lowest(rem_q) %0d / %08x", lead_q,
                     lead_addr_q, rem_lead, lane_word(addr_q, rem_lead));
    // a store's merged bytes, registered in S_LOOK, are still its group's
    always @(posedge clk_i)
        if (!rst_i && is_store && (state_q == S_CHECK || state_q == S_L2REQ) &&
            (st_data_q != st_data || st_strb_q != st_strb))
            $display("gpu_lsu: ERROR: a store's registered bytes differ from its group's now");
    // an atomic's lanes are aligned words (the write-back selects no size)
    integer al;
    always @(posedge clk_i)
        if (!rst_i && wb_valid_o && one_lane)
            for (al = 0; al < T; al = al + 1)
                if (mask_q[al] && (size_q != 2'd2 || addr_q[al*32 +: 2] != 2'd0))
                    $display("gpu_lsu: ERROR: an atomic's lane %0d is not an aligned word", al);
`endif

endmodule
`default_nettype wire
