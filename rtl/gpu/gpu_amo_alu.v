// New memory value of an atomic read-modify-write. Shared by the LSU
// (block-scope atomics, executed in the L1) and the L2 (device scope), so both
// scopes compute exactly the same thing.
//
// There are 11 of these on the board (4 per shared memory, one per LSU, one
// in the L2), so the four orderings of MIN/MAX[U] share one subtraction on
// 33 bits (the sign bit extended for the signed ones) and every result but
// ADD's is a per-bit truth table: written as four comparisons and a ten-way
// case (tests/rtl/amo/amo_spec.v, which this is proven equal to), each copy
// was 886 LUT4 and 353 PFUMX on the board, now 316 and 145 (docs/fpga.md).
`default_nettype none
`include "scord_defs.vh"

module gpu_amo_alu (
    input  wire [4:0]  op_i,       // AMO_* funct5
    input  wire [31:0] old_i,      // value in memory before the atomic
    input  wire [31:0] operand_i,  // rs2
    input  wire [31:0] cmp_i,      // compare value of AMO_CAS (rd)
    output reg  [31:0] new_o
);

    // operand < old, signed for MIN/MAX, unsigned for MINU/MAXU: the borrow
    // of operand - old on 33 bits
    wire        signed_cmp = (op_i == `AMO_MIN) || (op_i == `AMO_MAX);
    wire [32:0] diff = {signed_cmp & operand_i[31], operand_i} - {signed_cmp & old_i[31], old_i};
    wire        op_lt = diff[32];
    wire        unused_diff = ^diff[31:0];   // only the borrow is read
    // MIN takes the operand when it is lower; MAX when it is not lower: if
    // the two are equal either is the same value
    wire        take_min = (op_i == `AMO_MIN) || (op_i == `AMO_MINU);
    wire        take_max = (op_i == `AMO_MAX) || (op_i == `AMO_MAXU);
    wire        take_cas = (op_i == `AMO_CAS) && (old_i == cmp_i);
    wire        take_opd = (op_i == `AMO_SWAP) || take_cas ||
                           (take_min && op_lt) || (take_max && !op_lt);

    // Every result but ADD's is, bit by bit, a function of the old and the
    // operand bit: its truth table tt[{old, operand}] is chosen once.
    reg [3:0] tt;
    always @(*) begin
        case (op_i)
            `AMO_XOR: tt = 4'b0110;
            `AMO_OR:  tt = 4'b1110;
            `AMO_AND: tt = 4'b1000;
            // SWAP, MIN/MAX[U], CAS: the operand or the old value; LR/SC never
            // reach here with a write, and leaving memory unchanged is the safe
            // answer for any code the decoder let through
            default:  tt = take_opd ? 4'b1010 : 4'b1100;
        endcase
    end
    wire [31:0] sum = old_i + operand_i;
    integer i;
    always @(*)
        for (i = 0; i < 32; i = i + 1)
            new_o[i] = (op_i == `AMO_ADD) ? sum[i] : tt[{old_i[i], operand_i[i]}];

endmodule
`default_nettype wire
