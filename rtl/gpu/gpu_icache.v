// Instruction cache of a core: direct mapped, refilled one line at a time
// from the L2. A lookup presented in F is answered in D (synchronous RAMs);
// a miss is not waited for: the core parks the warp and asks for a refill,
// and retries every parked warp when refill_done_o pulses.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module gpu_icache #(
    parameter LINE_BYTES = 32,
    parameter L1I_BYTES  = 4096,
    // derived, do not override
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  flush_i,
    // lookup (F stage) and answer (D stage)
    input  wire                  req_valid_i,
    input  wire [31:0]           req_pc_i,
    output wire                  rsp_hit_o,
    output wire [31:0]           rsp_instr_o,
    // refill request from D; refill_done_o pulses when a line was written
    input  wire                  refill_i,
    input  wire [31:0]           refill_pc_i,
    output reg                   refill_done_o,
    // L2 channel (gpu_l2_bus.vh; line reads only)
    output wire                  l2_req_valid_o,
    input  wire                  l2_req_ready_i,
    output wire [REQ_W-1:0]      l2_req_o,
    input  wire                  l2_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  l2_rsp_data_i,
    output wire                  perf_hit_o,
    output wire                  perf_miss_o
);
    localparam NLINES = L1I_BYTES / LINE_BYTES;
    localparam OFFW   = $clog2(LINE_BYTES);
    localparam IDXW   = $clog2(NLINES);
    localparam TAGW   = 32 - OFFW - IDXW;

    reg [LINE_BITS-1:0] data_mem [0:NLINES-1];
    reg [TAGW-1:0]      tag_mem  [0:NLINES-1];
    reg [NLINES-1:0]    valid_q;

    // D-stage copies of the lookup
    reg                 look_q;
    reg [31:0]          pc_q;
    reg [LINE_BITS-1:0] line_q;
    reg [TAGW-1:0]      tag_q;
    reg                 valid_rd_q;

    wire [IDXW-1:0] req_idx = req_pc_i[OFFW +: IDXW];
    always @(posedge clk_i) begin
        look_q     <= req_valid_i;
        pc_q       <= req_pc_i;
        line_q     <= data_mem[req_idx];
        tag_q      <= tag_mem[req_idx];
        // Sampled with the RAMs so a refill landing now cannot pair a new
        // valid bit with the old tag.
        valid_rd_q <= valid_q[req_idx];
    end

    assign rsp_hit_o   = valid_rd_q && (tag_q == pc_q[31 -: TAGW]);
    assign rsp_instr_o = line_q[pc_q[OFFW-1:2]*32 +: 32];
    assign perf_hit_o  = look_q && rsp_hit_o;
    // Offset bits of the refill address and index bits of the D-stage PC
    // are implied by the line address and the RAM read.
    wire unused_bits = ^{refill_pc_i[OFFW-1:0], pc_q[OFFW +: IDXW], pc_q[1:0]};
    assign perf_miss_o = look_q && !rsp_hit_o;

    // Refill: one outstanding line.
    localparam [1:0] R_IDLE = 2'd0, R_REQ = 2'd1, R_WAIT = 2'd2;
    reg [1:0]  rstate_q;
    reg [31:0] raddr_q;
    wire [IDXW-1:0] ridx = raddr_q[OFFW +: IDXW];

    assign l2_req_valid_o = (rstate_q == R_REQ);
    assign l2_req_o       = `L2_REQ({LINE_BITS{1'b0}}, {LINE_BYTES{1'b0}}, {`L2_RID_BITS{1'b0}}, 32'd0,
                                    32'd0, 5'd0, raddr_q, `L2_READ);

    always @(posedge clk_i) begin
        refill_done_o <= 1'b0;
        if (rst_i) begin
            rstate_q <= R_IDLE;
            valid_q  <= {NLINES{1'b0}};
        end else begin
            if (flush_i)
                valid_q <= {NLINES{1'b0}};
            case (rstate_q)
                R_IDLE: if (refill_i) begin
                    raddr_q  <= {refill_pc_i[31:OFFW], {OFFW{1'b0}}};
                    rstate_q <= R_REQ;
                end
                R_REQ: if (l2_req_ready_i) rstate_q <= R_WAIT;
                default: if (l2_rsp_valid_i) begin
                    data_mem[ridx] <= l2_rsp_data_i;
                    tag_mem[ridx]  <= raddr_q[31 -: TAGW];
                    valid_q[ridx]  <= 1'b1;
                    refill_done_o  <= 1'b1;
                    rstate_q       <= R_IDLE;
                end
            endcase
        end
    end
endmodule
`default_nettype wire
