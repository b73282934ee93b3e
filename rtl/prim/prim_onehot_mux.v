// One-hot multiplexer: the OR of the inputs whose select bit is set. With
// one bit set that is its input, with none zero; with several the OR of
// theirs, which is their common value where the user knows them equal.
// An AND-OR, one level of gates per input bit, with no priority chain.
`default_nettype none

module prim_onehot_mux #(
    parameter N = 4,   // inputs
    parameter W = 32   // bits per input
) (
    input  wire [N-1:0]   sel_i,
    input  wire [N*W-1:0] data_i,   // input k at [k*W +: W]
    output reg  [W-1:0]   data_o
);
    integer k;
    always @(*) begin
        data_o = {W{1'b0}};
        for (k = 0; k < N; k = k + 1)
            data_o = data_o | (data_i[k*W +: W] & {W{sel_i[k]}});
    end
endmodule
`default_nettype wire
