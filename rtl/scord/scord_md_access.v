// Metadata line port (docs/detector.md §1, §5): line reads and strobed
// line writes through the L2 channel for the metadata cache
// (scord_md_cache), and the sweep engine that zeroes the metadata region at
// a kernel start (§5.4). The L2 applies writes in order with later reads of
// the same port, so a read after a write sees it.
//
// One command at a time; done_o pulses once per command: for a read with
// rdata_o valid, for a write when the L2 accepted it, for a sweep when the
// last line write was accepted. A write's line is latched as it is
// taken: the L2's write data then starts at flip-flops, not at the
// metadata cache's block RAM output (5.6 ns on the ECP5 before any logic).
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module scord_md_access #(
    parameter LINE_BYTES = 32,
    // the addresses' width: a sweep covers the metadata region, inside
    // device memory (MEM_BYTES <= 2^AW), so its ends fit AW + 1 bits
    parameter AW         = 32,
    // derived, do not override
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter OFF_W     = $clog2(LINE_BYTES),
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    // commands (only while idle_o)
    input  wire                  rd_i,
    input  wire                  wr_i,
    input  wire [31:0]           addr_i,      // line byte address
    input  wire [LINE_BITS-1:0]  wdata_i,
    input  wire [LINE_BYTES-1:0] wstrb_i,
    input  wire                  sweep_i,
    input  wire [31:0]           sweep_base_i,
    input  wire [32:0]           sweep_bytes_i,
    output wire                  idle_o,
    output reg                   done_o,
    output reg  [LINE_BITS-1:0]  rdata_o,
    // L2 channel (master; gpu_l2_bus.vh)
    output wire                  l2_req_valid_o,
    input  wire                  l2_req_ready_i,
    output wire [REQ_W-1:0]      l2_req_o,
    input  wire                  l2_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  l2_rsp_data_i
);
    localparam [2:0] S_IDLE = 3'd0, S_RD_REQ = 3'd1, S_RD_WAIT = 3'd2,
                     S_WR_REQ = 3'd3, S_SW_REQ = 3'd4;
    localparam [2:0] T_READ  = `L2_READ;
    localparam [2:0] T_WRITE = `L2_WRITE;

    reg [2:0]  state_q;
    reg [31:0] addr_q;
    reg [LINE_BITS-1:0]  wdata_q;
    reg [LINE_BYTES-1:0] wstrb_q;
    // sweep: current line, first byte, one past the last byte (AW + 1
    // bits: the region may end at the top of memory)
    reg [AW:0] sw_line_q, sw_start_q, sw_end_q;

    wire [31:0]       line_adr = {addr_q[31:OFF_W], {OFF_W{1'b0}}};

    // Sweep strobes: the whole line but for the region's ragged ends.
    wire [AW:0]           sw_last_byte = sw_end_q - 1'b1;
    wire [AW:0]           sw_last_line = {sw_last_byte[AW:OFF_W], {OFF_W{1'b0}}};
    wire [AW:0]           sw_first_line = {sw_start_q[AW:OFF_W], {OFF_W{1'b0}}};
    wire [OFF_W-1:0]      sw_lo_off = sw_start_q[OFF_W-1:0];
    wire [OFF_W-1:0]      sw_hi_off = sw_end_q[OFF_W-1:0];
    wire [LINE_BYTES-1:0] ones = {LINE_BYTES{1'b1}};
    wire [LINE_BYTES-1:0] sw_lo_mask = (sw_line_q == sw_first_line) ? (ones << sw_lo_off) : ones;
    wire [LINE_BYTES-1:0] sw_hi_mask = (sw_line_q == sw_last_line && sw_hi_off != {OFF_W{1'b0}})
                                       ? ~(ones << sw_hi_off) : ones;
    wire                  sw_is_last = (sw_line_q == sw_last_line);
    // Bit AW of a line address is 0 for any region inside memory, and so
    // are the inputs' bits above it.
    wire unused_sw = ^{sw_line_q[AW], sw_last_byte[OFF_W-1:0], addr_q[OFF_W-1:0], sweep_base_i,
                       sweep_bytes_i};

    assign idle_o         = (state_q == S_IDLE);
    assign l2_req_valid_o = (state_q == S_RD_REQ) || (state_q == S_WR_REQ) || (state_q == S_SW_REQ);
    assign l2_req_o       = `L2_REQ(wdata_q, (state_q == S_SW_REQ) ? (sw_lo_mask & sw_hi_mask) : wstrb_q,
                                  {`L2_RID_BITS{1'b0}}, 32'd0, 32'd0, 5'd0,
                                  (state_q == S_SW_REQ) ? 32'(sw_line_q[AW-1:0]) : line_adr,
                                  (state_q == S_RD_REQ) ? T_READ : T_WRITE);

    always @(posedge clk_i) begin
        done_o <= 1'b0;
        if (rst_i) begin
            state_q <= S_IDLE;
        end else begin
            case (state_q)
                S_IDLE: begin
                    addr_q  <= addr_i;
                    wdata_q <= wdata_i;
                    wstrb_q <= wstrb_i;
                    if (rd_i) begin
                        state_q <= S_RD_REQ;
                    end else if (wr_i) begin
                        state_q <= S_WR_REQ;
                    end else if (sweep_i) begin
                        wdata_q    <= {LINE_BITS{1'b0}};  // the sweep writes zeros
                        sw_line_q  <= {1'b0, sweep_base_i[AW-1:OFF_W], {OFF_W{1'b0}}};
                        sw_start_q <= {1'b0, sweep_base_i[AW-1:0]};
                        sw_end_q   <= {1'b0, sweep_base_i[AW-1:0]} + sweep_bytes_i[AW:0];
                        if (sweep_bytes_i[AW:0] == {(AW+1){1'b0}})
                            done_o <= 1'b1;
                        else
                            state_q <= S_SW_REQ;
                    end
                end
                S_RD_REQ: if (l2_req_ready_i) state_q <= S_RD_WAIT;
                S_RD_WAIT: if (l2_rsp_valid_i) begin
                    rdata_o <= l2_rsp_data_i;
                    done_o  <= 1'b1;
                    state_q <= S_IDLE;
                end
                S_WR_REQ: if (l2_req_ready_i) begin
                    done_o  <= 1'b1;
                    state_q <= S_IDLE;
                end
                S_SW_REQ: if (l2_req_ready_i) begin
                    if (sw_is_last) begin
                        done_o  <= 1'b1;
                        state_q <= S_IDLE;
                    end else begin
                        sw_line_q <= sw_line_q + (AW+1)'(LINE_BYTES);
                    end
                end
                default: state_q <= S_IDLE;
            endcase
        end
    end
endmodule
`default_nettype wire
