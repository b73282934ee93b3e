// Checks of our ECP5 block RAM model (fpga/ecp5/sim/DP16KD.v) that the
// netlist simulation relies on, against the layout it documents: INITVAL's
// rows, a 2-bit port's units inside a row (the firmware image lies in 128
// such blocks), 36-bit writes with byte enables read back whole, 9-bit
// bytes, 18-bit byte enables and the three write modes. Run by
// make fpga-sim-models-test; prints "PASS dp16kd model" or the mismatches.
`timescale 1ns/1ps
`default_nettype none

module dp16kd_tb;
    reg clk = 1'b0;
    always #5 clk <= ~clk;
    integer errors = 0;

    // row r of INITVAL_00 (the others stay 0)
    function automatic [17:0] row_val(input [5:0] r);
        row_val = {r, ~r, r};
    endfunction
    localparam [319:0] INIT0 = 320'h0fc0f0ec4e0dc8d0cccc0bd0b0ad4a09d8908dc807e0706e4605e8504ec403f0302f4201f8100fc0;

    task automatic expect_eq(input string what, input [35:0] got, input [35:0] want);
        if (got !== want) begin
            $display("FAIL dp16kd model: %s: got %h, want %h", what, got, want);
            errors = errors + 1;
        end
    endtask

    // four blocks: 2-bit port A with an 18-bit port B (the SoC memory's
    // configuration), 36/36, 9/9 read-before-write, 18/18 write-through on A
    // packed: Verilator 5.006 does not wake logic on an unpacked array
    // element written by a timed process
    reg  [3:0][17:0] dia, dib;
    reg  [3:0][13:0] ada, adb;
    reg  [3:0]       cea = 4'd0, ceb = 4'd0, wea = 4'd0, web = 4'd0;
    wire [3:0][17:0] doa, dob;
    dp16kd_tb_wrap #(.WA(2), .WB(18), .WMA("READBEFOREWRITE"), .WMB("READBEFOREWRITE"), .INIT0(INIT0)) u_2 (
        .clk(clk), .dia(dia[0]), .dib(dib[0]), .ada(ada[0]), .adb(adb[0]), .cea(cea[0]), .ceb(ceb[0]),
        .wea(wea[0]), .web(web[0]), .doa(doa[0]), .dob(dob[0]));
    dp16kd_tb_wrap #(.WA(36), .WB(36)) u_36 (
        .clk(clk), .dia(dia[1]), .dib(dib[1]), .ada(ada[1]), .adb(adb[1]), .cea(cea[1]), .ceb(ceb[1]),
        .wea(wea[1]), .web(web[1]), .doa(doa[1]), .dob(dob[1]));
    dp16kd_tb_wrap #(.WA(9), .WB(9), .WMA("READBEFOREWRITE"), .WMB("READBEFOREWRITE")) u_9 (
        .clk(clk), .dia(dia[2]), .dib(dib[2]), .ada(ada[2]), .adb(adb[2]), .cea(cea[2]), .ceb(ceb[2]),
        .wea(wea[2]), .web(web[2]), .doa(doa[2]), .dob(dob[2]));
    dp16kd_tb_wrap #(.WA(18), .WB(18), .WMA("WRITETHROUGH"), .WMB("NORMAL")) u_18 (
        .clk(clk), .dia(dia[3]), .dib(dib[3]), .ada(ada[3]), .adb(adb[3]), .cea(cea[3]), .ceb(ceb[3]),
        .wea(wea[3]), .web(web[3]), .doa(doa[3]), .dob(dob[3]));

    integer i, k;
    reg [17:0] row;
    initial begin
        for (i = 0; i < 4; i = i + 1) begin
            dia[i] = 18'd0; dib[i] = 18'd0; ada[i] = 14'd0; adb[i] = 14'd0;
        end
        cea = 4'b1111; ceb = 4'b1111;
        @(negedge clk);

        // 2-bit port: unit k is in row k/8, byte (k%8)/4, bits 2*(k%4) of it
        for (k = 0; k < 128; k = k + 1) begin
            ada[0] = {k[12:0], 1'b0};
            adb[0] = {k[9:0], 4'd0};
            @(negedge clk);
            row = row_val(6'(k / 8));
            expect_eq($sformatf("x2 read of unit %0d", k), {34'd0, doa[0][1:0]},
                      {34'd0, row[9 * ((k % 8) / 4) + 2 * (k % 4) +: 2]});
            expect_eq("x2 port: DO above the unit", {20'd0, doa[0][17:2]}, 36'd0);
            if (k < 16) expect_eq($sformatf("x18 read of row %0d", k), {18'd0, dob[0]}, {18'd0, row_val(k[5:0])});
        end
        // write unit 13 (row 1, byte 1, bits 11-12): the read sees the old value
        ada[0] = {13'd13, 1'b0}; dia[0] = 18'd2; wea[0] = 1'b1; adb[0] = {10'd1, 4'd0};
        @(negedge clk);
        wea[0] = 1'b0;
        row = row_val(1);
        expect_eq("x2 read before write", {34'd0, doa[0][1:0]}, {34'd0, row[12:11]});
        @(negedge clk);
        row[12:11] = 2'd2;
        expect_eq("x2 write seen by the x18 port", {18'd0, dob[0]}, {18'd0, row});

        // 36 bits: byte enables 0110 write DIA's upper byte and DIB's lower one
        ada[1] = {9'd3, 1'b0, 4'b0110}; dia[1] = 18'h15555; dib[1] = 18'h2aaaa; wea[1] = 1'b1;
        adb[1] = {9'd3, 5'd0};
        @(negedge clk);
        wea[1] = 1'b0;
        @(negedge clk);
        expect_eq("x36 byte enables", {dob[1], doa[1]}, {9'd0, dib[1][8:0], dia[1][17:9], 9'd0});

        // 9 bits: byte 11 is row 5's upper byte
        ada[2] = {11'd11, 3'd0}; dia[2] = 18'h001a5; wea[2] = 1'b1;
        @(negedge clk);
        wea[2] = 1'b0;
        adb[2] = {11'd11, 3'd0};
        @(negedge clk);
        expect_eq("x9 byte 11", {18'd0, dob[2]}, 36'h1a5);
        adb[2] = {11'd10, 3'd0};
        @(negedge clk);
        expect_eq("x9 byte 10 untouched", {18'd0, dob[2]}, 36'd0);
        expect_eq("x9 port A reads its write back", {18'd0, doa[2]}, 36'h1a5);

        // 18 bits: byte enable 01, WRITETHROUGH shows the new row on port A;
        // then port B (NORMAL) writes the upper byte and keeps its output
        ada[3] = {10'd4, 4'b0001}; dia[3] = 18'h3ffff; wea[3] = 1'b1;
        adb[3] = {10'd4, 4'd0};
        @(negedge clk);
        wea[3] = 1'b0;
        expect_eq("x18 write-through, byte enable 01", {18'd0, doa[3]}, {18'd0, 9'd0, 9'h1ff});
        expect_eq("x18 read on B after A's write (old row)", {18'd0, dob[3]}, 36'd0);
        adb[3] = {10'd4, 4'b0010}; dib[3] = 18'h3ffff; web[3] = 1'b1;
        @(negedge clk);
        web[3] = 1'b0;
        expect_eq("x18 NORMAL write keeps the output", {18'd0, dob[3]}, 36'd0);
        @(negedge clk);
        expect_eq("x18 both bytes written", {18'd0, dob[3]}, 36'h3ffff);

        if (errors == 0) $display("PASS dp16kd model");
        $finish;
    end
endmodule
`default_nettype wire
