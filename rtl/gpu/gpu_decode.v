// Instruction decoder: one 32-bit instruction in, the control fields the
// X stage needs out. Purely combinational; anything it does not recognise
// becomes CL_ILLEGAL so the core can stop with ERR_ILLEGAL.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_pkg_classes.vh"

module gpu_decode (
    input  wire [31:0] instr_i,
    output reg  [3:0]  class_o,
    output reg  [3:0]  alu_op_o,
    output reg  [1:0]  a_sel_o,
    output reg         b_imm_o,      // operand b is the immediate
    output reg  [31:0] imm_o,
    output reg         wr_rd_o,      // writes rd in X (ALU, JAL, JALR, CSR)
    output wire [4:0]  rd_o,
    output wire [4:0]  rs1_o,
    output wire [4:0]  rs2_o,
    output wire [2:0]  funct3_o,
    // memory operations
    output reg  [2:0]  lsu_op_o,
    output reg  [1:0]  size_o,
    output reg         unsigned_o,
    output reg         strong_o,
    output reg         scope_dev_o,
    output reg  [4:0]  amo_op_o,
    // CSR access
    output reg  [1:0]  csr_op_o,
    output reg         csr_imm_o
);
    wire [6:0] opcode = instr_i[6:0];
    wire [2:0] f3     = instr_i[14:12];
    wire [6:0] f7     = instr_i[31:25];
    wire [4:0] f5     = instr_i[31:27];
    wire [11:0] csr   = instr_i[31:20];

    assign rd_o     = instr_i[11:7];
    assign rs1_o    = instr_i[19:15];
    assign rs2_o    = instr_i[24:20];
    assign funct3_o = f3;

    wire [31:0] imm_i = {{20{instr_i[31]}}, instr_i[31:20]};
    wire [31:0] imm_s = {{20{instr_i[31]}}, instr_i[31:25], instr_i[11:7]};
    wire [31:0] imm_b = {{19{instr_i[31]}}, instr_i[31], instr_i[7], instr_i[30:25],
                         instr_i[11:8], 1'b0};
    wire [31:0] imm_u = {instr_i[31:12], 12'b0};
    wire [31:0] imm_j = {{11{instr_i[31]}}, instr_i[31], instr_i[19:12], instr_i[20],
                         instr_i[30:21], 1'b0};

    // Which funct5 values name an atomic operation we execute.
    reg amo_known;
    always @(*) begin
        case (f5)
            `AMO_ADD, `AMO_SWAP, `AMO_LR, `AMO_SC, `AMO_XOR, `AMO_CAS, `AMO_OR,
            `AMO_AND, `AMO_MIN, `AMO_MAX, `AMO_MINU, `AMO_MAXU: amo_known = 1'b1;
            default: amo_known = 1'b0;
        endcase
    end

    // CSR numbers we know, and which of them may be written.
    reg csr_known, csr_writable;
    always @(*) begin
        csr_writable = (csr == `CSR_MSCRATCH);
        case (csr)
            `CSR_MSCRATCH, `CSR_MHARTID, `CSR_CYCLE, `CSR_INSTRET, `CSR_CYCLEH,
            `CSR_INSTRETH, `CSR_TID, `CSR_LANE, `CSR_WARP, `CSR_WARP_IN_BLK,
            `CSR_BLOCK_ID, `CSR_CORE_ID, `CSR_NUM_THREADS, `CSR_NUM_WARPS,
            `CSR_NUM_CORES, `CSR_BLOCK_DIM_X, `CSR_BLOCK_DIM_Y, `CSR_BLOCK_DIM_Z,
            `CSR_GRID_DIM_X, `CSR_GRID_DIM_Y, `CSR_GRID_DIM_Z, `CSR_ARG_PTR,
            `CSR_STACK_TOP, `CSR_TMASK, `CSR_SMEM_BYTES: csr_known = 1'b1;
            default: csr_known = 1'b0;
        endcase
    end
    // csrrw always writes; csrrs/csrrc write only with a non-zero source.
    wire csr_writes = (f3[1:0] == 2'b01) || (rs1_o != 5'd0);

    always @(*) begin
        class_o     = `CL_ILLEGAL;
        alu_op_o    = `ALU_ADD;
        a_sel_o     = `ASEL_RS1;
        b_imm_o     = 1'b1;
        imm_o       = imm_i;
        wr_rd_o     = 1'b0;
        lsu_op_o    = `LSU_LOAD;
        size_o      = f3[1:0];
        unsigned_o  = f3[2];
        strong_o    = 1'b0;
        scope_dev_o = 1'b1;
        amo_op_o    = f5;
        csr_op_o    = f3[1:0];
        csr_imm_o   = f3[2];
        case (opcode)
            7'b0110111: begin // LUI
                class_o = `CL_ALU; a_sel_o = `ASEL_ZERO; imm_o = imm_u; wr_rd_o = 1'b1;
            end
            7'b0010111: begin // AUIPC
                class_o = `CL_ALU; a_sel_o = `ASEL_PC; imm_o = imm_u; wr_rd_o = 1'b1;
            end
            7'b1101111: begin // JAL
                class_o = `CL_JAL; imm_o = imm_j; wr_rd_o = 1'b1;
            end
            7'b1100111: if (f3 == 3'b000) begin // JALR
                class_o = `CL_JALR; wr_rd_o = 1'b1;
            end
            7'b1100011: if (f3 != 3'b010 && f3 != 3'b011) begin // branches
                class_o = `CL_BRANCH; imm_o = imm_b;
            end
            7'b0000011, `OPC_LOAD_STRONG: // loads, weak and strong
                if (f3 != 3'b011 && f3 != 3'b110 && f3 != 3'b111) begin
                    class_o = `CL_MEM; lsu_op_o = `LSU_LOAD;
                    strong_o = (opcode == `OPC_LOAD_STRONG);
                end
            7'b0100011, `OPC_STORE_STRONG: // stores, weak and strong
                if (f3[2] == 1'b0 && f3[1:0] != 2'b11) begin
                    class_o = `CL_MEM; lsu_op_o = `LSU_STORE; imm_o = imm_s;
                    strong_o = (opcode == `OPC_STORE_STRONG);
                end
            7'b0010011: begin // OP-IMM
                wr_rd_o = 1'b1;
                class_o = `CL_ALU;
                case (f3)
                    3'b000: alu_op_o = `ALU_ADD;
                    3'b010: alu_op_o = `ALU_SLT;
                    3'b011: alu_op_o = `ALU_SLTU;
                    3'b100: alu_op_o = `ALU_XOR;
                    3'b110: alu_op_o = `ALU_OR;
                    3'b111: alu_op_o = `ALU_AND;
                    3'b001: begin
                        alu_op_o = `ALU_SLL;
                        if (f7 != 7'b0) class_o = `CL_ILLEGAL;
                    end
                    default: begin // 3'b101
                        alu_op_o = instr_i[30] ? `ALU_SRA : `ALU_SRL;
                        if (f7 != 7'b0 && f7 != 7'b0100000) class_o = `CL_ILLEGAL;
                    end
                endcase
            end
            7'b0110011: begin // OP and M extension
                b_imm_o = 1'b0;
                wr_rd_o = 1'b1;
                class_o = `CL_ALU;
                if (f7 == 7'b0000001) begin
                    case (f3)
                        3'b000: alu_op_o = `ALU_MUL;
                        3'b001: alu_op_o = `ALU_MULH;
                        3'b010: alu_op_o = `ALU_MULHSU;
                        3'b011: alu_op_o = `ALU_MULHU;
                        default: begin class_o = `CL_DIV; wr_rd_o = 1'b0; end
                    endcase
                end else if (f7 == 7'b0000000 || (f7 == 7'b0100000 &&
                             (f3 == 3'b000 || f3 == 3'b101))) begin
                    case (f3)
                        3'b000: alu_op_o = instr_i[30] ? `ALU_SUB : `ALU_ADD;
                        3'b001: alu_op_o = `ALU_SLL;
                        3'b010: alu_op_o = `ALU_SLT;
                        3'b011: alu_op_o = `ALU_SLTU;
                        3'b100: alu_op_o = `ALU_XOR;
                        3'b101: alu_op_o = instr_i[30] ? `ALU_SRA : `ALU_SRL;
                        3'b110: alu_op_o = `ALU_OR;
                        default: alu_op_o = `ALU_AND;
                    endcase
                end else begin
                    class_o = `CL_ILLEGAL;
                    wr_rd_o = 1'b0;
                end
            end
            7'b0101111, `OPC_AMO_BLK: // atomics: device scope, block scope
                if (f3 == 3'b010 && amo_known &&
                    !(opcode == `OPC_AMO_BLK && (f5 == `AMO_LR || f5 == `AMO_SC)) &&
                    !(f5 == `AMO_LR && rs2_o != 5'd0)) begin
                    class_o = `CL_MEM;
                    imm_o = 32'd0;
                    scope_dev_o = (opcode == 7'b0101111);
                    lsu_op_o = (f5 == `AMO_LR) ? `LSU_LR :
                               (f5 == `AMO_SC) ? `LSU_SC : `LSU_AMO;
                    size_o = 2'd2;
                end else if (f3 == 3'b011 && f5 == `AMO_CAS && !rd_o[0] && !rs2_o[0]) begin
                    // amocas.d (Zacas on RV32): rd and rs2 name even register
                    // pairs (odd ones are reserved: illegal here). Size 3 marks
                    // it for the core (an 8-byte access, docs/isa.md).
                    class_o = `CL_MEM;
                    imm_o = 32'd0;
                    scope_dev_o = (opcode == 7'b0101111);
                    lsu_op_o = `LSU_AMO;
                    size_o = 2'd3;
                end
            7'b0001111: begin // FENCE (device scope) and FENCE.I (no-op)
                if (f3 == 3'b000) begin
                    class_o = `CL_MEM; lsu_op_o = `LSU_FENCE;
                end else if (f3 == 3'b001) begin
                    class_o = `CL_NOP;
                end
            end
            `OPC_SIMT: if (f3 == `SIMT_WARP) begin
                // R layout, funct7 the operation; the X stage reads it from
                // the instruction word. Unused register fields must be 0.
                case (f7)
                    `WARP_SYNC:
                        if (rd_o == 5'd0 && rs2_o == 5'd0) class_o = `CL_WARP;
                    `WARP_BALLOT, `WARP_ANY, `WARP_ALL,
                    `WARP_SHFL_IDX, `WARP_SHFL_UP, `WARP_SHFL_DOWN, `WARP_SHFL_XOR: begin
                        class_o = `CL_WARP; wr_rd_o = 1'b1;
                    end
                    `WARP_ACTIVE:
                        if (rs1_o == 5'd0 && rs2_o == 5'd0) begin
                            class_o = `CL_WARP; wr_rd_o = 1'b1;
                        end
                    default: ;
                endcase
            end else if (instr_i[31:20] == 12'd0 && rd_o == 5'd0) begin
                case (f3)
                    `SIMT_TMC:       class_o = `CL_TMC;
                    `SIMT_BAR:       if (rs1_o == 5'd0) class_o = `CL_BAR;
                    `SIMT_FENCE_BLK: if (rs1_o == 5'd0) class_o = `CL_NOP;
                    `SIMT_EXIT:      if (rs1_o == 5'd0) class_o = `CL_EXIT;
                    default: ;
                endcase
            end
            7'b1110011: begin // SYSTEM
                if (f3 == 3'b000) begin
                    if (instr_i[31:21] == 11'd0 && rs1_o == 5'd0 && rd_o == 5'd0)
                        class_o = `CL_ECALL; // ecall and ebreak
                end else if (f3 != 3'b100 && csr_known && (csr_writable || !csr_writes)) begin
                    class_o = `CL_CSR;
                    wr_rd_o = 1'b1;
                end
            end
            default: ;
        endcase
    end
endmodule
`default_nettype wire
