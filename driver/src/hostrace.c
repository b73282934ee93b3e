/* libscord host-device races (docs/detector.md §15): the host's copies
 * and memsets made while a launched kernel had not been waited for are
 * logged; when the kernel is over, the detector's metadata tells which
 * granules of their ranges the kernel accessed (an entry of the kernel's
 * generation, with the tag of the granule in cache mode) and how (the
 * last access's kind, bytes and PC index). A host write that touches
 * bytes the kernel accessed, or a host read of bytes the kernel wrote, is
 * a HOST_DEVICE race: one 32-byte record per (host call, kernel
 * instruction), queued here until the ring drain takes it, decoded by
 * record.c like the detector's own, so every report path prints it.
 *
 * Why after the kernel and from the metadata: on the cycle model the
 * kernel has not run a cycle when a copy made between scord_launch and
 * scord_wait lands, and on the board it runs on while the copy goes
 * over the link; either way every access the kernel makes, before the
 * copy or after it, is in the metadata at the end, and nothing of this
 * costs a cycle to a program that copies only while no kernel runs. */
#define _POSIX_C_SOURCE 200809L /* getpid */
#include "scord_int.h"

#include <elfutils/libdwfl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

/* Distinct calls kept for one kernel; later ones are not checked. Enough
 * for any program that does not copy in a loop while its kernel runs. */
#define LOG_MAX (1u << 20)
/* Host-device records waiting for the drain; later ones are counted as
 * dropped, as a full ring drops the detector's. */
#define QUEUE_MAX 65536u
/* Metadata entries read in one go. */
#define CHUNK 1024u
/* The detector's flush of a metadata cache of MD_LINES lines: polls of
 * DET_STATUS, each after this many cycles; the bound is far above any
 * cache's write-back (a line every few cycles). */
#define FLUSH_STEP 256u
#define FLUSH_POLLS 4096u

struct scord_hostcall {
    uint32_t call;        /* SCORD_HOST_* */
    uint32_t addr, bytes; /* device range, bytes >= 1 */
    uint32_t seq;         /* the call's number since the launch, from 1 */
    uint64_t site;        /* its return address in the host program */
};

struct scord_hostrec {
    unsigned char raw[SCORD_DET_REC_BYTES];
    uint32_t pc_base; /* DET_PC_BASE of the kernel: its previous PC */
    uint64_t site;
    uint32_t offset, line;
    char function[64];
    char file[256];
};

static bool call_writes(uint32_t call) { return call != SCORD_HOST_MEMCPY_DTOH; }

void scord_host_launch(scord_device *dev, bool armed)
{
    dev->hlog_len = 0;
    dev->hcalls = 0;
    dev->hlog_lost = 0;
    dev->host_races = 0;
    dev->hq_drops = 0;
    dev->hlive = armed;
}

void scord_host_free(scord_device *dev)
{
    free(dev->hlog);
    free(dev->hq);
    dev->hlog = NULL;
    dev->hq = NULL;
    dev->hlog_len = dev->hlog_cap = dev->hq_len = dev->hq_cap = 0;
}

static bool overlaps(uint64_t a, uint64_t n, uint64_t b, uint64_t m)
{
    return n && m && a < b + m && b < a + n;
}

int scord_host_note(scord_device *dev, uint32_t call, uint32_t addr, size_t n, uint64_t site)
{
    if (!dev->hlive || !n)
        return 0;
    /* The check reads the metadata the kernel leaves, and the ring holds
     * the detector's records: a host write into either while the kernel
     * runs would make both wrong. */
    if (call_writes(call) && dev->det_armed) {
        uint64_t ring = (uint64_t)dev->det_cfg.ring_records * SCORD_DET_REC_BYTES;
        if (overlaps(addr, n, dev->det_md_base, dev->det_md_bytes) ||
            overlaps(addr, n, dev->det_ring_base, ring))
            return scord_fail(dev, SCORD_ERR_RANGE,
                              "%s of [0x%08x, +%zu bytes) while a kernel runs reaches the race "
                              "detector's metadata [0x%08x, +%u) or ring [0x%08x, +%llu): "
                              "call scord_wait first",
                              scord_host_call_name(call), (unsigned)addr, n,
                              (unsigned)dev->det_md_base, (unsigned)dev->det_md_bytes,
                              (unsigned)dev->det_ring_base, (unsigned long long)ring);
    }
    uint32_t seq = ++dev->hcalls;
    /* The same call again from the same place (a loop polling a word):
     * one entry stands for all. */
    if (dev->hlog_len) {
        const struct scord_hostcall *l = &dev->hlog[dev->hlog_len - 1];
        if (l->call == call && l->addr == addr && l->bytes == n && l->site == site)
            return 0;
    }
    if (dev->hlog_len == dev->hlog_cap) {
        uint32_t cap = dev->hlog_cap ? 2 * dev->hlog_cap : 16;
        struct scord_hostcall *g;
        if (dev->hlog_cap >= LOG_MAX || !(g = realloc(dev->hlog, (size_t)cap * sizeof *g))) {
            dev->hlog_lost++;
            return 0;
        }
        dev->hlog = g;
        dev->hlog_cap = cap;
    }
    dev->hlog[dev->hlog_len++] = (struct scord_hostcall){call, addr, (uint32_t)n, seq, site};
    return 0;
}

/* ---- the host program's call sites ----------------------------------------- */

/* Function and source line of a return address in this process, from the
 * program's symbol table and DWARF (libdwfl over /proc/self/maps); what
 * is not found stays empty. */
static void resolve_sites(struct scord_hostrec *recs, size_t n)
{
    static char *debuginfo_path = NULL;
    static const Dwfl_Callbacks cb = {
        .find_elf = dwfl_linux_proc_find_elf,
        .find_debuginfo = dwfl_standard_find_debuginfo,
        .debuginfo_path = &debuginfo_path,
    };
    Dwfl *d = dwfl_begin(&cb);
    if (!d)
        return;
    if (dwfl_linux_proc_report(d, getpid()) != 0 || dwfl_report_end(d, NULL, NULL) != 0) {
        dwfl_end(d);
        return;
    }
    for (size_t i = 0; i < n; i++) {
        struct scord_hostrec *r = &recs[i];
        if (!r->site)
            continue;
        /* The call instruction ends just before the return address. */
        Dwarf_Addr pc = (Dwarf_Addr)r->site, in = pc - 1;
        Dwfl_Module *m = dwfl_addrmodule(d, in);
        if (!m)
            continue;
        GElf_Off off = 0;
        GElf_Sym sym;
        const char *fn = dwfl_module_addrinfo(m, in, &off, &sym, NULL, NULL, NULL);
        if (fn) {
            snprintf(r->function, sizeof r->function, "%s", fn);
            r->offset = (uint32_t)(off + 1);
        }
        Dwfl_Line *l = dwfl_module_getsrc(m, in);
        int line = 0;
        const char *file = l ? dwfl_lineinfo(l, NULL, &line, NULL, NULL, NULL) : NULL;
        if (file && line > 0) {
            snprintf(r->file, sizeof r->file, "%s", file);
            r->line = (uint32_t)line;
        }
    }
    dwfl_end(d);
}

/* ---- the check ------------------------------------------------------------ */

/* The metadata's layout as armed (docs/detector.md §5.2, §7.1). */
struct layout {
    uint32_t gen, track_base, track_bytes, md_base, pc_base;
    unsigned g;   /* log2 of the granule */
    uint32_t per; /* granules per entry: 1 full, 32 cache, 64 sparse cache */
    uint32_t n;   /* entries */
};

struct entry {
    bool live; /* of the kernel's generation and, in cache mode, this granule's tag */
    uint32_t block, warp, lane, pcidx, bytes;
    bool modified, atomic, scope, strong;
};

static uint64_t le64(const unsigned char *p)
{
    uint64_t v = 0;
    for (int i = 7; i >= 0; i--)
        v = v << 8 | p[i];
    return v;
}

static uint32_t field(uint64_t lo, uint64_t hi, unsigned lsb, unsigned width)
{
    uint64_t w = lsb >= 64 ? hi >> (lsb - 64) : lo >> lsb;
    return (uint32_t)(w & ((1ull << width) - 1));
}

static struct entry decode_entry(const unsigned char *raw, const struct layout *ly, uint32_t tag)
{
    uint64_t lo = le64(raw), hi = le64(raw + 8);
    struct entry e;
    memset(&e, 0, sizeof e);
    uint32_t t = field(lo, hi, SCORD_DET_MD_TAG_LSB, 4) |
                 field(lo, hi, SCORD_DET_MD_TAG4_LSB, 1) << 4 |
                 field(lo, hi, SCORD_DET_MD_TAG5_LSB, 1) << 5;
    e.live = field(lo, hi, SCORD_DET_MD_GEN_LSB, 6) == ly->gen && t == tag;
    e.block = field(lo, hi, SCORD_DET_MD_BLOCK_LSB, SCORD_DET_BLOCK_BITS);
    e.warp = field(lo, hi, SCORD_DET_MD_WARP_LSB, SCORD_DET_WARP_BITS);
    e.lane = field(lo, hi, SCORD_DET_MD_LANE_LSB, 5);
    e.pcidx = field(lo, hi, SCORD_DET_MD_PCIDX_LSB, 16);
    e.bytes = field(lo, hi, SCORD_DET_MD_BYTES_LSB, 4);
    e.modified = field(lo, hi, SCORD_DET_MD_MODIFIED_LSB, 1);
    e.atomic = field(lo, hi, SCORD_DET_MD_ATOM_LSB, 1);
    e.scope = field(lo, hi, SCORD_DET_MD_SCOPE_LSB, 1);
    e.strong = field(lo, hi, SCORD_DET_MD_STRONG_LSB, 1);
    return e;
}

/* Write the metadata cache back (DET_CTRL.flush, armed bit kept) and wait
 * until the detector is idle and the L2 has passed the last line on. */
static int flush_metadata(scord_device *dev)
{
    int rc = scord_regs_write(dev, SCORD_DET_CTRL, SCORD_DET_CTRL_ENABLE | SCORD_DET_CTRL_FLUSH);
    for (unsigned k = 0; !rc; k++) {
        uint32_t st;
        if ((rc = scord_regs_read(dev, SCORD_DET_STATUS, &st)))
            break;
        if (!(st & SCORD_DET_STATUS_BUSY))
            return dev->be->advance(dev->ctx, dev->be->settle_cycles(dev->ctx));
        if (k == FLUSH_POLLS)
            return scord_fail(dev, SCORD_ERR_IO,
                              "the race detector did not write its metadata back (DET_STATUS "
                              "0x%08x)",
                              (unsigned)st);
        rc = dev->be->advance(dev->ctx, FLUSH_STEP);
    }
    return rc;
}

/* Entries of granules g .. g+k-1 into buf (16 bytes each); k <= the
 * entries, so the indexes wrap at most once. */
static int read_entries(scord_device *dev, const struct layout *ly, uint64_t g, uint32_t k,
                        unsigned char *buf)
{
    uint32_t first = (uint32_t)(g % ly->n);
    uint32_t run = ly->n - first < k ? ly->n - first : k;
    int rc = dev->be->mem_read(dev->ctx, ly->md_base + first * SCORD_DET_MD_ENTRY_BYTES, buf,
                               (size_t)run * SCORD_DET_MD_ENTRY_BYTES);
    if (!rc && run < k)
        rc = dev->be->mem_read(dev->ctx, ly->md_base, buf + (size_t)run * SCORD_DET_MD_ENTRY_BYTES,
                               (size_t)(k - run) * SCORD_DET_MD_ENTRY_BYTES);
    return rc ? scord_fail(dev, rc, "reading the race detector's metadata failed") : 0;
}

static void put32(unsigned char *p, uint32_t v)
{
    for (int i = 0; i < 4; i++)
        p[i] = (unsigned char)(v >> (8 * i));
}

/* The records of one call, keyed by the kernel's PC index. */
struct found {
    struct scord_hostrec *recs;
    size_t len, cap;
    int32_t *slot; /* 65536 PC indexes -> record, -1 none */
};

static void queue_record(scord_device *dev, const struct scord_hostrec *r, uint32_t count)
{
    if (dev->hq_len == dev->hq_cap) {
        uint32_t cap = dev->hq_cap ? 2 * dev->hq_cap : 16;
        struct scord_hostrec *q;
        if (dev->hq_cap >= QUEUE_MAX || !(q = realloc(dev->hq, (size_t)cap * sizeof *q))) {
            uint64_t d = (uint64_t)dev->hq_drops + count;
            dev->hq_drops = d > UINT32_MAX ? UINT32_MAX : (uint32_t)d;
            return;
        }
        dev->hq = q;
        dev->hq_cap = cap;
    }
    dev->hq[dev->hq_len++] = *r;
}

/* A granule in conflict: add it to the call's record for the kernel
 * instruction, or start that record. */
static int add_conflict(struct found *f, const struct scord_hostcall *c, const struct layout *ly,
                        const struct entry *e, uint32_t first_byte)
{
    int32_t s = f->slot[e->pcidx];
    if (s >= 0) {
        unsigned char *w6 = f->recs[s].raw + 24;
        uint32_t n = (uint32_t)w6[0] | (uint32_t)w6[1] << 8 | (uint32_t)w6[2] << 16 |
                     (uint32_t)w6[3] << 24;
        put32(w6, n == UINT32_MAX ? n : n + 1);
        return 0;
    }
    if (f->len == f->cap) {
        size_t cap = f->cap ? 2 * f->cap : 8;
        struct scord_hostrec *g = realloc(f->recs, cap * sizeof *g);
        if (!g)
            return SCORD_ERR_NO_MEM;
        f->recs = g;
        f->cap = cap;
    }
    struct scord_hostrec *r = &f->recs[f->len];
    memset(r, 0, sizeof *r);
    bool known = e->pcidx != SCORD_DET_PCIDX_UNKNOWN;
    uint32_t kind = call_writes(c->call) ? SCORD_ACCESS_STORE : SCORD_ACCESS_LOAD;
    put32(r->raw, SCORD_RACE_HOST_DEVICE | kind << 9 | (uint32_t)e->modified << 13 |
                      (uint32_t)e->atomic << 14 | (uint32_t)e->scope << 15 |
                      (uint32_t)e->strong << 16 | (uint32_t)known << 19 | e->lane << 21);
    put32(r->raw + 4, c->call);
    put32(r->raw + 8, first_byte);
    put32(r->raw + 12, c->addr);
    put32(r->raw + 16, c->bytes);
    put32(r->raw + 20, e->block | e->warp << 8 | e->pcidx << 16);
    put32(r->raw + 24, 1);
    put32(r->raw + 28, c->seq);
    r->pc_base = ly->pc_base;
    r->site = c->site;
    f->slot[e->pcidx] = (int32_t)f->len++;
    return 0;
}

/* One logged call against the metadata of its range inside the window. */
static int check_call(scord_device *dev, const struct layout *ly, const struct scord_hostcall *c,
                      struct found *f, unsigned char *buf)
{
    uint64_t lo = c->addr, hi = (uint64_t)c->addr + c->bytes;
    uint64_t wlo = ly->track_base, whi = (uint64_t)ly->track_base + ly->track_bytes;
    if (lo < wlo)
        lo = wlo;
    if (hi > whi)
        hi = whi;
    if (lo >= hi)
        return 0; /* outside the window: the detector knows nothing there */
    uint64_t g0 = (lo - wlo) >> ly->g, g1 = (hi - 1 - wlo) >> ly->g;
    uint32_t chunk = CHUNK < ly->n ? CHUNK : ly->n;
    bool writes = call_writes(c->call);
    for (uint64_t g = g0; g <= g1; g += chunk) {
        uint32_t k = g1 - g + 1 < chunk ? (uint32_t)(g1 - g + 1) : chunk;
        int rc = read_entries(dev, ly, g, k, buf);
        if (rc)
            return rc;
        for (uint32_t i = 0; i < k; i++) {
            uint64_t gi = g + i;
            struct entry e = decode_entry(buf + (size_t)i * SCORD_DET_MD_ENTRY_BYTES, ly,
                                          (uint32_t)(gi / ly->n));
            if (!e.live || (!writes && !e.modified))
                continue;
            uint64_t gs = wlo + (gi << ly->g), ge = gs + (1ull << ly->g);
            uint64_t a = lo > gs ? lo : gs, b = hi < ge ? hi : ge;
            uint32_t first = (uint32_t)a;
            if (ly->g == 2) {
                /* Byte precision (§6.3 C0): the bytes of the kernel's last
                 * access against the call's bytes of the word. */
                uint32_t mask = (((1u << (b - a)) - 1u) << (a - gs)) & e.bytes;
                if (!mask)
                    continue;
                unsigned off = 0;
                while (!(mask >> off & 1u))
                    off++;
                first = (uint32_t)gs + off;
            }
            if ((rc = add_conflict(f, c, ly, &e, first)))
                return rc;
        }
    }
    return 0;
}

int scord_host_check(scord_device *dev)
{
    if (!dev->hlive)
        return 0;
    dev->hlive = false;
    uint32_t ncalls = dev->hlog_len;
    dev->hlog_len = 0;
    if (!ncalls)
        return 0;
    /* DET_STATUS .. DET_PC_BASE */
    uint32_t v[SCORD_DET_PC_BASE - SCORD_DET_STATUS + 1];
    int rc = scord_regs_read_n(dev, SCORD_DET_STATUS, sizeof v / sizeof v[0], v);
    if (rc)
        return rc;
#define DET_V(reg) v[SCORD_##reg - SCORD_DET_STATUS]
    uint32_t st = DET_V(DET_STATUS), mode = DET_V(DET_MODE);
    struct layout ly = {.gen = DET_V(DET_GEN), .track_base = DET_V(DET_TRACK_BASE),
                        .track_bytes = DET_V(DET_TRACK_BYTES), .md_base = DET_V(DET_MD_BASE),
                        .pc_base = DET_V(DET_PC_BASE)};
#undef DET_V
    /* Disarmed meanwhile, never started, or the kernel wrote into the
     * metadata (an INTRUSION record says so): nothing to read. */
    if (!(st & SCORD_DET_STATUS_ARMED) || (st & SCORD_DET_STATUS_INTRUSION) || ly.gen == 0 ||
        (mode >> 1 & 3u) == 3u)
        return 0;
    ly.g = 2 + (mode >> 1 & 3u);
    ly.per = !(mode & 1u)                    ? 1u
             : (mode & SCORD_DET_MODE_SPARSE) ? SCORD_DET_SPARSE_GRANULES
                                               : SCORD_DET_CACHE_GRANULES;
    ly.n = (ly.track_bytes >> ly.g) / ly.per;
    if (!ly.n)
        return 0;
    if ((rc = flush_metadata(dev)))
        return rc;

    struct found f = {NULL, 0, 0, malloc(65536 * sizeof(int32_t))};
    unsigned char *buf = malloc((size_t)CHUNK * SCORD_DET_MD_ENTRY_BYTES);
    if (!f.slot || !buf) {
        free(f.slot);
        free(buf);
        return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    }
    memset(f.slot, 0xff, 65536 * sizeof(int32_t));
    size_t first_new = dev->hq_len;
    for (uint32_t i = 0; i < ncalls && !rc; i++) {
        f.len = 0;
        rc = check_call(dev, &ly, &dev->hlog[i], &f, buf);
        for (size_t j = 0; j < f.len; j++) {
            const unsigned char *w5 = f.recs[j].raw + 20, *w6 = f.recs[j].raw + 24;
            uint32_t pcidx = (uint32_t)w5[2] | (uint32_t)w5[3] << 8;
            uint32_t count = (uint32_t)w6[0] | (uint32_t)w6[1] << 8 | (uint32_t)w6[2] << 16 |
                             (uint32_t)w6[3] << 24;
            f.slot[pcidx] = -1;
            uint64_t t = (uint64_t)dev->host_races + count;
            dev->host_races = t > UINT32_MAX ? UINT32_MAX : (uint32_t)t;
            queue_record(dev, &f.recs[j], count);
        }
    }
    free(f.recs);
    free(f.slot);
    free(buf);
    if (rc == SCORD_ERR_NO_MEM)
        return scord_fail(dev, rc, "out of host memory");
    if (dev->hq_len > first_new)
        resolve_sites(dev->hq + first_new, dev->hq_len - first_new);
    return rc;
}

/* ---- the queue ---------------------------------------------------------------- */

uint32_t scord_host_queued(const scord_device *dev) { return dev->hq_len; }

uint32_t scord_host_drops(const scord_device *dev) { return dev->hq_drops; }

uint32_t scord_host_races(const scord_device *dev) { return dev->host_races; }

size_t scord_host_take(scord_device *dev, struct scord_race *races, size_t max, uint32_t *invalid)
{
    size_t k = max < dev->hq_len ? max : dev->hq_len, stored = 0;
    if (!k)
        return 0; /* nothing queued: hq may be NULL */
    for (size_t i = 0; i < k; i++) {
        const struct scord_hostrec *h = &dev->hq[i];
        struct scord_race *r = &races[stored];
        if (scord_race_decode_at(h->raw, h->pc_base, r) != 0) {
            (*invalid)++;
            continue;
        }
        r->host_pc = h->site;
        r->host_offset = h->offset;
        r->host_line = h->line;
        memcpy(r->host_function, h->function, sizeof r->host_function);
        memcpy(r->host_file, h->file, sizeof r->host_file);
        stored++;
    }
    memmove(dev->hq, dev->hq + k, (dev->hq_len - k) * sizeof *dev->hq);
    dev->hq_len -= (uint32_t)k;
    return stored;
}
