// Where the lanes of one pass of the checks (scord_pass_split) go: each
// lane's metadata entry is the pass's first entry plus its granule in the
// line (its slot; 0 when the configuration takes one lane a pass, see
// scord_top). Lanes sharing a slot (a lane following another, see
// scord_pass_split) are checked as the first of them and leave the entry
// as the last of them wrote it. Pure logic: P0 works it out, the later
// stages carry the result.
`default_nettype none

module scord_pass_slots #(
    parameter NUM_THREADS = 8,
    parameter LINE_BYTES  = 32,
    parameter S           = LINE_BYTES / 4,      // slots: a power of two up to a line's granules
    // derived, do not override
    parameter T     = NUM_THREADS,
    parameter LW    = (NUM_THREADS > 1) ? $clog2(NUM_THREADS) : 1,
    parameter OFF_W = $clog2(LINE_BYTES),
    parameter SW    = (S > 1) ? $clog2(S) : 1
) (
    input  wire [T-1:0]       mask_i,
    input  wire [T*OFF_W-1:0] offs_i,
    input  wire               slotted_i,   // 0: every lane at slot 0
    input  wire [1:0]         gcode_i,
    output reg  [S-1:0]       valid_o,     // slot s has a lane
    output reg  [S*LW-1:0]    lane_o,      // and which: the first
    output reg  [S*LW-1:0]    last_o,      // the last (lane_o if it is alone)
    output reg  [T*SW-1:0]    slot_o       // lane t's slot
);
    // (a granule index in the line fits SW bits)
    reg [OFF_W-1:0] g;
    integer t;
    always @(*) begin
        valid_o = {S{1'b0}};
        lane_o  = {(S*LW){1'b0}};
        last_o  = {(S*LW){1'b0}};
        slot_o  = {(T*SW){1'b0}};
        for (t = 0; t < T; t = t + 1) begin
            g = slotted_i ? (offs_i[t*OFF_W +: OFF_W] >> (2 + gcode_i)) : {OFF_W{1'b0}};
            slot_o[t*SW +: SW] = g[SW-1:0];
            if (mask_i[t]) begin
                if (!valid_o[g[SW-1:0]])
                    lane_o[g[SW-1:0]*LW +: LW] = t[LW-1:0];
                valid_o[g[SW-1:0]] = 1'b1;
                last_o[g[SW-1:0]*LW +: LW] = t[LW-1:0];
            end
        end
    end
endmodule
`default_nettype wire
