// One lane's integer ALU and single-cycle multiplier (RV32I + MUL*).
`default_nettype none
`include "gpu_pkg_classes.vh"

module gpu_alu (
    input  wire [3:0]  op_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    output reg  [31:0] result_o
);
    // One 32x32 unsigned multiplier serves all four; the signed high words
    // follow by subtracting the other operand when an operand is negative:
    // for signed a, a = a_u - 2^32 * a[31].
    wire a_neg = a_i[31] && ((op_i == `ALU_MULH) || (op_i == `ALU_MULHSU));
    wire b_neg = b_i[31] && (op_i == `ALU_MULH);
    wire [63:0] uproduct = {32'd0, a_i} * {32'd0, b_i};
    wire [31:0] high = uproduct[63:32] - (a_neg ? b_i : 32'd0) - (b_neg ? a_i : 32'd0);
    wire [63:0] product = {high, uproduct[31:0]};
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
