// Detection logic of one tracked access, purely combinational
// (docs/detector.md §5.1 decode, §6.2 A4-A5 Table III, §6.3 C0-C8, §5.3
// update; 128-bit entries: the previous access's PC index, lane, bytes,
// warp-sync count, device-fence epoch and own bytes ride in the upper half). The caller supplies the raw entry read from memory, the
// normalised current event and both fence file entries it needs: the
// previous accessor's (FF[md.BLOCK][md.WARP], only looked at when the entry
// is not fresh) and the current accessor's (FF[B][W], for the update and,
// its acquire stamp, for the acquire rule of C7), and the device-fence
// epoch E (§6.1) the new entry keeps.
`default_nettype none
`include "scord_defs.vh"

module scord_check (
    // entry as read, and what it is compared with
    input  wire [127:0] raw_i,
    input  wire [5:0]  gen_i,
    input  wire        cache_i,
    input  wire [5:0]  tag_i,
    input  wire        gran4_i,         // 4-byte granules: byte precision
    // current access, normalised (§3.2)
    input  wire [1:0]  kind_i,
    input  wire        scope_i,
    input  wire        strong_i,
    input  wire [6:0]  block_i,
    input  wire [4:0]  warp_i,
    input  wire [4:0]  lane_i,
    input  wire [7:0]  wsync_i,         // the warp's warp-sync count
    input  wire [3:0]  bytes_i,         // bytes of its word the access touches
    input  wire [15:0] pcidx_i,         // its PC index (§5.1), DET_PCIDX_UNKNOWN if none
    input  wire [7:0]  barrier_i,
    input  wire [15:0] bloom_i,
    // the lane (and its bytes) the new entry names: lane_i's, or the last
    // lane following it in the pass (scord_pass_split), whose checks after
    // lane_i's change nothing else
    input  wire [4:0]  new_lane_i,
    input  wire [3:0]  new_bytes_i,
    // an earlier lane of this line event updated this granule's entry (it
    // counts unless the entry reads as fresh), and the bytes of all the
    // lanes the new entry stands for (lane_i's and those following it)
    input  wire        same_ev_i,
    input  wire [3:0]  ev_bytes_i,
    // ... and that earlier lane stored the value lane_i stores (equal value
    // classes): with same_ev_i, two lanes of one store writing one value
    input  wire        same_val_i,
    // fence file entries
    input  wire [5:0]  ffp_blk_i,
    input  wire [5:0]  ffp_dev_i,
    input  wire [5:0]  ffc_blk_i,
    input  wire [5:0]  ffc_dev_i,
    input  wire [15:0] ffc_acq_i,       // the current warp's acquire stamp
    input  wire [15:0] epoch_i,         // E now
    // results
    output wire        tag_mismatch_o,  // counted in DET_CNT_TAG_MISMATCH
    output wire        prelim_o,        // Table III passed: no check
    output reg  [3:0]  race_o,          // DET_RACE_* or 0, valid when !prelim_o
    output wire        sat_o,           // ordered only by the saturated epoch (DET_CNT_EPOCH_SAT)
    output wire        warn_o,          // race_o is of severity warning (§8.2)
    output wire        devrace_o,       // md.BLOCK != B
    // decoded previous access, for the record (§8.1)
    output wire [6:0]  md_block_o,
    output wire [4:0]  md_warp_o,
    output wire [4:0]  md_lane_o,
    output wire [15:0] md_pcidx_o,      // DET_PCIDX_UNKNOWN when fresh
    output wire        md_modified_o,
    output wire        md_atom_o,
    output wire        md_scope_o,
    output wire        md_strong_o,
    // new entry and whether lane_i's access changed what was read (§5.3, D18)
    output reg  [127:0] new_raw_o,
    output wire        changed_o
);
    // Field positions (§5.1) as plain integers for bit selects.
    localparam integer F_GEN = {24'd0, `DET_MD_GEN_LSB};
    localparam integer F_TAG = {24'd0, `DET_MD_TAG_LSB};
    localparam integer F_BLOCK = {24'd0, `DET_MD_BLOCK_LSB};
    localparam integer F_WARP = {24'd0, `DET_MD_WARP_LSB};
    localparam integer F_DEVFENCE = {24'd0, `DET_MD_DEVFENCE_LSB};
    localparam integer F_BLKFENCE = {24'd0, `DET_MD_BLKFENCE_LSB};
    localparam integer F_BARRIER = {24'd0, `DET_MD_BARRIER_LSB};
    localparam integer F_BLOOM = {24'd0, `DET_MD_BLOOM_LSB};
    localparam integer F_MODIFIED = {24'd0, `DET_MD_MODIFIED_LSB};
    localparam integer F_BLKSHARED = {24'd0, `DET_MD_BLKSHARED_LSB};
    localparam integer F_DEVSHARED = {24'd0, `DET_MD_DEVSHARED_LSB};
    localparam integer F_ATOM = {24'd0, `DET_MD_ATOM_LSB};
    localparam integer F_SCOPE = {24'd0, `DET_MD_SCOPE_LSB};
    localparam integer F_STRONG = {24'd0, `DET_MD_STRONG_LSB};
    localparam integer F_PCIDX = {24'd0, `DET_MD_PCIDX_LSB};
    localparam integer F_LANE = {24'd0, `DET_MD_LANE_LSB};
    localparam integer F_BYTES = {24'd0, `DET_MD_BYTES_LSB};
    localparam integer F_WSYNC = {24'd0, `DET_MD_WSYNC_LSB};
    localparam integer F_TAG4 = {24'd0, `DET_MD_TAG4_LSB};
    localparam integer F_TAG5 = {24'd0, `DET_MD_TAG5_LSB};
    localparam integer F_EPOCH = {24'd0, `DET_MD_EPOCH_LSB};
    localparam integer F_LBYTES = {24'd0, `DET_MD_LBYTES_LSB};
    localparam [15:0]  EPOCH_MAX = 16'(`DET_EPOCH_MAX);
    localparam [15:0]  PC_UNKNOWN = 16'(`DET_PCIDX_UNKNOWN);

    // ---- decode (§5.1) ----
    wire [5:0]  r_gen      = raw_i[F_GEN +: 6];
    wire [5:0]  r_tag      = {raw_i[F_TAG5], raw_i[F_TAG4], raw_i[F_TAG +: 4]};
    wire        gen_miss   = (r_gen != gen_i);
    assign tag_mismatch_o  = !gen_miss && cache_i && (r_tag != tag_i);
    wire        fresh      = gen_miss || tag_mismatch_o;

    // A fresh entry decodes to MODIFIED = BLKSHARED = DEVSHARED = 1, the rest 0.
    wire [6:0]  md_block   = fresh ? 7'd0  : raw_i[F_BLOCK +: 7];
    wire [4:0]  md_warp    = fresh ? 5'd0  : raw_i[F_WARP +: 5];
    wire [5:0]  md_devf    = fresh ? 6'd0  : raw_i[F_DEVFENCE +: 6];
    wire [5:0]  md_blkf    = fresh ? 6'd0  : raw_i[F_BLKFENCE +: 6];
    wire [7:0]  md_bar     = fresh ? 8'd0  : raw_i[F_BARRIER +: 8];
    wire [15:0] md_bloom   = fresh ? 16'd0 : raw_i[F_BLOOM +: 16];
    wire        md_mod     = fresh || raw_i[F_MODIFIED];
    wire        md_bsh     = fresh || raw_i[F_BLKSHARED];
    wire        md_dsh     = fresh || raw_i[F_DEVSHARED];
    wire        md_atom    = !fresh && raw_i[F_ATOM];
    wire        md_scope   = !fresh && raw_i[F_SCOPE];
    wire        md_strong  = !fresh && raw_i[F_STRONG];
    wire [15:0] md_pcidx   = fresh ? PC_UNKNOWN : raw_i[F_PCIDX +: 16];
    wire [4:0]  md_lane    = fresh ? 5'd0  : raw_i[F_LANE +: 5];
    wire [3:0]  md_bytes   = fresh ? 4'hF  : raw_i[F_BYTES +: 4];
    wire [3:0]  md_lbytes  = fresh ? 4'hF  : raw_i[F_LBYTES +: 4];
    wire [7:0]  md_wsync   = fresh ? 8'd0  : raw_i[F_WSYNC +: 8];
    wire [15:0] md_epoch   = fresh ? 16'd0 : raw_i[F_EPOCH +: 16];

    assign md_block_o    = md_block;
    assign md_warp_o     = md_warp;
    assign md_lane_o     = md_lane;
    assign md_pcidx_o    = md_pcidx;
    assign md_modified_o = md_mod;
    assign md_atom_o     = md_atom;
    assign md_scope_o    = md_scope;
    assign md_strong_o   = md_strong;

    wire is_ld = (kind_i == `DET_EV_LOAD);
    wire is_at = (kind_i == `DET_EV_ATOMIC);
    wire same  = (md_block == block_i);
    assign devrace_o = !same;

    // ---- Table III (§6.2 A5) ----
    wire pa = md_mod && md_bsh && md_dsh;
    wire pb = (md_warp == warp_i) && same && (md_lane == lane_i) && !md_bsh && !md_dsh;
    wire pc = same && (md_bar != barrier_i) && !md_dsh;
    assign prelim_o = pa || pb || pc;

    // ---- §6.3, first match wins ----
    wire [15:0] half   = same ? 16'h00FF : 16'hFF00;
    wire        common = |(md_bloom & bloom_i & half);
    wire [3:0]  cbytes = gran4_i ? bytes_i : 4'hF;
    wire        c1     = same && (md_warp == warp_i);
    // C0: another warp against the bytes of all the lanes of the entry's
    // line event (they share its warp's ordering), the entry's own warp
    // against its last lane's own bytes (the others may be the current lane's)
    wire        c0     = ((c1 ? md_lbytes : md_bytes) & cbytes) == 4'd0;
    // C1, intra-warp: another lane of the same warp, conflicting, with no
    // warp sync, fence (the previous accessor's warp) or barrier between
    // (a barrier passed Table III (c) already). At 4-byte granules only: in
    // a coarser one neighbouring lanes' words share the entry.
    wire        c1r    = gran4_i && (md_lane != lane_i) && !(is_ld && !md_mod) && !(is_at && md_atom) &&
                         (md_wsync == wsync_i) && (ffp_blk_i == md_blkf) && (ffp_dev_i == md_devf);
    // C2, Table IV (d): another block's block-scope atomic is never ordered
    // with this access; a block-scope atomic after another block's
    // device-scope one is, once that warp fenced at device scope (HRF-indirect)
    wire        c2     = md_atom && !same &&
                         (!md_scope || (is_at && !scope_i && (ffp_dev_i == md_devf)));
    wire        c3     = is_at && md_atom;
    wire        c4     = is_ld && !md_mod;
    wire        c5a    = same && (ffp_blk_i == md_blkf) && (ffp_dev_i == md_devf);
    wire        c5b    = !same && (ffp_dev_i == md_devf);
    wire        c6     = !is_at && (|(md_bloom | bloom_i)) && !common;
    // C7, the acquire side across blocks: the pair is ordered when the
    // current warp made a device fence after the previous access (its
    // stamp is past the entry's epoch), or cannot tell (the entry was
    // written once the epoch had saturated: taken as ordered, counted).
    // Without the acquire a weak load may read a stale L1 copy; any other
    // pair is Table IV (c) as before, and so is a pair of one block.
    wire        weak_ld = is_ld && !strong_i;
    wire        n_str   = !(md_strong && strong_i);
    wire        acq_ok  = ffc_acq_i > md_epoch;
    wire        acq_sat = !acq_ok && (md_epoch == EPOCH_MAX);
    wire        c7a     = !same && (acq_ok || acq_sat);
    wire        c7s     = !same && weak_ld;
    wire        c7      = n_str;
    assign sat_o = !c0 && !c1 && !c2 && !c3 && !c4 && !c5a && !c5b && !c6 && !common &&
                   !same && acq_sat && (weak_ld || n_str);

    // Race type numbers, cut to the 4 bits a type needs (1..10).
    localparam [7:0] RT_BF = `DET_RACE_BLOCK_FENCE;
    localparam [7:0] RT_DF = `DET_RACE_DEV_FENCE;
    localparam [7:0] RT_NS = `DET_RACE_NOT_STRONG;
    localparam [7:0] RT_SA = `DET_RACE_SCOPED_ATOM;
    localparam [7:0] RT_LL = `DET_RACE_LOCK_LOAD;
    localparam [7:0] RT_LS = `DET_RACE_LOCK_STORE;
    localparam [7:0] RT_IW = `DET_RACE_INTRA_WARP;
    localparam [7:0] RT_SR = `DET_RACE_STALE_READ;

    always @* begin
        if (c0)       race_o = 4'd0;
        else if (c1)  race_o = c1r ? RT_IW[3:0] : 4'd0;
        else if (c2)  race_o = RT_SA[3:0];
        else if (c3)  race_o = 4'd0;
        else if (c4)  race_o = 4'd0;
        else if (c5a) race_o = RT_BF[3:0];
        else if (c5b) race_o = RT_DF[3:0];
        else if (c6)  race_o = is_ld ? RT_LL[3:0] : RT_LS[3:0];
        else if (common) race_o = 4'd0;
        else if (c7a) race_o = 4'd0;
        else if (c7s) race_o = RT_SR[3:0];
        else if (c7)  race_o = RT_NS[3:0];
        else          race_o = 4'd0;
    end

    // ---- update (§5.3) ----
    // the bytes of the line event's lanes on this granule: those of its
    // earlier lanes (in the entry) and the new ones
    wire same_ev = same_ev_i && !fresh;
    // An intra-warp race between two lanes of one store writing the same
    // value (the entry is the store's own, its LANE the earlier lane): a
    // race of the programming model, harmless in its effect (§8.2)
    assign warn_o = !c0 && c1 && c1r && same_ev && same_val_i && (kind_i == `DET_EV_STORE);
    wire [3:0] ev_bytes = gran4_i ? ev_bytes_i : 4'hF;
    wire n_dsh  = is_ld && !fresh && (md_dsh || !same);
    wire n_bsh  = is_ld && !fresh && (md_bsh || (same && (md_warp != warp_i)));
    wire n_atom = is_at;
    reg [127:0] n;
    always @* begin
        n = 128'd0;
        n[F_GEN +: 6]       = gen_i;
        n[F_TAG +: 4]       = cache_i ? tag_i[3:0] : 4'd0;
        n[F_TAG4]           = cache_i && tag_i[4];
        n[F_TAG5]           = cache_i && tag_i[5];
        n[F_PCIDX +: 16]    = pcidx_i;
        n[F_LANE +: 5]      = lane_i;
        n[F_BYTES +: 4]     = same_ev ? (md_bytes | cbytes) : cbytes;
        n[F_LBYTES +: 4]    = cbytes;
        n[F_WSYNC +: 8]     = wsync_i;
        n[F_EPOCH +: 16]    = epoch_i;
        n[F_BLOCK +: 7]     = block_i;
        n[F_WARP +: 5]      = warp_i;
        n[F_DEVFENCE +: 6]  = ffc_dev_i;
        n[F_BLKFENCE +: 6]  = ffc_blk_i;
        n[F_BARRIER +: 8]   = barrier_i;
        n[F_BLOOM +: 16]    = bloom_i;
        n[F_MODIFIED]       = !is_ld;
        n[F_BLKSHARED]      = n_bsh;
        n[F_DEVSHARED]      = n_dsh;
        n[F_ATOM]           = n_atom;
        n[F_SCOPE]          = n_atom && scope_i;
        n[F_STRONG]         = strong_i;
    end
    assign changed_o = (n != raw_i);
    always @* begin
        new_raw_o = n;
        new_raw_o[F_LANE +: 5]  = new_lane_i;
        new_raw_o[F_BYTES +: 4]  = same_ev ? (md_bytes | ev_bytes) : ev_bytes;
        new_raw_o[F_LBYTES +: 4] = gran4_i ? new_bytes_i : 4'hF;
    end
endmodule
`default_nettype wire
