/* C reference model of the ScoRD race detector. Every rule here is a
 * transcription of docs/detector.md; the § numbers point at it. */
#include "scord_ref.h"

#include <stdlib.h>
#include <string.h>

#define BLOCK_IDS   (1u << SCORD_DET_BLOCK_BITS)  /* 128 */
#define WARP_IDS    (1u << SCORD_DET_WARP_BITS)   /* 32 */
#define FENCE_MASK  ((1u << SCORD_DET_FENCE_BITS) - 1u)
#define SUPP_N      SCORD_DET_SUPP_ENTRIES
#define REC_BYTES   SCORD_DET_REC_BYTES

/* ---- Events (§3.1) --------------------------------------------------------- */

void scord_event_pack(const scord_event_t *ev, uint32_t w[SCORD_EVENT_WORDS])
{
    w[0] = ev->pc;
    w[1] = ev->addr;
    w[2] = (uint32_t)ev->bloom | (uint32_t)ev->barrier << 16 | (uint32_t)ev->core << 24;
    w[3] = (uint32_t)ev->block | (uint32_t)(ev->warp & 31u) << 16 |
           (uint32_t)(ev->lane & 31u) << 21 | (uint32_t)(ev->kind & 3u) << 26 |
           (uint32_t)(ev->scope & 1u) << 28 | (uint32_t)(ev->strong & 1u) << 29 |
           (uint32_t)(ev->size & 3u) << 30;
    w[4] = ev->wsync | (uint32_t)(ev->stale & 1u) << 8 | (uint32_t)(ev->vclass & 31u) << 9;
}

void scord_event_unpack(const uint32_t w[SCORD_EVENT_WORDS], scord_event_t *ev)
{
    ev->pc = w[0];
    ev->addr = w[1];
    ev->bloom = (uint16_t)w[2];
    ev->barrier = (uint8_t)(w[2] >> 16);
    ev->core = (uint8_t)(w[2] >> 24);
    ev->block = (uint16_t)w[3];
    ev->warp = (w[3] >> 16) & 31u;
    ev->lane = (w[3] >> 21) & 31u;
    ev->kind = (w[3] >> 26) & 3u;
    ev->scope = (w[3] >> 28) & 1u;
    ev->strong = (w[3] >> 29) & 1u;
    ev->size = (w[3] >> 30) & 3u;
    ev->wsync = (uint8_t)w[4];
    ev->stale = (w[4] >> 8) & 1u;
    ev->vclass = (w[4] >> 9) & 31u;  /* [31:14] are 0 */
}

static unsigned log2u(unsigned v)
{
    unsigned n = 0;
    while (v > 1u) {
        v >>= 1;
        n++;
    }
    return n;
}

/* Bits of a lane's value class in a line event: clog2(lanes), at least 1. */
static unsigned class_bits(unsigned lanes)
{
    unsigned n = 1;
    while ((1u << n) < lanes)
        n++;
    return n;
}

unsigned scord_line_event_words(unsigned lanes, unsigned line_bytes)
{
    return (160u + lanes * (2u + log2u(line_bytes) + class_bits(lanes)) + 31u) / 32u;
}

/* Puts the low n bits of v at bit position pos of w. */
static void put_bits(uint32_t *w, unsigned pos, unsigned n, uint32_t v)
{
    for (unsigned i = 0; i < n; i++, pos++)
        if (v >> i & 1u)
            w[pos / 32] |= 1u << (pos % 32);
}

void scord_line_event_pack(const scord_line_event_t *le, unsigned lanes, unsigned line_bytes,
                           uint32_t *w)
{
    unsigned ow = log2u(line_bytes), nw = scord_line_event_words(lanes, line_bytes);
    for (unsigned i = SCORD_EVENT_WORDS; i < nw; i++)
        w[i] = 0;
    scord_event_t lead = le->ev;
    lead.stale = 0;  /* the stale lanes below carry it */
    scord_event_pack(&lead, w);
    put_bits(w, 160, lanes, le->mask);
    for (unsigned t = 0; t < lanes; t++)
        put_bits(w, 160 + lanes + t * ow, ow, le->off[t]);
    put_bits(w, 160 + lanes * (1u + ow), lanes, le->stale & le->mask);
    unsigned cb = class_bits(lanes);
    for (unsigned t = 0; t < lanes; t++)
        put_bits(w, 160 + lanes * (2u + ow) + t * cb, cb, le->cls[t]);
}

void scord_line_event_lane(const scord_line_event_t *le, unsigned line_bytes, unsigned t,
                           scord_event_t *ev)
{
    *ev = le->ev;
    ev->lane = (uint8_t)t;
    ev->addr = (le->ev.addr & ~(line_bytes - 1u)) | (le->off[t] & (line_bytes - 1u));
    ev->stale = (uint8_t)(le->stale >> t & 1u);
    ev->vclass = le->cls[t];
}

/* ---- Lock table and Bloom (§4) ------------------------------------------------ */

uint8_t scord_lock_hash(uint32_t addr)
{
    return (uint8_t)(((addr >> 2) ^ (addr >> 8) ^ (addr >> 14) ^ (addr >> 20) ^ (addr >> 26)) & 63u);
}

uint16_t scord_bloom_bits(uint8_t hash, uint8_t scope)
{
    unsigned i = (hash ^ (hash >> 3)) & 7u;
    /* Low byte: held at any scope (enough within a block). High byte: held
     * at device scope (needed across blocks). §4.3 */
    return (uint16_t)((1u << i) | (scope ? 1u << (8 + i) : 0u));
}

void scord_locktab_reset(scord_locktab_t *lt)
{
    memset(lt, 0, sizeof *lt);
}

void scord_locktab_cas(scord_locktab_t *lt, uint32_t addr, uint8_t scope)
{
    uint8_t h = scord_lock_hash(addr);
    scope &= 1u;
    /* A lock taken again (re-entry, or a table that missed its release)
     * must not flush the other held locks out. §4.2 L1 */
    for (unsigned i = 0; i < SCORD_LT_ENTRIES; i++)
        if (lt->valid[i] && lt->hash[i] == h && lt->scope[i] == scope)
            return;
    unsigned n = lt->next;
    lt->hash[n] = h;
    lt->scope[n] = scope;
    lt->valid[n] = 1;
    lt->active[n] = 0;
    lt->next = (uint8_t)((n + 1) % SCORD_LT_ENTRIES);
}

void scord_locktab_exch(scord_locktab_t *lt, uint32_t addr, uint8_t scope)
{
    uint8_t h = scord_lock_hash(addr);
    scope &= 1u;
    for (unsigned i = 0; i < SCORD_LT_ENTRIES; i++)
        if (lt->valid[i] && lt->hash[i] == h && lt->scope[i] == scope) {
            lt->valid[i] = 0;
            lt->active[i] = 0;
        }
}

void scord_locktab_fence(scord_locktab_t *lt, uint8_t scope)
{
    for (unsigned i = 0; i < SCORD_LT_ENTRIES; i++)
        if (lt->valid[i] && lt->scope[i] <= (scope & 1u))
            lt->active[i] = 1;
}

/* 0 is the free value of every lock the ScoR codes and CUDA's idioms use;
 * a CAS with another compare value is a state machine's step, not an
 * acquire, and one that found the word taken acquired nothing. §4.2 */
int scord_lock_acquires(uint32_t cmp, uint32_t newv, uint32_t old)
{
    return cmp == 0u && newv != 0u && old == 0u;
}

int scord_lock_releases(uint32_t newv)
{
    return newv == 0u;
}

void scord_locktab_amocas(scord_locktab_t *lt, uint32_t addr, uint8_t scope, uint32_t cmp,
                          uint32_t newv, uint32_t old)
{
    if (scord_lock_acquires(cmp, newv, old))
        scord_locktab_cas(lt, addr, scope);
}

void scord_locktab_amoswap(scord_locktab_t *lt, uint32_t addr, uint8_t scope, uint32_t newv)
{
    if (scord_lock_releases(newv))
        scord_locktab_exch(lt, addr, scope);
}

uint16_t scord_locktab_bloom(const scord_locktab_t *lt)
{
    uint16_t b = 0;
    for (unsigned i = 0; i < SCORD_LT_ENTRIES; i++)
        if (lt->valid[i] && lt->active[i])
            b |= scord_bloom_bits(lt->hash[i], lt->scope[i]);
    return b;
}

/* ---- Metadata entry (§5.1; 128 bits in v2) ---------------------------------------- */

#define FIELD(v, lsb, w) ((uint64_t)((v) & ((1u << (w)) - 1u)) << ((lsb) & 63u))
#define GET(raw, lsb, w) ((unsigned)(((raw)[(lsb) / 64u] >> ((lsb) & 63u)) & ((1u << (w)) - 1u)))

void scord_md_encode(const scord_md_t *md, uint64_t raw[2])
{
    raw[0] = FIELD(md->gen, SCORD_DET_MD_GEN_LSB, 6) | FIELD(md->tag, SCORD_DET_MD_TAG_LSB, 4) |
             FIELD(md->block, SCORD_DET_MD_BLOCK_LSB, 7) | FIELD(md->warp, SCORD_DET_MD_WARP_LSB, 5) |
             FIELD(md->devfence, SCORD_DET_MD_DEVFENCE_LSB, 6) |
             FIELD(md->blkfence, SCORD_DET_MD_BLKFENCE_LSB, 6) |
             FIELD(md->barrier, SCORD_DET_MD_BARRIER_LSB, 8) |
             FIELD(md->bloom, SCORD_DET_MD_BLOOM_LSB, 16) |
             FIELD(md->modified, SCORD_DET_MD_MODIFIED_LSB, 1) |
             FIELD(md->blkshared, SCORD_DET_MD_BLKSHARED_LSB, 1) |
             FIELD(md->devshared, SCORD_DET_MD_DEVSHARED_LSB, 1) |
             FIELD(md->atom, SCORD_DET_MD_ATOM_LSB, 1) | FIELD(md->scope, SCORD_DET_MD_SCOPE_LSB, 1) |
             FIELD(md->strong, SCORD_DET_MD_STRONG_LSB, 1);
    /* The fifth tag bit did not fit the v1 word: it sits in the high word. */
    raw[1] = FIELD(md->pcidx, SCORD_DET_MD_PCIDX_LSB, 16) | FIELD(md->lane, SCORD_DET_MD_LANE_LSB, 5) |
             FIELD(md->bytes, SCORD_DET_MD_BYTES_LSB, 4) | FIELD(md->wsync, SCORD_DET_MD_WSYNC_LSB, 8) |
             FIELD(md->tag >> 4, SCORD_DET_MD_TAG4_LSB, 1) | FIELD(md->tag >> 5, SCORD_DET_MD_TAG5_LSB, 1) |
             FIELD(md->epoch, SCORD_DET_MD_EPOCH_LSB, 16) | FIELD(md->lbytes, SCORD_DET_MD_LBYTES_LSB, 4);
}

void scord_md_decode(const uint64_t raw[2], scord_md_t *md)
{
    md->gen = (uint8_t)GET(raw, SCORD_DET_MD_GEN_LSB, 6);
    md->tag = (uint8_t)(GET(raw, SCORD_DET_MD_TAG_LSB, 4) | GET(raw, SCORD_DET_MD_TAG4_LSB, 1) << 4 |
                        GET(raw, SCORD_DET_MD_TAG5_LSB, 1) << 5);
    md->block = (uint8_t)GET(raw, SCORD_DET_MD_BLOCK_LSB, 7);
    md->warp = (uint8_t)GET(raw, SCORD_DET_MD_WARP_LSB, 5);
    md->devfence = (uint8_t)GET(raw, SCORD_DET_MD_DEVFENCE_LSB, 6);
    md->blkfence = (uint8_t)GET(raw, SCORD_DET_MD_BLKFENCE_LSB, 6);
    md->barrier = (uint8_t)GET(raw, SCORD_DET_MD_BARRIER_LSB, 8);
    md->bloom = (uint16_t)GET(raw, SCORD_DET_MD_BLOOM_LSB, 16);
    md->modified = (uint8_t)GET(raw, SCORD_DET_MD_MODIFIED_LSB, 1);
    md->blkshared = (uint8_t)GET(raw, SCORD_DET_MD_BLKSHARED_LSB, 1);
    md->devshared = (uint8_t)GET(raw, SCORD_DET_MD_DEVSHARED_LSB, 1);
    md->atom = (uint8_t)GET(raw, SCORD_DET_MD_ATOM_LSB, 1);
    md->scope = (uint8_t)GET(raw, SCORD_DET_MD_SCOPE_LSB, 1);
    md->strong = (uint8_t)GET(raw, SCORD_DET_MD_STRONG_LSB, 1);
    md->pcidx = (uint16_t)GET(raw, SCORD_DET_MD_PCIDX_LSB, 16);
    md->lane = (uint8_t)GET(raw, SCORD_DET_MD_LANE_LSB, 5);
    md->bytes = (uint8_t)GET(raw, SCORD_DET_MD_BYTES_LSB, 4);
    md->wsync = (uint8_t)GET(raw, SCORD_DET_MD_WSYNC_LSB, 8);
    md->epoch = (uint16_t)GET(raw, SCORD_DET_MD_EPOCH_LSB, 16);
    md->lbytes = (uint8_t)GET(raw, SCORD_DET_MD_LBYTES_LSB, 4);
}

uint16_t scord_pc_index(uint32_t pc, uint32_t pc_base)
{
    /* 0xFFFF itself is the "unknown" code, so the last usable index is 0xFFFE. */
    if (pc < pc_base || (pc - pc_base) >> 2 >= SCORD_DET_PCIDX_UNKNOWN)
        return (uint16_t)SCORD_DET_PCIDX_UNKNOWN;
    return (uint16_t)((pc - pc_base) >> 2);
}

uint8_t scord_access_bytes(uint32_t addr, uint8_t size, unsigned gran_log2)
{
    if (gran_log2 != 2)
        return 0xF;
    /* size 3 (never made by a core) covers the rest of the word */
    uint32_t len_mask = (1u << (1u << (size & 3u))) - 1u;
    return (uint8_t)((len_mask << (addr & 3u)) & 0xFu);
}

/* ---- Records (§8.1) ---------------------------------------------------------------- */

static uint32_t rd32(const uint8_t *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

static void wr32(uint8_t *p, uint32_t v)
{
    p[0] = (uint8_t)v;
    p[1] = (uint8_t)(v >> 8);
    p[2] = (uint8_t)(v >> 16);
    p[3] = (uint8_t)(v >> 24);
}

void scord_record_decode(const uint8_t b[32], scord_record_t *r)
{
    uint32_t w0 = rd32(b), w4 = rd32(b + 16), w5 = rd32(b + 20);
    r->type = (uint8_t)w0;
    r->devrace = (w0 >> 8) & 1u;
    r->kind = (w0 >> 9) & 3u;
    r->strong = (w0 >> 11) & 1u;
    r->scope = (w0 >> 12) & 1u;
    r->prev_modified = (w0 >> 13) & 1u;
    r->prev_atom = (w0 >> 14) & 1u;
    r->prev_scope = (w0 >> 15) & 1u;
    r->prev_strong = (w0 >> 16) & 1u;
    r->size = (w0 >> 17) & 3u;
    r->prev_known = (w0 >> 19) & 1u;
    r->shared = (w0 >> 20) & 1u;
    r->prev_lane = (w0 >> 21) & 31u;
    r->pc = rd32(b + 4);
    r->addr = rd32(b + 8);
    r->block = (uint16_t)rd32(b + 12);
    r->warning = (rd32(b + 12) >> SCORD_DET_REC_WARN_BIT) & 1u;
    r->core = (uint8_t)w4;
    r->warp = (uint8_t)(w4 >> 8);
    r->lane = (uint8_t)(w4 >> 16);
    r->stale = (w4 >> SCORD_DET_REC_STALE_BIT) & 1u;
    r->prev_block = (uint8_t)w5;
    r->prev_warp = (uint8_t)(w5 >> 8);
    r->prev_pcidx = (uint16_t)(w5 >> 16);
    r->count = rd32(b + 24);
    r->seq = rd32(b + 28);
}

/* ---- Detector state ---------------------------------------------------------------- */

typedef struct {
    uint8_t valid, type;
    uint32_t pc, rec, count; /* rec: the record's number, see `written` */
} supp_t;

struct scord_ref {
    uint32_t mem_bytes;
    uint8_t *mem;
    /* registers (§7) */
    uint32_t mode, md_base, track_base, track_bytes, ring_base, ring_size, pc_base;
    uint32_t head, tail, claim, drops;
    /* records written since reset (wraps at 2^32): numbers a table entry's
     * record, so an entry knows whether its record is still in the ring. */
    uint32_t written;
    uint8_t armed, err, overflow, intrusion, tail_bad, need_clear, gen;
    uint32_t cnt[SCORD_DET_CNT_COUNT];
    /* fence file (§6.1): the two counters of each warp, the acquire
     * stamp of each block (the epoch after the last device fence of any of
     * its warps), the epoch */
    uint8_t ff_blk[BLOCK_IDS][WARP_IDS], ff_dev[BLOCK_IDS][WARP_IDS];
    uint16_t ff_acq[BLOCK_IDS];
    uint16_t epoch;
    /* report writer (§8.3) */
    supp_t supp[SUPP_N];
    uint8_t supp_next;
    /* the line event being checked (§5.3): the granules its tracked lanes
     * have updated so far (at most one per lane) */
    uint32_t le_gran[32];
    uint8_t le_cls[32];  /* ... and the value class of its last lane there */
    unsigned le_n;
};

scord_ref_t *scord_ref_new(uint32_t mem_bytes)
{
    if (!mem_bytes)
        return NULL;
    scord_ref_t *m = calloc(1, sizeof *m);
    if (!m)
        return NULL;
    m->mem = calloc(mem_bytes, 1);
    if (!m->mem) {
        free(m);
        return NULL;
    }
    m->mem_bytes = mem_bytes;
    return m;
}

void scord_ref_free(scord_ref_t *m)
{
    if (m) {
        free(m->mem);
        free(m);
    }
}

uint8_t *scord_ref_mem(scord_ref_t *m) { return m->mem; }
uint32_t scord_ref_mem_bytes(const scord_ref_t *m) { return m->mem_bytes; }

void scord_ref_fence_file(const scord_ref_t *m, uint8_t block7, uint8_t warp, uint8_t *blkfence,
                          uint8_t *devfence)
{
    *blkfence = m->ff_blk[block7 & (BLOCK_IDS - 1)][warp & (WARP_IDS - 1)];
    *devfence = m->ff_dev[block7 & (BLOCK_IDS - 1)][warp & (WARP_IDS - 1)];
}

uint16_t scord_ref_fence_acq(const scord_ref_t *m, uint8_t block7)
{
    return m->ff_acq[block7 & (BLOCK_IDS - 1)];
}

uint16_t scord_ref_epoch(const scord_ref_t *m) { return m->epoch; }

/* ---- Configuration (§7.2) ---------------------------------------------------- */

static unsigned gran_log2(uint32_t mode) { return 2u + ((mode >> 1) & 3u); }
static int cache_mode(uint32_t mode) { return (int)(mode & 1u); }
/* granules per entry: 1, or 32 in cache mode, 64 in sparse cache mode */
static unsigned cache_ratio(uint32_t mode)
{
    return !cache_mode(mode) ? 1u
           : (mode & SCORD_DET_MODE_SPARSE) ? SCORD_DET_SPARSE_GRANULES : SCORD_DET_CACHE_GRANULES;
}

/* the window holds at least one cache-mode entry's granules (32 in every
 * mode but sparse cache mode, 64 there) */
static unsigned min_granules(uint32_t mode)
{
    return cache_ratio(mode) > SCORD_DET_CACHE_GRANULES ? cache_ratio(mode)
                                                        : SCORD_DET_CACHE_GRANULES;
}

static uint64_t md_bytes_of(uint32_t mode, uint32_t track_bytes)
{
    if (((mode >> 1) & 3u) == 3u)
        return 0;
    uint64_t entries = ((uint64_t)track_bytes >> gran_log2(mode)) / cache_ratio(mode);
    return entries * SCORD_DET_MD_ENTRY_BYTES;
}

static int overlap(uint64_t a, uint64_t alen, uint64_t b, uint64_t blen)
{
    return a < b + blen && b < a + alen;
}

static uint8_t validate(const scord_ref_t *m)
{
    uint64_t mem = m->mem_bytes, guard = SCORD_MEM_GUARD;
    uint64_t ring_len = (uint64_t)m->ring_size * REC_BYTES;
    if (((m->mode >> 1) & 3u) == 3u)
        return SCORD_DET_ERR_MODE;
    if (m->ring_size < 2)
        return SCORD_DET_ERR_RING_SIZE;
    if (m->ring_base % REC_BYTES || m->ring_base < guard || m->ring_base + ring_len > mem)
        return SCORD_DET_ERR_RING_RANGE;
    uint64_t tb = m->track_bytes;
    if (m->track_base % 16u || tb == 0 || (tb & (tb - 1)) ||
        tb < ((uint64_t)min_granules(m->mode) << gran_log2(m->mode)) || m->track_base + tb > mem)
        return SCORD_DET_ERR_TRACK_RANGE;
    uint64_t mdb = md_bytes_of(m->mode, m->track_bytes);
    if (m->md_base % SCORD_DET_MD_ENTRY_BYTES || m->md_base < guard || m->md_base + mdb > mem)
        return SCORD_DET_ERR_MD_RANGE;
    if (overlap(m->md_base, mdb, m->ring_base, ring_len) ||
        overlap(m->md_base, mdb, m->track_base, tb) ||
        overlap(m->ring_base, ring_len, m->track_base, tb))
        return SCORD_DET_ERR_OVERLAP;
    return SCORD_DET_ERR_NONE;
}

/* ---- Registers (§7.1) ----------------------------------------------------------- */

void scord_ref_reg_write(scord_ref_t *m, uint32_t idx, uint32_t v)
{
    /* Configuration is frozen while armed: the regions are in use. */
    int cfg_ok = !m->armed;
    switch (idx) {
    case SCORD_DET_CTRL:
        /* DET_CTRL_FLUSH: the model's memory always holds every entry. */
        if (v & SCORD_DET_CTRL_CLEAR)
            m->overflow = m->intrusion = m->tail_bad = 0;
        if (!(v & SCORD_DET_CTRL_ENABLE)) {
            m->armed = 0;
        } else if (!m->armed) {
            m->err = validate(m);
            if (m->err == SCORD_DET_ERR_NONE) {
                m->armed = 1;
                m->need_clear = 1;
                m->head = m->tail = m->claim = 0;
            }
        }
        break;
    case SCORD_DET_MODE:
        if (cfg_ok)
            m->mode = v & 15u;
        break;
    case SCORD_DET_MD_BASE:
        if (cfg_ok)
            m->md_base = v;
        break;
    case SCORD_DET_TRACK_BASE:
        if (cfg_ok)
            m->track_base = v;
        break;
    case SCORD_DET_TRACK_BYTES:
        if (cfg_ok)
            m->track_bytes = v;
        break;
    case SCORD_DET_RING_BASE:
        if (cfg_ok)
            m->ring_base = v;
        break;
    case SCORD_DET_RING_SIZE:
        if (cfg_ok)
            m->ring_size = v;
        break;
    case SCORD_DET_PC_BASE:
        /* not frozen: the driver sets it per launch, armed or not */
        m->pc_base = v;
        break;
    case SCORD_DET_RING_TAIL:
        /* moving the tail ends any claim */
        if (v < m->ring_size)
            m->tail = m->claim = v;
        else
            m->tail_bad = 1;
        break;
    case SCORD_DET_RING_CLAIM: {
        uint32_t n = m->ring_size;
        if (v < n && (v + n - m->tail) % n <= (m->head + n - m->tail) % n)
            m->claim = v;
        else
            m->tail_bad = 1;
        break;
    }
    default:
        break;
    }
}

uint32_t scord_ref_reg_read(const scord_ref_t *m, uint32_t idx)
{
    if (idx >= SCORD_DET_CNT_BASE && idx < SCORD_DET_CNT_BASE + SCORD_DET_CNT_COUNT)
        return m->cnt[idx - SCORD_DET_CNT_BASE];
    switch (idx) {
    case SCORD_DET_CTRL:
        return m->armed ? SCORD_DET_CTRL_ENABLE : 0u;
    case SCORD_DET_STATUS:
        return (m->armed ? SCORD_DET_STATUS_ARMED : 0u) |
               (m->overflow ? SCORD_DET_STATUS_OVERFLOW : 0u) |
               (m->intrusion ? SCORD_DET_STATUS_INTRUSION : 0u) |
               (m->tail_bad ? SCORD_DET_STATUS_TAIL_BAD : 0u) | (uint32_t)m->err << 8;
    case SCORD_DET_MODE: return m->mode;
    case SCORD_DET_MD_BASE: return m->md_base;
    case SCORD_DET_TRACK_BASE: return m->track_base;
    case SCORD_DET_TRACK_BYTES: return m->track_bytes;
    case SCORD_DET_RING_BASE: return m->ring_base;
    case SCORD_DET_RING_SIZE: return m->ring_size;
    case SCORD_DET_RING_HEAD: return m->head;
    case SCORD_DET_RING_TAIL: return m->tail;
    case SCORD_DET_RING_CLAIM: return m->claim;
    case SCORD_DET_RING_DROPS: return m->drops;
    case SCORD_DET_MD_BYTES: {
        uint64_t b = md_bytes_of(m->mode, m->track_bytes);
        return b > 0xFFFFFFFFull ? 0xFFFFFFFFu : (uint32_t)b;
    }
    case SCORD_DET_GEN: return m->gen;
    case SCORD_DET_PC_BASE: return m->pc_base;
    default: return 0;
    }
}

/* ---- Kernel start (§7.3) -------------------------------------------------------------- */

void scord_ref_kernel_start(scord_ref_t *m)
{
    if (!m->armed)
        return;
    if (m->need_clear || m->gen >= SCORD_DET_GEN_MAX) {
        /* Zeroed entries carry generation 0, which is never current. */
        memset(m->mem + m->md_base, 0, (size_t)md_bytes_of(m->mode, m->track_bytes));
        m->gen = 1;
        m->need_clear = 0;
    } else {
        m->gen++;
    }
    memset(m->ff_blk, 0, sizeof m->ff_blk);
    memset(m->ff_dev, 0, sizeof m->ff_dev);
    memset(m->ff_acq, 0, sizeof m->ff_acq);
    m->epoch = 0;
    memset(m->supp, 0, sizeof m->supp);
    m->supp_next = 0;
    memset(m->cnt, 0, sizeof m->cnt);
    m->drops = 0;
}

/* ---- Report writer (§8.3) ---------------------------------------------------------- */

/* R3: the slot of e's record if it is still open to merges, -1 if not.
 * Open: not claimed by the consumer, i.e. among the last
 * (head - claim) mod n records written. A record further back has been
 * consumed, and its slot may hold another record by now. */
static int64_t open_slot(const scord_ref_t *m, const supp_t *e)
{
    uint32_t n = m->ring_size, back = m->written - e->rec;
    if (back > (m->head + n - m->claim) % n)
        return -1;
    return (m->head + n - back) % n;
}

static void write_record(scord_ref_t *m, uint32_t slot, const scord_event_t *ev, uint8_t type,
                         int devrace, const scord_md_t *prev, int warn)
{
    uint8_t *p = m->mem + m->ring_base + (size_t)slot * REC_BYTES;
    uint32_t w0 = type | (uint32_t)(devrace & 1) << 8 | (uint32_t)(ev->kind & 3u) << 9 |
                  (uint32_t)(ev->strong & 1u) << 11 | (uint32_t)(ev->scope & 1u) << 12 |
                  (uint32_t)(ev->size & 3u) << 17;
    uint32_t w5 = 0;
    if (prev) {
        /* The previous access is the entry's: its thread is always real (a
         * fresh entry is never checked), its PC only when the index is. */
        int known = prev->pcidx != SCORD_DET_PCIDX_UNKNOWN;
        w0 |= (uint32_t)prev->modified << 13 | (uint32_t)prev->atom << 14 |
              (uint32_t)prev->scope << 15 | (uint32_t)prev->strong << 16 |
              (uint32_t)known << 19 | (uint32_t)(prev->lane & 31u) << 21;
        w5 = (uint32_t)prev->block | (uint32_t)prev->warp << 8 | (uint32_t)prev->pcidx << 16;
    }
    wr32(p, w0);
    wr32(p + 4, ev->pc);
    wr32(p + 8, ev->addr);
    wr32(p + 12, ev->block | (uint32_t)(warn & 1) << SCORD_DET_REC_WARN_BIT);
    wr32(p + 16, (uint32_t)ev->core | (uint32_t)ev->warp << 8 | (uint32_t)ev->lane << 16 |
                     (uint32_t)(ev->stale & 1u) << SCORD_DET_REC_STALE_BIT);
    wr32(p + 20, w5);
    wr32(p + 24, 1);
    wr32(p + 28, m->cnt[SCORD_DET_CNT_ACCESSES]);
}

static void report(scord_ref_t *m, const scord_event_t *ev, uint8_t type, int devrace,
                   const scord_md_t *prev, int warn)
{
    m->cnt[SCORD_DET_CNT_RACE_BASE + type]++;
    supp_t *e = NULL;
    for (unsigned i = 0; i < SUPP_N; i++)
        if (m->supp[i].valid && m->supp[i].pc == ev->pc && m->supp[i].type == type) {
            e = &m->supp[i];
            break;
        }
    int64_t open = e ? open_slot(m, e) : -1;
    if (open >= 0) {
        if (e->count != 0xFFFFFFFFu)
            e->count++;
        uint8_t *p = m->mem + m->ring_base + (size_t)open * REC_BYTES;
        wr32(p + 24, e->count);
        /* The stale flag is sticky: a merged stale occurrence sets it in the
         * record (the byte of word 4 that holds it, nothing else of it). */
        if (ev->stale & 1u)
            p[16 + SCORD_DET_REC_STALE_BIT / 8] = (uint8_t)(1u << (SCORD_DET_REC_STALE_BIT % 8));
        /* The warning is sticky the other way: an occurrence that is not one
         * clears it (the flag's byte of word 3 holds no other field). */
        if (!warn)
            p[12 + SCORD_DET_REC_WARN_BIT / 8] = 0;
        m->cnt[SCORD_DET_CNT_SUPPRESSED]++;
        return;
    }
    if ((m->head + 1) % m->ring_size == m->tail) {
        m->drops++;
        m->overflow = 1;
        return;
    }
    uint32_t slot = m->head;
    write_record(m, slot, ev, type, devrace, prev, warn);
    m->head = (m->head + 1) % m->ring_size;
    m->written++;
    m->cnt[SCORD_DET_CNT_RECORDS]++;
    if (!e) {
        e = &m->supp[m->supp_next];
        m->supp_next = (uint8_t)((m->supp_next + 1) % SUPP_N);
    }
    e->valid = 1;
    e->pc = ev->pc;
    e->type = type;
    e->rec = m->written - 1;
    e->count = 1;
}

/* ---- Fences and barriers (§6.1) --------------------------------------------------- */

static void fence(scord_ref_t *m, const scord_event_t *ev)
{
    unsigned b = ev->block & (BLOCK_IDS - 1), w = ev->warp & (WARP_IDS - 1);
    m->cnt[SCORD_DET_CNT_FENCES]++;
    if (ev->scope) {
        m->ff_dev[b][w] = (uint8_t)((m->ff_dev[b][w] + 1) & FENCE_MASK);
        /* The epoch counts device fences and stops at its top: from there
         * on the acquire rule can no longer order fences and accesses (§6.3). */
        if (m->epoch != SCORD_DET_EPOCH_MAX)
            m->epoch++;
        m->ff_acq[b] = m->epoch;
    } else
        m->ff_blk[b][w] = (uint8_t)((m->ff_blk[b][w] + 1) & FENCE_MASK);
}

/* ---- Accesses (§5.2, §6.2) ------------------------------------------------------------ */

static uint64_t rd64(const uint8_t *p)
{
    return (uint64_t)rd32(p) | (uint64_t)rd32(p + 4) << 32;
}

static void wr64(uint8_t *p, uint64_t v)
{
    wr32(p, (uint32_t)v);
    wr32(p + 4, (uint32_t)(v >> 32));
}

/* A 16-byte entry, little endian: bits [63:0] first. */
static void md_read(const uint8_t *p, uint64_t raw[2])
{
    raw[0] = rd64(p);
    raw[1] = rd64(p + 8);
}

static void md_write(uint8_t *p, const uint64_t raw[2])
{
    wr64(p, raw[0]);
    wr64(p + 8, raw[1]);
}

static int in_region(uint32_t a, uint64_t base, uint64_t len)
{
    return a >= base && (uint64_t)a < base + len;
}

/* §6.3 (v2: C0, C1 and C2 changed; C7 the acquire rule): the race check
 * proper, on a decoded, non-fresh entry that failed Table III. `bytes` is
 * the current access's byte mask. Returns the race type or 0; *sat is set
 * when the acquire rule ordered the pair only because the epoch had
 * saturated (DET_CNT_EPOCH_SAT). */
static uint8_t check(const scord_ref_t *m, const scord_event_t *ev, uint8_t bytes,
                     const scord_md_t *md, int *sat)
{
    uint8_t B = ev->block & (BLOCK_IDS - 1), W = ev->warp & (WARP_IDS - 1);
    int is_ld = ev->kind == SCORD_DET_EV_LOAD, is_at = ev->kind == SCORD_DET_EV_ATOMIC;
    int same_block = md->block == B, same_warp = same_block && md->warp == W;
    uint8_t fb = m->ff_blk[md->block][md->warp], fd = m->ff_dev[md->block][md->warp];

    /* C0 disjoint bytes of one word never conflict (a char array by
     * thread). Another warp is checked against the bytes of every lane of
     * the entry's line event (they share its warp's ordering); a lane of
     * the entry's own warp against the last lane's own bytes only, since
     * the others may be its own (C1 names that last lane). */
    if (!((same_warp ? md->lbytes : md->bytes) & bytes))
        return 0;
    /* C1 lanes of one warp: ordered by program order (same lane), by a warp
     * sync or a fence of the warp since the entry's access; reads and
     * atomic pairs do not conflict. Only at 4-byte granules: in a coarser
     * one, neighbouring lanes' words share the entry, and the warp's own
     * lanes are not told apart (as in ScoRD). */
    if (same_warp) {
        if (gran_log2(m->mode) != 2)
            return 0;
        if (md->lane == (ev->lane & 31u))
            return 0;
        if (is_ld && !md->modified)
            return 0;
        if (is_at && md->atom)
            return 0;
        if (md->wsync != ev->wsync || fb != md->blkfence || fd != md->devfence)
            return 0;
        return SCORD_DET_RACE_INTRA_WARP;
    }
    /* C2 Table IV (d): another block's block-scope atomic is never
     * ordered with this access (its effect is only promised to its own
     * block); a block-scope atomic after another block's device-scope
     * atomic is, when that atomic's warp fenced at device scope since
     * (device-scope synchronisation: the HRF-indirect pattern) */
    if (md->atom && !same_block &&
        (md->scope == 0 || (is_at && ev->scope == 0 && fd == md->devfence)))
        return SCORD_DET_RACE_SCOPED_ATOM;
    /* C3 atomics of sufficient scope order each other */
    if (is_at && md->atom)
        return 0;
    /* C4 two reads never conflict */
    if (is_ld && !md->modified)
        return 0;
    /* C5 Table IV (a), (b): has the previous accessor fenced since? */
    if (same_block && fb == md->blkfence && fd == md->devfence)
        return SCORD_DET_RACE_BLOCK_FENCE;
    if (!same_block && fd == md->devfence)
        return SCORD_DET_RACE_DEV_FENCE;
    /* C6 Table IV (e), (f): lockset, scope-aware */
    uint16_t half = same_block ? 0x00FFu : 0xFF00u;
    int common = (md->bloom & ev->bloom & half) != 0;
    if (!is_at && (md->bloom | ev->bloom) != 0 && !common)
        return is_ld ? SCORD_DET_RACE_LOCK_LOAD : SCORD_DET_RACE_LOCK_STORE;
    if (common)
        return 0;
    /* C7 the acquire side, across blocks: the producer fenced since its
     * access (C5); the pair is ordered when a warp of the current block
     * made a device fence after the previous access too (the block's
     * acquire stamp is past the epoch the entry keeps: fence and flag on
     * both sides; the block's warps share the L1 the fence dropped, and a
     * barrier or a block-scope flag passes the acquire on). An entry
     * written once the epoch had saturated cannot tell: taken as ordered. */
    if (!same_block) {
        uint16_t acq = m->ff_acq[B];
        if (acq > md->epoch)
            return 0;
        int racy = (is_ld && !ev->strong) || !(md->strong && ev->strong);
        if (md->epoch == SCORD_DET_EPOCH_MAX) {
            *sat = racy;
            return 0;
        }
        /* a weak load without the reader's acquire fence may hit a line
         * its L1 filled before the write reached the L2 */
        if (is_ld && !ev->strong)
            return SCORD_DET_RACE_STALE_READ;
    }
    /* Table IV (c): fence-ordered pairs must both be strong */
    if (!(md->strong && ev->strong))
        return SCORD_DET_RACE_NOT_STRONG;
    return 0;
}

static void access(scord_ref_t *m, const scord_event_t *ev)
{
    int is_ld = ev->kind == SCORD_DET_EV_LOAD;
    uint64_t mdb = md_bytes_of(m->mode, m->track_bytes);
    uint64_t ring_len = (uint64_t)m->ring_size * REC_BYTES;

    m->cnt[SCORD_DET_CNT_ACCESSES]++;
    /* A1 a kernel writing the detector's own memory: report, never trust */
    if (!is_ld && (in_region(ev->addr, m->md_base, mdb) || in_region(ev->addr, m->ring_base, ring_len))) {
        m->intrusion = 1;
        report(m, ev, SCORD_DET_RACE_INTRUSION, 0, NULL, 0);
        return;
    }
    /* A2 outside the tracked window */
    if (!in_region(ev->addr, m->track_base, m->track_bytes)) {
        m->cnt[SCORD_DET_CNT_UNTRACKED]++;
        return;
    }
    /* A3 entry address and tag */
    uint32_t gidx = (ev->addr - m->track_base) >> gran_log2(m->mode);
    uint32_t index = gidx, tag = 0;
    if (cache_mode(m->mode)) {
        uint32_t entries = (uint32_t)(mdb / SCORD_DET_MD_ENTRY_BYTES);
        index = gidx & (entries - 1);
        tag = gidx / entries;
    }
    uint8_t *p = m->mem + m->md_base + (size_t)index * SCORD_DET_MD_ENTRY_BYTES;
    uint64_t raw[2];
    md_read(p, raw);
    m->cnt[SCORD_DET_CNT_MD_READS]++;

    /* A4 decode: other generation or other (5- or 6-bit) tag = fresh */
    scord_md_t md;
    scord_md_decode(raw, &md);
    int fresh = md.gen != m->gen;
    if (!fresh && cache_mode(m->mode) && md.tag != tag) {
        m->cnt[SCORD_DET_CNT_TAG_MISMATCH]++;
        fresh = 1;
    }
    if (fresh) {
        memset(&md, 0, sizeof md);
        md.modified = md.blkshared = md.devshared = 1;
        md.pcidx = (uint16_t)SCORD_DET_PCIDX_UNKNOWN;
        md.bytes = md.lbytes = 0xF;
    }
    /* Did an earlier lane of this line event update this granule's entry?
     * Then the entry is that lane's (a lane in between on a granule that
     * aliases it in cache mode would have left another tag: fresh). */
    int same_ev = 0;
    uint8_t ev_cls = 0;
    for (unsigned i = 0; i < m->le_n && !fresh; i++)
        if (m->le_gran[i] == gidx) {
            same_ev = 1;
            ev_cls = m->le_cls[i];
        }

    uint8_t B = ev->block & (BLOCK_IDS - 1), W = ev->warp & (WARP_IDS - 1), L = ev->lane & 31u;
    uint8_t bytes = scord_access_bytes(ev->addr, ev->size, gran_log2(m->mode));
    /* A5 Table III; (b) is now the same thread, not the same warp */
    int pa = md.modified && md.blkshared && md.devshared;
    int pb = md.warp == W && md.block == B && md.lane == L && !md.blkshared && !md.devshared;
    int pc = md.block == B && md.barrier != ev->barrier && !md.devshared;
    if (pa || pb || pc) {
        m->cnt[SCORD_DET_CNT_PRELIM_PASS]++;
    } else {
        int sat = 0;
        uint8_t type = check(m, ev, bytes, &md, &sat);
        if (sat)
            m->cnt[SCORD_DET_CNT_EPOCH_SAT]++;
        /* Lanes of one store writing the same value to one word: a race
         * under the programming model, harmless in effect (§8.2): reported
         * at severity warning. The entry is the event's own (its last lane
         * on the word, md.LANE), whose class the event told. */
        int warn = type == SCORD_DET_RACE_INTRA_WARP && same_ev && ev->kind == SCORD_DET_EV_STORE &&
                   ev_cls == (ev->vclass & 31u);
        if (warn)
            m->cnt[SCORD_DET_CNT_WARNINGS]++;
        if (type)
            report(m, ev, type, md.block != B, &md, warn);
    }

    /* A6 new entry (§5.3) */
    scord_md_t nw;
    memset(&nw, 0, sizeof nw);
    nw.gen = m->gen;
    nw.tag = (uint8_t)tag;
    nw.block = B;
    nw.warp = W;
    nw.devfence = m->ff_dev[B][W];
    nw.blkfence = m->ff_blk[B][W];
    nw.barrier = ev->barrier;
    nw.bloom = ev->bloom;
    nw.modified = !is_ld;
    if (is_ld && !fresh) {
        /* Bitwise OR: the public simulator's `==` here never set the flag. */
        nw.devshared = md.devshared | (md.block != B);
        nw.blkshared = md.blkshared | (md.block == B && md.warp != W);
    }
    nw.atom = ev->kind == SCORD_DET_EV_ATOMIC;
    nw.scope = nw.atom ? (ev->scope & 1u) : 0;
    nw.strong = ev->strong & 1u;
    nw.pcidx = scord_pc_index(ev->pc, m->pc_base);
    nw.lane = L;
    /* the lanes of one instruction on one word keep the bytes of all of
     * them (a later access of another warp to any of those bytes is
     * checked), and the last lane's own apart (for its own warp, C0) */
    nw.bytes = same_ev ? (uint8_t)(md.bytes | bytes) : bytes;
    nw.lbytes = bytes;
    nw.wsync = ev->wsync;
    nw.epoch = m->epoch;
    uint64_t nraw[2];
    scord_md_encode(&nw, nraw);
    if (nraw[0] != raw[0] || nraw[1] != raw[1]) {
        md_write(p, nraw);
        m->cnt[SCORD_DET_CNT_MD_WRITES]++;
    }
    unsigned i = 0;
    while (i < m->le_n && m->le_gran[i] != gidx)
        i++;
    if (i == m->le_n && m->le_n < 32)
        m->le_gran[m->le_n++] = gidx;
    if (i < m->le_n)
        m->le_cls[i] = ev->vclass & 31u;
}

/* One lane of the current line event. */
static void lane_event(scord_ref_t *m, const scord_event_t *raw_ev)
{
    if (!m->armed)
        return;
    /* The model sees exactly the bits the queue carries (§3.1), with the
     * two normalisations of §3.2: atomics are strong, only atomics and
     * fences have a scope. */
    uint32_t w[SCORD_EVENT_WORDS];
    scord_event_t e, *ev = &e;
    scord_event_pack(raw_ev, w);
    scord_event_unpack(w, &e);
    if (e.kind == SCORD_DET_EV_ATOMIC)
        e.strong = 1;
    if (e.kind == SCORD_DET_EV_LOAD || e.kind == SCORD_DET_EV_STORE)
        e.scope = 0;
    if (ev->kind != SCORD_DET_EV_SYNC)
        access(m, ev);
    else if (ev->size == SCORD_DET_SYNC_FENCE)
        fence(m, ev);
    else if (ev->size == SCORD_DET_SYNC_BARRIER)
        m->cnt[SCORD_DET_CNT_BARRIERS]++;
}

void scord_ref_event(scord_ref_t *m, const scord_event_t *ev)
{
    m->le_n = 0;  /* a line event of its own */
    lane_event(m, ev);
}

void scord_ref_line_event(scord_ref_t *m, const scord_line_event_t *le, unsigned line_bytes)
{
    m->le_n = 0;
    for (unsigned t = 0; t < 32; t++)
        if (le->mask >> t & 1u) {
            scord_event_t e;
            scord_line_event_lane(le, line_bytes, t, &e);
            lane_event(m, &e);
        }
}
