// Host-visible control and status registers, launch checks, the first-fault
// latch and the performance counters (core counters summed on read).
`default_nettype none
`include "scord_defs.vh"

module gpu_ctl #(
    parameter NUM_CORES   = 4,
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter LINE_BYTES  = 32,
    parameter MEM_BYTES   = 16777216,
    parameter SMEM_BYTES  = 0,          // shared memory of one core
    parameter STACK_LOG2  = 10,         // the stack size the cores interleave (gpu_core)
    // derived, do not override
    parameter WW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1
) (
    input  wire                          clk_i,
    input  wire                          rst_i,
    // host bus
    input  wire                          ctl_req_i,
    input  wire                          ctl_we_i,
    input  wire [7:0]                    ctl_addr_i,
    input  wire [31:0]                   ctl_wdata_i,
    output reg  [31:0]                   ctl_rdata_o,
    // to the GPU
    output reg                           start_o,      // one cycle: grid starts
    output reg                           soft_reset_o, // one cycle
    output wire                          halt_o,
    output wire                          busy_o,
    output reg  [31:0]                   entry_pc_o,
    output reg  [31:0]                   arg_ptr_o,
    output wire [95:0]                   grid_dim_o,
    output wire [95:0]                   block_dim_o,
    output reg  [31:0]                   stack_top_o,
    output reg  [4:0]                    stack_log2_o,
    output reg  [31:0]                   nblocks_o,
    output reg  [31:0]                   nthreads_o,   // threads per block
    output reg  [WW:0]                   nwarps_o,     // warps per block
    output reg  [31:0]                   smem_bytes_o, // shared bytes per block, a multiple of 4
    output reg  [31:0]                   smem_stride_o,// ... rounded up to a row of banks
    // from the GPU
    input  wire                          dispatch_done_i,
    input  wire [NUM_CORES-1:0]          core_idle_i,
    input  wire                          l2_idle_i,
    input  wire [NUM_CORES-1:0]          fault_i,
    input  wire [NUM_CORES*8-1:0]        fault_cause_i,
    input  wire [NUM_CORES*32-1:0]       fault_pc_i,
    input  wire [NUM_CORES*32-1:0]       fault_addr_i,
    input  wire [NUM_CORES*8-1:0]        fault_warp_i,
    input  wire [NUM_CORES*8-1:0]        fault_lane_i,
    output wire [4:0]                    perf_sel_o,   // counter the host reads
    input  wire [NUM_CORES*32-1:0]       core_perf_i,  // that counter of each core
    input  wire                          l2_hit_i,
    input  wire                          l2_miss_i,
    input  wire                          mem_read_i,
    input  wire                          mem_write_i,
    input  wire                          l2_det_i      // the detector's port: a request accepted
);
    reg [31:0] grid_q [0:2];
    reg [31:0] block_q [0:2];
    reg        busy_q, done_q, error_q;
    reg [7:0]  cause_q;
    reg [31:0] err_pc_q, err_addr_q, err_info_q;
    reg [31:0] cycles_q, l2_hits_q, l2_misses_q, mem_reads_q, mem_writes_q, l2_det_q;
    reg        settle_q;  // one cycle after start, before "done" may be seen
    reg [31:0] smem_q;    // CTL_SMEM_BYTES as written

    assign grid_dim_o  = {grid_q[2], grid_q[1], grid_q[0]};
    assign block_dim_o = {block_q[2], block_q[1], block_q[0]};
    assign halt_o      = error_q;
    assign busy_o      = busy_q;

    // Launch checks, on the values in the registers, in three registered
    // steps: the x*y products, the products with z, then the check and the
    // counts a start hands out (chk_*). Each step starts at registers and
    // is one multiply deep: multiplying the values being written (behind
    // the bus's address decode), then the check's products into the fault
    // registers, then the z product into the check were in turn the longest
    // path of the FPGA build without the detector (docs/fpga.md).
    // The check is three cycles behind the registers, so a start written
    // within three cycles of another register's write waits until it has
    // caught up (launch_pend_q); the management core's bus never writes so
    // fast, only a simulation harness may.
    reg  [63:0] gxy_q, bxy_q, nthreads64, nblocks64;
    reg  [2:0]  cfg_wr_q;                // a register written 1, 2, 3 cycles ago
    reg         launch_pend_q;
    wire        wr_reg  = ctl_req_i && ctl_we_i;
    wire        wr_cfg  = wr_reg && ctl_addr_i != `CTL_CTRL;
    wire        stale   = |cfg_wr_q;
    always @(posedge clk_i) begin
        if (rst_i) begin
            gxy_q      <= 64'd1;
            bxy_q      <= 64'd1;
            nthreads64 <= 64'd1;
            nblocks64  <= 64'd1;
            cfg_wr_q   <= 3'b111;   // the check catches up with the reset values
        end else begin
            gxy_q    <= grid_q[0] * grid_q[1];
            bxy_q    <= block_q[0] * block_q[1];
            // A product over 32 bits makes the whole one too large, since
            // z != 0 is checked as well.
            nthreads64 <= {bxy_q[63:32] != 32'd0, 31'd0, 32'd0} | (bxy_q[31:0] * block_q[2]);
            nblocks64  <= {gxy_q[63:32] != 32'd0, 31'd0, 32'd0} | (gxy_q[31:0] * grid_q[2]);
            cfg_wr_q <= {cfg_wr_q[1:0], wr_cfg};
        end
    end
    wire [31:0] max_threads = NUM_WARPS * NUM_THREADS;
    // The cores interleave the stacks of each core's threads (gpu_core,
    // stack_word): the stack region must start on a block of a core's stacks.
    localparam [31:0] STACK_ALIGN = ((NUM_WARPS * NUM_THREADS) << STACK_LOG2) - 1;
    wire launch_ok = (grid_q[0] != 0) && (grid_q[1] != 0) && (grid_q[2] != 0) &&
                     (block_q[0] != 0) && (block_q[1] != 0) && (block_q[2] != 0) &&
                     (nthreads64 <= {32'd0, max_threads}) && (nblocks64[63:32] == 32'd0) &&
                     (entry_pc_o[1:0] == 2'b00) && (entry_pc_o >= `MEM_GUARD) &&
                     (entry_pc_o < MEM_BYTES) && (stack_log2_o == 5'(STACK_LOG2)) &&
                     ((stack_top_o & STACK_ALIGN) == 32'd0) &&
                     (stack_top_o <= MEM_BYTES) && (smem_q <= SMEM_BYTES);
    // Slices: the size in words (loads and stores are at most a word), and
    // the distance between two slices in whole rows of NUM_THREADS banks,
    // so a bank conflict does not depend on where a block's slice lies.
    // launch_ok bounds smem_q by SMEM_BYTES, so neither rounding wraps.
    localparam [31:0] ROW = 4 * NUM_THREADS;
    wire [31:0] smem_words = (smem_q + 32'd3) & ~32'd3;
    wire [31:0] smem_rows  = (smem_q + ROW - 32'd1) & ~(ROW - 32'd1);
    wire [31:0] nwarps32 = (nthreads64[31:0] + NUM_THREADS - 1) / NUM_THREADS;
    // launch_ok bounds the thread count, so the warp count fits WW+1 bits
    wire unused_nwarps = ^nwarps32[31:WW+1];

    // the check and the counts, registered (not reset: cfg_wr_q holds a
    // start off until they follow the registers' reset values)
    reg        chk_ok_q;
    reg [31:0] chk_nblocks_q, chk_nthreads_q, chk_swords_q, chk_srows_q;
    reg [WW:0] chk_nwarps_q;
    always @(posedge clk_i) begin
        chk_ok_q       <= launch_ok;
        chk_nblocks_q  <= nblocks64[31:0];
        chk_nthreads_q <= nthreads64[31:0];
        chk_nwarps_q   <= nwarps32[WW:0];
        chk_swords_q   <= smem_words;
        chk_srows_q    <= smem_rows;
    end

    // First faulting core, lowest index wins a tie.
    reg        any_fault;
    reg [31:0] f_pc, f_addr, f_info;
    reg [7:0]  f_cause;
    integer c;
    always @(*) begin
        any_fault = 1'b0;
        f_cause = 8'd0; f_pc = 32'd0; f_addr = 32'd0; f_info = 32'd0;
        for (c = NUM_CORES - 1; c >= 0; c = c - 1)
            if (fault_i[c]) begin
                any_fault = 1'b1;
                f_cause = fault_cause_i[c*8 +: 8];
                f_pc    = fault_pc_i[c*32 +: 32];
                f_addr  = fault_addr_i[c*32 +: 32];
                f_info  = {8'd0, c[7:0], fault_warp_i[c*8 +: 8], fault_lane_i[c*8 +: 8]};
            end
    end

    // Counter read: core counters summed over cores; the rest live here.
    wire [7:0] perf_off = ctl_addr_i - `CTL_PERF_BASE;
    wire [4:0] perf_idx = perf_off[4:0];
    wire       perf_sel = (ctl_addr_i >= `CTL_PERF_BASE) && (perf_off < {3'd0, `PERF_COUNT});
    assign perf_sel_o = perf_idx;
    reg [31:0] perf_sum;
    always @(*) begin
        perf_sum = 32'd0;
        for (c = 0; c < NUM_CORES; c = c + 1)
            perf_sum = perf_sum + core_perf_i[c*32 +: 32];
        case (perf_idx)
            `PERF_CYCLES:     perf_sum = cycles_q;
            `PERF_L2_HITS:    perf_sum = l2_hits_q;
            `PERF_L2_MISSES:  perf_sum = l2_misses_q;
            `PERF_L2_DET:     perf_sum = l2_det_q;
            `PERF_MEM_READS:  perf_sum = mem_reads_q;
            `PERF_MEM_WRITES: perf_sum = mem_writes_q;
            default: ;
        endcase
    end

    wire finished = busy_q && !settle_q && dispatch_done_i && (&core_idle_i) && l2_idle_i;
    integer dim;  // not shared with another block: Yosys makes that a flip-flop both drive

    // A start written now (CTRL.start, not busy, no error) is checked now,
    // or once the check has caught up with the registers' last write; a
    // soft reset written meanwhile wins.
    wire wr_ctrl  = wr_reg && ctl_addr_i == `CTL_CTRL;
    wire soft_wr  = wr_ctrl && ctl_wdata_i[1];
    wire go_wr    = wr_ctrl && !ctl_wdata_i[1] && ctl_wdata_i[0] && !busy_q && !error_q;
    wire go_any   = (go_wr || launch_pend_q) && !soft_wr;
    wire launch   = go_any && !stale;

    always @(posedge clk_i) begin
        start_o      <= 1'b0;
        soft_reset_o <= 1'b0;
        settle_q     <= 1'b0;
        if (rst_i) begin
            busy_q <= 1'b0; done_q <= 1'b0; error_q <= 1'b0; cause_q <= `FAULT_NONE;
            launch_pend_q <= 1'b0;
            entry_pc_o <= 32'd0; arg_ptr_o <= 32'd0;
            for (dim = 0; dim < 3; dim = dim + 1) begin grid_q[dim] <= 32'd1; block_q[dim] <= 32'd1; end
            stack_top_o <= MEM_BYTES; stack_log2_o <= 5'(STACK_LOG2);
            err_pc_q <= 32'd0; err_addr_q <= 32'd0; err_info_q <= 32'd0;
            cycles_q <= 32'd0; l2_hits_q <= 32'd0; l2_misses_q <= 32'd0;
            mem_reads_q <= 32'd0; mem_writes_q <= 32'd0; l2_det_q <= 32'd0;
            nblocks_o <= 32'd0; nthreads_o <= 32'd0; nwarps_o <= 0;
            smem_q <= 32'd0; smem_bytes_o <= 32'd0; smem_stride_o <= 32'd0;
        end else begin
            if (busy_q) cycles_q <= cycles_q + 32'd1;
            if (l2_hit_i)    l2_hits_q    <= l2_hits_q + 32'd1;
            if (l2_miss_i)   l2_misses_q  <= l2_misses_q + 32'd1;
            if (mem_read_i)  mem_reads_q  <= mem_reads_q + 32'd1;
            if (mem_write_i) mem_writes_q <= mem_writes_q + 32'd1;
            if (l2_det_i)    l2_det_q     <= l2_det_q + 32'd1;
            if (finished) begin
                busy_q <= 1'b0;
                done_q <= 1'b1;
            end
            if (any_fault && !error_q) begin
                error_q    <= 1'b1;
                busy_q     <= 1'b0;
                cause_q    <= f_cause;
                err_pc_q   <= f_pc;
                err_addr_q <= f_addr;
                err_info_q <= f_info;
            end
            launch_pend_q <= go_any && stale;
            if (go_wr) done_q <= 1'b0;
            if (launch) begin
                if (chk_ok_q) begin
                    start_o     <= 1'b1;
                    busy_q      <= 1'b1;
                    settle_q    <= 1'b1;
                    nblocks_o   <= chk_nblocks_q;
                    nthreads_o  <= chk_nthreads_q;
                    nwarps_o    <= chk_nwarps_q;
                    smem_bytes_o  <= chk_swords_q;
                    smem_stride_o <= chk_srows_q;
                    cycles_q    <= 32'd0;
                    l2_hits_q   <= 32'd0; l2_misses_q  <= 32'd0;
                    mem_reads_q <= 32'd0; mem_writes_q <= 32'd0;
                    l2_det_q    <= 32'd0;
                end else begin
                    error_q <= 1'b1;
                    cause_q <= `FAULT_LAUNCH;
                    err_pc_q <= entry_pc_o;
                    err_addr_q <= 32'd0;
                    err_info_q <= 32'd0;
                end
            end
            if (soft_wr) begin
                soft_reset_o <= 1'b1;
                busy_q <= 1'b0; done_q <= 1'b0; error_q <= 1'b0;
                cause_q <= `FAULT_NONE;
                err_pc_q <= 32'd0; err_addr_q <= 32'd0; err_info_q <= 32'd0;
            end
            if (wr_reg) begin
                case (ctl_addr_i)
                    `CTL_ENTRY_PC:   entry_pc_o   <= ctl_wdata_i;
                    `CTL_ARG_PTR:    arg_ptr_o    <= ctl_wdata_i;
                    `CTL_GRID_X:     grid_q[0]    <= ctl_wdata_i;
                    `CTL_GRID_Y:     grid_q[1]    <= ctl_wdata_i;
                    `CTL_GRID_Z:     grid_q[2]    <= ctl_wdata_i;
                    `CTL_BLOCK_X:    block_q[0]   <= ctl_wdata_i;
                    `CTL_BLOCK_Y:    block_q[1]   <= ctl_wdata_i;
                    `CTL_BLOCK_Z:    block_q[2]   <= ctl_wdata_i;
                    `CTL_STACK_TOP:  stack_top_o  <= ctl_wdata_i;
                    `CTL_STACK_LOG2: stack_log2_o <= ctl_wdata_i[4:0];
                    `CTL_SMEM_BYTES: smem_q       <= ctl_wdata_i;
                    default: ;
                endcase
            end
            if (ctl_req_i) begin
                case (ctl_addr_i)
                    `CTL_STATUS:     ctl_rdata_o <= {16'd0, cause_q, 5'd0, error_q, done_q, busy_q};
                    `CTL_ENTRY_PC:   ctl_rdata_o <= entry_pc_o;
                    `CTL_ARG_PTR:    ctl_rdata_o <= arg_ptr_o;
                    `CTL_GRID_X:     ctl_rdata_o <= grid_q[0];
                    `CTL_GRID_Y:     ctl_rdata_o <= grid_q[1];
                    `CTL_GRID_Z:     ctl_rdata_o <= grid_q[2];
                    `CTL_BLOCK_X:    ctl_rdata_o <= block_q[0];
                    `CTL_BLOCK_Y:    ctl_rdata_o <= block_q[1];
                    `CTL_BLOCK_Z:    ctl_rdata_o <= block_q[2];
                    `CTL_STACK_TOP:  ctl_rdata_o <= stack_top_o;
                    `CTL_STACK_LOG2: ctl_rdata_o <= {27'd0, stack_log2_o};
                    `CTL_ERR_PC:     ctl_rdata_o <= err_pc_q;
                    `CTL_ERR_ADDR:   ctl_rdata_o <= err_addr_q;
                    `CTL_ERR_INFO:   ctl_rdata_o <= err_info_q;
                    `CTL_MEM_BYTES:  ctl_rdata_o <= MEM_BYTES;
                    `CTL_HW_CONFIG:  ctl_rdata_o <= {LINE_BYTES[7:0], NUM_THREADS[7:0],
                                                     NUM_WARPS[7:0], NUM_CORES[7:0]};
                    `CTL_VERSION:    ctl_rdata_o <= `HW_VERSION;
                    `CTL_SMEM_BYTES: ctl_rdata_o <= smem_q;
                    `CTL_SMEM_CAP:   ctl_rdata_o <= SMEM_BYTES;
                    default:
                        ctl_rdata_o <= perf_sel ? perf_sum : 32'd0;
                endcase
            end
        end
    end
endmodule
`default_nettype wire
