// The GPU: control registers, block dispatcher, NUM_CORES cores, the race
// detector (rtl/scord), the L2 arbiter and the shared L2. Device memory is outside (a C++ model in the
// cycle model, block RAM on the FPGA), reached through the mem port.
`default_nettype none
`include "scord_defs.vh"
`include "scord_shr.vh"
`include "gpu_l2_bus.vh"

module gpu_top #(
    parameter NUM_CORES   = `GPU_NUM_CORES,
    parameter NUM_WARPS   = `GPU_NUM_WARPS,
    parameter NUM_THREADS = `GPU_NUM_THREADS,
    parameter LINE_BYTES  = `GPU_LINE_BYTES,
    parameter L1D_BYTES   = `GPU_L1D_BYTES,
    parameter L1I_BYTES   = `GPU_L1I_BYTES,
    parameter L2_BYTES    = `GPU_L2_BYTES,
    parameter MEM_BYTES   = `GPU_MEM_BYTES,
    // shared memory of each core, bytes (gpu_smem: one bank per lane)
    parameter SMEM_BYTES  = `GPU_SMEM_BYTES,
    // log2 of each thread's stack (the cores interleave the stacks of a warp)
    parameter STACK_LOG2  = `GPU_STACK_LOG2,
    // lines of the race detector's metadata cache (power of two): the
    // detector's largest area item, 3 500 LUTs at 256 (docs/fpga.md)
    parameter MD_LINES    = `GPU_MD_LINES,
    // 1: the cores' stage E between D and X (gpu_core; the FPGA's
    // configurations, for a shorter X)
    parameter E_STAGE     = `GPU_E_STAGE,
    // 1: the cores' stage H after X for the detector's hooks (the FPGA's
    // configurations, for a shorter path after X's commit)
    parameter H_STAGE     = `GPU_H_STAGE,
    // 0: the GPU without the race detector (no scord_top, no event arbiter,
    // no L2 port for it, no hooks in the cores); its registers read 0, so
    // the driver reports it missing. For the cost figure and small FPGAs.
    parameter DETECTOR    = 1,
    // derived, do not override
    parameter LINE_BITS = LINE_BYTES * 8
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  ctl_req_i,
    input  wire                  ctl_we_i,
    input  wire [7:0]            ctl_addr_i,
    input  wire [31:0]           ctl_wdata_i,
    output wire [31:0]           ctl_rdata_o,
    output wire                  mem_req_valid_o,
    input  wire                  mem_req_ready_i,
    output wire                  mem_req_we_o,
    output wire [31:0]           mem_req_addr_o,
    output wire [LINE_BITS-1:0]  mem_req_wdata_o,
    output wire [LINE_BYTES-1:0] mem_req_wstrb_o,
    input  wire                  mem_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  mem_rsp_rdata_i,
    output wire                  busy_o
);
    localparam WW     = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1;
    localparam NRID   = NUM_CORES * NUM_WARPS * NUM_THREADS;
    localparam RID_W  = (NRID > 1) ? $clog2(NRID) : 1;
    localparam REQ_W  = `L2_REQ_BITS(LINE_BYTES);   // an L2 request's payload
    localparam NPORTS = 2 * NUM_CORES + (DETECTOR != 0 ? 1 : 0);  // + the detector's, the last
    localparam DPORT  = 2 * NUM_CORES;
    localparam DET_EVW = `DET_LINE_EVW(NUM_THREADS, LINE_BYTES);  // a line event's bits

    wire        start, soft_reset, halt;
    wire [31:0] entry_pc, arg_ptr, stack_top, nblocks, nthreads, smem_bytes, smem_stride;
    wire [95:0] grid_dim, block_dim;
    wire [4:0]  stack_log2;
    wire [WW:0] nwarps;
    wire        dispatch_done, l2_idle;
    wire        l2_hit, l2_miss, mem_read, mem_write;
    wire        det_l2_req;  // the detector's L2 port accepted a request (counter)

    // A soft reset clears the cores and the dispatcher; the L2 keeps going
    // so a memory transaction in flight completes cleanly.
    reg core_rst_q;
    always @(posedge clk_i) core_rst_q <= rst_i | soft_reset;
    wire core_rst = rst_i | core_rst_q;

    wire [NUM_CORES-1:0]          core_idle, fault, launch_valid, launch_ready;
    // race detector: core event ports and the unit
    wire [NUM_CORES-1:0]          det_evt_valid, det_evt_ready, det_evt_last, det_core_idle;
    wire [NUM_CORES-1:0]          det_stall, det_sh_sync;
    wire [NUM_CORES*8-1:0]        det_sh_acc;
    wire [NUM_CORES*DET_EVW-1:0]  det_evt_data;
    // shared-memory race reports of the cores, to the detector's writer
    wire [NUM_CORES-1:0]          det_shr_valid, det_shr_ready;
    wire [NUM_CORES*`SHR_BITS-1:0] det_shr_data;
    wire [31:0]                   det_pc_base;
    wire                          det_armed, det_idle, det_prepared;
    wire [31:0]                   gpu_ctl_rdata, det_ctl_rdata;
    wire [NUM_CORES*8-1:0]        fault_cause, fault_warp, fault_lane;
    wire [NUM_CORES*32-1:0]       fault_pc, fault_addr;
    wire [NUM_CORES*32-1:0]       core_perf;
    wire [4:0]                    perf_sel;
    wire [31:0]                   launch_block_id;
    wire [WW:0]                   launch_nwarps;

    // L2 channel of every port: 2c is core c's I$, 2c+1 its LSU, the
    // detector's the last.
    wire [NPORTS-1:0]            p_valid, p_ready, p_rsp_valid;
    wire [NPORTS*REQ_W-1:0]      p_req;
    wire [LINE_BITS-1:0]         p_rsp_data;
    // the L2's write notices, to every core's L1 (the detector's stale lanes)
    wire                         wn_valid;
    wire [31:0]                  wn_addr;
    wire [LINE_BYTES/4-1:0]      wn_any, wn_full;
    wire [RID_W-1:0]             wn_rid;

    gpu_ctl #(
        .NUM_CORES   (NUM_CORES),
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .LINE_BYTES  (LINE_BYTES),
        .MEM_BYTES   (MEM_BYTES),
        .SMEM_BYTES  (SMEM_BYTES),
        .STACK_LOG2  (STACK_LOG2)
    ) u_ctl (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .ctl_req_i       (ctl_req_i),
        .ctl_we_i        (ctl_we_i),
        .ctl_addr_i      (ctl_addr_i),
        .ctl_wdata_i     (ctl_wdata_i),
        .ctl_rdata_o     (gpu_ctl_rdata),
        .start_o         (start),
        .soft_reset_o    (soft_reset),
        .halt_o          (halt),
        .busy_o          (busy_o),
        .entry_pc_o      (entry_pc),
        .arg_ptr_o       (arg_ptr),
        .grid_dim_o      (grid_dim),
        .block_dim_o     (block_dim),
        .stack_top_o     (stack_top),
        .stack_log2_o    (stack_log2),
        .nblocks_o       (nblocks),
        .nthreads_o      (nthreads),
        .nwarps_o        (nwarps),
        .smem_bytes_o    (smem_bytes),
        .smem_stride_o   (smem_stride),
        .dispatch_done_i (dispatch_done),
        .core_idle_i     (core_idle),
        .l2_idle_i       (l2_idle && det_idle && (&det_core_idle)),
        .fault_i         (fault),
        .fault_cause_i   (fault_cause),
        .fault_pc_i      (fault_pc),
        .fault_addr_i    (fault_addr),
        .fault_warp_i    (fault_warp),
        .fault_lane_i    (fault_lane),
        .perf_sel_o      (perf_sel),
        .core_perf_i     (core_perf),
        .l2_hit_i        (l2_hit),
        .l2_miss_i       (l2_miss),
        .mem_read_i      (mem_read),
        .mem_write_i     (mem_write),
        .l2_det_i        (det_l2_req)
    );

    gpu_dispatcher #(
        .NUM_CORES (NUM_CORES),
        .NUM_WARPS (NUM_WARPS)
    ) u_dispatcher (
        .clk_i             (clk_i),
        .rst_i             (core_rst),
        .start_i           (start),
        .nblocks_i         (nblocks),
        .nwarps_i          (nwarps),
        .launch_valid_o    (launch_valid),
        // no block starts while an armed detector clears its state for the
        // grid; a disarmed one costs no cycles
        .launch_ready_i    (launch_ready & {NUM_CORES{det_prepared || !det_armed}}),
        .launch_block_id_o (launch_block_id),
        .launch_nwarps_o   (launch_nwarps),
        .done_o            (dispatch_done)
    );

    genvar c;
    generate
        for (c = 0; c < NUM_CORES; c = c + 1) begin : g_core
            gpu_core #(
                .CORE_ID     (c),
                .NUM_CORES   (NUM_CORES),
                .NUM_WARPS   (NUM_WARPS),
                .NUM_THREADS (NUM_THREADS),
                .LINE_BYTES  (LINE_BYTES),
                .L1D_BYTES   (L1D_BYTES),
                .L1I_BYTES   (L1I_BYTES),
                .MEM_BYTES   (MEM_BYTES),
                .SMEM_BYTES  (SMEM_BYTES),
                .STACK_LOG2  (STACK_LOG2),
                .DETECTOR    (DETECTOR),
                .E_STAGE     (E_STAGE),
                .H_STAGE     (H_STAGE)
            ) u_core (
                .clk_i             (clk_i),
                .rst_i             (core_rst),
                .por_i             (rst_i),
                .start_i           (start),
                .halt_i            (halt),
                .entry_pc_i        (entry_pc),
                .arg_ptr_i         (arg_ptr),
                .block_dim_i       (block_dim),
                .grid_dim_i        (grid_dim),
                .stack_top_i       (stack_top),
                .stack_log2_i      (stack_log2),
                .smem_bytes_i      (smem_bytes),
                .smem_stride_i     (smem_stride),
                .launch_valid_i    (launch_valid[c]),
                .launch_ready_o    (launch_ready[c]),
                .launch_block_id_i (launch_block_id),
                .launch_nthreads_i (nthreads),
                .launch_nwarps_i   (launch_nwarps),
                .fault_o           (fault[c]),
                .fault_cause_o     (fault_cause[c*8 +: 8]),
                .fault_pc_o        (fault_pc[c*32 +: 32]),
                .fault_addr_o      (fault_addr[c*32 +: 32]),
                .fault_warp_o      (fault_warp[c*8 +: 8]),
                .fault_lane_o      (fault_lane[c*8 +: 8]),
                .idle_o            (core_idle[c]),
                .ic_req_valid_o    (p_valid[2*c]),
                .ic_req_ready_i    (p_ready[2*c]),
                .ic_req_o          (p_req[(2*c)*REQ_W +: REQ_W]),
                .ic_rsp_valid_i    (p_rsp_valid[2*c]),
                .ic_rsp_data_i     (p_rsp_data),
                .dc_req_valid_o    (p_valid[2*c+1]),
                .dc_req_ready_i    (p_ready[2*c+1]),
                .dc_req_o          (p_req[(2*c+1)*REQ_W +: REQ_W]),
                .dc_rsp_valid_i    (p_rsp_valid[2*c+1]),
                .dc_rsp_data_i     (p_rsp_data),
                .wn_valid_i        (wn_valid),
                .wn_addr_i         (wn_addr),
                .wn_any_i          (wn_any),
                .wn_full_i         (wn_full),
                .wn_rid_i          (wn_rid),
                .det_armed_i       (det_armed),
                .det_evt_valid_o   (det_evt_valid[c]),
                .det_evt_ready_i   (det_evt_ready[c]),
                .det_evt_data_o    (det_evt_data[c*DET_EVW +: DET_EVW]),
                .det_evt_last_o    (det_evt_last[c]),
                .det_idle_o        (det_core_idle[c]),
                .det_stall_o       (det_stall[c]),
                .det_sh_acc_o      (det_sh_acc[c*8 +: 8]),
                .det_sh_sync_o     (det_sh_sync[c]),
                .det_pc_base_i     (det_pc_base),
                .det_shr_valid_o   (det_shr_valid[c]),
                .det_shr_ready_i   (det_shr_ready[c]),
                .det_shr_data_o    (det_shr_data[c*`SHR_BITS +: `SHR_BITS]),
                .perf_sel_i        (perf_sel),
                .perf_o            (core_perf[c*32 +: 32])
            );
        end
    endgenerate

    // ------------------------------------------------------------------
    // Race detector
    // ------------------------------------------------------------------
    generate
        if (DETECTOR != 0) begin : g_det
            wire         det_valid, det_ready, det_ctl_sel, det_sweeping;
            wire [DET_EVW-1:0] det_data;
        gpu_det_arb #(
            .NUM_CORES (NUM_CORES),
            .EVW       (DET_EVW)
        ) u_det_arb (
            .clk_i       (clk_i),
            .rst_i       (core_rst),
            .evt_valid_i (det_evt_valid),
            .evt_ready_o (det_evt_ready),
            .evt_data_i  (det_evt_data),
            .evt_last_i  (det_evt_last),
            .evt_valid_o (det_valid),
            .evt_ready_i (det_ready),
            .evt_data_o  (det_data)
        );

        // Its registers and configuration survive a soft reset (the driver arms
        // it once per launch); work in flight completes.
        scord_top #(
            .NUM_CORES   (NUM_CORES),
            .NUM_WARPS   (NUM_WARPS),
            .NUM_THREADS (NUM_THREADS),
            .LINE_BYTES  (LINE_BYTES),
            .MEM_BYTES   (MEM_BYTES),
            .MD_LINES    (MD_LINES)
        ) u_scord (
            .clk_i          (clk_i),
            .rst_i          (rst_i),
            .start_i        (start),
            .ready_o        (det_prepared),
            .sweeping_o     (det_sweeping),
            .evt_valid_i    (det_valid),
            .evt_ready_o    (det_ready),
            .evt_data_i     (det_data),
            .stall_i        (det_stall),
            .sh_acc_i       (det_sh_acc),
            .sh_sync_i      (det_sh_sync),
            .shr_valid_i    (det_shr_valid),
            .shr_ready_o    (det_shr_ready),
            .shr_data_i     (det_shr_data),
            .pc_base_o      (det_pc_base),
            .ctl_req_i      (ctl_req_i),
            .ctl_we_i       (ctl_we_i),
            .ctl_addr_i     (ctl_addr_i),
            .ctl_wdata_i    (ctl_wdata_i),
            .ctl_sel_o      (det_ctl_sel),
            .ctl_rdata_o    (det_ctl_rdata),
            .l2_req_valid_o (p_valid[DPORT]),
            .l2_req_ready_i (p_ready[DPORT]),
            .l2_req_o       (p_req[DPORT*REQ_W +: REQ_W]),
            .l2_rsp_valid_i (p_rsp_valid[DPORT]),
            .l2_rsp_data_i  (p_rsp_data),
            .idle_o         (det_idle),
            .armed_o        (det_armed)
        );
        wire unused_det = det_ctl_sel ^ det_sweeping;  // status only, via DET_STATUS
        assign det_l2_req = p_valid[DPORT] && p_ready[DPORT];
        end else begin : g_no_det
            assign det_l2_req    = 1'b0;
            assign det_armed     = 1'b0;
            assign det_prepared  = 1'b1;
            assign det_idle      = 1'b1;
            assign det_ctl_rdata = 32'd0;
            assign det_evt_ready = {NUM_CORES{1'b0}};
            assign det_shr_ready = {NUM_CORES{1'b0}};
            assign det_pc_base   = 32'd0;
            wire unused_no_det = ^{det_evt_valid, det_evt_data, det_evt_last, det_stall,
                                   det_sh_acc, det_sh_sync, det_shr_valid, det_shr_data};
        end
    endgenerate
    // Each side reads 0 outside its own register range.
    assign ctl_rdata_o = gpu_ctl_rdata | det_ctl_rdata;

    wire                 l2_req_valid, l2_req_ready, l2_rsp_valid;
    wire [REQ_W-1:0]     l2_req;
    wire [LINE_BITS-1:0] l2_rsp_data;

    gpu_l2_arb #(
        .NUM_PORTS  (NPORTS),
        .LINE_BYTES (LINE_BYTES),
        .RID_W      (RID_W)
    ) u_arb (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .req_valid_i    (p_valid),
        .req_ready_o    (p_ready),
        .req_i          (p_req),
        .rsp_valid_o    (p_rsp_valid),
        .rsp_data_o     (p_rsp_data),
        .l2_req_valid_o (l2_req_valid),
        .l2_req_ready_i (l2_req_ready),
        .l2_req_o       (l2_req),
        .l2_rsp_valid_i (l2_rsp_valid),
        .l2_rsp_data_i  (l2_rsp_data)
    );

    gpu_l2 #(
        .NUM_RID    (NRID),
        .LINE_BYTES (LINE_BYTES),
        .L2_BYTES   (L2_BYTES)
    ) u_l2 (
        .clk_i            (clk_i),
        .rst_i            (rst_i),
        .req_valid_i      (l2_req_valid),
        .req_ready_o      (l2_req_ready),
        .req_i            (l2_req),
        .rsp_valid_o      (l2_rsp_valid),
        .rsp_data_o       (l2_rsp_data),
        .mem_req_valid_o  (mem_req_valid_o),
        .mem_req_ready_i  (mem_req_ready_i),
        .mem_req_we_o     (mem_req_we_o),
        .mem_req_addr_o   (mem_req_addr_o),
        .mem_req_wdata_o  (mem_req_wdata_o),
        .mem_req_wstrb_o  (mem_req_wstrb_o),
        .mem_rsp_valid_i  (mem_rsp_valid_i),
        .mem_rsp_rdata_i  (mem_rsp_rdata_i),
        .flush_i          (start),
        .idle_o           (l2_idle),
        .perf_hit_o       (l2_hit),
        .perf_miss_o      (l2_miss),
        .perf_mem_read_o  (mem_read),
        .perf_mem_write_o (mem_write),
        .wn_valid_o       (wn_valid),
        .wn_addr_o        (wn_addr),
        .wn_any_o         (wn_any),
        .wn_full_o        (wn_full),
        .wn_rid_o         (wn_rid)
    );
endmodule
`default_nettype wire
