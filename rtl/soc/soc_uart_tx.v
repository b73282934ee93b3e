// UART transmitter, 8N1, LSB first; valid/ready byte input.
`default_nettype none

module soc_uart_tx #(
    parameter CLKS_PER_BIT = 40
) (
    input  wire       clk_i,
    input  wire       rst_i,
    input  wire       valid_i,
    output wire       ready_o,
    input  wire [7:0] data_i,
    output reg        tx_o
);
    localparam CW = $clog2(CLKS_PER_BIT + 1);

    reg          busy_q;
    reg [CW-1:0] cnt_q;
    reg [3:0]    bit_q;
    reg [8:0]    shift_q;   // data then the stop bit

    assign ready_o = !busy_q;

    always @(posedge clk_i) begin
        if (rst_i) begin
            tx_o    <= 1'b1;
            busy_q  <= 1'b0;
            cnt_q   <= {CW{1'b0}};
            bit_q   <= 4'd0;
            shift_q <= 9'h1FF;
        end else if (!busy_q) begin
            if (valid_i) begin
                busy_q  <= 1'b1;
                tx_o    <= 1'b0;   // start bit
                shift_q <= {1'b1, data_i};
                cnt_q   <= CW'(CLKS_PER_BIT - 1);
                bit_q   <= 4'd0;
            end
        end else if (cnt_q != 0) begin
            cnt_q <= cnt_q - 1'b1;
        end else if (bit_q == 4'd9) begin
            busy_q <= 1'b0;        // stop bit lasted a whole bit time
        end else begin
            tx_o    <= shift_q[0];
            shift_q <= {1'b1, shift_q[8:1]};
            bit_q   <= bit_q + 4'd1;
            cnt_q   <= CW'(CLKS_PER_BIT - 1);
        end
    end
endmodule
`default_nettype wire
