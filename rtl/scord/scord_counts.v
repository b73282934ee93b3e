// What each of the detector's counters (DET_CNT_*, scord_regs) counts this
// cycle: a pass's accesses, metadata reads and writes, tag mismatches,
// preliminary passes, pairs ordered only by the saturated device-fence
// epoch, races by type, fences and barriers as P2 does its
// pass's work; the report writer's records and suppressions; a core's
// shared-memory race as its report starts (§6.4). A counter steps by
// cnt_inc_o[IW*k +: IW].
`default_nettype none
`include "scord_defs.vh"

module scord_counts #(
    parameter NUM_THREADS = 8,
    parameter PASS_SLOTS  = 8,
    // derived, do not override
    parameter T  = NUM_THREADS,
    parameter S  = PASS_SLOTS,
    parameter IW = $clog2(((S > 1) ? T : 1) + 1),  // a counter's step
    parameter NC = {27'd0, `DET_CNT_COUNT}          // counters
) (
    // P2 (scord_pipe, scord_reports)
    input  wire             s2_act_i,       // P2 does its pass's work
    input  wire             s2_commit_i,    // P2 lets go (its entries are written)
    input  wire             s2_acc_i,
    input  wire             s2_bar_i,
    input  wire             s2_fence_i,
    input  wire             s2_intr_i,
    input  wire             s2_trk_i,
    input  wire [S-1:0]     s2_sv_i,
    input  wire [IW-1:0]    n_lanes_i,
    input  wire [S-1:0]     c_tagmis_i,
    input  wire [S-1:0]     c_prelim_i,
    input  wire [S*4-1:0]   c_race_i,
    input  wire [S-1:0]     c_changed_i,
    input  wire [S-1:0]     c_sat_i,        // ordered only by the saturated epoch
    input  wire [S-1:0]     c_warn_i,       // the race is of severity warning
    // the report writer, and a core's report starting
    input  wire             cnt_records_i,
    input  wire             cnt_suppressed_i,
    input  wire             sh_go_i,
    input  wire [3:0]       sh_type_i,
    output reg  [NC*IW-1:0] cnt_inc_o,
    output reg              intrusion_o     // P2's pass is an intrusion
);
    localparam integer K_ACC = {27'd0, `DET_CNT_ACCESSES};
    localparam integer K_PRE = {27'd0, `DET_CNT_PRELIM_PASS};
    localparam integer K_MDR = {27'd0, `DET_CNT_MD_READS};
    localparam integer K_MDW = {27'd0, `DET_CNT_MD_WRITES};
    localparam integer K_TAG = {27'd0, `DET_CNT_TAG_MISMATCH};
    localparam integer K_UNT = {27'd0, `DET_CNT_UNTRACKED};
    localparam integer K_FEN = {27'd0, `DET_CNT_FENCES};
    localparam integer K_BAR = {27'd0, `DET_CNT_BARRIERS};
    localparam integer K_REC = {27'd0, `DET_CNT_RECORDS};
    localparam integer K_SUP = {27'd0, `DET_CNT_SUPPRESSED};
    localparam integer K_RACE = {27'd0, `DET_CNT_RACE_BASE};
    localparam integer K_SAT = {27'd0, `DET_CNT_EPOCH_SAT};
    localparam integer K_WRN = {27'd0, `DET_CNT_WARNINGS};

    function [IW-1:0] count_of(input [S-1:0] v);
        integer k;
        begin
            count_of = {IW{1'b0}};
            for (k = 0; k < S; k = k + 1)
                count_of = count_of + IW'(v[k]);
        end
    endfunction
    wire [S-1:0] s2_race_s;
    genvar gr;
    generate
        for (gr = 0; gr < S; gr = gr + 1) begin : g_race
            assign s2_race_s[gr] = s2_sv_i[gr] && !c_prelim_i[gr] && c_race_i[gr*4 +: 4] != 4'd0;
        end
    endgenerate

    integer ki, rt;
    always @* begin
        ki          = 0;   // (loop variables set on every path: no latch)
        rt          = 0;
        cnt_inc_o   = {(NC*IW){1'b0}};
        intrusion_o = 1'b0;
        cnt_inc_o[IW*K_REC +: IW] = IW'(cnt_records_i);
        cnt_inc_o[IW*K_SUP +: IW] = IW'(cnt_suppressed_i);
        if (s2_act_i) begin
            cnt_inc_o[IW*K_BAR +: IW] = IW'(s2_bar_i);
            cnt_inc_o[IW*K_FEN +: IW] = IW'(s2_fence_i);
            if (s2_acc_i) begin
                cnt_inc_o[IW*K_ACC +: IW] = n_lanes_i;
                if (s2_intr_i) begin
                    intrusion_o = 1'b1;
                    cnt_inc_o[IW*(K_RACE + 7) +: IW] = IW'(1);
                end else if (!s2_trk_i) begin
                    cnt_inc_o[IW*K_UNT +: IW] = n_lanes_i;
                end else begin
                    cnt_inc_o[IW*K_MDR +: IW] = n_lanes_i;
                    cnt_inc_o[IW*K_TAG +: IW] = count_of(s2_sv_i & c_tagmis_i);
                    cnt_inc_o[IW*K_PRE +: IW] = count_of(s2_sv_i & c_prelim_i);
                    cnt_inc_o[IW*K_SAT +: IW] = count_of(s2_sv_i & ~c_prelim_i & c_sat_i);
                    cnt_inc_o[IW*K_WRN +: IW] = count_of(s2_race_s & c_warn_i);
                    // each type's counter at its constant place: an index computed
                    // from the check's result put every counter, the accesses' too,
                    // behind the check in the FPGA build's timing
                    for (rt = 1; rt < NC - K_RACE; rt = rt + 1)
                        for (ki = 0; ki < S; ki = ki + 1)
                            if (s2_race_s[ki] && c_race_i[ki*4 +: 4] == 4'(rt))
                                cnt_inc_o[IW*(K_RACE + rt) +: IW] = cnt_inc_o[IW*(K_RACE + rt) +: IW] + IW'(1);
                end
            end
        end
        if (s2_commit_i && s2_trk_i)
            // a following lane always changes the entry's lane: one write each
            cnt_inc_o[IW*K_MDW +: IW] = count_of(s2_sv_i & c_changed_i) + n_lanes_i - count_of(s2_sv_i);
        // a core's shared-memory race: counted as its report starts (§6.4)
        for (rt = 1; rt < NC - K_RACE; rt = rt + 1)
            if (sh_go_i && sh_type_i == 4'(rt))
                cnt_inc_o[IW*(K_RACE + rt) +: IW] = IW'(1);
    end
endmodule
`default_nettype wire
