// Fixture for tools/fpga_det_cost.py: a "GPU" whose detector (g_det.u_scord,
// with a report writer u_reports.u_rep holding an 8-bit accumulator)
// exists only with DETECTOR=1, and whose L2 computes more with it.
module dcf_rep (input wire clk, input wire [7:0] a, output wire [7:0] y);
    reg [7:0] acc_q;
    always @(posedge clk) acc_q <= acc_q + a;
    assign y = acc_q ^ a;
endmodule

module dcf_reports (input wire clk, input wire [7:0] a, output wire [7:0] y);
    dcf_rep u_rep (.clk(clk), .a(a), .y(y));
endmodule

module dcf_scord (input wire clk, input wire [7:0] a, output wire [7:0] y);
    dcf_reports u_reports (.clk(clk), .a(a), .y(y));
endmodule

module dcf_l2 #(parameter DETECTOR = 1) (
    input wire clk, input wire [7:0] a, input wire [7:0] d, output reg [7:0] q
);
    always @(posedge clk) q <= DETECTOR ? (a ^ d) + 8'd3 : a;
endmodule

module det_cost_fixture #(parameter DETECTOR = 1) (
    input wire clk, input wire [7:0] a, output wire [7:0] y
);
    wire [7:0] d;
    generate
        if (DETECTOR) begin : g_det
            dcf_scord u_scord (.clk(clk), .a(a), .y(d));
        end else begin : g_no_det
            assign d = 8'd0;
        end
    endgenerate
    dcf_l2 #(.DETECTOR(DETECTOR)) u_l2 (.clk(clk), .a(a), .d(d), .q(y));
endmodule
