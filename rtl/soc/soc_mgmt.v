// The management core: our own SIMT core (gpu_core) in its smallest shape,
// one warp of one thread without race-detector hooks, running the firmware
// (sw/firmware) from its RAM behind soc_mgmt_bus. A small sequencer starts
// it after reset as a one-thread "kernel" at MGMT_FW_BASE, and starts it
// again if the firmware ever returns or the core faults, so the host link
// comes back by itself; BOOTS tells the firmware how often that happened.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module soc_mgmt #(
    parameter LINE_BYTES = 32,
    parameter MEM_BYTES  = 262144,   // device memory
    parameter CLK_HZ     = 30000000,
    parameter L1I_BYTES  = 512,      // small: LUT RAM, no block RAM
    parameter L1D_BYTES  = 256,
    // An E stage as the GPU's cores have (gpu_core's E_STAGE): on the
    // FPGA it splits the core's multiplier in two, which was the build's
    // longest path without the detector (docs/fpga.md). The firmware runs
    // an instruction a cycle slower, which the host link does not notice.
    parameter E_STAGE    = `GPU_E_STAGE,
    // derived, do not override
    parameter LINE_BITS  = LINE_BYTES * 8,
    parameter REQ_W      = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    // UART byte streams
    input  wire                  rx_valid_i,
    input  wire [7:0]            rx_data_i,
    input  wire                  rx_ferr_i,
    output wire                  tx_valid_o,
    input  wire                  tx_ready_i,
    output wire [7:0]            tx_data_o,
    // GPU control bus
    output wire                  ctl_req_o,
    output wire                  ctl_we_o,
    output wire [7:0]            ctl_addr_o,
    output wire [31:0]           ctl_wdata_o,
    input  wire [31:0]           ctl_rdata_i,
    // device memory
    output wire                  mem_req_o,
    output wire                  mem_we_o,
    output wire [31:0]           mem_addr_o,
    output wire [LINE_BITS-1:0]  mem_wdata_o,
    output wire [LINE_BYTES-1:0] mem_wstrb_o,
    input  wire                  mem_gnt_i,
    input  wire                  mem_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  mem_rdata_i,
    // status
    output wire [1:0]            leds_o,     // self-test passed, failed
    output wire                  served_o,   // a host frame was served
    output wire                  running_o,  // the firmware runs
    output wire                  idle_o      // ... and waits for the host
);
    localparam FW_BYTES = `MGMT_FW_BYTES;

    // ---- sequencer: reset the core, start it, launch the one thread --------------
    localparam [1:0] Q_RESET = 2'd0, Q_START = 2'd1, Q_LAUNCH = 2'd2, Q_RUN = 2'd3;
    reg [1:0]  seq_q;
    reg [3:0]  wait_q;       // cycles in this state
    reg [15:0] boots_q;
    reg [7:0]  last_cause_q;
    wire       core_rst = rst_i || seq_q == Q_RESET;
    wire       launch_ready, core_idle, fault;
    wire [7:0] fault_cause;

    always @(posedge clk_i) begin
        if (rst_i) begin
            seq_q        <= Q_RESET;
            wait_q       <= 4'd0;
            boots_q      <= 16'd0;
            last_cause_q <= 8'd0;
        end else begin
            wait_q <= (wait_q == 4'hF) ? wait_q : wait_q + 4'd1;
            case (seq_q)
                Q_RESET: if (wait_q == 4'hF) begin
                    seq_q  <= Q_START;
                    wait_q <= 4'd0;
                end
                Q_START: begin
                    seq_q   <= Q_LAUNCH;
                    boots_q <= boots_q + 16'd1;
                end
                Q_LAUNCH: if (launch_ready) begin
                    seq_q  <= Q_RUN;
                    wait_q <= 4'd0;
                end
                default: begin
                    // a fault, or the thread ended (idle once it had time to start)
                    if (fault || (core_idle && wait_q == 4'hF)) begin
                        last_cause_q <= fault ? fault_cause : 8'd0;
                        seq_q  <= Q_RESET;
                        wait_q <= 4'd0;
                    end
                end
            endcase
        end
    end
    assign running_o = seq_q == Q_RUN;

    // ---- the core and its two L2 channel ports --------------------------------------
    wire [1:0]            p_valid, p_ready, p_rsp_valid;
    wire [2*REQ_W-1:0]    p_req;      // port 0: the I$, 1: the LSU
    wire [LINE_BITS-1:0]  p_rsp_data;
    wire                  b_valid, b_ready, b_rsp_valid;
    wire [REQ_W-1:0]      b_req;
    wire [LINE_BITS-1:0]  b_rsp_data;
    wire [31:0]           fault_pc, fault_addr, perf;
    wire [7:0]            fault_warp, fault_lane;
    wire                  det_valid, det_last, det_idle, det_stall, det_sh_sync;
    wire [7:0]            det_sh_acc;
    wire [`DET_LINE_EVW(1, LINE_BYTES)-1:0] det_data;  // one lane's line events (none: no detector)
    wire                  det_shr_valid;
    wire [127:0]          det_shr_data;   // `SHR_BITS: no shared memory, never valid

    gpu_core #(
        .CORE_ID     (0),
        .NUM_CORES   (1),
        .NUM_WARPS   (1),
        .NUM_THREADS (1),
        .LINE_BYTES  (LINE_BYTES),
        .L1D_BYTES   (L1D_BYTES),
        .L1I_BYTES   (L1I_BYTES),
        .MEM_BYTES   (`MGMT_ADDR_BYTES),
        .DETECTOR    (0),
        .E_STAGE     (E_STAGE)
    ) u_core (
        .clk_i             (clk_i),
        .rst_i             (core_rst),
        .por_i             (core_rst),
        .start_i           (seq_q == Q_START),
        .halt_i            (1'b0),
        .entry_pc_i        (`MGMT_FW_BASE),
        .arg_ptr_i         (32'd0),
        .block_dim_i       ({32'd1, 32'd1, 32'd1}),
        .grid_dim_i        ({32'd1, 32'd1, 32'd1}),
        .stack_top_i       (`MGMT_FW_BASE + FW_BYTES),
        .stack_log2_i      (5'd12),
        .smem_bytes_i      (32'd0),     // no shared memory (SMEM_BYTES 0)
        .smem_stride_i     (32'd0),
        .launch_valid_i    (seq_q == Q_LAUNCH),
        .launch_ready_o    (launch_ready),
        .launch_block_id_i (32'd0),
        .launch_nthreads_i (32'd1),
        .launch_nwarps_i   (2'd1),
        .fault_o           (fault),
        .fault_cause_o     (fault_cause),
        .fault_pc_o        (fault_pc),
        .fault_addr_o      (fault_addr),
        .fault_warp_o      (fault_warp),
        .fault_lane_o      (fault_lane),
        .idle_o            (core_idle),
        .ic_req_valid_o    (p_valid[0]),
        .ic_req_ready_i    (p_ready[0]),
        .ic_req_o          (p_req[REQ_W-1:0]),
        .ic_rsp_valid_i    (p_rsp_valid[0]),
        .ic_rsp_data_i     (p_rsp_data),
        .dc_req_valid_o    (p_valid[1]),
        .dc_req_ready_i    (p_ready[1]),
        .dc_req_o          (p_req[2*REQ_W-1:REQ_W]),
        .dc_rsp_valid_i    (p_rsp_valid[1]),
        .dc_rsp_data_i     (p_rsp_data),
        .det_armed_i       (1'b0),
        .det_evt_valid_o   (det_valid),
        .det_evt_ready_i   (1'b1),
        .det_evt_data_o    (det_data),
        .det_evt_last_o    (det_last),
        .det_idle_o        (det_idle),
        .det_stall_o       (det_stall),
        .det_sh_acc_o      (det_sh_acc),
        .det_sh_sync_o     (det_sh_sync),
        .det_pc_base_i     (32'd0),
        .det_shr_valid_o   (det_shr_valid),
        .det_shr_ready_i   (1'b0),
        .det_shr_data_o    (det_shr_data),
        // no L2 write notices: without the detector the L1 keeps no stale bits
        .wn_valid_i        (1'b0),
        .wn_addr_i         (32'd0),
        .wn_any_i          ({(LINE_BYTES/4){1'b0}}),
        .wn_full_i         ({(LINE_BYTES/4){1'b0}}),
        .wn_rid_i          (1'b0),
        .perf_sel_i        (5'd0),
        .perf_o            (perf)
    );

    gpu_l2_arb #(
        .NUM_PORTS  (2),
        .LINE_BYTES (LINE_BYTES),
        .RID_W      (1)
    ) u_arb (
        .clk_i          (clk_i),
        .rst_i          (core_rst),
        .req_valid_i    (p_valid),
        .req_ready_o    (p_ready),
        .req_i          (p_req),
        .rsp_valid_o    (p_rsp_valid),
        .rsp_data_o     (p_rsp_data),
        .l2_req_valid_o (b_valid),
        .l2_req_ready_i (b_ready),
        .l2_req_o       (b_req),
        .l2_rsp_valid_i (b_rsp_valid),
        .l2_rsp_data_i  (b_rsp_data)
    );

    // The bus keeps running across a restart of the core: each request it
    // holds ends by itself (memory answers in a cycle, the TX FIFO drains)
    // and the UART FIFOs keep their bytes.
    soc_mgmt_bus #(
        .LINE_BYTES (LINE_BYTES),
        .MEM_BYTES  (MEM_BYTES),
        .FW_BYTES   (FW_BYTES),
        .CLK_HZ     (CLK_HZ),
        .RX_DEPTH   (`MGMT_IO_RXFIFO_BYTES)
    ) u_bus (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .req_valid_i     (b_valid),
        .req_ready_o     (b_ready),
        .req_i           (b_req),
        .rsp_valid_o     (b_rsp_valid),
        .rsp_data_o      (b_rsp_data),
        .rx_valid_i      (rx_valid_i),
        .rx_data_i       (rx_data_i),
        .rx_ferr_i       (rx_ferr_i),
        .tx_valid_o      (tx_valid_o),
        .tx_ready_i      (tx_ready_i),
        .tx_data_o       (tx_data_o),
        .ctl_req_o       (ctl_req_o),
        .ctl_we_o        (ctl_we_o),
        .ctl_addr_o      (ctl_addr_o),
        .ctl_wdata_o     (ctl_wdata_o),
        .ctl_rdata_i     (ctl_rdata_i),
        .mem_req_o       (mem_req_o),
        .mem_we_o        (mem_we_o),
        .mem_addr_o      (mem_addr_o),
        .mem_wdata_o     (mem_wdata_o),
        .mem_wstrb_o     (mem_wstrb_o),
        .mem_gnt_i       (mem_gnt_i),
        .mem_rsp_valid_i (mem_rsp_valid_i),
        .mem_rdata_i     (mem_rdata_i),
        .boots_i         ({8'd0, last_cause_q, boots_q}),
        .leds_o          (leds_o),
        .served_o        (served_o),
        .idle_o          (idle_o)
    );

    wire unused = &{1'b0, fault_pc, fault_addr,
                    fault_warp, fault_lane, perf, det_valid, det_last, det_idle, det_stall, det_sh_acc, det_sh_sync,
                    det_data, det_shr_valid, det_shr_data};
endmodule
`default_nettype wire
