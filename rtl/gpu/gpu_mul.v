// One lane's multiplier for MUL, MULH, MULHSU and MULHU: the operands are
// extended to 33 bits, with a sign bit where the instruction reads them as
// signed, and the signed 33 x 33-bit product's low 64 bits are the exact
// product. Apart from gpu_alu so the core can run it a stage early (E,
// gpu_core's E_STAGE): on the FPGA it is four DSP blocks and two carry
// chains, the longest of X's ALU paths.
`default_nettype none
`include "gpu_pkg_classes.vh"

module gpu_mul (
    input  wire [3:0]  op_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    output wire [63:0] product_o
);
    wire a_sx = a_i[31] && ((op_i == `ALU_MULH) || (op_i == `ALU_MULHSU));
    wire b_sx = b_i[31] && (op_i == `ALU_MULH);
    wire signed [65:0] product = $signed({a_sx, a_i}) * $signed({b_sx, b_i});
    assign product_o = product[63:0];
    wire unused = &{1'b0, product[65:64]};
endmodule
`default_nettype wire
