// The lock hash of a CAS or exchange address (docs/detector.md §4.3): the
// 6-bit index a lock table entry keeps and its Bloom summary is made from.
// Its own module so the core can hash a warp's lane addresses as its lock
// sequencer starts, and the sequencer's lane select and the table's search
// work on 6 bits instead of 32 (the select, the hash and the search were one
// path, the FPGA build's longest with the detector; docs/fpga.md).
`default_nettype none

module scord_lockhash (
    input  wire [31:0] addr_i,
    output wire [5:0]  hash_o
);
    assign hash_o = addr_i[7:2] ^ addr_i[13:8] ^ addr_i[19:14] ^ addr_i[25:20] ^ addr_i[31:26];
    // Bits 1:0 do not enter the hash (word addresses).
    wire unused_addr = ^addr_i[1:0];
endmodule
`default_nettype wire
