// The management core's bus: answers its L2 channel (after gpu_l2_arb has
// merged the I$ and the LSU) from the firmware RAM and the device memory
// (both in the SoC's block RAM, through soc_mem_arb), the MMIO registers
// (UART FIFOs, cycle counter, LEDs) and the GPU's control registers. Address map and register meanings: docs/hostlink.md and
// MGMT_* of config/regmap.def.
//
// The core's loads arrive as whole-line READs, so every register is decoded
// by line and its value is repeated in every word of the answer: whichever
// word of the line the load picks, it gets the register. A write carries
// the stored bytes at their place in the line; registers live in word 0.
// One request at a time; a store to UART_TX waits (ready low) while the TX
// FIFO is full, which is the firmware's flow control.
`default_nettype none
`include "scord_defs.vh"
`include "gpu_l2_bus.vh"

module soc_mgmt_bus #(
    parameter LINE_BYTES = 32,
    parameter MEM_BYTES  = 262144,   // device memory; the firmware RAM follows it
    parameter FW_BYTES   = 16384,
    parameter CLK_HZ     = 30000000,
    parameter RX_DEPTH   = 1024,
    parameter TX_DEPTH   = 64,
    // derived, do not override
    parameter LINE_BITS  = LINE_BYTES * 8,
    parameter REQ_W      = `L2_REQ_BITS(LINE_BYTES)
) (
    input  wire                  clk_i,
    input  wire                  rst_i,
    // L2 channel from the core (gpu_l2_bus.vh: reads and writes of lines)
    input  wire                  req_valid_i,
    output wire                  req_ready_o,
    input  wire [REQ_W-1:0]      req_i,
    output wire                  rsp_valid_o,
    output wire [LINE_BITS-1:0]  rsp_data_o,
    // UART byte streams
    input  wire                  rx_valid_i,
    input  wire [7:0]            rx_data_i,
    input  wire                  rx_ferr_i,      // a byte with a bad stop bit was dropped
    output wire                  tx_valid_o,
    input  wire                  tx_ready_i,
    output wire [7:0]            tx_data_o,
    // GPU control bus (read data the cycle after the request)
    output wire                  ctl_req_o,
    output wire                  ctl_we_o,
    output wire [7:0]            ctl_addr_o,
    output wire [31:0]           ctl_wdata_o,
    input  wire [31:0]           ctl_rdata_i,
    // device memory (soc_mem_arb's host port, read data with rsp_valid)
    output wire                  mem_req_o,
    output wire                  mem_we_o,
    output wire [31:0]           mem_addr_o,
    output wire [LINE_BITS-1:0]  mem_wdata_o,
    output wire [LINE_BYTES-1:0] mem_wstrb_o,
    input  wire                  mem_gnt_i,      // the GPU left this cycle free
    input  wire                  mem_rsp_valid_i,
    input  wire [LINE_BITS-1:0]  mem_rdata_i,
    // status
    input  wire [31:0]           boots_i,
    output wire [1:0]            leds_o,         // self-test passed, failed
    output reg                   served_o,       // one cycle per LEDS write with bit 2
    output wire                  idle_o          // the firmware only polls an empty RX FIFO
);
    localparam WPL   = LINE_BYTES / 4;
    localparam OFF_W = $clog2(LINE_BYTES);
    localparam RXW   = $clog2(RX_DEPTH);
    localparam TXW   = $clog2(TX_DEPTH);

    localparam [31:0] IO_RX = `MGMT_IO_UART_RX, IO_TX = `MGMT_IO_UART_TX,
                      IO_STAT = `MGMT_IO_UART_STAT, IO_CYC = `MGMT_IO_CYCLES,
                      IO_HZ = `MGMT_IO_CLK_HZ, IO_LEDS = `MGMT_IO_LEDS, IO_BOOT = `MGMT_IO_BOOTS;
    localparam [2:0] S_IDLE = 3'd0, S_EXEC = 3'd1, S_RSP = 3'd2, S_MEMWAIT = 3'd3;
    localparam [2:0] SRC_ZERO = 3'd0, SRC_WORD = 3'd1, SRC_CTL = 3'd2,
                     SRC_RX = 3'd3, SRC_MEM = 3'd4;

    reg [2:0]            state_q, src_q;
    reg [2:0]            type_q;
    reg [12:5]           addr_q;      // the register's line: control or MMIO
    reg [LINE_BITS-1:0]  line_q;      // a store's line, then a memory read's answer
    reg [LINE_BYTES-1:0] wstrb_q;
    reg [31:0]           word_q;      // an MMIO register's value for SRC_WORD
    reg                  popped_q;    // the UART_RX read took a byte

    wire accept = req_valid_i && req_ready_o;
    assign req_ready_o = state_q == S_IDLE;
    wire [2:0]            req_type  = req_i[`L2_REQ_TYPE];
    wire [31:0]           req_addr  = req_i[`L2_REQ_ADDR];
    wire [LINE_BITS-1:0]  req_wdata = req_i[`L2_REQ_WDATA(LINE_BYTES)];
    wire [LINE_BYTES-1:0] req_wstrb = req_i[`L2_REQ_WSTRB(LINE_BYTES)];
    // (the bus serves line reads and writes: no atomic or reservation fields)
    wire unused_req = ^{req_i[`L2_REQ_AMO_OP], req_i[`L2_REQ_AMO_DATA], req_i[`L2_REQ_AMO_CMP],
                        req_i[`L2_REQ_RID]};

    // ---- decode of the latched request --------------------------------------
    wire is_read  = type_q == `L2_READ;
    wire is_write = type_q == `L2_WRITE;
    // Where a request goes (which memory, and its block RAM address; the
    // control registers; which MMIO register) is worked out from the
    // request as it is taken, so S_EXEC starts from registers:
    // - the range compares and the subtraction from addr_q in front of the
    //   memory arbiter and the block RAM's address were the routed critical
    //   path of fpga1 without the detector once;
    // - the control range's compare in front of ctl_req_o, and through the
    //   detector's registers an arming's reset of the metadata cache's
    //   lines, that of fpga1 with the detector at a 45 MHz target, later
    //   (docs/fpga.md).
    wire [31:0] req_line = {req_addr[31:OFF_W], {OFF_W{1'b0}}};
    wire req_fw  = req_addr >= `MGMT_FW_BASE && req_addr < `MGMT_FW_BASE + FW_BYTES;
    wire req_dev = req_addr >= `MGMT_DEV_BASE && req_addr < `MGMT_DEV_BASE + MEM_BYTES;
    wire req_ctl = req_addr >= `MGMT_CTL_BASE && req_addr < `MGMT_CTL_BASE + 256 * 32;
    wire req_io  = req_addr[31:8] == IO_RX[31:8];
    reg         in_fw_q, in_dev_q, in_ctl_q, in_io_q;
    reg  [31:0] mem_addr_q;
    wire in_ctl = in_ctl_q;
    wire in_io  = in_io_q;
    wire [7:0] io_line = {addr_q[7:5], 5'd0};
    wire io_rx   = in_io && io_line == IO_RX[7:0];
    wire io_tx   = in_io && io_line == IO_TX[7:0];
    wire io_stat = in_io && io_line == IO_STAT[7:0];
    wire io_cyc  = in_io && io_line == IO_CYC[7:0];
    wire io_hz   = in_io && io_line == IO_HZ[7:0];
    wire io_leds = in_io && io_line == IO_LEDS[7:0];
    wire io_boot = in_io && io_line == IO_BOOT[7:0];

    wire exec = state_q == S_EXEC;

    // ---- UART FIFOs -------------------------------------------------------------
    wire [7:0]  rx_q_data, tx_q_data;
    wire        rx_full, rx_empty, tx_full, tx_empty;
    wire [RXW:0] rx_count;
    wire [TXW:0] tx_count;
    wire rx_pop  = exec && is_read && io_rx && !rx_empty;
    wire tx_push = exec && is_write && io_tx && wstrb_q[0] && !tx_full;
    reg  tx_pend_q, tx_hold_valid_q;
    reg  [7:0] tx_hold_q;
    reg  rx_ovr_q, rx_ferr_q;
    wire tx_pop = !tx_empty && !tx_pend_q && !tx_hold_valid_q;

    prim_fifo #(.WIDTH(8), .DEPTH(RX_DEPTH)) u_rxq (
        .clk_i (clk_i), .rst_i (rst_i),
        .push_i (rx_valid_i), .data_i (rx_data_i),
        .pop_i (rx_pop), .data_o (rx_q_data),
        .full_o (rx_full), .empty_o (rx_empty), .count_o (rx_count)
    );
    prim_fifo #(.WIDTH(8), .DEPTH(TX_DEPTH)) u_txq (
        .clk_i (clk_i), .rst_i (rst_i),
        .push_i (tx_push), .data_i (line_q[7:0]),
        .pop_i (tx_pop), .data_o (tx_q_data),
        .full_o (tx_full), .empty_o (tx_empty), .count_o (tx_count)
    );

    // The FIFO's data comes a cycle after the pop: hold it for the UART.
    always @(posedge clk_i) begin
        if (rst_i) begin
            tx_pend_q       <= 1'b0;
            tx_hold_valid_q <= 1'b0;
            tx_hold_q       <= 8'd0;
        end else begin
            tx_pend_q <= tx_pop;
            if (tx_pend_q) begin
                tx_hold_q       <= tx_q_data;
                tx_hold_valid_q <= 1'b1;
            end else if (tx_hold_valid_q && tx_ready_i) begin
                tx_hold_valid_q <= 1'b0;
            end
        end
    end
    assign tx_valid_o = tx_hold_valid_q;
    assign tx_data_o  = tx_hold_q;

    // ---- registers ----------------------------------------------------------------
    reg [31:0] cycles_q;
    reg [1:0]  leds_q;
    always @(posedge clk_i) begin
        if (rst_i) begin
            cycles_q  <= 32'd0;
            leds_q    <= 2'b00;
            rx_ovr_q  <= 1'b0;
            rx_ferr_q <= 1'b0;
            served_o  <= 1'b0;
        end else begin
            cycles_q <= cycles_q + 32'd1;
            served_o <= 1'b0;
            if (exec && is_write && io_leds && wstrb_q[0]) begin
                leds_q   <= line_q[1:0];
                served_o <= line_q[2];
            end
            // a read of UART_STAT reports and clears the sticky bits; an
            // event in the same cycle is kept for the next read
            if (exec && is_read && io_stat) begin
                rx_ovr_q  <= rx_valid_i && rx_full;
                rx_ferr_q <= rx_ferr_i;
            end else begin
                if (rx_valid_i && rx_full) rx_ovr_q <= 1'b1;
                if (rx_ferr_i) rx_ferr_q <= 1'b1;
            end
        end
    end
    assign leds_o = leds_q;

    reg [31:0] io_value;
    always @(*) begin
        io_value = 32'd0;
        if (io_tx)   io_value = 32'(TX_DEPTH) - 32'(tx_count);
        if (io_stat) io_value = ({32{rx_ferr_q}} & `MGMT_UART_STAT_FERR) |
                                ({32{rx_ovr_q}} & `MGMT_UART_STAT_OVERRUN) | 32'(rx_count);
        if (io_cyc)  io_value = cycles_q;
        if (io_hz)   io_value = CLK_HZ;
        if (io_leds) io_value = {30'd0, leds_q};
        if (io_boot) io_value = boots_i;
    end

    // ---- the request state machine ---------------------------------------------
    always @(posedge clk_i) begin
        if (rst_i) begin
            state_q  <= S_IDLE;
            src_q    <= SRC_ZERO;
            type_q   <= 3'd0;
            addr_q   <= 8'd0;
            in_fw_q    <= 1'b0;
            in_dev_q   <= 1'b0;
            in_ctl_q   <= 1'b0;
            in_io_q    <= 1'b0;
            mem_addr_q <= 32'd0;
            line_q  <= {LINE_BITS{1'b0}};
            wstrb_q  <= {LINE_BYTES{1'b0}};
            word_q   <= 32'd0;
            popped_q <= 1'b0;
        end else begin
            case (state_q)
                S_IDLE: if (accept) begin
                    type_q  <= req_type;
                    addr_q  <= req_addr[12:5];
                    in_fw_q   <= req_fw;
                    in_dev_q  <= req_dev;
                    in_ctl_q  <= req_ctl;
                    in_io_q   <= req_io;
                    // the firmware RAM is the top FW_BYTES of the block
                    // RAM, above the device memory the GPU and the host
                    // can reach
                    mem_addr_q <= req_fw ? req_line - `MGMT_FW_BASE + MEM_BYTES
                                         : req_line - `MGMT_DEV_BASE;
                    line_q <= req_wdata;
                    wstrb_q <= req_wstrb;
                    state_q <= S_EXEC;
                end
                S_EXEC: begin
                    src_q    <= SRC_ZERO;
                    word_q   <= io_value;
                    popped_q <= rx_pop;
                    if (is_write) begin
                        // a full TX FIFO, or memory busy with the GPU, keeps
                        // the store waiting here
                        if (!(in_io && io_tx && wstrb_q[0] && tx_full) &&
                            !((in_dev_q || in_fw_q) && !mem_gnt_i)) state_q <= S_IDLE;
                    end else if (is_read && (in_dev_q || in_fw_q)) begin
                        src_q <= SRC_MEM;
                        if (mem_gnt_i) state_q <= S_MEMWAIT;
                    end else begin
                        // every other request expects an answer: atomics, LR/SC
                        // and fences on this bus do nothing and answer 0
                        if (is_read && in_ctl) src_q <= SRC_CTL;
                        if (is_read && in_io)  src_q <= io_rx ? SRC_RX : SRC_WORD;
                        state_q <= S_RSP;
                    end
                end
                S_RSP: state_q <= S_IDLE;
                // The block RAM's answer is registered before the core sees
                // it: its output (no output register) through the L1's fill
                // and the load's byte select was the routed build's longest
                // path without the detector (docs/fpga.md). A read costs
                // the firmware a cycle more.
                S_MEMWAIT: if (mem_rsp_valid_i) begin
                    line_q  <= mem_rdata_i;
                    state_q <= S_RSP;
                end
                default: state_q <= S_IDLE;
            endcase
        end
    end

    // ---- outbound accesses --------------------------------------------------------
    assign ctl_req_o   = exec && in_ctl && (is_read || (is_write && |wstrb_q[3:0]));
    assign ctl_we_o    = is_write;
    assign ctl_addr_o  = addr_q[12:5];
    assign ctl_wdata_o = line_q[31:0];

    assign mem_req_o   = exec && (in_dev_q || in_fw_q) && (is_read || is_write);
    assign mem_we_o    = is_write;
    assign mem_addr_o  = mem_addr_q;
    assign mem_wdata_o = line_q;
    assign mem_wstrb_o = wstrb_q;

    // The firmware waits for the host when it does nothing but read an empty
    // UART_RX (and the clock, for its timeouts) for a while. A simulation
    // may then stop the clock (sim/soc_sim.cpp): nothing can change until a
    // byte arrives or a timeout runs out, and the simulator keeps the clock
    // going for longer than the firmware's longest timeout.
    reg [6:0] polls_q;
    always @(posedge clk_i) begin
        if (rst_i) polls_q <= 7'd0;
        else if (exec) begin
            if (is_read && io_rx && rx_empty) polls_q <= polls_q + {6'd0, ~polls_q[6]};
            else if (!(is_read && (io_cyc || io_stat))) polls_q <= 7'd0;
        end
    end
    assign idle_o = polls_q[6];

    // ---- the answer -------------------------------------------------------------------
    reg [31:0] rsp_word;
    always @(*) begin
        case (src_q)
            SRC_WORD: rsp_word = word_q;
            SRC_CTL:  rsp_word = ctl_rdata_i;
            SRC_RX:   rsp_word = {23'd0, popped_q, popped_q ? rx_q_data : 8'd0};
            default:  rsp_word = 32'd0;
        endcase
    end
    assign rsp_valid_o = state_q == S_RSP;
    assign rsp_data_o  = src_q == SRC_MEM ? line_q : {WPL{rsp_word}};

    wire unused = &{1'b0, req_line[4:0]};
endmodule
`default_nettype wire
