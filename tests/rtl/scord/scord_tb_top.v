// Test top of the detector's differential test (scord_diff.cpp): the
// detector unit and a core's lock tables (LT_WARPS warp slots), side by
// side, every port brought out.
`default_nettype none
`include "scord_defs.vh"
`include "scord_shr.vh"
`include "gpu_l2_bus.vh"

module scord_tb_top #(
    parameter NUM_CORES   = 4,
    parameter NUM_WARPS   = 32,
    parameter NUM_THREADS = 8,
    parameter LINE_BYTES  = 32,
    parameter MEM_BYTES   = 1048576,
    parameter QUEUE_DEPTH = 4,
    parameter MD_LINES    = 8,
    parameter PASS_SLOTS  = LINE_BYTES / 4,
    parameter MD_FRESH    = 1,             // the zero fill of fresh metadata lines, on
    parameter SUPP_SEQ    = 0,             // the suppression table searched all at once
    parameter WRITE_STAGE = 0,             // the metadata cache's entry writes at once
    parameter LT_WARPS    = 4,             // warp slots of the lock tables under test
    // derived, do not override
    parameter LINE_BITS = LINE_BYTES * 8,
    parameter EVW       = `DET_LINE_EVW(NUM_THREADS, LINE_BYTES),
    parameter REQ_W     = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    input  wire                  start_i,
    output wire                  ready_o,
    output wire                  sweeping_o,
    input  wire                  evt_valid_i,
    output wire                  evt_ready_o,
    input  wire [EVW-1:0]        evt_data_i,  // line events: lead lane event, mask, offsets
    input  wire [NUM_CORES-1:0]  stall_i,
    input  wire                  ctl_req_i,
    input  wire                  ctl_we_i,
    input  wire [7:0]            ctl_addr_i,
    input  wire [31:0]           ctl_wdata_i,
    output wire                  ctl_sel_o,
    output wire [31:0]           ctl_rdata_o,
    output wire                  l2_req_valid_o,
    input  wire                  l2_req_ready_i,
    output wire [2:0]            l2_req_type_o,
    output wire [31:0]           l2_req_addr_o,
    output wire [LINE_BITS-1:0]  l2_req_wdata_o,
    output wire [LINE_BYTES-1:0] l2_req_wstrb_o,
    input  wire                  l2_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  l2_rsp_data_i,
    output wire                  idle_o,
    // lock table under test
    input  wire [LT_WARPS-1:0]   lt_clear_i,
    input  wire                  lt_op_valid_i,
    input  wire [1:0]            lt_op_warp_i,
    input  wire [1:0]            lt_op_i,
    input  wire [31:0]           lt_addr_i,
    input  wire                  lt_scope_i,
    input  wire [1:0]            lt_bloom_warp_i,
    output wire [15:0]           lt_bloom_o
);
    wire [REQ_W-1:0] l2_req;
    scord_top #(
        .NUM_CORES   (NUM_CORES),
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS),
        .LINE_BYTES  (LINE_BYTES),
        .MEM_BYTES   (MEM_BYTES),
        .QUEUE_DEPTH (QUEUE_DEPTH),
        .MD_LINES    (MD_LINES),
        .PASS_SLOTS  (PASS_SLOTS),
        .MD_FRESH    (MD_FRESH),
        .SUPP_SEQ    (SUPP_SEQ),
        .WRITE_STAGE (WRITE_STAGE)
    ) u_det (
        .clk_i          (clk_i),
        .rst_i          (rst_i),
        .start_i        (start_i),
        .ready_o        (ready_o),
        .sweeping_o     (sweeping_o),
        .evt_valid_i    (evt_valid_i),
        .evt_ready_o    (evt_ready_o),
        .evt_data_i     (evt_data_i),
        .stall_i        (stall_i),
        .sh_acc_i       ({NUM_CORES*8{1'b0}}),  // no cores: no shared memory
        .sh_sync_i      ({NUM_CORES{1'b0}}),
        .shr_valid_i    ({NUM_CORES{1'b0}}),    // nor shared-memory reports
        .shr_ready_o    (),
        .shr_data_i     ({NUM_CORES*`SHR_BITS{1'b0}}),
        .pc_base_o      (),
        .ctl_req_i      (ctl_req_i),
        .ctl_we_i       (ctl_we_i),
        .ctl_addr_i     (ctl_addr_i),
        .ctl_wdata_i    (ctl_wdata_i),
        .ctl_sel_o      (ctl_sel_o),
        .ctl_rdata_o    (ctl_rdata_o),
        .l2_req_valid_o (l2_req_valid_o),
        .l2_req_ready_i (l2_req_ready_i),
        .l2_req_o       (l2_req),
        .l2_rsp_valid_i (l2_rsp_valid_i),
        .l2_rsp_data_i  (l2_rsp_data_i),
        .idle_o         (idle_o),
        .armed_o        ()
    );
    // the request's fields the harness reads (the detector makes no atomics)
    assign l2_req_type_o  = l2_req[`L2_REQ_TYPE];
    assign l2_req_addr_o  = l2_req[`L2_REQ_ADDR];
    assign l2_req_wdata_o = l2_req[`L2_REQ_WDATA(LINE_BYTES)];
    assign l2_req_wstrb_o = l2_req[`L2_REQ_WSTRB(LINE_BYTES)];
    wire unused_l2_req = ^{l2_req[`L2_REQ_AMO_OP], l2_req[`L2_REQ_AMO_DATA], l2_req[`L2_REQ_AMO_CMP],
                           l2_req[`L2_REQ_RID]};

    // the core hashes lane addresses as its lock sequencer starts; the
    // test drives addresses, as the reference model takes them
    wire [5:0] lt_hash;
    scord_lockhash u_lh (.addr_i(lt_addr_i), .hash_o(lt_hash));
    scord_locktable #(
        .NUM_WARPS (LT_WARPS)
    ) u_lt (
        .clk_i        (clk_i),
        .rst_i        (rst_i),
        .clear_i      (lt_clear_i),
        .op_valid_i   (lt_op_valid_i),
        .op_warp_i    (lt_op_warp_i),
        .op_i         (lt_op_i),
        .hash_i       (lt_hash),
        .scope_i      (lt_scope_i),
        .bloom_warp_i (lt_bloom_warp_i),
        .bloom_o      (lt_bloom_o)
    );
endmodule
`default_nettype wire
