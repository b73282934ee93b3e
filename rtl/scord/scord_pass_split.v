// Cuts the line event at the queue head (docs/detector.md §3.1: the lead
// lane's 160-bit lane event, the group's lane mask, each lane's byte
// offset in the line) into passes of the detector's checks (§1.1). A
// pass is the longest run of the remaining lanes, in ascending lane order,
// whose granules all differ and lie in the lead's chunk of S granules (a
// granule's slot is its index mod S): each granule then sees its lanes
// in lane order, one per pass, and the records come out in lane order, as
// if every lane were checked alone. A lane on a granule an earlier lane of
// the pass took follows that lane in the same pass when checking it after
// the earlier one can neither report nor change more than the entry's lane
// and bytes (§1.1: loads and atomics, and stores at granules coarser than a
// word, all one warp instruction): a broadcast load is one pass. Where
// wide_i is low (a sync event, a line the detector cannot take at once) a
// pass is one lane. The queue is popped with the last pass; the first pass
// of each line event says so (out_first_o: the checks keep which granules
// the event's lanes updated, §5.3).
`include "scord_defs.vh"
`default_nettype none

module scord_pass_split #(
    parameter NUM_THREADS = 8,
    parameter LINE_BYTES  = 32,
    parameter S           = LINE_BYTES / 4,      // slots: a power of two up to a line's granules
    // derived, do not override
    parameter T     = NUM_THREADS,
    parameter LW    = (NUM_THREADS > 1) ? $clog2(NUM_THREADS) : 1,
    parameter OFF_W = $clog2(LINE_BYTES),
    parameter EVW   = `DET_LINE_EVW(T, LINE_BYTES)
) (
    input  wire           clk_i,
    input  wire           rst_i,
    input  wire [1:0]     gcode_i,     // granule 4 << gcode_i bytes
    input  wire           wide_i,      // the head's lanes may share a pass
    // the queue head
    input  wire           in_valid_i,
    input  wire [EVW-1:0] in_data_i,
    output wire           in_pop_o,
    // one pass: the lead lane's event (its lane and address), the lanes
    output wire           out_valid_o,
    output wire [159:0]   out_data_o,
    output reg  [T-1:0]   out_mask_o,
    output wire           out_first_o,  // the head event's first pass
    input  wire           out_pop_i
);
    wire [T-1:0]       mask = in_data_i[160 +: T];
    // a store's lanes on one word are an intra-warp race to check lane by lane
    wire follow = wide_i && (in_data_i[123:122] != `DET_EV_STORE || gcode_i != 2'd0);
    wire [T*OFF_W-1:0] offs = in_data_i[160 + T +: T * OFF_W];

    reg [T-1:0] left_q;     // lanes of the head event not yet checked
    reg         started_q;  // left_q belongs to the head event
    wire [T-1:0] left = started_q ? left_q : mask;

    // each lane's slot (its granule mod S) and chunk (its granule / S).
    // Chunks exist only with more than one slot and fewer than a line's
    // granules; elsewhere none of their logic is built (with one slot a
    // pass is one lane; Yosys left 4 000 LUT4 of it in the fpga GPU).
    localparam integer SL2     = $clog2(S);
    localparam         CHUNKED = (S > 1) && (S < LINE_BYTES / 4);
    function [S-1:0] gran_bit(input [OFF_W-1:0] off, input [1:0] gc);
        gran_bit = S'(1) << ((off >> (2 + gc)) & OFF_W'(S - 1));
    endfunction

    wire [LW-1:0] lead;         // the lowest lane left
    wire          unused_lead_any;
    wire [T-1:0]  unused_lead_bit;
    prim_first_one #(.N(T)) u_lead (
        .req_i    (left),
        .any_o    (unused_lead_any),
        .idx_o    (lead),
        .onehot_o (unused_lead_bit)
    );
    wire [T-1:0] other_chunk;   // lane t is not in the lead's chunk
    generate
        if (CHUNKED) begin : g_chunk
            reg [T-1:0] oc;
            integer u;
            always @(*)
                for (u = 0; u < T; u = u + 1)
                    oc[u] = (offs[u*OFF_W +: OFF_W] >> (2 + SL2 + {30'd0, gcode_i})) !=
                            (offs[lead*OFF_W +: OFF_W] >> (2 + SL2 + {30'd0, gcode_i}));
            assign other_chunk = oc;
        end else begin : g_line
            assign other_chunk = {T{1'b0}};
        end
    endgenerate
    reg [S-1:0]  used;
    reg          stop;
    integer t;
    always @(*) begin
        out_mask_o = {T{1'b0}};
        used       = {S{1'b0}};
        stop       = 1'b0;
        for (t = 0; t < T; t = t + 1)
            if (left[t] && !stop) begin
                if (((used & gran_bit(offs[t*OFF_W +: OFF_W], gcode_i)) != {S{1'b0}} && !follow) ||
                    other_chunk[t] ||
                    (!wide_i && out_mask_o != {T{1'b0}})) begin
                    stop = 1'b1;
                end else begin
                    out_mask_o[t] = 1'b1;
                    used = used | gran_bit(offs[t*OFF_W +: OFF_W], gcode_i);
                end
            end
    end

    wire [31:0] line = in_data_i[63:32];
    wire [31:0] addr = {line[31:OFF_W], offs[lead*OFF_W +: OFF_W]};
    wire last = ((left & ~out_mask_o) == {T{1'b0}});
    // the lead's lane number and in-line offset are in mask and offsets too
    wire unused_lead = ^{in_data_i[121:117], line[OFF_W-1:0]};
    // (the stale lanes reach P2 from the queue head, through P0: scord_pass_decode)
    wire unused_stale = ^in_data_i[EVW-1:160 + T + T * OFF_W];
    // An event with no lane (the cores send none) would block the queue: drop it.
    wire drop = in_valid_i && (left == {T{1'b0}});

    assign out_valid_o = in_valid_i && !drop;
    assign out_data_o  = {in_data_i[159:122], {{(5-LW){1'b0}}, lead}, in_data_i[116:64], addr,
                          in_data_i[31:0]};
    assign in_pop_o    = (out_valid_o && out_pop_i && last) || drop;
    assign out_first_o = !started_q;

    always @(posedge clk_i) begin
        if (rst_i) begin
            started_q <= 1'b0;
        end else if (in_pop_o) begin
            started_q <= 1'b0;
        end else if (out_valid_o && out_pop_i) begin
            left_q    <= left & ~out_mask_o;
            started_q <= 1'b1;
        end
    end
endmodule
`default_nettype wire
