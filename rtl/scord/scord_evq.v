// Detector event queue: a first-word-fall-through FIFO of 128-bit events
// (docs/detector.md §3.1). Its depth changes timing only, never results
// (§1): a full queue lowers in_ready_o and the cores stall.
`default_nettype none

module scord_evq #(
  parameter DEPTH = 8,
  parameter WIDTH = 128,
  // derived, do not override
  parameter PTR_W = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
  input  wire             clk_i,
  input  wire             rst_i,
  input  wire             in_valid_i,
  output wire             in_ready_o,
  input  wire [WIDTH-1:0] in_data_i,
  output wire             out_valid_o,
  input  wire             out_pop_i,
  output wire [WIDTH-1:0] out_data_o,
  output wire             empty_o
);
  reg [WIDTH-1:0] mem_q [0:DEPTH-1];
  reg [PTR_W-1:0] rd_q, wr_q;
  reg [PTR_W:0]   cnt_q;

  wire push = in_valid_i && in_ready_o;
  wire pop  = out_pop_i && out_valid_o;

  assign in_ready_o  = (cnt_q != DEPTH[PTR_W:0]);
  assign out_valid_o = (cnt_q != {(PTR_W+1){1'b0}});
  assign empty_o     = !out_valid_o;
  assign out_data_o  = mem_q[rd_q];

  // Pointer wrap for depths that are not a power of two.
  function [PTR_W-1:0] ptr_next;
    input [PTR_W-1:0] p;
    begin
      ptr_next = (p == DEPTH[PTR_W-1:0] - 1'b1) ? {PTR_W{1'b0}} : p + 1'b1;
    end
  endfunction

  always @(posedge clk_i) begin
    if (push)
      mem_q[wr_q] <= in_data_i;
  end

  always @(posedge clk_i) begin
    if (rst_i) begin
      rd_q  <= {PTR_W{1'b0}};
      wr_q  <= {PTR_W{1'b0}};
      cnt_q <= {(PTR_W+1){1'b0}};
    end else begin
      if (push) wr_q <= ptr_next(wr_q);
      if (pop)  rd_q <= ptr_next(rd_q);
      if (push && !pop)      cnt_q <= cnt_q + 1'b1;
      else if (pop && !push) cnt_q <= cnt_q - 1'b1;
    end
  end
endmodule
`default_nettype wire
