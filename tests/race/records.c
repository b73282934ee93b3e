/* Record v2 decoding: synthetic records of every type written field by
 * field, and the refusal of records that break the layout's rules. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "race_test.h"

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
    uint32_t stale;
    uint32_t warn;   /* word 3 [16]: severity warning */
};

static void pack(const struct fields *f, uint8_t b[32])
{
    wr32(b, f->type | f->dev << 8 | f->kind << 9 | f->strong << 11 | f->scope << 12 |
                f->pmod << 13 | f->patom << 14 | f->pscope << 15 | f->pstrong << 16 |
                f->size_log2 << 17 | f->known << 19 | f->shared << 20 | f->plane << 21);
    wr32(b + 4, f->pc);
    wr32(b + 8, f->addr);
    wr32(b + 12, f->block | f->warn << 16);
    wr32(b + 16, f->core | f->warp << 8 | f->lane << 16 | f->stale << 24);
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
    [SCORD_RACE_STALE_READ] = {11, 1, LD, 0, 0, 1, 0, 0, 1, 2, 1, 0, 3,
                               0x1128, X + 12, 2, 1, 3, 5, 0, 1, 0x46, 3, 60, 1},
    /* §15: pc = the host call, block = its address, core..lane = its
     * bytes (word 4), seq = its number; the previous access the kernel's. */
    [SCORD_RACE_HOST_DEVICE] = {12, 0, ST, 0, 0, 1, 0, 0, 1, 0, 1, 0, 6,
                                SCORD_HOST_MEMCPY_HTOD, X + 8, X, 64, 0, 0, 3, 1, 0x46, 5, 2},
};

static bool host_type(uint32_t t) { return t == SCORD_RACE_HOST_DEVICE; }

/* The known record of type t with its previous access unknown. */
static struct fields synth_unknown(uint32_t t)
{
    struct fields f = synth_known[t];
    f.known = 0;
    f.pcidx = SCORD_RACE_PC_INDEX_UNKNOWN;
    return f;
}

struct scord_race decoded[SCORD_RACE_TYPE_MAX + 1];
struct scord_race decoded_unknown[SCORD_RACE_TYPE_MAX + 1];

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
    if (host_type(f->type))
        CHECK(r->host_call == f->pc && r->addr == f->addr && r->host_addr == f->block &&
                  r->host_bytes == (f->core | f->warp << 8 | f->lane << 16) && !r->pc &&
                  !r->block && !r->core && !r->warp && !r->lane && r->size == 1,
              "type %u: host call fields", f->type);
    else
        CHECK(r->pc == f->pc && r->addr == f->addr && r->block == f->block &&
                  r->core == f->core && r->warp == f->warp && r->lane == f->lane &&
                  !r->host_call,
              "type %u: current access fields", f->type);
    CHECK(r->prev_block == f->pblock && r->prev_warp == f->pwarp && r->prev_lane == f->plane &&
              r->prev_known == f->known && r->shared == f->shared &&
              r->prev_pc_index == f->pcidx,
          "type %u: previous b%u w%u l%u known %u idx 0x%x shared %u", f->type, r->prev_block,
          r->prev_warp, r->prev_lane, r->prev_known, r->prev_pc_index, r->shared);
    uint32_t want_pc = f->known ? base + 4 * f->pcidx : 0;
    CHECK(r->prev_pc == want_pc, "type %u: previous pc 0x%x, expected 0x%x", f->type, r->prev_pc,
          want_pc);
    CHECK(r->count == f->count && r->seq == f->seq && r->stale == f->stale,
          "type %u: count/seq/stale", f->type);
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
        {0, SCORD_RACE_TYPE_MAX + 1, 0x00, "type past the last"},
        {0, 0xff, 0x00, "type 255"},
        {3, 0x04, 0xff, "word 0 bit 26"},
        {3, 0x80, 0xff, "word 0 bit 31"},
        {1, 0x06, 0xff, "kind 3"},
        {2, 0x06, 0xff, "size code 3"},
        {2, 0x10, 0xff, "shared flag on a device-fence race"},
        {2, 0x00, 0xf7, "previous unknown, PC index given"},
        {14, 0x01, 0xff, "warning flag on a block-fence race"},
        {14, 0x02, 0xff, "word 3 bit 17"},
        {15, 0x80, 0xff, "word 3 bit 31"},
        {19, 0x01, 0xff, "stale flag on a store"},
        {19, 0x02, 0xff, "word 4 bit 25"},
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
    BAD_IF(SCORD_RACE_STALE_READ, f.kind = ST, "stale-read race by a store");
    BAD_IF(SCORD_RACE_STALE_READ, (f.strong = 1, f.stale = 0), "stale-read race by a strong load");
    BAD_IF(SCORD_RACE_STALE_READ, f.pmod = 0, "stale-read race after a read");
    BAD_IF(SCORD_RACE_STALE_READ, (f.pblock = 2, f.dev = 0), "stale-read race within one block");
    BAD_IF(SCORD_RACE_NOT_STRONG, f.stale = 1, "stale flag on a strong load");
    BAD_IF(SCORD_RACE_INTRA_WARP, f.warn = 1, "warning on a store after a load");
    BAD_IF(SCORD_RACE_INTRA_WARP, (f.warn = 1, f.pmod = 1, f.kind = LD),
           "warning on a load after a store");
    BAD_IF(SCORD_RACE_INTRA_WARP, (f.warn = 1, f.pmod = 1, f.patom = 1, f.pstrong = 1),
           "warning on a store after an atomic");
    BAD_IF(SCORD_RACE_SHARED_WARP, f.warn = 1, "warning on a shared-warp race");
    BAD_IF(SCORD_RACE_DEV_FENCE, f.warn = 1, "warning on a device-fence race");
    BAD_IF(SCORD_RACE_SHARED_WARP,
           (f.kind = AT, f.strong = 1, f.pmod = 1, f.patom = 1, f.pstrong = 1),
           "shared-warp race of two atomics");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.pc = 0, "host call 0");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.pc = 4, "host call 4");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.pc = SCORD_HOST_MEMCPY_HTOD | 0x100, "host call bit 8");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.pc = SCORD_HOST_MEMCPY_DTOH, "host read as a store");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.kind = LD, "host write as a load");
    BAD_IF(SCORD_RACE_HOST_DEVICE, (f.kind = AT, f.strong = 1), "host atomic");
    BAD_IF(SCORD_RACE_HOST_DEVICE, (f.pc = SCORD_HOST_MEMCPY_DTOH, f.kind = LD, f.pmod = 0,
                                    f.pstrong = 0),
           "host read against a kernel read");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.strong = 1, "strong host write");
    BAD_IF(SCORD_RACE_HOST_DEVICE, (f.pblock = 1, f.dev = 1), "host-device race with the scope flag");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.size_log2 = 2, "host-device race with a size");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.shared = 1, "host-device race with the shared flag");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.core = 0, "host call of 0 bytes");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.addr = X + 64, "host-device race past the call's range");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.addr = X - 1, "host-device race before the call's range");
    BAD_IF(SCORD_RACE_HOST_DEVICE, (f.block = 0xfffffff0u, f.addr = 0xfffffff0u),
           "host call past 4 GiB");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.seq = 0, "host call number 0");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.pcidx = 0xffff, "host-device race: known, PC index 0xFFFF");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.count = 0, "host-device race of count 0");
    BAD_IF(SCORD_RACE_HOST_DEVICE, f.pblock = 128, "host-device race: kernel block 128+");
#undef BAD_IF
    /* And the unmodified ones still pass. */
    for (uint32_t ty = SCORD_RACE_TYPE_MIN; ty <= SCORD_RACE_TYPE_MAX; ty++) {
        encode(&decoded[ty], b);
        struct scord_race w;
        CHECK(scord_race_decode(b, &w) == 0, "re-encoded type %u refused", ty);
    }
    return 1;
}

const struct unit_case race_record_cases[] = {
    UNIT_CASE(decode_synthetic),
    UNIT_CASE(decode_rejects),
    UNIT_END,
};
