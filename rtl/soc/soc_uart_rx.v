// UART receiver, 8N1, LSB first. The line is synchronised first because it
// comes from another chip's clock. A byte whose stop bit is low is dropped
// (framing error): the frame layer above resynchronises on its own.
`default_nettype none

module soc_uart_rx #(
    parameter CLKS_PER_BIT = 40   // clock / baud, at least 4
) (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire       rx_i,
    output reg        valid_o,    // one cycle per received byte
    output reg  [7:0] data_o,
    output reg        ferr_o      // one cycle per byte dropped for its stop bit
);
    localparam CW = $clog2(CLKS_PER_BIT + 1);

    reg        rx_meta_q, rx_q;
    reg        busy_q;
    reg [CW-1:0] cnt_q;
    reg [3:0]  bit_q;       // 0 start, 1..8 data, 9 stop
    reg [7:0]  shift_q;

    always @(posedge clk_i) begin
        rx_meta_q <= rx_i;
        rx_q      <= rx_meta_q;
        valid_o   <= 1'b0;
        ferr_o    <= 1'b0;
        if (rst_i) begin
            rx_meta_q <= 1'b1;
            rx_q      <= 1'b1;
            busy_q    <= 1'b0;
            cnt_q     <= {CW{1'b0}};
            bit_q     <= 4'd0;
            data_o    <= 8'd0;
            shift_q   <= 8'd0;
        end else if (!busy_q) begin
            if (!rx_q) begin
                // sample in the middle of each bit from here on
                busy_q <= 1'b1;
                bit_q  <= 4'd0;
                cnt_q  <= CW'(CLKS_PER_BIT / 2);
            end
        end else if (cnt_q != 0) begin
            cnt_q <= cnt_q - 1'b1;
        end else begin
            cnt_q <= CW'(CLKS_PER_BIT - 1);
            bit_q <= bit_q + 4'd1;
            if (bit_q == 4'd0) begin
                if (rx_q) busy_q <= 1'b0;   // glitch, not a start bit
            end else if (bit_q == 4'd9) begin
                busy_q <= 1'b0;
                if (rx_q) begin
                    valid_o <= 1'b1;
                    data_o  <= shift_q;
                end else begin
                    ferr_o  <= 1'b1;
                end
            end else begin
                shift_q <= {rx_q, shift_q[7:1]};
            end
        end
    end
endmodule
`default_nettype wire
