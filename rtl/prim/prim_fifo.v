// First-in first-out queue with a synchronous-read memory, so a deep one
// lands in block RAM and a shallow one in LUT RAM. A pop presents the
// oldest entry on data_o the cycle after it was asked for (as the RAM does).
`default_nettype none

module prim_fifo #(
    parameter WIDTH = 8,
    parameter DEPTH = 64,   // a power of two
    // derived, do not override
    parameter AW    = $clog2(DEPTH)
) (
    input  wire             clk_i,
    input  wire             rst_i,
    input  wire             push_i,     // ignored while full
    input  wire [WIDTH-1:0] data_i,
    input  wire             pop_i,      // ignored while empty
    output reg  [WIDTH-1:0] data_o,     // the entry popped the cycle before
    output wire             full_o,
    output wire             empty_o,
    output wire [AW:0]      count_o
);
    reg [WIDTH-1:0] mem_q [0:DEPTH-1];
    reg [AW:0]      wr_q, rd_q;

    assign count_o = wr_q - rd_q;
    assign full_o  = count_o == DEPTH[AW:0];
    assign empty_o = wr_q == rd_q;

    always @(posedge clk_i) begin
        if (push_i && !full_o) mem_q[wr_q[AW-1:0]] <= data_i;
        if (pop_i && !empty_o) data_o <= mem_q[rd_q[AW-1:0]];
    end

    always @(posedge clk_i) begin
        if (rst_i) begin
            wr_q <= {(AW+1){1'b0}};
            rd_q <= {(AW+1){1'b0}};
        end else begin
            if (push_i && !full_o) wr_q <= wr_q + 1'b1;
            if (pop_i && !empty_o) rd_q <= rd_q + 1'b1;
        end
    end
endmodule
`default_nettype wire
