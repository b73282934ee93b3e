// The detector's checks take one lane access at a time: this unit turns
// the line event at the queue head (docs/detector.md §3.1: the lead lane's
// 160-bit lane event, the group's lane mask, each lane's byte offset in
// the line) back into its lane events, in ascending lane order, one per
// cycle, and pops the queue with the last one. A lane's address is the
// lead's line with the lane's own offset.
`default_nettype none

module scord_lane_split #(
  parameter NUM_THREADS = 8,
  parameter LINE_BYTES  = 32,
  // derived, do not override
  parameter T     = NUM_THREADS,
  parameter LW    = (NUM_THREADS > 1) ? $clog2(NUM_THREADS) : 1,
  parameter OFF_W = $clog2(LINE_BYTES),
  parameter EVW   = 160 + T * (1 + OFF_W)
) (
  input  wire           clk_i,
  input  wire           rst_i,
  // the queue head
  input  wire           in_valid_i,
  input  wire [EVW-1:0] in_data_i,
  output wire           in_pop_o,
  // one lane event
  output wire           out_valid_o,
  output wire [159:0]   out_data_o,
  input  wire           out_pop_i
);
  wire [T-1:0]       mask = in_data_i[160 +: T];
  wire [T*OFF_W-1:0] offs = in_data_i[160 + T +: T * OFF_W];

  reg [T-1:0] left_q;     // lanes of the head event not yet sent
  reg         started_q;  // left_q belongs to the head event
  wire [T-1:0] left = started_q ? left_q : mask;

  reg [LW-1:0] lane;
  reg [T-1:0]  lane_bit;
  integer t;
  always @(*) begin
    lane     = {LW{1'b0}};
    lane_bit = {T{1'b0}};
    for (t = T - 1; t >= 0; t = t - 1)
      if (left[t]) begin
        lane     = t[LW-1:0];
        lane_bit = {{(T-1){1'b0}}, 1'b1} << t;
      end
  end

  wire [31:0] line = in_data_i[63:32];
  wire [31:0] addr = {line[31:OFF_W], offs[lane*OFF_W +: OFF_W]};
  wire last = ((left & ~lane_bit) == {T{1'b0}});
  // the lead's lane number and in-line offset are in mask and offsets too
  wire unused_lead = ^{in_data_i[121:117], line[OFF_W-1:0]};
  // An event with no lane (the cores send none) would block the queue: drop it.
  wire drop = in_valid_i && (left == {T{1'b0}});

  assign out_valid_o = in_valid_i && !drop;
  assign out_data_o  = {in_data_i[159:122], {{(5-LW){1'b0}}, lane}, in_data_i[116:64], addr,
                        in_data_i[31:0]};
  assign in_pop_o    = (out_valid_o && out_pop_i && last) || drop;

  always @(posedge clk_i) begin
    if (rst_i) begin
      started_q <= 1'b0;
    end else if (in_pop_o) begin
      started_q <= 1'b0;
    end else if (out_valid_o && out_pop_i) begin
      left_q    <= left & ~lane_bit;
      started_q <= 1'b1;
    end
  end
endmodule
`default_nettype wire
