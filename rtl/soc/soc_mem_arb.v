// Shares the SoC's block RAM between the GPU (line port, as gpu_top's mem
// port) and the management core (a line with byte strobes, one access at a
// time). The GPU always wins: it never waits, so a kernel runs on the board
// cycle for cycle as on the cycle model with memory latency 1, whatever the
// firmware does meanwhile. The management core takes the cycles the GPU
// leaves free (its L2 never asks two cycles in a row). Both sides see a
// one-cycle read latency.
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
    // management core side: line address, byte strobes
    input  wire                  host_req_i,
    input  wire                  host_we_i,
    input  wire [31:0]           host_addr_i,
    input  wire [LINE_BITS-1:0]  host_wdata_i,
    input  wire [LINE_BYTES-1:0] host_wstrb_i,
    output wire                  host_gnt_o,        // the request is taken this cycle
    output reg                   host_rsp_valid_o,
    output wire [LINE_BITS-1:0]  host_rsp_rdata_o,
    // memory
    output wire                  mem_req_o,
    output wire                  mem_we_o,
    output wire [31:0]           mem_addr_o,
    output wire [LINE_BITS-1:0]  mem_wdata_o,
    output wire [LINE_BYTES-1:0] mem_wstrb_o,
    input  wire [LINE_BITS-1:0]  mem_rdata_i
);
    wire host = host_req_i && !gpu_req_valid_i;
    assign host_gnt_o      = host;
    assign gpu_req_ready_o = 1'b1;
    assign mem_req_o   = host || gpu_req_valid_i;
    assign mem_we_o    = host ? host_we_i : gpu_req_we_i;
    assign mem_addr_o  = host ? host_addr_i : gpu_req_addr_i;
    assign mem_wdata_o = host ? host_wdata_i : gpu_req_wdata_i;
    assign mem_wstrb_o = host ? host_wstrb_i : gpu_req_wstrb_i;

    always @(posedge clk_i) begin
        if (rst_i) begin
            gpu_rsp_valid_o  <= 1'b0;
            host_rsp_valid_o <= 1'b0;
        end else begin
            gpu_rsp_valid_o  <= gpu_req_valid_i && !gpu_req_we_i;
            host_rsp_valid_o <= host && !host_we_i;
        end
    end
    assign gpu_rsp_rdata_o  = mem_rdata_i;
    assign host_rsp_rdata_o = mem_rdata_i;
endmodule
`default_nettype wire
