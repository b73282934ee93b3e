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
static uint32_t pc_next;

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
    pc_next = 0x1000;
}
static void setup(void) { setup_mode(0, 64); }

/* Core side: every event carries its warp's Bloom and its block's barrier id. */
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
    return e;
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
static scord_md_t md_of(uint32_t addr)
{
    scord_md_t md;
    uint32_t g = (addr - TRACK) >> (2 + ((R(SCORD_DET_MODE) >> 1) & 3));
    const uint8_t *p = scord_ref_mem(m) + MDB + 8u * g;
    uint64_t raw = 0;
    for (int i = 7; i >= 0; i--)
        raw = raw << 8 | p[i];
    scord_md_decode(raw, &md);
    return md;
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
    lock(1, 0, LOCK, 0);  /* the block-scope CAS itself races across blocks */
    sts(1, 0, X);
    CHECK(nrec() == 2, "records %u", nrec());
    CHECK(rec(0).type == SCORD_DET_RACE_SCOPED_ATOM && rec(0).addr == LOCK, "lock variable");
    CHECK(rec(1).type == SCORD_DET_RACE_LOCK_STORE && rec(1).devrace, "data: type %u", rec(1).type);
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

static int cache_tag_mismatch(void)
{
    setup_mode(1, 64);  /* cache, 4 bytes: 1024 entries, alias stride 4 KiB */
    CHECK(R(SCORD_DET_MD_BYTES) == 8192, "md bytes %u", R(SCORD_DET_MD_BYTES));
    st(0, 0, X);
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 0, "fresh entry counted as mismatch");
    st(1, 0, X + 0x1000);  /* same entry, tag 1 */
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 1, "mismatch count %u", cnt(SCORD_DET_CNT_TAG_MISMATCH));
    ld(1, 1, X);  /* true race with the first store: missed (false negative) */
    CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) == 2, "mismatch count %u", cnt(SCORD_DET_CNT_TAG_MISMATCH));
    CHECK(none(), "%s", why);
    st(0, 0, X);  /* same tag again: a real check */
    CHECK(one(SCORD_DET_RACE_BLOCK_FENCE, 1) || one(SCORD_DET_RACE_DEV_FENCE, 1), "%s", why);
    scord_md_t md;
    const uint8_t *p = scord_ref_mem(m) + MDB + 8u * (((X - TRACK) >> 2) & 1023u);
    uint64_t raw = 0;
    for (int i = 7; i >= 0; i--)
        raw = raw << 8 | p[i];
    scord_md_decode(raw, &md);
    CHECK(md.tag == 0 && md.gen == 1 && md.block == 0, "entry tag %u gen %u", md.tag, md.gen);
    return 1;
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
    memset(&a, 0, sizeof a);
    a.gen = 63; a.tag = 15; a.block = 127; a.warp = 31; a.devfence = 63; a.blkfence = 63;
    a.barrier = 255; a.bloom = 0xFFFF; a.modified = a.blkshared = a.devshared = 1;
    a.atom = a.scope = a.strong = 1;
    CHECK(scord_md_encode(&a) == ~0ull, "all ones");
    memset(&a, 0, sizeof a);
    a.block = 1;
    CHECK(scord_md_encode(&a) == 1ull << 47, "block lsb");
    a.block = 0; a.bloom = 1;
    CHECK(scord_md_encode(&a) == 1ull << 6, "bloom lsb");
    a.bloom = 0; a.gen = 1;
    CHECK(scord_md_encode(&a) == 1ull << 58, "gen lsb");
    scord_md_decode(0x0123456789ABCDEFull, &b);
    CHECK(scord_md_encode(&b) == 0x0123456789ABCDEFull, "round trip");
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
    uint32_t w0 = SCORD_DET_RACE_DEV_FENCE | 1u << 8 | 1u << 9 | 0u << 11 | 1u << 13 | 1u << 16;
    CHECK(w[0] == w0, "w0 0x%08x expected 0x%08x", w[0], w0);
    CHECK(w[1] == 0x12345678 && w[2] == X + 1 && w[3] == 0x1234, "pc/addr/block");
    CHECK(w[4] == (5u | 2u << 8 | 7u << 16), "w4 0x%08x", w[4]);
    CHECK(w[5] == (1u | 4u << 8), "w5 0x%08x", w[5]);
    CHECK(w[6] == 1 && w[7] == 2, "count %u seq %u", w[6], w[7]);
    return 1;
}

/* ---- registers, refusal, intrusion ------------------------------------------------------- */

static int refuse(uint32_t reg, uint32_t val, uint32_t code)
{
    scord_ref_free(m);
    m = scord_ref_new(MEM);
    W(SCORD_DET_TRACK_BASE, TRACK);
    W(SCORD_DET_TRACK_BYTES, TRACK_SZ);
    W(SCORD_DET_MD_BASE, MDB);
    W(SCORD_DET_RING_BASE, RING);
    W(SCORD_DET_RING_SIZE, 64);
    W(reg, val);
    W(SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
    uint32_t s = R(SCORD_DET_STATUS);
    CHECK((s & SCORD_DET_STATUS_ARMED) == (code ? 0u : 1u), "armed %u", s & 1);
    CHECK(((s >> 8) & 0xFF) == code, "reg 0x%x=0x%x: code %u, expected %u", reg, val, (s >> 8) & 0xFF,
          code);
    return 1;
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
    uint32_t w[4];
    scord_event_pack(&a, w);
    CHECK(w[2] == 0xABC38001u && w[3] == (0xBEEFu | 31u << 16 | 17u << 21 | 2u << 26 | 1u << 28 |
                                          1u << 29 | 2u << 30), "w3 0x%08x", w[3]);
    memset(&b, 0, sizeof b);  /* padding bytes too: memcmp below */
    scord_event_unpack(w, &b);
    CHECK(memcmp(&a, &b, sizeof a) == 0, "round trip");
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

static uint64_t run_stream(uint64_t seed, uint32_t n, uint32_t mode, uint32_t counts[8])
{
    setup_mode(mode, 256);
    scord_evgen_params_t p;
    scord_evgen_t *g = malloc(sizeof *g);
    scord_evgen_defaults(&p, TRACK, TRACK_SZ);
    p.untracked_addr = 0x90000;
    p.intrude_addr = MDB + 64;
    p.kernel_events = 50000;
    if (!g || !scord_evgen_init(g, &p, seed)) {
        free(g);
        return 0;
    }
    uint64_t h = 1469598103934665603ull;
    scord_event_t ev;
    for (uint32_t i = 0; i < n;) {
        if (!scord_evgen_next(g, &ev)) {
            scord_ref_kernel_start(m);
            continue;
        }
        uint32_t w[4];
        scord_event_pack(&ev, w);
        for (int k = 0; k < 4; k++)
            h = (h ^ w[k]) * 1099511628211ull;
        scord_ref_event(m, &ev);
        i++;
        W(SCORD_DET_RING_TAIL, R(SCORD_DET_RING_HEAD));  /* a consumer that keeps up */
    }
    for (int t = 0; t < 8; t++)
        counts[t] = races((uint32_t)t);
    free(g);
    return h;
}
static int evgen_deterministic(void)
{
    uint32_t c1[8], c2[8];
    uint64_t h1 = run_stream(7, 20000, 0, c1), h2 = run_stream(7, 20000, 0, c2);
    CHECK(h1 && h1 == h2 && memcmp(c1, c2, sizeof c1) == 0, "same seed, different stream");
    CHECK(run_stream(8, 20000, 0, c2) != h1, "seed ignored");
    return 1;
}
static int evgen_mix(void)
{
    uint32_t c[8];
    static const uint32_t modes[] = {0, 1, 2, 3, 5};
    for (unsigned i = 0; i < sizeof modes / sizeof *modes; i++) {
        run_stream(100 + i, 49000, modes[i], c);  /* within one kernel: counters intact */
        for (uint32_t t = 1; t < 8; t++)
            CHECK(c[t] > 0, "mode %u: no race of type %u", modes[i], t);
        CHECK(cnt(SCORD_DET_CNT_PRELIM_PASS) > 1000, "few prelim passes");
        if (modes[i] & 1)
            CHECK(cnt(SCORD_DET_CNT_TAG_MISMATCH) > 0, "no tag mismatch in cache mode");
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
    T(t4d_free), T(t4d_racy), T(t4d_cur_block_racy), T(t4d_load_racy),
    T(t4e_free), T(t4e_racy), T(t4f_free), T(t4f_racy), T(t4f_blklock_across_blocks),
    T(t4f_mixed_scope_in_block), T(t4_no_tf_racy), T(t4_no_stf_racy),
    T(lock_hash_formula), T(lock_inference), T(lock_table_wrap), T(bloom_sent_before_own_effect),
    T(fence_wrap_63), T(fence_wrap_64), T(devfence_wrap_64), T(barrier_wrap_255), T(barrier_wrap_256),
    T(cache_tag_mismatch), T(gran4), T(gran8), T(gran16), T(md_layout), T(md_update_rules),
    T(generations), T(ring_overflow), T(suppression), T(suppression_fifo), T(record_layout),
    T(bad_registers), T(frozen_and_tail), T(intrusion), T(event_pack), T(block_id_alias),
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
