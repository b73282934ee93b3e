// Fixture of tools/synth_parts.py (tests/fpga/test_synth_parts.sh): a top
// with two instances of a parameterized leaf (two parameterizations) and
// two of a detector-named module, each holding three instances of the leaf.
`default_nettype none
module parts_fixture (
    input  wire       clk_i,
    input  wire [7:0] a_i,
    output wire [7:0] y_o
);
    wire [7:0] p, q, r, r2;
    parts_leaf #(.W(8)) u_p (.clk_i(clk_i), .d_i(a_i), .q_o(p));
    parts_leaf #(.W(4)) u_q (.clk_i(clk_i), .d_i(a_i[3:0] ^ p[7:4]), .q_o(q[3:0]));
    assign q[7:4] = p[3:0];
    scord_fixture u_det (.clk_i(clk_i), .d_i(q), .q_o(r));
    scord_fixture u_det2 (.clk_i(clk_i), .d_i(r), .q_o(r2));
    assign y_o = r2;
endmodule

module scord_fixture (
    input  wire       clk_i,
    input  wire [7:0] d_i,
    output wire [7:0] q_o
);
    wire [7:0] s0, s1;
    parts_leaf #(.W(8)) u_0 (.clk_i(clk_i), .d_i(d_i), .q_o(s0));
    parts_leaf #(.W(8)) u_1 (.clk_i(clk_i), .d_i(s0 + d_i), .q_o(s1));
    parts_leaf #(.W(8)) u_2 (.clk_i(clk_i), .d_i(s1 ^ {d_i[0], d_i[7:1]}), .q_o(q_o));
endmodule

module parts_leaf #(
    parameter W = 8
) (
    input  wire         clk_i,
    input  wire [W-1:0] d_i,
    output reg  [W-1:0] q_o
);
    always @(posedge clk_i) q_o <= d_i + {{(W-1){1'b0}}, 1'b1};
endmodule
`default_nettype wire
