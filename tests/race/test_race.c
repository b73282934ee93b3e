/* Unit tests of libscord's race reports (driver/src/race.c): record v2
 * decoding of synthetic records of every type (previous access known and
 * unknown) written here from the record table, and of the reference
 * model's records, refusal of bad records, source mapping against
 * binutils' addr2line, shared-variable names, text and JSON reports that
 * name both accesses, and the ring drain (against the reference model).
 *
 * Usage: test_race KERNEL.elf EXPECT.a2l KERNEL.c NODEBUG.elf STRIPPED.elf
 *                  SCAN.elf SCAN-NODEBUG.elf HIST.elf DYN.elf
 *   EXPECT.a2l is `addr2line -a -f -i` of the ELF for every PC of
 *   kernel_main and _start, written by tests/race/race.mk at build time,
 *   so no line number is written down here. NODEBUG.elf and STRIPPED.elf
 *   are KERNEL.elf without DWARF and without any symbols. SCAN, HIST and
 *   DYN are the kernels tests/kernels/smem_{scan,histogram,dynamic}: a
 *   2-D and a 1-D __shared__ array, a static local one, a dynamic one.
 * One line per case: "PASS name" or "FAIL name: reason"; exit 1 on failure. */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "race.h"
#include "scord.h"
#include "scord_ref.h"

static char why[512];
static int failed;

#if defined(__GNUC__)
__attribute__((format(printf, 1, 2)))
#endif
static int fail(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    return 0;
}
#define CHECK(c, ...)                                                                          \
    do {                                                                                       \
        if (!(c))                                                                              \
            return fail(__VA_ARGS__);                                                          \
    } while (0)

static void run(const char *name, int (*fn)(void))
{
    why[0] = '\0';
    if (fn()) {
        printf("PASS %s\n", name);
    } else {
        printf("FAIL %s: %s\n", name, why);
        failed++;
    }
    fflush(stdout);
}

static const char *elf_path, *a2l_path, *src_path, *nodebug_path, *stripped_path;
static const char *scan_path, *scan_nodebug_path, *hist_path, *dyn_path;
static scord_device *dev;
static scord_kernel *kern;

/* ---- the reference model as the detector -------------------------------------- */

#define MEM      0x100000u
#define TRACK    0x10000u
#define TRACK_SZ 0x10000u
#define MDB      0x40000u
#define RING     0x80000u
#define X        (TRACK + 0x100u)
#define LOCK     (TRACK + 0x400u)
#define LOCK2    (TRACK + 0x800u)
#define PCB      0x0800u /* DET_PC_BASE of the model's runs */

static scord_ref_t *m;
static scord_locktab_t lt[8][8]; /* [block % 8][warp % 8] */
static uint8_t bar[8];
static uint32_t pc_next, accesses;

static void setup(uint32_t ring_size)
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

/* An access event with every identity field chosen by the caller, so a
 * field landing in the wrong place of the record shows. */
static scord_event_t acc(uint8_t kind, uint32_t addr, unsigned block, unsigned warp,
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
static void send(const scord_event_t *e)
{
    accesses++;
    scord_ref_event(m, e);
}
static scord_event_t go(uint8_t kind, uint32_t addr, unsigned b, unsigned w, int strong, int scope)
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

/* The record's bytes from a decoded race: written here from §8.1, apart
 * from the library, so decode -> encode must give back the same bytes. */
static void wr32(uint8_t *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (uint8_t)(v >> 8 * i);
}
static void encode(const struct scord_race *r, uint8_t b[32])
{
    uint32_t lg = r->size == 4 ? 2 : r->size == 2 ? 1 : 0;
    wr32(b, r->type | (uint32_t)r->device_scope << 8 | (uint32_t)r->kind << 9 |
                (uint32_t)r->strong << 11 | (uint32_t)r->scope << 12 |
                (uint32_t)r->prev_modified << 13 | (uint32_t)r->prev_atomic << 14 |
                (uint32_t)r->prev_scope << 15 | (uint32_t)r->prev_strong << 16 | lg << 17 |
                (uint32_t)r->prev_known << 19 | (uint32_t)r->shared << 20 | r->prev_lane << 21);
    wr32(b + 4, r->pc);
    wr32(b + 8, r->addr);
    wr32(b + 12, r->block);
    wr32(b + 16, r->core | r->warp << 8 | r->lane << 16);
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

/* ---- synthetic v2 records ------------------------------------------------------
 *
 * Records written here field by field from the record table (spec §5 /
 * docs/detector.md §8.1), apart from the library and the model: every
 * type with a known previous access, and every type but INTRUSION with an
 * unknown one (PC index 0xFFFF). */

struct fields {
    uint32_t type, dev, kind, strong, scope, pmod, patom, pscope, pstrong, size_log2;
    uint32_t known, shared, plane;
    uint32_t pc, addr, block, core, warp, lane, pblock, pwarp, pcidx, count, seq;
};

static void pack(const struct fields *f, uint8_t b[32])
{
    wr32(b, f->type | f->dev << 8 | f->kind << 9 | f->strong << 11 | f->scope << 12 |
                f->pmod << 13 | f->patom << 14 | f->pscope << 15 | f->pstrong << 16 |
                f->size_log2 << 17 | f->known << 19 | f->shared << 20 | f->plane << 21);
    wr32(b + 4, f->pc);
    wr32(b + 8, f->addr);
    wr32(b + 12, f->block);
    wr32(b + 16, f->core | f->warp << 8 | f->lane << 16);
    wr32(b + 20, f->pblock | f->pwarp << 8 | f->pcidx << 16);
    wr32(b + 24, f->count);
    wr32(b + 28, f->seq);
}

#define LD SCORD_ACCESS_LOAD
#define ST SCORD_ACCESS_STORE
#define AT SCORD_ACCESS_ATOMIC
#define SH(off) (SCORD_SMEM_BASE + (off))
/* type dev kind strong scope | pmod patom pscope pstrong | size known shared plane |
 * pc addr block core warp lane | pblock pwarp pcidx count seq */
static const struct fields synth_known[SCORD_RACE_TYPE_MAX + 1] = {
    [SCORD_RACE_BLOCK_FENCE] = {1, 0, LD, 0, 0, 1, 0, 0, 0, 0, 1, 0, 3,
                                0x1100, X, 5, 1, 2, 7, 5, 1, 0x21, 1, 17},
    [SCORD_RACE_DEV_FENCE] = {2, 1, ST, 0, 0, 1, 0, 0, 1, 0, 1, 0, 31,
                              0x1104, X + 8, 300, 7, 31, 0, 2, 3, 0x7fff, 2, 40},
    [SCORD_RACE_NOT_STRONG] = {3, 1, LD, 1, 0, 1, 0, 0, 0, 2, 1, 0, 1,
                               0x1108, X, 1, 1, 0, 2, 0, 0, 0, 1, 3},
    [SCORD_RACE_SCOPED_ATOM] = {4, 1, AT, 1, 1, 1, 1, 0, 1, 2, 1, 0, 4,
                                0x110c, X, 1, 1, 2, 5, 0, 0, 0x40, 3, 9},
    [SCORD_RACE_LOCK_LOAD] = {5, 1, LD, 1, 0, 1, 0, 0, 1, 2, 1, 0, 6,
                              0x1110, X, 1, 1, 0, 8, 0, 0, 0x41, 1, 30},
    [SCORD_RACE_LOCK_STORE] = {6, 0, ST, 1, 0, 1, 0, 0, 1, 1, 1, 0, 9,
                               0x1114, X, 129, 1, 0, 10, 1, 4, 0x42, 1, 31},
    [SCORD_RACE_INTRUSION] = {7, 0, ST, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0,
                              0x1118, MDB + 16, 3, 1, 4, 9, 0, 0, 0, 1, 5},
    [SCORD_RACE_INTRA_WARP] = {8, 0, ST, 0, 0, 0, 0, 0, 0, 2, 1, 0, 2,
                               0x111c, X + 4, 3, 2, 1, 6, 3, 1, 0x43, 4, 77},
    [SCORD_RACE_SHARED] = {9, 0, ST, 0, 0, 0, 0, 0, 0, 2, 1, 1, 4,
                           0x1120, SH(0x10), 1, 1, 0, 4, 1, 1, 0x44, 1, 12},
    [SCORD_RACE_SHARED_WARP] = {10, 0, LD, 0, 0, 1, 0, 0, 0, 0, 1, 1, 4,
                                0x1124, SH(0x205), 0, 0, 0, 5, 0, 0, 0x45, 2, 13},
};

/* The known record of type t with its previous access unknown. */
static struct fields synth_unknown(uint32_t t)
{
    struct fields f = synth_known[t];
    f.known = 0;
    f.pcidx = SCORD_RACE_PC_INDEX_UNKNOWN;
    return f;
}

static struct scord_race decoded[SCORD_RACE_TYPE_MAX + 1];
static struct scord_race decoded_unknown[SCORD_RACE_TYPE_MAX + 1];

/* Every field of the decoded race against the fields it was packed from. */
static int check_fields(const struct scord_race *r, const struct fields *f, uint32_t base)
{
    CHECK(r->type == f->type && r->device_scope == f->dev && r->kind == f->kind &&
              r->strong == f->strong && r->scope == f->scope && r->size == 1u << f->size_log2,
          "type %u: type/dev/kind/strong/scope/size %u/%u/%u/%u/%u/%u", f->type, r->type,
          r->device_scope, r->kind, r->strong, r->scope, r->size);
    CHECK(r->prev_modified == f->pmod && r->prev_atomic == f->patom &&
              r->prev_scope == f->pscope && r->prev_strong == f->pstrong,
          "type %u: previous flags %u%u%u%u", f->type, r->prev_modified, r->prev_atomic,
          r->prev_scope, r->prev_strong);
    CHECK(r->pc == f->pc && r->addr == f->addr && r->block == f->block && r->core == f->core &&
              r->warp == f->warp && r->lane == f->lane,
          "type %u: current access fields", f->type);
    CHECK(r->prev_block == f->pblock && r->prev_warp == f->pwarp && r->prev_lane == f->plane &&
              r->prev_known == f->known && r->shared == f->shared &&
              r->prev_pc_index == f->pcidx,
          "type %u: previous b%u w%u l%u known %u idx 0x%x shared %u", f->type, r->prev_block,
          r->prev_warp, r->prev_lane, r->prev_known, r->prev_pc_index, r->shared);
    uint32_t want_pc = f->known ? base + 4 * f->pcidx : 0;
    CHECK(r->prev_pc == want_pc, "type %u: previous pc 0x%x, expected 0x%x", f->type, r->prev_pc,
          want_pc);
    CHECK(r->count == f->count && r->seq == f->seq, "type %u: count/seq", f->type);
    bool prev = f->type != SCORD_RACE_INTRUSION;
    uint32_t pk = f->patom ? AT : f->pmod ? ST : LD;
    CHECK(r->has_prev == prev && (!prev || r->prev_kind == pk), "type %u: has_prev %u kind %u",
          f->type, r->has_prev, r->prev_kind);
    CHECK(!r->warp_size && !r->grid_dim.x && !r->block_dim.x, "type %u: launch fields set",
          f->type);
    return 1;
}

static int synth_one(const struct fields *f, struct scord_race *out)
{
    uint8_t b[32], again[32];
    pack(f, b);
    struct scord_race r, r0;
    int rc = scord_race_decode_at(b, PCB, &r);
    CHECK(rc == 0, "type %u (known %u) refused: %s", f->type, f->known,
          scord_last_error_detail(NULL));
    if (!check_fields(&r, f, PCB))
        return 0;
    /* Without a base the index is taken from 0. */
    CHECK(scord_race_decode(b, &r0) == 0 && r0.prev_pc == (f->known ? 4 * f->pcidx : 0),
          "type %u: scord_race_decode's previous pc 0x%x", f->type, r0.prev_pc);
    encode(&r, again);
    CHECK(!memcmp(again, b, 32), "type %u: encode(decode(record)) differs", f->type);
    *out = r;
    return 1;
}

static int decode_synthetic(void)
{
    for (uint32_t t = SCORD_RACE_TYPE_MIN; t <= SCORD_RACE_TYPE_MAX; t++) {
        if (!synth_one(&synth_known[t], &decoded[t]))
            return 0;
        if (t == SCORD_RACE_INTRUSION)
            continue;
        struct fields u = synth_unknown(t);
        if (!synth_one(&u, &decoded_unknown[t]))
            return 0;
    }
    /* Several lanes read a shared word and the racing lane was one of
     * them: the previous thread is the current one (the first reader). */
    struct fields f = synth_known[SCORD_RACE_SHARED_WARP];
    f.kind = ST;
    f.pmod = 0;
    f.plane = f.lane;
    struct scord_race r;
    return synth_one(&f, &r);
}

/* ---- refusal of bad records ---------------------------------------------------- */

static int expect_bad(const uint8_t rec[32], const char *what)
{
    struct scord_race r;
    memset(&r, 0xa5, sizeof r);
    struct scord_race before = r;
    int rc = scord_race_decode(rec, &r);
    CHECK(rc == SCORD_ERR_INVALID_ARG, "%s accepted (rc %d)", what, rc);
    CHECK(memcmp(&r, &before, sizeof r) == 0, "%s: output written on failure", what);
    CHECK(strstr(scord_last_error_detail(NULL), "bad race record"), "%s: detail '%s'", what,
          scord_last_error_detail(NULL));
    return 1;
}

static int expect_bad_fields(const struct fields *f, const char *what)
{
    uint8_t b[32];
    pack(f, b);
    return expect_bad(b, what);
}

static int decode_rejects(void)
{
    uint8_t good[32], b[32];
    pack(&synth_known[SCORD_RACE_DEV_FENCE], good); /* every field set */
    struct scord_race r;
    CHECK(scord_race_decode(good, &r) == 0, "base record refused");
    CHECK(scord_race_decode(NULL, &r) == SCORD_ERR_INVALID_ARG, "NULL record accepted");
    CHECK(scord_race_decode(good, NULL) == SCORD_ERR_INVALID_ARG, "NULL output accepted");

    static const struct {
        int byte;
        uint8_t set, clear;
        const char *what;
    } cases[] = {
        {0, 0x00, 0x00, "type 0"},
        {0, 0x0b, 0x00, "type 11"},
        {0, 0xff, 0x00, "type 255"},
        {3, 0x04, 0xff, "word 0 bit 26"},
        {3, 0x80, 0xff, "word 0 bit 31"},
        {1, 0x06, 0xff, "kind 3"},
        {2, 0x06, 0xff, "size code 3"},
        {2, 0x10, 0xff, "shared flag on a device-fence race"},
        {2, 0x00, 0xf7, "previous unknown, PC index given"},
        {14, 0x01, 0xff, "block bit 16"},
        {19, 0x01, 0xff, "word 4 bit 24"},
        {17, 0x20, 0xff, "warp 32+"},
        {18, 0x20, 0xff, "lane 32+"},
        {20, 0x80, 0xff, "previous block 128+"},
        {21, 0x20, 0xff, "previous warp 32+"},
        {1, 0x00, 0xfe, "device flag clear although the block ids differ"},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        memcpy(b, good, 32);
        b[cases[i].byte] = (uint8_t)((b[cases[i].byte] & cases[i].clear) | cases[i].set);
        if (!expect_bad(b, cases[i].what))
            return 0;
    }
    memcpy(b, good, 32);
    memset(b + 24, 0, 4);
    if (!expect_bad(b, "count 0"))
        return 0;

    /* The rules of record v2, each broken on an otherwise valid record. */
    struct fields f;
#define BAD_IF(T, CHANGE, WHAT)                                                               \
    do {                                                                                       \
        f = synth_known[T];                                                                    \
        CHANGE;                                                                                \
        if (!expect_bad_fields(&f, WHAT))                                                      \
            return 0;                                                                          \
    } while (0)
    BAD_IF(SCORD_RACE_SCOPED_ATOM, f.strong = 0, "weak atomic");
    BAD_IF(SCORD_RACE_BLOCK_FENCE, f.scope = 1, "scoped load");
    BAD_IF(SCORD_RACE_BLOCK_FENCE, f.pscope = 1, "previous scope without atomic");
    BAD_IF(SCORD_RACE_BLOCK_FENCE, (f.pblock ^= 1, f.dev = 1), "block-fence across blocks");
    BAD_IF(SCORD_RACE_LOCK_LOAD, f.kind = ST, "lock-load by a store");
    BAD_IF(SCORD_RACE_INTRUSION, f.pwarp = 1, "intrusion with a previous accessor");
    BAD_IF(SCORD_RACE_INTRUSION, f.kind = LD, "intrusion by a load");
    BAD_IF(SCORD_RACE_INTRUSION, f.plane = 3, "intrusion with a previous lane");
    BAD_IF(SCORD_RACE_INTRUSION, f.known = 1, "intrusion with a known previous access");
    BAD_IF(SCORD_RACE_INTRUSION, f.pcidx = 0xffff, "intrusion with a previous PC index");
    BAD_IF(SCORD_RACE_BLOCK_FENCE, f.pcidx = 0xffff, "known previous access, PC index 0xFFFF");
    BAD_IF(SCORD_RACE_INTRA_WARP, f.pwarp = 2, "intra-warp race with another warp");
    BAD_IF(SCORD_RACE_INTRA_WARP, (f.pblock = 4, f.dev = 1), "intra-warp race across blocks");
    BAD_IF(SCORD_RACE_INTRA_WARP, f.plane = f.lane, "intra-warp race of a lane with itself");
    BAD_IF(SCORD_RACE_INTRA_WARP, f.kind = LD, "intra-warp race of two loads");
    BAD_IF(SCORD_RACE_INTRA_WARP, f.shared = 1, "intra-warp race with the shared flag");
    BAD_IF(SCORD_RACE_SHARED, f.shared = 0, "shared race without the shared flag");
    BAD_IF(SCORD_RACE_SHARED, f.addr = SCORD_SMEM_BASE - 4, "shared race below the window");
    BAD_IF(SCORD_RACE_SHARED, f.addr = SCORD_SMEM_BASE + SCORD_SMEM_WINDOW,
           "shared race above the window");
    BAD_IF(SCORD_RACE_SHARED, f.strong = 1, "strong shared store");
    BAD_IF(SCORD_RACE_SHARED, (f.kind = AT, f.strong = 1, f.scope = 1),
           "device-scope shared atomic");
    BAD_IF(SCORD_RACE_SHARED, f.pwarp = f.warp, "shared race inside one warp");
    BAD_IF(SCORD_RACE_SHARED, (f.pblock = 2, f.dev = 1), "shared race across blocks");
    BAD_IF(SCORD_RACE_SHARED_WARP, f.pwarp = 1, "shared-warp race between warps");
    BAD_IF(SCORD_RACE_SHARED_WARP, f.pmod = 0, "shared-warp race of two loads");
    BAD_IF(SCORD_RACE_SHARED_WARP,
           (f.kind = AT, f.strong = 1, f.pmod = 1, f.patom = 1, f.pstrong = 1),
           "shared-warp race of two atomics");
#undef BAD_IF
    /* And the unmodified ones still pass. */
    for (uint32_t ty = SCORD_RACE_TYPE_MIN; ty <= SCORD_RACE_TYPE_MAX; ty++) {
        encode(&decoded[ty], b);
        struct scord_race w;
        CHECK(scord_race_decode(b, &w) == 0, "re-encoded type %u refused", ty);
    }
    return 1;
}

/* ---- a tiny JSON checker (RFC 8259 grammar, UTF-8 checked) -------------------------- */

struct js {
    const char *p;
    int depth;
};
static void ws(struct js *j)
{
    while (*j->p == ' ' || *j->p == '\t' || *j->p == '\n' || *j->p == '\r')
        j->p++;
}
static bool jvalue(struct js *j);
static bool jstring(struct js *j)
{
    if (*j->p != '"')
        return false;
    j->p++;
    for (;;) {
        unsigned char c = (unsigned char)*j->p;
        if (c == '"') {
            j->p++;
            return true;
        }
        if (c < 0x20)
            return false; /* includes the terminating NUL */
        if (c == '\\') {
            j->p++;
            if (*j->p == 'u') {
                for (int i = 1; i <= 4; i++)
                    if (!j->p[i] || !strchr("0123456789abcdefABCDEF", j->p[i]))
                        return false;
                j->p += 5;
            } else if (*j->p && strchr("\"\\/bfnrt", *j->p)) {
                j->p++;
            } else {
                return false;
            }
        } else if (c < 0x80) {
            j->p++;
        } else {
            int n = (c & 0xe0) == 0xc0 ? 2 : (c & 0xf0) == 0xe0 ? 3 : (c & 0xf8) == 0xf0 ? 4 : 0;
            if (!n || c == 0xc0 || c == 0xc1 || c > 0xf4)
                return false;
            for (int i = 1; i < n; i++)
                if (((unsigned char)j->p[i] & 0xc0) != 0x80)
                    return false;
            j->p += n;
        }
    }
}
static bool jnumber(struct js *j)
{
    const char *s = j->p;
    if (*j->p == '-')
        j->p++;
    if (*j->p == '0')
        j->p++;
    else if (*j->p >= '1' && *j->p <= '9')
        while (*j->p >= '0' && *j->p <= '9')
            j->p++;
    else
        return false;
    if (*j->p == '.') {
        j->p++;
        if (!(*j->p >= '0' && *j->p <= '9'))
            return false;
        while (*j->p >= '0' && *j->p <= '9')
            j->p++;
    }
    return j->p > s;
}
static bool jvalue(struct js *j)
{
    ws(j);
    if (++j->depth > 32)
        return false;
    bool ok;
    if (*j->p == '{' || *j->p == '[') {
        char close = *j->p == '{' ? '}' : ']';
        bool obj = close == '}';
        j->p++;
        ws(j);
        ok = true;
        if (*j->p == close) {
            j->p++;
        } else {
            for (;;) {
                if (obj) {
                    ws(j);
                    if (!jstring(j))
                        return false;
                    ws(j);
                    if (*j->p++ != ':')
                        return false;
                }
                if (!jvalue(j))
                    return false;
                ws(j);
                if (*j->p == ',') {
                    j->p++;
                    continue;
                }
                if (*j->p++ != close)
                    return false;
                break;
            }
        }
    } else if (*j->p == '"') {
        ok = jstring(j);
    } else if (!strncmp(j->p, "true", 4) || !strncmp(j->p, "null", 4)) {
        j->p += 4;
        ok = true;
    } else if (!strncmp(j->p, "false", 5)) {
        j->p += 5;
        ok = true;
    } else {
        ok = jnumber(j);
    }
    j->depth--;
    return ok;
}
/* One object, one line, ending in '\n'. */
static bool json_line_ok(const char *s)
{
    size_t n = strlen(s);
    if (n < 3 || s[0] != '{' || s[n - 1] != '\n' || memchr(s, '\n', n - 1))
        return false;
    struct js j = {s, 0};
    if (!jvalue(&j))
        return false;
    ws(&j);
    return *j.p == '\0';
}

static int json_checker_self_test(void)
{
    CHECK(json_line_ok("{\"a\":[1,-2.5,true,null,{\"b\":\"\\u00e9\\n\"}],\"c\":\"\xc3\xa9\"}\n"),
          "valid JSON refused");
    static const char *const bad[] = {
        "{\"a\":}\n", "{\"a\":1,}\n", "{\"a\":\"\x01\"}\n", "{\"a\":\"\\x\"}\n",
        "{\"a\":01}\n", "{\"a\":\"\xff\"}\n", "{\"a\":1}", "{\"a\":1}\n{}\n",
    };
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++)
        CHECK(!json_line_ok(bad[i]), "invalid JSON #%zu accepted", i);
    return 1;
}

static int json_escape(void)
{
    char buf[256];
    static const struct {
        const char *in, *out;
    } cases[] = {
        {"/work/dir with \"quotes\"/k\\ernel.c", "\"/work/dir with \\\"quotes\\\"/k\\\\ernel.c\""},
        {"tab\there\nnl\x01\x1f\x7f", "\"tab\\there\\nnl\\u0001\\u001f\\u007f\""},
        {"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80", "\"caf\xc3\xa9 \xe2\x82\xac \xf0\x9f\x98\x80\""},
        {"bad\xff\xc3(\xed\xa0\x80\xc0\xaf", "\"bad\\ufffd\\ufffd(\\ufffd\\ufffd\\ufffd\\ufffd\\ufffd\""},
        {"", "\"\""},
    };
    for (size_t i = 0; i < sizeof cases / sizeof cases[0]; i++) {
        size_t n = scord_priv_json_string(buf, sizeof buf, cases[i].in);
        CHECK(n == strlen(cases[i].out) && strcmp(buf, cases[i].out) == 0,
              "case %zu: got %s, expected %s", i, buf, cases[i].out);
        char line[300];
        snprintf(line, sizeof line, "{\"s\":%s}\n", buf);
        CHECK(json_line_ok(line), "case %zu: escaped string is not valid JSON", i);
    }
    /* Truncation: snprintf contract. */
    size_t full = scord_priv_json_string(NULL, 0, "abc\"");
    CHECK(full == 7, "length of \"abc\\\"\" is %zu", full);
    char small[4];
    CHECK(scord_priv_json_string(small, sizeof small, "abcdef") == 8 && strlen(small) == 3,
          "truncated output '%s'", small);
    return 1;
}

/* ---- source mapping -------------------------------------------------------------- */

static const char *base(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* One address of the addr2line file: its frames, innermost first. */
struct frame {
    char func[128], file[256];
    unsigned line;
};
struct a2l {
    unsigned pc;
    int n;
    struct frame f[8];
};

static int read_a2l(struct a2l **out, int *count)
{
    FILE *f = fopen(a2l_path, "r");
    CHECK(f, "cannot open %s", a2l_path);
    struct a2l *v = calloc(4096, sizeof *v);
    int n = -1;
    char l1[512], l2[512];
    while (v && fgets(l1, sizeof l1, f)) {
        l1[strcspn(l1, "\n")] = '\0';
        if (!strncmp(l1, "0x", 2)) {
            if (++n >= 4096)
                break;
            v[n].pc = (unsigned)strtoul(l1, NULL, 16);
            continue;
        }
        if (n < 0 || !fgets(l2, sizeof l2, f))
            break;
        l2[strcspn(l2, "\n")] = '\0';
        if (v[n].n >= 8)
            continue;
        struct frame *fr = &v[n].f[v[n].n++];
        snprintf(fr->func, sizeof fr->func, "%.127s", l1);
        /* "path:line" or "path:line (discriminator N)" or "??:?" */
        l2[strcspn(l2, " ")] = '\0';
        char *colon = strrchr(l2, ':');
        fr->line = colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;
        if (colon)
            *colon = '\0';
        snprintf(fr->file, sizeof fr->file, "%.255s", l2);
    }
    fclose(f);
    CHECK(v && n >= 0, "no addresses in %s", a2l_path);
    *out = v;
    *count = n + 1;
    return 1;
}

static unsigned src_lines(void)
{
    FILE *f = fopen(src_path, "r");
    if (!f)
        return 0;
    unsigned n = 0;
    int c;
    while ((c = fgetc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

static int addr2line_vs_binutils(void)
{
    struct a2l *v;
    int n;
    if (!read_a2l(&v, &n))
        return 0;
    scord_addr km;
    uint32_t km_size;
    int rc = scord_kernel_symbol_info(kern, "kernel_main", &km, &km_size);
    if (rc || km_size == 0) {
        free(v);
        return fail("no kernel_main in %s", elf_path);
    }
    unsigned lines = src_lines(), compared = 0, inlined = 0, boundary = 0;
    int ok = 1;
    for (int i = 0; i < n && ok; i++) {
        struct scord_srcloc loc;
        if (scord_kernel_addr2line(kern, v[i].pc, &loc) != 0) {
            ok = fail("addr2line 0x%x failed", v[i].pc);
            break;
        }
        bool in_km = v[i].pc >= km && v[i].pc < km + km_size;
        if (in_km && (strcmp(loc.function, "kernel_main") || loc.offset != v[i].pc - km)) {
            ok = fail("0x%x: function %s+0x%x", v[i].pc, loc.function, loc.offset);
            break;
        }
        const struct frame *in = &v[i].f[0], *out = &v[i].f[v[i].n - 1];
        /* binutils 2.40 answers "??" at an address where one line sequence
         * ends and the next begins (kernel_main's entry after crt0.S);
         * libdw finds the row that starts there. Such a PC is checked for
         * plausibility only. */
        if (in->line == 0) {
            boundary++;
            if (in_km && (!strstr(loc.file, "kernel.c") || loc.line == 0 || loc.line > lines)) {
                ok = fail("0x%x: %s:%u is not a line of kernel.c (%u lines)", v[i].pc, loc.file,
                          loc.line, lines);
            }
            continue;
        }
        if (loc.line != in->line || strcmp(base(loc.file), base(in->file))) {
            ok = fail("0x%x: %s:%u, binutils says %s:%u", v[i].pc, base(loc.file), loc.line,
                      base(in->file), in->line);
            break;
        }
        if (v[i].n > 1) {
            inlined++;
            if (!loc.inlined || strcmp(loc.inlined, in->func) || loc.call_line != out->line ||
                strcmp(base(loc.call_file), base(out->file))) {
                ok = fail("0x%x: inlined %s from %s:%u, binutils says %s from %s:%u", v[i].pc,
                          loc.inlined ? loc.inlined : "(none)", base(loc.call_file),
                          loc.call_line, in->func, base(out->file), out->line);
                break;
            }
        } else if (loc.inlined) {
            ok = fail("0x%x: inlined %s, binutils says not inlined", v[i].pc, loc.inlined);
            break;
        }
        compared++;
    }
    free(v);
    if (!ok)
        return 0;
    CHECK(compared >= 16, "only %u PCs compared", compared);
    CHECK(inlined > 0, "no inlined code found in kernel_main (expected scord_gpu.h helpers)");
    printf("  (%u PCs agree with binutils addr2line, %u inside inlined code, %u at a sequence "
           "boundary checked for plausibility)\n",
           compared, inlined, boundary);
    return 1;
}

static int addr2line_entry(void)
{
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    struct scord_srcloc loc;
    CHECK(km && scord_kernel_addr2line(kern, km, &loc) == 0, "lookup failed");
    unsigned lines = src_lines();
    CHECK(!strcmp(loc.function, "kernel_main") && loc.offset == 0, "function %s+0x%x",
          loc.function, loc.offset);
    size_t fl = strlen(loc.file);
    CHECK(fl >= 8 && !strcmp(loc.file + fl - 8, "kernel.c"), "file %s", loc.file);
    CHECK(loc.line >= 1 && loc.line <= lines, "line %u of a %u-line file", loc.line, lines);
    /* The file is found where DWARF says it is. */
    char path[1024];
    snprintf(path, sizeof path, "%s%s%s", loc.file[0] == '/' ? "" : loc.comp_dir,
             loc.file[0] == '/' ? "" : "/", loc.file);
    FILE *f = fopen(path, "r");
    CHECK(f, "%s (file %s, comp_dir %s) does not exist", path, loc.file, loc.comp_dir);
    fclose(f);
    /* _start is an assembler label in crt0.S: a function without DWARF
     * subprogram, still named from the symbol table. */
    scord_addr st = scord_kernel_symbol(kern, "_start");
    CHECK(st && scord_kernel_addr2line(kern, st + 4, &loc) == 0, "_start lookup failed");
    CHECK(!strcmp(loc.function, "_start") && loc.offset == 4, "_start+4 is %s+0x%x",
          loc.function, loc.offset);
    CHECK(strstr(loc.file, "crt0.S") && loc.line > 0, "_start+4 at %s:%u", loc.file, loc.line);
    return 1;
}

static int addr2line_unknown(void)
{
    static const uint32_t pcs[] = {0, 4, 0x00fffff0u, 0xfffffffcu};
    for (size_t i = 0; i < sizeof pcs / sizeof pcs[0]; i++) {
        struct scord_srcloc loc;
        CHECK(scord_kernel_addr2line(kern, pcs[i], &loc) == 0, "0x%x: error", pcs[i]);
        CHECK(!strcmp(loc.function, "??") && !strcmp(loc.file, "??") && loc.line == 0 &&
                  loc.column == 0 && loc.offset == 0 && !loc.inlined && !strcmp(loc.comp_dir, "??") &&
                  !strcmp(loc.call_file, "??") && loc.call_line == 0,
              "0x%x: %s+0x%x %s:%u", pcs[i], loc.function, loc.offset, loc.file, loc.line);
    }
    struct scord_srcloc loc;
    CHECK(scord_kernel_addr2line(NULL, 0, &loc) == SCORD_ERR_INVALID_ARG, "NULL kernel accepted");
    CHECK(scord_kernel_addr2line(kern, 0, NULL) == SCORD_ERR_INVALID_ARG, "NULL loc accepted");
    CHECK(*scord_last_error_detail(NULL), "no error detail");
    /* A report at such a PC says so instead of inventing a line. */
    struct scord_race r = decoded[SCORD_RACE_DEV_FENCE];
    r.pc = 0;
    char buf[2048];
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) > 0, "format failed");
    CHECK(strstr(buf, "at pc 0x00000000 (no source line)"), "report: %s", buf);
    CHECK(scord_race_format_json(kern, &r, buf, sizeof buf) > 0 && json_line_ok(buf),
          "json: %s", buf);
    CHECK(strstr(buf, "\"function\":null") && strstr(buf, "\"line\":null"), "json: %s", buf);
    return 1;
}

static int addr2line_without_debug_info(void)
{
    /* Loading must not depend on debug information, and lookups degrade:
     * the symbol table alone still names the function; nothing names it
     * in a fully stripped file. */
    static const char *const what[] = {"no DWARF", "no symbols"};
    const char *paths[] = {nodebug_path, stripped_path};
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    for (int i = 0; i < 2; i++) {
        scord_kernel *k = NULL;
        int rc = scord_load_kernel(dev, paths[i], &k);
        CHECK(rc == 0, "%s: load: %s (%s)", what[i], scord_error_name(rc),
              scord_last_error_detail(dev));
        struct scord_srcloc loc;
        rc = scord_kernel_addr2line(k, km + 8, &loc);
        char buf[2048];
        struct scord_race r = decoded[SCORD_RACE_BLOCK_FENCE];
        r.pc = km + 8;
        int n = scord_race_format(k, &r, buf, sizeof buf);
        int nj = scord_race_format_json(k, &r, buf, sizeof buf);
        bool ok_json = nj > 0 && json_line_ok(buf);
        /* loc's strings belong to k: check before freeing it. */
        bool ok_line = rc == 0 && loc.line == 0 && !strcmp(loc.file, "??") && !loc.inlined;
        bool ok_func = i == 0 ? !strcmp(loc.function, "kernel_main") && loc.offset == 8
                              : !strcmp(loc.function, "??");
        if (!ok_line || !ok_func)
            fail("%s: %s+0x%x at %s:%u", what[i], loc.function, loc.offset, loc.file, loc.line);
        scord_kernel_free(k);
        if (!ok_line || !ok_func)
            return 0;
        CHECK(n > 0 && ok_json, "%s: formatting failed", what[i]);
    }
    /* `kern` stays valid for the later cases: a handle keeps its own copy
     * of the ELF, whatever was loaded into device memory since. */
    return 1;
}

/* ---- reports --------------------------------------------------------------------- */

/* The report's "FILE:LINE" for pc: the kernel's own line (the call site
 * when pc is inside an inlined helper). */
static void where_of(uint32_t pc, char *buf, size_t len)
{
    struct scord_srcloc loc;
    scord_kernel_addr2line(kern, pc, &loc);
    if (loc.inlined && loc.call_line)
        snprintf(buf, len, "at %s:%u ", base(loc.call_file), loc.call_line);
    else if (loc.column)
        snprintf(buf, len, "at %s:%u:%u ", base(loc.file), loc.line, loc.column);
    else
        snprintf(buf, len, "at %s:%u ", base(loc.file), loc.line);
}

/* A launch for the records: grid 20x16 (320 blocks: a previous block id
 * known mod 128 only) or 4x2, blocks of 16x2 threads, 8-lane warps. */
static void give_shape(struct scord_race *r, bool big_grid)
{
    r->grid_dim = big_grid ? (struct scord_dim3){20, 16, 1} : (struct scord_dim3){4, 2, 1};
    r->block_dim = (struct scord_dim3){16, 2, 1};
    r->warp_size = 8;
}

/* "thread (x,y,z) in block (x,y,z)" as the shape of give_shape says. */
static void thread_name(const struct scord_race *r, uint32_t block, uint32_t warp, uint32_t lane,
                        char *buf, size_t len)
{
    uint32_t t = warp * r->warp_size + lane, gx = r->grid_dim.x, gy = r->grid_dim.y;
    snprintf(buf, len, "thread (%u,%u,%u) in block (%u,%u,%u)", t % 16, t / 16 % 2, t / 32,
             block % gx, block / gx % gy, block / gx / gy);
}

static const char *const verbs[] = {"Read", "Write", "Atomic"};

static int format_case(uint32_t type, bool known, bool shape)
{
    struct scord_race r = known ? decoded[type] : decoded_unknown[type];
    CHECK(r.type == type, "no decoded record of type %u (decode case failed?)", type);
    /* Point both accesses into kernel_main so source lines show. */
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    r.pc = km;
    if (r.prev_known)
        r.prev_pc = km + 0x14;
    bool big = r.block >= 8 || r.prev_block >= 8;
    if (shape)
        give_shape(&r, big);
    char buf[2048], want[512], where[256];
    int n = scord_race_format(kern, &r, buf, sizeof buf);
    CHECK(n > 0 && (size_t)n == strlen(buf), "format returned %d for %zu chars", n, strlen(buf));
    snprintf(want, sizeof want, "Race (%s) detected: ", scord_race_type_name(type));
    CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
    snprintf(want, sizeof want, " of %u byte%s at 0x%08x%s", r.size, r.size == 1 ? "" : "s",
             r.addr, r.shared ? " (shared memory offset" : "\n");
    CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
    /* The current access: verb, thread, line. */
    char who[128];
    if (shape)
        thread_name(&r, r.block, r.warp, r.lane, who, sizeof who);
    else
        snprintf(who, sizeof who, "lane %u of warp %u of block %u", r.lane, r.warp, r.block);
    where_of(r.pc, where, sizeof where);
    snprintf(want, sizeof want, "    %s%s by %s %s(kernel_main+0x0", verbs[r.kind],
             r.shared                        ? ""
             : r.kind == SCORD_ACCESS_ATOMIC ? (r.scope ? " (device-scope)" : " (block-scope)")
             : r.strong                      ? " (strong)"
                                             : " (weak)",
             who, where);
    CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
    snprintf(want, sizeof want, "core %u]\n", r.core);
    CHECK(strstr(buf, want), "no core in:\n%s", buf);
    CHECK(strstr(buf, scord_race_type_description(type)), "no description in:\n%s", buf);
    if (!r.has_prev) {
        CHECK(!strstr(buf, "previous"), "intrusion with a previous access:\n%s", buf);
    } else if (r.prev_known) {
        /* The previous access: its thread and its own line. */
        uint32_t pb = r.device_scope ? r.prev_block : r.block;
        if (shape && !(big && r.device_scope))
            thread_name(&r, pb, r.prev_warp, r.prev_lane, who, sizeof who);
        else if (shape)
            snprintf(who, sizeof who, "in a block whose id is %u mod 128", r.prev_block);
        else if (r.block > 127 && r.device_scope)
            snprintf(who, sizeof who, "lane %u of warp %u of block %u (mod 128)", r.prev_lane,
                     r.prev_warp, pb);
        else
            snprintf(who, sizeof who, "lane %u of warp %u of block %u", r.prev_lane, r.prev_warp,
                     pb);
        where_of(r.prev_pc, where, sizeof where);
        snprintf(want, sizeof want, "    previous %s", verbs[r.prev_kind]);
        CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
        CHECK(strstr(buf, who), "previous thread '%s' missing in:\n%s", who, buf);
        snprintf(want, sizeof want, "%s(kernel_main+0x14", where);
        CHECK(strstr(buf, want), "previous line '%s' missing in:\n%s", want, buf);
        CHECK(!strstr(buf, "unknown"), "known previous access called unknown:\n%s", buf);
    } else {
        snprintf(want, sizeof want, "warp %u", r.prev_warp);
        CHECK(strstr(buf, "    previous ") && strstr(buf, want) &&
                  strstr(buf, "its thread and source line are unknown"),
              "unknown previous access not said so in:\n%s", buf);
        CHECK(!strstr(strstr(buf, "    previous "), "kernel_main+"),
              "a line invented for an unknown previous access:\n%s", buf);
    }
    if (r.count > 1) {
        snprintf(want, sizeof want, "seen %u times", r.count);
        CHECK(strstr(buf, want), "count missing in:\n%s", buf);
    } else {
        CHECK(strstr(buf, "seen once"), "count missing in:\n%s", buf);
    }
    CHECK(!r.shared || !strstr(buf, "access #"), "shared record given a position:\n%s", buf);
    for (const char *p = buf; *p; p = strchr(p, '\n') + 1)
        CHECK(!strncmp(p, "========= ", 10), "line without prefix in:\n%s", buf);

    /* snprintf contract: sizing call, truncation. */
    CHECK(scord_race_format(kern, &r, NULL, 0) == n, "sizing call differs");
    char small[40];
    CHECK(scord_race_format(kern, &r, small, sizeof small) == n &&
              strlen(small) == sizeof small - 1 && !strncmp(small, buf, sizeof small - 1),
          "truncated output '%s'", small);
    /* Without a kernel: the PCs alone. */
    CHECK(scord_race_format(NULL, &r, buf, sizeof buf) > 0 && strstr(buf, "at pc 0x"),
          "no-kernel report:\n%s", buf);
    return 1;
}

static int format_type(uint32_t type)
{
    for (int known = 1; known >= 0; known--) {
        if (!known && type == SCORD_RACE_INTRUSION)
            break;
        for (int shape = 0; shape < 2; shape++)
            if (!format_case(type, known, shape))
                return 0;
    }
    return 1;
}

static bool has(const char *json, const char *key_value) { return strstr(json, key_value); }

static int format_json_case(uint32_t type, bool known)
{
    struct scord_race r = known ? decoded[type] : decoded_unknown[type];
    CHECK(r.type == type, "no decoded record of type %u", type);
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    r.pc = km + 0x10;
    if (r.prev_known)
        r.prev_pc = km + 0x18;
    give_shape(&r, r.block >= 8 || r.prev_block >= 8);
    char buf[4096], want[256];
    int n = scord_race_format_json(kern, &r, buf, sizeof buf);
    CHECK(n > 0 && (size_t)n == strlen(buf), "returned %d", n);
    CHECK(json_line_ok(buf), "invalid JSON: %s", buf);
    snprintf(want, sizeof want, "\"type\":\"%s\",\"type_id\":%u,", scord_race_type_name(type), type);
    CHECK(has(buf, want), "no %s in %s", want, buf);
    snprintf(want, sizeof want, "\"shared\":%s,\"pc\":%u,\"addr\":%u", r.shared ? "true" : "false",
             r.pc, r.addr);
    CHECK(has(buf, want), "no %s in %s", want, buf);
    snprintf(want, sizeof want, "\"accessor\":{\"core\":%u,\"block\":%u,\"warp\":%u,\"lane\":%u,",
             r.core, r.block, r.warp, r.lane);
    CHECK(has(buf, want), "no %s in %s", want, buf);
    uint32_t t = r.warp * 8 + r.lane;
    snprintf(want, sizeof want, "\"thread\":[%u,%u,%u]", t % 16, t / 16 % 2, t / 32);
    CHECK(has(buf, want), "no %s in %s", want, buf);
    snprintf(want, sizeof want, "\"size\":%u,\"strong\":%s", r.size, r.strong ? "true" : "false");
    CHECK(has(buf, want), "no %s in %s", want, buf);
    snprintf(want, sizeof want, "\"count\":%u,\"seq\":%u,", r.count, r.seq);
    CHECK(has(buf, want), "no %s in %s", want, buf);
    snprintf(want, sizeof want, "\"device_scope\":%s", r.device_scope ? "true" : "false");
    CHECK(has(buf, want), "no %s in %s", want, buf);
    if (r.has_prev) {
        snprintf(want, sizeof want, "\"block_mod128\":%u,\"warp\":%u,\"known\":%s", r.prev_block,
                 r.prev_warp, r.prev_known ? "true" : "false");
        CHECK(has(buf, want), "no %s in %s", want, buf);
        if (r.prev_known) {
            snprintf(want, sizeof want, "\"lane\":%u,\"pc\":%u,\"pc_index\":%u", r.prev_lane,
                     r.prev_pc, r.prev_pc_index);
            CHECK(has(buf, want), "no %s in %s", want, buf);
            const char *prev = strstr(buf, "\"previous\":");
            CHECK(prev && strstr(prev, "\"source\":{\"function\":\"kernel_main\",\"offset\":24,"),
                  "previous access's source missing: %s", buf);
        } else {
            CHECK(has(buf, "\"lane\":null,\"pc\":null,\"pc_index\":null,\"thread\":null"),
                  "unknown previous access with a lane or pc: %s", buf);
            CHECK(!strstr(strstr(buf, "\"previous\":"), "\"offset\":24"),
                  "unknown previous access with a source: %s", buf);
        }
    } else {
        CHECK(has(buf, "\"previous\":null"), "intrusion with a previous access: %s", buf);
    }
    CHECK(has(buf, "\"source\":{\"function\":\"kernel_main\",\"offset\":16,\"file\":\""),
          "source missing: %s", buf);
    CHECK(scord_race_format_json(NULL, &r, buf, sizeof buf) > 0 && json_line_ok(buf) &&
              has(buf, "\"source\":null}"),
          "no-kernel JSON: %s", buf);
    return 1;
}

static int format_json_type(uint32_t type)
{
    return format_json_case(type, true) &&
           (type == SCORD_RACE_INTRUSION || format_json_case(type, false));
}
#define FORMAT_CASES(T, N)                                                                     \
    static int format_text_##N(void) { return format_type(T); }                                \
    static int format_json_##N(void) { return format_json_type(T); }
FORMAT_CASES(SCORD_RACE_BLOCK_FENCE, block_fence)
FORMAT_CASES(SCORD_RACE_DEV_FENCE, dev_fence)
FORMAT_CASES(SCORD_RACE_NOT_STRONG, not_strong)
FORMAT_CASES(SCORD_RACE_SCOPED_ATOM, scoped_atom)
FORMAT_CASES(SCORD_RACE_LOCK_LOAD, lock_load)
FORMAT_CASES(SCORD_RACE_LOCK_STORE, lock_store)
FORMAT_CASES(SCORD_RACE_INTRUSION, intrusion)
FORMAT_CASES(SCORD_RACE_INTRA_WARP, intra_warp)
FORMAT_CASES(SCORD_RACE_SHARED, shared)
FORMAT_CASES(SCORD_RACE_SHARED_WARP, shared_warp)

/* The "this thread and others read it" case: the record's previous
 * thread is the racing thread itself. */
static int format_first_reader(void)
{
    struct scord_race r = decoded[SCORD_RACE_SHARED_WARP];
    r.kind = SCORD_ACCESS_STORE;
    r.prev_modified = 0;
    r.prev_kind = SCORD_ACCESS_LOAD;
    r.prev_lane = r.lane;
    give_shape(&r, false);
    char buf[2048];
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) > 0 &&
              strstr(buf, "previous Read by thread (5,0,0) in block (0,0,0) (this thread and "
                          "others read it)"),
          "report:\n%s", buf);
    return 1;
}

/* A grid of more than 65536 blocks: the record's 16-bit block id names no
 * single block, and the report says so instead of picking one. */
static int format_big_grid(void)
{
    struct scord_race r = decoded[SCORD_RACE_BLOCK_FENCE];
    give_shape(&r, false);
    r.grid_dim = (struct scord_dim3){300, 300, 1};
    char buf[2048];
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) > 0 &&
              strstr(buf, " by thread (7,1,0) in a block whose id is 5 mod 65536 at ") &&
              !strstr(buf, "in block ("),
          "report:\n%s", buf);
    CHECK(scord_race_format_json(kern, &r, buf, sizeof buf) > 0 && json_line_ok(buf) &&
              strstr(buf, "\"block_idx\":null"),
          "JSON: %s", buf);
    return 1;
}

/* ---- shared-memory variables ------------------------------------------------------ */

static int shared_name_is(const scord_kernel *k, uint32_t addr, const char *want)
{
    char buf[128];
    int n = scord_kernel_shared_name(k, addr, buf, sizeof buf);
    CHECK(n == (int)strlen(want) && !strcmp(buf, want), "0x%08x: '%s' (%d), expected '%s'", addr,
          buf, n, want);
    return 1;
}

static int shared_names(void)
{
    scord_kernel *scan = NULL, *scan_nd = NULL, *hist = NULL, *dyn = NULL;
    int ok = 0;
    if (scord_load_kernel(dev, scan_path, &scan) || scord_load_kernel(dev, scan_nodebug_path, &scan_nd) ||
        scord_load_kernel(dev, hist_path, &hist) || scord_load_kernel(dev, dyn_path, &dyn)) {
        fail("load: %s", scord_last_error_detail(dev));
        goto out;
    }
    /* smem_scan: __shared__ uint32_t warp_sums[32]; __shared__ uint32_t buf[2][256]; */
    uint32_t ws = scord_kernel_symbol(scan, "warp_sums"), b2 = scord_kernel_symbol(scan, "buf");
    if (!(ws >> 30 && b2 >> 30)) {
        fail("smem_scan's shared symbols at 0x%x, 0x%x", ws, b2);
        goto out;
    }
    if (!shared_name_is(scan, ws, "warp_sums[0]") || !shared_name_is(scan, ws + 4 * 31, "warp_sums[31]") ||
        !shared_name_is(scan, ws + 4 * 5 + 2, "warp_sums[5] (+2 bytes)") ||
        !shared_name_is(scan, b2 + 4 * (256 + 3), "buf[1][3]") ||
        !shared_name_is(scan, b2 + 4 * 255, "buf[0][255]") ||
        !shared_name_is(scan, ws + 128, "") || !shared_name_is(scan, 0x1000, ""))
        goto out;
    /* Without DWARF: the symbol table's extent, a byte offset. */
    if (!shared_name_is(scan_nd, b2 + 4 * (256 + 3), "buf (+1036 bytes)") ||
        !shared_name_is(scan_nd, ws, "warp_sums"))
        goto out;
    /* A static local: the symbol is "bins.N", DWARF says "bins". */
    char buf[128];
    scord_kernel_shared_name(hist, SCORD_SMEM_BASE + 8, buf, sizeof buf);
    if (strcmp(buf, "bins[2]")) {
        fail("smem_histogram's static local: '%s'", buf);
        goto out;
    }
    /* Dynamic shared memory after the static variables, by its declared name. */
    uint32_t d0 = scord_kernel_symbol(dyn, "__scord_dynamic_shared");
    if (!shared_name_is(dyn, d0 + 8, "dyn[2]") || !shared_name_is(dyn, d0 + 4000, "dyn[1000]") ||
        !shared_name_is(dyn, SCORD_SMEM_BASE + 4, "marks[1]"))
        goto out;
    /* A report names the variable; without a kernel, the offset. */
    struct scord_race r = decoded[SCORD_RACE_SHARED];
    r.addr = b2 + 4 * (256 + 3);
    r.pc = scord_kernel_symbol(scan, "kernel_main");
    char text[2048], want[128];
    scord_race_format(scan, &r, text, sizeof text);
    snprintf(want, sizeof want, "store of 4 bytes at 0x%08x (__shared__ buf[1][3])\n", r.addr);
    if (!strstr(text, want)) {
        fail("no '%s' in:\n%s", want, text);
        goto out;
    }
    snprintf(want, sizeof want, "at 0x%08x (shared memory offset 0x%x)\n", r.addr,
             r.addr - SCORD_SMEM_BASE);
    if (scord_race_format(NULL, &r, text, sizeof text) <= 0 || !strstr(text, want)) {
        fail("no '%s' in:\n%s", want, text);
        goto out;
    }
    if (scord_race_format_json(scan, &r, text, sizeof text) <= 0 || !json_line_ok(text) ||
        !strstr(text, "\"shared_variable\":\"buf[1][3]\"")) {
        fail("JSON: %s", text);
        goto out;
    }
    ok = scord_kernel_shared_name(NULL, 0, buf, sizeof buf) == SCORD_ERR_INVALID_ARG &&
         scord_kernel_shared_name(scan, ws, NULL, 4) == SCORD_ERR_INVALID_ARG &&
         scord_kernel_shared_name(scan, ws, NULL, 0) == 12;
    if (!ok)
        fail("bad arguments accepted, or no sizing call");
out:
    scord_kernel_free(scan);
    scord_kernel_free(scan_nd);
    scord_kernel_free(hist);
    scord_kernel_free(dyn);
    return ok;
}

static int format_rejects(void)
{
    struct scord_race r = decoded[SCORD_RACE_BLOCK_FENCE];
    char buf[64];
    CHECK(scord_race_format(kern, NULL, buf, sizeof buf) == SCORD_ERR_INVALID_ARG, "NULL race");
    CHECK(scord_race_format(kern, &r, NULL, 10) == SCORD_ERR_INVALID_ARG, "NULL buffer");
    r.type = 99;
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG && !buf[0],
          "type 99");
    CHECK(scord_race_format_json(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG, "json 99");
    r = decoded[SCORD_RACE_BLOCK_FENCE];
    r.kind = 7;
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG, "kind 7");
    r = decoded[SCORD_RACE_BLOCK_FENCE];
    r.size = 3;
    CHECK(scord_race_format_json(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG, "size 3");
    CHECK(!strcmp(scord_race_type_name(0), "unknown") && !strcmp(scord_race_type_name(11), "unknown") &&
              !strcmp(scord_race_type_description(1000), "unknown race type"),
          "names of unknown types");
    for (uint32_t t = SCORD_RACE_TYPE_MIN; t <= SCORD_RACE_TYPE_MAX; t++)
        CHECK(strcmp(scord_race_type_name(t), "unknown") &&
                  strlen(scord_race_type_description(t)) > 20,
              "type %u has no name or description", t);
    return 1;
}

/* ---- random bytes ------------------------------------------------------------------- */

static uint64_t rng = 0x9e3779b97f4a7c15ull;
static uint64_t next_rand(void)
{
    rng ^= rng >> 12;
    rng ^= rng << 25;
    rng ^= rng >> 27;
    return rng * 2685821657736338717ull;
}

static int random_records(void)
{
    unsigned accepted = 0, total = 0;
    char text[2048], json[4096];
    for (int i = 0; i < 6000; i++) {
        uint8_t b[32];
        if (i % 2 == 0) {
            /* Pure noise: almost always refused. */
            for (int k = 0; k < 32; k++)
                b[k] = (uint8_t)next_rand();
        } else {
            /* A valid record with a few bits flipped: reaches deeper checks
             * and sometimes passes them. */
            encode(&decoded[1 + next_rand() % SCORD_RACE_TYPE_MAX], b);
            int flips = 1 + (int)(next_rand() % 3);
            for (int k = 0; k < flips; k++) {
                unsigned bit = (unsigned)(next_rand() % 256);
                b[bit / 8] ^= (uint8_t)(1u << bit % 8);
            }
        }
        struct scord_race r;
        int rc = scord_race_decode(b, &r);
        total++;
        CHECK(rc == 0 || rc == SCORD_ERR_INVALID_ARG, "record %d: rc %d", i, rc);
        if (rc)
            continue;
        accepted++;
        uint8_t again[32];
        encode(&r, again);
        CHECK(!memcmp(again, b, 32), "record %d accepted but does not re-encode", i);
        int n = scord_race_format(kern, &r, text, sizeof text);
        CHECK(n > 0 && (size_t)n < sizeof text, "record %d: text %d", i, n);
        n = scord_race_format_json(kern, &r, json, sizeof json);
        CHECK(n > 0 && json_line_ok(json), "record %d: JSON %s", i, json);
    }
    CHECK(accepted > 100, "only %u of %u mutated records accepted: mutation too harsh", accepted,
          total);
    printf("  (%u records, %u accepted, all re-encoded and formatted)\n", total, accepted);
    return 1;
}

/* ---- ring drain ----------------------------------------------------------------------- */

/* The reference model as the drain's device. `copy_hook` runs once, at the
 * drain's first copy from device memory: the model's detector acting while
 * the drain reads the records. */
static void (*copy_hook)(void);
static int m_reg_read(void *ctx, uint32_t idx, uint32_t *v)
{
    *v = scord_ref_reg_read(ctx, idx);
    return 0;
}
static int m_reg_write(void *ctx, uint32_t idx, uint32_t v)
{
    scord_ref_reg_write(ctx, idx, v);
    return 0;
}
static int m_mem_read(void *ctx, uint32_t addr, void *dst, size_t n)
{
    if (addr > MEM || n > MEM - addr)
        return SCORD_ERR_RANGE;
    if (copy_hook) {
        void (*h)(void) = copy_hook;
        copy_hook = NULL;
        h();
    }
    memcpy(dst, scord_ref_mem(ctx) + addr, n);
    return 0;
}

/* n distinct device-fence races (distinct PCs, so none is merged), each
 * on a word no earlier access touched, so each makes exactly one record. */
static uint32_t fresh_word;
static void make_races(unsigned n, scord_event_t *cur)
{
    for (unsigned i = 0; i < n; i++) {
        uint32_t a = X + 0x1000 + 4 * fresh_word++;
        go(SCORD_DET_EV_STORE, a, 0, 0, 0, 0);
        cur[i] = acc(SCORD_DET_EV_STORE, a, 1, 1, 0, 0, 2, 0, 0);
        send(&cur[i]);
    }
}

static int ring_drain_refmodel(void)
{
    setup(4); /* capacity 3 */
    scord_event_t cur[8];
    make_races(5, cur);
    struct scord_ring_port port = {m, m_reg_read, m_reg_write, m_mem_read};
    struct scord_race r[8];
    struct scord_ring_info info;
    size_t n;
    int rc = scord_priv_ring_drain(&port, NULL, r, 2, &n, &info);
    CHECK(rc == 0, "drain: %s", scord_last_error_detail(NULL));
    CHECK(n == 2 && info.remaining == 1 && info.drops == 2 && info.invalid == 0,
          "n %zu remaining %u drops %u", n, info.remaining, info.drops);
    CHECK(info.status & SCORD_DET_STATUS_OVERFLOW, "status 0x%x without overflow", info.status);
    CHECK(r[0].pc == cur[0].pc && r[1].pc == cur[1].pc && r[0].type == SCORD_RACE_DEV_FENCE,
          "records out of order");
    CHECK(scord_ref_reg_read(m, SCORD_DET_RING_TAIL) == 2, "tail %u",
          scord_ref_reg_read(m, SCORD_DET_RING_TAIL));
    /* Peek: max 0 consumes nothing. */
    CHECK(scord_priv_ring_drain(&port, NULL, NULL, 0, &n, &info) == 0 && n == 0 &&
              info.remaining == 1 && scord_ref_reg_read(m, SCORD_DET_RING_TAIL) == 2,
          "peek consumed");
    /* More races wrap around the end of the ring. */
    scord_event_t more[2];
    make_races(2, more);
    CHECK(scord_priv_ring_drain(&port, NULL, r, 8, &n, &info) == 0, "second drain");
    CHECK(n == 3 && info.remaining == 0, "n %zu remaining %u", n, info.remaining);
    CHECK(r[0].pc == cur[2].pc && r[1].pc == more[0].pc && r[2].pc == more[1].pc,
          "wrapped records out of order");
    CHECK(scord_ref_reg_read(m, SCORD_DET_RING_TAIL) == scord_ref_reg_read(m, SCORD_DET_RING_HEAD),
          "ring not empty after drain");
    /* A corrupt record is consumed and counted, not returned. */
    scord_event_t c2[2];
    make_races(2, c2);
    uint32_t tail = scord_ref_reg_read(m, SCORD_DET_RING_TAIL);
    scord_ref_mem(m)[RING + 32 * tail + 3] |= 0x80;
    CHECK(scord_priv_ring_drain(&port, NULL, r, 8, &n, &info) == 0 && n == 1 &&
              info.invalid == 1 && r[0].pc == c2[1].pc,
          "corrupt record: n %zu invalid %u", n, info.invalid);
    /* Errors. */
    CHECK(scord_priv_ring_drain(&port, NULL, NULL, 1, &n, &info) == SCORD_ERR_INVALID_ARG,
          "NULL races accepted");
    scord_ref_reg_write(m, SCORD_DET_CTRL, 0);
    scord_ref_reg_write(m, SCORD_DET_RING_SIZE, 0);
    CHECK(scord_ref_reg_read(m, SCORD_DET_RING_SIZE) == 0, "model kept ring size");
    CHECK(scord_priv_ring_drain(&port, NULL, r, 8, &n, &info) == SCORD_ERR_NOT_SUPPORTED,
          "ring of size 0 drained");
    return 1;
}

static scord_event_t repeat_ev;
static void repeat_race(void) { send(&repeat_ev); }

static int ring_drain_merge_window(void)
{
    /* The detector sees the same race again while the drain copies its
     * record: the record is claimed, so the occurrence opens a new record
     * instead of changing a count being read, and nothing is lost or
     * counted twice. */
    setup(8);
    scord_event_t cur[1];
    make_races(1, cur);
    repeat_ev = cur[0];
    repeat_ev.block = 2; /* same instruction, another block: merged if open */
    struct scord_ring_port port = {m, m_reg_read, m_reg_write, m_mem_read};
    struct scord_race r[4];
    size_t n;
    copy_hook = repeat_race;
    int rc = scord_priv_ring_drain(&port, NULL, r, 4, &n, NULL);
    copy_hook = NULL;
    CHECK(rc == 0 && n == 1 && r[0].count == 1, "drain rc %d n %zu count %u", rc, n,
          n ? r[0].count : 0);
    CHECK(scord_ref_reg_read(m, SCORD_DET_CNT_BASE + SCORD_DET_CNT_SUPPRESSED) == 0 &&
              scord_ref_reg_read(m, SCORD_DET_CNT_BASE + SCORD_DET_CNT_RECORDS) == 2,
          "the repeat was merged into a claimed record");
    CHECK(scord_priv_ring_drain(&port, NULL, r, 4, &n, NULL) == 0 && n == 1 && r[0].count == 1,
          "the repeat's record: n %zu", n);
    /* Open records still take merges. */
    repeat_ev.block = 3;
    send(&repeat_ev);
    repeat_ev.block = 4;
    send(&repeat_ev);
    CHECK(scord_priv_ring_drain(&port, NULL, r, 4, &n, NULL) == 0 && n == 1 && r[0].count == 2,
          "merge into an open record: n %zu", n);
    /* The defect of docs/trust.md §5: a ring of two slots (capacity 1)
     * under a storm of one race. The repeat during the copy is dropped
     * (ring full), and after the tail moves the next one takes the freed
     * slot: records + drops = occurrences. */
    setup(2);
    port.ctx = m;
    make_races(1, cur);
    repeat_ev = cur[0];
    repeat_ev.block = 2;
    uint32_t total = 0;
    copy_hook = repeat_race;
    CHECK(scord_priv_ring_drain(&port, NULL, r, 4, &n, NULL) == 0 && n == 1, "2-slot drain");
    total += r[0].count;
    repeat_ev.block = 5; /* another block again: a race with the dropped one */
    send(&repeat_ev);
    CHECK(scord_priv_ring_drain(&port, NULL, r, 4, &n, NULL) == 0 && n == 1, "2-slot again");
    total += r[0].count;
    uint32_t drops = scord_ref_reg_read(m, SCORD_DET_RING_DROPS);
    uint32_t occ = scord_ref_reg_read(m, SCORD_DET_CNT_BASE + SCORD_DET_CNT_RACE_BASE +
                                             SCORD_DET_RACE_DEV_FENCE);
    CHECK(occ == 3 && total + drops == occ, "records %u + drops %u != occurrences %u", total,
          drops, occ);
    return 1;
}

static int ring_drain_sim(void)
{
    /* The GPU has no detector registers yet: indices 0x40.. read 0, so the
     * drain must say "no ring" rather than invent records. Draining real
     * records is covered by ring_drain_refmodel through the same code. */
    struct scord_race r[4];
    size_t n = 99;
    struct scord_ring_info info;
    int rc = scord_ring_drain(dev, r, 4, &n, &info);
    CHECK(rc == SCORD_ERR_NOT_SUPPORTED, "rc %s (%s)", scord_error_name(rc),
          scord_last_error_detail(dev));
    CHECK(n == 0 && strstr(scord_last_error_detail(dev), "DET_RING_SIZE"), "n %zu, detail '%s'",
          n, scord_last_error_detail(dev));
    CHECK(scord_ring_drain(NULL, r, 4, &n, &info) == SCORD_ERR_INVALID_ARG, "NULL device");
    CHECK(scord_ring_drain(dev, r, 4, NULL, &info) == SCORD_ERR_INVALID_ARG, "NULL count");
    return 1;
}

int main(int argc, char **argv)
{
    if (argc != 10) {
        fprintf(stderr,
                "usage: %s KERNEL.elf EXPECT.a2l KERNEL.c NODEBUG.elf STRIPPED.elf SCAN.elf "
                "SCAN-NODEBUG.elf HIST.elf DYN.elf\n",
                argv[0]);
        return 2;
    }
    elf_path = argv[1];
    a2l_path = argv[2];
    src_path = argv[3];
    nodebug_path = argv[4];
    stripped_path = argv[5];
    scan_path = argv[6];
    scan_nodebug_path = argv[7];
    hist_path = argv[8];
    dyn_path = argv[9];
    int rc = scord_open(&dev, "sim");
    if (!rc)
        rc = scord_load_kernel(dev, elf_path, &kern);
    if (rc) {
        printf("FAIL setup: %s: %s\n", scord_error_name(rc),
               scord_last_error_detail(dev));
        return 1;
    }

    run("decode_synthetic", decode_synthetic);
    run("decode_rejects", decode_rejects);
    run("model_block_fence", model_block_fence);
    run("model_dev_fence", model_dev_fence);
    run("model_not_strong", model_not_strong);
    run("model_scoped_atom", model_scoped_atom);
    run("model_lock_load", model_lock_load);
    run("model_lock_store", model_lock_store);
    run("model_intrusion", model_intrusion);
    run("model_intra_warp", model_intra_warp);
    run("json_checker_self_test", json_checker_self_test);
    run("json_escape", json_escape);
    run("addr2line_entry", addr2line_entry);
    run("addr2line_vs_binutils", addr2line_vs_binutils);
    run("addr2line_unknown", addr2line_unknown);
    run("addr2line_without_debug_info", addr2line_without_debug_info);
    run("format_text_block_fence", format_text_block_fence);
    run("format_text_dev_fence", format_text_dev_fence);
    run("format_text_not_strong", format_text_not_strong);
    run("format_text_scoped_atom", format_text_scoped_atom);
    run("format_text_lock_load", format_text_lock_load);
    run("format_text_lock_store", format_text_lock_store);
    run("format_text_intrusion", format_text_intrusion);
    run("format_text_intra_warp", format_text_intra_warp);
    run("format_text_shared", format_text_shared);
    run("format_text_shared_warp", format_text_shared_warp);
    run("format_text_first_reader", format_first_reader);
    run("format_text_big_grid", format_big_grid);
    run("format_json_block_fence", format_json_block_fence);
    run("format_json_dev_fence", format_json_dev_fence);
    run("format_json_not_strong", format_json_not_strong);
    run("format_json_scoped_atom", format_json_scoped_atom);
    run("format_json_lock_load", format_json_lock_load);
    run("format_json_lock_store", format_json_lock_store);
    run("format_json_intrusion", format_json_intrusion);
    run("format_json_intra_warp", format_json_intra_warp);
    run("format_json_shared", format_json_shared);
    run("format_json_shared_warp", format_json_shared_warp);
    run("format_rejects", format_rejects);
    run("shared_names", shared_names);
    run("random_records", random_records);
    run("ring_drain_refmodel", ring_drain_refmodel);
    run("ring_drain_merge_window", ring_drain_merge_window);
    run("ring_drain_sim", ring_drain_sim);

    /* Print one report of each kind, for a human reading the log: with a
     * launch's shape, both accesses in kernel_main. */
    char buf[2048];
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    for (uint32_t t = SCORD_RACE_TYPE_MIN; t <= SCORD_RACE_TYPE_MAX; t++) {
        struct scord_race r = decoded[t];
        if (r.type != t)
            continue;
        r.pc = km + 0x20 + 4 * t;
        if (r.prev_known)
            r.prev_pc = km + 0x10;
        give_shape(&r, r.block >= 8 || r.prev_block >= 8);
        if (scord_race_format(kern, &r, buf, sizeof buf) > 0)
            fputs(buf, stdout);
        if (t == SCORD_RACE_DEV_FENCE && scord_race_format_json(kern, &r, buf, sizeof buf) > 0)
            fputs(buf, stdout);
    }
    struct scord_race u = decoded_unknown[SCORD_RACE_INTRA_WARP];
    u.pc = km + 0x20;
    give_shape(&u, false);
    if (scord_race_format(kern, &u, buf, sizeof buf) > 0)
        fputs(buf, stdout);

    scord_kernel_free(kern);
    scord_close(dev);
    scord_ref_free(m);
    printf("%s: %d failed\n", failed ? "FAIL" : "PASS", failed);
    return failed ? 1 : 0;
}
