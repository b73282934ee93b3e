// X, the execute stage of a core, and its commit: the lanes' ALUs, the
// CSRs, branches and jumps (each lane's next PC), the warp-level
// operations (syncwarp, vote, shuffle), the checks that fault an
// instruction (fetch, illegal, ecall, alignment, bounds, the shared
// window), the memory instruction's lanes (shared memory, device memory)
// and the register file's write port, which X has first and the units'
// write-backs take when X leaves it free. Whether X commits is the
// hand-off's decision (gpu_units): a busy unit or a full event port
// replays the instruction.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_pkg_classes.vh"

module gpu_exec #(
    parameter CORE_ID     = 0,
    parameter NUM_CORES   = 4,
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter SMEM_BYTES  = 0,
    parameter E_STAGE     = 0,
    // derived, do not override
    parameter WW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter T  = NUM_THREADS
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    // kernel parameters (the CSRs)
    input  wire [31:0]           arg_ptr_i,
    input  wire [95:0]           block_dim_i,   // {z, y, x}
    input  wire [95:0]           grid_dim_i,    // {z, y, x}
    input  wire [31:0]           stack_top_i,
    input  wire [4:0]            stack_log2_i,
    input  wire [31:0]           smem_bytes_i,
    // a launch clears its warps' mscratch
    input  wire                  launch_i,
    input  wire [NUM_WARPS-1:0]  alloc_i,
    // X's instruction and operands (gpu_front)
    input  wire                  x_valid_i,
    input  wire                  x_pc_bad_i,
    input  wire                  x_force_i,
    input  wire [WW-1:0]         x_warp_i,
    input  wire [31:0]           x_pc_i,
    input  wire [T-1:0]          x_mask_i,
    input  wire [31:0]           x_instr_i,
    input  wire [3:0]            x_class_i,
    input  wire [3:0]            x_alu_op_i,
    input  wire [31:0]           x_imm_i,
    input  wire                  x_wr_rd_i,
    input  wire [4:0]            x_rd_i,
    input  wire [4:0]            x_rs1_i,
    input  wire [2:0]            x_funct3_i,
    input  wire [2:0]            x_lsu_op_i,
    input  wire [1:0]            x_csr_op_i,
    input  wire                  x_csr_imm_i,
    input  wire [T*32-1:0]       rs1v_i,
    input  wire [T*32-1:0]       rs2v_i,
    input  wire [T*32-1:0]       rdv_i,
    input  wire [T*32-1:0]       alu_a_i,
    input  wire [T*32-1:0]       alu_b_i,
    input  wire [T*64-1:0]       prod_i,
    input  wire [T*32-1:0]       addr_i,
    input  wire [T-1:0]          misaligned_i,
    input  wire [T-1:0]          oob_i,
    input  wire [T-1:0]          sh_i,
    input  wire [T-1:0]          sh_oob_i,
    // X's warp (gpu_warp_ctl)
    input  wire [T-1:0]          x_run_i,
    input  wire [T-1:0]          x_bpark_i,
    input  wire [T-1:0]          x_here_i,      // lanes parked at this warp operation
    input  wire [WW-1:0]         x_wib_i,
    input  wire [31:0]           x_block_i,
    // X commits (gpu_units)
    input  wire                  x_commit_i,
    // what X makes
    output wire                  x_fault_o,
    output wire [31:0]           x_pc4_o,
    output reg  [T*32-1:0]       x_next_pc_o,
    output wire                  x_w_go_o,      // a warp operation executes (else its lanes park)
    output wire [T-1:0]          w_have_o,      // ... with these lanes
    output wire                  x_w_sync_o,    // a warp sync took place
    output wire [T-1:0]          tmc_o,         // tmc's operand
    output wire                  x_is_mem_o,
    output wire                  x_to_lsu_o,    // device-memory lanes or a fence: the LSU
    output wire                  x_to_smem_o,   // shared lanes: the shared memory
    output wire [T-1:0]          x_sh_mask_o,
    output wire [T-1:0]          x_gl_mask_o,
    output wire                  x_fence_blk_o,
    output wire                  x_fence_dev_o,
    output wire                  x_is_bar_o,
    // the first fault (one-cycle pulse)
    output reg                   fault_o,
    output reg  [7:0]            fault_cause_o,
    output reg  [31:0]           fault_pc_o,
    output reg  [31:0]           fault_addr_o,
    output reg  [7:0]            fault_warp_o,
    output reg  [7:0]            fault_lane_o,
    // the register file's write port: X first, else a unit's write-back
    input  wire                  lsu_wb_valid_i,
    input  wire [WW-1:0]         lsu_wb_warp_i,
    input  wire [4:0]            lsu_wb_rd_i,
    input  wire [T-1:0]          lsu_wb_mask_i,
    input  wire [T*32-1:0]       lsu_wb_data_i,
    input  wire                  smem_wb_valid_i,
    input  wire [WW-1:0]         smem_wb_warp_i,
    input  wire [4:0]            smem_wb_rd_i,
    input  wire [T-1:0]          smem_wb_mask_i,
    input  wire [T*32-1:0]       smem_wb_data_i,
    input  wire                  div_wb_valid_i,
    input  wire [WW-1:0]         div_wb_warp_i,
    input  wire [4:0]            div_wb_rd_i,
    input  wire [T-1:0]          div_wb_mask_i,
    input  wire [T*32-1:0]       div_wb_data_i,
    output wire                  lsu_wb_grant_o,
    output wire                  smem_wb_grant_o,
    output wire                  div_wb_grant_o,
    output wire                  unit_wb_pending_o,
    output wire                  x_port_o,      // X claims the port
    output reg                   rf_we_o,
    output reg  [WW-1:0]         rf_wwarp_o,
    output reg  [4:0]            rf_waddr_o,
    output reg  [T-1:0]          rf_wmask_o,
    output reg  [T*32-1:0]       rf_wdata_o
);
    // Each combinational block's lane loop has its own index: one shared by
    // several blocks is a net they all drive (Yosys: drivers conflicting
    // with a constant, the loops' last values).
    integer t_np, t_fl, t_wm, t_ws, t_tm;
    localparam SLOT_W = (NUM_WARPS * T > 1) ? $clog2(NUM_WARPS * T) : 1;
    localparam LW     = (T > 1) ? $clog2(T) : 1;
    function [SLOT_W-1:0] slot(input [WW-1:0] sw, input integer st);
        slot = SLOT_W'(sw * T + st);
    endfunction
    localparam HAS_SMEM = (SMEM_BYTES > 0);

    reg [31:0] mscratch_q [0:NUM_WARPS*T-1];
    reg [63:0] cycle_q, instret_q;

    // Per-lane datapath
    wire [T*32-1:0] alu_res;
    reg  [T*32-1:0] x_result, csr_val, csr_new;
    wire [11:0]     x_csr = x_instr_i[31:20];
    wire [31:0]     pc_plus4 = x_pc_i + 32'd4;
    reg  [31:0]     r1, r2, src;
    reg             taken;
    assign x_pc4_o = pc_plus4;

    genvar gt;
    generate
        for (gt = 0; gt < T; gt = gt + 1) begin : g_alu
            gpu_alu u_alu (
                .op_i      (x_alu_op_i),
                .a_i       (alu_a_i[gt*32 +: 32]),
                .b_i       (alu_b_i[gt*32 +: 32]),
                .product_i (prod_i[gt*64 +: 64]),
                .result_o  (alu_res[gt*32 +: 32])
            );
        end
    endgenerate

    // CSR reads (x_csr was decoded in D). Most CSRs read the same in every
    // lane of the warp, so they share one multiplexer; only mscratch, the
    // hart and thread ids, the lane number and the lane's stack top differ
    // by lane, each as the warp's lane-0 value plus a small lane term.
    wire [31:0] hart0  = (CORE_ID * NUM_WARPS + {{(32-WW){1'b0}}, x_warp_i}) * T;
    wire [31:0] tid0   = {{(32-WW){1'b0}}, x_wib_i} * T;
    wire [31:0] stack0 = stack_top_i - (hart0 << stack_log2_i);
    reg  [31:0] csr_com;
    always @(*) begin
        case (x_csr)
            `CSR_CYCLE:       csr_com = cycle_q[31:0];
            `CSR_CYCLEH:      csr_com = cycle_q[63:32];
            `CSR_INSTRET:     csr_com = instret_q[31:0];
            `CSR_INSTRETH:    csr_com = instret_q[63:32];
            `CSR_WARP:        csr_com = {{(32-WW){1'b0}}, x_warp_i};
            `CSR_WARP_IN_BLK: csr_com = {{(32-WW){1'b0}}, x_wib_i};
            `CSR_BLOCK_ID:    csr_com = x_block_i;
            `CSR_CORE_ID:     csr_com = CORE_ID;
            `CSR_NUM_THREADS: csr_com = T;
            `CSR_NUM_WARPS:   csr_com = NUM_WARPS;
            `CSR_NUM_CORES:   csr_com = NUM_CORES;
            `CSR_BLOCK_DIM_X: csr_com = block_dim_i[31:0];
            `CSR_BLOCK_DIM_Y: csr_com = block_dim_i[63:32];
            `CSR_BLOCK_DIM_Z: csr_com = block_dim_i[95:64];
            `CSR_GRID_DIM_X:  csr_com = grid_dim_i[31:0];
            `CSR_GRID_DIM_Y:  csr_com = grid_dim_i[63:32];
            `CSR_GRID_DIM_Z:  csr_com = grid_dim_i[95:64];
            `CSR_ARG_PTR:     csr_com = arg_ptr_i;
            `CSR_TMASK:       csr_com = {{(32-T){1'b0}}, x_run_i};
            `CSR_SMEM_BYTES:  csr_com = HAS_SMEM ? smem_bytes_i : 32'd0;
            default:          csr_com = 32'd0;
        endcase
    end
    reg [31:0] mscr;

    always @(*) begin
        for (t_np = 0; t_np < T; t_np = t_np + 1) begin
            r1 = rs1v_i[t_np*32 +: 32];
            r2 = rs2v_i[t_np*32 +: 32];
            case (x_funct3_i)
                3'b000:  taken = (r1 == r2);
                3'b001:  taken = (r1 != r2);
                3'b100:  taken = ($signed(r1) < $signed(r2));
                3'b101:  taken = ($signed(r1) >= $signed(r2));
                3'b110:  taken = (r1 < r2);
                default: taken = (r1 >= r2);
            endcase
            case (x_class_i)
                `CL_BRANCH: x_next_pc_o[t_np*32 +: 32] = taken ? x_pc_i + x_imm_i : pc_plus4;
                `CL_JAL:    x_next_pc_o[t_np*32 +: 32] = x_pc_i + x_imm_i;
                `CL_JALR:   x_next_pc_o[t_np*32 +: 32] = addr_i[t_np*32 +: 32] & ~32'd1;
                default:    x_next_pc_o[t_np*32 +: 32] = pc_plus4;
            endcase
            mscr = mscratch_q[slot(x_warp_i, t_np)];
            case (x_csr)
                `CSR_MSCRATCH:  csr_val[t_np*32 +: 32] = mscr;
                `CSR_MHARTID:   csr_val[t_np*32 +: 32] = hart0 + t_np[31:0];
                `CSR_TID:       csr_val[t_np*32 +: 32] = tid0 + t_np[31:0];
                `CSR_LANE:      csr_val[t_np*32 +: 32] = t_np[31:0];
                `CSR_STACK_TOP: csr_val[t_np*32 +: 32] = stack0 - (t_np[31:0] << stack_log2_i);
                default:        csr_val[t_np*32 +: 32] = csr_com;
            endcase
            // only an mscratch write uses it (the other CSRs are read-only)
            src = x_csr_imm_i ? {27'd0, x_rs1_i} : r1;
            case (x_csr_op_i)
                `CSR_RW: csr_new[t_np*32 +: 32] = src;
                `CSR_RS: csr_new[t_np*32 +: 32] = mscr | src;
                default: csr_new[t_np*32 +: 32] = mscr & ~src;
            endcase
            case (x_class_i)
                `CL_JAL, `CL_JALR: x_result[t_np*32 +: 32] = pc_plus4;
                `CL_CSR:           x_result[t_np*32 +: 32] = csr_val[t_np*32 +: 32];
                `CL_WARP:          x_result[t_np*32 +: 32] = w_result[t_np*32 +: 32];
                default:           x_result[t_np*32 +: 32] = alu_res[t_np*32 +: 32];
            endcase
        end
    end

    // ------------------------------------------------------------------
    // Memory instructions' lanes, and faults
    // ------------------------------------------------------------------
    wire x_is_mem   = (x_class_i == `CL_MEM);
    wire x_has_addr = x_is_mem && (x_lsu_op_i != `LSU_FENCE);
    wire x_lr_sc    = (x_lsu_op_i == `LSU_LR) || (x_lsu_op_i == `LSU_SC);
    wire [T-1:0] bad_align = x_has_addr ? (misaligned_i & x_mask_i) : {T{1'b0}};
    wire [T-1:0] bad_bound = x_has_addr ? (oob_i & x_mask_i) : {T{1'b0}};
    // Lanes in shared memory go to the shared-memory unit, the others to
    // the LSU; an instruction may have both (each unit writes back its own
    // lanes). LR/SC have no reservation there: they fault.
    wire [T-1:0] x_sh_mask = x_has_addr ? (sh_i & x_mask_i) : {T{1'b0}};
    wire [T-1:0] x_gl_mask = x_mask_i & ~x_sh_mask;
    wire [T-1:0] bad_smem  = x_sh_mask & (sh_oob_i | {T{x_lr_sc}});
    assign x_is_mem_o  = x_is_mem;
    assign x_sh_mask_o = x_sh_mask;
    assign x_gl_mask_o = x_gl_mask;
    assign x_to_smem_o = HAS_SMEM && (|x_sh_mask);
    assign x_to_lsu_o  = x_is_mem && ((x_lsu_op_i == `LSU_FENCE) || (|x_gl_mask));

    reg [7:0]  x_cause;
    reg [31:0] x_fault_addr;
    reg [7:0]  x_fault_lane;
    always @(*) begin
        x_cause      = `FAULT_NONE;
        x_fault_addr = 32'd0;
        x_fault_lane = 8'd0;
        for (t_fl = T - 1; t_fl >= 0; t_fl = t_fl - 1)
            if (x_mask_i[t_fl]) x_fault_lane = t_fl[7:0];
        if (x_pc_bad_i) begin
            x_cause = `FAULT_FETCH;
            x_fault_addr = x_pc_i;
        end else if (x_class_i == `CL_ILLEGAL) begin
            x_cause = `FAULT_ILLEGAL;
            x_fault_addr = x_instr_i;
        end else if (x_class_i == `CL_ECALL) begin
            x_cause = `FAULT_ECALL;
        end else if (|bad_align || |bad_bound || |bad_smem) begin
            x_cause = (|bad_align) ? `FAULT_MISALIGNED :
                      (|bad_bound) ? `FAULT_BOUNDS : `FAULT_SMEM;
            for (t_fl = T - 1; t_fl >= 0; t_fl = t_fl - 1)
                if ((|bad_align) ? bad_align[t_fl] : (|bad_bound) ? bad_bound[t_fl] : bad_smem[t_fl]) begin
                    x_fault_lane = t_fl[7:0];
                    x_fault_addr = addr_i[t_fl*32 +: 32];
                end
        end
    end
    wire x_fault = x_valid_i && (x_cause != `FAULT_NONE);
    assign x_fault_o = x_fault;

    // Race detector hooks: which instructions are fences (events and
    // lock-table operations, docs/detector.md 3.2 and 4.2).
    assign x_fence_blk_o = (x_class_i == `CL_NOP) && (x_instr_i[6:0] == `OPC_SIMT);
    assign x_fence_dev_o = x_is_mem && (x_lsu_op_i == `LSU_FENCE);
    assign x_is_bar_o    = (x_class_i == `CL_BAR);

    // X writes rd only for ALU, JAL, JALR and CSR (gpu_decode), and these
    // never replay and fault only on a bad PC, so their commit is
    // x_valid && !x_pc_bad. Written so, the register write port and the
    // CSR write do not wait for the address check of memory instructions
    // (the longest path of the FPGA build ran through it into the write
    // port, docs/fpga.md); the commit is the same, cycle for cycle.
    wire x_in_x     = (x_class_i == `CL_ALU) || (x_class_i == `CL_JAL) ||
                      (x_class_i == `CL_JALR) || (x_class_i == `CL_CSR) ||
                      (x_class_i == `CL_WARP);
    wire x_commit_x = x_valid_i && !x_pc_bad_i && x_in_x;
    wire x_rf_write = x_commit_x && x_wr_rd_i && (!x_is_warp || x_w_go);
    // X's claim on the write port, which the units' grant waits for. With
    // E_STAGE (the FPGA pipeline) it leaves out the warp operation's
    // decision (x_w_go: every lane's register value and parked PC), whose
    // path into the shared memory's write-back stage was the routed
    // critical path without the detector (docs/fpga.md): X claims the port
    // for every instruction that writes rd, and a warp operation whose
    // lanes park leaves it unused for that cycle.
    wire x_port     = (E_STAGE != 0) ? (x_commit_x && x_wr_rd_i) : x_rf_write;
    assign x_port_o = x_port;

    // ------------------------------------------------------------------
    // Warp-level operations (CL_WARP, docs/isa.md). The member mask comes
    // from the lowest issuing lane: rs1 for syncwarp, rs2 for votes, rd for
    // shuffles (read and written, like amocas.w). The instruction executes
    // once every live member not waiting at a barrier has reached it: the
    // issuing lanes and those parked at this very PC (x_here_i). Otherwise
    // the issuing lanes park here. Registers of every lane of the warp are
    // read in D, so the parked lanes' operands are at hand.
    // ------------------------------------------------------------------
    wire       x_is_warp  = (x_class_i == `CL_WARP);
    wire [6:0] x_wop      = x_instr_i[31:25];
    wire       wop_sync   = (x_wop == `WARP_SYNC);
    wire       wop_vote   = (x_wop == `WARP_BALLOT) || (x_wop == `WARP_ANY) ||
                            (x_wop == `WARP_ALL);
    wire       wop_active = (x_wop == `WARP_ACTIVE);
    reg  [31:0] w_mval;
    reg  [T-1:0] w_pred;
    always @(*) begin
        w_mval = 32'd0;
        for (t_wm = T - 1; t_wm >= 0; t_wm = t_wm - 1)
            if (x_mask_i[t_wm])
                w_mval = wop_sync ? rs1v_i[t_wm*32 +: 32] : wop_vote ? rs2v_i[t_wm*32 +: 32] : rdv_i[t_wm*32 +: 32];
        for (t_wm = 0; t_wm < T; t_wm = t_wm + 1)
            w_pred[t_wm] = (rs1v_i[t_wm*32 +: 32] != 32'd0);
    end
    wire [T-1:0] w_need = w_mval[T-1:0] & x_run_i & ~x_bpark_i & ~x_mask_i;
    // executes now (a forced issue always does), or the issuing lanes park
    wire         x_w_go = wop_active || x_force_i || ((w_need & ~x_here_i) == {T{1'b0}});
    wire [T-1:0] w_have = x_mask_i | (wop_active ? {T{1'b0}} : x_here_i);
    wire [T-1:0] w_ballot = w_pred & w_have;
    reg  [T*32-1:0] w_result;
    reg  [4:0]  w_src, w_seg, w_wm;
    reg  [31:0] w_b;
    reg         w_own;
    reg  [LW-1:0] w_idx;   // w_src, known to be a lane of the warp when used
    always @(*) begin
        for (t_ws = 0; t_ws < T; t_ws = t_ws + 1) begin
            w_b   = rs2v_i[t_ws*32 +: 32];
            w_wm  = w_b[12:8];                       // width - 1
            w_seg = 5'(t_ws) & ~w_wm;                // first lane of its segment
            w_own = 1'b0;
            case (x_wop)
                `WARP_SHFL_UP: begin
                    w_src = 5'(t_ws) - w_b[4:0];
                    w_own = ({1'b0, w_b[4:0]} > {1'b0, 5'(t_ws) - w_seg});
                end
                `WARP_SHFL_DOWN: begin
                    w_src = 5'(t_ws) + w_b[4:0];
                    w_own = ({1'b0, 5'(t_ws)} + {1'b0, w_b[4:0]} > {1'b0, w_seg | w_wm});
                end
                `WARP_SHFL_XOR: begin
                    w_src = 5'(t_ws) ^ w_b[4:0];
                    w_own = (w_src > (w_seg | w_wm));  // later segments: own value
                end
                default: begin                         // WARP_SHFL_IDX
                    w_src = w_seg | (w_b[4:0] & w_wm);
                end
            endcase
            if ({27'd0, w_src} >= T) w_own = 1'b1;   // no such lane
            w_idx = (T > 1) ? w_src[LW-1:0] : {LW{1'b0}};
            case (x_wop)
                `WARP_BALLOT: w_result[t_ws*32 +: 32] = {{(32-T){1'b0}}, w_ballot};
                `WARP_ANY:    w_result[t_ws*32 +: 32] = {31'd0, w_ballot != {T{1'b0}}};
                `WARP_ALL:    w_result[t_ws*32 +: 32] = {31'd0, w_ballot == w_have};
                `WARP_ACTIVE: w_result[t_ws*32 +: 32] = {{(32-T){1'b0}}, x_mask_i};
                default:      w_result[t_ws*32 +: 32] =
                                  w_own ? rs1v_i[t_ws*32 +: 32] : rs1v_i[w_idx*32 +: 32];
            endcase
        end
    end
    assign x_w_sync_o = x_commit_x && x_is_warp && x_w_go && !wop_active;
    assign x_w_go_o   = x_w_go;
    assign w_have_o   = w_have;
    // masks name lanes 0..T-1 (CUDA's 0xffffffff is every lane); the
    // shuffle operand has lane, delta or xor mask in [4:0], width-1 in [12:8]
    wire unused_w = ^{w_mval[31:T-1], w_b[31:13], w_b[7:5]};

    // tmc operand: rs1 of the lowest issuing lane
    reg [31:0] tmc_val;
    always @(*) begin
        tmc_val = 32'd0;
        for (t_tm = T - 1; t_tm >= 0; t_tm = t_tm - 1)
            if (x_mask_i[t_tm]) tmc_val = rs1v_i[t_tm*32 +: 32];
    end
    assign tmc_o = tmc_val[T-1:0];
    wire unused_tmc = ^tmc_val;   // lanes 0..T-1

    // ------------------------------------------------------------------
    // Register write port: X first, else a waiting unit (LSU, then shared
    // memory, then divider).
    // ------------------------------------------------------------------
    assign unit_wb_pending_o = lsu_wb_valid_i | div_wb_valid_i | smem_wb_valid_i;
    assign lsu_wb_grant_o    = lsu_wb_valid_i && !x_port;
    assign smem_wb_grant_o   = smem_wb_valid_i && !x_port && !lsu_wb_valid_i;
    assign div_wb_grant_o    = div_wb_valid_i && !x_port && !lsu_wb_valid_i && !smem_wb_valid_i;
    always @(*) begin
        rf_we_o    = 1'b0;
        rf_wwarp_o = x_warp_i;
        rf_waddr_o = x_rd_i;
        rf_wmask_o = x_is_warp ? w_have : x_mask_i;
        rf_wdata_o = x_result;
        if (x_port) begin
            rf_we_o = x_rf_write;
        end else if (lsu_wb_valid_i) begin
            rf_we_o = 1'b1; rf_wwarp_o = lsu_wb_warp_i; rf_waddr_o = lsu_wb_rd_i;
            rf_wmask_o = lsu_wb_mask_i; rf_wdata_o = lsu_wb_data_i;
        end else if (smem_wb_valid_i) begin
            rf_we_o = 1'b1; rf_wwarp_o = smem_wb_warp_i; rf_waddr_o = smem_wb_rd_i;
            rf_wmask_o = smem_wb_mask_i; rf_wdata_o = smem_wb_data_i;
        end else if (div_wb_valid_i) begin
            rf_we_o = 1'b1; rf_wwarp_o = div_wb_warp_i; rf_waddr_o = div_wb_rd_i;
            rf_wmask_o = div_wb_mask_i; rf_wdata_o = div_wb_data_i;
        end
    end

    // ------------------------------------------------------------------
    // State: mscratch, the counters, the first fault
    // ------------------------------------------------------------------
    integer wp, ln;  // not shared with another block: Yosys makes that a flip-flop both drive
    always @(posedge clk_i) begin
        fault_o <= 1'b0;
        if (rst_i) begin
            cycle_q   <= 64'd0;
            instret_q <= 64'd0;
        end else begin
            cycle_q <= cycle_q + 64'd1;
            if (launch_i)
                for (wp = 0; wp < NUM_WARPS; wp = wp + 1)
                    if (alloc_i[wp])
                        for (ln = 0; ln < T; ln = ln + 1)
                            mscratch_q[wp*T + ln] <= 32'd0;
            if (x_fault) begin
                fault_o       <= 1'b1;
                fault_cause_o <= x_cause;
                fault_pc_o    <= x_pc_i;
                fault_addr_o  <= x_fault_addr;
                fault_warp_o  <= {{(8-WW){1'b0}}, x_warp_i};
                fault_lane_o  <= x_fault_lane;
            end
            if (x_commit_x && x_class_i == `CL_CSR && x_csr == `CSR_MSCRATCH)
                for (ln = 0; ln < T; ln = ln + 1)
                    if (x_mask_i[ln])
                        mscratch_q[slot(x_warp_i, ln)] <= csr_new[ln*32 +: 32];
            if (x_commit_i)
                instret_q <= instret_q + 64'd1;
        end
    end
endmodule
`default_nettype wire
