// The atomic read-modify-write as RV32A writes it, one comparison and one
// case arm per operation: the specification rtl/gpu/gpu_amo_alu.v is proven
// equal to (tests/rtl/amo/test_amo_equiv.sh). The RTL shares one
// subtraction among the orderings and picks every bitwise result from a
// truth table; this file says what that must compute.
`default_nettype none
`include "scord_defs.vh"

module amo_spec (
    input  wire [4:0]  op_i,
    input  wire [31:0] old_i,
    input  wire [31:0] operand_i,
    input  wire [31:0] cmp_i,
    output reg  [31:0] new_o
);
    wire signed [31:0] old_s = old_i;
    wire signed [31:0] opd_s = operand_i;

    always @(*) begin
        case (op_i)
            `AMO_ADD:  new_o = old_i + operand_i;
            `AMO_SWAP: new_o = operand_i;
            `AMO_XOR:  new_o = old_i ^ operand_i;
            `AMO_OR:   new_o = old_i | operand_i;
            `AMO_AND:  new_o = old_i & operand_i;
            `AMO_MIN:  new_o = (opd_s < old_s) ? operand_i : old_i;
            `AMO_MAX:  new_o = (opd_s > old_s) ? operand_i : old_i;
            `AMO_MINU: new_o = (operand_i < old_i) ? operand_i : old_i;
            `AMO_MAXU: new_o = (operand_i > old_i) ? operand_i : old_i;
            `AMO_CAS:  new_o = (old_i == cmp_i) ? operand_i : old_i;
            default:   new_o = old_i;    // LR, SC and undefined codes: unchanged
        endcase
    end
endmodule
`default_nettype wire
