// The management core's firmware RAM: one line-wide port with byte strobes,
// reads answered the cycle after the request. Its initial contents are the
// firmware image (build/sw/firmware/firmware.bin), turned into Verilog by
// tools/fwinit into the generated soc_fw_init.vh, so the bitstream and the
// Verilated model both boot it without a file to load at run time.
`default_nettype none

module soc_fw_ram #(
    parameter LINE_BYTES = 32,
    parameter BYTES      = 16384,
    // derived, do not override
    parameter LINE_BITS  = LINE_BYTES * 8
) (
    input  wire                  clk_i,
    input  wire                  req_i,
    input  wire                  we_i,
    input  wire [31:0]           addr_i,     // byte offset into the RAM
    input  wire [LINE_BITS-1:0]  wdata_i,
    input  wire [LINE_BYTES-1:0] wstrb_i,
    output reg  [LINE_BITS-1:0]  rdata_o
);
    localparam DEPTH = BYTES / LINE_BYTES;
    localparam AW    = $clog2(DEPTH);
    localparam OFF   = $clog2(LINE_BYTES);

    reg [LINE_BITS-1:0] mem_q [0:DEPTH-1];
    wire [AW-1:0] idx = addr_i[OFF +: AW];

`include "soc_fw_init.vh"

    integer i;
    always @(posedge clk_i) begin
        if (req_i) begin
            for (i = 0; i < LINE_BYTES; i = i + 1)
                if (we_i && wstrb_i[i]) mem_q[idx][8*i +: 8] <= wdata_i[8*i +: 8];
            rdata_o <= mem_q[idx];
        end
    end

    wire unused = &{1'b0, addr_i[31:OFF+AW], addr_i[OFF-1:0]};
endmodule
`default_nettype wire
