// One lane's integer ALU (RV32I + MUL*; the product comes from gpu_mul).
// Shared where the operations allow it, since every lane of every core
// has one: a single adder computes add, sub and both set-less-than
// compares, and a single right shifter serves SRL, SRA and (on the
// bit-reversed operand) SLL.
`default_nettype none
`include "gpu_pkg_classes.vh"

module gpu_alu (
    input  wire [3:0]  op_i,
    input  wire [31:0] a_i,
    input  wire [31:0] b_i,
    input  wire [63:0] product_i,   // gpu_mul's, of these operands (MUL*)
    output reg  [31:0] result_o
);

    // a + b, or a - b as a + ~b + 1; for a - b the carry out is a >= b
    // (unsigned), and the signed compare follows from the signs.
    wire        sub  = (op_i != `ALU_ADD);
    wire [32:0] sum  = {1'b0, a_i} + {1'b0, b_i ^ {32{sub}}} + {32'd0, sub};
    wire        ltu  = !sum[32];
    wire        lt   = (a_i[31] != b_i[31]) ? a_i[31] : sum[31];

    // Left shifts shift the reversed operand right and reverse the result.
    function [31:0] rev(input [31:0] x);
        integer k;
        for (k = 0; k < 32; k = k + 1) rev[k] = x[31-k];
    endfunction
    wire        left   = (op_i == `ALU_SLL);
    wire [32:0] sh_in  = {(op_i == `ALU_SRA) && a_i[31], left ? rev(a_i) : a_i};
    wire [32:0] sh_out = $unsigned($signed(sh_in) >>> b_i[4:0]);

    wire unused = &{1'b0, sh_out[32]};

    always @(*) begin
        case (op_i)
            `ALU_ADD, `ALU_SUB: result_o = sum[31:0];
            `ALU_SLL:           result_o = rev(sh_out[31:0]);
            `ALU_SLT:           result_o = {31'd0, lt};
            `ALU_SLTU:          result_o = {31'd0, ltu};
            `ALU_XOR:           result_o = a_i ^ b_i;
            `ALU_SRL, `ALU_SRA: result_o = sh_out[31:0];
            `ALU_OR:            result_o = a_i | b_i;
            `ALU_AND:           result_o = a_i & b_i;
            `ALU_MUL:           result_o = product_i[31:0];
            default:            result_o = product_i[63:32]; // MULH, MULHSU, MULHU
        endcase
    end
endmodule
`default_nettype wire
