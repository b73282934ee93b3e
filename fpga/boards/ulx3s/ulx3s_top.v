// ULX3S board top: the 25 MHz oscillator through the PLL to the SoC clock,
// reset from PLL lock and the FIRE1 button, the SoC's host UART on the
// FT231X USB serial pins, status on the eight LEDs.
`default_nettype none

module ulx3s_top #(
    // set by the FPGA flow (tools/ecp5_pll.py); these give the board's
    // default 45 MHz (25 MHz / 5 * 9 = 45 MHz, VCO 585 MHz)
    parameter CLKI_DIV     = 5,
    parameter CLKFB_DIV    = 9,
    parameter CLKOP_DIV    = 13,
    parameter CLKOP_CPHASE = 12,
    parameter CLKS_PER_BIT = 45,     // SoC clock / UART baud
    parameter CLK_HZ       = 45000000
) (
    input  wire       clk_25mhz,
    input  wire [6:0] btn,        // [1] FIRE1 resets the SoC
    input  wire       ftdi_txd,   // FT231X -> FPGA
    output wire       ftdi_rxd,   // FPGA -> FT231X
    output wire [7:0] led,
    output wire       wifi_gpio0  // high: the ESP32 leaves the FPGA alone
);
    wire clk, locked, rst;
    wire gpu_busy, fw_running, served, test_ok, test_bad, fw_idle;

    ecp5_pll #(
        .CLKI_DIV     (CLKI_DIV),
        .CLKFB_DIV    (CLKFB_DIV),
        .CLKOP_DIV    (CLKOP_DIV),
        .CLKOP_CPHASE (CLKOP_CPHASE)
    ) u_pll (
        .clk_i    (clk_25mhz),
        .clk_o    (clk),
        .locked_o (locked)
    );

    soc_reset u_reset (
        .clk_i      (clk),
        .clk_good_i (locked),
        .button_i   (btn[1]),
        .rst_o      (rst)
    );

    soc_top #(
        .CLKS_PER_BIT (CLKS_PER_BIT),
        .CLK_HZ       (CLK_HZ)
    ) u_soc (
        .clk_i      (clk),
        .rst_i      (rst),
        .uart_rx_i  (ftdi_txd),
        .uart_tx_o  (ftdi_rxd),
        .gpu_busy_o   (gpu_busy),
        .fw_running_o (fw_running),
        .served_o     (served),
        .test_ok_o    (test_ok),
        .test_bad_o   (test_bad),
        .fw_idle_o    (fw_idle)
    );

    // blinks (about 1.3 Hz at 45 MHz): the SoC clock runs
    reg [25:0] beat_q = 26'd0;
    always @(posedge clk) beat_q <= beat_q + 26'd1;

    soc_pulse_led u_led_served (.clk_i(clk), .pulse_i(served), .led_o(led[3]));

    // docs/bringup.md explains every LED
    assign led[0]     = beat_q[24];
    assign led[1]     = locked;
    assign led[2]     = gpu_busy;
    assign led[4]     = test_bad;
    assign led[5]     = rst;
    assign led[6]     = test_ok;
    assign led[7]     = fw_running;
    assign wifi_gpio0 = 1'b1;

    wire unused = &{1'b0, btn[6:2], btn[0], beat_q[25], fw_idle};
endmodule
`default_nettype wire
