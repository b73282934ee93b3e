// Reset for a board: held while the clock is not yet good (PLL not locked)
// or the button is pressed, and for 2^CNT_W cycles after both clear, so the
// GPU and the link start from a known state. The button is asynchronous to
// the clock and is synchronised first.
`default_nettype none

module soc_reset #(
    parameter CNT_W = 16
) (
    input  wire clk_i,
    input  wire clk_good_i,
    input  wire button_i,     // active high
    output wire rst_o
);
    reg [1:0]       btn_q;
    reg [CNT_W:0]   cnt_q = {(CNT_W + 1){1'b0}};

    always @(posedge clk_i) begin
        btn_q <= {btn_q[0], button_i};
        if (!clk_good_i || btn_q[1]) cnt_q <= {(CNT_W + 1){1'b0}};
        else if (!cnt_q[CNT_W]) cnt_q <= cnt_q + 1'b1;
    end
    assign rst_o = !cnt_q[CNT_W];
endmodule
`default_nettype wire
