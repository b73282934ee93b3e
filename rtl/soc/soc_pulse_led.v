// Stretches one-cycle events to about 2^CNT_W cycles so a LED shows them.
`default_nettype none

module soc_pulse_led #(
    parameter CNT_W = 22
) (
    input  wire clk_i,
    input  wire pulse_i,
    output wire led_o
);
    reg [CNT_W-1:0] cnt_q = {CNT_W{1'b0}};
    always @(posedge clk_i)
        if (pulse_i) cnt_q <= {CNT_W{1'b1}};
        else if (cnt_q != 0) cnt_q <= cnt_q - 1'b1;
    assign led_o = cnt_q != 0;
endmodule
`default_nettype wire
