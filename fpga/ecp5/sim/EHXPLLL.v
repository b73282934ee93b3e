// Simulation model of the ECP5 PLL EHXPLLL, for the netlist simulation of
// a board top (make fpga-netlist-sim, docs/fpga.md "Netlist simulation").
// Yosys ships the cell only as a black box; this model is ours.
//
// Not a PLL: the input clock passes through to every output unchanged, and
// LOCK rises after LOCK_CYCLES input clocks. In a cycle-based simulation
// one input clock is then one cycle of the logic behind the PLL, whatever
// the dividers say: the netlist runs at the simulator's speed, and what it
// believes its clock to be (the SoC's CLK_HZ, its UART divisor) is fixed by
// its own parameters, not by this model. The dividers and the other
// settings the netlist gives are accepted and have no effect; the feedback,
// phase, standby and enable pins are ignored.
`default_nettype none

module EHXPLLL #(
    // the settings a netlist gives; only checked, the clock passes through
    /* verilator lint_off UNUSEDPARAM */
    parameter integer CLKI_DIV = 1,
    parameter integer CLKFB_DIV = 1,
    parameter integer CLKOP_DIV = 8,
    parameter integer CLKOP_CPHASE = 0,
    parameter integer CLKOP_FPHASE = 0,
    parameter string  CLKOP_ENABLE = "ENABLED",
    parameter string  FEEDBK_PATH = "CLKOP",
    parameter string  OUTDIVIDER_MUXA = "DIVA",
    parameter string  OUTDIVIDER_MUXB = "DIVB",
    parameter string  OUTDIVIDER_MUXC = "DIVC",
    parameter string  OUTDIVIDER_MUXD = "DIVD",
    parameter string  PLLRST_ENA = "DISABLED",
    parameter string  INTFB_WAKE = "DISABLED",
    parameter string  STDBY_ENABLE = "DISABLED",
    parameter string  DPHASE_SOURCE = "DISABLED",
    /* verilator lint_on UNUSEDPARAM */
    parameter integer LOCK_CYCLES = 16      // the model's own: clocks to LOCK
) (
    input  wire CLKI, CLKFB,
    input  wire PHASESEL1, PHASESEL0, PHASEDIR, PHASESTEP, PHASELOADREG,
    input  wire STDBY, PLLWAKESYNC, RST,
    input  wire ENCLKOP, ENCLKOS, ENCLKOS2, ENCLKOS3,
    output wire CLKOP, CLKOS, CLKOS2, CLKOS3,
    output wire LOCK, INTLOCK, REFCLK, CLKINTFB
);
    assign CLKOP    = CLKI;
    assign CLKOS    = CLKI;
    assign CLKOS2   = CLKI;
    assign CLKOS3   = CLKI;
    assign REFCLK   = CLKI;
    assign CLKINTFB = CLKI;

    // RST (with PLLRST_ENA) restarts the lock count, as it would relock
    reg [7:0] count_q = 8'd0;
    always @(posedge CLKI)
        if (RST && PLLRST_ENA == "ENABLED") count_q <= 8'd0;
        else if (count_q != LOCK_CYCLES[7:0]) count_q <= count_q + 8'd1;
    assign LOCK    = count_q == LOCK_CYCLES[7:0];
    assign INTLOCK = LOCK;

    initial
        if (LOCK_CYCLES < 1 || LOCK_CYCLES > 255 || CLKI_DIV < 1 || CLKFB_DIV < 1 || CLKOP_DIV < 1 ||
            CLKOP_ENABLE != "ENABLED")
            $fatal(1, "EHXPLLL model: settings it does not take (dividers of 0, CLKOP disabled)");

    wire unused = &{1'b0, CLKFB, PHASESEL1, PHASESEL0, PHASEDIR, PHASESTEP, PHASELOADREG, STDBY,
                    PLLWAKESYNC, ENCLKOP, ENCLKOS, ENCLKOS2, ENCLKOS3};
endmodule
`default_nettype wire
