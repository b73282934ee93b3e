// Host link frame engine: turns request frames from the UART into ctl-bus
// and device-memory accesses and answers each with a response frame. The
// protocol (docs/fpga.md) is fixed-length, CRC-16 protected, resynchronises
// on the start byte after garbage or a timeout, and makes retries safe: a
// request identical to the last executed one (same sequence number, command,
// address and data: a retry) is not executed again, its cached answer is
// resent. Comparing the whole request, not only the number, keeps a new
// host session from getting the answer of an old session's request.
//
// This is the hardware first step of the host link; the issue's management
// core with C firmware would speak the same frames (docs/fpga.md).
`default_nettype none

module soc_hostlink #(
    parameter MEM_BYTES     = 262144,
    parameter TIMEOUT_CLKS  = 400000  // idle gap that abandons a partial frame
) (
    input  wire        clk_i,
    input  wire        rst_i,
    // UART byte streams
    input  wire        rx_valid_i,
    input  wire [7:0]  rx_data_i,
    output reg         tx_valid_o,
    input  wire        tx_ready_i,
    output reg  [7:0]  tx_data_o,
    // GPU control bus (read data the cycle after the request)
    output reg         ctl_req_o,
    output reg         ctl_we_o,
    output reg  [7:0]  ctl_addr_o,
    output reg  [31:0] ctl_wdata_o,
    input  wire [31:0] ctl_rdata_i,
    // device memory, one word (read data in the cycle host_rsp_valid_i)
    output reg         mem_req_o,
    output reg         mem_we_o,
    output reg  [31:0] mem_addr_o,
    output reg  [31:0] mem_wdata_o,
    input  wire        mem_rsp_valid_i,
    input  wire [31:0] mem_rsp_rdata_i,
    // status for LEDs
    output reg         frame_ok_o,    // one cycle per executed request
    output reg         frame_bad_o    // one cycle per dropped frame
);
    localparam [7:0] SOF_REQ = 8'hA5, SOF_RSP = 8'h5A;
    localparam [7:0] CMD_PING = 8'h00, CMD_CTL_RD = 8'h01, CMD_CTL_WR = 8'h02,
                     CMD_MEM_RD = 8'h03, CMD_MEM_WR = 8'h04, CMD_STATS = 8'h05;
    localparam [7:0] ST_OK = 8'h00, ST_BAD_CMD = 8'h01, ST_BAD_ADDR = 8'h02;
    localparam [31:0] LINK_MAGIC = 32'h53434C31;  // "SCL1"
    localparam TW = $clog2(TIMEOUT_CLKS + 1);

    localparam [2:0] S_HUNT = 3'd0, S_RECV = 3'd1, S_CHECK = 3'd2, S_EXEC = 3'd3,
                     S_CTL = 3'd4, S_MEM = 3'd5, S_SEND = 3'd6,
                     S_CTLW = 3'd7;

    // CRC-16/CCITT-FALSE (poly 0x1021, init 0xFFFF, MSB first), one byte
    function [15:0] crc16(input [15:0] c, input [7:0] d);
        integer k;
        reg [15:0] x;
        begin
            x = c ^ {d, 8'h00};
            for (k = 0; k < 8; k = k + 1)
                x = x[15] ? ((x << 1) ^ 16'h1021) : (x << 1);
            crc16 = x;
        end
    endfunction

    reg [2:0]    state_q;
    reg [3:0]    cnt_q;        // bytes after SOF received / response bytes sent
    reg [15:0]   crc_q;
    reg [TW-1:0] idle_q;
    reg [7:0]    cmd_q, seq_q;
    reg [31:0]   addr_q, data_q;
    reg [15:0]   crc_rx_q;
    // cached answer of the last executed request
    reg          have_last_q;
    reg [7:0]    last_seq_q, last_cmd_q, status_q;
    reg [31:0]   last_addr_q, last_data_q;
    reg [31:0]   rsp_q;
    reg [15:0]   crc_errs_q, timeouts_q;

    wire addr_ok = (addr_q[1:0] == 2'b00) && (addr_q < MEM_BYTES);

    always @(posedge clk_i) begin
        ctl_req_o   <= 1'b0;
        mem_req_o   <= 1'b0;
        frame_ok_o  <= 1'b0;
        frame_bad_o <= 1'b0;
        if (rst_i) begin
            state_q     <= S_HUNT;
            cnt_q       <= 4'd0;
            crc_q       <= 16'hFFFF;
            idle_q      <= {TW{1'b0}};
            cmd_q       <= 8'd0;
            seq_q       <= 8'd0;
            addr_q      <= 32'd0;
            data_q      <= 32'd0;
            crc_rx_q    <= 16'd0;
            have_last_q <= 1'b0;
            last_seq_q  <= 8'd0;
            last_cmd_q  <= 8'd0;
            last_addr_q <= 32'd0;
            last_data_q <= 32'd0;
            status_q    <= 8'd0;
            rsp_q       <= 32'd0;
            crc_errs_q  <= 16'd0;
            timeouts_q  <= 16'd0;
            tx_valid_o  <= 1'b0;
            tx_data_o   <= 8'd0;
            ctl_we_o    <= 1'b0;
            ctl_addr_o  <= 8'd0;
            ctl_wdata_o <= 32'd0;
            mem_we_o    <= 1'b0;
            mem_addr_o  <= 32'd0;
            mem_wdata_o <= 32'd0;
        end else begin
            case (state_q)
                S_HUNT: if (rx_valid_i && rx_data_i == SOF_REQ) begin
                    state_q <= S_RECV;
                    cnt_q   <= 4'd0;
                    crc_q   <= 16'hFFFF;
                    idle_q  <= {TW{1'b0}};
                end
                S_RECV: if (rx_valid_i) begin
                    idle_q <= {TW{1'b0}};
                    cnt_q  <= cnt_q + 4'd1;
                    if (cnt_q < 4'd10) crc_q <= crc16(crc_q, rx_data_i);
                    case (cnt_q)
                        4'd0: cmd_q <= rx_data_i;
                        4'd1: seq_q <= rx_data_i;
                        4'd2, 4'd3, 4'd4, 4'd5: addr_q <= {rx_data_i, addr_q[31:8]};
                        4'd6, 4'd7, 4'd8, 4'd9: data_q <= {rx_data_i, data_q[31:8]};
                        4'd10: crc_rx_q[7:0] <= rx_data_i;
                        default: begin
                            crc_rx_q[15:8] <= rx_data_i;
                            state_q        <= S_CHECK;
                        end
                    endcase
                end else if (idle_q == TW'(TIMEOUT_CLKS)) begin
                    state_q     <= S_HUNT;   // truncated frame: hunt again
                    timeouts_q  <= timeouts_q + 16'd1;
                    frame_bad_o <= 1'b1;
                end else begin
                    idle_q <= idle_q + 1'b1;
                end
                S_CHECK: begin
                    if (crc_rx_q != crc_q) begin
                        state_q     <= S_HUNT;
                        crc_errs_q  <= crc_errs_q + 16'd1;
                        frame_bad_o <= 1'b1;
                    end else if (have_last_q && seq_q == last_seq_q && cmd_q == last_cmd_q &&
                                 addr_q == last_addr_q && data_q == last_data_q) begin
                        state_q <= S_SEND;   // a retry: resend, do not redo
                        cnt_q   <= 4'd0;
                        crc_q   <= 16'hFFFF;
                    end else begin
                        state_q <= S_EXEC;
                    end
                end
                S_EXEC: begin
                    status_q    <= ST_OK;
                    rsp_q       <= 32'd0;
                    state_q     <= S_SEND;
                    cnt_q       <= 4'd0;
                    crc_q       <= 16'hFFFF;
                    last_seq_q  <= seq_q;
                    last_cmd_q  <= cmd_q;
                    last_addr_q <= addr_q;
                    last_data_q <= data_q;
                    have_last_q <= 1'b1;
                    frame_ok_o  <= 1'b1;
                    ctl_we_o    <= cmd_q == CMD_CTL_WR;
                    ctl_addr_o  <= addr_q[7:0];
                    ctl_wdata_o <= data_q;
                    mem_we_o    <= cmd_q == CMD_MEM_WR;
                    mem_addr_o  <= addr_q;
                    mem_wdata_o <= data_q;
                    case (cmd_q)
                        CMD_PING:  rsp_q <= LINK_MAGIC;
                        CMD_STATS: rsp_q <= {timeouts_q, crc_errs_q};
                        CMD_CTL_RD, CMD_CTL_WR:
                            if (addr_q[31:8] != 24'd0) status_q <= ST_BAD_ADDR;
                            else begin
                                ctl_req_o <= 1'b1;
                                if (cmd_q == CMD_CTL_RD) state_q <= S_CTL;
                            end
                        CMD_MEM_RD, CMD_MEM_WR:
                            if (!addr_ok) status_q <= ST_BAD_ADDR;
                            else begin
                                mem_req_o <= 1'b1;
                                if (cmd_q == CMD_MEM_RD) state_q <= S_MEM;
                            end
                        default: status_q <= ST_BAD_CMD;
                    endcase
                end
                S_CTL: state_q <= S_CTLW;   // the request is on the bus
                S_CTLW: begin
                    rsp_q   <= ctl_rdata_i;
                    state_q <= S_SEND;
                end
                S_MEM: if (mem_rsp_valid_i) begin
                    rsp_q   <= mem_rsp_rdata_i;
                    state_q <= S_SEND;
                end
                S_SEND: begin
                    if (!tx_valid_o || tx_ready_i) begin
                        tx_valid_o <= 1'b0;
                        if (!tx_valid_o) begin
                            tx_valid_o <= 1'b1;
                            case (cnt_q)
                                4'd0: tx_data_o <= SOF_RSP;
                                4'd1: tx_data_o <= last_seq_q;
                                4'd2: tx_data_o <= status_q;
                                4'd3: tx_data_o <= rsp_q[7:0];
                                4'd4: tx_data_o <= rsp_q[15:8];
                                4'd5: tx_data_o <= rsp_q[23:16];
                                4'd6: tx_data_o <= rsp_q[31:24];
                                4'd7: tx_data_o <= crc_q[7:0];
                                default: tx_data_o <= crc_q[15:8];
                            endcase
                        end else begin
                            // the byte just taken: fold it into the CRC
                            if (cnt_q >= 4'd1 && cnt_q <= 4'd6) crc_q <= crc16(crc_q, tx_data_o);
                            cnt_q <= cnt_q + 4'd1;
                            if (cnt_q == 4'd8) state_q <= S_HUNT;
                        end
                    end
                end
                default: state_q <= S_HUNT;
            endcase
        end
    end
endmodule
`default_nettype wire
