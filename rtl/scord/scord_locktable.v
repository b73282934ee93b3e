// Lock table and Bloom summary of one warp slot (docs/detector.md §4.2,
// §4.3), for gpu_core. Four entries {hash[5:0], scope, valid, active} and a
// circular insertion pointer.
//
// One operation per cycle: a CAS or an exchange is one lane (the core feeds
// the active lanes of an instruction in lane order, one per cycle), a fence
// is the whole warp. bloom_o is the summary of the current state, i.e. the
// value an instruction's events carry when read before the instruction's
// own operations are applied (§3.2, D13).
`default_nettype none

module scord_locktable (
  input  wire        clk_i,
  input  wire        rst_i,
  input  wire        clear_i,   // warp launched into the slot: empty table
  input  wire        op_valid_i,
  input  wire [1:0]  op_i,      // 0 CAS (L1), 1 exchange (L3), 2 fence (L2), 3 none
  input  wire [31:0] addr_i,    // CAS / exchange word address
  input  wire        scope_i,   // instruction scope: 0 block, 1 device
  output wire [15:0] bloom_o
);
  localparam N = 4;
  localparam [1:0] OP_CAS = 2'd0, OP_XCHG = 2'd1, OP_FENCE = 2'd2;

  reg [6*N-1:0] hash_q;   // entry e at [6e +: 6]
  reg [N-1:0]   scope_q, valid_q, active_q;
  reg [1:0]     next_q;

  // lockhash (§4.3)
  wire [5:0] h = addr_i[7:2] ^ addr_i[13:8] ^ addr_i[19:14] ^ addr_i[25:20] ^ addr_i[31:26];
  // Bits 1:0 do not enter the hash (word addresses).
  wire unused_addr = ^addr_i[1:0];

  // Per entry: does it match (hash, scope), and its Bloom bits (§4.3):
  // bit i(h) in the low byte, and in the high byte for device scope.
  wire [N-1:0] match;
  wire [15:0]  ebloom [0:N-1];
  genvar ge;
  generate
    for (ge = 0; ge < N; ge = ge + 1) begin : g_ent
      wire [5:0] eh  = hash_q[6*ge +: 6];
      wire [2:0] bi  = eh[2:0] ^ eh[5:3];
      wire [7:0] bit8;
      genvar gj;
      for (gj = 0; gj < 8; gj = gj + 1) begin : g_dec
        assign bit8[gj] = (bi == gj);
      end
      wire       on  = valid_q[ge] && active_q[ge];
      assign match[ge]  = valid_q[ge] && (eh == h) && (scope_q[ge] == scope_i);
      assign ebloom[ge] = on ? {scope_q[ge] ? bit8 : 8'd0, bit8} : 16'd0;
    end
  endgenerate
  assign bloom_o = ebloom[0] | ebloom[1] | ebloom[2] | ebloom[3];

  // Per-entry updates (constant indices: plain enables, no shifters).
  wire do_cas   = op_valid_i && (op_i == OP_CAS) && (match == {N{1'b0}});
  wire do_xchg  = op_valid_i && (op_i == OP_XCHG);
  wire do_fence = op_valid_i && (op_i == OP_FENCE);
  generate
    for (ge = 0; ge < N; ge = ge + 1) begin : g_upd
      wire ins = do_cas && (next_q == ge);
      always @(posedge clk_i) begin
        if (ins) hash_q[6*ge +: 6] <= h;
        if (rst_i || clear_i) begin
          valid_q[ge]  <= 1'b0;
          active_q[ge] <= 1'b0;
          scope_q[ge]  <= 1'b0;
        end else if (ins) begin
          // a spinning acquire of a held lock inserts nothing (D12)
          scope_q[ge]  <= scope_i;
          valid_q[ge]  <= 1'b1;
          active_q[ge] <= 1'b0;
        end else if (do_xchg && match[ge]) begin
          valid_q[ge]  <= 1'b0;
          active_q[ge] <= 1'b0;
        end else if (do_fence && valid_q[ge] && (scope_i || !scope_q[ge])) begin
          // scope <= fence scope: a device fence activates both scopes
          active_q[ge] <= 1'b1;
        end
      end
    end
  endgenerate

  always @(posedge clk_i) begin
    if (rst_i || clear_i) next_q <= 2'd0;
    else if (do_cas)      next_q <= next_q + 2'd1;
  end
endmodule
`default_nettype wire
