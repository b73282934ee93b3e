// A pipeline register that a configuration may leave out: with STAGE=1,
// q_o is d_i as it was in the last cycle en_i was high, the bits set in
// RST_MASK cleared by rst_i (the others are not reset); with STAGE=0, q_o
// is d_i. The FPGA configurations' extra stages (the cores' stage H, the
// detector's decode and report stages) are such registers: one place for
// the choice instead of a generate block at each.
`default_nettype none

module prim_stage_reg #(
    parameter         W        = 1,
    parameter         STAGE    = 1,
    parameter [W-1:0] RST_MASK = {W{1'b0}}
) (
    input  wire         clk_i,
    input  wire         rst_i,
    input  wire         en_i,
    input  wire [W-1:0] d_i,
    output wire [W-1:0] q_o
);
    generate
        if (STAGE != 0) begin : g_reg
            reg [W-1:0] q_q;
            always @(posedge clk_i)
                if (en_i || rst_i)
                    q_q <= d_i & ~(RST_MASK & {W{rst_i}});
            assign q_o = q_q;
        end else begin : g_wire
            // (clock, reset and enable unused: nothing is held)
            wire unused = ^{clk_i, rst_i, en_i};
            assign q_o = d_i;
        end
    endgenerate
endmodule
`default_nettype wire
