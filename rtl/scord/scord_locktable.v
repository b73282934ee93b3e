// Lock tables and Bloom summaries of a core's warp slots (docs/detector.md
// §4.2, §4.3), for gpu_core. Each warp slot has four entries {hash[5:0],
// scope, valid, active} and a circular insertion pointer.
//
// One operation per cycle for the whole core: the core's lock sequencer
// feeds one warp's operations (a CAS or an exchange is one lane, in lane
// order, one per cycle; a fence is the whole warp), so the search and
// update logic exists once and works on the entries of op_warp_i, with the
// lockhash of the operated address (scord_lockhash) as its input. Likewise
// only the warp in the core's X stage reads its summary. The entries stay
// in flip-flops: a warp's launch clears its table in the cycle it starts,
// which a LUT RAM could not do for several warps at once. One table per
// warp, each with its own search and summary, was 4 x 218 LUT4 on the board
// against 619 for this (docs/fpga.md).
//
// bloom_o is the summary of bloom_warp_i's current state, i.e. the value an
// instruction's events carry when read before the instruction's own
// operations are applied (§3.2, D13).
`default_nettype none

module scord_locktable #(
    parameter NUM_WARPS = 4,
    // derived, do not override
    parameter WW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1
) (
    input  wire                 clk_i,
    input  wire                 rst_i,
    input  wire [NUM_WARPS-1:0] clear_i,       // warps launched into these slots: empty tables
    input  wire                 op_valid_i,
    input  wire [WW-1:0]        op_warp_i,     // the warp slot whose table op_i works on
    input  wire [1:0]           op_i,          // 0 CAS (L1), 1 exchange (L3), 2 fence (L2), 3 none
    input  wire [5:0]           hash_i,        // lockhash of the CAS / exchange address (scord_lockhash)
    input  wire                 scope_i,       // instruction scope: 0 block, 1 device
    input  wire [WW-1:0]        bloom_warp_i,  // the warp slot whose summary bloom_o is
    output wire [15:0]          bloom_o
);
    localparam N = 4;
    localparam [1:0] OP_CAS = 2'd0, OP_XCHG = 2'd1, OP_FENCE = 2'd2;

    // warp w's entry e: hash at [(w*N + e)*6 +: 6], flags at [w*N + e]
    reg [NUM_WARPS*N*6-1:0] hash_q;
    reg [NUM_WARPS*N-1:0]   scope_q, valid_q, active_q;
    reg [NUM_WARPS*2-1:0]   next_q;

    // hash_i: the lockhash (§4.3), made by the caller; the core hashes its
    // lanes' addresses as the sequencer starts, before they are operated on

    // ---- the operated warp's entries: does each match (hash, scope)
    // (warps picked by comparing with each constant slot: a part select at
    // a computed position would make Yosys build shifters)
    reg  [N*6-1:0] o_hash, b_hash;
    reg  [N-1:0]   o_scope, o_valid, b_scope, b_on;
    reg  [1:0]     o_next;
    integer sw;
    always @(*) begin
        o_hash = {N*6{1'b0}}; o_scope = {N{1'b0}}; o_valid = {N{1'b0}}; o_next = 2'd0;
        b_hash = {N*6{1'b0}}; b_scope = {N{1'b0}}; b_on = {N{1'b0}};
        for (sw = 0; sw < NUM_WARPS; sw = sw + 1) begin
            if (op_warp_i == WW'(sw)) begin
                o_hash  = hash_q[sw*N*6 +: N*6];
                o_scope = scope_q[sw*N +: N];
                o_valid = valid_q[sw*N +: N];
                o_next  = next_q[sw*2 +: 2];
            end
            if (bloom_warp_i == WW'(sw)) begin
                b_hash  = hash_q[sw*N*6 +: N*6];
                b_scope = scope_q[sw*N +: N];
                b_on    = valid_q[sw*N +: N] & active_q[sw*N +: N];
            end
        end
    end
    wire [N-1:0]   match;
    genvar ge;
    generate
        for (ge = 0; ge < N; ge = ge + 1) begin : g_match
            assign match[ge] = o_valid[ge] && (o_hash[6*ge +: 6] == hash_i) && (o_scope[ge] == scope_i);
        end
    endgenerate

    // ---- the summary of the reading warp: bit i(h) of each active entry in
    // the low byte, and in the high byte for device scope (§4.3)
    reg  [15:0]    bloom;
    integer be, bj;
    always @(*) begin
        bloom = 16'd0;
        for (be = 0; be < N; be = be + 1)
            for (bj = 0; bj < 8; bj = bj + 1)
                if (b_on[be] && (b_hash[6*be +: 3] ^ b_hash[6*be+3 +: 3]) == 3'(bj)) begin
                    bloom[bj] = 1'b1;
                    if (b_scope[be]) bloom[8 + bj] = 1'b1;
                end
    end
    assign bloom_o = bloom;

    // ---- updates, per warp and entry (constant indices: plain enables)
    wire do_cas   = op_valid_i && (op_i == OP_CAS) && (match == {N{1'b0}});
    wire do_xchg  = op_valid_i && (op_i == OP_XCHG);
    wire do_fence = op_valid_i && (op_i == OP_FENCE);
    genvar gw;
    generate
        for (gw = 0; gw < NUM_WARPS; gw = gw + 1) begin : g_warp
            wire mine = (op_warp_i == WW'(gw));
            for (ge = 0; ge < N; ge = ge + 1) begin : g_ent
                localparam integer I = gw * N + ge;
                wire ins = mine && do_cas && (o_next == ge);
                always @(posedge clk_i) begin
                    if (ins) hash_q[6*I +: 6] <= hash_i;
                    if (rst_i || clear_i[gw]) begin
                        valid_q[I]  <= 1'b0;
                        active_q[I] <= 1'b0;
                        scope_q[I]  <= 1'b0;
                    end else if (ins) begin
                        // a lock already held (equal hash and scope) takes no second entry (D12)
                        scope_q[I]  <= scope_i;
                        valid_q[I]  <= 1'b1;
                        active_q[I] <= 1'b0;
                    end else if (mine && do_xchg && match[ge]) begin
                        valid_q[I]  <= 1'b0;
                        active_q[I] <= 1'b0;
                    end else if (mine && do_fence && valid_q[I] && (scope_i || !scope_q[I])) begin
                        // scope <= fence scope: a device fence activates both scopes
                        active_q[I] <= 1'b1;
                    end
                end
            end
            always @(posedge clk_i) begin
                if (rst_i || clear_i[gw])  next_q[2*gw +: 2] <= 2'd0;
                else if (mine && do_cas)   next_q[2*gw +: 2] <= next_q[2*gw +: 2] + 2'd1;
            end
        end
    endgenerate
endmodule
`default_nettype wire
