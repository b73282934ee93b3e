// Detector event queue: a first-word-fall-through FIFO of 128-bit events
// (docs/detector.md §3.1). Its depth changes timing only, never results
// (§1): a full queue lowers in_ready_o and the cores stall.
//
// HEAD_REG=1 (with the detector's decode stage, scord_top's DECODE_STAGE)
// makes the head a register of its own, loaded from the RAM (or straight
// from the input when the RAM is empty) as the old head leaves: what the
// detector decodes then starts at flip-flops, not at a LUT RAM read
// behind the read pointer (the FPGA build's longest path once ran
// from rd_q through the head's decode into the metadata cache). Events,
// readiness and emptiness are cycle for cycle those of HEAD_REG=0; only
// out_data_o while the queue is empty differs, and the metadata cache
// looks up whatever the head holds even then (a lookup may fill a fresh
// line early), so the detector's cycles may move by a few.
`default_nettype none

module scord_evq #(
    parameter DEPTH    = 8,
    parameter WIDTH    = 128,
    parameter HEAD_REG = 0,
    // derived, do not override
    parameter PTR_W = (DEPTH > 1) ? $clog2(DEPTH) : 1
) (
    input  wire             clk_i,
    input  wire             rst_i,
    input  wire             in_valid_i,
    output wire             in_ready_o,
    input  wire [WIDTH-1:0] in_data_i,
    output wire             out_valid_o,
    input  wire             out_pop_i,
    output wire [WIDTH-1:0] out_data_o,
    output wire             empty_o
);
    reg [WIDTH-1:0] mem_q [0:DEPTH-1];
    reg [PTR_W-1:0] rd_q, wr_q;
    reg [PTR_W:0]   cnt_q;      // events in all (with HEAD_REG, the head's included)

    wire push = in_valid_i && in_ready_o;
    wire pop  = out_pop_i && out_valid_o;

    assign in_ready_o = (cnt_q != DEPTH[PTR_W:0]);
    assign empty_o    = !out_valid_o;

    // Pointer wrap for depths that are not a power of two.
    function [PTR_W-1:0] ptr_next;
        input [PTR_W-1:0] p;
        begin
            ptr_next = (p == DEPTH[PTR_W-1:0] - 1'b1) ? {PTR_W{1'b0}} : p + 1'b1;
        end
    endfunction

    wire mem_push, mem_pop;     // the RAM's own push and pop
    always @(posedge clk_i) begin
        if (mem_push)
            mem_q[wr_q] <= in_data_i;
    end

    always @(posedge clk_i) begin
        if (rst_i) begin
            rd_q  <= {PTR_W{1'b0}};
            wr_q  <= {PTR_W{1'b0}};
            cnt_q <= {(PTR_W+1){1'b0}};
        end else begin
            if (mem_push) wr_q <= ptr_next(wr_q);
            if (mem_pop)  rd_q <= ptr_next(rd_q);
            if (push && !pop)      cnt_q <= cnt_q + 1'b1;
            else if (pop && !push) cnt_q <= cnt_q - 1'b1;
        end
    end

    generate
        if (HEAD_REG != 0) begin : g_head
            reg [WIDTH-1:0] head_q;
            reg             hv_q;   // head_q holds the oldest event (low: the queue is empty)
            // events behind the head, in the RAM
            wire mem_any   = (cnt_q != {{PTR_W{1'b0}}, hv_q});
            wire head_take = !hv_q || pop;            // the head register is free now
            wire bypass    = head_take && !mem_any;   // a push goes straight to the head
            assign mem_push    = push && !bypass;
            assign mem_pop     = head_take && mem_any;
            assign out_valid_o = hv_q;
            assign out_data_o  = head_q;
            always @(posedge clk_i) begin
                if (head_take)
                    head_q <= mem_any ? mem_q[rd_q] : in_data_i;
                if (rst_i)
                    hv_q <= 1'b0;
                else if (head_take)
                    hv_q <= mem_any || push;
            end
        end else begin : g_ram
            assign mem_push    = push;
            assign mem_pop     = pop;
            assign out_valid_o = (cnt_q != {(PTR_W+1){1'b0}});
            assign out_data_o  = mem_q[rd_q];
        end
    endgenerate
endmodule
`default_nettype wire
