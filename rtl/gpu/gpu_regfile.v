// Register file of a core: NUM_WARPS x 32 registers x NUM_THREADS lanes.
// One memory per lane so a write can update only the active lanes; three
// synchronous read ports (rs1, rs2 and rd, the compare value of CAS) so the
// arrays map onto block RAM. Register x0 reads as zero.
// rd_hi_i reads the odd register of the pairs rs2 and rd name (amocas.d's
// high words, docs/isa.md): a pair starting at x0 reads as zero whole.
`default_nettype none

module gpu_regfile #(
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    // derived, do not override
    parameter WW = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter T  = NUM_THREADS
) (
    input  wire            clk_i,
    input  wire [WW-1:0]   rd_warp_i,
    input  wire [4:0]      rd_addr1_i,
    input  wire [4:0]      rd_addr2_i,
    input  wire [4:0]      rd_addr3_i,
    input  wire            rd_hi_i,     // ports 2 and 3: the pair's odd register
    output wire [T*32-1:0] rd_data1_o,  // one cycle after the address
    output wire [T*32-1:0] rd_data2_o,
    output wire [T*32-1:0] rd_data3_o,
    input  wire            wr_en_i,
    input  wire [WW-1:0]   wr_warp_i,
    input  wire [4:0]      wr_addr_i,
    input  wire [T-1:0]    wr_mask_i,
    input  wire [T*32-1:0] wr_data_i
);
    localparam N  = NUM_WARPS * 32;
    localparam AW = $clog2(N);
    // {warp, register}; with one warp the warp bit (always 0) is cut off
    function [AW-1:0] ra(input [WW-1:0] w, input [4:0] r);
        ra = AW'({w, r});
    endfunction
    reg [2:0] zero_q;  // which read ports addressed x0
    wire [4:0] addr2 = rd_addr2_i | {4'd0, rd_hi_i};
    wire [4:0] addr3 = rd_addr3_i | {4'd0, rd_hi_i};

    always @(posedge clk_i) begin
        zero_q <= {rd_addr3_i == 5'd0, rd_addr2_i == 5'd0, rd_addr1_i == 5'd0};
    end

    genvar t;
    generate
        for (t = 0; t < T; t = t + 1) begin : g_lane
            reg [31:0] mem [0:N-1];
            reg [31:0] q1, q2, q3;
            always @(posedge clk_i) begin
                if (wr_en_i && wr_mask_i[t] && wr_addr_i != 5'd0)
                    mem[ra(wr_warp_i, wr_addr_i)] <= wr_data_i[t*32 +: 32];
                q1 <= mem[ra(rd_warp_i, rd_addr1_i)];
                q2 <= mem[ra(rd_warp_i, addr2)];
                q3 <= mem[ra(rd_warp_i, addr3)];
            end
            assign rd_data1_o[t*32 +: 32] = zero_q[0] ? 32'd0 : q1;
            assign rd_data2_o[t*32 +: 32] = zero_q[1] ? 32'd0 : q2;
            assign rd_data3_o[t*32 +: 32] = zero_q[2] ? 32'd0 : q3;
        end
    endgenerate
endmodule
`default_nettype wire
