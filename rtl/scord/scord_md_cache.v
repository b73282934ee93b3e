// Detector-private metadata cache (docs/detector.md §1, §13): direct
// mapped, LINES lines of LINE_BYTES, write back, in front of the metadata
// line port (scord_md_access, which also owns the sweep engine).
//
// Consecutive lanes of a warp instruction touch consecutive entries
// (ENTRY_BYTES each) of one line, and a kernel touches its entries again and again, so most
// lookups hit and most entry writes cost no L2 traffic until the line is
// evicted or flushed. Memory must hold the truth whenever the detector is
// idle: the caller raises flush_i when nothing is in flight, and dirty_o
// keeps the detector's idle low meanwhile. Dirty state is kept per entry,
// so a write back stores exactly the entries the detector changed.
//
// Lookup: rd_addr_i (an address in the line) every cycle; the cycle after,
// hit_o/rline_o (the whole line) answer it if rvalid_o. Tags and data are synchronous-read
// RAMs (block RAM); valid bits and one dirty bit per line are flops
// (cleared at once); which entries of a dirty line are dirty sits in a
// small LUT RAM, read only when the line is written back.
// A miss on a fresh line (below) whose victim is clean is answered as a
// hit on zeros, the line filled with zeros at once: a kernel's first touch
// of its metadata costs no cycle. inval_i drops every line, dirty or not:
// the caller invalidates at a kernel start, which makes every entry
// written before stale (§5.4), so dirty lines are written back only when
// evicted or flushed (flush_i, on the host's request).
// The caller guarantees: wr_i only for a line whose lookup hit, with no
// fetch or flush since, and wr_pend_i with wr_addr_i from that hit until
// the write; fetch_i (for the line of the address looked up the cycle
// before, a miss) only when no entry write is pending; inval_i only while
// idle. LINE_BYTES >= 2 * ENTRY_BYTES (two entries or more per line).
// With WRITE_STAGE an entry write is registered and reaches the RAMs a
// cycle later, so the RAMs' write enables, addresses and data start at
// flip-flops instead of at the caller's race check (the FPGA build's
// longest path); a lookup made meanwhile is answered with the pending
// entries merged in and dirty_o counts the pending line, so the caller
// sees no difference, not even in cycles, unless FRESH_LINES: the zero
// fill then waits while a pending write holds the RAMs' write port.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module scord_md_cache #(
    parameter LINE_BYTES  = 32,
    parameter LINES       = 32,
    parameter ENTRY_BYTES = 16,                           // a metadata entry (§5.1)
    // One of 2^BANK_W banks (scord_md_banks): it holds the lines whose
    // address bits [OFF_W +: BANK_W] are BANK, and indexes by the bits above.
    parameter BANK_W      = 0,
    parameter BANK        = 0,
    // Lines from sweep_base_i on (this bank's) whose write backs since the
    // last invalidation are remembered: a miss on a line not written back
    // since is filled with zeros, no L2 read (0: every miss reads).
    parameter FRESH_LINES = 0,
    // the addresses' width: metadata lies in device memory, so the tags
    // keep AW = clog2(MEM_BYTES) bits of a line's address (a lookup of an
    // address above, a pass outside the window, is answered but never
    // fills a line: it is not fresh, and only a tracked pass fetches)
    parameter AW          = 32,
    // 1: entry writes reach the RAMs a cycle after wr_i (above)
    parameter WRITE_STAGE = 0,
    // derived, do not override
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter EB        = ENTRY_BYTES * 8,                // entry bits
    parameter ES        = $clog2(ENTRY_BYTES),            // entry address bits
    parameter OFF_W     = $clog2(LINE_BYTES),
    parameter EPL       = LINE_BYTES / ENTRY_BYTES,       // entries per line
    parameter IDX_W     = (LINES > 1) ? $clog2(LINES) : 1,
    parameter TAG_W     = AW - OFF_W - BANK_W - IDX_W,
    parameter LOW_W     = OFF_W + BANK_W,                 // address bits below the index
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    // lookup
    input  wire [31:0]           rd_addr_i,
    output wire                  rvalid_o,
    output wire                  hit_o,
    output wire [LINE_BITS-1:0]  rline_o,
    // entry writes into one line (a hit): the entries of wr_mask_i
    input  wire                  wr_i,
    input  wire                  wr_pend_i,   // an entry write to wr_addr_i may come, now or later
    input  wire [31:0]           wr_addr_i,
    input  wire [EPL-1:0]        wr_mask_i,
    input  wire [LINE_BITS-1:0]  wr_line_i,
    // miss handling, flushing, invalidation
    input  wire                  fetch_i,
    input  wire                  flush_i,
    input  wire                  inval_i,
    output wire                  busy_o,
    output wire                  dirty_o,
    // sweep (§5.4), only while idle and clean
    input  wire                  sweep_i,
    input  wire [31:0]           sweep_base_i,
    input  wire [32:0]           sweep_bytes_i,
    output wire                  sweep_done_o,
    // L2 channel (master; gpu_l2_bus.vh)
    output wire                  l2_req_valid_o,
    input  wire                  l2_req_ready_i,
    output wire [REQ_W-1:0]      l2_req_o,
    input  wire                  l2_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  l2_rsp_data_i
);
    localparam [2:0] F_IDLE = 3'd0, F_REQ = 3'd1, F_LATCH = 3'd2, F_WB = 3'd3, F_RD = 3'd4,
                     F_ZERO = 3'd5;

    reg [2:0]           state_q;
    reg                 flushing_q;          // the engine writes back, no fill
    reg [IDX_W-1:0]     f_idx_q;
    reg [TAG_W-1:0]     f_tag_q;

    // tags are narrow and few: LUT RAM, so block RAM goes to the wide arrays
    (* ram_style = "distributed" *)
    reg [TAG_W-1:0]     tag_mem [0:LINES-1];
    reg [LINE_BITS-1:0] data_mem [0:LINES-1];
    reg [LINES-1:0]     valid_q;
    reg [LINES-1:0]     dirty_q;             // the line has dirty entries
    // Which entries: a RAM, not LINES*EPL flops, because only a write back
    // reads it; as flops each bit needed its own set/clear decode, about
    // 7k LUTs at 256 lines. A line's first dirtying writes its whole mask,
    // so stale bits from before a reset or a clean-up never show.
    (* ram_style = "distributed" *)
    reg [EPL-1:0]       ent_mem [0:LINES-1];
    reg [EPL-1:0]       ent_rd_q;
    reg [TAG_W-1:0]     tag_rd_q;
    reg [LINE_BITS-1:0] data_rd_q;
    reg [31:0]          ra_q;
    reg                 rvalid_q;
    // WRITE_STAGE: the entry write on its way to the RAMs (pw_*), and the
    // entries of it that the lookup read in the same cycle missed (bp_*)
    reg                 pw_v_q, bp_v_q;
    reg [IDX_W-1:0]     pw_idx_q;
    reg [EPL-1:0]       pw_mask_q, bp_mask_q;
    reg [LINE_BITS-1:0] pw_line_q, bp_line_q;

    // (the other address bits are the tag and the offset)
    function [IDX_W-1:0] idx_of(input [31:0] a);
        idx_of = (LINES > 1) ? a[LOW_W +: IDX_W] : {IDX_W{1'b0}};
    endfunction

    // ---- lookup ----
    wire [IDX_W-1:0] ra_idx = idx_of(ra_q);
    wire [IDX_W-1:0] r_idx  = (state_q == F_IDLE) ? idx_of(rd_addr_i) : f_idx_q;
    assign rvalid_o = rvalid_q;
    wire             tag_hit = valid_q[ra_idx] && (tag_rd_q == ra_q[AW-1 -: TAG_W]);
    wire             zhit;      // a fresh line's miss, answered as a hit on zeros
    assign hit_o    = tag_hit || zhit;
    // A write that reached the RAMs as they were read (WRITE_STAGE) is not
    // in data_rd_q: its entries are merged in here.
    wire             pw_v    = (WRITE_STAGE != 0) && pw_v_q;
    wire             bp_v    = (WRITE_STAGE != 0) && bp_v_q;
    reg  [LINE_BITS-1:0] rd_line;
    integer ri;
    always @* begin
        for (ri = 0; ri < EPL; ri = ri + 1)
            rd_line[EB*ri +: EB] = (bp_v && bp_mask_q[ri]) ? bp_line_q[EB*ri +: EB] : data_rd_q[EB*ri +: EB];
    end
    assign rline_o  = zhit ? {LINE_BITS{1'b0}} : rd_line;
    // The entry write the RAMs take this cycle: wr_i's, or with WRITE_STAGE
    // the one registered the cycle before (a zero fill waits for it).
    wire                 e_wr   = (WRITE_STAGE != 0) ? pw_v : wr_i;
    wire [IDX_W-1:0]     e_idx  = (WRITE_STAGE != 0) ? pw_idx_q : idx_of(wr_addr_i);
    wire [EPL-1:0]       e_mask = (WRITE_STAGE != 0) ? pw_mask_q : wr_mask_i;
    wire [LINE_BITS-1:0] e_line = (WRITE_STAGE != 0) ? pw_line_q : wr_line_i;
    wire unused_ra = ^{ra_q[LOW_W-1:0], wr_addr_i[LOW_W-1:0], rd_addr_i[LOW_W-1:0]};
    // this bank's address bits, below the index
    localparam [LOW_W-1:0] LOW = LOW_W'(BANK) << OFF_W;

    // ---- the line port ----
    // the line being fetched, and the victim's (AW bits: the bits above are 0)
    wire [31:0] f_adr   = 32'({f_tag_q, f_idx_q, LOW});
    wire [31:0] v_adr   = 32'({tag_rd_q, f_idx_q, LOW});
    reg                   p_rd, p_wr;
    wire                  p_done;
    wire [LINE_BITS-1:0]  p_rdata;
    wire                  p_idle;

    scord_md_access #(
        .LINE_BYTES (LINE_BYTES),
        .AW         (AW)
    ) u_port (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .rd_i           (p_rd),
        .wr_i           (p_wr),
        .addr_i         (p_wr ? v_adr : f_adr),
        .wdata_i        (data_rd_q),
        .wstrb_i        (v_strb),
        .sweep_i        (sweep_i),
        .sweep_base_i   (sweep_base_i),
        .sweep_bytes_i  (sweep_bytes_i),
        .idle_o         (p_idle),
        .done_o         (p_done),
        .rdata_o        (p_rdata),
        .l2_req_valid_o (l2_req_valid_o),
        .l2_req_ready_i (l2_req_ready_i),
        .l2_req_o       (l2_req_o),
        .l2_rsp_valid_i (l2_rsp_valid_i),
        .l2_rsp_data_i  (l2_rsp_data_i)
    );
    wire unused_port = p_idle;
    assign sweep_done_o = p_done && (state_q == F_IDLE);

    // ---- dirty lines: the lowest one is flushed first ----
    // A binary tree (log2(LINES) levels of 2:1 choices) rather than a scan
    // over the lines: a scan is a chain of LINES multiplexers, the longest
    // path of the whole FPGA build at 256 lines.
    reg [IDX_W-1:0]  first_dirty;
    reg [LINES-1:0]  lv_any;           // per node of the current level
    reg [LINES*IDX_W-1:0] lv_idx;
    integer li, lk;
    // the lines with dirty entries, the pending write's included
    wire [LINES-1:0] dirty_now = dirty_q | (pw_v ? (LINES'(1) << pw_idx_q) : {LINES{1'b0}});
    always @* begin
        lv_any = dirty_now;
        lv_idx = {(LINES*IDX_W){1'b0}};
        // level li: node lk covers lines [lk << li, (lk + 1) << li)
        for (li = 1; li <= IDX_W; li = li + 1)
            for (lk = 0; lk < (LINES >> li); lk = lk + 1) begin
                lv_idx[lk*IDX_W +: IDX_W] = lv_any[2*lk] ? lv_idx[2*lk*IDX_W +: IDX_W] :
                                            (lv_idx[(2*lk+1)*IDX_W +: IDX_W] | (IDX_W'(1) << (li - 1)));
                lv_any[lk] = lv_any[2*lk] | lv_any[2*lk+1];
            end
        first_dirty = lv_idx[0 +: IDX_W];
    end
    assign dirty_o = |dirty_now;

    wire flush_go = (state_q == F_IDLE) && flush_i && !fetch_i && dirty_o;
    wire fetch_go = (state_q == F_IDLE) && fetch_i;
    assign busy_o = (state_q != F_IDLE);

    // victim of f_idx_q, as read in F_REQ (no entry write is pending then:
    // the engine starts only when none may come, so data_rd_q is the line)
    wire [EPL-1:0]        v_dirty = dirty_q[f_idx_q] ? ent_rd_q : {EPL{1'b0}};
    reg  [LINE_BYTES-1:0] v_strb;
    integer vi;
    always @* begin
        for (vi = 0; vi < LINE_BYTES; vi = vi + 1)
            v_strb[vi] = v_dirty[vi >> ES];
    end
    wire v_wb = valid_q[f_idx_q] && dirty_q[f_idx_q];
    // A line not written back since the invalidation (every kernel start,
    // which steps the generation or sweeps) holds no entry of the current
    // generation in memory: all of them read as fresh (§5.2), as zeros do.
    localparam integer FL = (FRESH_LINES > 0) ? FRESH_LINES : 1;
    localparam integer FW = (FL > 1) ? $clog2(FL) : 1;
    reg  [FL-1:0] wb_q;
    // (the line's address relative to sweep_base_i: its index in wb_q)
    function [31:0] rel_of(input [31:0] line);
        rel_of = (line - sweep_base_i) >> LOW_W;
    endfunction
    function in_of(input [31:0] line);
        in_of = (FRESH_LINES > 0) && (line >= sweep_base_i) && (rel_of(line) < FRESH_LINES);
    endfunction
    wire [31:0] a_adr   = {ra_q[31:LOW_W], LOW};      // the line looked up last
    wire [31:0] v_rel   = rel_of(v_adr);            // (below FRESH_LINES where used)
    wire        v_in    = in_of(v_adr);
    wire        f_fresh = in_of(f_adr) && !wb_q[FW'(rel_of(f_adr))];
    wire        a_fresh = in_of(a_adr) && !wb_q[FW'(rel_of(a_adr))];
    // A fresh line over a clean victim needs neither port: a miss on it is
    // answered as a hit on zeros and the line filled with zeros at once
    // (or, if an entry write holds the RAMs or may still come for the
    // victim, when fetched). A lookup of the same index made meanwhile read
    // the RAMs before the fill: it is not answered.
    wire        zfill   = a_fresh && !(valid_q[ra_idx] && dirty_q[ra_idx]) && !e_wr &&
                          !(wr_pend_i && idx_of(wr_addr_i) == ra_idx) && (state_q == F_IDLE) &&
                          !inval_i;
    assign      zhit    = rvalid_q && !tag_hit && zfill;
    wire        quick   = zhit || (fetch_go && zfill);

    wire fill = ((state_q == F_RD) && p_done) || (state_q == F_ZERO) || quick;
    wire [IDX_W-1:0] fl_idx = quick ? ra_idx : f_idx_q;
    wire [TAG_W-1:0] fl_tag = quick ? ra_q[AW-1 -: TAG_W] : f_tag_q;

    // ---- RAMs: one write port each (the entry write: e_* above) ----
    wire [IDX_W-1:0]     w_idx  = fill ? fl_idx : e_idx;
    wire [LINE_BITS-1:0] w_data = (state_q == F_RD) ? p_rdata : fill ? {LINE_BITS{1'b0}} : e_line;
    wire [EPL-1:0]       w_en   = fill ? {EPL{1'b1}} : (e_wr ? e_mask : {EPL{1'b0}});

    // Entry mask port: an entry write sets its bits, the whole mask if the
    // line was clean, so a line's bits from before its last write back or
    // fill never show (they are read only while the line is dirty).
    wire           m_fresh = !dirty_q[e_idx];
    reg  [EPL-1:0] m_en, m_data;
    integer mi;
    always @* begin
        for (mi = 0; mi < EPL; mi = mi + 1) begin
            m_en[mi]   = e_wr && (m_fresh || e_mask[mi]);
            m_data[mi] = e_mask[mi];
        end
    end

    always @(posedge clk_i) begin
        tag_rd_q  <= tag_mem[r_idx];
        data_rd_q <= data_mem[r_idx];
        // only a write back reads the mask, of the line the engine holds:
        // read at f_idx_q, not behind the lookup's address (F_REQ reads it
        // there either way)
        ent_rd_q  <= ent_mem[f_idx_q];
        if (fill) tag_mem[fl_idx] <= fl_tag;
    end

    integer wi;
    always @(posedge clk_i) begin
        for (wi = 0; wi < EPL; wi = wi + 1)
            if (w_en[wi]) data_mem[w_idx][EB*wi +: EB] <= w_data[EB*wi +: EB];
        for (wi = 0; wi < EPL; wi = wi + 1)
            if (m_en[wi]) ent_mem[e_idx][wi] <= m_data[wi];
    end

    // WRITE_STAGE: wr_i's write, and what the RAMs' read this cycle misses
    // of the one they take (read before write: the merge above adds it)
    always @(posedge clk_i) begin
        pw_idx_q  <= idx_of(wr_addr_i);
        pw_mask_q <= wr_mask_i;
        pw_line_q <= wr_line_i;
        bp_mask_q <= pw_mask_q;
        bp_line_q <= pw_line_q;
        if (rst_i) begin
            pw_v_q <= 1'b0;
            bp_v_q <= 1'b0;
        end else begin
            pw_v_q <= wr_i;
            bp_v_q <= pw_v && (pw_idx_q == r_idx);
        end
    end

    // ---- control ----
    always @(posedge clk_i) begin
        ra_q     <= rd_addr_i;
        rvalid_q <= (state_q == F_IDLE) && !fetch_go && !flush_go &&
                    !(quick && idx_of(rd_addr_i) == ra_idx);
        if (rst_i) begin
            state_q <= F_IDLE;
            valid_q <= {LINES{1'b0}};
            dirty_q <= {LINES{1'b0}};
            wb_q    <= {FL{1'b0}};
        end else begin
            if (e_wr)
                dirty_q[e_idx] <= 1'b1;
            if (inval_i) begin
                valid_q <= {LINES{1'b0}};
                dirty_q <= {LINES{1'b0}};
            end
            if (FRESH_LINES > 0) begin
                if (inval_i)
                    wb_q <= {FL{1'b0}};   // a bit per line of memory: wide on purpose
                else if (p_wr && v_in)
                    wb_q[FW'(v_rel)] <= 1'b1;
            end
            case (state_q)
                F_IDLE: begin
                    if (quick) begin
                        valid_q[ra_idx] <= 1'b1;
                        dirty_q[ra_idx] <= 1'b0;
                    end else if (fetch_go) begin
                        flushing_q <= 1'b0;
                        f_idx_q    <= ra_idx;
                        f_tag_q    <= ra_q[AW-1 -: TAG_W];
                        state_q    <= F_REQ;
                    end else if (flush_go) begin
                        flushing_q <= 1'b1;
                        f_idx_q    <= first_dirty;
                        state_q    <= F_REQ;
                    end
                end
                F_REQ: state_q <= F_LATCH;           // RAMs read at f_idx_q
                // The RAM outputs hold the victim now; the port latches it.
                F_LATCH: begin
                    if (v_wb)
                        state_q <= F_WB;
                    else if (flushing_q)
                        state_q <= F_IDLE;
                    else
                        state_q <= f_fresh ? F_ZERO : F_RD;
                end
                F_WB: if (p_done) begin
                    dirty_q[f_idx_q] <= 1'b0;
                    state_q <= flushing_q ? F_IDLE : f_fresh ? F_ZERO : F_RD;
                end
                F_ZERO: begin
                    valid_q[f_idx_q] <= 1'b1;
                    dirty_q[f_idx_q] <= 1'b0;
                    state_q <= F_IDLE;
                end
                F_RD: if (p_done) begin
                    valid_q[f_idx_q] <= 1'b1;
                    dirty_q[f_idx_q] <= 1'b0;
                    state_q <= F_IDLE;
                end
                default: state_q <= F_IDLE;
            endcase
        end
    end

    // Port commands: issued on entering F_WB / F_RD (the port is idle then).
    always @* begin
        p_wr = (state_q == F_LATCH) && v_wb;
        p_rd = ((state_q == F_LATCH) && !v_wb && !flushing_q && !f_fresh) ||
               ((state_q == F_WB) && p_done && !flushing_q && !f_fresh);
    end
endmodule
`default_nettype wire
