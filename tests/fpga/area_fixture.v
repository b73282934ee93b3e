// Fixture for tools/fpga_area.py: two "cores" from a generate loop, each
// with an 8-bit accumulator (u_acc), and one "L2" with a 4-bit one.
module af_acc #(parameter W = 8) (input wire clk, input wire [W-1:0] a, output wire [W-1:0] y);
    reg [W-1:0] acc_q;
    always @(posedge clk) acc_q <= acc_q + a;
    assign y = acc_q ^ a;
endmodule

module area_fixture (input wire clk, input wire [7:0] a, output wire [11:0] y);
    wire [7:0] c0, c1;
    genvar c;
    generate
        for (c = 0; c < 2; c = c + 1) begin : g_core
            wire [7:0] o;
            af_acc u_acc (.clk(clk), .a(a ^ {8{c[0]}}), .y(o));
        end
    endgenerate
    af_acc #(.W(4)) u_l2 (.clk(clk), .a(a[3:0] ^ a[7:4]), .y(y[11:8]));
    assign y[7:0] = g_core[0].o + g_core[1].o;
endmodule
