// One configuration of scord_sh_rule with its ports packed into one input
// and one output vector (layout in shrule_tb_top.v).
`default_nettype none
`include "shrule_tb.vh"

module shrule_tb_one #(
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    // derived, do not override
    parameter T  = NUM_THREADS,
    parameter WW = `SH_WW(NUM_WARPS),
    parameter LB = `SH_LB(NUM_THREADS),
    parameter TW = WW + LB,
    parameter EW = 80 + 2 * TW,
    parameter IW = `SH_IW(NUM_WARPS, NUM_THREADS),
    parameter OW = `SH_OW(NUM_WARPS, NUM_THREADS)
) (
    input  wire [IW-1:0] in_i,
    output wire [OW-1:0] out_o
);
    localparam I_EP    = EW;
    localparam I_KIND  = I_EP + 8;
    localparam I_LANES = I_KIND + 2;
    localparam I_BYTES = I_LANES + T;
    localparam I_WARP  = I_BYTES + 4 * T;
    localparam I_WS    = I_WARP + WW;
    localparam I_FC    = I_WS + 8;
    localparam I_PC    = I_FC + 6 * NUM_WARPS;

    wire          race, same_warp, prev_write, prev_atom, prev_exact;
    wire [LB-1:0] lane;
    wire [TW-1:0] prev_thread;
    wire [15:0]   prev_pcidx;
    wire [EW-1:0] ent;

    scord_sh_rule #(
        .NUM_WARPS   (NUM_WARPS),
        .NUM_THREADS (NUM_THREADS)
    ) u_rule (
        .ent_i         (in_i[0 +: EW]),
        .ep_i          (in_i[I_EP +: 8]),
        .kind_i        (in_i[I_KIND +: 2]),
        .lanes_i       (in_i[I_LANES +: T]),
        .bytes_i       (in_i[I_BYTES +: 4 * T]),
        .warp_i        (in_i[I_WARP +: WW]),
        .ws_i          (in_i[I_WS +: 8]),
        .fc_i          (in_i[I_FC +: 6 * NUM_WARPS]),
        .pcidx_i       (in_i[I_PC +: 16]),
        .race_o        (race),
        .same_warp_o   (same_warp),
        .lane_o        (lane),
        .prev_thread_o (prev_thread),
        .prev_pcidx_o  (prev_pcidx),
        .prev_write_o  (prev_write),
        .prev_atom_o   (prev_atom),
        .prev_exact_o  (prev_exact),
        .ent_o         (ent)
    );

    assign out_o = {ent, prev_exact, prev_atom, prev_write, prev_pcidx, prev_thread, lane, same_warp, race};
endmodule

`default_nettype wire
