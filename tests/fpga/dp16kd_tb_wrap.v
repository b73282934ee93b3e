// The test bench's view of a DP16KD (tests/fpga/dp16kd_tb.v): the model's
// single-pin ports as buses.
`default_nettype none

module dp16kd_tb_wrap #(
    parameter integer WA = 18,
    parameter integer WB = 18,
    parameter string  WMA = "NORMAL",
    parameter string  WMB = "NORMAL",
    parameter [319:0] INIT0 = 320'h0
) (
    input  wire        clk,
    input  wire [17:0] dia, dib,
    input  wire [13:0] ada, adb,
    input  wire        cea, ceb, wea, web,
    output wire [17:0] doa, dob
);
    DP16KD #(.DATA_WIDTH_A(WA), .DATA_WIDTH_B(WB), .WRITEMODE_A(WMA), .WRITEMODE_B(WMB),
             .INITVAL_00(INIT0)) u_ram (
        .DIA0(dia[0]), .DIA1(dia[1]), .DIA2(dia[2]), .DIA3(dia[3]), .DIA4(dia[4]), .DIA5(dia[5]), .DIA6(dia[6]), .DIA7(dia[7]), .DIA8(dia[8]), .DIA9(dia[9]), .DIA10(dia[10]), .DIA11(dia[11]), .DIA12(dia[12]), .DIA13(dia[13]), .DIA14(dia[14]), .DIA15(dia[15]), .DIA16(dia[16]), .DIA17(dia[17]),
        .DIB0(dib[0]), .DIB1(dib[1]), .DIB2(dib[2]), .DIB3(dib[3]), .DIB4(dib[4]), .DIB5(dib[5]), .DIB6(dib[6]), .DIB7(dib[7]), .DIB8(dib[8]), .DIB9(dib[9]), .DIB10(dib[10]), .DIB11(dib[11]), .DIB12(dib[12]), .DIB13(dib[13]), .DIB14(dib[14]), .DIB15(dib[15]), .DIB16(dib[16]), .DIB17(dib[17]),
        .ADA0(ada[0]), .ADA1(ada[1]), .ADA2(ada[2]), .ADA3(ada[3]), .ADA4(ada[4]), .ADA5(ada[5]), .ADA6(ada[6]), .ADA7(ada[7]), .ADA8(ada[8]), .ADA9(ada[9]), .ADA10(ada[10]), .ADA11(ada[11]), .ADA12(ada[12]), .ADA13(ada[13]),
        .ADB0(adb[0]), .ADB1(adb[1]), .ADB2(adb[2]), .ADB3(adb[3]), .ADB4(adb[4]), .ADB5(adb[5]), .ADB6(adb[6]), .ADB7(adb[7]), .ADB8(adb[8]), .ADB9(adb[9]), .ADB10(adb[10]), .ADB11(adb[11]), .ADB12(adb[12]), .ADB13(adb[13]),
        .DOA0(doa[0]), .DOA1(doa[1]), .DOA2(doa[2]), .DOA3(doa[3]), .DOA4(doa[4]), .DOA5(doa[5]), .DOA6(doa[6]), .DOA7(doa[7]), .DOA8(doa[8]), .DOA9(doa[9]), .DOA10(doa[10]), .DOA11(doa[11]), .DOA12(doa[12]), .DOA13(doa[13]), .DOA14(doa[14]), .DOA15(doa[15]), .DOA16(doa[16]), .DOA17(doa[17]),
        .DOB0(dob[0]), .DOB1(dob[1]), .DOB2(dob[2]), .DOB3(dob[3]), .DOB4(dob[4]), .DOB5(dob[5]), .DOB6(dob[6]), .DOB7(dob[7]), .DOB8(dob[8]), .DOB9(dob[9]), .DOB10(dob[10]), .DOB11(dob[11]), .DOB12(dob[12]), .DOB13(dob[13]), .DOB14(dob[14]), .DOB15(dob[15]), .DOB16(dob[16]), .DOB17(dob[17]),
        .CEA(cea), .OCEA(1'b1), .CLKA(clk), .WEA(wea), .RSTA(1'b0), .CSA2(1'b0), .CSA1(1'b0), .CSA0(1'b0),
        .CEB(ceb), .OCEB(1'b1), .CLKB(clk), .WEB(web), .RSTB(1'b0), .CSB2(1'b0), .CSB1(1'b0), .CSB0(1'b0)
    );
endmodule
`default_nettype wire
