/* The race records the reference model writes, decoded by libscord: one
 * scenario per race type, each field against the events that made it. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "race_test.h"

scord_ref_t *m;
static scord_locktab_t lt[8][8]; /* [block % 8][warp % 8] */
static uint8_t bar[8];
static uint32_t pc_next, accesses;

void setup(uint32_t ring_size)
{
    scord_ref_free(m);
    m = scord_ref_new(MEM);
    scord_ref_reg_write(m, SCORD_DET_TRACK_BASE, TRACK);
    scord_ref_reg_write(m, SCORD_DET_TRACK_BYTES, TRACK_SZ);
    scord_ref_reg_write(m, SCORD_DET_MD_BASE, MDB);
    scord_ref_reg_write(m, SCORD_DET_RING_BASE, RING);
    scord_ref_reg_write(m, SCORD_DET_RING_SIZE, ring_size);
    scord_ref_reg_write(m, SCORD_DET_PC_BASE, PCB);
    scord_ref_reg_write(m, SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE);
    scord_ref_kernel_start(m);
    memset(lt, 0, sizeof lt);
    memset(bar, 0, sizeof bar);
    pc_next = 0x1000;
    accesses = 0;
}

scord_event_t acc(uint8_t kind, uint32_t addr, unsigned block, unsigned warp,
                         unsigned lane, unsigned core, unsigned size_log2, int strong, int scope)
{
    scord_event_t e;
    memset(&e, 0, sizeof e);
    e.kind = kind;
    e.addr = addr;
    e.block = (uint16_t)block;
    e.warp = (uint8_t)warp;
    e.lane = (uint8_t)lane;
    e.core = (uint8_t)core;
    e.size = (uint8_t)size_log2;
    e.strong = (uint8_t)(kind == SCORD_DET_EV_ATOMIC ? 1 : strong);
    e.scope = (uint8_t)(kind == SCORD_DET_EV_ATOMIC ? scope : 0);
    e.barrier = bar[block % 8];
    e.bloom = scord_locktab_bloom(&lt[block % 8][warp % 8]);
    e.pc = pc_next;
    pc_next += 4;
    return e;
}
void send(const scord_event_t *e)
{
    accesses++;
    scord_ref_event(m, e);
}
scord_event_t go(uint8_t kind, uint32_t addr, unsigned b, unsigned w, int strong, int scope)
{
    scord_event_t e = acc(kind, addr, b, w, 0, 0, 2, strong, scope);
    send(&e);
    return e;
}
static void fence(unsigned b, unsigned w, int scope)
{
    scord_event_t e;
    memset(&e, 0, sizeof e);
    e.kind = SCORD_DET_EV_SYNC;
    e.size = SCORD_DET_SYNC_FENCE;
    e.scope = (uint8_t)scope;
    e.block = (uint16_t)b;
    e.warp = (uint8_t)w;
    e.pc = pc_next;
    pc_next += 4;
    scord_locktab_fence(&lt[b % 8][w % 8], (uint8_t)scope);
    scord_ref_event(m, &e);
}
static void lock(unsigned b, unsigned w, uint32_t a)
{
    go(SCORD_DET_EV_ATOMIC, a, b, w, 1, 1);
    scord_locktab_cas(&lt[b % 8][w % 8], a, 1);
    fence(b, w, 1);
}
static void unlock(unsigned b, unsigned w, uint32_t a)
{
    fence(b, w, 1);
    go(SCORD_DET_EV_ATOMIC, a, b, w, 1, 1);
    scord_locktab_exch(&lt[b % 8][w % 8], a, 1);
}
static uint32_t ring_head(void) { return scord_ref_reg_read(m, SCORD_DET_RING_HEAD); }
static const uint8_t *slot_bytes(uint32_t s) { return scord_ref_mem(m) + RING + 32u * s; }

/* What the events said: the truth a decoded record must match. */
struct truth {
    uint32_t type;
    scord_event_t cur, prev;
    bool has_prev;
    uint32_t count, seq;
};

/* Each scenario leaves exactly one record in slot 0 and returns its truth. */
static struct truth scenario(uint32_t type)
{
    struct truth t;
    memset(&t, 0, sizeof t);
    t.type = type;
    t.has_prev = true;
    t.count = 1;
    setup(16);
    switch (type) {
    case SCORD_RACE_BLOCK_FENCE: /* two warps of block 5, no fence */
        t.prev = acc(SCORD_DET_EV_STORE, X, 5, 1, 3, 2, 2, 0, 0);
        send(&t.prev);
        t.cur = acc(SCORD_DET_EV_LOAD, X, 5, 2, 7, 1, 1, 0, 0);
        break;
    case SCORD_RACE_DEV_FENCE: /* blocks 130 (= 2 mod 128) and 300 (= 44), seen twice */
        t.prev = acc(SCORD_DET_EV_STORE, X, 130, 3, 31, 255, 2, 1, 0);
        send(&t.prev);
        t.cur = acc(SCORD_DET_EV_STORE, X, 300, 31, 0, 7, 0, 0, 0);
        send(&t.cur);
        /* The same instruction in another block: merged into the record,
         * which keeps the first occurrence's fields. */
        t.seq = accesses;
        {
            scord_event_t again = t.cur;
            again.block = 301;
            send(&again);
        }
        t.count = 2;
        return t;
    case SCORD_RACE_NOT_STRONG: /* fenced, but the store was weak */
        t.prev = acc(SCORD_DET_EV_STORE, X, 0, 0, 1, 0, 2, 0, 0);
        send(&t.prev);
        fence(0, 0, 1);
        t.cur = acc(SCORD_DET_EV_LOAD, X, 1, 0, 2, 1, 2, 1, 0);
        break;
    case SCORD_RACE_SCOPED_ATOM: /* block-scope atomic, then another block's */
        t.prev = acc(SCORD_DET_EV_ATOMIC, X, 0, 0, 4, 0, 2, 1, 0);
        send(&t.prev);
        t.cur = acc(SCORD_DET_EV_ATOMIC, X, 1, 2, 5, 1, 2, 1, 1);
        break;
    case SCORD_RACE_LOCK_LOAD: /* written under a lock, read without it */
        lock(0, 0, LOCK);
        t.prev = acc(SCORD_DET_EV_STORE, X, 0, 0, 6, 0, 2, 1, 0);
        send(&t.prev);
        unlock(0, 0, LOCK);
        t.cur = acc(SCORD_DET_EV_LOAD, X, 1, 0, 8, 1, 2, 1, 0);
        break;
    case SCORD_RACE_LOCK_STORE: /* two different locks */
        lock(0, 0, LOCK);
        t.prev = acc(SCORD_DET_EV_STORE, X, 0, 0, 9, 0, 2, 1, 0);
        send(&t.prev);
        unlock(0, 0, LOCK);
        lock(1, 0, LOCK2);
        t.cur = acc(SCORD_DET_EV_STORE, X, 1, 0, 10, 1, 1, 1, 0);
        break;
    case SCORD_RACE_INTRA_WARP: /* lanes 2 and 6 of one warp, no sync between */
        t.prev = acc(SCORD_DET_EV_LOAD, X, 3, 1, 2, 2, 2, 0, 0);
        send(&t.prev);
        t.cur = acc(SCORD_DET_EV_STORE, X, 3, 1, 6, 2, 2, 0, 0);
        break;
    case SCORD_RACE_STALE_READ: /* fenced and published, read weakly without the reader's fence;
                                 * the core says the L1 value was stale */
        t.prev = acc(SCORD_DET_EV_STORE, X, 0, 1, 4, 0, 2, 0, 0);
        send(&t.prev);
        fence(0, 1, 1);
        t.cur = acc(SCORD_DET_EV_LOAD, X, 2, 3, 5, 1, 2, 0, 0);
        t.cur.stale = 1;
        break;
    case SCORD_RACE_INTRUSION: /* a byte store into the metadata region */
        t.has_prev = false;
        t.cur = acc(SCORD_DET_EV_STORE, MDB + 16, 3, 4, 9, 1, 0, 0, 0);
        break;
    }
    t.seq = accesses + 1;
    for (uint32_t i = 0; i < t.count; i++)
        send(&t.cur);
    return t;
}

/* Written here from §8.1, apart from the library, so decode -> encode
 * must give back the same bytes. */
void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}
void encode(const struct scord_race *r, uint8_t b[32])
{
    uint32_t lg = r->size == 4 ? 2 : r->size == 2 ? 1 : 0;
    if (r->type == SCORD_RACE_HOST_DEVICE)
        lg = 0;
    wr32(b, r->type | (uint32_t)r->device_scope << 8 | (uint32_t)r->kind << 9 |
                (uint32_t)r->strong << 11 | (uint32_t)r->scope << 12 |
                (uint32_t)r->prev_modified << 13 | (uint32_t)r->prev_atomic << 14 |
                (uint32_t)r->prev_scope << 15 | (uint32_t)r->prev_strong << 16 | lg << 17 |
                (uint32_t)r->prev_known << 19 | (uint32_t)r->shared << 20 | r->prev_lane << 21);
    /* A host-device record (§15) keeps the host's call where a device
     * record keeps the current access's PC and thread. */
    bool host = r->type == SCORD_RACE_HOST_DEVICE;
    wr32(b + 4, host ? r->host_call : r->pc);
    wr32(b + 8, r->addr);
    wr32(b + 12, host ? r->host_addr : r->block | (uint32_t)r->warning << 16);
    wr32(b + 16, host ? r->host_bytes
                      : r->core | r->warp << 8 | r->lane << 16 | (uint32_t)r->stale << 24);
    wr32(b + 20, r->prev_block | r->prev_warp << 8 | r->prev_pc_index << 16);
    wr32(b + 24, r->count);
    wr32(b + 28, r->seq);
}

static int check_truth(const struct scord_race *r, const struct truth *t)
{
    const scord_event_t *c = &t->cur, *p = &t->prev;
    CHECK(r->type == t->type, "type %u, expected %u", (unsigned)r->type, (unsigned)t->type);
    CHECK(r->kind == c->kind && r->size == 1u << c->size && r->strong == c->strong &&
              r->scope == c->scope,
          "current access kind/size/strong/scope %u/%u/%u/%u, events said %u/%u/%u/%u",
          r->kind, r->size, r->strong, r->scope, c->kind, 1u << c->size, c->strong, c->scope);
    CHECK(r->pc == c->pc && r->addr == c->addr, "pc/addr 0x%x/0x%x, expected 0x%x/0x%x", r->pc,
          r->addr, c->pc, c->addr);
    CHECK(r->block == c->block && r->warp == c->warp && r->lane == c->lane && r->core == c->core,
          "accessor b%u w%u l%u c%u, expected b%u w%u l%u c%u", r->block, r->warp, r->lane,
          r->core, c->block, c->warp, c->lane, c->core);
    CHECK(r->count == t->count && r->seq == t->seq, "count/seq %u/%u, expected %u/%u", r->count,
          r->seq, t->count, t->seq);
    CHECK(r->stale == c->stale, "stale %u, expected %u", r->stale, c->stale);
    CHECK(r->has_prev == t->has_prev, "has_prev %u", r->has_prev);
    if (!t->has_prev) {
        CHECK(!r->device_scope && !r->prev_modified && !r->prev_atomic && !r->prev_scope &&
                  !r->prev_strong && !r->prev_block && !r->prev_warp,
              "intrusion with previous-access fields");
        return 1;
    }
    bool devrace = (c->block & 127u) != (p->block & 127u);
    CHECK(r->device_scope == devrace, "device_scope %u, expected %d", r->device_scope, devrace);
    bool patom = p->kind == SCORD_DET_EV_ATOMIC;
    CHECK(r->prev_modified == (p->kind != SCORD_DET_EV_LOAD) && r->prev_atomic == patom &&
              r->prev_scope == (patom ? p->scope : 0) && r->prev_strong == p->strong,
          "previous flags m%u a%u s%u st%u", r->prev_modified, r->prev_atomic, r->prev_scope,
          r->prev_strong);
    CHECK(r->prev_kind == p->kind, "previous kind %u, expected %u", r->prev_kind, p->kind);
    CHECK(r->prev_block == (p->block & 127u) && r->prev_warp == p->warp,
          "previous b%u w%u, expected b%u w%u", r->prev_block, r->prev_warp, p->block & 127u,
          p->warp);
    /* The model was given DET_PC_BASE = PCB, and every event PC lies above. */
    CHECK(r->prev_known && r->prev_lane == p->lane && r->prev_pc == p->pc &&
              r->prev_pc_index == (p->pc - PCB) / 4 && !r->shared,
          "previous known %u lane %u pc 0x%x (index 0x%x), expected lane %u pc 0x%x",
          r->prev_known, r->prev_lane, r->prev_pc, r->prev_pc_index, p->lane, p->pc);
    return 1;
}

static int model_type(uint32_t type)
{
    struct truth t = scenario(type);
    CHECK(ring_head() == 1, "%u records in the ring, expected 1", ring_head());
    struct scord_race r;
    int rc = scord_race_decode_at(slot_bytes(0), PCB, &r);
    CHECK(rc == 0, "decode: %s (%s)", scord_error_name(rc), scord_last_error_detail(NULL));
    if (!check_truth(&r, &t))
        return 0;
    /* The model's own decoder agrees field by field. */
    scord_record_t mr;
    scord_record_decode(slot_bytes(0), &mr);
    CHECK(mr.type == r.type && mr.devrace == r.device_scope && mr.prev_block == r.prev_block &&
              mr.prev_warp == r.prev_warp && mr.seq == r.seq && mr.count == r.count &&
              1u << mr.size == r.size,
          "differs from scord_record_decode");
    uint8_t again[32];
    encode(&r, again);
    CHECK(memcmp(again, slot_bytes(0), 32) == 0, "encode(decode(record)) differs from record");
    return 1;
}
#define DECODE_CASE(T, N)                                                                      \
    static int model_##N(void) { return model_type(T); }
DECODE_CASE(SCORD_RACE_BLOCK_FENCE, block_fence)
DECODE_CASE(SCORD_RACE_DEV_FENCE, dev_fence)
DECODE_CASE(SCORD_RACE_NOT_STRONG, not_strong)
DECODE_CASE(SCORD_RACE_SCOPED_ATOM, scoped_atom)
DECODE_CASE(SCORD_RACE_LOCK_LOAD, lock_load)
DECODE_CASE(SCORD_RACE_LOCK_STORE, lock_store)
DECODE_CASE(SCORD_RACE_INTRUSION, intrusion)
DECODE_CASE(SCORD_RACE_INTRA_WARP, intra_warp)
DECODE_CASE(SCORD_RACE_STALE_READ, stale_read)

/* Lanes 1 and 2 of one store writing one value (equal value classes) to
 * one word: an intra-warp race of severity warning; the same instruction
 * again with different values merges an error into the record. */
static int model_intra_warp_warning(void)
{
    setup(16);
    scord_line_event_t le;
    memset(&le, 0, sizeof le);
    le.ev = acc(SCORD_DET_EV_STORE, X, 3, 1, 1, 2, 2, 0, 0);
    le.mask = 0x6;
    le.off[1] = le.off[2] = (uint8_t)(X & 31u);
    le.cls[1] = le.cls[2] = 1;
    scord_ref_line_event(m, &le, 32);
    CHECK(ring_head() == 1, "%u records", ring_head());
    struct scord_race r;
    int rc = scord_race_decode_at(slot_bytes(0), PCB, &r);
    CHECK(rc == 0, "decode: %s (%s)", scord_error_name(rc), scord_last_error_detail(NULL));
    CHECK(r.type == SCORD_RACE_INTRA_WARP && r.warning && r.lane == 2 && r.prev_lane == 1 &&
              r.prev_modified && r.kind == SCORD_ACCESS_STORE,
          "type %u warning %u lane %u prev %u", r.type, r.warning, r.lane, r.prev_lane);
    uint8_t again[32];
    encode(&r, again);
    CHECK(memcmp(again, slot_bytes(0), 32) == 0, "encode(decode(record)) differs from record");
    char buf[4096];
    CHECK(scord_race_format(NULL, &r, buf, sizeof buf) > 0 &&
              strstr(buf, "========= Warning: race (intra-warp) detected: ") &&
              strstr(buf, "the same value"),
          "text:\n%s", buf);
    CHECK(scord_race_format_json(NULL, &r, buf, sizeof buf) > 0 && json_line_ok(buf) &&
              strstr(buf, "\"severity\":\"warning\""),
          "JSON: %s", buf);
    /* the instruction again (after a warp sync: a new wsync), lane 2 with
     * another value: an error occurrence, merged, clears the warning */
    le.ev.wsync++;
    le.cls[2] = 2;
    scord_ref_line_event(m, &le, 32);
    rc = scord_race_decode_at(slot_bytes(0), PCB, &r);
    CHECK(rc == 0 && ring_head() == 1 && r.count == 2 && !r.warning, "after an error: count %u warning %u",
          r.count, r.warning);
    CHECK(scord_race_format_json(NULL, &r, buf, sizeof buf) > 0 && strstr(buf, "\"severity\":\"error\""),
          "JSON: %s", buf);
    return 1;
}

const struct unit_case race_model_cases[] = {
    UNIT_CASE(model_intra_warp_warning),
    UNIT_CASE(model_block_fence),
    UNIT_CASE(model_dev_fence),
    UNIT_CASE(model_not_strong),
    UNIT_CASE(model_scoped_atom),
    UNIT_CASE(model_lock_load),
    UNIT_CASE(model_lock_store),
    UNIT_CASE(model_intrusion),
    UNIT_CASE(model_intra_warp),
    UNIT_CASE(model_stale_read),
    UNIT_END,
};
