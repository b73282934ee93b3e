// New memory value of an atomic read-modify-write. Shared by the LSU
// (block-scope atomics, executed in the L1) and the L2 (device scope), so both
// scopes compute exactly the same thing.
`default_nettype none
`include "scord_defs.vh"

module gpu_amo_alu (
  input  wire [4:0]  op_i,       // AMO_* funct5
  input  wire [31:0] old_i,      // value in memory before the atomic
  input  wire [31:0] operand_i,  // rs2
  input  wire [31:0] cmp_i,      // compare value of AMO_CAS (rd)
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
      // LR/SC never reach here with a write; leaving memory unchanged is the
      // safe answer for any code the decoder let through.
      default:   new_o = old_i;
    endcase
  end

endmodule
`default_nettype wire
