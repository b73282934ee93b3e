// One ECP5 EHXPLLL output with feedback from CLKOP:
// f_out = f_in / CLKI_DIV * CLKFB_DIV, VCO = f_out * CLKOP_DIV.
// tools/ecp5_pll.py picks the dividers; the FPGA flow passes them in.
`default_nettype none

module ecp5_pll #(
    parameter CLKI_DIV     = 5,
    parameter CLKFB_DIV    = 6,
    parameter CLKOP_DIV    = 20,
    parameter CLKOP_CPHASE = 19
) (
    input  wire clk_i,
    output wire clk_o,
    output wire locked_o
);
    wire clkop;

    EHXPLLL #(
        .PLLRST_ENA       ("DISABLED"),
        .INTFB_WAKE       ("DISABLED"),
        .STDBY_ENABLE     ("DISABLED"),
        .DPHASE_SOURCE    ("DISABLED"),
        .OUTDIVIDER_MUXA  ("DIVA"),
        .OUTDIVIDER_MUXB  ("DIVB"),
        .OUTDIVIDER_MUXC  ("DIVC"),
        .OUTDIVIDER_MUXD  ("DIVD"),
        .CLKI_DIV         (CLKI_DIV),
        .CLKOP_ENABLE     ("ENABLED"),
        .CLKOP_DIV        (CLKOP_DIV),
        .CLKOP_CPHASE     (CLKOP_CPHASE),
        .CLKOP_FPHASE     (0),
        .FEEDBK_PATH      ("CLKOP"),
        .CLKFB_DIV        (CLKFB_DIV)
    ) u_pll (
        .RST          (1'b0),
        .STDBY        (1'b0),
        .CLKI         (clk_i),
        .CLKOP        (clkop),
        .CLKOS        (),
        .CLKOS2       (),
        .CLKOS3       (),
        .CLKFB        (clkop),
        .CLKINTFB     (),
        .PHASESEL0    (1'b0),
        .PHASESEL1    (1'b0),
        .PHASEDIR     (1'b1),
        .PHASESTEP    (1'b1),
        .PHASELOADREG (1'b1),
        .PLLWAKESYNC  (1'b0),
        .ENCLKOP      (1'b0),
        .ENCLKOS      (1'b0),
        .ENCLKOS2     (1'b0),
        .ENCLKOS3     (1'b0),
        .LOCK         (locked_o),
        .INTLOCK      ()
    );
    assign clk_o = clkop;
endmodule
`default_nettype wire
