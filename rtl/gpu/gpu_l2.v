// Shared L2: the device's coherence point. Direct mapped, write-through to
// device memory, allocate on READ and atomic misses, no allocate on WRITE
// misses. One request at a time, fully in order, and a request only ends once
// its memory write was accepted (memory applies writes on acceptance), so a
// FENCE finds every earlier request performed and is answered at once.
//
// Write notices (for the race detector's stale lanes, gpu_lsu): the cycle
// after the L2 performs a write (a WRITE, an AMO, a successful SC), wn_*
// name its line, the words it wrote bytes of and those it wrote whole, and
// the writer's reservation id (an LSU's: its core, warp and lane).
//
// LR/SC: one reservation (valid, word address) per reservation id. An LR sets
// its rid's reservation; an SC (success or not) clears its own. Any write to
// a word -- WRITE with a strobe byte in that word, an AMO, a successful SC,
// from any port -- clears every reservation on that word.
//
// CAS64 (amocas.d at device scope) is an AMO on two words of one line: the
// old 8 bytes come back in rsp_data[63:0] (gpu_l2_bus.vh).
//
// Timing (cycles after the request is accepted in cycle 0):
//   READ hit 2 (rsp), READ miss: lookup 1, memory read request from cycle 2,
//   rsp the cycle after the memory answer. WRITE: memory write offered in
//   cycle 2; ready again after its acceptance. AMO/LR/SC hit: rsp in cycle 3
//   (memory write of an AMO/successful SC offered in cycle 3), miss: as READ
//   miss, then + 1 cycle. FENCE: rsp in cycle 2.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module gpu_l2 #(
    // Small defaults keep a standalone synthesis quick; gpu_top sets the real ones.
    parameter NUM_RID    = 16,
    parameter LINE_BYTES = 32,
    parameter L2_BYTES   = 4096,
    // Derived, do not override.
    parameter RID_W      = (NUM_RID > 1) ? $clog2(NUM_RID) : 1,
    parameter REQ_W      = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                    clk_i,
    input  wire                    rst_i,
    // L2 channel (from gpu_l2_arb; gpu_l2_bus.vh)
    input  wire                    req_valid_i,
    output wire                    req_ready_o,
    input  wire [REQ_W-1:0]        req_i,
    output wire                    rsp_valid_o,
    output wire [LINE_BYTES*8-1:0] rsp_data_o,
    // device memory
    output wire                    mem_req_valid_o,
    input  wire                    mem_req_ready_i,
    output wire                    mem_req_we_o,
    output wire [31:0]             mem_req_addr_o,
    output wire [LINE_BYTES*8-1:0] mem_req_wdata_o,
    output wire [LINE_BYTES-1:0]   mem_req_wstrb_o,
    input  wire                    mem_rsp_valid_i,
    input  wire [LINE_BYTES*8-1:0] mem_rsp_rdata_i,
    // control and events
    input  wire                    flush_i,
    output wire                    idle_o,
    output wire                    perf_hit_o,
    output wire                    perf_miss_o,
    output wire                    perf_mem_read_o,
    output wire                    perf_mem_write_o,
    // write notices
    output reg                     wn_valid_o,
    output reg  [31:0]             wn_addr_o,
    output reg  [LINE_BYTES/4-1:0] wn_any_o,
    output reg  [LINE_BYTES/4-1:0] wn_full_o,
    output reg  [RID_W-1:0]        wn_rid_o
);

    localparam LINE_BITS = LINE_BYTES * 8;
    localparam WORDS     = LINE_BYTES / 4;
    localparam OFF_W     = $clog2(LINE_BYTES);
    localparam SETS      = L2_BYTES / LINE_BYTES;
    localparam IDX_W     = (SETS > 1) ? $clog2(SETS) : 1;
    localparam TAG_W     = 32 - OFF_W - IDX_W;
    localparam WSEL_W    = OFF_W - 2;

    localparam [2:0] S_IDLE  = 3'd0;
    localparam [2:0] S_LOOK  = 3'd1;  // tag and data RAM outputs valid
    localparam [2:0] S_MEMRD = 3'd2;  // offer the line read to memory
    localparam [2:0] S_MEMWT = 3'd3;  // wait for the line
    localparam [2:0] S_EXEC  = 3'd4;  // atomic on its word (old_q)
    localparam [2:0] S_MEMWR = 3'd5;  // offer the write to memory

    // the request's fields
    wire [2:0]                req_type     = req_i[`L2_REQ_TYPE];
    wire [31:0]               req_addr     = req_i[`L2_REQ_ADDR];
    wire [LINE_BITS-1:0]      req_wdata    = req_i[`L2_REQ_WDATA(LINE_BYTES)];
    wire [LINE_BYTES-1:0]     req_wstrb    = req_i[`L2_REQ_WSTRB(LINE_BYTES)];
    wire [4:0]                req_amo_op   = req_i[`L2_REQ_AMO_OP];
    wire [31:0]               req_amo_data = req_i[`L2_REQ_AMO_DATA];
    wire [31:0]               req_amo_cmp  = req_i[`L2_REQ_AMO_CMP];
    wire [`L2_RID_BITS-1:0]   req_rid      = req_i[`L2_REQ_RID];   // below NUM_RID
    wire unused_rid = ^req_rid;

    reg [2:0]           state_q;
    // the request being served
    reg [2:0]           type_q;
    reg [31:0]          addr_q;
    reg [LINE_BITS-1:0] wdata_q;  // WRITE data, later the memory write data
    reg [LINE_BYTES-1:0] wstrb_q;
    reg [4:0]           amo_op_q;
    reg [31:0]          amo_data_q;
    reg [31:0]          amo_cmp_q;
    reg [RID_W-1:0]     rid_q;
    // The word an atomic works on, selected as its line is taken: the
    // atomic's ALU then starts from a register, not from a line-wide select
    // by addr_q (once the routed critical path of the FPGA build without
    // the detector, docs/fpga.md).
    reg [31:0]          old_q;
    reg [31:0]          old_hi_q; // the next word: amocas.d's high word (L2_CAS64)
    reg                 rsp_valid_q;
    reg [LINE_BITS-1:0] rsp_data_q;

    // ---- arrays: tags and data in RAM (synchronous read), valid in flops -----
    reg [LINE_BITS-1:0] data_mem [0:SETS-1];
    reg [SETS-1:0]      valid_q;
    reg [LINE_BITS-1:0] data_rd_q;

    // The set index XORs the tag, bit-reversed, into the line bits: regions
    // a multiple of the cache size apart (the cores' stack blocks, arrays
    // allocated back to back) land in different parts of the cache instead
    // of onto the same sets, and a run of consecutive lines stays one run.
    // The tag keeps every bit above the line, so the index is still a
    // bijection of the line address given the tag.
    function automatic [IDX_W-1:0] set_of(input [31-OFF_W:0] line);
        reg [IDX_W-1:0] t, r;
        integer j;
        begin
            t = IDX_W'(line[31-OFF_W:IDX_W]);
            for (j = 0; j < IDX_W; j = j + 1) r[j] = t[IDX_W-1-j];
            set_of = (SETS > 1) ? (line[IDX_W-1:0] ^ r) : {IDX_W{1'b0}};
        end
    endfunction
    wire [IDX_W-1:0]  req_idx = set_of(req_addr[31:OFF_W]);
    // The request's set and its valid bits (below) are taken with its tag,
    // as the request is accepted: the hit then comes from registers, not from the
    // index function and a SETS-wide valid mux in front of the tag RAM's
    // write enable (the routed path of the FPGA build with the detector,
    // docs/fpga.md). Between the two only a flush changes valid_q.
    reg  [IDX_W-1:0]  idx_q;
    // The valid bit in two steps: the request takes the valid bits of its
    // group of VG sets (a VG-bit slice chosen by the index's upper bits),
    // the lookup picks the set's among them, beside the tag compare. A
    // SETS-wide multiplexer between the L2 arbiter's grant and a register
    // was once the routed critical path of fpga1 with the detector
    // (docs/fpga.md). Cycle for cycle the same.
    localparam VG_W   = (IDX_W > 4) ? 4 : IDX_W;
    localparam VG     = 1 << VG_W;
    localparam SETS_P = (SETS > VG) ? SETS : VG;   // SETS = 1: pad to VG
    wire [SETS_P-1:0] valid_pad = SETS_P'(valid_q);
    wire [IDX_W-1:0]  req_grp   = req_idx >> VG_W;
    reg  [VG-1:0]     valid_grp_q;
    wire [IDX_W-1:0]  idx     = idx_q;   // = set_of(addr_q[31:OFF_W])
    wire [TAG_W-1:0]  tag     = addr_q[31 -: TAG_W];
    wire [WSEL_W-1:0] wsel    = addr_q[OFF_W-1:2];
    wire [29:0]       waddr   = addr_q[31:2];
    wire [WSEL_W-1:0] wsel_hi = wsel | WSEL_W'(1);   // amocas.d's high word

    // word-aligned or line-aligned addresses only
    wire unused_addr = &{1'b0, addr_q[1:0]};

    wire accept = req_valid_i && req_ready_o;

    // The tags: narrow and few, so LUT RAM (block RAM goes to the wide
    // arrays), in VG banks by the index's low bits. The request reads the
    // tags of its group (its row in every bank: the same VG sets as its
    // valid bits), the lookup compares each with its tag and picks the
    // set's. One RAM of SETS tags put a SETS-to-1 read multiplexer between
    // the L2 arbiter's grant and tag_rd_q, once the routed critical path of
    // fpga1 with the detector (docs/fpga.md); a bank of 16 rows is one
    // LUT RAM deep. Cycle for cycle the same.
    localparam ROWS  = SETS_P / VG;
    localparam ROW_W = (ROWS > 1) ? $clog2(ROWS) : 1;
    wire [ROW_W-1:0] req_row = (ROWS > 1) ? ROW_W'(req_idx >> VG_W) : {ROW_W{1'b0}};
    wire [ROW_W-1:0] idx_row = (ROWS > 1) ? ROW_W'(idx >> VG_W) : {ROW_W{1'b0}};
    reg              fill;
    wire [VG-1:0]    tag_eq;      // per bank: its tag of the group is the request's
    genvar tb;
    generate
        for (tb = 0; tb < VG; tb = tb + 1) begin : g_tag
            (* ram_style = "distributed" *)
            reg [TAG_W-1:0] mem [0:ROWS-1];
            reg [TAG_W-1:0] rd_q;
            always @(posedge clk_i) begin
                if (state_q == S_IDLE) rd_q <= mem[req_row];
                if (fill && idx[VG_W-1:0] == VG_W'(tb)) mem[idx_row] <= tag;
            end
            assign tag_eq[tb] = valid_grp_q[tb] && (rd_q == tag);
        end
    endgenerate
    wire hit = tag_eq[idx_q[VG_W-1:0]];
    wire wfull  = &wstrb_q;   // a write of the whole line

    // A write to the data RAM happens in one place so the RAM keeps one
    // port. It is written with byte enables: a fill whole, a write or an
    // atomic its strobed bytes. Merging them into the line as read (the
    // bytes of the RAM not written) cost two 256-bit multiplexers and a
    // register of the atomic's line; the block RAM's byte enables do it
    // for nothing (gpu_l2 alone: `make synth-module MODULE=gpu_l2`,
    // docs/fpga.md). The RAM holds the same bytes after every write: what
    // S_IDLE read (a write's hit) and what an atomic took (a hit or the
    // fill just written) is what the RAM holds at that index.
    reg                  ram_we;
    wire                 ram_fill = (state_q == S_MEMWT);
    wire [LINE_BITS-1:0] ram_wdata = ram_fill ? mem_rsp_rdata_i : wdata_q;
    wire [LINE_BYTES-1:0] ram_be  = ram_fill ? {LINE_BYTES{1'b1}} : wstrb_q;

    always @(posedge clk_i) begin : data_ram
        integer bw, be;
        if (state_q == S_IDLE) begin
            data_rd_q  <= data_mem[req_idx];
            idx_q      <= req_idx;
            valid_grp_q <= flush_i ? {VG{1'b0}} : valid_pad[req_grp*VG +: VG];
        end
        // by words, then bytes: Verilator unrolls a loop of at most 64
        // turns, and the cuda configuration's lines have 128 bytes
        for (bw = 0; bw < WORDS; bw = bw + 1)
            for (be = 0; be < 4; be = be + 1)
                if (ram_we && ram_be[bw*4+be])
                    data_mem[idx][(bw*4+be)*8 +: 8] <= ram_wdata[(bw*4+be)*8 +: 8];
    end

    // ---- atomic unit ------------------------------------------------------------
    wire [31:0] old_word = old_q;   // the line's word at wsel
    wire [31:0] amo_new;
    gpu_amo_alu u_amo (
        .op_i     (amo_op_q),
        .old_i    (old_word),
        .operand_i(amo_data_q),
        .cmp_i    (amo_cmp_q),
        .new_o    (amo_new)
    );
    wire [31:0] wr_word = (type_q == `L2_SC) ? amo_data_q : amo_new;
    // amocas.d (L2_CAS64): compare and swap 8 bytes; the high words of the
    // compare and new values came in the write data (gpu_l2_bus.vh)
    wire        cas64     = (type_q == `L2_CAS64);
    wire        cas64_eq  = ({old_hi_q, old_q} == {wdata_q[63:32], amo_cmp_q});
    wire [63:0] cas64_new = cas64_eq ? {wdata_q[31:0], amo_data_q} : {old_hi_q, old_q};
    wire [LINE_BYTES-1:0] word_strb = cas64 ? LINE_BYTES'(8'hFF) << (wsel * 4)
                                            : LINE_BYTES'(4'hF) << (wsel * 4);

    // ---- reservations: valid in flops, word address per rid --------------------
    reg [NUM_RID-1:0] resv_valid_q;
    reg [29:0]        resv_addr_q [0:NUM_RID-1];
    // rid < NUM_RID by construction (hardware thread slot)
    wire sc_ok = resv_valid_q[rid_q] && (resv_addr_q[rid_q] == waddr);
    // S_EXEC decides an SC by sc_ok as taken the cycle before (S_LOOK or
    // S_MEMWT): rid_q and addr_q are the request's from its acceptance on,
    // and in that cycle nothing but a flush or a reset changes the
    // reservations (an LR sets one and an SC clears its own in S_EXEC,
    // writes clear them in S_LOOK or S_EXEC, and this request is an SC).
    // The thread's reservation multiplexer and the address compare were
    // the head of the FPGA build's longest path (rid_q -> sc_ok -> the data
    // RAM's write data; docs/fpga.md). Cycle for cycle the same.
    reg  sc_ok_q;
    always @(posedge clk_i) sc_ok_q <= sc_ok && !(rst_i || flush_i);
    wire sc_write = (type_q == `L2_SC) && sc_ok_q;

    // Bytes written to the line by this request; clears reservations.
    reg                  clr_en;
    reg [LINE_BYTES-1:0] clr_strb;

    always @(*) begin
        ram_we    = 1'b0;
        fill      = 1'b0;
        clr_en    = 1'b0;
        clr_strb  = wstrb_q;
        case (state_q)
            S_LOOK: if (type_q == `L2_WRITE) begin
                // A hit is updated; a whole-line miss allocates (it needs nothing
                // from memory), so data written line by line, the warps' stack
                // saves among it, is still here when it is read back.
                // The data is the strobed bytes either way: a miss writes only
                // a whole line. So the hit decides the write enable alone, not
                // the 256 data bits: the hit (the tag compare, the set's pick
                // by idx_q) into the data RAM's write data was the routed
                // critical path of fpga1 without the detector, and later with
                // it, seed 1 (docs/fpga.md). Cycle for cycle the same.
                ram_we    = hit || wfull;
                fill      = !hit && wfull;
                clr_en    = 1'b1;
            end
            S_MEMWT: if (mem_rsp_valid_i) begin
                ram_we    = 1'b1;
                fill      = 1'b1;
            end
            // An atomic's (or a successful SC's) word clears the reservations
            // as it is decided ...
            S_EXEC: if (type_q == `L2_AMO || cas64 || sc_write) begin
                clr_en   = 1'b1;
                clr_strb = word_strb;
            end
            // ... and reaches the data RAM a cycle later, from the registers
            // S_EXEC left it in (wdata_q, wstrb_q), while memory takes the
            // same write: the atomic ALU straight into the RAM's write data
            // was once the routed critical path of seed 2 with the detector
            // (docs/fpga.md). Only atomics and SCs that write come
            // here besides plain writes, which wrote in S_LOOK; the RAM is
            // read again only in S_IDLE, so cycle for cycle the same.
            S_MEMWR: if (type_q != `L2_WRITE) begin
                ram_we    = 1'b1;
            end
            default: ;
        endcase
    end

    // The write notice: the bytes this request writes are the ones that
    // clear reservations (clr_en, clr_strb), in the state that writes them.
    integer wq;
    always @(posedge clk_i) begin
        wn_valid_o <= clr_en && !rst_i;
        if (clr_en) begin
            wn_addr_o <= {addr_q[31:OFF_W], {OFF_W{1'b0}}};
            wn_rid_o  <= rid_q;
            for (wq = 0; wq < WORDS; wq = wq + 1) begin
                wn_any_o[wq]  <= |clr_strb[wq*4 +: 4];
                wn_full_o[wq] <= &clr_strb[wq*4 +: 4];
            end
        end
    end

    integer r;
    always @(posedge clk_i) begin
        if (rst_i || flush_i) begin
            resv_valid_q <= {NUM_RID{1'b0}};
        end else begin
            // Loop only when something is written, to keep simulation fast.
            if (clr_en) begin
                for (r = 0; r < NUM_RID; r = r + 1)
                    if (resv_addr_q[r][29:WSEL_W] == waddr[29:WSEL_W] &&
                        clr_strb[resv_addr_q[r][WSEL_W-1:0]*4 +: 4] != 4'd0)
                        resv_valid_q[r] <= 1'b0;
            end
            if (state_q == S_EXEC && type_q == `L2_LR) begin
                resv_valid_q[rid_q] <= 1'b1;
                resv_addr_q[rid_q]  <= waddr;
            end
            if (state_q == S_EXEC && type_q == `L2_SC)
                resv_valid_q[rid_q] <= 1'b0;
        end
    end

    // ---- control ------------------------------------------------------------------
    always @(posedge clk_i) begin
        rsp_valid_q <= 1'b0;
        if (rst_i) begin
            state_q <= S_IDLE;
            valid_q <= {SETS{1'b0}};
        end else begin
            case (state_q)
                S_IDLE: if (accept) begin
                    type_q     <= req_type;
                    addr_q     <= req_addr;
                    wdata_q    <= req_wdata;
                    wstrb_q    <= req_wstrb;
                    amo_op_q   <= req_amo_op;
                    amo_data_q <= req_amo_data;
                    amo_cmp_q  <= req_amo_cmp;
                    rid_q      <= RID_W'(req_rid);
                    state_q    <= S_LOOK;
                end
                S_LOOK: begin
                    case (type_q)
                        `L2_FENCE: begin
                            rsp_valid_q <= 1'b1;
                            rsp_data_q  <= {LINE_BITS{1'b0}};
                            state_q     <= S_IDLE;
                        end
                        `L2_READ: if (hit) begin
                            rsp_valid_q <= 1'b1;
                            rsp_data_q  <= data_rd_q;
                            state_q     <= S_IDLE;
                        end else begin
                            state_q <= S_MEMRD;
                        end
                        `L2_WRITE: begin
                            if (!hit && wfull) valid_q[idx] <= 1'b1;
                            state_q <= S_MEMWR;
                        end
                        default: if (hit) begin  // AMO, LR, SC
                            old_q   <= data_rd_q[wsel*32 +: 32];
                            old_hi_q <= data_rd_q[wsel_hi*32 +: 32];
                            state_q <= S_EXEC;
                        end else begin
                            state_q <= S_MEMRD;
                        end
                    endcase
                end
                S_MEMRD: if (mem_req_ready_i) state_q <= S_MEMWT;
                S_MEMWT: if (mem_rsp_valid_i) begin
                    valid_q[idx] <= 1'b1;
                    if (type_q == `L2_READ) begin
                        rsp_valid_q <= 1'b1;
                        rsp_data_q  <= mem_rsp_rdata_i;
                        state_q     <= S_IDLE;
                    end else begin
                        old_q   <= mem_rsp_rdata_i[wsel*32 +: 32];
                        old_hi_q <= mem_rsp_rdata_i[wsel_hi*32 +: 32];
                        state_q <= S_EXEC;
                    end
                end
                S_EXEC: begin
                    rsp_valid_q <= 1'b1;
                    rsp_data_q  <= {LINE_BITS{1'b0}};
                    case (type_q)
                        `L2_SC: rsp_data_q[31:0] <= sc_write ? 32'd0 : 32'd1;
                        `L2_CAS64: rsp_data_q[63:0] <= {old_hi_q, old_q};
                        default: rsp_data_q[31:0] <= old_word;
                    endcase
                    wdata_q <= cas64 ? {(WORDS/2){cas64_new}} : {WORDS{wr_word}};
                    wstrb_q <= word_strb;
                    if (type_q == `L2_AMO || cas64 || sc_write)
                        state_q <= S_MEMWR;
                    else
                        state_q <= S_IDLE;
                end
                S_MEMWR: if (mem_req_ready_i) state_q <= S_IDLE;
                default: state_q <= S_IDLE;
            endcase
            if (flush_i) valid_q <= {SETS{1'b0}};
        end
    end

    assign req_ready_o      = (state_q == S_IDLE);
    assign rsp_valid_o      = rsp_valid_q;
    assign rsp_data_o       = rsp_data_q;
    assign idle_o           = (state_q == S_IDLE) && !rsp_valid_q;

    assign mem_req_valid_o  = (state_q == S_MEMRD) || (state_q == S_MEMWR);
    assign mem_req_we_o     = (state_q == S_MEMWR);
    assign mem_req_addr_o   = {addr_q[31:OFF_W], {OFF_W{1'b0}}};
    assign mem_req_wdata_o  = wdata_q;
    assign mem_req_wstrb_o  = wstrb_q;

    assign perf_hit_o       = (state_q == S_LOOK) && (type_q != `L2_FENCE) && hit;
    assign perf_miss_o      = (state_q == S_LOOK) && (type_q != `L2_FENCE) && !hit;
    assign perf_mem_read_o  = (state_q == S_MEMRD) && mem_req_ready_i;
    assign perf_mem_write_o = (state_q == S_MEMWR) && mem_req_ready_i;

`ifndef SYNTHESIS
    always @(posedge clk_i)
        if (!rst_i && state_q == S_EXEC && type_q == `L2_SC && sc_ok_q != sc_ok)
            $display("gpu_l2: ERROR: an SC's registered outcome differs from its reservation now");
`endif
endmodule
`default_nettype wire
