/* The reference model's checks beyond ScoRD (record v2): races between
 * the lanes of a warp, byte precision, scoped atomics ordered by a device
 * fence, and the previous access's PC in records and metadata. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "fixture.h"

/* ---- v2: lanes of one warp (C1) ------------------------------------------------ */

static int iw_store_load_racy(void)
{
    setup();
    L(3); st(0, 1, X);
    L(5); ld(0, 1, X);
    CHECK(one(SCORD_DET_RACE_INTRA_WARP, 0), "%s", unit_why());
    scord_record_t r = rec(0);
    CHECK(r.lane == 5 && r.prev_lane == 3 && r.warp == 1 && r.prev_warp == 1 && r.prev_block == 0,
          "threads: lane %u prev lane %u", r.lane, r.prev_lane);
    CHECK(r.prev_modified && r.kind == SCORD_DET_EV_LOAD && !r.shared, "kinds");
    return 1;
}
static int iw_syncwarp_free(void)
{
    setup();
    L(3); st(0, 1, X);
    syncwarp(0, 1);
    L(5); ld(0, 1, X);
    L(6); st(0, 1, X);  /* after the load: a WAR of the same kind */
    CHECK(nrec() == 1 && rec(0).type == SCORD_DET_RACE_INTRA_WARP && rec(0).lane == 6,
          "records %u", nrec());
    return 1;
}
static int iw_fence_free(int scope)
{
    setup();
    L(3); st(0, 1, X);
    fence(0, 1, scope);
    L(5); ld(0, 1, X);
    return none();
}
static int iw_blkfence_free(void) { return iw_fence_free(0); }
static int iw_devfence_free(void) { return iw_fence_free(1); }
static int iw_other_warp_fence_racy(void)
{   /* only the warp's own fence orders its lanes */
    setup();
    L(3); st(0, 1, X);
    fence(0, 2, 1);
    L(5); ld(0, 1, X);
    return one(SCORD_DET_RACE_INTRA_WARP, 0);
}
static int iw_barrier_free(void)
{   /* Table III (c) */
    setup();
    L(3); st(0, 1, X);
    barrier(0);
    L(5); ld(0, 1, X);
    CHECK(cnt(SCORD_DET_CNT_PRELIM_PASS) == 2, "prelim passes %u", cnt(SCORD_DET_CNT_PRELIM_PASS));
    return none();
}
static int iw_same_lane_free(void)
{   /* prelim (b) needs the same lane now; the same lane after another warp
     * read (BLKSHARED) is excused by C1 instead */
    setup();
    L(2); st(0, 1, X);
    L(2); ld(0, 1, X);
    CHECK(cnt(SCORD_DET_CNT_PRELIM_PASS) == 2, "prelim (b) for the same lane");
    fence(0, 1, 0);
    ld(0, 2, X);
    L(4); ld(0, 1, X);  /* BLKSHARED, another lane: a read, no conflict */
    L(4); st(0, 1, X);  /* BLKSHARED, same lane: C1 */
    CHECK(cnt(SCORD_DET_CNT_PRELIM_PASS) == 2, "prelim passes %u", cnt(SCORD_DET_CNT_PRELIM_PASS));
    return none();
}
static int iw_load_load_free(void)
{
    setup();
    L(1); ld(0, 0, X);
    L(2); ld(0, 0, X);
    L(3); ld(0, 0, X);
    return none();
}
static int iw_atomics_free(void)
{
    setup();
    L(1); at(0, 0, X, 0);
    L(2); at(0, 0, X, 1);
    return none();
}
static int iw_atomic_load_racy(void)
{
    setup();
    L(1); at(0, 0, X, 1);
    L(2); lds(0, 0, X);
    return one(SCORD_DET_RACE_INTRA_WARP, 0);
}
static int iw_one_store_two_lanes_racy(void)
{   /* two lanes of one store instruction (one PC) on one word */
    setup();
    scord_event_t e = mk(0, 0, SCORD_DET_EV_STORE, X);
    scord_ref_event(m, &e);
    e.lane = 9;
    scord_ref_event(m, &e);
    CHECK(one(SCORD_DET_RACE_INTRA_WARP, 0), "%s", unit_why());
    CHECK(rec(0).pc == e.pc && rec(0).prev_pcidx == e.pc >> 2 && rec(0).prev_lane == 0, "same pc");
    return 1;
}
static int iw_wsync_wrap_racy(void)
{   /* 256 warp syncs look like none (8-bit count, as v1's fence ids) */
    setup();
    L(1); st(0, 0, X);
    for (int i = 0; i < 256; i++)
        syncwarp(0, 0);
    L(2); ld(0, 0, X);
    return one(SCORD_DET_RACE_INTRA_WARP, 0);
}
static int iw_other_warps_unchanged(void)
{   /* lanes differ, warps differ: the v1 checks as before (lane is no excuse) */
    setup();
    L(1); st(0, 0, X);
    syncwarp(0, 0);
    L(1); ld(0, 1, X);
    return one(SCORD_DET_RACE_BLOCK_FENCE, 0);
}

/* ---- v2: byte precision (C0) --------------------------------------------------------- */

static int bytes_char_array_free(void)
{   /* a char array indexed by thread: lanes of one warp, then other warps */
    setup();
    for (int l = 0; l < 4; l++) {
        L(l); accs(0, 0, SCORD_DET_EV_STORE, X + (uint32_t)l, 0);
    }
    for (int l = 0; l < 4; l++) {
        L(l); accs(0, 0, SCORD_DET_EV_LOAD, X + (uint32_t)l, 0);
    }
    accs(0, 1, SCORD_DET_EV_STORE, Y, 1);      /* halfwords of two warps */
    accs(0, 2, SCORD_DET_EV_STORE, Y + 2, 1);
    accs(1, 0, SCORD_DET_EV_STORE, Y + 5, 0);  /* other blocks, other bytes of the next word */
    accs(2, 0, SCORD_DET_EV_STORE, Y + 6, 0);
    return none();
}
static int bytes_last_only(void)
{   /* the entry keeps the last access only: block 1's byte overlaps warp 1's
     * halfword, but the entry holds warp 2's (a false negative, by design) */
    setup();
    accs(0, 1, SCORD_DET_EV_STORE, Y, 1);
    accs(0, 2, SCORD_DET_EV_STORE, Y + 2, 1);
    accs(1, 0, SCORD_DET_EV_STORE, Y + 1, 0);
    return none();
}
static int bytes_overlap_racy(void)
{
    setup();
    accs(0, 1, SCORD_DET_EV_STORE, X, 1);      /* bytes 0-1 */
    accs(0, 2, SCORD_DET_EV_LOAD, X + 1, 0);   /* byte 1 */
    CHECK(one(SCORD_DET_RACE_BLOCK_FENCE, 0), "%s", unit_why());
    setup();
    L(0); accs(0, 1, SCORD_DET_EV_STORE, X + 2, 1);
    L(1); accs(0, 1, SCORD_DET_EV_STORE, X, 2);  /* a word over lane 0's halfword */
    return one(SCORD_DET_RACE_INTRA_WARP, 0);
}
static int bytes_masks(void)
{   /* BYTES in the entry: the access's bytes at 4-byte granules, else 0xF */
    static const struct { uint32_t off; int size; uint8_t bytes; } c[] = {
        {0, 0, 0x1}, {1, 0, 0x2}, {2, 0, 0x4}, {3, 0, 0x8}, {0, 1, 0x3}, {2, 1, 0xC}, {0, 2, 0xF}};
    for (unsigned i = 0; i < sizeof c / sizeof *c; i++) {
        setup();
        accs(0, 0, SCORD_DET_EV_STORE, X + c[i].off, c[i].size);
        CHECK(md_of(X).bytes == c[i].bytes, "offset %u size %d: bytes 0x%x", c[i].off, c[i].size,
              md_of(X).bytes);
        CHECK(scord_access_bytes(X + c[i].off, (uint8_t)c[i].size, 2) == c[i].bytes, "helper");
        for (uint32_t code = 1; code < 3; code++) {
            setup_mode(code << 1, 64);
            accs(0, 0, SCORD_DET_EV_STORE, X + c[i].off, c[i].size);
            CHECK(md_of(X).bytes == 0xF, "granularity %u: bytes 0x%x", 4u << code, md_of(X).bytes);
        }
    }
    CHECK(scord_access_bytes(X + 1, 2, 2) == 0xE && scord_access_bytes(X + 3, 3, 2) == 0x8,
          "sizes past the word are cut at the word");
    return 1;
}
static int bytes_coarse_granules_racy(void)
{   /* byte precision is only at 4-byte granules */
    for (uint32_t code = 1; code < 3; code++) {
        setup_mode(code << 1, 64);
        accs(0, 1, SCORD_DET_EV_STORE, X, 0);
        accs(0, 2, SCORD_DET_EV_STORE, X + 1, 0);
        CHECK(one(SCORD_DET_RACE_BLOCK_FENCE, 0), "granularity %u: %s", 4u << code, unit_why());
    }
    return 1;
}

/* ---- lanes of one instruction on bytes of one word (§5.3: BYTES and LBYTES) ---------------- */

/* One warp instruction's lanes in one line: a line event, lane t of mask at
 * base + off[t], each 2^size bytes, a store's lane t of value class cls[t]
 * (NULL: every lane its own value). */
static void lanes_cls(int b, int w, uint8_t kind, int size, uint32_t mask, uint32_t base, const uint8_t *off,
                      const uint8_t *cls)
{
    scord_line_event_t le;
    memset(&le, 0, sizeof le);
    le.ev = mk(b, w, kind, base);
    le.ev.size = (uint8_t)size;
    le.ev.strong = kind == SCORD_DET_EV_ATOMIC;
    le.mask = mask;
    for (unsigned t = 0; t < 32; t++)
        if (mask >> t & 1u)
            le.off[t] = (uint8_t)(((base & 31u) + off[t]) & 31u);
    le.ev.lane = (uint8_t)__builtin_ctz(mask);
    le.ev.addr = (base & ~31u) + le.off[le.ev.lane];
    for (unsigned t = 0; t < 32; t++)
        le.cls[t] = kind != SCORD_DET_EV_STORE ? 0 : cls ? cls[t] : (uint8_t)t;
    scord_ref_line_event(m, &le, 32);
}
static void lanes(int b, int w, uint8_t kind, int size, uint32_t mask, uint32_t base, const uint8_t *off)
{
    lanes_cls(b, w, kind, size, mask, base, off, NULL);
}
static const uint8_t BYTE_OF_LANE[32] = {0, 1, 2, 3, 4, 5, 6, 7};
static void store_bytes(int b, int w)
{   /* lanes 0-3 of one store write bytes 0-3 of X (c[t] = ...) */
    lanes(b, w, SCORD_DET_EV_STORE, 0, 0xF, X, BYTE_OF_LANE);
}
static int hist_store_bytes_kept(void)
{
    setup();
    store_bytes(0, 1);
    scord_md_t md = md_of(X);
    CHECK(md.lane == 3 && md.bytes == 0xF && md.lbytes == 0x8, "lane %u bytes 0x%x lbytes 0x%x", md.lane,
          md.bytes, md.lbytes);
    CHECK(cnt(SCORD_DET_CNT_MD_WRITES) == 4, "md writes %u", cnt(SCORD_DET_CNT_MD_WRITES));
    return none();  /* disjoint bytes of one store: no race between its lanes */
}
static int hist_store_bytes_other_block_racy(void)
{   /* another block reads byte 0 (lane 0's) with no synchronisation: the
     * entry names lane 3, whose bytes are not byte 0, yet the instruction
     * wrote it (before, only lane 3's byte was kept: missed) */
    setup();
    store_bytes(0, 1);
    accs(1, 0, SCORD_DET_EV_LOAD, X, 0);
    CHECK(one(SCORD_DET_RACE_DEV_FENCE, 1), "%s", unit_why());
    CHECK(rec(0).prev_lane == 3 && rec(0).prev_warp == 1, "previous lane %u", rec(0).prev_lane);
    setup();
    store_bytes(0, 1);
    accs(0, 2, SCORD_DET_EV_STORE, X + 1, 0);   /* another warp of the block, byte 1 */
    return one(SCORD_DET_RACE_BLOCK_FENCE, 0);
}
static int hist_store_bytes_fenced_free(void)
{   /* the same, ordered: the writer's device fence and strong accesses */
    setup();
    lanes(0, 1, SCORD_DET_EV_STORE, 0, 0xF, X, BYTE_OF_LANE);
    fence(0, 1, 1);
    fence(1, 0, 1);
    accs(1, 0, SCORD_DET_EV_LOAD, X, 0);
    return none();
}
static int hist_own_bytes_read_back_free(void)
{   /* each lane reads its own byte back, in one load and lane by lane: the
     * warp's own lanes are checked against the last lane's bytes (LBYTES) */
    setup();
    store_bytes(0, 1);
    lanes(0, 1, SCORD_DET_EV_LOAD, 0, 0xF, X, BYTE_OF_LANE);
    CHECK(md_of(X).bytes == 0xF && md_of(X).lbytes == 0x8 && md_of(X).lane == 3, "after the load");
    for (int l = 0; l < 4; l++) {
        L(l); accs(0, 1, SCORD_DET_EV_LOAD, X + (uint32_t)l, 0);
    }
    store_bytes(0, 1);
    for (int l = 0; l < 4; l++) {
        L(l); accs(0, 1, SCORD_DET_EV_STORE, X + (uint32_t)l, 0);
    }
    return none();
}
static int hist_last_lane_intra_warp_racy(void)
{   /* another lane of the warp reads the last lane's byte: INTRA_WARP */
    setup();
    store_bytes(0, 1);
    L(5); accs(0, 1, SCORD_DET_EV_LOAD, X + 3, 0);
    CHECK(one(SCORD_DET_RACE_INTRA_WARP, 0), "%s", unit_why());
    return rec(0).prev_lane == 3;
}
static int hist_other_lane_byte_missed(void)
{   /* lane 5 reads byte 0, which lane 0 wrote: a race of the warp's own
     * lanes that the entry (lane 3, its own byte 3) cannot name (§9) */
    setup();
    store_bytes(0, 1);
    L(5); accs(0, 1, SCORD_DET_EV_LOAD, X, 0);
    return none();
}
static int hist_separate_events_last_only(void)
{   /* lane events of their own (not one line event) keep the last only */
    setup();
    for (int l = 0; l < 4; l++) {
        L(l); accs(0, 1, SCORD_DET_EV_STORE, X + (uint32_t)l, 0);
    }
    CHECK(md_of(X).bytes == 0x8 && md_of(X).lbytes == 0x8, "bytes 0x%x", md_of(X).bytes);
    accs(1, 0, SCORD_DET_EV_LOAD, X, 0);
    return none();
}
static int hist_load_bytes_kept_racy(void)
{   /* a load of four lanes on four bytes, then another block's store of
     * byte 1 (a write after read the entry of lane 3 alone missed) */
    setup();
    st(2, 0, X);
    fence(2, 0, 1);
    fence(0, 1, 1);
    lanes(0, 1, SCORD_DET_EV_LOAD, 0, 0xF, X, BYTE_OF_LANE);
    CHECK(md_of(X).bytes == 0xF && md_of(X).lbytes == 0x8 && !md_of(X).modified, "after the load");
    accs(1, 0, SCORD_DET_EV_STORE, X + 1, 0);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int hist_halves_and_words(void)
{   /* halfwords of two lanes: the union 0xF; lanes on two words: their own */
    static const uint8_t off[32] = {0, 2, 4, 6};
    setup();
    lanes(0, 0, SCORD_DET_EV_STORE, 1, 0xF, X, off);
    CHECK(md_of(X).bytes == 0xF && md_of(X).lbytes == 0xC && md_of(X).lane == 1, "word 0");
    CHECK(md_of(X + 4).bytes == 0xF && md_of(X + 4).lbytes == 0xC && md_of(X + 4).lane == 3, "word 1");
    accs(1, 0, SCORD_DET_EV_LOAD, X, 0);
    accs(1, 1, SCORD_DET_EV_LOAD, X + 4, 0);
    CHECK(nrec() == 2 && rec(0).prev_lane == 1 && rec(1).prev_lane == 3, "records %u", nrec());
    return 1;
}
static int hist_coarse_granules(void)
{   /* at 8 and 16 bytes BYTES and LBYTES are 0xF */
    for (uint32_t code = 1; code < 3; code++) {
        setup_mode(code << 1, 64);
        store_bytes(0, 1);
        CHECK(md_of(X).bytes == 0xF && md_of(X).lbytes == 0xF, "granularity %u", 4u << code);
        CHECK(nrec() == 0, "granularity %u: records %u", 4u << code, nrec());
    }
    return 1;
}
static int hist_cache_alias_in_line(void)
{   /* a 128-byte window in cache mode has one entry: every word of the line
     * aliases it. Lanes on word 0, word 1, word 0: the entry holds the
     * last lane's bytes only (word 1's lane left another tag between);
     * lanes all on word 0 keep the bytes of all of them */
    static const uint8_t off[32] = {0, 4, 1, 2};
    scord_ref_free(m);
    m = scord_ref_new(MEM);
    W(SCORD_DET_MODE, 1);
    W(SCORD_DET_TRACK_BASE, TRACK);
    W(SCORD_DET_TRACK_BYTES, 128);
    W(SCORD_DET_MD_BASE, MDB);
    W(SCORD_DET_RING_BASE, RING);
    W(SCORD_DET_RING_SIZE, 64);
    W(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
    CHECK(R(SCORD_DET_MD_BYTES) == 16, "one entry: %u bytes", R(SCORD_DET_MD_BYTES));
    scord_ref_kernel_start(m);
    lanes(0, 0, SCORD_DET_EV_STORE, 0, 0x7, TRACK, off);
    uint64_t raw[2];
    scord_md_t md = md_at(0, raw);
    CHECK(md.lane == 2 && md.bytes == 0x2 && md.tag == 0, "lane %u bytes 0x%x tag %u", md.lane, md.bytes,
          md.tag);
    lanes(0, 0, SCORD_DET_EV_STORE, 0, 0xB, TRACK, off);   /* lanes 0, 1, 3 */
    md = md_at(0, raw);
    CHECK(md.lane == 3 && md.bytes == 0x4 && md.lbytes == 0x4 && md.tag == 0, "then lane %u bytes 0x%x",
          md.lane, md.bytes);
    lanes(0, 0, SCORD_DET_EV_STORE, 0, 0xD, TRACK, off);   /* lanes 0, 2, 3 */
    md = md_at(0, raw);
    CHECK(md.lane == 3 && md.bytes == 0x7 && md.lbytes == 0x4, "last lane %u bytes 0x%x", md.lane, md.bytes);
    return none();
}

/* ---- severities: lanes of one store writing one value (§8.2) ------------------------------- */

static const uint8_t ALL_ON_X[32] = {0};
static int sev_same_value_warning(void)
{   /* flag = 1 by lanes 0-3 of one store: three occurrences, one record, a
     * warning, counted apart too */
    static const uint8_t one_value[32] = {0, 0, 0, 0};
    setup();
    lanes_cls(0, 1, SCORD_DET_EV_STORE, 2, 0xF, X, ALL_ON_X, one_value);
    CHECK(nrec() == 1 && rec(0).type == SCORD_DET_RACE_INTRA_WARP && rec(0).warning && rec(0).count == 3,
          "records %u warning %u count %u", nrec(), rec(0).warning, rec(0).count);
    CHECK(races(SCORD_DET_RACE_INTRA_WARP) == 3 && cnt(SCORD_DET_CNT_WARNINGS) == 3, "counted %u %u",
          races(SCORD_DET_RACE_INTRA_WARP), cnt(SCORD_DET_CNT_WARNINGS));
    CHECK(rec(0).lane == 1 && rec(0).prev_lane == 0, "first pair lane %u prev %u", rec(0).lane,
          rec(0).prev_lane);
    return 1;
}
static int sev_different_values_error(void)
{   /* lanes 0 and 1 store different values (classes 0 and 1) */
    setup();
    lanes(0, 1, SCORD_DET_EV_STORE, 2, 0x3, X, ALL_ON_X);
    CHECK(one(SCORD_DET_RACE_INTRA_WARP, 0), "%s", unit_why());
    CHECK(!rec(0).warning && cnt(SCORD_DET_CNT_WARNINGS) == 0, "warning %u", rec(0).warning);
    return 1;
}
static int sev_mixed_values_sticky(void)
{   /* lanes 0, 1 store A and lane 2 stores B: lane 1's occurrence is a
     * warning, lane 2's (against lane 1) an error, merged into one record
     * (one PC, one type): the record is an error. Then A, B, A: lane 2 is
     * checked against lane 1 (B): errors only. */
    static const uint8_t aab[32] = {0, 0, 2}, aba[32] = {0, 1, 0};
    setup();
    lanes_cls(0, 1, SCORD_DET_EV_STORE, 2, 0x7, X, ALL_ON_X, aab);
    CHECK(nrec() == 1 && rec(0).count == 2 && !rec(0).warning && cnt(SCORD_DET_CNT_WARNINGS) == 1,
          "aab: records %u count %u warning %u", nrec(), rec(0).count, rec(0).warning);
    setup();
    lanes_cls(0, 1, SCORD_DET_EV_STORE, 2, 0x7, X, ALL_ON_X, aba);
    CHECK(nrec() == 1 && rec(0).count == 2 && !rec(0).warning && cnt(SCORD_DET_CNT_WARNINGS) == 0,
          "aba: records %u count %u warning %u", nrec(), rec(0).count, rec(0).warning);
    return 1;
}
static int sev_warning_stays_until_error(void)
{   /* the same store instruction (one PC) again and again, a warp sync
     * between (else lane 0 races with the last instance's lane 1, an
     * error): same values, then different ones: the record was a warning,
     * its merge made it an error */
    static const uint8_t same[32] = {0, 0}, diff[32] = {0, 1};
    setup();
    lanes_cls(0, 1, SCORD_DET_EV_STORE, 2, 0x3, X, ALL_ON_X, same);
    syncwarp(0, 1);
    pc_next -= 4;
    lanes_cls(0, 1, SCORD_DET_EV_STORE, 2, 0x3, X, ALL_ON_X, same);
    CHECK(nrec() == 1 && rec(0).count == 2 && rec(0).warning, "warnings merged: count %u warning %u",
          rec(0).count, rec(0).warning);
    syncwarp(0, 1);
    pc_next -= 4;
    lanes_cls(0, 1, SCORD_DET_EV_STORE, 2, 0x3, X, ALL_ON_X, diff);
    CHECK(nrec() == 1 && rec(0).count == 3 && !rec(0).warning, "an error merged: count %u warning %u",
          rec(0).count, rec(0).warning);
    syncwarp(0, 1);
    pc_next -= 4;
    lanes_cls(0, 1, SCORD_DET_EV_STORE, 2, 0x3, X, ALL_ON_X, same);
    CHECK(nrec() == 1 && rec(0).count == 4 && !rec(0).warning, "no way back: warning %u", rec(0).warning);
    return 1;
}
static int sev_other_instructions_error(void)
{   /* equal classes mean nothing across instructions or line events: two
     * lane events of their own, a later store of another lane, a load */
    setup();
    scord_event_t e = mk(0, 0, SCORD_DET_EV_STORE, X);
    e.vclass = 0;
    scord_ref_event(m, &e);
    e.lane = 1;
    scord_ref_event(m, &e);
    CHECK(nrec() == 1 && !rec(0).warning, "lane events: warning %u", rec(0).warning);
    static const uint8_t same[32] = {0, 0};
    setup();
    lanes_cls(0, 1, SCORD_DET_EV_STORE, 2, 0x1, X, ALL_ON_X, same);
    lanes_cls(0, 1, SCORD_DET_EV_STORE, 2, 0x2, X, ALL_ON_X, same);
    L(2); ld(0, 1, X);
    CHECK(nrec() == 2 && !rec(0).warning && !rec(1).warning && cnt(SCORD_DET_CNT_WARNINGS) == 0,
          "records %u", nrec());
    return 1;
}
static int sev_bytes_of_one_word(void)
{   /* same-value bytes: byte stores of lanes 0 and 1 to byte 0 (one value),
     * lane 2 to byte 1 (no conflict) and lane 3 to byte 0 again, checked
     * against lane 2's entry: its own bytes do not meet (a miss, §9) */
    static const uint8_t off[32] = {0, 0, 1, 0}, cls[32] = {0, 0, 2, 0};
    setup();
    lanes_cls(0, 1, SCORD_DET_EV_STORE, 0, 0xF, X, off, cls);
    CHECK(nrec() == 1 && rec(0).warning && rec(0).count == 1, "records %u warning %u count %u", nrec(),
          rec(0).warning, rec(0).count);
    return md_of(X).bytes == 0x3 && md_of(X).lbytes == 0x1;
}

/* ---- v2: scoped atomics ordered by a device fence (C2) ---------------------------------- */

static int sa_dev_then_blk_fenced_free(void)
{   /* the case: another block's device atomic, its device fence,
     * then a block-scope atomic (HRF-indirect) */
    setup();
    at(0, 0, X, 1);
    fence(0, 0, 1);
    at(1, 0, X, 0);
    return none();
}
static int sa_dev_then_blk_unfenced_racy(void)
{
    setup();
    at(0, 0, X, 1);
    at(1, 0, X, 0);
    return one(SCORD_DET_RACE_SCOPED_ATOM, 1);
}
static int sa_blk_then_any_fenced_racy(void)
{   /* the fence orders only a device-scope atomic before it */
    setup();
    at(0, 0, X, 0);
    fence(0, 0, 1);
    at(1, 0, X, 0);
    fence(1, 0, 1);
    at(2, 0, X, 1);
    CHECK(nrec() == 2, "records %u", nrec());
    CHECK(rec(0).type == SCORD_DET_RACE_SCOPED_ATOM && rec(1).type == SCORD_DET_RACE_SCOPED_ATOM,
          "types %u %u", rec(0).type, rec(1).type);
    return 1;
}
static int sa_blkfence_racy(void)
{   /* a block fence orders nothing across blocks */
    setup();
    at(0, 0, X, 0);
    fence(0, 0, 0);
    at(1, 0, X, 1);
    return one(SCORD_DET_RACE_SCOPED_ATOM, 1);
}
static int sa_other_warp_fence_racy(void)
{   /* the fence must be the atomic's own warp's */
    setup();
    at(0, 0, X, 0);
    fence(0, 1, 1);
    at(1, 0, X, 0);
    return one(SCORD_DET_RACE_SCOPED_ATOM, 1);
}
static int sa_fenced_weak_load_racy(void)
{   /* a device atomic, fenced: the pair goes on to the acquire rule, and a
     * weak load without its reader's fence may read a stale L1 copy */
    setup();
    at(0, 0, X, 1);
    fence(0, 0, 1);
    ld(1, 0, X);
    return one(SCORD_DET_RACE_STALE_READ, 1);
}

/* ---- v2: previous access PC index and record fields ----------------------------------- */

/* A racy pair: block 0 stores X at pc_a, block 1 loads X at pc_b. */
static scord_record_t pc_pair(uint32_t pc_base, uint32_t pc_a, uint32_t pc_b)
{
    setup();
    W(SCORD_DET_PC_BASE, pc_base);
    scord_event_t e = mk(0, 2, SCORD_DET_EV_STORE, X);
    e.pc = pc_a;
    e.lane = 6;
    scord_ref_event(m, &e);
    e = mk(1, 3, SCORD_DET_EV_LOAD, X);
    e.pc = pc_b;
    e.lane = 1;
    scord_ref_event(m, &e);
    scord_record_t r;
    memset(&r, 0xEE, sizeof r);
    if (nrec() == 1)
        r = rec(0);
    return r;
}
static int prev_pc_known(void)
{
    scord_record_t r = pc_pair(0x10000, 0x10000 + 4 * 0x123, 0x20000);
    CHECK(r.type == SCORD_DET_RACE_DEV_FENCE && r.prev_known && r.prev_pcidx == 0x123, "known: %u 0x%x",
          r.prev_known, r.prev_pcidx);
    CHECK(r.prev_block == 0 && r.prev_warp == 2 && r.prev_lane == 6 && r.lane == 1 && r.warp == 3,
          "threads");
    CHECK(md_of(X).pcidx == (0x20000 - 0x10000) / 4 && md_of(X).lane == 1, "entry pcidx 0x%x",
          md_of(X).pcidx);
    r = pc_pair(0x10000, 0x10000 + 4 * 0xFFFE, 0x20000);  /* the last index */
    CHECK(r.prev_known && r.prev_pcidx == 0xFFFE, "index 0xfffe");
    r = pc_pair(0x10002, 0x10002 + 4 * 7 + 3, 0x20000);  /* any base; low bits dropped */
    CHECK(r.prev_known && r.prev_pcidx == 7, "unaligned base: 0x%x", r.prev_pcidx);
    return 1;
}
static int prev_pc_unknown(void)
{   /* below the base, at index 0xFFFF, past 16 bits: the record says unknown,
     * and still names the previous thread */
    static const uint32_t pcs[] = {0xFFFC, 0x10000 + 4 * 0xFFFF, 0x10000 + 4 * 0x10000, 0xFFFFFFFC};
    for (unsigned i = 0; i < sizeof pcs / sizeof *pcs; i++) {
        scord_record_t r = pc_pair(0x10000, pcs[i], 0x20000);
        CHECK(r.type == SCORD_DET_RACE_DEV_FENCE && !r.prev_known &&
                  r.prev_pcidx == SCORD_DET_PCIDX_UNKNOWN, "pc 0x%x: known %u index 0x%x", pcs[i],
              r.prev_known, r.prev_pcidx);
        CHECK(r.prev_warp == 2 && r.prev_lane == 6, "thread");
        CHECK(scord_pc_index(pcs[i], 0x10000) == SCORD_DET_PCIDX_UNKNOWN, "helper");
    }
    return 1;
}
static int pc_base_register(void)
{   /* read/write at any time, also while armed; kept across kernel starts */
    setup();
    CHECK(R(SCORD_DET_PC_BASE) == 0, "reset value");
    W(SCORD_DET_PC_BASE, 0x12345678);
    CHECK(R(SCORD_DET_PC_BASE) == 0x12345678, "armed write");
    scord_ref_kernel_start(m);
    W(SCORD_DET_CTRL, 0);
    CHECK(R(SCORD_DET_PC_BASE) == 0x12345678, "kept");
    W(SCORD_DET_PC_BASE, 0x400);
    CHECK(R(SCORD_DET_PC_BASE) == 0x400, "disarmed write");
    /* the base at the time of the access counts, not at the report */
    setup();
    W(SCORD_DET_PC_BASE, 0x800);
    scord_event_t e = mk(0, 0, SCORD_DET_EV_STORE, X);
    e.pc = 0x900;
    scord_ref_event(m, &e);
    W(SCORD_DET_PC_BASE, 0x100);
    ld(1, 0, X);
    CHECK(nrec() == 1 && rec(0).prev_pcidx == 0x40, "index 0x%x", rec(0).prev_pcidx);
    return 1;
}
static int intrusion_record_v2(void)
{
    setup();
    W(SCORD_DET_PC_BASE, 0);
    L(9); st(0, 2, MDB + 32);
    CHECK(nrec() == 1, "records");
    const uint8_t *p = scord_ref_mem(m) + RING;
    uint32_t w0 = (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
    uint32_t w5 = (uint32_t)p[20] | (uint32_t)p[21] << 8 | (uint32_t)p[22] << 16 | (uint32_t)p[23] << 24;
    CHECK((w0 & 0xFFF9E100u) == 0 && w5 == 0, "w0 0x%08x w5 0x%08x", w0, w5);
    CHECK(rec(0).lane == 9 && rec(0).type == SCORD_DET_RACE_INTRUSION, "accessor");
    return 1;
}
static int md_update_v2(void)
{
    setup();
    W(SCORD_DET_PC_BASE, 0x1000);
    syncwarp(0, 1);
    syncwarp(0, 1);
    L(13); accs(0, 1, SCORD_DET_EV_STORE, X + 2, 1);
    scord_md_t md = md_of(X);
    CHECK(md.lane == 13 && md.bytes == 0xC && md.wsync == 2 && md.pcidx == 0 && md.tag == 0,
          "lane %u bytes 0x%x wsync %u pcidx 0x%x", md.lane, md.bytes, md.wsync, md.pcidx);
    uint32_t w = cnt(SCORD_DET_CNT_MD_WRITES);
    pc_next -= 4;  /* the same access again: the entry does not change */
    L(13); accs(0, 1, SCORD_DET_EV_STORE, X + 2, 1);
    CHECK(cnt(SCORD_DET_CNT_MD_WRITES) == w, "unchanged entry written");
    pc_next -= 4;
    syncwarp(0, 1);  /* only the high word changes: written */
    L(13); accs(0, 1, SCORD_DET_EV_STORE, X + 2, 1);
    CHECK(cnt(SCORD_DET_CNT_MD_WRITES) == w + 1 && md_of(X).wsync == 3, "high-word change not written");
    return 1;
}

const struct unit_case refmodel_beyond_cases[] = {
    UNIT_CASE(iw_store_load_racy), UNIT_CASE(iw_syncwarp_free), UNIT_CASE(iw_blkfence_free),
    UNIT_CASE(iw_devfence_free), UNIT_CASE(iw_other_warp_fence_racy), UNIT_CASE(iw_barrier_free),
    UNIT_CASE(iw_same_lane_free), UNIT_CASE(iw_load_load_free), UNIT_CASE(iw_atomics_free),
    UNIT_CASE(iw_atomic_load_racy), UNIT_CASE(iw_one_store_two_lanes_racy),
    UNIT_CASE(iw_wsync_wrap_racy), UNIT_CASE(iw_other_warps_unchanged),
    UNIT_CASE(bytes_char_array_free), UNIT_CASE(bytes_last_only), UNIT_CASE(bytes_overlap_racy),
    UNIT_CASE(bytes_masks), UNIT_CASE(bytes_coarse_granules_racy),
    UNIT_CASE(hist_store_bytes_kept), UNIT_CASE(hist_store_bytes_other_block_racy),
    UNIT_CASE(hist_store_bytes_fenced_free), UNIT_CASE(hist_own_bytes_read_back_free),
    UNIT_CASE(hist_last_lane_intra_warp_racy), UNIT_CASE(hist_other_lane_byte_missed),
    UNIT_CASE(hist_separate_events_last_only), UNIT_CASE(hist_load_bytes_kept_racy),
    UNIT_CASE(hist_halves_and_words), UNIT_CASE(hist_coarse_granules), UNIT_CASE(hist_cache_alias_in_line),
    UNIT_CASE(sev_same_value_warning), UNIT_CASE(sev_different_values_error),
    UNIT_CASE(sev_mixed_values_sticky), UNIT_CASE(sev_warning_stays_until_error),
    UNIT_CASE(sev_other_instructions_error), UNIT_CASE(sev_bytes_of_one_word),
    UNIT_CASE(sa_dev_then_blk_fenced_free), UNIT_CASE(sa_dev_then_blk_unfenced_racy),
    UNIT_CASE(sa_blk_then_any_fenced_racy), UNIT_CASE(sa_blkfence_racy),
    UNIT_CASE(sa_other_warp_fence_racy), UNIT_CASE(sa_fenced_weak_load_racy),
    UNIT_CASE(prev_pc_known), UNIT_CASE(prev_pc_unknown), UNIT_CASE(pc_base_register),
    UNIT_CASE(intrusion_record_v2), UNIT_CASE(md_update_v2),
    UNIT_END,
};
