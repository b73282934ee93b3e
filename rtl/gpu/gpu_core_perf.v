// A core's performance counters (PERF_* of config/regmap.def): which of
// the core's events each counter counts, and the counters themselves
// (gpu_perf_counters). The counter selected is read out, so the GPU never
// carries every counter of every core.
`default_nettype none
`include "scord_defs.vh"

module gpu_core_perf #(
    parameter NUM_THREADS = 8,
    parameter NPERF       = 24,
    // derived, do not override
    parameter T = NUM_THREADS
) (
    input  wire         clk_i,
    input  wire         clear_i,
    input  wire [4:0]   sel_i,
    output wire [31:0]  val_o,
    // X
    input  wire         x_commit_i,
    input  wire [T-1:0] x_mask_i,
    input  wire         x_stall_i,      // X holds an instruction it replays
    input  wire         w_sync_i,       // a warp sync took place
    // F: why nothing issues, {barrier, memory, fetch, write-back, idle}
    input  wire [4:0]   stall_i,
    // the units
    input  wire         ic_hit_i,
    input  wire         ic_miss_i,
    input  wire         load_i,
    input  wire         store_i,
    input  wire         atomic_i,
    input  wire         l1_hit_i,
    input  wire         l1_miss_i,
    input  wire         smem_acc_i,
    input  wire         smem_cf_i
);
    reg [7:0] x_popcount;
    integer   t_pop;
    always @(*) begin
        x_popcount = 8'd0;
        for (t_pop = 0; t_pop < T; t_pop = t_pop + 1) x_popcount = x_popcount + {7'd0, x_mask_i[t_pop]};
    end
    // each counter's increment, and whether it counts this cycle (a counter
    // counts up by at most T); the increments are known early, the enables
    // late (most come from X's commit)
    localparam PSW = $clog2(T + 1);
    reg [NPERF*PSW-1:0] perf_inc;
    reg [NPERF-1:0]     perf_en;
    always @(*) begin
        perf_inc = {NPERF{PSW'(1)}};
        perf_inc[`PERF_THREAD_INSTRS*PSW +: PSW] = PSW'(x_popcount);
        perf_en  = {NPERF{1'b0}};
        perf_en[`PERF_INSTRS]         = x_commit_i;
        perf_en[`PERF_THREAD_INSTRS]  = x_commit_i;
        perf_en[`PERF_SMEM_ACCESSES]  = smem_acc_i;
        perf_en[`PERF_SMEM_CONFLICTS] = smem_cf_i;
        perf_en[`PERF_WARP_SYNCS]     = w_sync_i;
        perf_en[`PERF_LOADS]          = load_i;
        perf_en[`PERF_STORES]         = store_i;
        perf_en[`PERF_ATOMICS]        = atomic_i;
        perf_en[`PERF_L1D_HITS]       = l1_hit_i;
        perf_en[`PERF_L1D_MISSES]     = l1_miss_i;
        perf_en[`PERF_L1I_HITS]       = ic_hit_i;
        perf_en[`PERF_L1I_MISSES]     = ic_miss_i;
        perf_en[`PERF_STALL_REPLAY]   = x_stall_i;
        perf_en[`PERF_IDLE]           = stall_i[0];
        perf_en[`PERF_STALL_WB]       = stall_i[1];
        perf_en[`PERF_STALL_FETCH]    = stall_i[2];
        perf_en[`PERF_STALL_MEM]      = stall_i[3];
        perf_en[`PERF_STALL_BAR]      = stall_i[4];
    end
    gpu_perf_counters #(
        .N    (NPERF),
        .STEP (T)
    ) u_perf (
        .clk_i   (clk_i),
        .clear_i (clear_i),
        .inc_i   (perf_inc),
        .en_i    (perf_en),
        .sel_i   (sel_i),
        .val_o   (val_o)
    );
endmodule
`default_nettype wire
