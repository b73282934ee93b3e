// Priority pick: the lowest set bit of req_i, as an index and alone in a
// vector, and whether there is one (the index is 0 and the vector empty
// when there is none).
`default_nettype none

module prim_first_one #(
    parameter N  = 4,
    // derived, do not override
    parameter IW = (N > 1) ? $clog2(N) : 1
) (
    input  wire [N-1:0]  req_i,
    output reg           any_o,
    output reg  [IW-1:0] idx_o,
    output reg  [N-1:0]  onehot_o
);
    integer k;
    always @(*) begin
        any_o    = 1'b0;
        idx_o    = {IW{1'b0}};
        onehot_o = {N{1'b0}};
        for (k = N - 1; k >= 0; k = k - 1)
            if (req_i[k]) begin
                any_o    = 1'b1;
                idx_o    = IW'(k);
                onehot_o = N'(1) << k;
            end
    end
endmodule
`default_nettype wire
