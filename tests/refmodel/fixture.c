/* The reference model driven as the GPU would drive it (fixture.h). */
#include "fixture.h"

#include <string.h>

scord_ref_t *m;
static scord_locktab_t lt[4][4];  /* [block][warp] */
static uint8_t bar[4];
static uint8_t wsy[4][4];         /* warp sync count [block][warp] */
uint32_t pc_next;
static uint8_t lane_next;         /* lane of the next access (then back to 0) */

uint32_t R(uint32_t idx) { return scord_ref_reg_read(m, idx); }
void W(uint32_t idx, uint32_t v) { scord_ref_reg_write(m, idx, v); }
uint32_t cnt(uint32_t k) { return R(SCORD_DET_CNT_BASE + k); }
uint32_t races(uint32_t t) { return cnt(SCORD_DET_CNT_RACE_BASE + t); }

void setup_mode(uint32_t mode, uint32_t ring_size)
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
void setup(void) { setup_mode(0, 64); }

/* Core side: every event carries its warp's Bloom and sync count and its
 * block's barrier id. */
scord_event_t mk(int b, int w, uint8_t kind, uint32_t addr)
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
void L(int l) { lane_next = (uint8_t)l; }
/* syncwarp, vote or shuffle: no detector event, only the warp's count moves */
void syncwarp(int b, int w) { wsy[b & 3][w & 3]++; }
/* An access of 2^size bytes (sub-word: byte precision). */
void accs(int b, int w, uint8_t kind, uint32_t addr, int size)
{
    scord_event_t e = mk(b, w, kind, addr);
    e.size = (uint8_t)size;
    e.strong = kind == SCORD_DET_EV_ATOMIC;
    e.scope = 0;
    scord_ref_event(m, &e);
}
void acc(int b, int w, uint8_t kind, uint32_t addr, int strong, int scope)
{
    scord_event_t e = mk(b, w, kind, addr);
    e.strong = (uint8_t)strong;
    e.scope = (uint8_t)scope;
    scord_ref_event(m, &e);
}
void ld(int b, int w, uint32_t a) { acc(b, w, SCORD_DET_EV_LOAD, a, 0, 0); }
void st(int b, int w, uint32_t a) { acc(b, w, SCORD_DET_EV_STORE, a, 0, 0); }
void lds(int b, int w, uint32_t a) { acc(b, w, SCORD_DET_EV_LOAD, a, 1, 0); }
void sts(int b, int w, uint32_t a) { acc(b, w, SCORD_DET_EV_STORE, a, 1, 0); }
void at(int b, int w, uint32_t a, int scope) { acc(b, w, SCORD_DET_EV_ATOMIC, a, 1, scope); }
void fence(int b, int w, int scope)
{
    scord_event_t e = mk(b, w, SCORD_DET_EV_SYNC, 0);
    e.size = SCORD_DET_SYNC_FENCE;
    e.scope = (uint8_t)scope;
    scord_locktab_fence(&lt[b & 3][w & 3], (uint8_t)scope);
    scord_ref_event(m, &e);
}
void barrier(int b)
{
    bar[b & 3]++;
    scord_event_t e = mk(b, 0, SCORD_DET_EV_SYNC, 0);
    e.size = SCORD_DET_SYNC_BARRIER;
    scord_ref_event(m, &e);
}
void cas_v(int b, int w, uint32_t a, int scope, uint32_t cmp, uint32_t newv, uint32_t old)
{
    at(b, w, a, scope);
    scord_locktab_amocas(&lt[b & 3][w & 3], a, (uint8_t)scope, cmp, newv, old);
}
void exch_v(int b, int w, uint32_t a, int scope, uint32_t newv)
{
    at(b, w, a, scope);
    scord_locktab_amoswap(&lt[b & 3][w & 3], a, (uint8_t)scope, newv);
}
void cas(int b, int w, uint32_t a, int scope) { cas_v(b, w, a, scope, 0u, 1u, 0u); }
void exch(int b, int w, uint32_t a, int scope) { exch_v(b, w, a, scope, 0u); }
void lock(int b, int w, uint32_t a, int scope) { cas(b, w, a, scope); fence(b, w, scope); }
void unlock(int b, int w, uint32_t a, int scope) { fence(b, w, scope); exch(b, w, a, scope); }

uint32_t nrec(void) { return R(SCORD_DET_RING_HEAD); }
scord_record_t rec(uint32_t slot)
{
    scord_record_t r;
    scord_record_decode(scord_ref_mem(m) + RING + slot * 32u, &r);
    return r;
}
/* The entry at index k, as raw little-endian words and decoded. */
scord_md_t md_at(uint32_t k, uint64_t raw[2])
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
scord_md_t md_of(uint32_t addr)
{
    uint64_t raw[2];
    return md_at((addr - TRACK) >> (2 + ((R(SCORD_DET_MODE) >> 1) & 3)), raw);
}
/* exactly one record, of this type */
int one(uint8_t type, int devrace)
{
    CHECK(nrec() == 1, "expected 1 record, got %u", nrec());
    scord_record_t r = rec(0);
    CHECK(r.type == type, "record type %u, expected %u", r.type, type);
    CHECK(r.devrace == devrace, "devrace %u, expected %d", r.devrace, devrace);
    CHECK(races(type) == 1, "race counter %u", races(type));
    return 1;
}
int none(void)
{
    if (nrec() == 0)
        return 1;
    scord_record_t r = rec(0);
    return unit_fail("unexpected race type %u at pc 0x%x", r.type, r.pc);
}
int refuse_with(uint32_t reg, uint32_t val, uint32_t reg2, uint32_t val2, uint32_t code)
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
int refuse(uint32_t reg, uint32_t val, uint32_t code)
{
    return refuse_with(reg, val, reg, val, code);
}
