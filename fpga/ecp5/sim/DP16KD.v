// Simulation model of the ECP5 block RAM DP16KD, for the netlist simulation
// of a board top (make fpga-netlist-sim, docs/fpga.md "Netlist simulation").
// Yosys ships the cell only as a black box; this model is ours, written
// from the cell's documented behaviour (Lattice TN1264, ECP5 memory usage
// guide) and the port conventions of Yosys's ECP5 block-RAM mapping, for
// the configurations synth_ecp5 produces:
//
//  * 18 Kbit as 1024 rows of two 9-bit bytes. INITVAL_xx holds rows
//    16*xx .. 16*xx+15, row i of it in bits [20*i +: 18] (two pad bits).
//  * Port widths 1, 2, 4 and 9 use AD[13:4] as the row and AD[3] as the
//    byte; widths 1, 2 and 4 pick their unit inside the byte's low eight
//    bits with AD[2:0] (the ninth bit of a byte is only reachable at widths
//    9, 18 and 36). Data on DI/DO[W-1:0], the other DO pins read 0.
//  * Width 18: AD[13:4] the row, AD[1:0] the byte enables of a write.
//  * Width 36 (the pseudo-dual-port mode): port A writes, port B reads.
//    AD[13:5] selects a row pair: the even row holds bits [17:0] (DIA on a
//    write, DOA on a read), the odd row bits [35:18] (DIB, DOB); ADA[3:0]
//    are the write's byte enables.
//  * A port with CE high and its chip select equal to CSDECODE reads or
//    writes at the rising clock edge; a write happens when WE is high.
//    The read data go to an output latch: a read updates it, a write
//    updates it as WRITEMODE says (NORMAL: keeps it, WRITETHROUGH: the new
//    contents, READBEFOREWRITE: the old contents). RST clears it (RESETMODE
//    SYNC: at the clock edge, ASYNC: at once).
//  * When both ports access the same row in one cycle a read sees the old
//    contents, and of two writes to one row the later process wins (real
//    block RAM leaves such collisions undefined).
//
// Not modelled, and refused at time 0 if a netlist asks for them: the
// output register (REGMODE OUTREG), inverted clock/control pins (*MUX
// other than the pin itself). GSR and ASYNC_RESET_RELEASE have no effect:
// the output latches start at 0 and the memory at INITVAL, as after
// configuration, and a reset is released at once.
`default_nettype none

module DP16KD #(
    parameter integer DATA_WIDTH_A = 18,
    parameter integer DATA_WIDTH_B = 18,
    parameter string REGMODE_A = "NOREG",
    parameter string REGMODE_B = "NOREG",
    parameter string RESETMODE = "SYNC",
    parameter string ASYNC_RESET_RELEASE = "SYNC",
    parameter string CSDECODE_A = "0b000",
    parameter string CSDECODE_B = "0b000",
    parameter string WRITEMODE_A = "NORMAL",
    parameter string WRITEMODE_B = "NORMAL",
    parameter string CLKAMUX = "CLKA",
    parameter string CLKBMUX = "CLKB",
    parameter string GSR = "ENABLED",
    parameter [319:0] INITVAL_00 = 320'h0,
    parameter [319:0] INITVAL_01 = 320'h0,
    parameter [319:0] INITVAL_02 = 320'h0,
    parameter [319:0] INITVAL_03 = 320'h0,
    parameter [319:0] INITVAL_04 = 320'h0,
    parameter [319:0] INITVAL_05 = 320'h0,
    parameter [319:0] INITVAL_06 = 320'h0,
    parameter [319:0] INITVAL_07 = 320'h0,
    parameter [319:0] INITVAL_08 = 320'h0,
    parameter [319:0] INITVAL_09 = 320'h0,
    parameter [319:0] INITVAL_0A = 320'h0,
    parameter [319:0] INITVAL_0B = 320'h0,
    parameter [319:0] INITVAL_0C = 320'h0,
    parameter [319:0] INITVAL_0D = 320'h0,
    parameter [319:0] INITVAL_0E = 320'h0,
    parameter [319:0] INITVAL_0F = 320'h0,
    parameter [319:0] INITVAL_10 = 320'h0,
    parameter [319:0] INITVAL_11 = 320'h0,
    parameter [319:0] INITVAL_12 = 320'h0,
    parameter [319:0] INITVAL_13 = 320'h0,
    parameter [319:0] INITVAL_14 = 320'h0,
    parameter [319:0] INITVAL_15 = 320'h0,
    parameter [319:0] INITVAL_16 = 320'h0,
    parameter [319:0] INITVAL_17 = 320'h0,
    parameter [319:0] INITVAL_18 = 320'h0,
    parameter [319:0] INITVAL_19 = 320'h0,
    parameter [319:0] INITVAL_1A = 320'h0,
    parameter [319:0] INITVAL_1B = 320'h0,
    parameter [319:0] INITVAL_1C = 320'h0,
    parameter [319:0] INITVAL_1D = 320'h0,
    parameter [319:0] INITVAL_1E = 320'h0,
    parameter [319:0] INITVAL_1F = 320'h0,
    parameter [319:0] INITVAL_20 = 320'h0,
    parameter [319:0] INITVAL_21 = 320'h0,
    parameter [319:0] INITVAL_22 = 320'h0,
    parameter [319:0] INITVAL_23 = 320'h0,
    parameter [319:0] INITVAL_24 = 320'h0,
    parameter [319:0] INITVAL_25 = 320'h0,
    parameter [319:0] INITVAL_26 = 320'h0,
    parameter [319:0] INITVAL_27 = 320'h0,
    parameter [319:0] INITVAL_28 = 320'h0,
    parameter [319:0] INITVAL_29 = 320'h0,
    parameter [319:0] INITVAL_2A = 320'h0,
    parameter [319:0] INITVAL_2B = 320'h0,
    parameter [319:0] INITVAL_2C = 320'h0,
    parameter [319:0] INITVAL_2D = 320'h0,
    parameter [319:0] INITVAL_2E = 320'h0,
    parameter [319:0] INITVAL_2F = 320'h0,
    parameter [319:0] INITVAL_30 = 320'h0,
    parameter [319:0] INITVAL_31 = 320'h0,
    parameter [319:0] INITVAL_32 = 320'h0,
    parameter [319:0] INITVAL_33 = 320'h0,
    parameter [319:0] INITVAL_34 = 320'h0,
    parameter [319:0] INITVAL_35 = 320'h0,
    parameter [319:0] INITVAL_36 = 320'h0,
    parameter [319:0] INITVAL_37 = 320'h0,
    parameter [319:0] INITVAL_38 = 320'h0,
    parameter [319:0] INITVAL_39 = 320'h0,
    parameter [319:0] INITVAL_3A = 320'h0,
    parameter [319:0] INITVAL_3B = 320'h0,
    parameter [319:0] INITVAL_3C = 320'h0,
    parameter [319:0] INITVAL_3D = 320'h0,
    parameter [319:0] INITVAL_3E = 320'h0,
    parameter [319:0] INITVAL_3F = 320'h0
) (
    input  wire DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0,
    input  wire ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0,
    input  wire CEA, OCEA, CLKA, WEA, RSTA, CSA2, CSA1, CSA0,
    output wire DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0,
    input  wire DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0,
    input  wire ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0,
    input  wire CEB, OCEB, CLKB, WEB, RSTB, CSB2, CSB1, CSB0,
    output wire DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0
);
    wire [17:0] dia = {DIA17, DIA16, DIA15, DIA14, DIA13, DIA12, DIA11, DIA10, DIA9, DIA8, DIA7, DIA6, DIA5, DIA4, DIA3, DIA2, DIA1, DIA0};
    wire [17:0] dib = {DIB17, DIB16, DIB15, DIB14, DIB13, DIB12, DIB11, DIB10, DIB9, DIB8, DIB7, DIB6, DIB5, DIB4, DIB3, DIB2, DIB1, DIB0};
    wire [13:0] ada = {ADA13, ADA12, ADA11, ADA10, ADA9, ADA8, ADA7, ADA6, ADA5, ADA4, ADA3, ADA2, ADA1, ADA0};
    wire [13:0] adb = {ADB13, ADB12, ADB11, ADB10, ADB9, ADB8, ADB7, ADB6, ADB5, ADB4, ADB3, ADB2, ADB1, ADB0};

    // CSDECODE is a string "0bXYZ", XYZ the chip select pins 2..0 that
    // select the port
    localparam [2:0] CS_A = {CSDECODE_A[2] == "1", CSDECODE_A[3] == "1", CSDECODE_A[4] == "1"};
    localparam [2:0] CS_B = {CSDECODE_B[2] == "1", CSDECODE_B[3] == "1", CSDECODE_B[4] == "1"};
    wire en_a = CEA && {CSA2, CSA1, CSA0} == CS_A;
    wire en_b = CEB && {CSB2, CSB1, CSB0} == CS_B;

    // write modes: 0 NORMAL, 1 WRITETHROUGH, 2 READBEFOREWRITE
    localparam integer WM_A = WRITEMODE_A == "WRITETHROUGH" ? 1 : WRITEMODE_A == "READBEFOREWRITE" ? 2 : 0;
    localparam integer WM_B = WRITEMODE_B == "WRITETHROUGH" ? 1 : WRITEMODE_B == "READBEFOREWRITE" ? 2 : 0;
    localparam         ASYNC_RST = RESETMODE == "ASYNC";

    localparam [64*320-1:0] INIT = {
        INITVAL_3F, INITVAL_3E, INITVAL_3D, INITVAL_3C, INITVAL_3B, INITVAL_3A, INITVAL_39, INITVAL_38,
        INITVAL_37, INITVAL_36, INITVAL_35, INITVAL_34, INITVAL_33, INITVAL_32, INITVAL_31, INITVAL_30,
        INITVAL_2F, INITVAL_2E, INITVAL_2D, INITVAL_2C, INITVAL_2B, INITVAL_2A, INITVAL_29, INITVAL_28,
        INITVAL_27, INITVAL_26, INITVAL_25, INITVAL_24, INITVAL_23, INITVAL_22, INITVAL_21, INITVAL_20,
        INITVAL_1F, INITVAL_1E, INITVAL_1D, INITVAL_1C, INITVAL_1B, INITVAL_1A, INITVAL_19, INITVAL_18,
        INITVAL_17, INITVAL_16, INITVAL_15, INITVAL_14, INITVAL_13, INITVAL_12, INITVAL_11, INITVAL_10,
        INITVAL_0F, INITVAL_0E, INITVAL_0D, INITVAL_0C, INITVAL_0B, INITVAL_0A, INITVAL_09, INITVAL_08,
        INITVAL_07, INITVAL_06, INITVAL_05, INITVAL_04, INITVAL_03, INITVAL_02, INITVAL_01, INITVAL_00
    };

    // each port writes from the process of its own clock, as the two
    // ports of the block may be clocked apart
    /* verilator lint_off MULTIDRIVEN */
    reg [17:0] mem [0:1023];
    /* verilator lint_on MULTIDRIVEN */
    integer r;
    initial begin
        for (r = 0; r < 1024; r = r + 1)
            mem[r] = INIT[20*r +: 18];
        if (REGMODE_A != "NOREG" || REGMODE_B != "NOREG")
            $fatal(1, "DP16KD model: only REGMODE NOREG is modelled");
        if (CLKAMUX != "CLKA" || CLKBMUX != "CLKB")
            $fatal(1, "DP16KD model: inverted clocks are not modelled");
        if (WRITEMODE_A != "NORMAL" && WM_A == 0 || WRITEMODE_B != "NORMAL" && WM_B == 0)
            $fatal(1, "DP16KD model: unknown WRITEMODE");
        if (RESETMODE != "SYNC" && !ASYNC_RST || ASYNC_RESET_RELEASE != "SYNC" && ASYNC_RESET_RELEASE != "ASYNC")
            $fatal(1, "DP16KD model: unknown RESETMODE or ASYNC_RESET_RELEASE");
        if (GSR != "ENABLED" && GSR != "DISABLED" && GSR != "AUTO")
            $fatal(1, "DP16KD model: unknown GSR");
        if (DATA_WIDTH_B == 36 && DATA_WIDTH_A != 36)
            $fatal(1, "DP16KD model: a 36-bit read port needs the 36-bit write port A");
    end

    // Where a unit of a port of width w (1, 2, 4, 9) lies in its row, and
    // which row bits a write of width w (up to 18) changes.
    function automatic [4:0] unit_lsb(input integer w, input [3:0] ad);
        reg [2:0] sub;
        begin
            sub = w >= 9 ? 3'd0 : ad[2:0] & ~(w[2:0] - 3'd1);
            unit_lsb = (ad[3] ? 5'd9 : 5'd0) + {2'b0, sub};
        end
    endfunction
    function automatic [17:0] wmask(input integer w, input [3:0] ad);
        if (w >= 18) wmask = {{9{ad[1]}}, {9{ad[0]}}};
        else         wmask = ({18{1'b1}} >> (18 - w)) << unit_lsb(w, ad);
    endfunction
    // the row bits as a port of width w (up to 18) sees them on DO
    function automatic [17:0] unit_rd(input integer w, input [3:0] ad, input [17:0] row);
        if (w >= 18) unit_rd = row;
        else         unit_rd = (row >> unit_lsb(w, ad)) & ({18{1'b1}} >> (18 - w));
    endfunction
    // write data moved to the unit's place in the row
    function automatic [17:0] unit_wr(input integer w, input [3:0] ad, input [17:0] di);
        if (w >= 18) unit_wr = di;
        else         unit_wr = di << unit_lsb(w, ad);
    endfunction

    function automatic [17:0] merge(input [17:0] old, input [17:0] data, input [17:0] mask);
        merge = (old & ~mask) | (data & mask);
    endfunction

    // The memory, masks and aligned data are computed inside the clocked
    // processes only, not in continuous assignments: Verilator 5.006 did
    // not re-evaluate such assignments (mem[row], function calls) when the
    // address pins changed (seen in the model's test bench,
    // tests/fpga/dp16kd_tb.v).

    // ---- port A (width 36: the write half of the pseudo-dual-port mode) ----
    wire [9:0]  row_a  = DATA_WIDTH_A == 36 ? {ada[13:5], 1'b0} : ada[13:4];
    wire        wr_a   = en_a && WEA;
    // width 36: the even row takes DIA under byte enables ADA[1:0] (as a
    // width-18 write), the odd row DIB under ADA[3:2]
    always @(posedge CLKA)
        if (wr_a) begin
            mem[row_a] <= merge(mem[row_a], unit_wr(DATA_WIDTH_A, ada[3:0], dia), wmask(DATA_WIDTH_A, ada[3:0]));
            if (DATA_WIDTH_A == 36)
                mem[row_a | 10'd1] <= merge(mem[row_a | 10'd1], dib, wmask(18, {2'b00, ada[3:2]}));
        end

    // ---- port B (width 36: the read half, on DOA and DOB) ----
    wire [9:0]  row_b  = DATA_WIDTH_B == 36 ? {adb[13:5], 1'b0} : adb[13:4];
    wire        wr_b   = en_b && WEB && DATA_WIDTH_B != 36;
    always @(posedge CLKB)
        if (wr_b) mem[row_b] <= merge(mem[row_b], unit_wr(DATA_WIDTH_B, adb[3:0], dib), wmask(DATA_WIDTH_B, adb[3:0]));

    // ---- output latches ----
    // whether a port's latch takes a value at the edge: a read, or a write
    // in a mode other than NORMAL; the value is the row before the edge's
    // writes, with this port's write merged in for WRITETHROUGH
    wire        load_a = en_a && DATA_WIDTH_A != 36 && (!WEA || WM_A != 0);
    wire        load_b = en_b && (DATA_WIDTH_B == 36 || !WEB || WM_B != 0);
    wire        thru_a = WM_A == 1 && WEA;
    wire        thru_b = WM_B == 1 && WEB;
    reg  [17:0] q_a = 18'd0;
    reg  [35:0] q_b = 36'd0;
    generate
        if (ASYNC_RST) begin : g_async
            always @(posedge CLKA or posedge RSTA)
                if (RSTA) q_a <= 18'd0;
                else if (load_a)
                    q_a <= unit_rd(DATA_WIDTH_A, ada[3:0],
                                   thru_a ? merge(mem[row_a], unit_wr(DATA_WIDTH_A, ada[3:0], dia), wmask(DATA_WIDTH_A, ada[3:0])) : mem[row_a]);
            always @(posedge CLKB or posedge RSTB)
                if (RSTB) q_b <= 36'd0;
                else if (load_b)
                    q_b <= DATA_WIDTH_B == 36 ? {mem[row_b | 10'd1], mem[row_b]}
                         : {18'd0, unit_rd(DATA_WIDTH_B, adb[3:0],
                                           thru_b ? merge(mem[row_b], unit_wr(DATA_WIDTH_B, adb[3:0], dib), wmask(DATA_WIDTH_B, adb[3:0])) : mem[row_b])};
        end else begin : g_sync
            always @(posedge CLKA)
                if (RSTA) q_a <= 18'd0;
                else if (load_a)
                    q_a <= unit_rd(DATA_WIDTH_A, ada[3:0],
                                   thru_a ? merge(mem[row_a], unit_wr(DATA_WIDTH_A, ada[3:0], dia), wmask(DATA_WIDTH_A, ada[3:0])) : mem[row_a]);
            always @(posedge CLKB)
                if (RSTB) q_b <= 36'd0;
                else if (load_b)
                    q_b <= DATA_WIDTH_B == 36 ? {mem[row_b | 10'd1], mem[row_b]}
                         : {18'd0, unit_rd(DATA_WIDTH_B, adb[3:0],
                                           thru_b ? merge(mem[row_b], unit_wr(DATA_WIDTH_B, adb[3:0], dib), wmask(DATA_WIDTH_B, adb[3:0])) : mem[row_b])};
        end
    endgenerate

    wire [17:0] doa = DATA_WIDTH_B == 36 ? q_b[17:0] : q_a;
    wire [17:0] dob = DATA_WIDTH_B == 36 ? q_b[35:18] : q_b[17:0];
    assign {DOA17, DOA16, DOA15, DOA14, DOA13, DOA12, DOA11, DOA10, DOA9, DOA8, DOA7, DOA6, DOA5, DOA4, DOA3, DOA2, DOA1, DOA0} = doa;
    assign {DOB17, DOB16, DOB15, DOB14, DOB13, DOB12, DOB11, DOB10, DOB9, DOB8, DOB7, DOB6, DOB5, DOB4, DOB3, DOB2, DOB1, DOB0} = dob;

    // OCE only clocks the output register, which is not modelled
    wire unused = &{1'b0, OCEA, OCEB};
endmodule
`default_nettype wire
