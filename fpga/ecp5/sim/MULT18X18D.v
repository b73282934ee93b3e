// Simulation model of the ECP5 18x18 multiplier MULT18X18D, for the
// netlist simulation of a board top (make fpga-netlist-sim, docs/fpga.md
// "Netlist simulation"). Yosys ships the cell only as a black box; this
// model is ours, written from the cell's documented behaviour (Lattice
// TN1267, ECP5 sysDSP usage guide) for the configuration synth_ecp5 maps a
// multiplication to: no input, pipeline or output registers (every
// REG_*_CLK "NONE"), operands from the A and B pins (SOURCEA/SOURCEB low;
// high would take them from the neighbouring block's SRIA/SRIB cascade,
// which this model does not have), SIGNEDA/SIGNEDB telling whether each
// operand is two's complement. P is then the 36-bit product of A and B,
// combinational. The C input only feeds the ALU54B next to the block,
// which synth_ecp5 does not use.
//
// A netlist with registers (any REG_*_CLK other than "NONE") is refused
// at time 0; the clock, enable, reset and cascade pins and the other
// parameters are not part of this model (a netlist that sets them fails
// to elaborate).
`default_nettype none

module MULT18X18D #(
    parameter string REG_INPUTA_CLK = "NONE",
    parameter string REG_INPUTB_CLK = "NONE",
    parameter string REG_INPUTC_CLK = "NONE",
    parameter string REG_PIPELINE_CLK = "NONE",
    parameter string REG_OUTPUT_CLK = "NONE",
    parameter string MULT_BYPASS = "DISABLED"
) (
    input  wire A17, A16, A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0,
    input  wire B17, B16, B15, B14, B13, B12, B11, B10, B9, B8, B7, B6, B5, B4, B3, B2, B1, B0,
    input  wire C17, C16, C15, C14, C13, C12, C11, C10, C9, C8, C7, C6, C5, C4, C3, C2, C1, C0,
    input  wire SIGNEDA, SIGNEDB, SOURCEA, SOURCEB,
    output wire P35, P34, P33, P32, P31, P30, P29, P28, P27, P26, P25, P24, P23, P22, P21, P20, P19, P18, P17, P16, P15, P14, P13, P12, P11, P10, P9, P8, P7, P6, P5, P4, P3, P2, P1, P0
);
    wire [17:0] a = {A17, A16, A15, A14, A13, A12, A11, A10, A9, A8, A7, A6, A5, A4, A3, A2, A1, A0};
    wire [17:0] b = {B17, B16, B15, B14, B13, B12, B11, B10, B9, B8, B7, B6, B5, B4, B3, B2, B1, B0};
    wire [17:0] c = {C17, C16, C15, C14, C13, C12, C11, C10, C9, C8, C7, C6, C5, C4, C3, C2, C1, C0};

    initial begin
        if (REG_INPUTA_CLK != "NONE" || REG_INPUTB_CLK != "NONE" || REG_INPUTC_CLK != "NONE" ||
            REG_PIPELINE_CLK != "NONE" || REG_OUTPUT_CLK != "NONE")
            $fatal(1, "MULT18X18D model: registered configurations are not modelled");
        if (MULT_BYPASS != "DISABLED")
            $fatal(1, "MULT18X18D model: MULT_BYPASS is not modelled");
    end

    // each operand widened to 36 bits, by its sign or by zeros; the low 36
    // bits of the product are the same for every signedness then
    wire [35:0] a_x = {{18{SIGNEDA & a[17]}}, a};
    wire [35:0] b_x = {{18{SIGNEDB & b[17]}}, b};
    wire [35:0] p   = a_x * b_x;
    assign {P35, P34, P33, P32, P31, P30, P29, P28, P27, P26, P25, P24, P23, P22, P21, P20, P19, P18, P17, P16, P15, P14, P13, P12, P11, P10, P9, P8, P7, P6, P5, P4, P3, P2, P1, P0} = p;

    // the cascade inputs are not modelled: the operands must come from A and B
    always @(*)
        if (SOURCEA || SOURCEB)
            $error("MULT18X18D model: SOURCEA/SOURCEB (the shift cascade) are not modelled");

    wire unused = &{1'b0, c};
endmodule
`default_nettype wire
