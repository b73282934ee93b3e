// Merges the cores' detector line events into the detector's one queue
// input, round robin over cores, one whole instruction at a time: a grant
// holds until the core's last event of that instruction has gone, so the
// events of a warp instruction stay back to back (docs/detector.md section 3.3).
`default_nettype none

module gpu_det_arb #(
    parameter NUM_CORES = 4,
    parameter EVW       = 160,   // event bits
    // derived, do not override
    parameter CW = (NUM_CORES > 1) ? $clog2(NUM_CORES) : 1
) (
    input  wire                   clk_i,
    input  wire                   rst_i,
    input  wire [NUM_CORES-1:0]   evt_valid_i,
    output reg  [NUM_CORES-1:0]   evt_ready_o,
    input  wire [NUM_CORES*EVW-1:0] evt_data_i,
    input  wire [NUM_CORES-1:0]   evt_last_i,
    output wire                   evt_valid_o,
    input  wire                   evt_ready_i,
    output wire [EVW-1:0]         evt_data_o
);
    localparam integer  LAST_I = NUM_CORES - 1;
    localparam [CW-1:0] LAST   = LAST_I[CW-1:0];

    reg  [CW-1:0] owner_q, last_q;
    reg           locked_q;
    wire [CW-1:0] pick;
    wire          found;

    // Next requesting core after the one served last.
    prim_rr_pick #(.N(NUM_CORES)) u_pick (
        .req_i  (evt_valid_i),
        .last_i (last_q),
        .any_o  (found),
        .idx_o  (pick)
    );

    wire [CW-1:0] sel = locked_q ? owner_q : pick;
    wire          any = locked_q || found;
    assign evt_valid_o = any && evt_valid_i[sel];
    assign evt_data_o  = evt_data_i[sel*EVW +: EVW];
    always @(*) begin
        evt_ready_o = 0;
        if (any) evt_ready_o[sel] = evt_ready_i;
    end

    always @(posedge clk_i) begin
        if (rst_i) begin
            locked_q <= 1'b0;
            owner_q  <= 0;
            last_q   <= LAST;
        end else if (evt_valid_o && evt_ready_i) begin
            last_q   <= sel;
            owner_q  <= sel;
            locked_q <= !evt_last_i[sel];
        end
    end
endmodule
`default_nettype wire
