// Threadblock dispatcher: walks the grid's blocks in linear order and hands
// each to the next core, round robin, that has room for the whole block.
`default_nettype none

module gpu_dispatcher #(
    parameter NUM_CORES = 4,
    parameter NUM_WARPS = 4,
    // derived, do not override
    parameter WW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter CW = (NUM_CORES > 1) ? $clog2(NUM_CORES) : 1
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    input  wire                 start_i,       // one cycle, with the sizes below valid
    input  wire [31:0]          nblocks_i,
    input  wire [WW:0]          nwarps_i,      // warps per block
    output reg  [NUM_CORES-1:0] launch_valid_o,
    input  wire [NUM_CORES-1:0] launch_ready_i,
    output wire [31:0]          launch_block_id_o,
    output wire [WW:0]          launch_nwarps_o,
    output wire                 done_o         // every block handed out
);
    reg [31:0] next_q, total_q;
    reg [WW:0] nwarps_q;
    reg [CW-1:0] rr_q;
    reg          active_q;

    // First ready core after the last one served.
    localparam integer  LAST = NUM_CORES - 1;
    localparam [CW-1:0] LAST_CORE = LAST[CW-1:0];
    wire         found;
    wire [CW-1:0] target;
    prim_rr_pick #(.N(NUM_CORES)) u_pick (
        .req_i  (launch_ready_i),
        .last_i (rr_q),
        .any_o  (found),
        .idx_o  (target)
    );
    always @(*) begin
        launch_valid_o = 0;
        if (active_q && found) launch_valid_o[target] = 1'b1;
    end

    assign launch_block_id_o = next_q;
    assign launch_nwarps_o   = nwarps_q;
    assign done_o            = !active_q;

    always @(posedge clk_i) begin
        if (rst_i) begin
            active_q <= 1'b0;
            next_q   <= 32'd0;
            total_q  <= 32'd0;
            nwarps_q <= 0;
            rr_q     <= LAST_CORE;  // so block 0 goes to core 0
        end else if (start_i) begin
            active_q <= 1'b1;
            next_q   <= 32'd0;
            total_q  <= nblocks_i;
            nwarps_q <= nwarps_i;
            rr_q     <= LAST_CORE;
        end else if (active_q && found) begin
            rr_q   <= target;
            next_q <= next_q + 32'd1;
            if (next_q + 32'd1 == total_q) active_q <= 1'b0;
        end
    end
endmodule
`default_nettype wire
