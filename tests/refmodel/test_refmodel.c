/* Directed tests of the race-detector reference model (docs/detector.md).
 * One line per case: "PASS name" or "FAIL name: reason"; exit 1 on failure. */
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scord_evgen.h"
#include "scord_ref.h"

#define MEM      0x100000u  /* 1 MiB */
#define TRACK    0x10000u   /* window [TRACK, TRACK + TRACK_SZ) */
#define TRACK_SZ 0x10000u
#define MDB      0x40000u
#define RING     0x80000u
#define X        (TRACK + 0x100u)
#define Y        (TRACK + 0x200u)
#define LOCK     (TRACK + 0x400u)
#define LOCK2    (TRACK + 0x800u)

static char why[256];
static int failed;

static int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return 0;
}
#define CHECK(c, ...) do { if (!(c)) return fail(__VA_ARGS__); } while (0)

/* ---- harness -------------------------------------------------------------- */

static scord_ref_t *m;
static scord_locktab_t lt[4][4];  /* [block][warp] */
static uint8_t bar[4];
static uint8_t wsy[4][4];         /* warp sync count [block][warp] */
static uint32_t pc_next;
static uint8_t lane_next;         /* lane of the next access (then back to 0) */

static uint32_t R(uint32_t idx) { return scord_ref_reg_read(m, idx); }
static void W(uint32_t idx, uint32_t v) { scord_ref_reg_write(m, idx, v); }
static uint32_t cnt(uint32_t k) { return R(SCORD_DET_CNT_BASE + k); }
static uint32_t races(uint32_t t) { return cnt(SCORD_DET_CNT_RACE_BASE + t); }

static void setup_mode(uint32_t mode, uint32_t ring_size)
{
    scord_ref_free(m);
    m = scord_ref_new(MEM);
    W(SCORD_DET_MODE, mode);
    W(SCORD_DET_TRACK_BASE, TRACK);
    W(SCORD_DET_TRACK_BYTES, TRACK_SZ);
    W(SCORD_DET_MD_BASE, MDB);
    W(SCORD_DET_RING_BASE, RING);
    W(SCORD_DET_RING_SIZE, ring_size);
    W(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
    scord_ref_kernel_start(m);
    memset(lt, 0, sizeof lt);
    memset(bar, 0, sizeof bar);
    memset(wsy, 0, sizeof wsy);
    pc_next = 0x1000;
    lane_next = 0;
}
static void setup(void) { setup_mode(0, 64); }

/* Core side: every event carries its warp's Bloom and sync count and its
 * block's barrier id. */
static scord_event_t mk(int b, int w, uint8_t kind, uint32_t addr)
{
    scord_event_t e;
    memset(&e, 0, sizeof e);
    e.kind = kind;
    e.addr = addr;
    e.block = (uint16_t)b;
    e.warp = (uint8_t)w;
    e.core = (uint8_t)(b % 2);
    e.size = 2;
    e.barrier = bar[b & 3];
    e.bloom = scord_locktab_bloom(&lt[b & 3][w & 3]);
    e.pc = pc_next;
    pc_next += 4;
    if (kind != SCORD_DET_EV_SYNC) {
        e.lane = lane_next;
        e.wsync = wsy[b & 3][w & 3];
    }
    lane_next = 0;
    return e;
}
/* The next access is by lane l (accesses default to lane 0). */
static void L(int l) { lane_next = (uint8_t)l; }
/* syncwarp, vote or shuffle: no detector event, only the warp's count moves */
static void syncwarp(int b, int w) { wsy[b & 3][w & 3]++; }
/* An access of 2^size bytes (sub-word: byte precision). */
static void accs(int b, int w, uint8_t kind, uint32_t addr, int size)
{
    scord_event_t e = mk(b, w, kind, addr);
    e.size = (uint8_t)size;
    e.strong = kind == SCORD_DET_EV_ATOMIC;
    e.scope = 0;
    scord_ref_event(m, &e);
}
static void acc(int b, int w, uint8_t kind, uint32_t addr, int strong, int scope)
{
    scord_event_t e = mk(b, w, kind, addr);
    e.strong = (uint8_t)strong;
    e.scope = (uint8_t)scope;
    scord_ref_event(m, &e);
}
static void ld(int b, int w, uint32_t a) { acc(b, w, SCORD_DET_EV_LOAD, a, 0, 0); }
static void st(int b, int w, uint32_t a) { acc(b, w, SCORD_DET_EV_STORE, a, 0, 0); }
static void lds(int b, int w, uint32_t a) { acc(b, w, SCORD_DET_EV_LOAD, a, 1, 0); }
static void sts(int b, int w, uint32_t a) { acc(b, w, SCORD_DET_EV_STORE, a, 1, 0); }
static void at(int b, int w, uint32_t a, int scope) { acc(b, w, SCORD_DET_EV_ATOMIC, a, 1, scope); }
static void fence(int b, int w, int scope)
{
    scord_event_t e = mk(b, w, SCORD_DET_EV_SYNC, 0);
    e.size = SCORD_DET_SYNC_FENCE;
    e.scope = (uint8_t)scope;
    scord_locktab_fence(&lt[b & 3][w & 3], (uint8_t)scope);
    scord_ref_event(m, &e);
}
static void barrier(int b)
{
    bar[b & 3]++;
    scord_event_t e = mk(b, 0, SCORD_DET_EV_SYNC, 0);
    e.size = SCORD_DET_SYNC_BARRIER;
    scord_ref_event(m, &e);
}
static void cas(int b, int w, uint32_t a, int scope)
{
    at(b, w, a, scope);
    scord_locktab_cas(&lt[b & 3][w & 3], a, (uint8_t)scope);
}
static void exch(int b, int w, uint32_t a, int scope)
{
    at(b, w, a, scope);
    scord_locktab_exch(&lt[b & 3][w & 3], a, (uint8_t)scope);
}
static void lock(int b, int w, uint32_t a, int scope) { cas(b, w, a, scope); fence(b, w, scope); }
static void unlock(int b, int w, uint32_t a, int scope) { fence(b, w, scope); exch(b, w, a, scope); }

static uint32_t nrec(void) { return R(SCORD_DET_RING_HEAD); }
static scord_record_t rec(uint32_t slot)
{
    scord_record_t r;
    scord_record_decode(scord_ref_mem(m) + RING + slot * 32u, &r);
    return r;
}
/* The entry at index k, as raw little-endian words and decoded. */
static scord_md_t md_at(uint32_t k, uint64_t raw[2])
{
    scord_md_t md;
    const uint8_t *p = scord_ref_mem(m) + MDB + SCORD_DET_MD_ENTRY_BYTES * k;
    raw[0] = raw[1] = 0;
    for (int i = 15; i >= 0; i--)
        raw[i / 8] = raw[i / 8] << 8 | p[i];
    scord_md_decode(raw, &md);
    return md;
}
/* The entry of addr in full mode. */
static scord_md_t md_of(uint32_t addr)
{
    uint64_t raw[2];
    return md_at((addr - TRACK) >> (2 + ((R(SCORD_DET_MODE) >> 1) & 3)), raw);
}
/* exactly one record, of this type */
static int one(uint8_t type, int devrace)
{
    CHECK(nrec() == 1, "expected 1 record, got %u", nrec());
    scord_record_t r = rec(0);
    CHECK(r.type == type, "record type %u, expected %u", r.type, type);
    CHECK(r.devrace == devrace, "devrace %u, expected %d", r.devrace, devrace);
    CHECK(races(type) == 1, "race counter %u", races(type));
    return 1;
}
static int none(void)
{
    if (nrec() == 0)
        return 1;
    scord_record_t r = rec(0);
    return fail("unexpected race type %u at pc 0x%x", r.type, r.pc);
}

/* ---- Table III --------------------------------------------------------------- */

static int t3a_init_free(void)
{
    setup();
    st(0, 0, X);
    CHECK(cnt(SCORD_DET_CNT_PRELIM_PASS) == 1, "first access not passed by III(a)");
    ld(1, 0, Y);
    return none();
}
static int t3a_init_racy(void)
{   /* only the first access is covered by (a) */
    setup();
    st(0, 0, X);
    ld(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int t3b_order_free(void)
{
    setup();
    st(0, 1, X);
    st(0, 1, X);
    ld(0, 1, X);
    st(0, 1, X);
    CHECK(cnt(SCORD_DET_CNT_PRELIM_PASS) == 4, "prelim passes %u", cnt(SCORD_DET_CNT_PRELIM_PASS));
    return none();
}
static int t3b_order_racy(void)
{
    setup();
    st(0, 1, X);
    ld(0, 2, X);
    return one(SCORD_DET_RACE_BLOCK_FENCE, 0);
}
static int t3c_barrier_free(void)
{
    setup();
    st(0, 0, X);
    barrier(0);
    ld(0, 1, X);
    ld(0, 2, X);  /* second reader: read-read */
    barrier(0);
    st(0, 3, X);
    return none();
}
static int t3c_barrier_racy(void)
{   /* a barrier of another block orders nothing */
    setup();
    st(0, 0, X);
    barrier(1);
    ld(0, 1, X);
    return one(SCORD_DET_RACE_BLOCK_FENCE, 0);
}
static int t3c_devshared_racy(void)
{   /* DevShared defeats (c): block 1 read X since the last write */
    setup();
    sts(0, 0, X);
    fence(0, 0, 1);
    lds(1, 0, X);
    ld(0, 0, X);
    barrier(0);
    st(0, 1, X);
    return one(SCORD_DET_RACE_BLOCK_FENCE, 0);
}

/* ---- Table IV ----------------------------------------------------------------- */

static int t4a_free(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 0, 0);
    lds(0, 1, X);
    return none();
}
static int t4a_racy(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 1, 0);  /* the wrong warp fenced */
    lds(0, 1, X);
    return one(SCORD_DET_RACE_BLOCK_FENCE, 0);
}
static int t4b_free(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 0, 1);
    lds(1, 0, X);
    sts(2, 1, Y);
    fence(2, 1, 1);
    sts(3, 0, Y);  /* store: Modified is not required */
    return none();
}
static int t4b_racy(void)
{   /* a block fence does not order across blocks */
    setup();
    sts(0, 0, X);
    fence(0, 0, 0);
    lds(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int t4b_war_racy(void)
{   /* write after read, store side */
    setup();
    lds(0, 0, X);
    sts(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int t4c_racy(void)
{
    setup();
    st(0, 0, X);  /* weak */
    fence(0, 0, 1);
    lds(1, 0, X);
    CHECK(one(SCORD_DET_RACE_NOT_STRONG, 1), "%s", why);
    scord_record_t r = rec(0);
    CHECK(r.prev_strong == 0 && r.strong == 1, "strong flags %u %u", r.prev_strong, r.strong);
    return 1;
}
static int t4c_free(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 0, 1);
    lds(1, 0, X);
    return none();
}
static int t4c_block_racy(void)
{
    setup();
    sts(0, 0, X);
    fence(0, 0, 0);
    ld(0, 1, X);  /* weak reader */
    return one(SCORD_DET_RACE_NOT_STRONG, 0);
}
static int t4d_racy(void)
{
    setup();
    at(0, 0, X, 0);
    at(1, 0, X, 1);
    CHECK(one(SCORD_DET_RACE_SCOPED_ATOM, 1), "%s", why);
    scord_record_t r = rec(0);
    CHECK(r.prev_atom && r.prev_scope == 0 && r.scope == 1, "scopes in record");
    return 1;
}
static int t4d_cur_block_racy(void)
{   /* the current access's block scope counts too */
    setup();
    at(0, 0, X, 1);
    at(1, 0, X, 0);
    return one(SCORD_DET_RACE_SCOPED_ATOM, 1);
}
static int t4d_load_racy(void)
{   /* a plain access after a block-scope atomic of another block */
    setup();
    at(0, 0, X, 0);
    lds(1, 0, X);
    return one(SCORD_DET_RACE_SCOPED_ATOM, 1);
}
static int t4d_load_fenced_racy(void)
{   /* a device fence after another block's block-scope atomic orders
     * nothing: the atomic was only promised to its own block (ScoR's t4d) */
    setup();
    at(0, 0, X, 0);
    fence(0, 0, 1);
    lds(1, 0, X);
    return one(SCORD_DET_RACE_SCOPED_ATOM, 1);
}
static int t4d_free(void)
{
    setup();
    at(0, 0, X, 1);
    at(1, 0, X, 1);
    at(2, 3, X, 1);
    at(0, 0, Y, 0);
    at(0, 1, Y, 0);
    at(0, 2, Y, 1);
    return none();
}
static int t4e_racy(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lds(1, 0, X);  /* no lock */
    CHECK(one(SCORD_DET_RACE_LOCK_LOAD, 1), "%s", why);
    return 1;
}
static int t4e_free(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    st(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lock(1, 0, LOCK, 1);
    ld(1, 0, X);  /* weak access under a common lock: no (c) */
    unlock(1, 0, LOCK, 1);
    return none();
}
static int t4f_racy(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lock(1, 0, LOCK2, 1);  /* another lock */
    sts(1, 0, X);
    return one(SCORD_DET_RACE_LOCK_STORE, 1);
}
static int t4f_free(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lock(1, 0, LOCK, 1);
    sts(1, 0, X);
    unlock(1, 0, LOCK, 1);
    return none();
}
static int t4f_blklock_across_blocks(void)
{
    setup();
    lock(0, 0, LOCK, 0);
    fence(0, 0, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 0);
    fence(0, 0, 1);
    lock(1, 0, LOCK, 0);
    sts(1, 0, X);
    /* the block-scope CAS against block 0's block-scope release (a device
     * fence after a block-scope atomic orders nothing across blocks), and
     * the data, which a block-scope lock does not protect across blocks */
    CHECK(nrec() == 2, "records %u", nrec());
    CHECK(rec(0).type == SCORD_DET_RACE_SCOPED_ATOM && rec(0).addr == LOCK,
          "lock variable: type %u", rec(0).type);
    CHECK(rec(1).type == SCORD_DET_RACE_LOCK_STORE && rec(1).devrace && rec(1).addr == X,
          "data: type %u", rec(1).type);
    return 1;
}
static int t4f_blklock_across_blocks_unfenced(void)
{   /* without that last device fence the CAS is a scoped-atomic race */
    setup();
    lock(0, 0, LOCK, 0);
    fence(0, 0, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 0);
    lock(1, 0, LOCK, 0);
    CHECK(nrec() == 1, "records %u", nrec());
    CHECK(rec(0).type == SCORD_DET_RACE_SCOPED_ATOM && rec(0).addr == LOCK, "lock variable");
    return 1;
}
static int t4f_mixed_scope_in_block(void)
{   /* device and block locks of one variable, one block: common lock */
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lock(0, 1, LOCK, 0);
    sts(0, 1, X);
    unlock(0, 1, LOCK, 0);
    return none();
}
static int t4_no_tf_racy(void)
{   /* lock without a fence before the release: happens-before catches it */
    setup();
    lock(0, 0, LOCK, 1);
    sts(0, 0, X);
    exch(0, 0, LOCK, 1);
    lock(1, 0, LOCK, 1);
    sts(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int t4_no_stf_racy(void)
{   /* no fence after the acquire: the lock never becomes active */
    setup();
    cas(0, 0, LOCK, 1);
    sts(0, 0, X);
    unlock(0, 0, LOCK, 1);
    lock(1, 0, LOCK, 1);
    sts(1, 0, X);
    return one(SCORD_DET_RACE_LOCK_STORE, 1);
}

/* ---- v2: lanes of one warp (C1) ------------------------------------------------ */

static int iw_store_load_racy(void)
{
    setup();
    L(3); st(0, 1, X);
    L(5); ld(0, 1, X);
    CHECK(one(SCORD_DET_RACE_INTRA_WARP, 0), "%s", why);
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
    CHECK(one(SCORD_DET_RACE_INTRA_WARP, 0), "%s", why);
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
    CHECK(one(SCORD_DET_RACE_BLOCK_FENCE, 0), "%s", why);
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
        CHECK(one(SCORD_DET_RACE_BLOCK_FENCE, 0), "granularity %u: %s", 4u << code, why);
    }
    return 1;
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
{   /* a device atomic, fenced: the pair goes on to Table IV (c), a weak
     * load is not strong */
    setup();
    at(0, 0, X, 1);
    fence(0, 0, 1);
    ld(1, 0, X);
    return one(SCORD_DET_RACE_NOT_STRONG, 1);
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

/* ---- lock table and Bloom ------------------------------------------------------- */

static int lock_hash_formula(void)
{
    uint32_t a = 0xDEADBEEC;
    uint32_t h = ((a >> 2) ^ (a >> 8) ^ (a >> 14) ^ (a >> 20) ^ (a >> 26)) & 63u;
    CHECK(scord_lock_hash(a) == h, "hash");
    CHECK(scord_bloom_bits(0x2A, 0) == (1u << ((0x2A ^ 5) & 7)), "block bits 0x%x",
          scord_bloom_bits(0x2A, 0));
    CHECK(scord_bloom_bits(0x2A, 1) == (0x101u << ((0x2A ^ 5) & 7)), "device bits");
    return 1;
}
static int lock_inference(void)
{
    scord_locktab_t t;
    scord_locktab_reset(&t);
    scord_locktab_cas(&t, LOCK, 1);
    CHECK(scord_locktab_bloom(&t) == 0, "CAS alone activates");
    scord_locktab_fence(&t, 0);
    CHECK(scord_locktab_bloom(&t) == 0, "block fence activates a device lock");
    scord_locktab_fence(&t, 1);
    uint16_t b = scord_bloom_bits(scord_lock_hash(LOCK), 1);
    CHECK(scord_locktab_bloom(&t) == b, "device fence: bloom 0x%x", scord_locktab_bloom(&t));
    CHECK(t.scope[0] == 1, "device CAS recorded as block scope (the fall-through slip)");
    scord_locktab_exch(&t, LOCK, 0);
    CHECK(scord_locktab_bloom(&t) == b, "exchange of the other scope released");
    scord_locktab_exch(&t, LOCK, 1);
    CHECK(scord_locktab_bloom(&t) == 0 && !t.valid[0], "exchange did not release");
    scord_locktab_cas(&t, LOCK2, 0);
    scord_locktab_fence(&t, 1);  /* device fence activates narrower entries */
    CHECK(scord_locktab_bloom(&t) == scord_bloom_bits(scord_lock_hash(LOCK2), 0), "narrower");
    return 1;
}
static int lock_table_wrap(void)
{
    scord_locktab_t t;
    scord_locktab_reset(&t);
    for (int i = 0; i < 10; i++)
        scord_locktab_cas(&t, LOCK, 0);  /* spinning: one entry */
    CHECK(t.next == 1, "spinning CAS took %u entries", t.next);
    for (uint32_t i = 1; i <= 4; i++)
        scord_locktab_cas(&t, LOCK + 4 * i, 0);
    CHECK(t.next == 1 && t.hash[0] == scord_lock_hash(LOCK + 16), "circular overwrite");
    for (int i = 0; i < 4; i++)
        CHECK(t.hash[i] != scord_lock_hash(LOCK) || !t.valid[i], "oldest lock survived");
    return 1;
}
static int bloom_sent_before_own_effect(void)
{
    setup();
    lock(0, 0, LOCK, 1);
    scord_md_t md = md_of(LOCK);
    CHECK(md.bloom == 0, "CAS carried its own lock");
    sts(0, 0, X);
    CHECK(md_of(X).bloom == scord_bloom_bits(scord_lock_hash(LOCK), 1), "store bloom");
    return none();
}

/* ---- counters wrap ------------------------------------------------------------------ */

static int fence_wrap(int n, int expect_race)
{
    setup();
    sts(0, 0, X);
    for (int i = 0; i < n; i++)
        fence(0, 0, 0);
    lds(0, 1, X);
    return expect_race ? one(SCORD_DET_RACE_BLOCK_FENCE, 0) : none();
}
static int fence_wrap_63(void) { return fence_wrap(63, 0); }
static int fence_wrap_64(void) { return fence_wrap(64, 1); }
static int devfence_wrap_64(void)
{
    setup();
    sts(0, 0, X);
    for (int i = 0; i < 64; i++)
        fence(0, 0, 1);
    uint8_t b, d;
    scord_ref_fence_file(m, 0, 0, &b, &d);
    CHECK(d == 0 && b == 0, "fence file %u %u", b, d);
    lds(1, 0, X);
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int barrier_wrap(int n, int expect_race)
{
    setup();
    st(0, 0, X);
    for (int i = 0; i < n; i++)
        barrier(0);
    ld(0, 1, X);
    return expect_race ? one(SCORD_DET_RACE_BLOCK_FENCE, 0) : none();
}
static int barrier_wrap_255(void) { return barrier_wrap(255, 0); }
static int barrier_wrap_256(void) { return barrier_wrap(256, 1); }

/* ---- metadata modes ------------------------------------------------------------------ */

static int refuse(uint32_t reg, uint32_t val, uint32_t code);
static int refuse_with(uint32_t reg, uint32_t val, uint32_t reg2, uint32_t val2, uint32_t code);

static int cache_tag_mismatch(void)
{
    setup_mode(1, 64);  /* cache, 4 bytes: 512 entries of 16 bytes, alias stride 2 KiB */
    CHECK(R(SCORD_DET_MD_BYTES) == 8192, "md bytes %u", R(SCORD_DET_MD_BYTES));
    st(0, 0, X);
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 0, "fresh entry counted as mismatch");
    st(1, 0, X + 0x1000);  /* same entry, tag 2 */
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 1, "mismatch count %u", cnt(SCORD_DET_CNT_TAG_MISMATCH));
    ld(1, 1, X);  /* true race with the first store: missed (false negative) */
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 2, "mismatch count %u", cnt(SCORD_DET_CNT_TAG_MISMATCH));
    CHECK(none(), "%s", why);
    st(0, 0, X);  /* same tag again: a real check */
    CHECK(one(SCORD_DET_RACE_BLOCK_FENCE, 1) || one(SCORD_DET_RACE_DEV_FENCE, 1), "%s", why);
    uint64_t raw[2];
    scord_md_t md = md_at(((X - TRACK) >> 2) & 511u, raw);
    CHECK(md.tag == 0 && md.gen == 1 && md.block == 0, "entry tag %u gen %u", md.tag, md.gen);
    return 1;
}
static int cache_tag_bit4(void)
{   /* tags 0 and 16 differ only in the fifth tag bit (the high word's TAG4) */
    setup_mode(1, 64);
    uint32_t X16 = X + 16u * 0x800u;
    uint64_t raw[2];
    st(0, 0, X);
    ld(1, 0, X16);  /* a 4-bit tag would take this for X and report a race */
    CHECK(none(), "%s", why);
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 1, "mismatch count %u", cnt(SCORD_DET_CNT_TAG_MISMATCH));
    scord_md_t md = md_at(((X - TRACK) >> 2) & 511u, raw);
    CHECK(md.tag == 16 && ((raw[0] >> SCORD_DET_MD_TAG_LSB) & 15u) == 0 &&
          ((raw[1] >> (SCORD_DET_MD_TAG4_LSB - 64)) & 1u) == 1, "tag %u raw 0x%016llx 0x%016llx",
          md.tag, (unsigned long long)raw[0], (unsigned long long)raw[1]);
    st(0, 1, X + 31u * 0x800u);  /* tag 31 */
    CHECK(md_at(((X - TRACK) >> 2) & 511u, raw).tag == 31 && cnt(SCORD_DET_CNT_TAG_MISMATCH) == 2,
          "tag 31");
    ld(1, 1, X + 31u * 0x800u);  /* same tag: checked, and racy */
    return one(SCORD_DET_RACE_DEV_FENCE, 1);
}
static int sparse_cache(void)
{   /* sparse cache mode: one entry per 64 granules, 6-bit tags (TAG5 in
     * the high word); 256 entries of 16 bytes here, alias stride 1 KiB */
    setup_mode(1 | SCORD_DET_MODE_SPARSE, 64);
    CHECK(R(SCORD_DET_MD_BYTES) == 4096, "md bytes %u", R(SCORD_DET_MD_BYTES));
    uint32_t idx = ((X - TRACK) >> 2) & 255u;
    uint64_t raw[2];
    st(0, 0, X);
    ld(1, 0, X + 32u * 0x400u); /* tag 32: differs from 0 only in bit 5 */
    CHECK(none(), "%s", why);
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 1, "mismatch count %u", cnt(SCORD_DET_CNT_TAG_MISMATCH));
    scord_md_t md = md_at(idx, raw);
    CHECK(md.tag == 32 && ((raw[1] >> (SCORD_DET_MD_TAG5_LSB - 64)) & 1u) == 1 &&
              ((raw[1] >> (SCORD_DET_MD_TAG4_LSB - 64)) & 1u) == 0,
          "tag %u raw 0x%016llx", md.tag, (unsigned long long)raw[1]);
    st(0, 1, X + 63u * 0x400u); /* tag 63 */
    CHECK(md_at(idx, raw).tag == 63, "tag 63");
    ld(1, 1, X + 63u * 0x400u); /* same tag: checked, and racy */
    CHECK(one(SCORD_DET_RACE_DEV_FENCE, 1), "%s", why);
    /* the sparse bit alone (no cache bit) is full mode */
    setup_mode(SCORD_DET_MODE_SPARSE, 64);
    CHECK(R(SCORD_DET_MD_BYTES) == 0x40000 && R(SCORD_DET_MODE) == SCORD_DET_MODE_SPARSE,
          "sparse bit without cache: md bytes 0x%x", R(SCORD_DET_MD_BYTES));
    st(0, 0, X);
    ld(1, 0, X + 0x400u);
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 0 && none(), "full mode tagged");
    return 1;
}
static int md_bytes_modes(void)
{   /* 16 bytes per granule in full mode, per 32 granules in cache mode */
    static const uint32_t want[2][4] = {{0x40000, 0x20000, 0x10000, 0}, {0x2000, 0x1000, 0x800, 0}};
    for (uint32_t cache = 0; cache < 2; cache++)
        for (uint32_t code = 0; code < 4; code++) {
            scord_ref_free(m);
            m = scord_ref_new(MEM);
            W(SCORD_DET_TRACK_BYTES, TRACK_SZ);
            W(SCORD_DET_MODE, cache | code << 1);
            CHECK(R(SCORD_DET_MD_BYTES) == want[cache][code], "mode %u: md bytes 0x%x, expected 0x%x",
                  cache | code << 1, R(SCORD_DET_MD_BYTES), want[cache][code]);
        }
    for (uint32_t code = 0; code < 3; code++) { /* sparse: half of cache mode */
        W(SCORD_DET_MODE, 1 | code << 1 | SCORD_DET_MODE_SPARSE);
        CHECK(R(SCORD_DET_MD_BYTES) == want[1][code] / 2, "sparse code %u: md bytes 0x%x", code,
              R(SCORD_DET_MD_BYTES));
    }
    W(SCORD_DET_MODE, 1);
    W(SCORD_DET_TRACK_BYTES, 0x80000000u);  /* 2^31 / 4 / 32 * 16 */
    CHECK(R(SCORD_DET_MD_BYTES) == 0x10000000u, "cache mode of a 2 GiB window 0x%x", R(SCORD_DET_MD_BYTES));
    W(SCORD_DET_MODE, 0);  /* 8 GiB of metadata saturates */
    CHECK(R(SCORD_DET_MD_BYTES) == 0xFFFFFFFFu, "saturation 0x%x", R(SCORD_DET_MD_BYTES));
    return 1;
}
static int track_min_32_granules(void)
{   /* the window must hold 32 granules (one cache-mode entry) */
    return refuse(SCORD_DET_TRACK_BYTES, 64, SCORD_DET_ERR_TRACK_RANGE) &&
           refuse(SCORD_DET_TRACK_BYTES, 128, SCORD_DET_ERR_NONE) &&
           refuse(SCORD_DET_MODE, 5, SCORD_DET_ERR_NONE) &&  /* cache, 16 bytes: 512 */
           refuse_with(SCORD_DET_MODE, 5, SCORD_DET_TRACK_BYTES, 256, SCORD_DET_ERR_TRACK_RANGE) &&
           refuse_with(SCORD_DET_MODE, 4, SCORD_DET_TRACK_BYTES, 512, SCORD_DET_ERR_NONE) &&
           /* sparse cache mode: 64 granules */
           refuse_with(SCORD_DET_MODE, 1 | SCORD_DET_MODE_SPARSE, SCORD_DET_TRACK_BYTES, 128,
                       SCORD_DET_ERR_TRACK_RANGE) &&
           refuse_with(SCORD_DET_MODE, 1 | SCORD_DET_MODE_SPARSE, SCORD_DET_TRACK_BYTES, 256,
                       SCORD_DET_ERR_NONE);
}
static int gran(uint32_t code, uint32_t delta, int expect_race)
{
    setup_mode(code << 1, 64);
    sts(0, 0, X);
    sts(0, 1, X + delta);
    return expect_race ? one(SCORD_DET_RACE_BLOCK_FENCE, 0) : none();
}
static int gran4(void) { return gran(0, 4, 0) && gran(0, 0, 1); }
static int gran8(void) { return gran(1, 4, 1) && gran(1, 8, 0); }
static int gran16(void) { return gran(2, 12, 1) && gran(2, 16, 0); }
static int md_layout(void)
{
    scord_md_t a, b;
    uint64_t r[2];
    memset(&a, 0, sizeof a);
    a.gen = 63; a.tag = 63; a.block = 127; a.warp = 31; a.devfence = 63; a.blkfence = 63;
    a.barrier = 255; a.bloom = 0xFFFF; a.modified = a.blkshared = a.devshared = 1;
    a.atom = a.scope = a.strong = 1;
    a.pcidx = 0xFFFF; a.lane = 31; a.bytes = 15; a.wsync = 255;
    scord_md_encode(&a, r);
    CHECK(r[0] == ~0ull && r[1] == (1ull << 35) - 1, "all ones: 0x%016llx", (unsigned long long)r[1]);
    memset(&a, 0, sizeof a);
    a.block = 1;
    scord_md_encode(&a, r);
    CHECK(r[0] == 1ull << 47 && !r[1], "block lsb");
    a.block = 0; a.bloom = 1;
    scord_md_encode(&a, r);
    CHECK(r[0] == 1ull << 6, "bloom lsb");
    a.bloom = 0; a.gen = 1;
    scord_md_encode(&a, r);
    CHECK(r[0] == 1ull << 58, "gen lsb");
    /* the v2 high word: PCIDX [79:64], LANE [84:80], BYTES [88:85], WSYNC [96:89], TAG4 [97],
     * TAG5 [98] */
    a.gen = 0; a.pcidx = 1;
    scord_md_encode(&a, r);
    CHECK(!r[0] && r[1] == 1, "pcidx lsb");
    a.pcidx = 0; a.lane = 1;
    scord_md_encode(&a, r);
    CHECK(r[1] == 1ull << 16, "lane lsb");
    a.lane = 0; a.bytes = 1;
    scord_md_encode(&a, r);
    CHECK(r[1] == 1ull << 21, "bytes lsb");
    a.bytes = 0; a.wsync = 1;
    scord_md_encode(&a, r);
    CHECK(r[1] == 1ull << 25, "wsync lsb");
    a.wsync = 0; a.tag = 16;
    scord_md_encode(&a, r);
    CHECK(!r[0] && r[1] == 1ull << 33, "tag bit 4");
    a.tag = 32;
    scord_md_encode(&a, r);
    CHECK(!r[0] && r[1] == 1ull << 34, "tag bit 5");
    a.tag = 1;
    scord_md_encode(&a, r);
    CHECK(r[0] == 1ull << 54 && !r[1], "tag bit 0");
    uint64_t in[2] = {0x0123456789ABCDEFull, 0xFFFFFFFC12345678ull};
    scord_md_decode(in, &b);
    scord_md_encode(&b, r);
    CHECK(r[0] == in[0] && r[1] == (in[1] & ((1ull << 35) - 1)), "round trip (bits [127:99] are 0)");
    return 1;
}
static int md_update_rules(void)
{
    setup();
    st(0, 0, X);
    scord_md_t md = md_of(X);
    CHECK(md.modified && !md.blkshared && !md.devshared && !md.atom && md.gen == 1, "after store");
    fence(0, 0, 1);
    ld(1, 2, X);
    md = md_of(X);
    /* the public simulator's `==` slip would leave DevShared clear here */
    CHECK(!md.modified && md.devshared && !md.blkshared && md.block == 1 && md.warp == 2, "after load");
    ld(1, 3, X);
    md = md_of(X);
    CHECK(md.devshared && md.blkshared, "BlkShared after a second reader");
    at(1, 3, X, 1);
    md = md_of(X);
    CHECK(md.modified && !md.devshared && !md.blkshared && md.atom && md.scope && md.strong,
          "after atomic");
    uint32_t w = cnt(SCORD_DET_CNT_MD_WRITES);
    pc_next -= 4;  /* v2 keeps the PC index: repeat the same instruction */
    at(1, 3, X, 1);
    CHECK(cnt(SCORD_DET_CNT_MD_WRITES) == w, "unchanged entry written again");
    CHECK(cnt(SCORD_DET_CNT_MD_READS) == 5, "md reads %u", cnt(SCORD_DET_CNT_MD_READS));
    return 1;
}
static int generations(void)
{
    setup();
    memset(scord_ref_mem(m) + MDB, 0xFF, 64);  /* garbage before arming is swept... */
    W(SCORD_DET_CTRL, 0);
    W(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
    scord_ref_kernel_start(m);
    CHECK(scord_ref_mem(m)[MDB] == 0 && R(SCORD_DET_GEN) == 1, "no sweep at arm");
    st(0, 0, X);
    scord_ref_kernel_start(m);  /* gen 2: the entry of X is fresh */
    CHECK(R(SCORD_DET_GEN) == 2, "gen %u", R(SCORD_DET_GEN));
    ld(1, 0, X);
    CHECK(none(), "stale entry used: %s", why);
    for (int i = 0; i < 61; i++)
        scord_ref_kernel_start(m);
    CHECK(R(SCORD_DET_GEN) == 63, "gen %u", R(SCORD_DET_GEN));
    st(0, 0, Y);
    CHECK(md_of(Y).gen == 63, "entry gen");
    scord_ref_kernel_start(m);  /* wrap: swept, generation 1 */
    CHECK(R(SCORD_DET_GEN) == 1 && md_of(Y).gen == 0 && md_of(X).gen == 0, "wrap sweep");
    CHECK(cnt(SCORD_DET_CNT_ACCESSES) == 0, "counters not cleared at start");
    return 1;
}

/* ---- report writer ------------------------------------------------------------------ */

static int ring_overflow(void)
{
    setup_mode(0, 4);  /* 3 usable slots */
    for (int i = 0; i < 6; i++) {
        st(0, 0, X + 4 * (uint32_t)i);
        ld(1, 0, X + 4 * (uint32_t)i);  /* distinct pcs */
    }
    CHECK(nrec() == 3, "head %u", nrec());
    CHECK(R(SCORD_DET_RING_DROPS) == 3, "drops %u", R(SCORD_DET_RING_DROPS));
    CHECK(R(SCORD_DET_STATUS) & SCORD_DET_STATUS_OVERFLOW, "overflow bit");
    CHECK(races(SCORD_DET_RACE_DEV_FENCE) == 6, "race counter %u", races(SCORD_DET_RACE_DEV_FENCE));
    W(SCORD_DET_RING_TAIL, 2);  /* consumer took two records */
    st(0, 0, Y);
    ld(1, 0, Y);
    st(0, 0, Y + 4);
    ld(1, 0, Y + 4);
    st(0, 0, Y + 8);
    ld(1, 0, Y + 8);
    CHECK(R(SCORD_DET_RING_HEAD) == 1 && R(SCORD_DET_RING_DROPS) == 4, "head %u drops %u",
          R(SCORD_DET_RING_HEAD), R(SCORD_DET_RING_DROPS));
    CHECK(rec(3).addr == Y && rec(0).addr == Y + 4, "wrapped records");
    W(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE | SCORD_DET_CTRL_CLEAR);
    CHECK(!(R(SCORD_DET_STATUS) & SCORD_DET_STATUS_OVERFLOW), "overflow bit not cleared");
    return 1;
}
/* A racy read of X at `pc` by block 1 (the store was not fenced); block 1
 * fences afterwards so the next store does not race with the read. */
static void racy_read(uint32_t pc)
{
    sts(0, 0, X);
    scord_event_t e = mk(1, 0, SCORD_DET_EV_LOAD, X);
    e.pc = pc;
    e.strong = 1;
    scord_ref_event(m, &e);
    fence(1, 0, 1);
}
static int suppression(void)
{
    setup();
    for (int i = 0; i < 5; i++)
        racy_read(0x4444);
    CHECK(nrec() == 1, "records %u", nrec());
    CHECK(rec(0).count == 5 && rec(0).pc == 0x4444, "count %u", rec(0).count);
    CHECK(cnt(SCORD_DET_CNT_SUPPRESSED) == 4, "suppressed %u", cnt(SCORD_DET_CNT_SUPPRESSED));
    CHECK(races(SCORD_DET_RACE_DEV_FENCE) == 5, "race counter");
    W(SCORD_DET_RING_TAIL, 1);  /* consumed: the next repeat opens a new record */
    racy_read(0x4444);
    CHECK(nrec() == 2 && rec(1).count == 1 && rec(0).count == 5, "after consumption");
    /* Claimed (being read, tail not moved yet): no merge either (§8.3). */
    W(SCORD_DET_RING_CLAIM, 2);
    CHECK(R(SCORD_DET_RING_CLAIM) == 2 && R(SCORD_DET_RING_TAIL) == 1, "claim not taken");
    racy_read(0x4444);
    CHECK(nrec() == 3 && rec(1).count == 1 && rec(2).count == 1, "merged into a claimed record");
    racy_read(0x4444);
    CHECK(nrec() == 3 && rec(2).count == 2, "no merge into the open record");
    /* Claims outside tail..head are refused; a tail write ends the claim. */
    W(SCORD_DET_RING_CLAIM, 0);
    CHECK(R(SCORD_DET_RING_CLAIM) == 2 && (R(SCORD_DET_STATUS) & SCORD_DET_STATUS_TAIL_BAD),
          "claim behind the tail accepted");
    W(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE | SCORD_DET_CTRL_CLEAR);
    W(SCORD_DET_RING_CLAIM, 4);
    CHECK(R(SCORD_DET_RING_CLAIM) == 2 && (R(SCORD_DET_STATUS) & SCORD_DET_STATUS_TAIL_BAD),
          "claim past the head accepted");
    W(SCORD_DET_RING_CLAIM, 3);
    CHECK(R(SCORD_DET_RING_CLAIM) == 3, "claim of every record refused");
    W(SCORD_DET_RING_TAIL, 2);
    CHECK(R(SCORD_DET_RING_CLAIM) == 2, "tail write kept claim %u", R(SCORD_DET_RING_CLAIM));
    return 1;
}
static int suppression_fifo(void)
{
    setup();
    /* 17 distinct pcs evict the first; its repeat writes a new record */
    for (uint32_t i = 0; i < 17; i++)
        racy_read(0x5000 + 4 * i);
    racy_read(0x5000 + 4);  /* still in the table */
    CHECK(nrec() == 17 && rec(1).count == 2, "records %u count %u", nrec(), rec(1).count);
    racy_read(0x5000);  /* evicted */
    CHECK(nrec() == 18 && rec(0).count == 1 && rec(17).pc == 0x5000, "evicted entry");
    return 1;
}
static int record_layout(void)
{
    setup();
    scord_event_t e = mk(3, 2, SCORD_DET_EV_STORE, X + 1);
    e.size = 0;
    e.core = 5;
    e.lane = 7;
    e.pc = 0x12345678;
    sts(1, 4, X);
    e.block = 0x1234;
    scord_ref_event(m, &e);
    CHECK(nrec() == 1, "records");
    const uint8_t *p = scord_ref_mem(m) + RING;
    uint32_t w[8];
    for (int i = 0; i < 8; i++)
        w[i] = (uint32_t)p[4 * i] | (uint32_t)p[4 * i + 1] << 8 | (uint32_t)p[4 * i + 2] << 16 |
               (uint32_t)p[4 * i + 3] << 24;
    /* v2 adds bit 19 (the previous PC is known: DET_PC_BASE 0, pc 0x1004),
     * the previous lane (0) and the previous PC index in word 5 */
    uint32_t w0 = SCORD_DET_RACE_DEV_FENCE | 1u << 8 | 1u << 9 | 0u << 11 | 1u << 13 | 1u << 16 |
                  1u << 19;
    CHECK(w[0] == w0, "w0 0x%08x expected 0x%08x", w[0], w0);
    CHECK(w[1] == 0x12345678 && w[2] == X + 1 && w[3] == 0x1234, "pc/addr/block");
    CHECK(w[4] == (5u | 2u << 8 | 7u << 16), "w4 0x%08x", w[4]);
    CHECK(w[5] == (1u | 4u << 8 | (0x1004u >> 2) << 16), "w5 0x%08x", w[5]);
    CHECK(w[6] == 1 && w[7] == 2, "count %u seq %u", w[6], w[7]);
    return 1;
}

/* ---- registers, refusal, intrusion ------------------------------------------------------- */

/* Arms the default layout with reg := val and reg2 := val2 changed and
 * expects the refusal code (0: armed). */
static int refuse_with(uint32_t reg, uint32_t val, uint32_t reg2, uint32_t val2, uint32_t code)
{
    scord_ref_free(m);
    m = scord_ref_new(MEM);
    W(SCORD_DET_TRACK_BASE, TRACK);
    W(SCORD_DET_TRACK_BYTES, TRACK_SZ);
    W(SCORD_DET_MD_BASE, MDB);
    W(SCORD_DET_RING_BASE, RING);
    W(SCORD_DET_RING_SIZE, 64);
    W(reg, val);
    W(reg2, val2);
    W(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
    uint32_t s = R(SCORD_DET_STATUS);
    CHECK((s & SCORD_DET_STATUS_ARMED) == (code ? 0u : 1u), "armed %u", s & 1);
    CHECK(((s >> 8) & 0xFF) == code, "reg 0x%x=0x%x: code %u, expected %u", reg, val, (s >> 8) & 0xFF,
          code);
    return 1;
}
static int refuse(uint32_t reg, uint32_t val, uint32_t code)
{
    return refuse_with(reg, val, reg, val, code);
}
static int bad_registers(void)
{
    return refuse(SCORD_DET_MODE, 0, SCORD_DET_ERR_NONE) &&
           refuse(SCORD_DET_MODE, 6, SCORD_DET_ERR_MODE) &&
           refuse(SCORD_DET_RING_SIZE, 0, SCORD_DET_ERR_RING_SIZE) &&
           refuse(SCORD_DET_RING_SIZE, 1, SCORD_DET_ERR_RING_SIZE) &&
           refuse(SCORD_DET_RING_BASE, MEM - 32, SCORD_DET_ERR_RING_RANGE) &&
           refuse(SCORD_DET_RING_BASE, 0xFFFFFFE0u, SCORD_DET_ERR_RING_RANGE) &&
           refuse(SCORD_DET_RING_BASE, RING + 4, SCORD_DET_ERR_RING_RANGE) &&
           refuse(SCORD_DET_RING_BASE, 0, SCORD_DET_ERR_RING_RANGE) &&
           refuse(SCORD_DET_TRACK_BYTES, 0x18000, SCORD_DET_ERR_TRACK_RANGE) &&
           refuse(SCORD_DET_TRACK_BYTES, 0, SCORD_DET_ERR_TRACK_RANGE) &&
           refuse(SCORD_DET_TRACK_BASE, 0xFFFF0000u, SCORD_DET_ERR_TRACK_RANGE) &&
           refuse(SCORD_DET_MD_BASE, MEM - 8, SCORD_DET_ERR_MD_RANGE) &&
           refuse(SCORD_DET_MD_BASE, 0xFFFFFFF8u, SCORD_DET_ERR_MD_RANGE) &&
           refuse(SCORD_DET_MD_BASE, MDB + 4, SCORD_DET_ERR_MD_RANGE) &&
           refuse(SCORD_DET_MD_BASE, TRACK, SCORD_DET_ERR_OVERLAP) &&
           refuse(SCORD_DET_MD_BASE, RING - 0x100, SCORD_DET_ERR_OVERLAP) &&
           refuse(SCORD_DET_RING_BASE, TRACK + 0x20, SCORD_DET_ERR_OVERLAP);
}
/* A suppression entry whose record was consumed and whose slot the ring
 * has since reused for another record must not merge into that record
 * (found by the soak, docs/trust.md §5: a ring of two slots under a race
 * storm gave one record another's count). */
static int suppression_slot_reused(void)
{
    setup_mode(0, 2); /* one usable slot */
    racy_read(0xA0);
    racy_read(0xA0);
    CHECK(nrec() == 1 && rec(0).count == 2, "A: count %u", rec(0).count);
    W(SCORD_DET_RING_TAIL, 1);
    racy_read(0xB0); /* slot 1 */
    W(SCORD_DET_RING_TAIL, 0);
    racy_read(0xC0); /* slot 0 again, where A was */
    CHECK(R(SCORD_DET_RING_HEAD) == 1 && rec(0).pc == 0xC0 && rec(0).count == 1, "C");
    racy_read(0xA0); /* A's entry still names slot 0 */
    CHECK(rec(0).pc == 0xC0 && rec(0).count == 1, "A's repeat changed C's count to %u",
          rec(0).count);
    CHECK(R(SCORD_DET_RING_DROPS) == 1, "drops %u (the ring is full)", R(SCORD_DET_RING_DROPS));
    W(SCORD_DET_RING_TAIL, 1);
    racy_read(0xA0); /* a new record for A */
    CHECK(R(SCORD_DET_RING_HEAD) == 0 && rec(1).pc == 0xA0 && rec(1).count == 1, "A again");
    return 1;
}
static int frozen_and_tail(void)
{
    setup();
    W(SCORD_DET_RING_SIZE, 0);
    CHECK(R(SCORD_DET_RING_SIZE) == 64, "config changed while armed");
    W(SCORD_DET_RING_TAIL, 64);
    CHECK(R(SCORD_DET_RING_TAIL) == 0 && (R(SCORD_DET_STATUS) & SCORD_DET_STATUS_TAIL_BAD), "tail");
    W(SCORD_DET_CTRL, 0);
    st(0, 0, X);
    CHECK(cnt(SCORD_DET_CNT_ACCESSES) == 0, "disabled detector counted");
    CHECK(md_of(X).gen == 0, "disabled detector wrote metadata");
    return 1;
}
static int intrusion(void)
{
    setup();
    ld(0, 0, MDB + 16);
    CHECK(none() && cnt(SCORD_DET_CNT_UNTRACKED) == 1, "load of metadata");
    st(0, 0, MDB + 16);
    at(0, 1, RING + 40, 1);
    CHECK(nrec() == 2 && rec(0).type == SCORD_DET_RACE_INTRUSION && rec(1).addr == RING + 40,
          "records %u", nrec());
    CHECK(R(SCORD_DET_STATUS) & SCORD_DET_STATUS_INTRUSION, "status");
    st(0, 0, 0x90000);
    CHECK(cnt(SCORD_DET_CNT_UNTRACKED) == 2 && cnt(SCORD_DET_CNT_ACCESSES) == 4, "untracked");
    return 1;
}
static int event_pack(void)
{
    scord_event_t a, b;
    memset(&a, 0, sizeof a);
    a.kind = 2; a.scope = 1; a.strong = 1; a.size = 2; a.pc = 0x11223344; a.addr = 0x55667788;
    a.core = 0xAB; a.block = 0xBEEF; a.warp = 31; a.lane = 17; a.barrier = 0xC3; a.bloom = 0x8001;
    a.wsync = 0xA5;
    uint32_t w[SCORD_EVENT_WORDS];
    CHECK(SCORD_EVENT_WORDS == 5, "%d event words", SCORD_EVENT_WORDS);
    scord_event_pack(&a, w);
    CHECK(w[2] == 0xABC38001u && w[3] == (0xBEEFu | 31u << 16 | 17u << 21 | 2u << 26 | 1u << 28 |
                                          1u << 29 | 2u << 30), "w3 0x%08x", w[3]);
    CHECK(w[4] == 0xA5u, "w4 0x%08x", w[4]);
    memset(&b, 0, sizeof b);  /* padding bytes too: memcmp below */
    scord_event_unpack(w, &b);
    CHECK(memcmp(&a, &b, sizeof a) == 0, "round trip");
    w[4] = 0xFFFFFF5Au;  /* [31:8] are 0 by contract, and ignored */
    scord_event_unpack(w, &b);
    CHECK(b.wsync == 0x5A, "wsync 0x%x", b.wsync);
    return 1;
}
static int line_event_pack(void)
{   /* §3.1: lead event, then the mask, then each lane's offset */
    scord_line_event_t le;
    memset(&le, 0, sizeof le);
    le.ev.kind = SCORD_DET_EV_STORE; le.ev.size = 2; le.ev.pc = 0x1234; le.ev.addr = 0x40A4;
    le.ev.lane = 1; le.ev.warp = 3; le.ev.block = 7;
    le.mask = 0x86;  /* lanes 1, 2, 7 */
    le.off[1] = 0x04; le.off[2] = 0x1C; le.off[7] = 0x08; le.off[5] = 0x1F;  /* 5: not in mask */
    uint32_t w[16];
    CHECK(scord_line_event_words(8, 32) == 7 && scord_line_event_words(4, 32) == 6 &&
          scord_line_event_words(32, 32) == 11, "word counts");
    scord_line_event_pack(&le, 8, 32, w);
    /* 8 lanes, 5-bit offsets: mask at 160, lane t's offset at 168 + 5t */
    CHECK((w[5] & 0xFFu) == 0x86u, "mask 0x%x", w[5] & 0xFFu);
    CHECK(((w[5] >> (8 + 5)) & 31u) == 0x04 && ((w[5] >> (8 + 10)) & 31u) == 0x1C &&
          ((w[6] >> 1) & 31u) == 0x1F, "offsets 0x%08x 0x%08x", w[5], w[6]);
    CHECK(((w[6] >> 11) & 31u) == 0x08 && (w[6] >> 16) == 0, "lane 7 offset, zero pad 0x%08x", w[6]);
    scord_event_t e;
    scord_line_event_lane(&le, 32, 2, &e);
    CHECK(e.lane == 2 && e.addr == 0x40BC && e.pc == 0x1234 && e.warp == 3, "lane 2 at 0x%x", e.addr);
    /* The model takes the lanes in ascending order, as lane events: two
     * lanes of one warp on one word race (intra-warp), lane 1 first. */
    setup();
    le.mask = 0x6; le.off[1] = 0x04; le.off[2] = 0x04;
    le.ev.addr = X + 4;
    scord_ref_line_event(m, &le, 32);
    CHECK(cnt(SCORD_DET_CNT_ACCESSES) == 2 && nrec() == 1, "accesses %u records %u",
          cnt(SCORD_DET_CNT_ACCESSES), nrec());
    CHECK(rec(0).type == SCORD_DET_RACE_INTRA_WARP && rec(0).lane == 2 && rec(0).prev_lane == 1,
          "type %u lane %u prev %u", rec(0).type, rec(0).lane, rec(0).prev_lane);
    le.mask = 0;
    scord_ref_line_event(m, &le, 32);
    CHECK(cnt(SCORD_DET_CNT_ACCESSES) == 2, "an empty mask is nothing");
    return 1;
}
static int block_id_alias(void)
{   /* block ids equal modulo 128 are one block to the detector */
    setup();
    sts(0, 0, X);
    scord_event_t e = mk(0, 0, SCORD_DET_EV_LOAD, X);
    e.block = 128;
    e.strong = 1;
    scord_ref_event(m, &e);
    return none();
}

/* ---- generator ------------------------------------------------------------------- */

/* Records of the last run_stream by whether the previous access's PC was
 * known, and records that broke the v2 layout's rules. */
static uint32_t rec_known[2], rec_bad;

static uint64_t run_stream(uint64_t seed, uint32_t n, uint32_t mode, uint32_t counts[SCORD_DET_RACE_TYPES])
{
    setup_mode(mode, 256);
    W(SCORD_DET_PC_BASE, 0x1000);
    scord_evgen_params_t p;
    scord_evgen_t *g = malloc(sizeof *g);
    scord_evgen_defaults(&p, TRACK, TRACK_SZ);
    p.untracked_addr = 0x90000;
    p.intrude_addr = MDB + 64;
    p.kernel_events = 50000;
    p.pc_base = 0x1000;
    if (!g || !scord_evgen_init(g, &p, seed)) {
        free(g);
        return 0;
    }
    memset(rec_known, 0, sizeof rec_known);
    rec_bad = 0;
    uint64_t h = 1469598103934665603ull;
    scord_event_t ev;
    for (uint32_t i = 0; i < n;) {
        if (!scord_evgen_next(g, &ev)) {
            scord_ref_kernel_start(m);
            continue;
        }
        uint32_t w[SCORD_EVENT_WORDS];
        scord_event_pack(&ev, w);
        for (unsigned k = 0; k < SCORD_EVENT_WORDS; k++)
            h = (h ^ w[k]) * 1099511628211ull;
        uint32_t head = R(SCORD_DET_RING_HEAD);
        scord_ref_event(m, &ev);
        i++;
        if (R(SCORD_DET_RING_HEAD) != head) {
            scord_record_t r = rec(head);
            if (r.type == SCORD_DET_RACE_INTRUSION)
                rec_bad += r.prev_known || r.prev_pcidx || r.prev_lane;
            else
                rec_known[r.prev_known]++;
            rec_bad += r.shared || r.prev_known != (r.type != SCORD_DET_RACE_INTRUSION &&
                                                    r.prev_pcidx != SCORD_DET_PCIDX_UNKNOWN);
            rec_bad += r.type == SCORD_DET_RACE_INTRA_WARP && (r.devrace || r.prev_lane == r.lane);
        }
        W(SCORD_DET_RING_TAIL, R(SCORD_DET_RING_HEAD));  /* a consumer that keeps up */
    }
    for (uint32_t t = 0; t < SCORD_DET_RACE_TYPES; t++)
        counts[t] = races(t);
    free(g);
    return h;
}
static int evgen_deterministic(void)
{
    uint32_t c1[SCORD_DET_RACE_TYPES], c2[SCORD_DET_RACE_TYPES];
    uint64_t h1 = run_stream(7, 20000, 0, c1), h2 = run_stream(7, 20000, 0, c2);
    CHECK(h1 && h1 == h2 && memcmp(c1, c2, sizeof c1) == 0, "same seed, different stream");
    CHECK(run_stream(8, 20000, 0, c2) != h1, "seed ignored");
    return 1;
}
static int evgen_mix(void)
{
    uint32_t c[SCORD_DET_RACE_TYPES];
    static const uint32_t modes[] = {0, 1, 2, 3, 5};
    for (unsigned i = 0; i < sizeof modes / sizeof *modes; i++) {
        run_stream(100 + i, 49000, modes[i], c);  /* within one kernel: counters intact */
        for (uint32_t t = 1; t < SCORD_DET_RACE_INTRA_WARP; t++)
            CHECK(c[t] > 0, "mode %u: no race of type %u", modes[i], t);
        /* lanes of a warp are told apart at 4-byte granules only */
        if ((modes[i] >> 1 & 3u) == 0)
            CHECK(c[SCORD_DET_RACE_INTRA_WARP] > 0, "mode %u: no intra-warp race", modes[i]);
        else
            CHECK(c[SCORD_DET_RACE_INTRA_WARP] == 0, "mode %u: intra-warp races at a coarse granule",
                  modes[i]);
        CHECK(c[SCORD_DET_RACE_SHARED] == 0 && c[SCORD_DET_RACE_SHARED_WARP] == 0,
              "shared races from device-memory events");
        CHECK(cnt(SCORD_DET_CNT_PRELIM_PASS) > 1000, "few prelim passes");
        if (modes[i] & 1)
            CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) > 0, "no tag mismatch in cache mode");
        CHECK(rec_known[0] > 0 && rec_known[1] > 0, "mode %u: records with known/unknown previous PC %u/%u",
              modes[i], rec_known[1], rec_known[0]);
        CHECK(rec_bad == 0, "mode %u: %u records break the v2 layout", modes[i], rec_bad);
    }
    return 1;
}

/* ---- main --------------------------------------------------------------------- */

static const struct {
    const char *name;
    int (*fn)(void);
} cases[] = {
#define T(f) {#f, f}
    T(t3a_init_free), T(t3a_init_racy), T(t3b_order_free), T(t3b_order_racy),
    T(t3c_barrier_free), T(t3c_barrier_racy), T(t3c_devshared_racy),
    T(t4a_free), T(t4a_racy), T(t4b_free), T(t4b_racy), T(t4b_war_racy),
    T(t4c_free), T(t4c_racy), T(t4c_block_racy),
    T(t4d_free), T(t4d_racy), T(t4d_cur_block_racy), T(t4d_load_racy), T(t4d_load_fenced_racy),
    T(t4e_free), T(t4e_racy), T(t4f_free), T(t4f_racy), T(t4f_blklock_across_blocks),
    T(t4f_blklock_across_blocks_unfenced),
    T(t4f_mixed_scope_in_block), T(t4_no_tf_racy), T(t4_no_stf_racy),
    T(lock_hash_formula), T(lock_inference), T(lock_table_wrap), T(bloom_sent_before_own_effect),
    T(fence_wrap_63), T(fence_wrap_64), T(devfence_wrap_64), T(barrier_wrap_255), T(barrier_wrap_256),
    T(iw_store_load_racy), T(iw_syncwarp_free), T(iw_blkfence_free), T(iw_devfence_free),
    T(iw_other_warp_fence_racy), T(iw_barrier_free), T(iw_same_lane_free), T(iw_load_load_free),
    T(iw_atomics_free), T(iw_atomic_load_racy), T(iw_one_store_two_lanes_racy), T(iw_wsync_wrap_racy),
    T(iw_other_warps_unchanged),
    T(bytes_char_array_free), T(bytes_last_only), T(bytes_overlap_racy), T(bytes_masks),
    T(bytes_coarse_granules_racy),
    T(sa_dev_then_blk_fenced_free), T(sa_dev_then_blk_unfenced_racy), T(sa_blk_then_any_fenced_racy),
    T(sa_blkfence_racy), T(sa_other_warp_fence_racy), T(sa_fenced_weak_load_racy),
    T(prev_pc_known), T(prev_pc_unknown), T(pc_base_register), T(intrusion_record_v2), T(md_update_v2),
    T(cache_tag_mismatch), T(cache_tag_bit4), T(sparse_cache), T(md_bytes_modes), T(track_min_32_granules), T(gran4), T(gran8), T(gran16), T(md_layout), T(md_update_rules),
    T(generations), T(ring_overflow), T(suppression), T(suppression_slot_reused), T(suppression_fifo), T(record_layout),
    T(bad_registers), T(frozen_and_tail), T(intrusion), T(event_pack), T(line_event_pack), T(block_id_alias),
    T(evgen_deterministic), T(evgen_mix),
#undef T
};

int main(int argc, char **argv)
{
    int n = 0;
    for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
        if (argc > 1) {
            int want = 0;
            for (int a = 1; a < argc; a++)
                want |= strcmp(argv[a], cases[i].name) == 0;
            if (!want)
                continue;
        }
        why[0] = '\0';
        n++;
        if (cases[i].fn()) {
            printf("PASS %s\n", cases[i].name);
        } else {
            printf("FAIL %s: %s\n", cases[i].name, why);
            failed++;
        }
    }
    scord_ref_free(m);
    printf("refmodel: %d passed, %d failed\n", n - failed, failed);
    return failed ? 1 : 0;
}
