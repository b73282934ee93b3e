// One lane's multiplier for MUL, MULH, MULHSU and MULHU: the operands are
// extended to 33 bits, with a sign bit where the instruction reads them as
// signed, and the signed 33 x 33-bit product's low 64 bits are the exact
// product. Apart from gpu_alu so the core can run it a stage early (E,
// gpu_core's E_STAGE).
//
// STAGE=1 (with E_STAGE) splits it in two: the four 17 x 17-bit partial
// products (one ECP5 DSP block each) are taken when en_i is set (the two
// middle ones already added), and product_o is their sum, a cycle later. On the FPGA the whole multiply was
// the register file's read -> DSP -> carry chains -> write data path
// (docs/fpga.md); split, E holds the DSP blocks and one add, X the other.
// STAGE=0 is one combinational multiply (clk_i and en_i unused).
`default_nettype none
`include "gpu_pkg_classes.vh"

module gpu_mul #(
    parameter STAGE = 0
) (
    input  wire        clk_i,
    input  wire        en_i,
    input  wire [3:0]  op_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    output wire [63:0] product_o
);
    wire a_sx = a_i[31] && ((op_i == `ALU_MULH) || (op_i == `ALU_MULHSU));
    wire b_sx = b_i[31] && (op_i == `ALU_MULH);
    generate
        if (STAGE != 0) begin : g_split
            // {x_sx, x} = hi * 2^16 + lo, hi signed (17 bits), lo unsigned
            // (16 bits, zero-extended to a signed 17): the product is
            // hh * 2^32 + (hl + lh) * 2^16 + ll, taken modulo 2^64.
            wire signed [16:0] a_hi = $signed({a_sx, a_i[31:16]});
            wire signed [16:0] b_hi = $signed({b_sx, b_i[31:16]});
            wire signed [16:0] a_lo = $signed({1'b0, a_i[15:0]});
            wire signed [16:0] b_lo = $signed({1'b0, b_i[15:0]});
            // E also adds the two middle products, so X has one carry
            // chain left (the ECP5's DSP blocks are quick; the chains in
            // a row behind them were the long part).
            reg  signed [33:0] hh_q;
            reg  signed [34:0] mid_q;
            reg         [31:0] ll_q;
            wire signed [33:0] ll_full = a_lo * b_lo;   // < 2^32: fits 32 bits
            wire signed [33:0] hl = a_hi * b_lo;
            wire signed [33:0] lh = a_lo * b_hi;
            always @(posedge clk_i)
                if (en_i) begin
                    hh_q  <= a_hi * b_hi;
                    mid_q <= {hl[33], hl} + {lh[33], lh};
                    ll_q  <= ll_full[31:0];
                end
            // ll fills the low 32 bits and hh * 2^32 has none there, so
            // their sum is the two side by side; the low 16 bits are ll's.
            assign product_o = {{hh_q[31:0], ll_q[31:16]} + {{13{mid_q[34]}}, mid_q}, ll_q[15:0]};
            wire unused = &{1'b0, ll_full[33:32], hh_q[33:32]};
        end else begin : g_comb
            wire signed [65:0] product = $signed({a_sx, a_i}) * $signed({b_sx, b_i});
            assign product_o = product[63:0];
            wire unused = &{1'b0, product[65:64], clk_i, en_i};
        end
    endgenerate
endmodule
`default_nettype wire
