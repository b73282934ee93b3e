// Fixture for tools/fpga_paths.py: two register-to-register paths of very
// different depth. deep_q sits behind three chained 32-bit additions and a
// comparison, flag_q behind a single gate; the tool must rank deep_q first.
// DEEP=0 leaves only the first addition: a smaller, faster variant that
// tests/fpga/test_fpga_report.sh places and routes as the "without" build.
module paths_fixture #(
    parameter DEEP = 1
) (
    input  wire        clk_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    output wire        deep_o,
    output wire        flag_o
);
    reg [31:0] a_q, b_q;
    reg        deep_q, flag_q;
    wire [31:0] s1 = a_q + b_q;
    wire [31:0] s2 = s1 + {b_q[15:0], a_q[31:16]};
    wire [31:0] s3 = s2 + (s1 ^ b_q);
    always @(posedge clk_i) begin
        a_q    <= a_i;
        b_q    <= b_i;
        deep_q <= (DEEP != 0) ? (s3 < a_q) : s1[31];
        flag_q <= a_q[0] & b_q[0];
    end
    assign deep_o = deep_q;
    assign flag_o = flag_q;
endmodule
