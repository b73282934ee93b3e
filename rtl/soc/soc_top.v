// The board-independent SoC: the GPU (gpu_top with the race detector), its
// device memory in block RAM, and the host link: the UART and the
// management core (soc_mgmt) whose firmware speaks the framed protocol of
// docs/hostlink.md and reaches the GPU's control registers and the memory.
// A board top adds the clock, the reset and the pins.
`default_nettype none
`include "scord_defs.vh"

module soc_top #(
    parameter CLKS_PER_BIT = 40,       // clock / baud of the host UART
    parameter CLK_HZ       = 30000000, // the clock, for the firmware's timeouts
    parameter LINE_BYTES   = `GPU_LINE_BYTES,
    parameter MEM_BYTES    = `GPU_MEM_BYTES  // device memory (the firmware RAM is extra)
) (
    input  wire clk_i,
    input  wire rst_i,
    input  wire uart_rx_i,
    output wire uart_tx_o,
    output wire gpu_busy_o,
    output wire fw_running_o, // the firmware runs (not being restarted)
    output wire served_o,     // one cycle per host frame served
    output wire test_ok_o,    // the boot self-test passed
    output wire test_bad_o,   // the boot self-test failed
    output wire fw_idle_o     // the firmware waits for the host (simulation)
);
    localparam LINE_BITS = LINE_BYTES * 8;

    wire                  ctl_req, ctl_we;
    wire [7:0]            ctl_addr;
    wire [31:0]           ctl_wdata, ctl_rdata;
    wire                  g_valid, g_ready, g_we, g_rsp_valid;
    wire [31:0]           g_addr;
    wire [LINE_BITS-1:0]  g_wdata, g_rdata;
    wire [LINE_BYTES-1:0] g_wstrb;
    wire                  h_req, h_we, h_gnt, h_rsp_valid;
    wire [31:0]           h_addr;
    wire [LINE_BITS-1:0]  h_wdata, h_rdata;
    wire [LINE_BYTES-1:0] h_wstrb;
    wire                  rx_ferr;
    wire [1:0]            leds;
    wire                  m_req, m_we;
    wire [31:0]           m_addr;
    wire [LINE_BITS-1:0]  m_wdata, m_rdata;
    wire [LINE_BYTES-1:0] m_wstrb;
    wire                  rx_valid, tx_valid, tx_ready;
    wire [7:0]            rx_data, tx_data;

    // No parameter override: the FPGA flow sets gpu_top's DETECTOR with
    // chparam, and the board-top check blackboxes gpu_top by name.
    gpu_top u_gpu (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .ctl_req_i       (ctl_req),
        .ctl_we_i        (ctl_we),
        .ctl_addr_i      (ctl_addr),
        .ctl_wdata_i     (ctl_wdata),
        .ctl_rdata_o     (ctl_rdata),
        .mem_req_valid_o (g_valid),
        .mem_req_ready_i (g_ready),
        .mem_req_we_o    (g_we),
        .mem_req_addr_o  (g_addr),
        .mem_req_wdata_o (g_wdata),
        .mem_req_wstrb_o (g_wstrb),
        .mem_rsp_valid_i (g_rsp_valid),
        .mem_rsp_rdata_i (g_rdata),
        .busy_o          (gpu_busy_o)
    );

    soc_mem_arb #(
        .LINE_BYTES (LINE_BYTES)
    ) u_arb (
        .clk_i            (clk_i),
        .rst_i            (rst_i),
        .gpu_req_valid_i  (g_valid),
        .gpu_req_ready_o  (g_ready),
        .gpu_req_we_i     (g_we),
        .gpu_req_addr_i   (g_addr),
        .gpu_req_wdata_i  (g_wdata),
        .gpu_req_wstrb_i  (g_wstrb),
        .gpu_rsp_valid_o  (g_rsp_valid),
        .gpu_rsp_rdata_o  (g_rdata),
        .host_req_i       (h_req),
        .host_we_i        (h_we),
        .host_addr_i      (h_addr),
        .host_wdata_i     (h_wdata),
        .host_wstrb_i     (h_wstrb),
        .host_gnt_o       (h_gnt),
        .host_rsp_valid_o (h_rsp_valid),
        .host_rsp_rdata_o (h_rdata),
        .mem_req_o        (m_req),
        .mem_we_o         (m_we),
        .mem_addr_o       (m_addr),
        .mem_wdata_o      (m_wdata),
        .mem_wstrb_o      (m_wstrb),
        .mem_rdata_i      (m_rdata)
    );

    soc_mem #(
        .MEM_BYTES  (MEM_BYTES + `MGMT_FW_BYTES),
        .FW_OFFSET  (MEM_BYTES),
        .LINE_BYTES (LINE_BYTES)
    ) u_mem (
        .clk_i   (clk_i),
        .req_i   (m_req),
        .we_i    (m_we),
        .addr_i  (m_addr),
        .wdata_i (m_wdata),
        .wstrb_i (m_wstrb),
        .rdata_o (m_rdata)
    );

    soc_uart_rx #(
        .CLKS_PER_BIT (CLKS_PER_BIT)
    ) u_rx (
        .clk_i   (clk_i),
        .rst_i   (rst_i),
        .rx_i    (uart_rx_i),
        .valid_o (rx_valid),
        .data_o  (rx_data),
        .ferr_o  (rx_ferr)
    );

    soc_uart_tx #(
        .CLKS_PER_BIT (CLKS_PER_BIT)
    ) u_tx (
        .clk_i   (clk_i),
        .rst_i   (rst_i),
        .valid_i (tx_valid),
        .ready_o (tx_ready),
        .data_i  (tx_data),
        .tx_o    (uart_tx_o)
    );

    soc_mgmt #(
        .LINE_BYTES (LINE_BYTES),
        .MEM_BYTES  (MEM_BYTES),
        .CLK_HZ     (CLK_HZ)
    ) u_mgmt (
        .clk_i           (clk_i),
        .rst_i           (rst_i),
        .rx_valid_i      (rx_valid),
        .rx_data_i       (rx_data),
        .rx_ferr_i       (rx_ferr),
        .tx_valid_o      (tx_valid),
        .tx_ready_i      (tx_ready),
        .tx_data_o       (tx_data),
        .ctl_req_o       (ctl_req),
        .ctl_we_o        (ctl_we),
        .ctl_addr_o      (ctl_addr),
        .ctl_wdata_o     (ctl_wdata),
        .ctl_rdata_i     (ctl_rdata),
        .mem_req_o       (h_req),
        .mem_we_o        (h_we),
        .mem_addr_o      (h_addr),
        .mem_wdata_o     (h_wdata),
        .mem_wstrb_o     (h_wstrb),
        .mem_gnt_i       (h_gnt),
        .mem_rsp_valid_i (h_rsp_valid),
        .mem_rdata_i     (h_rdata),
        .leds_o          (leds),
        .served_o        (served_o),
        .running_o       (fw_running_o),
        .idle_o          (fw_idle_o)
    );
    assign test_ok_o  = leds[0];
    assign test_bad_o = leds[1];
endmodule
`default_nettype wire
