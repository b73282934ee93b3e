// Checks of our ECP5 multiplier model (fpga/ecp5/sim/MULT18X18D.v) in the
// configuration synth_ecp5 uses: P = A * B, each operand signed or not as
// SIGNEDA/SIGNEDB say, against the simulator's own arithmetic on random
// and extreme operands. Run by make fpga-sim-models-test; prints
// "PASS mult18x18d model" or the mismatches.
`timescale 1ns/1ps
`default_nettype none

module mult18x18d_tb;
    reg  [17:0] a = 18'd0, b = 18'd0;
    reg         sa = 1'b0, sb = 1'b0;
    wire [35:0] p;
    MULT18X18D u_mul (
        .A0(a[0]), .A1(a[1]), .A2(a[2]), .A3(a[3]), .A4(a[4]), .A5(a[5]), .A6(a[6]), .A7(a[7]), .A8(a[8]), .A9(a[9]), .A10(a[10]), .A11(a[11]), .A12(a[12]), .A13(a[13]), .A14(a[14]), .A15(a[15]), .A16(a[16]), .A17(a[17]),
        .B0(b[0]), .B1(b[1]), .B2(b[2]), .B3(b[3]), .B4(b[4]), .B5(b[5]), .B6(b[6]), .B7(b[7]), .B8(b[8]), .B9(b[9]), .B10(b[10]), .B11(b[11]), .B12(b[12]), .B13(b[13]), .B14(b[14]), .B15(b[15]), .B16(b[16]), .B17(b[17]),
        .C0(c0[0]), .C1(c0[1]), .C2(c0[2]), .C3(c0[3]), .C4(c0[4]), .C5(c0[5]), .C6(c0[6]), .C7(c0[7]), .C8(c0[8]), .C9(c0[9]), .C10(c0[10]), .C11(c0[11]), .C12(c0[12]), .C13(c0[13]), .C14(c0[14]), .C15(c0[15]), .C16(c0[16]), .C17(c0[17]),
        .SIGNEDA(sa), .SIGNEDB(sb), .SOURCEA(1'b0), .SOURCEB(1'b0),
        .P0(p[0]), .P1(p[1]), .P2(p[2]), .P3(p[3]), .P4(p[4]), .P5(p[5]), .P6(p[6]), .P7(p[7]), .P8(p[8]), .P9(p[9]), .P10(p[10]), .P11(p[11]), .P12(p[12]), .P13(p[13]), .P14(p[14]), .P15(p[15]), .P16(p[16]), .P17(p[17]), .P18(p[18]), .P19(p[19]), .P20(p[20]), .P21(p[21]), .P22(p[22]), .P23(p[23]), .P24(p[24]), .P25(p[25]), .P26(p[26]), .P27(p[27]), .P28(p[28]), .P29(p[29]), .P30(p[30]), .P31(p[31]), .P32(p[32]), .P33(p[33]), .P34(p[34]), .P35(p[35])
    );
    wire [17:0] c0 = 18'd0;

    integer i, errors = 0;
    reg signed [35:0] want;   // the product modulo 2^36, as P
    initial begin
        for (i = 0; i < 4000; i = i + 1) begin
            a = i < 8 ? {i[0], {17{i[1]}}} : 18'($urandom);
            b = i < 8 ? {i[2], {17{~i[1]}}} : 18'($urandom);
            sa = i[3];
            sb = i[4];
            #1;
            want = 36'($signed({sa & a[17], a}) * $signed({sb & b[17], b}));
            if (p !== want[35:0]) begin
                if (errors < 10)
                    $display("FAIL mult18x18d model: %h * %h (signed %b%b): got %h, want %h", a, b, sa, sb, p, want[35:0]);
                errors = errors + 1;
            end
        end
        if (errors == 0) $display("PASS mult18x18d model");
        $finish;
    end
endmodule
`default_nettype wire
