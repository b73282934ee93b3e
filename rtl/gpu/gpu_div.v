// Iterative divider for a whole warp: DIV, DIVU, REM, REMU on every lane in
// parallel, one quotient bit per cycle (33 cycles). Shared by the warps of a
// core; a warp that finds it busy is replayed by the core. Division by zero
// and signed overflow give the RISC-V results.
`default_nettype none

module gpu_div #(
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    // derived, do not override
    parameter WW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter T  = NUM_THREADS
) (
    input  wire              clk_i,
    input  wire              rst_i,
    input  wire              req_valid_i,
    output wire              req_ready_o,
    input  wire [1:0]        req_op_i,    // funct3[1:0]: 0 div, 1 divu, 2 rem, 3 remu
    input  wire [WW-1:0]     req_warp_i,
    input  wire [4:0]        req_rd_i,
    input  wire [T-1:0]      req_mask_i,
    input  wire [T*32-1:0]   req_a_i,
    input  wire [T*32-1:0]   req_b_i,
    output wire              wb_valid_o,
    input  wire              wb_ready_i,
    output wire [WW-1:0]     wb_warp_o,
    output wire [4:0]        wb_rd_o,
    output wire [T-1:0]      wb_mask_o,
    output wire [T*32-1:0]   wb_data_o
);
    localparam [1:0] S_IDLE = 2'd0, S_RUN = 2'd1, S_DONE = 2'd2;
    reg [1:0]      state_q;
    reg [5:0]      count_q;
    reg            is_rem_q;
    reg [WW-1:0]   warp_q;
    reg [4:0]      rd_q;
    reg [T-1:0]    mask_q;
    reg [31:0]     quot_q  [0:T-1];  // dividend shifts out, quotient shifts in
    reg [32:0]     rem_q   [0:T-1];
    reg [31:0]     div_q   [0:T-1];  // divisor magnitude
    reg [T-1:0]    neg_q_q, neg_r_q, zero_q;
    reg [31:0]     a_q     [0:T-1];  // original dividend, for division by zero
    reg [T*32-1:0] result;


    assign req_ready_o = (state_q == S_IDLE);
    assign wb_valid_o  = (state_q == S_DONE);
    assign wb_warp_o   = warp_q;
    assign wb_rd_o     = rd_q;
    assign wb_mask_o   = mask_q;
    assign wb_data_o   = result;

    integer t;
    always @(*) begin
        for (t = 0; t < T; t = t + 1) begin
            if (zero_q[t])
                result[t*32 +: 32] = is_rem_q ? a_q[t] : 32'hFFFF_FFFF;
            else if (is_rem_q)
                result[t*32 +: 32] = neg_r_q[t] ? -rem_q[t][31:0] : rem_q[t][31:0];
            else
                result[t*32 +: 32] = neg_q_q[t] ? -quot_q[t] : quot_q[t];
        end
    end

    // Per-lane start values and one restoring-division step, computed
    // combinationally so the clocked block only moves registers.
    reg [31:0] a_in [0:T-1], a_abs [0:T-1], b_abs [0:T-1];
    reg [T-1:0] sa, sb;
    reg [32:0] trial [0:T-1];
    always @(*) begin
        for (t = 0; t < T; t = t + 1) begin
            a_in[t]  = req_a_i[t*32 +: 32];
            sa[t]    = ~req_op_i[0] & req_a_i[t*32 + 31];
            sb[t]    = ~req_op_i[0] & req_b_i[t*32 + 31];
            a_abs[t] = sa[t] ? -req_a_i[t*32 +: 32] : req_a_i[t*32 +: 32];
            b_abs[t] = sb[t] ? -req_b_i[t*32 +: 32] : req_b_i[t*32 +: 32];
            // shift the next dividend bit into the remainder, try the divisor
            trial[t] = {rem_q[t][31:0], quot_q[t][31]} - {1'b0, div_q[t]};
        end
    end

    integer ln;  // not shared with another block: Yosys makes that a flip-flop both drive
    always @(posedge clk_i) begin
        if (rst_i) begin
            state_q <= S_IDLE;
        end else begin
            case (state_q)
                S_IDLE: if (req_valid_i) begin
                    is_rem_q <= req_op_i[1];
                    warp_q   <= req_warp_i;
                    rd_q     <= req_rd_i;
                    mask_q   <= req_mask_i;
                    count_q  <= 6'd0;
                    state_q  <= S_RUN;
                    for (ln = 0; ln < T; ln = ln + 1) begin
                        a_q[ln]     <= a_in[ln];
                        quot_q[ln]  <= a_abs[ln];
                        div_q[ln]   <= b_abs[ln];
                        rem_q[ln]   <= 33'd0;
                        neg_q_q[ln] <= sa[ln] ^ sb[ln];
                        neg_r_q[ln] <= sa[ln];
                        zero_q[ln]  <= (req_b_i[ln*32 +: 32] == 32'd0);
                    end
                end
                S_RUN: begin
                    for (ln = 0; ln < T; ln = ln + 1) begin
                        if (!trial[ln][32]) begin
                            rem_q[ln]  <= trial[ln];
                            quot_q[ln] <= {quot_q[ln][30:0], 1'b1};
                        end else begin
                            rem_q[ln]  <= {rem_q[ln][31:0], quot_q[ln][31]};
                            quot_q[ln] <= {quot_q[ln][30:0], 1'b0};
                        end
                    end
                    count_q <= count_q + 6'd1;
                    if (count_q == 6'd31) state_q <= S_DONE;
                end
                default: if (wb_ready_i) state_q <= S_IDLE;
            endcase
        end
    end
endmodule
`default_nettype wire
