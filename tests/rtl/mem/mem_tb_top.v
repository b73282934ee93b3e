// Unit-test wrapper of the memory system: NC LSUs, the L2 arbiter, the L2,
// and the L2's write notices to the LSUs (their stale words: each LSU's
// stale lanes of the weak load it serves are outputs).
// Device memory is modelled by the C++ harness. Per-core ports are packed
// (core c at [c*W +: W]) so the harness indexes them the same way for every
// configuration.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module mem_tb_top #(
    parameter NC          = 2,
    parameter NUM_WARPS   = `GPU_NUM_WARPS,
    parameter NUM_THREADS = `GPU_NUM_THREADS,
    parameter LINE_BYTES  = `GPU_LINE_BYTES,
    parameter L1D_BYTES   = `GPU_L1D_BYTES,
    parameter L2_BYTES    = `GPU_L2_BYTES,
    // Derived, do not override.
    parameter T           = NUM_THREADS,
    parameter LINE_BITS   = LINE_BYTES * 8,
    parameter WARP_W      = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter NUM_RID     = NC * NUM_WARPS * NUM_THREADS,
    parameter RID_W       = (NUM_RID > 1) ? $clog2(NUM_RID) : 1,
    parameter REQ_W       = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                   clk_i,
    input  wire                   rst_i,
    input  wire                   flush_i,
    input  wire [NC-1:0]          lsu_req_valid_i,
    output wire [NC-1:0]          lsu_req_ready_o,
    input  wire [NC*3-1:0]        lsu_req_op_i,
    input  wire [NC-1:0]          lsu_req_strong_i,
    input  wire [NC-1:0]          lsu_req_scope_i,
    input  wire [NC*5-1:0]        lsu_req_amo_op_i,
    input  wire [NC*2-1:0]        lsu_req_size_i,
    input  wire [NC-1:0]          lsu_req_unsigned_i,
    input  wire [NC*WARP_W-1:0]   lsu_req_warp_i,
    input  wire [NC*5-1:0]        lsu_req_rd_i,
    input  wire [NC*T-1:0]        lsu_req_mask_i,
    input  wire [NC*T*32-1:0]     lsu_req_addr_i,
    input  wire [NC*T*32-1:0]     lsu_req_wdata_i,
    input  wire [NC*T*32-1:0]     lsu_req_cmp_i,
    output wire [NC-1:0]          wb_valid_o,
    input  wire [NC-1:0]          wb_ready_i,
    output wire [NC*WARP_W-1:0]   wb_warp_o,
    output wire [NC*5-1:0]        wb_rd_o,
    output wire [NC*T-1:0]        wb_mask_o,
    output wire [NC*T*32-1:0]     wb_data_o,
    output wire                   mem_req_valid_o,
    input  wire                   mem_req_ready_i,
    output wire                   mem_req_we_o,
    output wire [31:0]            mem_req_addr_o,
    output wire [LINE_BITS-1:0]   mem_req_wdata_o,
    output wire [LINE_BYTES-1:0]  mem_req_wstrb_o,
    input  wire                   mem_rsp_valid_i,
    input  wire [LINE_BITS-1:0]   mem_rsp_rdata_i,
    output wire                   idle_o,
    output wire [NC-1:0]          perf_load_o,
    output wire [NC-1:0]          perf_store_o,
    output wire [NC-1:0]          perf_atomic_o,
    output wire [NC-1:0]          perf_l1_hit_o,
    output wire [NC-1:0]          perf_l1_miss_o,
    output wire                   perf_l2_hit_o,
    output wire                   perf_l2_miss_o,
    output wire                   perf_mem_read_o,
    output wire                   perf_mem_write_o,
    output wire [NC*T-1:0]        ld_known_o,
    output wire [NC*T-1:0]        ld_stale_o
);
    wire                     wn_valid;
    wire [31:0]              wn_addr;
    wire [LINE_BYTES/4-1:0]  wn_any, wn_full;
    wire [RID_W-1:0]         wn_rid;
    wire [NC-1:0]            unused_acc, unused_d64, unused_last;

    wire [NC-1:0]            p_valid, p_ready, p_rsp_valid;
    wire [NC*REQ_W-1:0]      p_req;
    wire [LINE_BITS-1:0]     p_rsp_data;
    wire [NC-1:0]            lsu_idle;

    genvar c;
    generate
        for (c = 0; c < NC; c = c + 1) begin : g_core
            gpu_lsu #(
                .CORE_ID    (c),
                .NUM_CORES  (NC),
                .NUM_WARPS  (NUM_WARPS),
                .NUM_THREADS(NUM_THREADS),
                .LINE_BYTES (LINE_BYTES),
                .L1D_BYTES  (L1D_BYTES),
                .DETECTOR   (1),
                .LOOKAHEAD  (0)
            ) u_lsu (
                .clk_i             (clk_i),
                .rst_i             (rst_i),
                .lsu_req_valid_i   (lsu_req_valid_i[c]),
                .lsu_req_ready_o   (lsu_req_ready_o[c]),
                .lsu_req_op_i      (lsu_req_op_i[c*3 +: 3]),
                .lsu_req_strong_i  (lsu_req_strong_i[c]),
                .lsu_req_scope_i   (lsu_req_scope_i[c]),
                .lsu_req_amo_op_i  (lsu_req_amo_op_i[c*5 +: 5]),
                .lsu_req_size_i    (lsu_req_size_i[c*2 +: 2]),
                .lsu_req_unsigned_i(lsu_req_unsigned_i[c]),
                .lsu_req_warp_i    (lsu_req_warp_i[c*WARP_W +: WARP_W]),
                .lsu_req_rd_i      (lsu_req_rd_i[c*5 +: 5]),
                .lsu_req_mask_i    (lsu_req_mask_i[c*T +: T]),
                .lsu_req_addr_i    (lsu_req_addr_i[c*T*32 +: T*32]),
                .lsu_req_wdata_i   (lsu_req_wdata_i[c*T*32 +: T*32]),
                .lsu_req_cmp_i     (lsu_req_cmp_i[c*T*32 +: T*32]),
                .lsu_req_d64_i     (1'b0),     // amocas.d: the kernel tests' (atomics64)
                .hi_wdata_i        ({T*32{1'b0}}),
                .hi_cmp_i          ({T*32{1'b0}}),
                .d64_busy_o        (unused_d64[c]),
                .wb_valid_o        (wb_valid_o[c]),
                .wb_ready_i        (wb_ready_i[c]),
                .wb_warp_o         (wb_warp_o[c*WARP_W +: WARP_W]),
                .wb_rd_o           (wb_rd_o[c*5 +: 5]),
                .wb_mask_o         (wb_mask_o[c*T +: T]),
                .wb_data_o         (wb_data_o[c*T*32 +: T*32]),
                .wb_last_o         (unused_last[c]),
                .l2_req_valid_o    (p_valid[c]),
                .l2_req_ready_i    (p_ready[c]),
                .l2_req_o          (p_req[c*REQ_W +: REQ_W]),
                .l2_rsp_valid_i    (p_rsp_valid[c]),
                .l2_rsp_data_i     (p_rsp_data),
                .flush_i           (flush_i),
                .idle_o            (lsu_idle[c]),
                .perf_load_o       (perf_load_o[c]),
                .perf_store_o      (perf_store_o[c]),
                .perf_atomic_o     (perf_atomic_o[c]),
                .perf_l1_hit_o     (perf_l1_hit_o[c]),
                .perf_l1_miss_o    (perf_l1_miss_o[c]),
                .wn_valid_i        (wn_valid),
                .wn_addr_i         (wn_addr),
                .wn_any_i          (wn_any),
                .wn_full_i         (wn_full),
                .wn_rid_i          (wn_rid),
                .ld_known_o        (ld_known_o[c*T +: T]),
                .ld_stale_o        (ld_stale_o[c*T +: T]),
                .acc_o             (unused_acc[c])
            );
        end
    endgenerate

    wire                  l2_valid, l2_ready, l2_rsp_valid;
    wire [REQ_W-1:0]      l2_req;
    wire [LINE_BITS-1:0]  l2_rsp_data;
    wire                  l2_idle;

    gpu_l2_arb #(
        .NUM_PORTS (NC),
        .LINE_BYTES(LINE_BYTES),
        .RID_W     (RID_W)
    ) u_arb (
        .clk_i            (clk_i),
        .rst_i            (rst_i),
        .req_valid_i      (p_valid),
        .req_ready_o      (p_ready),
        .req_i            (p_req),
        .rsp_valid_o      (p_rsp_valid),
        .rsp_data_o       (p_rsp_data),
        .l2_req_valid_o   (l2_valid),
        .l2_req_ready_i   (l2_ready),
        .l2_req_o         (l2_req),
        .l2_rsp_valid_i   (l2_rsp_valid),
        .l2_rsp_data_i    (l2_rsp_data)
    );

    gpu_l2 #(
        .NUM_RID   (NUM_RID),
        .LINE_BYTES(LINE_BYTES),
        .L2_BYTES  (L2_BYTES)
    ) u_l2 (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .req_valid_i     (l2_valid),
        .req_ready_o     (l2_ready),
        .req_i           (l2_req),
        .rsp_valid_o     (l2_rsp_valid),
        .rsp_data_o      (l2_rsp_data),
        .mem_req_valid_o (mem_req_valid_o),
        .mem_req_ready_i (mem_req_ready_i),
        .mem_req_we_o    (mem_req_we_o),
        .mem_req_addr_o  (mem_req_addr_o),
        .mem_req_wdata_o (mem_req_wdata_o),
        .mem_req_wstrb_o (mem_req_wstrb_o),
        .mem_rsp_valid_i (mem_rsp_valid_i),
        .mem_rsp_rdata_i (mem_rsp_rdata_i),
        .flush_i         (flush_i),
        .idle_o          (l2_idle),
        .perf_hit_o      (perf_l2_hit_o),
        .perf_miss_o     (perf_l2_miss_o),
        .perf_mem_read_o (perf_mem_read_o),
        .perf_mem_write_o(perf_mem_write_o),
        .wn_valid_o      (wn_valid),
        .wn_addr_o       (wn_addr),
        .wn_any_o        (wn_any),
        .wn_full_o       (wn_full),
        .wn_rid_o        (wn_rid)
    );

    assign idle_o = (&lsu_idle) && l2_idle;

endmodule
`default_nettype wire
