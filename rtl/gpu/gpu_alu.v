// One lane's integer ALU and single-cycle multiplier (RV32I + MUL*).
`default_nettype none
`include "gpu_pkg_classes.vh"

module gpu_alu (
    input  wire [3:0]  op_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    output reg  [31:0] result_o
);
    // One 33x33 signed multiplier serves all four: each operand gets a
    // 33rd bit that is its sign (signed) or zero (unsigned).
    wire a_signed = (op_i == `ALU_MULH) || (op_i == `ALU_MULHSU);
    wire b_signed = (op_i == `ALU_MULH);
    wire signed [32:0] a_ext = {a_signed & a_i[31], a_i};
    wire signed [32:0] b_ext = {b_signed & b_i[31], b_i};
    wire signed [65:0] product_full = a_ext * b_ext;
    wire [63:0] product = product_full[63:0];
    wire unused_product = ^product_full[65:64];  // a 66-bit product of 33-bit operands
    wire [31:0] sum  = a_i + b_i;
    wire [31:0] diff = a_i - b_i;

    always @(*) begin
        case (op_i)
            `ALU_ADD:    result_o = sum;
            `ALU_SUB:    result_o = diff;
            `ALU_SLL:    result_o = a_i << b_i[4:0];
            `ALU_SLT:    result_o = {31'd0, $signed(a_i) < $signed(b_i)};
            `ALU_SLTU:   result_o = {31'd0, a_i < b_i};
            `ALU_XOR:    result_o = a_i ^ b_i;
            `ALU_SRL:    result_o = a_i >> b_i[4:0];
            `ALU_SRA:    result_o = $unsigned($signed(a_i) >>> b_i[4:0]);
            `ALU_OR:     result_o = a_i | b_i;
            `ALU_AND:    result_o = a_i & b_i;
            `ALU_MUL:    result_o = product[31:0];
            default:     result_o = product[63:32]; // MULH, MULHSU, MULHU
        endcase
    end
endmodule
`default_nettype wire
