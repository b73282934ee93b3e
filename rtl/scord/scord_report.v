// Report writer (docs/detector.md §8): suppression table, ring writer,
// ring head and drop counter.
//
// report(t, ...) of §8.3 R2-R6 (R1, the per-type counter, is the caller's).
// req_i starts one report; every rec_* input is taken in its cycle (but a
// shared-memory record's seq, §8.1), the ring configuration must stay
// stable until done_o. The decision (merge / drop / new record) is
// taken in the cycle after the table's search (SUPP_SEQ = 0: after req_i),
// from the table as it is; the table is updated at once, the head only
// when the L2 accepted the record's line write, so a consumer that reads
// head sees complete records.
// The consumer's claim (§8.3): R3 merges only into slots claim..head-1. A
// new claim takes effect between two reports, so once claim_o shows it no
// merge into the claimed slots is decided or still on its way to the L2.
// Records need LINE_BYTES >= 32 (a record never spans two lines: the ring
// base is 32-byte aligned).
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module scord_report #(
    parameter LINE_BYTES = 32,
    // Where the suppression table's keys live. 0: in flip-flops, all 16
    // compared in the request's cycle. 1: in a LUT RAM, one entry compared a
    // cycle from index 0, the search ending at the first match or at the
    // last valid entry: up to 15 cycles more per report, for a smaller
    // writer on an FPGA (docs/detector.md §8.3). Like MEM_BYTES it defaults
    // to the configuration's (DET_SUPP_SEQ; scord_top passes both).
    parameter SUPP_SEQ   = `GPU_DET_SUPP_SEQ,
    // device memory: a ring lies inside it (the arming check), which bounds
    // its slot numbers
    parameter MEM_BYTES  = `GPU_MEM_BYTES,
    // derived, do not override
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter OFF_W     = $clog2(LINE_BYTES),
    parameter SW        = $clog2(MEM_BYTES / 32) + 1,  // slot arithmetic's bits
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    // kernel start: clear the table, its FIFO pointer and the drop counter
    input  wire                  clear_i,
    // arming: head := 0
    input  wire                  arm_i,
    input  wire [31:0]           ring_base_i,
    input  wire [31:0]           ring_size_i,
    input  wire [31:0]           tail_i,
    input  wire [31:0]           claim_i,
    output wire [31:0]           claim_o,
    output wire [31:0]           head_o,
    output wire [31:0]           drops_o,
    // one report
    input  wire                  req_i,
    input  wire [3:0]            rec_type_i,
    input  wire                  rec_devrace_i,
    input  wire [1:0]            rec_kind_i,
    input  wire                  rec_strong_i,
    input  wire                  rec_scope_i,
    input  wire [1:0]            rec_size_i,
    input  wire                  rec_prev_modified_i,
    input  wire                  rec_prev_atom_i,
    input  wire                  rec_prev_scope_i,
    input  wire                  rec_prev_strong_i,
    input  wire                  rec_prev_known_i,    // its PC index and thread are real
    input  wire                  rec_shared_i,        // a shared-memory race
    input  wire [4:0]            rec_prev_lane_i,
    input  wire [15:0]           rec_prev_pcidx_i,
    input  wire [31:0]           rec_pc_i,
    input  wire [31:0]           rec_addr_i,
    input  wire [15:0]           rec_block_i,
    input  wire [7:0]            rec_core_i,
    input  wire [4:0]            rec_warp_i,
    input  wire [4:0]            rec_lane_i,
    input  wire                  rec_stale_i,         // the load returned a stale L1 value
    input  wire                  rec_warn_i,          // severity warning (§8.2)
    input  wire [6:0]            rec_prev_block_i,
    input  wire [4:0]            rec_prev_warp_i,
    input  wire [31:0]           rec_seq_i,
    output wire                  idle_o,
    output reg                   done_o,
    // counter pulses
    output reg                   cnt_records_o,
    output reg                   cnt_suppressed_o,
    output reg                   overflow_o,
    // L2 channel, line writes only (gpu_l2_bus.vh)
    output wire                  l2_req_valid_o,
    input  wire                  l2_req_ready_i,
    output wire [REQ_W-1:0]      l2_req_o
);
    localparam NSUPP = 16;
    localparam [2:0] S_IDLE = 3'd0, S_DECIDE = 3'd1, S_WR_REC = 3'd2, S_WR_CNT = 3'd3,
                     S_SEARCH = 3'd4;   // SUPP_SEQ: the table's entries after the first

    reg [2:0]        state_q;
    reg [SW-1:0]     head_q;      // the slots' width: see the ring arithmetic
    reg [31:0]       drops_q, claim_q;
    // Records written since reset (wraps at 2^32). A table entry keeps its
    // record's number, not its slot: after the ring has gone round the slot
    // may hold another record, and only the number tells them apart.
    reg [31:0]       written_q;
    reg [3:0]        fifo_q;
    // Suppression table. Keys (pc, type) are flops when all 16 are compared
    // at once, a LUT RAM when searched one a cycle (SUPP_SEQ); record number
    // and count are only read at the matching entry and written at one index
    // per report, so they sit in a small RAM (LUT RAM on an FPGA). The valid
    // bits stay flops: a kernel start clears them all in one cycle. Entries
    // are inserted at fifo_q, which a clear sets to 0, so the valid ones are
    // always 0 .. fifo_q-1, or all 16.
    reg [NSUPP-1:0]  sv_q;
    // The key: the request's own in its cycle, then as the record took it
    // (rec_q, below), so a search over several cycles and the insertion
    // look at what the request carried even if a core's report vanished
    // meanwhile (a soft reset of the core clears its queue).
    reg  [223:0]     rec_q;
    wire [35:0]      key = (state_q == S_IDLE) ? {rec_type_i, rec_pc_i} : {rec_q[3:0], rec_q[63:32]};
    reg              ins;         // insert a new entry at fifo_q (R6)
    reg [31:0]       srec_q  [0:NSUPP-1];
    reg [31:0]       scnt_q  [0:NSUPP-1];
    reg              tw_en;
    reg [3:0]        tw_idx;
    reg [31:0]       tw_rec;
    reg [31:0]       tw_cnt;
    // what the L2 write carries
    reg [SW-1:0]     wr_slot_q;
    reg [31:0]       wr_count_q;

    assign head_o  = 32'(head_q);
    assign claim_o = claim_q;
    assign drops_o = drops_q;
    assign idle_o  = (state_q == S_IDLE);

    // ---- R2: the valid entry of this (pc, type), lowest index first ----
    // The search runs from the req_i cycle on, on the request's key, and
    // its result is registered: nothing writes the table in
    // between, and a clear is honoured (it empties the table: no match). So
    // the compares and the priority choice do not sit in front of the slot
    // RAM read and the ring arithmetic of S_DECIDE, the longest path of the
    // FPGA build with the compares in it. Keys are unique among the valid
    // entries (one is inserted only when none matched), so the first match is
    // the only one and the lowest.
    // pre: the cycles before S_DECIDE, in which the search and the ring
    // arithmetic below are registered; the last of them counts.
    wire            pre = (state_q == S_IDLE) || (SUPP_SEQ != 0 && state_q == S_SEARCH);
    wire            srch_end;     // in a pre cycle with a request: S_DECIDE next
    reg             hit_q;        // in S_DECIDE: an entry holds (rec_pc_i, rec_type_i)
    reg [3:0]       hit_idx_q;    // the lowest such entry
    genvar gi;
    generate
        if (SUPP_SEQ == 0) begin : g_par
            // sixteen 36-bit compares in the req_i cycle
            reg [36*NSUPP-1:0] key_q;     // entry i at [36i +: 36]
            reg                hit;
            reg [3:0]          hit_idx;
            integer            i;
            always @* begin
                hit     = 1'b0;
                hit_idx = 4'd0;
                for (i = NSUPP - 1; i >= 0; i = i - 1)
                    if (sv_q[i] && key_q[36*i +: 36] == key) begin
                        hit     = 1'b1;
                        hit_idx = i[3:0];
                    end
            end
            assign srch_end = 1'b1;
            always @(posedge clk_i) begin
                if (pre) begin
                    hit_q     <= hit && !clear_i;
                    hit_idx_q <= hit_idx;
                end
            end
            // keys of a new entry: per-entry enables, no RAM (all are compared)
            for (gi = 0; gi < NSUPP; gi = gi + 1) begin : g_key
                always @(posedge clk_i)
                    if (ins && fifo_q == gi) key_q[36*gi +: 36] <= key;
            end
        end else begin : g_seq
            // One entry a cycle, at sidx_q: entry 0 in the req_i cycle (0 is
            // where sidx_q rests), then S_SEARCH for each further one, in index
            // order, so the first match is the lowest. The search ends at a
            // match, when no valid entry lies above (the valid ones are 0 ..
            // fifo_q-1 or all, but a clear in S_DECIDE keeps the entry inserted
            // then, so the test looks at every bit above) or at a clear; the
            // extra cycles are thus the index where it ends, 0 .. 15.
            reg  [35:0]      key_q [0:NSUPP-1];
            reg  [3:0]       sidx_q;
            wire [NSUPP-1:0] sv_above = sv_q >> sidx_q >> 1;    // entries past sidx_q
            wire             s_hit    = sv_q[sidx_q] && key_q[sidx_q] == key;
            assign srch_end = s_hit || sv_above == {NSUPP{1'b0}} || clear_i;
            wire             s_run   = (state_q == S_IDLE && req_i) || state_q == S_SEARCH;
            always @(posedge clk_i) begin
                if (rst_i || !s_run || srch_end) sidx_q <= 4'd0;
                else                             sidx_q <= sidx_q + 4'd1;
                if (pre) begin
                    hit_q     <= s_hit && !clear_i;
                    hit_idx_q <= sidx_q;
                end
            end
            always @(posedge clk_i)
                if (ins) key_q[fifo_q] <= key;
        end
    endgenerate

    // ---- ring arithmetic; head, tail and slots are < ring size when armed ----
    // S_DECIDE's choice (merge, drop or new record) fans out to the state,
    // the table's write enables and every key's enable; on the FPGA the ring
    // arithmetic in front of it (head - claim mod n, then the entry's
    // distance compared with it; head + 1 mod n compared with the tail) was
    // a long path. What depends only on head, claim, written and the ring
    // size is therefore registered in the cycle before S_DECIDE (the req_i
    // cycle, or the search's last with SUPP_SEQ), as the search is: none of
    // them changes from then until the decision (claim_q takes claim_i in
    // that cycle, written and head only move in S_WR_REC, and the ring
    // configuration is stable from req_i to done_o) but head at an arming in
    // that very cycle: the arming's check is itself a long path, so both
    // heads are prepared (head_q's and 0) and arm_q picks one. They are
    // taken in every cycle of the search too, so an arming or a new claim
    // during it counts as one before the request did: the decision sees the
    // head and claim it acts on.
    // head_inc_q is head + 1, kept beside head. S_DECIDE is left with the
    // entry's slot-RAM read and compares: no adder in front of its choice
    // but the LUT RAM's.
    // Slots are SW bits: a ring of n 32-byte records lies in device memory
    // (the arming check, scord_regs), so n <= MEM_BYTES / 32 <= 2^(SW-1),
    // and head, tail and claim are below n while armed, so head + n < 2^SW.
    // For every such value each slot quantity below is the 32-bit one's low
    // SW bits, its upper bits 0: the arithmetic and its compares give what
    // 32 bits gave (the simulation check below redoes them at 32 bits with
    // the whole ring size). The upper bits of the ring inputs are 0 then.
    // Record numbers (written, lim, an entry's rec) stay 32 bits: they tell
    // records apart after the ring went round.
    wire [SW-1:0] n       = ring_size_i[SW-1:0];
    wire [SW-1:0] tail    = tail_i[SW-1:0];
    wire [SW-1:0] claim   = claim_i[SW-1:0];
    wire          unused_ring = ^{ring_size_i, tail_i, claim_i};
    reg  [SW-1:0] head_inc_q;                  // head_q + 1, always
    // written - head as a signed 34-bit number, kept beside both
    reg  [33:0] wh_q;
    // R3: the entry's record is open to merges if it is among the last
    // (head - claim) mod n records written, i.e. written - rec <= head_rel
    // (mod 2^32): rec lies in the circular interval lim .. written, with
    // lim = written - head_rel, which wraps past 2^32 iff that is negative.
    // head, claim < n <= 2^27, so written - head_rel is wh + claim when
    // head >= claim and wh + claim - n when not: two carry chains.
    wire        h_ge_c    = head_q >= claim;
    wire [33:0] l_a       = wh_q + 34'(claim);
    wire [33:0] l_hc      = h_ge_c ? l_a : l_a - 34'(n);
    wire        unused_l  = l_hc[32];   // -2^32 < written - head_rel < 2^32
    // the same for a head of 0 (an arming in the req cycle)
    wire [SW-1:0] zero_rel = (claim == {SW{1'b0}}) ? {SW{1'b0}} : n - claim;
    reg  [31:0] lim_q, lim0_q;
    reg  [SW-1:0] head_n_q;
    reg         lim_wrap_q, lim0_wrap_q, arm_q;
    always @(posedge clk_i)
        if (pre) begin
            arm_q       <= arm_i;
            lim_q       <= l_hc[31:0];
            lim_wrap_q  <= l_hc[33];
            lim0_q      <= written_q - 32'(zero_rel);
            lim0_wrap_q <= 32'(zero_rel) > written_q;
            head_n_q    <= head_q + n;
        end
    wire [31:0] lim       = arm_q ? lim0_q : lim_q;
    wire        lim_wrap  = arm_q ? lim0_wrap_q : lim_wrap_q;
    wire [SW-1:0] head_n  = arm_q ? n : head_n_q;
    wire [31:0] e_rec     = srec_q[hit_idx_q];
    wire        above_lim = e_rec >= lim;
    wire        below_wr  = e_rec <= written_q;
    wire        unconsumed = lim_wrap ? (above_lim || below_wr) : (above_lim && below_wr);
    // the open record's slot: `back` slots behind head, mod n; only taken
    // when the record is open, and then back <= (head - claim) mod n < n
    wire [31:0] back      = written_q - e_rec;
    wire [SW-1:0] back_s  = back[SW-1:0];
    wire [SW-1:0] e_slot  = (head_q >= back_s) ? head_q - back_s : head_n - back_s;
    wire [SW-1:0] head_next = (head_inc_q == n) ? {SW{1'b0}} : head_inc_q;
    // head_next == tail, with its three compares side by side
    wire        full      = (head_inc_q == n) ? (tail == {SW{1'b0}}) : (head_inc_q == tail);
    wire [31:0] cnt_sat   = (scnt_q[hit_idx_q] == 32'hFFFF_FFFF) ? 32'hFFFF_FFFF
                                                                  : scnt_q[hit_idx_q] + 32'd1;

    // ---- the record (§8.1) ----
    wire [31:0] w0 = {6'd0, rec_prev_lane_i, rec_shared_i, rec_prev_known_i, rec_size_i,
                      rec_prev_strong_i, rec_prev_scope_i, rec_prev_atom_i,
                      rec_prev_modified_i, rec_scope_i, rec_strong_i, rec_kind_i,
                      rec_devrace_i, 4'd0, rec_type_i};
    wire [31:0] w4 = {7'd0, rec_stale_i, 3'd0, rec_lane_i, 3'd0, rec_warp_i, rec_core_i};
    wire [31:0] w5 = {rec_prev_pcidx_i, 3'd0, rec_prev_warp_i, 1'b0, rec_prev_block_i};
    // A count update sends the same line with word 6 replaced: the strobe
    // keeps the other words, so no second line image is needed. A stale
    // occurrence also writes the byte of word 4 that holds the stale flag
    // (it is sticky, §8.3); its other bits are 0 in every record.
    wire [31:0]  w6  = (state_q == S_WR_CNT) ? wr_count_q : 32'd1;
    // The record's other words are registered, so the line write starts
    // from registers: the fields come from the detector's check (the
    // reporting lane, its sequence number, its previous access), and the
    // path from the check through them into the L2's write data was the
    // FPGA build's longest once the cores' X stage was split (docs/fpga.md).
    // They are taken in every S_IDLE cycle, so the request's cycle is the
    // last (an enable from the state alone, not from the request's
    // decision), and hold from then on: the writer needs its inputs in that
    // cycle only. A core's report may vanish after it (a soft reset of the
    // core clears its queue); the record is written as it was taken. A
    // shared-memory record's seq, the running access count, is taken as
    // the writer decides (docs/detector.md §8.1: it only places the race in
    // time); a record of P2's carries its own, stable until done_o.
    wire [31:0] w3 = {15'd0, rec_warn_i, rec_block_i};
    wire [223:0] rec_now = {rec_seq_i, w5, w4, w3, rec_addr_i, rec_pc_i, w0};
    always @(posedge clk_i) begin
        if (state_q == S_IDLE)   rec_q[191:0]   <= rec_now[191:0];
        if (state_q == S_DECIDE) rec_q[223:192] <= rec_now[223:192];
    end
    wire [255:0] rec = {rec_q[223:192], w6, rec_q[191:0]};

    wire [31:0]      slot32    = 32'(wr_slot_q);
    wire [31:0]      slot_addr = ring_base_i + {slot32[26:0], 5'd0};
    // Offset of the record in its line: a multiple of 32 (the ring base is
    // 32-aligned), so a constant 0 with 32-byte lines.
    localparam integer      REC_MASK_I   = LINE_BYTES - 32;
    localparam [OFF_W-1:0] REC_MASK     = REC_MASK_I[OFF_W-1:0];
    localparam [OFF_W-1:0] CNT_WORD_OFF = 24;  // byte offset of word 6
    localparam integer     STALE_BYTE   = 16 + {24'd0, `DET_REC_STALE_BIT} / 8;
    localparam integer     WARN_BYTE    = 12 + {24'd0, `DET_REC_WARN_BIT} / 8;
    wire [OFF_W-1:0] off       = slot_addr[OFF_W-1:0] & REC_MASK;
    wire [OFF_W-1:0] cnt_off   = off + CNT_WORD_OFF;
    wire             st_byte   = rec_q[32 * 4 + {24'd0, `DET_REC_STALE_BIT}];   // the flag, taken
    // The warning flag is sticky the other way (§8.3): an occurrence that is
    // no warning writes its byte (of word 3, no other field in it) as 0.
    wire             wn_clr    = !rec_q[32 * 3 + {24'd0, `DET_REC_WARN_BIT}];
    // Line image built in a zeroed line: no zero-width replication when a
    // record fills the whole line.
    reg [LINE_BITS-1:0]  rec_line;
    reg [LINE_BYTES-1:0] rec_strb, cnt_strb, st_strb;
    always @* begin
        rec_line          = {LINE_BITS{1'b0}};
        rec_line[255:0]   = rec;
        rec_line          = rec_line << {off, 3'b000};
        rec_strb          = {LINE_BYTES{1'b0}};
        rec_strb[31:0]    = 32'hFFFF_FFFF;
        rec_strb          = rec_strb << off;
        cnt_strb          = {LINE_BYTES{1'b0}};
        cnt_strb[3:0]     = 4'hF;
        cnt_strb          = cnt_strb << cnt_off;
        st_strb             = {LINE_BYTES{1'b0}};
        st_strb[STALE_BYTE] = st_byte;
        st_strb[WARN_BYTE]  = wn_clr;
        cnt_strb          = cnt_strb | (st_strb << off);
    end
    // Slots above 2^27 cannot exist in a 4 GiB space.
    wire unused_slot = ^slot32[31:27];

    assign l2_req_valid_o = (state_q == S_WR_REC) || (state_q == S_WR_CNT);
    assign l2_req_o       = `L2_REQ(rec_line, (state_q == S_WR_CNT) ? cnt_strb : rec_strb,
                                  {`L2_RID_BITS{1'b0}}, 32'd0, 32'd0, 5'd0,
                                  {slot_addr[31:OFF_W], {OFF_W{1'b0}}}, `L2_WRITE);

    // R3 and R6 write slot and count of one entry: the hit or the new one.
    always @* begin
        tw_en   = 1'b0;
        tw_idx  = hit_q ? hit_idx_q : fifo_q;
        tw_rec  = written_q;
        tw_cnt  = 32'd1;
        if (state_q == S_DECIDE) begin
            if (hit_q && unconsumed) begin
                tw_en   = 1'b1;
                tw_rec  = srec_q[hit_idx_q];
                tw_cnt  = cnt_sat;
            end else if (!full) begin
                tw_en   = 1'b1;
            end
        end
    end

    // keys of a new entry (written above, by mode)
    always @* ins = (state_q == S_DECIDE) && !(hit_q && unconsumed) && !full && !hit_q;

    always @(posedge clk_i) begin
        if (tw_en) begin
            srec_q[tw_idx]  <= tw_rec;
            scnt_q[tw_idx]  <= tw_cnt;
        end
    end

    always @(posedge clk_i) begin
        done_o           <= 1'b0;
        cnt_records_o    <= 1'b0;
        cnt_suppressed_o <= 1'b0;
        overflow_o       <= 1'b0;
        if (rst_i) begin
            state_q <= S_IDLE;
            head_q  <= {SW{1'b0}};
            head_inc_q <= SW'(1);
            wh_q    <= 34'd0;
            claim_q <= 32'd0;
            written_q <= 32'd0;
            drops_q <= 32'd0;
            fifo_q  <= 4'd0;
            sv_q    <= {NSUPP{1'b0}};
        end else begin
            if (arm_i) begin
                head_q     <= {SW{1'b0}};
                head_inc_q <= SW'(1);
                wh_q       <= {2'd0, written_q};
            end
            if (clear_i) begin
                drops_q <= 32'd0;
                fifo_q  <= 4'd0;
                sv_q    <= {NSUPP{1'b0}};
            end
            case (state_q)
                S_IDLE: begin
                    claim_q <= claim_i;
                    if (req_i) state_q <= srch_end ? S_DECIDE : S_SEARCH;
                end
                S_SEARCH: begin   // SUPP_SEQ only
                    claim_q <= claim_i;
                    if (srch_end) state_q <= S_DECIDE;
                end
                S_DECIDE: begin
                    if (hit_q && unconsumed) begin
                        // R3: merge into the record still in the ring
                        wr_slot_q        <= e_slot;
                        wr_count_q       <= cnt_sat;
                        cnt_suppressed_o <= 1'b1;
                        state_q          <= S_WR_CNT;
                    end else if (full) begin
                        // R4: table unchanged
                        drops_q    <= drops_q + 32'd1;
                        overflow_o <= 1'b1;
                        done_o     <= 1'b1;
                        state_q    <= S_IDLE;
                    end else begin
                        // R5 (write below), R6
                        wr_slot_q <= head_q;
                        if (!hit_q) begin
                            sv_q[fifo_q] <= 1'b1;
                            fifo_q       <= fifo_q + 4'd1;
                        end
                        state_q <= S_WR_REC;
                    end
                end
                S_WR_REC: if (l2_req_ready_i) begin
                    head_q        <= head_next;
                    head_inc_q    <= head_next + SW'(1);
                    wh_q          <= {2'd0, written_q + 32'd1} - 34'(head_next);
                    written_q     <= written_q + 32'd1;
                    cnt_records_o <= 1'b1;
                    done_o        <= 1'b1;
                    state_q       <= S_IDLE;
                end
                default: if (l2_req_ready_i) begin  // S_WR_CNT
                    done_o  <= 1'b1;
                    state_q <= S_IDLE;
                end
            endcase
        end
    end

`ifndef SYNTHESIS
    // S_DECIDE's own search, made again: the registered one must be it.
    reg             chk_hit;
    reg [3:0]       chk_idx;
    generate
        if (SUPP_SEQ == 0) begin : g_chk_par
            // the table has not changed since the req cycle
            always @* begin
                chk_hit = g_par.hit;
                chk_idx = g_par.hit_idx;
            end
        end else begin : g_chk_seq
            // all entries at once (the RAM's contents): the one-a-cycle
            // search must have found the same entry
            integer i;
            always @* begin
                chk_hit = 1'b0;
                chk_idx = 4'd0;
                for (i = NSUPP - 1; i >= 0; i = i - 1)
                    if (sv_q[i] && g_seq.key_q[i] == key) begin
                        chk_hit = 1'b1;
                        chk_idx = i[3:0];
                    end
            end
        end
    endgenerate
    always @(posedge clk_i)
        if (!rst_i && state_q == S_DECIDE && !clear_i &&
            (hit_q != chk_hit || (chk_hit && hit_idx_q != chk_idx)))
            $display("scord_report: ERROR: registered suppression search differs (%0d %0d / %0d %0d)",
                     hit_q, hit_idx_q, chk_hit, chk_idx);
    // The registered arithmetic must give S_DECIDE what it would compute
    // itself from head, claim and written, at 32 bits with the whole ring
    // size and tail.
    wire [31:0] head32   = 32'(head_q);
    wire [31:0] chk_rel  = (head32 >= claim_q) ? head32 - claim_q : head32 + ring_size_i - claim_q;
    wire [31:0] chk_inc  = head32 + 32'd1;
    wire [31:0] chk_slot = (head32 >= back) ? head32 - back : head32 + ring_size_i - back;
    always @(posedge clk_i)
        if (!rst_i && state_q == S_DECIDE &&
            (32'(head_inc_q) != chk_inc || wh_q != {2'd0, written_q} - {2'd0, head32} ||
             unconsumed != (back <= chk_rel) ||
             (32'(head_n) != head32 + ring_size_i) ||
             (hit_q && unconsumed && 32'(e_slot) != chk_slot) ||
             full != (((chk_inc == ring_size_i) ? 32'd0 : chk_inc) == tail_i)))
            $display("scord_report: ERROR: registered ring arithmetic differs (head %0d claim %0d written %0d rec %0d)",
                     head_q, claim_q, written_q, e_rec);
`endif
endmodule
`default_nettype wire
