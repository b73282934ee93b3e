// The L2 channel (docs/architecture.md): a master offers a request with
// req_valid and the L2 (through gpu_l2_arb) takes it with req_ready; the
// request's payload is one packed word, L2_REQ_BITS(LINE_BYTES) wide, laid
// out as below. The answer is rsp_valid with the line (LINE_BYTES * 8 bits).
// Masters: gpu_icache, gpu_lsu, the detector's metadata cache and report
// writer; slaves: gpu_l2, soc_mgmt_bus. A field a master has no use for
// (an I$ writes nothing, the detector makes no atomics) is 0.
`ifndef GPU_L2_BUS_VH
`define GPU_L2_BUS_VH
`define L2_REQ_TYPE          2:0          // L2_READ, L2_WRITE, L2_AMO, L2_LR, L2_SC, L2_FENCE, L2_CAS64
`define L2_REQ_ADDR          34:3         // a line's address (READ, WRITE) or a word's
`define L2_REQ_AMO_OP        39:35        // AMO: AMO_*
`define L2_REQ_AMO_DATA      71:40        // AMO: the operand; SC: the word to store
`define L2_REQ_AMO_CMP       103:72       // AMO_CAS: the compare value
`define L2_REQ_RID           119:104      // LR, SC: the reservation's thread
`define L2_RID_BITS          16
`define L2_REQ_WSTRB(LB)     120 +: (LB)                  // WRITE: byte strobes
`define L2_REQ_WDATA(LB)     (120 + (LB)) +: (8 * (LB))   // WRITE: the line's bytes; CAS64: [31:0] new, [63:32] compare high words
`define L2_REQ_BITS(LB)      (120 + 9 * (LB))
// A request's payload from its fields (each of its field's width).
`define L2_REQ(wdata, wstrb, rid, amo_cmp, amo_data, amo_op, addr, type) \
    {wdata, wstrb, rid, amo_cmp, amo_data, amo_op, addr, type}
`endif
