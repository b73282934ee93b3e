// Round-robin merge of NUM_PORTS L2 channel masters onto the single L2
// channel. The L2 serves one request at a time, so after forwarding a request
// that expects an answer the arbiter simply waits for it and routes it back
// to the port recorded in owner_q. A WRITE has no answer: the arbiter is free
// again right after it was accepted.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module gpu_l2_arb #(
    parameter NUM_PORTS  = 2,
    parameter LINE_BYTES = 32,
    // the reservation ids' bits the ports use (the field's others are 0)
    parameter RID_W      = 1,
    // Derived, do not override.
    parameter PORT_W     = (NUM_PORTS > 1) ? $clog2(NUM_PORTS) : 1,
    parameter REQ_W      = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                         clk_i,
    input  wire                         rst_i,
    // masters (port p's request at [p*REQ_W +: REQ_W])
    input  wire [NUM_PORTS-1:0]         req_valid_i,
    output wire [NUM_PORTS-1:0]         req_ready_o,
    input  wire [NUM_PORTS*REQ_W-1:0]   req_i,
    output wire [NUM_PORTS-1:0]         rsp_valid_o,
    // one copy of the answer for every port: only the owner sees rsp_valid
    output wire [LINE_BYTES*8-1:0]      rsp_data_o,
    // the L2
    output wire                         l2_req_valid_o,
    input  wire                         l2_req_ready_i,
    output wire [REQ_W-1:0]             l2_req_o,
    input  wire                         l2_rsp_valid_i,
    input  wire [LINE_BYTES*8-1:0]      l2_rsp_data_i
);

    reg              wait_q;   // a forwarded request waits for its answer
    reg [PORT_W-1:0] owner_q;  // port that gets the answer
    reg [PORT_W-1:0] last_q;   // last granted port (round-robin pointer)
    // Once a request is offered to the L2 it stays offered until accepted,
    // even if a port with higher priority raises valid meanwhile.
    reg              lock_q;
    reg [PORT_W-1:0] lock_port_q;

    // Round robin: the lowest valid port above last_q, else the lowest valid.
    wire [PORT_W-1:0] pick;
    wire              pick_any;
    prim_rr_pick #(.N(NUM_PORTS)) u_pick (
        .req_i  (req_valid_i),
        .last_i (last_q),
        .any_o  (pick_any),
        .idx_o  (pick)
    );

    wire [PORT_W-1:0] grant = lock_q ? lock_port_q : pick;
    wire              offer = !wait_q && (lock_q || pick_any);

    // The granted request, field by field: each field of every port side
    // by side and the grant's picked, as the ports' fields are narrow and
    // (but the address) at power-of-two strides. One select of the whole
    // request at grant * REQ_W, a stride that is no power of two, Yosys
    // builds as a shifter over all the ports' bits (over 20 000 LUT4 for
    // the five ports of the fpga GPU, against 1 800).
    localparam LINE_BITS = LINE_BYTES * 8;
    wire [NUM_PORTS*3-1:0]          f_type;
    wire [NUM_PORTS*32-1:0]         f_addr, f_amo_data, f_amo_cmp;
    wire [NUM_PORTS*LINE_BITS-1:0]  f_wdata;
    wire [NUM_PORTS*LINE_BYTES-1:0] f_wstrb;
    wire [NUM_PORTS*5-1:0]          f_amo_op;
    wire [NUM_PORTS*RID_W-1:0]      f_rid;
    genvar fp;
    generate
        for (fp = 0; fp < NUM_PORTS; fp = fp + 1) begin : g_field
            wire [REQ_W-1:0] r = req_i[fp*REQ_W +: REQ_W];
            assign f_type[fp*3 +: 3]                    = r[`L2_REQ_TYPE];
            assign f_addr[fp*32 +: 32]                  = r[`L2_REQ_ADDR];
            assign f_wdata[fp*LINE_BITS +: LINE_BITS]   = r[`L2_REQ_WDATA(LINE_BYTES)];
            assign f_wstrb[fp*LINE_BYTES +: LINE_BYTES] = r[`L2_REQ_WSTRB(LINE_BYTES)];
            assign f_amo_op[fp*5 +: 5]                  = r[`L2_REQ_AMO_OP];
            assign f_amo_data[fp*32 +: 32]              = r[`L2_REQ_AMO_DATA];
            assign f_amo_cmp[fp*32 +: 32]               = r[`L2_REQ_AMO_CMP];
            wire [`L2_RID_BITS-1:0] rid = r[`L2_REQ_RID];
            assign f_rid[fp*RID_W +: RID_W]             = rid[RID_W-1:0];
            wire unused_rid = ^rid;   // (bits RID_W and up: 0)
        end
    endgenerate
    assign l2_req_valid_o = offer;
    assign l2_req_o       = `L2_REQ(f_wdata[grant*LINE_BITS +: LINE_BITS],
                                    f_wstrb[grant*LINE_BYTES +: LINE_BYTES],
                                    `L2_RID_BITS'(f_rid[grant*RID_W +: RID_W]),
                                    f_amo_cmp[grant*32 +: 32], f_amo_data[grant*32 +: 32],
                                    f_amo_op[grant*5 +: 5], f_addr[grant*32 +: 32],
                                    f_type[grant*3 +: 3]);

    genvar p;
    generate
        for (p = 0; p < NUM_PORTS; p = p + 1) begin : g_port
            assign req_ready_o[p] = offer && l2_req_ready_i && (grant == PORT_W'(p));
            assign rsp_valid_o[p] = wait_q && l2_rsp_valid_i && (owner_q == PORT_W'(p));
        end
    endgenerate
    assign rsp_data_o = l2_rsp_data_i;

    wire accept = offer && l2_req_ready_i;

    always @(posedge clk_i) begin
        if (rst_i) begin
            wait_q      <= 1'b0;
            owner_q     <= {PORT_W{1'b0}};
            last_q      <= PORT_W'(NUM_PORTS - 1);
            lock_q      <= 1'b0;
            lock_port_q <= {PORT_W{1'b0}};
        end else begin
            if (accept) begin
                last_q  <= grant;
                lock_q  <= 1'b0;
                owner_q <= grant;
                wait_q  <= (f_type[grant*3 +: 3] != `L2_WRITE);
            end else if (offer) begin
                lock_q      <= 1'b1;
                lock_port_q <= grant;
            end
            if (wait_q && l2_rsp_valid_i) wait_q <= 1'b0;
        end
    end

endmodule
`default_nettype wire
