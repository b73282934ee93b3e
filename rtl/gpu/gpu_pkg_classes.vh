// Instruction classes and ALU operations shared by gpu_decode and gpu_core.
// Internal to the core, so they live here rather than in config/regmap.def.
`ifndef GPU_PKG_CLASSES_VH
`define GPU_PKG_CLASSES_VH
`define CL_ALU     4'd0
`define CL_BRANCH  4'd1
`define CL_JAL     4'd2
`define CL_JALR    4'd3
`define CL_MEM     4'd4
`define CL_DIV     4'd5
`define CL_CSR     4'd6
`define CL_TMC     4'd7
`define CL_BAR     4'd8
`define CL_EXIT    4'd9
`define CL_NOP     4'd10
`define CL_ECALL   4'd11
`define CL_ILLEGAL 4'd12
`define CL_WARP    4'd13   // warp-level operation (SIMT_WARP): sync, vote, shuffle

`define ALU_ADD    4'd0
`define ALU_SUB    4'd1
`define ALU_SLL    4'd2
`define ALU_SLT    4'd3
`define ALU_SLTU   4'd4
`define ALU_XOR    4'd5
`define ALU_SRL    4'd6
`define ALU_SRA    4'd7
`define ALU_OR     4'd8
`define ALU_AND    4'd9
`define ALU_MUL    4'd10
`define ALU_MULH   4'd11
`define ALU_MULHSU 4'd12
`define ALU_MULHU  4'd13

`define ASEL_RS1   2'd0
`define ASEL_PC    2'd1
`define ASEL_ZERO  2'd2

`define CSR_RW     2'd1
`define CSR_RS     2'd2
`define CSR_RC     2'd3
`endif
