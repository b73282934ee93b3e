/* Tests of the shared-memory race rule (sim/refmodel/scord_sh_rule.c): directed
 * cases for every ordering and conflict, and a random soundness test against a
 * brute-force checker that keeps every access of the epoch (no false positive:
 * each reported pair exists). One line per case: "PASS name" or
 * "FAIL name: reason"; exit 1 on failure. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scord_sh_rule.h"
#include "unit.h"

#define LD SCORD_DET_EV_LOAD
#define ST SCORD_DET_EV_STORE
#define AT SCORD_DET_EV_ATOMIC
#define SHR SCORD_DET_RACE_SHARED
#define SHW SCORD_DET_RACE_SHARED_WARP

/* ---- harness: one word's shadow entry and a core's counters ------------------- */

static scord_sh_cfg_t cfg = {3, 3};  /* 8 warp slots of 8 lanes */
static scord_sh_entry_t ent;
static uint8_t ws[256], fc[256], E;
static uint16_t pc_next;
static scord_sh_race_t last;

static uint16_t T(unsigned w, unsigned l) { return (uint16_t)(w << cfg.lane_bits | l); }

static void reset_cfg(unsigned wb, unsigned lb)
{
    cfg.warp_bits = wb;
    cfg.lane_bits = lb;
    memset(&ent, 0, sizeof ent);  /* epoch 0: stale for E = 1 */
    memset(ws, 0, sizeof ws);
    memset(fc, 0, sizeof fc);
    E = 1;
    pc_next = 0x100;
}
static void reset(void) { reset_cfg(3, 3); }

/* A pass of warp w on the word: lanes with per-lane bytes b (NULL: all 0xF). */
static scord_sh_race_t pass_v(unsigned w, uint8_t kind, uint32_t lanes, const uint8_t *b)
{
    scord_sh_pass_t p;
    memset(&p, 0, sizeof p);
    p.lanes = lanes;
    for (unsigned l = 0; l < SCORD_SH_MAX_LANES; l++)
        p.bytes[l] = b ? b[l] : 0xF;
    p.kind = kind;
    p.wslot = (uint8_t)w;
    p.pcidx = pc_next++;
    scord_sh_ctr_t c = {E, ws, fc};
    scord_sh_rule(&cfg, &ent, &p, &c, &ent, &last);
    return last;
}
static scord_sh_race_t pass(unsigned w, uint8_t kind, uint32_t lanes) { return pass_v(w, kind, lanes, NULL); }
/* every lane of the mask on the same bytes */
static scord_sh_race_t pass_b(unsigned w, uint8_t kind, uint32_t lanes, uint8_t bytes)
{
    uint8_t b[SCORD_SH_MAX_LANES];
    memset(b, bytes, sizeof b);
    return pass_v(w, kind, lanes, b);
}
/* lanes 0..n-1, lane l on byte l % 4 (a char array indexed by lane) */
static scord_sh_race_t pass_chars(unsigned w, uint8_t kind, unsigned n)
{
    uint8_t b[SCORD_SH_MAX_LANES];
    for (unsigned l = 0; l < SCORD_SH_MAX_LANES; l++)
        b[l] = (uint8_t)(1u << (l % 4));
    return pass_v(w, kind, (1u << n) - 1u, b);
}

static int none(void)
{
    CHECK(!last.type && !last.nracing && !last.racing, "unexpected race type %u lane %u prev 0x%x", last.type,
          last.lane, last.prev_thread);
    return 1;
}
/* exactly this race */
static int race(uint8_t type, unsigned lane, uint16_t prev, int prev_write)
{
    CHECK(last.type == type, "type %u, expected %u", last.type, type);
    CHECK(last.lane == lane, "lane %u, expected %u", last.lane, lane);
    CHECK(last.prev_thread == prev, "previous thread 0x%x, expected 0x%x", last.prev_thread, prev);
    CHECK(last.prev_write == prev_write, "previous wrote %u", last.prev_write);
    CHECK(last.nracing >= 1 && (last.racing >> lane & 1u) &&
              (unsigned)__builtin_popcount(last.racing) == last.nracing,
          "count %u mask 0x%x", last.nracing, last.racing);
    return 1;
}

/* ---- across warps (type 9) --------------------------------------------------------- */

static int raw_across_warps(void)
{
    reset();
    pass(0, ST, 1u << 2);
    uint16_t pc = (uint16_t)(pc_next - 1);
    pass(1, LD, 1u << 0);
    CHECK(race(SHR, 0, T(0, 2), 1), "%s", unit_why());
    CHECK(last.prev_pcidx == pc && last.prev_exact && !last.prev_atom && last.nracing == 1, "fields");
    return 1;
}
static int war_across_warps(void)
{
    reset();
    pass(0, LD, 1u << 3);
    uint16_t pc = (uint16_t)(pc_next - 1);
    pass(1, ST, 1u << 1);
    CHECK(race(SHR, 1, T(0, 3), 0), "%s", unit_why());
    CHECK(last.prev_pcidx == pc && last.prev_exact, "fields");
    return 1;
}
static int waw_across_warps(void)
{
    reset();
    pass(4, ST, 1u << 7);
    pass(5, ST, 1u << 7);
    return race(SHR, 7, T(4, 7), 1);
}
static int rar_free(void)
{
    reset();
    pass(0, LD, 0xFF);
    pass(1, LD, 0xFF);
    pass(2, LD, 0x01);
    return none();
}

/* ---- fences, barriers, syncs ---------------------------------------------------------- */

static int fence_flag_free(void)
{   /* the writer's warp fenced (and, we assume, set a flag the reader waited for) */
    reset();
    pass(0, ST, 1);
    fc[0]++;
    pass(1, LD, 1);
    CHECK(none(), "%s", unit_why());
    pass(2, ST, 1);  /* the reader did not fence: WAR */
    return race(SHR, 0, T(1, 0), 0);
}
static int fence_wrong_warp_racy(void)
{
    reset();
    pass(0, ST, 1);
    fc[1]++;  /* the reader's own fence orders nothing before it */
    fc[2]++;
    ws[0]++;  /* a warp sync is no fence for other warps */
    pass(1, LD, 1);
    return race(SHR, 0, T(0, 0), 1);
}
static int barrier_epoch_free(void)
{   /* a barrier moves the block epoch: the entry goes stale */
    reset();
    pass(0, ST, 1);
    E++;
    pass(1, LD, 1);
    CHECK(none(), "%s", unit_why());
    CHECK(!ent.wv && ent.rv && ent.ep == E, "stale write kept: wv %u rv %u", ent.wv, ent.rv);
    pass(2, ST, 1);  /* the read after the barrier is recorded */
    return race(SHR, 0, T(1, 0), 0);
}
static int stale_slot_free(void)
{   /* an entry of an earlier block in the slot: any epoch but the current */
    reset();
    ent.ep = 0x80;
    ent.wv = 1;
    ent.wt = T(3, 3);
    ent.wb = 0xF;
    ent.rv = 1;
    ent.rt = T(2, 2);
    ent.rb = 0xF;
    pass(0, ST, 1);
    return none();
}

/* ---- lanes of one warp (type 10) ------------------------------------------------------- */

static int warp_no_sync_racy(void)
{
    reset();
    pass(2, ST, 1u << 0);
    pass(2, LD, 1u << 5);
    return race(SHW, 5, T(2, 0), 1);
}
static int warp_syncwarp_free(void)
{
    reset();
    pass(2, ST, 1u << 0);
    ws[2]++;
    pass(2, LD, 1u << 5);
    CHECK(none(), "%s", unit_why());
    ws[3]++;  /* another warp's sync does nothing for warp 2 */
    pass(2, ST, 1u << 1);
    return race(SHW, 1, T(2, 5), 0);
}
static int warp_fence_free(void)
{   /* a fence of the warp orders its lanes too (as C1 does in device memory) */
    reset();
    pass(2, ST, 1u << 0);
    fc[2]++;
    pass(2, LD, 1u << 5);
    return none();
}
static int same_thread_free(void)
{
    reset();
    pass(1, ST, 1u << 4);
    pass(1, LD, 1u << 4);
    pass(1, ST, 1u << 4);
    pass(1, AT, 1u << 4);
    pass(1, LD, 1u << 4);
    return none();
}
static int intra_pass_overlap_racy(void)
{   /* two lanes of one store on one word: WAW at the same PC */
    reset();
    pass(3, ST, 0x07);
    CHECK(race(SHW, 1, T(3, 0), 1), "%s", unit_why());
    CHECK(last.nracing == 2 && last.racing == 0x6 && last.prev_pcidx == pc_next - 1, "count %u", last.nracing);
    uint8_t b[SCORD_SH_MAX_LANES] = {0x1, 0x2, 0x6};  /* lane 2 overlaps lane 1 only */
    reset();
    pass_v(3, ST, 0x07, b);
    return race(SHW, 2, T(3, 1), 1);
}
static int intra_pass_lowest_earlier_lane(void)
{   /* several earlier lanes overlap: the lowest is named */
    reset();
    uint8_t b[SCORD_SH_MAX_LANES] = {0x1, 0x2, 0x4, 0x3};
    pass_v(0, ST, 0x0F, b);
    return race(SHW, 3, T(0, 0), 1);
}
static int broadcast_read_then_write_racy(void)
{   /* all lanes read a word, then lane 0 writes it without a syncwarp: the
     * other lanes' reads race; the first reader is the writer itself, so the
     * previous is "another lane of this warp" */
    reset();
    pass(1, LD, 0xFF);
    pass(1, ST, 1u << 0);
    CHECK(race(SHW, 0, T(1, 0), 0), "%s", unit_why());
    CHECK(!last.prev_exact, "previous marked exact");
    reset();
    pass(1, LD, 0xFF);
    ws[1]++;
    pass(1, ST, 1u << 0);
    return none();
}

/* ---- byte precision ------------------------------------------------------------------- */

static int char_array_free(void)
{   /* lanes of one warp on their own bytes: store, store, load, load-then-store */
    reset();
    pass_chars(0, ST, 4);
    pass_chars(0, ST, 4);
    pass_chars(0, LD, 4);
    pass_chars(0, ST, 4);
    return none();
}
static int char_array_overlap_racy(void)
{
    reset();
    pass_chars(0, ST, 4);       /* WT = lane 3, byte 3 */
    pass_b(0, LD, 1u << 0, 0x8);  /* lane 0 reads lane 3's byte */
    CHECK(race(SHW, 0, T(0, 3), 1), "read of another lane's byte: %s", unit_why());
    reset();
    pass_chars(0, LD, 8);  /* lanes l and l + 4 read byte l % 4 */
    pass_chars(0, ST, 4);  /* lane 0 writes byte 0, which lane 4 read */
    CHECK(race(SHW, 0, T(0, 0), 0), "write of a byte two lanes read: %s", unit_why());
    return !last.prev_exact ? 1 : unit_fail("previous marked exact");
}
static int disjoint_across_warps(void)
{
    reset();
    pass_b(0, ST, 1, 0x3);
    pass_b(1, ST, 1, 0xC);
    CHECK(none(), "%s", unit_why());
    pass_b(2, LD, 1, 0x1);  /* warp 0's bytes, but the entry holds warp 1's: missed */
    CHECK(none(), "%s", unit_why());
    pass_b(2, LD, 1, 0x4);
    return race(SHR, 0, T(1, 0), 1);
}

/* ---- atomics ---------------------------------------------------------------------------- */

static int atomics_free(void)
{
    reset();
    pass(0, AT, 1u << 0);
    pass(1, AT, 1u << 3);
    pass(1, AT, 1u << 4);
    pass(0, AT, 1u << 1);
    return none();
}
static int atomic_vs_plain_racy(void)
{
    reset();
    pass(0, AT, 1);
    pass(1, LD, 1);
    CHECK(race(SHR, 0, T(0, 0), 1), "load after atomic: %s", unit_why());
    CHECK(last.prev_atom, "prev atom");
    reset();
    pass(0, ST, 1);
    pass(1, AT, 1);
    CHECK(race(SHR, 0, T(0, 0), 1), "atomic after store: %s", unit_why());
    reset();
    pass(0, LD, 1);
    pass(1, AT, 1);
    CHECK(race(SHR, 0, T(0, 0), 0), "atomic after load: %s", unit_why());
    return 1;
}

/* ---- rule order, counting, updates ------------------------------------------------------- */

static int order_write_before_read(void)
{
    reset();
    ent.ep = E;
    ent.wv = 1; ent.wt = T(0, 1); ent.wb = 0xF; ent.wp = 0x11;
    ent.rv = 1; ent.rt = T(1, 2); ent.rb = 0xF; ent.rp = 0x22;
    scord_sh_entry_t saved = ent;
    pass(2, ST, 1);
    CHECK(race(SHR, 0, T(0, 1), 1) && last.prev_pcidx == 0x11, "write first: %s", unit_why());
    ent = saved;
    fc[0]++;  /* the write is ordered: the read is next */
    pass(2, ST, 1);
    CHECK(race(SHR, 0, T(1, 2), 0) && last.prev_pcidx == 0x22, "then read: %s", unit_why());
    ent = saved;
    fc[1]++;
    pass(2, ST, 0x3);  /* then the pass itself */
    return race(SHW, 1, T(2, 0), 1);
}
static int lowest_lane_and_count(void)
{
    reset();
    pass(0, ST, 1);
    pass(1, LD, 0x24);
    CHECK(race(SHR, 2, T(0, 0), 1), "%s", unit_why());
    return last.nracing == 2 && last.racing == 0x24 ? 1 : unit_fail("count %u", last.nracing);
}
static int update_fields(void)
{
    reset();
    ws[5] = 17;
    fc[5] = 9;
    uint8_t b[SCORD_SH_MAX_LANES] = {0};
    b[3] = 0x2; b[5] = 0x6;
    pass_v(5, LD, 0x28, b);
    CHECK(ent.ep == E && ent.rv && ent.rt == T(5, 3) && ent.rb == 0x2 && ent.rs == 17 && ent.rf == 9 &&
              ent.rp == pc_next - 1 && ent.rm,
          "read: rt 0x%x rb 0x%x rs %u rf %u rm %u", ent.rt, ent.rb, ent.rs, ent.rf, ent.rm);
    CHECK(!ent.wv, "write recorded by a load");
    b[1] = 0x1; b[6] = 0x8;
    ws[5] = 18;
    pass_v(5, ST, 0x42, b);  /* lanes 1, 6 */
    CHECK(ent.wv && ent.wt == T(5, 6) && ent.wb == 0x8 && ent.ws == 18 && ent.wf == 9 && !ent.wa &&
              ent.wp == pc_next - 1 && !ent.rv && !ent.rm,
          "write: wt 0x%x wb 0x%x", ent.wt, ent.wb);
    pass(6, AT, 1u << 2);
    CHECK(ent.wa && ent.wt == T(6, 2) && ent.wb == 0xF, "atomic");
    return 1;
}
static int rm_rules(void)
{   /* RM: another lane of the first reader's warp read (at least) its bytes */
    reset();
    uint8_t b[SCORD_SH_MAX_LANES] = {0x3, 0x1, 0x3};
    pass_v(0, LD, 0x3, b);  /* lane 1 reads only part of lane 0's bytes */
    CHECK(ent.rt == T(0, 0) && ent.rb == 0x3 && !ent.rm, "partial cover set RM");
    pass_v(1, LD, 0x4, b);  /* another warp: never RM */
    CHECK(!ent.rm && ent.rt == T(0, 0), "other warp set RM");
    pass_v(0, LD, 0x1, b);  /* the first reader again */
    CHECK(!ent.rm, "the first reader set RM");
    pass_v(0, LD, 0x4, b);  /* lane 2 of warp 0 covers */
    CHECK(ent.rm && ent.rb == 0x3, "RM not set");
    return 1;
}
static int rm_other_warp_free(void)
{   /* the first reader writes after another warp read and fenced */
    reset();
    pass(0, LD, 1);
    pass(1, LD, 1);
    fc[1]++;
    pass(0, ST, 1);
    return none();
}
static int empty_pass(void)
{
    reset();
    pass(0, ST, 1);
    scord_sh_entry_t before = ent;
    pass(1, ST, 0);
    CHECK(none(), "%s", unit_why());
    return memcmp(&before, &ent, sizeof ent) == 0 ? 1 : unit_fail("entry changed");
}
static int widths(void)
{   /* 32 slots x 32 lanes; 1 slot x 1 lane; lanes past the warp ignored */
    reset_cfg(5, 5);
    pass(31, ST, 1u << 31);
    pass(30, LD, 1u << 31);
    CHECK(race(SHR, 31, T(31, 31), 1) && T(31, 31) == 0x3FF, "5/5: %s", unit_why());
    reset_cfg(0, 0);
    pass(0, ST, 1);
    pass(0, LD, 1);
    pass(0, ST, 0xFFFFFFFEu);  /* only lane 0 exists */
    CHECK(none(), "0/0: %s", unit_why());
    reset_cfg(2, 4);
    pass(1, ST, 1u << 16);
    CHECK(none() && !ent.wv, "lane 16 of 16 served");
    return 1;
}
static int stray_bits_masked(void)
{
    reset();
    ent.ep = E;
    ent.wv = 1; ent.wt = (uint16_t)(0xFC00 | T(0, 1)); ent.wb = 0xF0; ent.wf = 0xC0;
    pass(1, LD, 1);  /* WB has no byte: no conflict */
    CHECK(none(), "%s", unit_why());
    ent.wb = 0xF1;
    fc[0] = 0x40;  /* 6-bit fence counts: 0x40 is 0, as WF */
    pass(1, LD, 1);
    return race(SHR, 0, T(0, 1), 1);
}

/* ---- random soundness against a brute-force checker -------------------------------------- */

typedef struct {
    uint16_t t;
    uint8_t warp, write, atom, bytes, ws, fc;
} hist_t;

#define HMAX 4096
static hist_t hist[HMAX];
static unsigned nhist;

static struct unit_rng rs;
static uint32_t rnd(void) { return (uint32_t)unit_rng_next(&rs); }

/* Is the recorded access h unordered with, and conflicting with, lane l of
 * the pass (the rule's ordering: same thread, epoch, warp sync or fence of
 * the same warp, fence of the other warp, atomic pairs)? */
static int gt_races(const hist_t *h, unsigned w, unsigned l, uint8_t kind, uint8_t b)
{
    if (h->t == T(w, l) || !(h->bytes & b) || (!h->write && kind == LD) || (h->atom && kind == AT))
        return 0;
    if (h->warp == w)
        return h->ws == ws[w] && h->fc == (fc[w] & 63u);
    return h->fc == (fc[h->warp] & 63u);
}

static int soundness(void)
{
    reset_cfg(2, 2);  /* 4 warps of 4 lanes: dense conflicts */
    unit_rng_seed(&rs, 12345);
    unsigned passes = 0, gt_racy = 0, found = 0, flagged = 0;
    for (unsigned step = 0; step < 400000; step++) {
        uint32_t r = rnd() % 100;
        unsigned w = rnd() % 4;
        if (r < 12 || nhist >= HMAX - 8) {
            /* a barrier (or a counter wrap): a new epoch */
            E++;
            nhist = 0;
            continue;
        }
        if (r < 20) {
            if (++ws[w] == 0) { E++; nhist = 0; }
            continue;
        }
        if (r < 26) {
            fc[w] = (uint8_t)((fc[w] + 1) & 63u);
            if (!fc[w]) { E++; nhist = 0; }
            continue;
        }
        uint8_t kind = rnd() % 10 < 5 ? LD : rnd() % 4 ? ST : AT;
        uint32_t lanes = kind == AT ? 1u << (rnd() % 4) : 1u + rnd() % 15;
        uint8_t b[SCORD_SH_MAX_LANES] = {0};
        unsigned style = rnd() % 4;
        for (unsigned l = 0; l < 4; l++) {
            static const uint8_t masks[] = {0x1, 0x2, 0x4, 0x8, 0x3, 0xC, 0xF};
            b[l] = style == 0 ? 0xF : style == 1 ? (uint8_t)(1u << l) : masks[rnd() % 7];
        }
        /* brute force: which lanes race with something, and with what */
        uint32_t gt_mask = 0;
        for (unsigned l = 0; l < 4; l++) {
            if (!(lanes >> l & 1u))
                continue;
            for (unsigned i = 0; i < nhist; i++)
                if (gt_races(&hist[i], w, l, kind, b[l]))
                    gt_mask |= 1u << l;
            for (unsigned j = 0; j < l && kind == ST; j++)
                if ((lanes >> j & 1u) && (b[j] & b[l]))
                    gt_mask |= 1u << l;
        }
        scord_sh_race_t rr = pass_v(w, kind, lanes, b);
        passes++;
        gt_racy += gt_mask != 0;
        found += rr.racing != 0;
        flagged += (unsigned)__builtin_popcount(rr.racing);
        CHECK((rr.racing & ~gt_mask) == 0, "step %u: lanes 0x%x flagged, real 0x%x", step, rr.racing, gt_mask);
        if (rr.racing) {
            /* the named previous access exists */
            unsigned l = rr.lane, ok = 0;
            for (unsigned i = 0; i < nhist && !ok; i++) {
                const hist_t *h = &hist[i];
                if (!gt_races(h, w, l, kind, b[l]) || h->write != rr.prev_write)
                    continue;
                ok = rr.prev_exact ? h->t == rr.prev_thread && h->atom == rr.prev_atom
                                   : h->warp == w && rr.prev_thread == T(w, l);
            }
            if (!ok && kind == ST && rr.prev_write && rr.prev_exact) {
                unsigned j = rr.prev_thread & 3u;
                ok = (rr.prev_thread >> 2) == w && j < l && (lanes >> j & 1u) && (b[j] & b[l]);
            }
            CHECK(ok, "step %u: lane %u, previous 0x%x (write %u exact %u) is no racing access", step, l,
                  rr.prev_thread, rr.prev_write, rr.prev_exact);
            CHECK(rr.type == ((rr.prev_thread >> 2) == w ? SHW : SHR), "type");
        }
        for (unsigned l = 0; l < 4; l++)
            if (lanes >> l & 1u) {
                hist_t *h = &hist[nhist++];
                h->t = T(w, l);
                h->warp = (uint8_t)w;
                h->write = kind != LD;
                h->atom = kind == AT;
                h->bytes = b[l];
                h->ws = ws[w];
                h->fc = fc[w] & 63u;
            }
    }
    /* not asserted tightly: the rule trades completeness for soundness */
    printf("  sh rule: %u passes, %u racy, %u found (%.0f%%), %u lanes flagged\n", passes, gt_racy, found,
           100.0 * found / (gt_racy ? gt_racy : 1), flagged);
    CHECK(found * 2 > gt_racy, "found only %u of %u racy passes", found, gt_racy);
    return 1;
}

/* ---- main ---------------------------------------------------------------------------- */

static const struct unit_case cases[] = {
#define C(f) UNIT_CASE(f)
    C(raw_across_warps), C(war_across_warps), C(waw_across_warps), C(rar_free),
    C(fence_flag_free), C(fence_wrong_warp_racy), C(barrier_epoch_free), C(stale_slot_free),
    C(warp_no_sync_racy), C(warp_syncwarp_free), C(warp_fence_free), C(same_thread_free),
    C(intra_pass_overlap_racy), C(intra_pass_lowest_earlier_lane), C(broadcast_read_then_write_racy),
    C(char_array_free), C(char_array_overlap_racy), C(disjoint_across_warps),
    C(atomics_free), C(atomic_vs_plain_racy),
    C(order_write_before_read), C(lowest_lane_and_count), C(update_fields), C(rm_rules),
    C(rm_other_warp_free), C(empty_pass), C(widths), C(stray_bits_masked),
    C(soundness),
    UNIT_END,
#undef C
};

int main(int argc, char **argv)
{
    static const struct unit_case *const tables[] = {cases, NULL};
    unsigned n = unit_run(tables, argc, argv, "sh_");
    printf("sh rule: %u passed, %u failed\n", n - unit_failed(), unit_failed());
    return unit_status();
}
