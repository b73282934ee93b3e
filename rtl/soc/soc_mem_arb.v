// Shares the device memory between the GPU (line port, as gpu_top's mem
// port) and the host link (one word at a time). The host wins a cycle it
// asks for; it only does so between frames, so the GPU loses at most one
// cycle per host word. Both sides see a fixed one-cycle read latency.
`default_nettype none

module soc_mem_arb #(
    parameter LINE_BYTES = 32,
    parameter LINE_BITS  = LINE_BYTES * 8
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    // GPU side (gpu_top mem port)
    input  wire                  gpu_req_valid_i,
    output wire                  gpu_req_ready_o,
    input  wire                  gpu_req_we_i,
    input  wire [31:0]           gpu_req_addr_i,
    input  wire [LINE_BITS-1:0]  gpu_req_wdata_i,
    input  wire [LINE_BYTES-1:0] gpu_req_wstrb_i,
    output reg                   gpu_rsp_valid_o,
    output wire [LINE_BITS-1:0]  gpu_rsp_rdata_o,
    // host side: word-aligned byte address
    input  wire                  host_req_i,
    input  wire                  host_we_i,
    input  wire [31:0]           host_addr_i,
    input  wire [31:0]           host_wdata_i,
    output reg                   host_rsp_valid_o,
    output wire [31:0]           host_rsp_rdata_o,
    // memory
    output wire                  mem_req_o,
    output wire                  mem_we_o,
    output wire [31:0]           mem_addr_o,
    output wire [LINE_BITS-1:0]  mem_wdata_o,
    output wire [LINE_BYTES-1:0] mem_wstrb_o,
    input  wire [LINE_BITS-1:0]  mem_rdata_i
);
    localparam WPL = LINE_BYTES / 4;
    localparam WSEL = (WPL > 1) ? $clog2(WPL) : 1;

    wire [WSEL-1:0] host_word = host_addr_i[2 +: WSEL];
    reg  [WSEL-1:0] host_word_q;

    assign gpu_req_ready_o = !host_req_i;
    assign mem_req_o   = host_req_i || gpu_req_valid_i;
    assign mem_we_o    = host_req_i ? host_we_i : gpu_req_we_i;
    assign mem_addr_o  = host_req_i ? host_addr_i : gpu_req_addr_i;
    assign mem_wdata_o = host_req_i ? {WPL{host_wdata_i}} : gpu_req_wdata_i;
    assign mem_wstrb_o = host_req_i ? (LINE_BYTES'(4'hF) << (4 * host_word)) : gpu_req_wstrb_i;

    always @(posedge clk_i) begin
        if (rst_i) begin
            gpu_rsp_valid_o  <= 1'b0;
            host_rsp_valid_o <= 1'b0;
            host_word_q      <= {WSEL{1'b0}};
        end else begin
            gpu_rsp_valid_o  <= gpu_req_valid_i && !host_req_i && !gpu_req_we_i;
            host_rsp_valid_o <= host_req_i && !host_we_i;
            if (host_req_i) host_word_q <= host_word;
        end
    end
    assign gpu_rsp_rdata_o  = mem_rdata_i;
    assign host_rsp_rdata_o = mem_rdata_i[32 * host_word_q +: 32];
endmodule
`default_nettype wire
