// One lane's multiplier for MUL, MULH, MULHSU and MULHU: the operands are
// extended to 33 bits, with a sign bit where the instruction reads them as
// signed, and the signed 33 x 33-bit product's low 64 bits are the exact
// product. Apart from gpu_alu so the core can run it a stage early (E,
// gpu_core's E_STAGE).
//
// STAGE=1 (with E_STAGE) splits it in two: the four 17 x 17-bit partial
// products (one ECP5 DSP block each) are taken when en_i is set, and
// product_o is their sum, a cycle later. On the FPGA the whole multiply
// was the register file's read -> DSP -> carry chains -> write data path
// (docs/fpga.md); split, E holds the DSP blocks alone (the register file's
// block RAM answers late in the cycle, so E's path was block RAM -> DSP ->
// the middle products' carry chain, the build's longest without the
// detector), X one carry-save step and one carry chain.
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
            reg  signed [33:0] hh_q, hl_q, lh_q;
            reg         [31:0] ll_q;
            wire signed [33:0] ll_full = a_lo * b_lo;   // < 2^32: fits 32 bits
            always @(posedge clk_i)
                if (en_i) begin
                    hh_q <= a_hi * b_hi;
                    hl_q <= a_hi * b_lo;
                    lh_q <= a_lo * b_hi;
                    ll_q <= ll_full[31:0];
                end
            // Bits 63:16 of the product: hh beside ll's high half (hh *
            // 2^32 has no bit where ll has one) plus the two middle
            // products, sign-extended. Three addends: one
            // carry-save step (a LUT a bit) makes them two, so X has one
            // carry chain as before. The low 16 bits are ll's.
            wire [47:0] s0 = {hh_q[31:0], ll_q[31:16]};
            wire [47:0] s1 = {{14{hl_q[33]}}, hl_q};
            wire [47:0] s2 = {{14{lh_q[33]}}, lh_q};
            wire [47:0] cs_sum   = s0 ^ s1 ^ s2;
            wire [47:0] cs_carry = (s0 & s1) | (s0 & s2) | (s1 & s2);
            wire [47:0] hi48 = cs_sum + {cs_carry[46:0], 1'b0};
            assign product_o = {hi48, ll_q[15:0]};
            wire unused = &{1'b0, ll_full[33:32], hh_q[33:32], cs_carry[47]};
        end else begin : g_comb
            wire signed [65:0] product = $signed({a_sx, a_i}) * $signed({b_sx, b_i});
            assign product_o = product[63:0];
            wire unused = &{1'b0, product[65:64], clk_i, en_i};
        end
    endgenerate
endmodule
`default_nettype wire
