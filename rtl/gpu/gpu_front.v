// The way of an instruction from F's pick to X: the I$ lookup F starts,
// D (the I$ answer, the register read; a miss parks the warp), with
// E_STAGE a stage E, and the register that X works from. Besides the
// decoded instruction it makes what X takes as operands: the registers'
// values, the ALU's inputs, each lane's product (MUL*) and each lane's
// address with its checks. One instruction per warp is in flight, so E
// changes no operand a warp reads, only when (docs/architecture.md).
`default_nettype none
`include "scord_defs.vh"
`include "gpu_pkg_classes.vh"
`include "gpu_l2_bus.vh"

module gpu_front #(
    parameter NUM_CORES   = 4,
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter LINE_BYTES  = 32,
    parameter L1I_BYTES   = 4096,
    parameter MEM_BYTES   = 16777216,
    parameter SMEM_BYTES  = 0,
    parameter STACK_LOG2  = 10,
    parameter E_STAGE     = 0,
    // derived, do not override
    parameter WW        = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter T         = NUM_THREADS,
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter SAW       = (SMEM_BYTES > 1) ? $clog2(SMEM_BYTES) : 1,
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  start_i,       // a new grid: flush the I$
    input  wire [31:0]           stack_top_i,
    input  wire [31:0]           smem_bytes_i,  // shared bytes of each block
    // F's pick
    input  wire                  issue_i,
    input  wire [WW-1:0]         pick_i,
    input  wire [31:0]           f_pc_i,
    input  wire                  f_pc_bad_i,
    input  wire [T-1:0]          f_mask_i,
    input  wire                  f_force_i,
    // D
    output wire                  d_valid_o,
    output wire                  d_miss_o,      // the I$ missed: the warp waits for a refill
    output wire [WW-1:0]         d_warp_o,
    output wire                  refill_done_o,
    // the register file's write port (gpu_exec)
    input  wire                  rf_we_i,
    input  wire [WW-1:0]         rf_wwarp_i,
    input  wire [4:0]            rf_waddr_i,
    input  wire [T-1:0]          rf_wmask_i,
    input  wire [T*32-1:0]       rf_wdata_i,
    // amocas.d's second pass (gpu_units): this warp reads its high words at this PC
    input  wire                  hi_valid_i,
    input  wire [WW-1:0]         hi_warp_i,
    input  wire [31:0]           hi_pc_i,
    // the address block's warp and its shared-memory slice (gpu_warp_ctl)
    output wire [WW-1:0]         ag_warp_o,
    input  wire [SAW-1:0]        ag_base_i,
    // X's instruction
    output reg                   x_valid_o,
    output wire                  x_pc_bad_o,
    output wire                  x_force_o,
    output wire [WW-1:0]         x_warp_o,
    output wire [31:0]           x_pc_o,
    output wire [T-1:0]          x_mask_o,
    output wire [31:0]           x_instr_o,
    output wire [3:0]            x_class_o,
    output wire [3:0]            x_alu_op_o,
    output wire [31:0]           x_imm_o,
    output wire                  x_wr_rd_o,
    output wire [4:0]            x_rd_o,
    output wire [4:0]            x_rs1_o,
    output wire [2:0]            x_funct3_o,
    output wire [2:0]            x_lsu_op_o,
    output wire [1:0]            x_size_o,
    output wire                  x_unsigned_o,
    output wire                  x_strong_o,
    output wire                  x_scope_dev_o,
    output wire [4:0]            x_amo_op_o,
    output wire [1:0]            x_csr_op_o,
    output wire                  x_csr_imm_o,
    // ... and its operands
    output wire [T*32-1:0]       rs1v_o,
    output wire [T*32-1:0]       rs2v_o,
    output wire [T*32-1:0]       rdv_o,
    output wire [T*32-1:0]       alu_a_o,
    output wire [T*32-1:0]       alu_b_o,
    output wire [T*64-1:0]       prod_o,        // each lane's product for MUL* (gpu_mul)
    output wire [T*32-1:0]       addr_o,        // each lane's address (and JALR's target)
    output wire [T*32-1:0]       paddr_o,       // ... as the memory side sees it (stacks)
    output wire [T-1:0]          misaligned_o,
    output wire [T-1:0]          oob_o,         // outside device memory
    output wire [T-1:0]          sh_o,          // in the shared window
    output wire [T-1:0]          sh_oob_o,      // ... beyond the block's slice
    output wire [T*SAW-1:0]      saddr_o,       // shared lanes: the byte in this core's shared memory
    // the I$'s L2 channel (gpu_l2_bus.vh) and counters
    output wire                  ic_req_valid_o,
    input  wire                  ic_req_ready_i,
    output wire [REQ_W-1:0]      ic_req_o,
    input  wire                  ic_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  ic_rsp_data_i,
    output wire                  perf_ic_hit_o,
    output wire                  perf_ic_miss_o
);
    integer t_ag;
    localparam HAS_SMEM = (SMEM_BYTES > 0);

    // ------------------------------------------------------------------
    // D: I$ answer, decode, register read
    // ------------------------------------------------------------------
    reg           d_valid_q, d_pc_bad_q, d_force_q;
    reg [WW-1:0]  d_warp_q;
    reg [31:0]    d_pc_q;
    reg [T-1:0]   d_mask_q;
    wire          ic_hit;
    wire [31:0]   ic_instr;
    wire          ic_refill_done;
    wire          d_miss = d_valid_q && !d_pc_bad_q && !ic_hit;
    wire          d_go   = d_valid_q && (d_pc_bad_q || ic_hit);
    assign d_valid_o     = d_valid_q;
    assign d_miss_o      = d_miss;
    assign d_warp_o      = d_warp_q;
    assign refill_done_o = ic_refill_done;

    wire [3:0]  dec_class, dec_alu_op;
    wire [1:0]  dec_a_sel, dec_size, dec_csr_op;
    wire        dec_b_imm, dec_wr_rd, dec_unsigned, dec_strong, dec_scope_dev, dec_csr_imm;
    wire [31:0] dec_imm;
    wire [4:0]  dec_rd, dec_rs1, dec_amo_op;
    wire [4:0]  unused_dec_rs2;   // X takes rs2's value, not its number
    wire [2:0]  dec_funct3, dec_lsu_op;

    // The decoder works on the instruction entering X: in D without E_STAGE,
    // in E with it (the I-cache's block RAM, its word select and the
    // decoder made the build's longest path into E, docs/fpga.md). D reads
    // the register file with the instruction's own register fields.
    wire [31:0] dec_instr;
    gpu_decode u_decode (
        .instr_i     (dec_instr),
        .class_o     (dec_class),
        .alu_op_o    (dec_alu_op),
        .a_sel_o     (dec_a_sel),
        .b_imm_o     (dec_b_imm),
        .imm_o       (dec_imm),
        .wr_rd_o     (dec_wr_rd),
        .rd_o        (dec_rd),
        .rs1_o       (dec_rs1),
        .rs2_o       (unused_dec_rs2),
        .funct3_o    (dec_funct3),
        .lsu_op_o    (dec_lsu_op),
        .size_o      (dec_size),
        .unsigned_o  (dec_unsigned),
        .strong_o    (dec_strong),
        .scope_dev_o (dec_scope_dev),
        .amo_op_o    (dec_amo_op),
        .csr_op_o    (dec_csr_op),
        .csr_imm_o   (dec_csr_imm)
    );

    gpu_icache #(
        .LINE_BYTES (LINE_BYTES),
        .L1I_BYTES  (L1I_BYTES)
    ) u_icache (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .flush_i        (start_i),
        .req_valid_i    (issue_i && !f_pc_bad_i),
        .req_pc_i       (f_pc_i),
        .rsp_hit_o      (ic_hit),
        .rsp_instr_o    (ic_instr),
        .refill_i       (d_miss),
        .refill_pc_i    (d_pc_q),
        .refill_done_o  (ic_refill_done),
        .l2_req_valid_o (ic_req_valid_o),
        .l2_req_ready_i (ic_req_ready_i),
        .l2_req_o       (ic_req_o),
        .l2_rsp_valid_i (ic_rsp_valid_i),
        .l2_rsp_data_i  (ic_rsp_data_i),
        .perf_hit_o     (perf_ic_hit_o),
        .perf_miss_o    (perf_ic_miss_o)
    );

    // The decoded instruction travels from D to X as one bus, through E
    // when E_STAGE is set.
    localparam IB_W = 1 + 1 + WW + 32 + T + 32 + 4 + 4 + 2 + 1 + 32 + 1 + 5 + 5 + 3 + 3 + 2 +
                      1 + 1 + 1 + 5 + 2 + 1;
    // what D hands on undecoded, and the instruction with its decoded fields
    localparam RAW_W    = 1 + 1 + WW + 32 + T + 32;
    localparam RAW_WARP = 32 + T + 32;      // where d_raw's warp starts
    wire [RAW_W-1:0] d_raw = {d_pc_bad_q, d_force_q, d_warp_q, d_pc_q, d_mask_q, ic_instr};
    wire [RAW_W-1:0] e_raw;
    wire             e_go;      // an instruction moves into X
    assign dec_instr = e_raw[31:0];
    wire [IB_W-1:0] e_ib = {e_raw, dec_class, dec_alu_op, dec_a_sel, dec_b_imm, dec_imm, dec_wr_rd,
                            dec_rd, dec_rs1, dec_funct3, dec_lsu_op, dec_size, dec_unsigned,
                            dec_strong, dec_scope_dev, dec_amo_op, dec_csr_op, dec_csr_imm};
    reg  [IB_W-1:0] x_ib_q;
    wire [1:0]      x_a_sel_q;
    wire            x_b_imm_q;
    assign {x_pc_bad_o, x_force_o, x_warp_o, x_pc_o, x_mask_o, x_instr_o,
            x_class_o, x_alu_op_o, x_a_sel_q, x_b_imm_q, x_imm_o, x_wr_rd_o,
            x_rd_o, x_rs1_o, x_funct3_o, x_lsu_op_o, x_size_o, x_unsigned_o,
            x_strong_o, x_scope_dev_o, x_amo_op_o, x_csr_op_o, x_csr_imm_o} = x_ib_q;

    always @(posedge clk_i) begin
        if (rst_i) begin
            d_valid_q <= 1'b0;
            x_valid_o <= 1'b0;
        end else begin
            d_valid_q <= issue_i;
            if (issue_i) begin
                d_warp_q   <= pick_i;
                d_pc_q     <= f_pc_i;
                d_mask_q   <= f_mask_i;
                d_pc_bad_q <= f_pc_bad_i;
                d_force_q  <= f_force_i;
            end
            x_valid_o <= e_go;
            if (e_go) x_ib_q <= e_ib;
        end
    end

    // X's operands (rs1v, rs2v, rdv): the register file's read ports, which
    // answer the cycle after D, or those answers held one more cycle by E.
    wire [T*32-1:0] rf_rs1, rf_rs2, rf_rd;
    wire [T*32-1:0] rs1v, rs2v;
    // amocas.d reads its register pairs in two passes (docs/isa.md): the
    // second, at the PC its first pass took its low words at, reads the odd
    // registers with the same ports. Decided from registers alone (the
    // warp's PC in D), not from the I$'s word.
    wire d_hi = hi_valid_i && (hi_warp_i == d_warp_q) && (hi_pc_i == d_pc_q);
    gpu_regfile #(
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS)
    ) u_regfile (
        .clk_i      (clk_i),
        .rd_warp_i  (d_warp_q),
        .rd_addr1_i (ic_instr[19:15]),
        .rd_addr2_i (ic_instr[24:20]),
        .rd_addr3_i (ic_instr[11:7]),
        .rd_hi_i    (d_hi),
        .rd_data1_o (rf_rs1),
        .rd_data2_o (rf_rs2),
        .rd_data3_o (rf_rd),
        .wr_en_i    (rf_we_i),
        .wr_warp_i  (rf_wwarp_i),
        .wr_addr_i  (rf_waddr_i),
        .wr_mask_i  (rf_wmask_i),
        .wr_data_i  (rf_wdata_i)
    );
    assign rs1v_o = rs1v;
    assign rs2v_o = rs2v;

    // X's ALU operands, lane by lane
    wire [T*32-1:0] alu_a, alu_b;
    genvar gt;
    generate
        for (gt = 0; gt < T; gt = gt + 1) begin : g_alu
            assign alu_a[gt*32 +: 32] = (x_a_sel_q == `ASEL_PC)   ? x_pc_o :
                                        (x_a_sel_q == `ASEL_ZERO) ? 32'd0  : rs1v[gt*32 +: 32];
            assign alu_b[gt*32 +: 32] = x_b_imm_q ? x_imm_o : rs2v[gt*32 +: 32];
        end
    endgenerate
    assign alu_a_o = alu_a;
    assign alu_b_o = alu_b;

    // Thread stacks ("local memory"): the stacks of a core's threads are
    // interleaved word by word, so the same stack word of every lane of a
    // warp (a register saved at the same sp offset) lies in one line, a
    // warp's stack access is one line access instead of T, and the stack
    // words a core's warps use most (the top of each stack) form one
    // contiguous run of lines instead of NUM_WARPS * T runs that fight for
    // the same cache sets. The address each thread sees is unchanged; only
    // the memory side (LSU, detector) sees the interleaved one. Within the
    // aligned block of a core's NUM_WARPS * T stacks of 2^STACK_LOG2 bytes,
    // address bits {slot, word, byte} become {word, slot, byte}. gpu_ctl
    // launches only with this stack size and the region so aligned.
    localparam SLOT_B = (NUM_WARPS * T > 1) ? $clog2(NUM_WARPS * T) : 1;
    localparam [31:0] STACK_SPAN = (NUM_CORES * NUM_WARPS * T) << STACK_LOG2;
    wire [31:0] stack_lo = stack_top_i - STACK_SPAN;
    function [31:0] stack_word(input [31:0] a, input [31:0] lo, input [31:0] top);
        if (NUM_WARPS * T > 1 && a >= lo && a < top)
            stack_word = {a[31:STACK_LOG2+SLOT_B], a[STACK_LOG2-1:2],
                          a[STACK_LOG2+SLOT_B-1:STACK_LOG2], a[1:0]};
        else
            stack_word = a;
    endfunction

    // ------------------------------------------------------------------
    // Addresses, and E. The address block adds each lane's rs1 and the
    // immediate and checks the sum (alignment, bounds, the shared window,
    // the stack interleave). With E_STAGE = 0 it works in X, on the
    // register file's answers; with E_STAGE = 1 a stage E between D and X
    // holds the instruction and its operands one cycle, the block works
    // there and X starts from registers: on the FPGA the register file's
    // block RAM answers late and X's address -> fault -> replay -> commit
    // chain was the longest path (docs/fpga.md).
    // ------------------------------------------------------------------
    wire [T*32-1:0]  ag_rs1;
    wire [31:0]      ag_imm;
    wire [1:0]       ag_size;
    reg  [T*32-1:0]  ag_addr, ag_paddr;
    reg  [T-1:0]     ag_mis, ag_oob, ag_sh, ag_sh_oob;
    reg  [T*SAW-1:0] ag_saddr;
    reg  [31:0]      ag_a;
    always @(*)
        for (t_ag = 0; t_ag < T; t_ag = t_ag + 1) begin
            ag_a = ag_rs1[t_ag*32 +: 32] + ag_imm;
            ag_addr[t_ag*32 +: 32] = ag_a;
            ag_mis[t_ag] = (ag_size == 2'd1 && ag_a[0]) || (ag_size == 2'd2 && ag_a[1:0] != 2'b00) ||
                           (ag_size == 2'd3 && ag_a[2:0] != 3'b000);   // amocas.d
            // The shared window: an offset into the block's own slice.
            ag_sh[t_ag]     = HAS_SMEM && (ag_a[31:24] == 8'(`SMEM_BASE >> 24));
            // (amocas.d: its high word too; the slice is a multiple of 4 bytes)
            ag_sh_oob[t_ag] = ({8'd0, ag_a[23:0]} >= smem_bytes_i) ||
                              (ag_size == 2'd3 && {8'd0, ag_a[23:0] | 24'd4} >= smem_bytes_i);
            ag_saddr[t_ag*SAW +: SAW] = ag_base_i + ag_a[SAW-1:0];
            // amocas.d on a thread's stack is out of bounds too: the stack's
            // interleave parts its two words (CUDA has no atomics on local
            // memory either)
            ag_oob[t_ag] = !ag_sh[t_ag] && ((ag_a < `MEM_GUARD) || (ag_a >= MEM_BYTES) ||
                           (ag_size == 2'd3 && ag_a >= stack_lo && ag_a < stack_top_i));
            ag_paddr[t_ag*32 +: 32] = stack_word(ag_a, stack_lo, stack_top_i);
        end
    localparam AG_W = 2 * T * 32 + 4 * T + T * SAW;
    wire [AG_W-1:0] ag_all = {ag_addr, ag_paddr, ag_mis, ag_oob, ag_sh, ag_sh_oob, ag_saddr};
    wire [AG_W-1:0] x_ag;
    assign {addr_o, paddr_o, misaligned_o, oob_o, sh_o, sh_oob_o, saddr_o} = x_ag;
    // the lanes' multipliers, in X, or with E_STAGE from E into X (the
    // partial products registered as E's operands are)
    wire            mul_en;
    wire [3:0]      mul_op;
    wire [T*32-1:0] mul_a, mul_b;
    genvar ml;
    generate
        for (ml = 0; ml < T; ml = ml + 1) begin : g_mul
            gpu_mul #(.STAGE(E_STAGE)) u_mul (
                .clk_i     (clk_i),
                .en_i      (mul_en),
                .op_i      (mul_op),
                .a_i       (mul_a[ml*32 +: 32]),
                .b_i       (mul_b[ml*32 +: 32]),
                .product_o (prod_o[ml*64 +: 64])
            );
        end
    endgenerate
    generate
        if (E_STAGE != 0) begin : g_e
            reg             e_valid_q;
            reg [RAW_W-1:0] e_raw_q;
            reg [T*32-1:0]  e_rs1_q, e_rs2_q, e_rd_q;
            reg [AG_W-1:0]  e_ag_q;
            always @(posedge clk_i) begin
                e_valid_q <= !rst_i && d_go;
                if (d_go) e_raw_q <= d_raw;
                if (e_valid_q) begin
                    e_rs1_q <= rf_rs1;
                    e_rs2_q <= rf_rs2;
                    e_rd_q  <= rf_rd;
                    e_ag_q  <= ag_all;
                end
            end
            // E's own uses of the instruction take its fields straight from
            // the word, not through the decoder, which would sit in front
            // of the address adder and the multipliers' sign extension.
            // They agree with the decoder wherever the result is used: an
            // address (rs1 + imm) only for a memory access (I immediate,
            // S for a store, none for an atomic) or a JALR (I); the access
            // size is funct3's low bits (2 for an atomic, whose funct3 is
            // 010); the product only for MUL* (funct3: 000 MUL, whose low
            // word has no sign, 001 MULH, 010 MULHSU, 011 MULHU).
            wire [31:0] e_w   = e_raw_q[31:0];
            wire [6:0]  e_opc = e_w[6:0];
            wire        e_st  = (e_opc == 7'b0100011) || (e_opc == `OPC_STORE_STRONG);
            wire        e_amo = (e_opc == 7'b0101111) || (e_opc == `OPC_AMO_BLK);
            wire        unused_e_rs1 = ^e_w[19:15];   // read in D
            assign e_go      = e_valid_q;
            assign e_raw     = e_raw_q;
            assign ag_rs1    = rf_rs1;
            assign ag_imm    = e_amo ? 32'd0 :
                               {{20{e_w[31]}}, e_w[31:25], e_st ? e_w[11:7] : e_w[24:20]};
            assign ag_size   = e_w[13:12];
            assign ag_warp_o = e_raw_q[RAW_WARP +: WW];
            assign rs1v      = e_rs1_q;
            assign rs2v      = e_rs2_q;
            assign rdv_o     = e_rd_q;
            assign x_ag      = e_ag_q;
            // MUL* are register-register operations (gpu_decode), so their
            // operands are rs1 and rs2, at hand in E.
            assign mul_en    = e_valid_q;
            assign mul_op    = (e_w[14:12] == 3'b001) ? `ALU_MULH :
                               (e_w[14:12] == 3'b010) ? `ALU_MULHSU : `ALU_MULHU;
            assign mul_a     = rf_rs1;
            assign mul_b     = rf_rs2;
        end else begin : g_no_e
            assign e_go      = d_go;
            assign e_raw     = d_raw;
            assign ag_rs1    = rf_rs1;
            assign ag_imm    = x_imm_o;
            assign ag_size   = x_size_o;
            assign ag_warp_o = x_warp_o;
            assign rs1v      = rf_rs1;
            assign rs2v      = rf_rs2;
            assign rdv_o     = rf_rd;
            assign x_ag      = ag_all;
            assign mul_en    = 1'b0;
            assign mul_op    = x_alu_op_o;
            assign mul_a     = alu_a;
            assign mul_b     = alu_b;
        end
    endgenerate
endmodule
`default_nettype wire
