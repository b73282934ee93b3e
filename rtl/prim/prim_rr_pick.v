// Round-robin pick among N requesters: the lowest one above the requester
// served last, else the lowest one (the first in the circular order that
// starts after last_i). Combinational: the user keeps last_i, because
// when a pick counts as served differs (an accepted request, the end of a
// burst, a launch).
`default_nettype none

module prim_rr_pick #(
    parameter N  = 4,
    // derived, do not override
    parameter IW = (N > 1) ? $clog2(N) : 1
) (
    input  wire [N-1:0]  req_i,
    input  wire [IW-1:0] last_i,   // the requester served last, below N
    output reg           any_o,
    output reg  [IW-1:0] idx_o     // 0 when nobody requests
);
    reg [IW-1:0] hi, lo;
    reg          any_hi;
    integer      k;
    always @(*) begin
        hi     = {IW{1'b0}};
        lo     = {IW{1'b0}};
        any_hi = 1'b0;
        any_o  = 1'b0;
        for (k = N - 1; k >= 0; k = k - 1)
            if (req_i[k]) begin
                lo    = IW'(k);
                any_o = 1'b1;
                if (IW'(k) > last_i) begin
                    hi     = IW'(k);
                    any_hi = 1'b1;
                end
            end
        idx_o = any_hi ? hi : lo;
    end
endmodule
`default_nettype wire
