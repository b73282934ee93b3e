// Block launch of a core: which warp slots and which block slot a block
// the dispatcher offers would take, whether it fits, and each new warp's
// first lane mask. A block takes the lowest free warp slots and the lowest
// free block slot (block slots let the barrier tell blocks apart); it is
// placed only where its block slot's shared-memory slice fits, so shared
// memory limits how many blocks a core holds, as on real GPUs. The warp
// slots' own state (gpu_warp_ctl) takes the launch.
`default_nettype none

module gpu_launch #(
    parameter NUM_WARPS   = 4,
    parameter NUM_THREADS = 8,
    parameter SMEM_BYTES  = 0,
    // 1: the launch decides from registers (the cores' stage H, gpu_core)
    parameter H_STAGE     = 0,
    // derived, do not override
    parameter WW  = (NUM_WARPS > 1) ? $clog2(NUM_WARPS) : 1,
    parameter T   = NUM_THREADS,
    parameter SAW = (SMEM_BYTES > 1) ? $clog2(SMEM_BYTES) : 1
) (
    input  wire                   clk_i,
    input  wire                   rst_i,
    input  wire                   start_i,            // a new grid
    input  wire                   halt_i,
    input  wire [31:0]            smem_stride_i,      // distance of two slices
    // the dispatcher's block
    input  wire                   launch_valid_i,
    output wire                   launch_ready_o,
    input  wire [31:0]            launch_nthreads_i,
    input  wire [WW:0]            launch_nwarps_i,
    // the warp slots
    input  wire [NUM_WARPS-1:0]   warp_done_i,        // no lane runs, nothing in flight
    input  wire [NUM_WARPS*WW-1:0] bslot_i,           // each warp's block slot
    // the launch: its warp slots, each one's first lanes and index in the
    // block, the block slot and its slice's base
    output wire                   launch_o,
    output reg  [NUM_WARPS-1:0]   alloc_o,
    output reg  [NUM_WARPS*T-1:0] alloc_mask_o,
    output reg  [NUM_WARPS*WW-1:0] alloc_wib_o,
    output reg  [WW-1:0]          new_bslot_o,
    output wire [SAW-1:0]         new_base_o
);
    integer w;
    reg [WW-1:0] bslot [0:NUM_WARPS-1];
    always @(*)
        for (w = 0; w < NUM_WARPS; w = w + 1) bslot[w] = bslot_i[w*WW +: WW];

    // A warp slot is given to a new block only once every warp of its block
    // has finished, as a real GPU frees a block's resources together: the
    // shared-memory checks name a previous access by its warp slot and
    // order it by that slot's counters, which a new block's warp in the
    // slot would reset while the old block still runs (docs/detector.md).
    reg  [NUM_WARPS-1:0] held_q;      // the slot's block may still have running warps
    reg  [NUM_WARPS-1:0] bslot_run;   // block slots with a running warp
    reg  [NUM_WARPS-1:0] slot_free;
    integer fw;
    always @(*) begin
        bslot_run = 0;
        for (fw = 0; fw < NUM_WARPS; fw = fw + 1)
            if (held_q[fw] && !warp_done_i[fw]) bslot_run[bslot[fw]] = 1'b1;
        for (fw = 0; fw < NUM_WARPS; fw = fw + 1)
            slot_free[fw] = warp_done_i[fw] && !(held_q[fw] && bslot_run[bslot[fw]]);
    end

    // The lowest free warp slots and the lowest free block slot.
    reg [NUM_WARPS-1:0] alloc_c;
    reg [WW-1:0]        alloc_wib_c [0:NUM_WARPS-1];
    reg [WW:0]          nfree, cnt;
    reg [NUM_WARPS-1:0] bslot_used;
    wire [WW-1:0]       new_bslot_c;   // the lowest free block slot
    integer aw;
    always @(*) begin
        nfree = 0;
        cnt   = 0;
        alloc_c = 0;
        for (aw = 0; aw < NUM_WARPS; aw = aw + 1) begin
            alloc_wib_c[aw] = 0;
            if (slot_free[aw]) begin
                nfree = nfree + 1'b1;
                if (cnt < launch_nwarps_i) begin
                    alloc_c[aw]     = 1'b1;
                    alloc_wib_c[aw] = cnt[WW-1:0];
                    cnt             = cnt + 1'b1;
                end
            end
        end
        bslot_used = 0;
        for (aw = 0; aw < NUM_WARPS; aw = aw + 1)
            if (!slot_free[aw]) bslot_used[bslot[aw]] = 1'b1;
    end
    wire                 unused_bslot_any;
    wire [NUM_WARPS-1:0] unused_bslot_bit;
    prim_first_one #(.N(NUM_WARPS)) u_new_bslot (
        .req_i    (~bslot_used),
        .any_o    (unused_bslot_any),
        .idx_o    (new_bslot_c),
        .onehot_o (unused_bslot_bit)
    );
    // Shared memory: block slot b owns the slice at b * smem_stride_i. The
    // slices' bases and fits are set at the grid's start, while the
    // dispatcher still waits.
    localparam HAS_SMEM = (SMEM_BYTES > 0);
    reg [SAW-1:0]       sbase_q [0:NUM_WARPS-1];
    reg [NUM_WARPS-1:0] sfit_q;
    wire ready_c = (nfree >= launch_nwarps_i) && (!HAS_SMEM || sfit_q[new_bslot_c]);
    wire do_launch;

    // With H_STAGE the launch decides from registers (LAUNCH_REG): the
    // readiness and the allocation of the cycle before, so the free slots'
    // count, the dispatcher's choice of a core and the launch's enable of
    // every warp slot are no longer one path (the fpga1 build's critical
    // path with the detector once, docs/fpga.md). The registered
    // allocation still holds: between launches free warp slots and block
    // slots only grow. A launch or a grid's start clears the readiness for
    // a cycle, so the next one sees the state the launch left (a core takes
    // a block every other cycle at most; moves cycles).
    localparam LAUNCH_REG = (H_STAGE != 0);
    reg                 ready_q;
    reg [NUM_WARPS-1:0] alloc_q;
    reg [WW-1:0]        alloc_wib_q [0:NUM_WARPS-1];
    reg [WW-1:0]        new_bslot_q;
    integer             li, lj;   // one per block: Yosys makes a shared one a flip-flop
    always @(posedge clk_i) begin
        ready_q     <= !rst_i && !start_i && !do_launch && ready_c;
        alloc_q     <= alloc_c;
        new_bslot_q <= new_bslot_c;
        for (li = 0; li < NUM_WARPS; li = li + 1) alloc_wib_q[li] <= alloc_wib_c[li];
    end
    always @(*) begin
        alloc_o     = LAUNCH_REG ? alloc_q : alloc_c;
        new_bslot_o = LAUNCH_REG ? new_bslot_q : new_bslot_c;
        for (lj = 0; lj < NUM_WARPS; lj = lj + 1)
            alloc_wib_o[lj*WW +: WW] = LAUNCH_REG ? alloc_wib_q[lj] : alloc_wib_c[lj];
    end
    wire lready = LAUNCH_REG ? ready_q : ready_c;
    assign launch_ready_o = !halt_i && lready;
    assign do_launch      = launch_valid_i && launch_ready_o;
    assign launch_o       = do_launch;
    assign new_base_o     = sbase_q[new_bslot_o];

    // Initial run mask of the k-th warp of a block: lane i runs if
    // i < left. Compared as "left has a bit above the lanes' MW bits, or
    // its low MW bits exceed i": the same, without a 32-bit comparator
    // (a carry chain) for every lane of every warp slot.
    localparam MW = $clog2(T) + 1;
    function [T-1:0] first_mask(input [31:0] nthreads, input [WW-1:0] k);
        reg [31:0] left;
        integer i;
        begin
            left = nthreads - ({{(32-WW){1'b0}}, k} * T);
            for (i = 0; i < T; i = i + 1)
                first_mask[i] = (left[31:MW] != {(32-MW){1'b0}}) || (left[MW-1:0] > MW'(i));
        end
    endfunction
    // Each warp index's first mask is made from the thread count alone and
    // a warp slot picks its own by its index in the block: the subtraction
    // and compares no longer wait for the slot allocation (the FPGA
    // synthesis's launch path: free slots -> allocation -> index -> mask).
    reg [T-1:0] fmask [0:NUM_WARPS-1];   // the first mask of a block's k-th warp
    integer k, mw;
    always @(*) begin
        for (k = 0; k < NUM_WARPS; k = k + 1)
            fmask[k] = first_mask(launch_nthreads_i, WW'(k));
        for (mw = 0; mw < NUM_WARPS; mw = mw + 1) begin
            alloc_mask_o[mw*T +: T] = {T{1'b0}};
            for (k = 0; k < NUM_WARPS; k = k + 1)
                if (alloc_wib_o[mw*WW +: WW] == WW'(k)) alloc_mask_o[mw*T +: T] = fmask[k];
        end
    end

    integer sw;  // not shared with another block: Yosys makes that a flip-flop both drive
    always @(posedge clk_i) begin
        if (rst_i) begin
            held_q <= 0;
            sfit_q <= 0;
        end else begin
            if (start_i)
                for (sw = 0; sw < NUM_WARPS; sw = sw + 1) begin
                    sbase_q[sw] <= SAW'(sw * smem_stride_i);
                    sfit_q[sw]  <= ({32'd0, smem_stride_i} * (64'(sw) + 64'd1)) <= SMEM_BYTES;
                end
            for (sw = 0; sw < NUM_WARPS; sw = sw + 1)
                if (slot_free[sw]) held_q[sw] <= 1'b0;
            if (do_launch)
                for (sw = 0; sw < NUM_WARPS; sw = sw + 1)
                    if (alloc_o[sw]) held_q[sw] <= 1'b1;
        end
    end
endmodule
`default_nettype wire
