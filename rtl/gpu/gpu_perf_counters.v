// A core's performance counters (docs/architecture.md, CTL_PERF_*): N
// 32-bit counters, each counting up by at most STEP a cycle, read one at a
// time by the host. Read values equal those of N 32-bit registers every
// cycle; the cost does not.
//
// Each counter keeps its LO low bits in flip-flops; the high bits of all of
// them sit in a small RAM (LUT RAM on an FPGA). A carry out of the low bits
// waits in a pending bit, and one pending carry a cycle (the lowest) is
// added into the RAM; a read adds the pending carry, so it sees the
// 32-bit value at once. A counter carries at most once every 2^LO / STEP
// = 64 x 2^SW / STEP cycles, more than the N cycles a carry can wait, so no
// carry is ever pending twice. A clear marks every high part zero (a bit
// each) instead of writing the RAM. 32-bit counters in flip-flops cost a
// 32-bit adder and 32 flip-flops each, about 1 000 LUTs a core on the
// board; the detector's counters (scord_regs) do the same.
//
// A second RAM keeps each high part plus one, so a read picks the high
// part or its successor by the pending bit instead of adding it: the
// host's read (address -> RAM -> carry chain -> read data) was the routed
// critical path of the board without the detector once
// (docs/fpga.md).
`default_nettype none

module gpu_perf_counters #(
    parameter N    = 24,    // counters, at most 32
    parameter STEP = 8,     // the largest increment a cycle
    // derived, do not override
    parameter SW   = $clog2(STEP + 1),
    parameter LO   = 6 + SW,
    parameter HI   = 32 - LO
) (
    input  wire            clk_i,
    input  wire            clear_i,   // every counter to 0; this cycle's increments are dropped
    input  wire [N*SW-1:0] inc_i,     // counter k's increment at [k*SW +: SW] ...
    input  wire [N-1:0]    en_i,      // ... counted if en_i[k]: the increment is added
                                      // before the (late) enable picks the sum
    input  wire [4:0]      sel_i,
    output wire [31:0]     val_o      // counter sel_i (0 above N - 1)
);
    reg  [LO-1:0] lo_q [0:N-1];
    reg  [N-1:0]  pend_q, zero_q;
    reg  [HI-1:0] hi_mem [0:31];
    reg  [HI-1:0] hi1_mem [0:31];     // hi_mem's word + 1
    reg  [N-1:0]  carry, c_sum;
    reg  [LO-1:0] lo_next [0:N-1];
    reg  [LO-1:0] lo_sum;
    integer       k;
    always @(*)
        for (k = 0; k < N; k = k + 1) begin
            {c_sum[k], lo_sum} = {1'b0, lo_q[k]} + (LO+1)'(inc_i[k*SW +: SW]);
            carry[k]   = en_i[k] && c_sum[k];
            lo_next[k] = en_i[k] ? lo_sum : lo_q[k];
        end

    // the lowest pending carry goes into the RAM: its bit isolated by the
    // carry chain (x & -x), then encoded by OR trees. A loop picking the
    // lowest index became a chain of N/4 LUTs in front of the RAM's
    // address and the +1/+2 adders: the routed critical path of the board
    // without the detector once the read had lost its adder.
    wire [N-1:0] low1    = pend_q & (~pend_q + N'(1));
    wire         svc_any = |pend_q;
    reg  [4:0]   svc;
    integer      sb;
    always @(*)
        for (sb = 0; sb < 5; sb = sb + 1) begin
            svc[sb] = 1'b0;
            for (k = 0; k < N; k = k + 1)
                if (k[sb]) svc[sb] = svc[sb] | low1[k];
        end
    wire [HI-1:0] svc_hi = zero_q[svc] ? {HI{1'b0}} : hi_mem[svc];
    always @(posedge clk_i)
        if (svc_any && !clear_i) begin
            hi_mem[svc]  <= svc_hi + HI'(1);
            hi1_mem[svc] <= svc_hi + HI'(2);
        end

    integer c;  // not shared with another block: Yosys makes that a flip-flop both drive
    always @(posedge clk_i) begin
        if (clear_i) begin
            for (c = 0; c < N; c = c + 1)
                lo_q[c] <= {LO{1'b0}};
            pend_q <= {N{1'b0}};
            zero_q <= {N{1'b1}};
        end else begin
            for (c = 0; c < N; c = c + 1)
                lo_q[c] <= lo_next[c];
            pend_q <= (pend_q & ~(svc_any ? (N'(1) << svc) : {N{1'b0}})) | carry;
            if (svc_any) zero_q[svc] <= 1'b0;
        end
    end

    wire          in_range = ({27'd0, sel_i} < N);
    wire [4:0]    rd       = in_range ? sel_i : 5'd0;
    wire [HI-1:0] rd_hi    = zero_q[rd] ? HI'(pend_q[rd]) : pend_q[rd] ? hi1_mem[rd] : hi_mem[rd];
    assign val_o = in_range ? {rd_hi, lo_q[rd]} : 32'd0;
endmodule
`default_nettype wire
