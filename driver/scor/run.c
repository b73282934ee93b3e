/* One workload under one detector configuration (a job of scord-scor):
 * the kernel's `scor:race` markers read, the detector configured, the
 * kernel or application run (a warm-up pass, then the measured one) with
 * the races of every launch drained and attributed to a marker or to a
 * false-positive line; then the result judged against the workload's
 * class. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "micro.h"
#include "scor.h"

#define MAX_IDS 32

struct markers {
    unsigned nlines;
    unsigned char *id_of_line; /* 0: none, else 1 + index into ids */
    unsigned nids;
    char ids[MAX_IDS][32];
};

static void markers_free(struct markers *m)
{
    free(m->id_of_line);
    memset(m, 0, sizeof *m);
}

static int markers_read(const char *path, struct markers *m, char *err, size_t errlen)
{
    memset(m, 0, sizeof *m);
    FILE *f = fopen(path, "r");
    if (!f) {
        scor_fmt_to(err, errlen, "cannot read %s: %s", path, strerror(errno));
        return -1;
    }
    char line[1024];
    unsigned cap = 0, n = 0;
    while (fgets(line, sizeof line, f)) {
        n++;
        if (n >= cap) {
            unsigned nc = cap ? 2 * cap : 256;
            unsigned char *p = realloc(m->id_of_line, nc);
            if (!p) {
                fclose(f);
                snprintf(err, errlen, "out of memory");
                return -1;
            }
            memset(p + cap, 0, nc - cap);
            m->id_of_line = p;
            cap = nc;
        }
        const char *s = strstr(line, "scor:race");
        if (!s)
            continue;
        s += 9;
        while (*s == ' ' || *s == '\t')
            s++;
        char id[32];
        size_t k = 0;
        while ((isalnum((unsigned char)*s) || *s == '_' || *s == '-' || *s == '.') && k + 1 < sizeof id)
            id[k++] = *s++;
        id[k] = 0;
        if (!k) {
            fclose(f);
            scor_fmt_to(err, errlen, "%s:%u: `scor:race` without an ID", path, n);
            return -1;
        }
        unsigned i;
        for (i = 0; i < m->nids && strcmp(m->ids[i], id); i++)
            ;
        if (i == m->nids) {
            if (m->nids == MAX_IDS) {
                fclose(f);
                scor_fmt_to(err, errlen, "%s: more than %d marker IDs", path, MAX_IDS);
                return -1;
            }
            memcpy(m->ids[m->nids++], id, k + 1);
        }
        m->id_of_line[n] = (unsigned char)(i + 1);
    }
    fclose(f);
    m->nlines = n;
    return 0;
}

/* ---- running ----------------------------------------------------------------- */

struct runner {
    scord_device *dev;
    struct scord_info info;
    const struct work *w;
    const struct config *cfg;
    struct markers mk;
    struct result *res;
    scord_kernel *kernel;
    struct scord_race *races;
    bool record; /* false during the warm-up run */
    FILE *vout;  /* -v: the race reports go here */
};

static bool ends_with(const char *s, const char *suffix)
{
    size_t a = strlen(s), b = strlen(suffix);
    return a >= b && !strcmp(s + a - b, suffix) && (a == b || s[a - b - 1] == '/');
}

/* Attribute one race record to a marker ID or a false-positive line. */
static void attribute(struct runner *r, const struct scord_race *race)
{
    struct result *res = r->res;
    struct scord_srcloc loc;
    const char *file = "??";
    unsigned line = 0;
    /* A host-device race's only kernel access is the kernel's in the
     * record's previous fields (docs/detector.md §15). */
    uint32_t pc = race->type == SCORD_RACE_HOST_DEVICE ? race->prev_pc : race->pc;
    if ((race->type != SCORD_RACE_HOST_DEVICE || race->prev_known) &&
        scord_kernel_addr2line(r->kernel, pc, &loc) == 0) {
        file = loc.inlined ? loc.call_file : loc.file;
        line = loc.inlined ? loc.call_line : loc.line;
    }
    char src[160];
    snprintf(src, sizeof src, "%s/kernel.c", r->w->dir);
    bool marked = file && ends_with(file, src) && line < r->mk.nlines + 1 && line &&
                  r->mk.id_of_line[line] && !(r->w->app && !r->w->racey);
    if (race->warning) {
        /* lanes of one store writing one value: apart (docs/detector.md §8.2) */
        res->warnings++;
        if (marked)
            res->warn_mask |= 1u << (r->mk.id_of_line[line] - 1u);
        return;
    }
    res->records++;
    res->occurrences += race->count;
    if (marked) {
        unsigned id = r->mk.id_of_line[line] - 1u;
        res->found_mask |= 1u << id;
        res->marked_types |= 1u << race->type;
        return;
    }
    char where[96];
    const char *base = file ? strrchr(file, '/') : NULL;
    snprintf(where, sizeof where, "%s:%u", base ? base + 1 : (file ? file : "??"), line);
    if (line == 0)
        snprintf(where, sizeof where, "pc 0x%08x", (unsigned)pc);
    for (unsigned i = 0; i < res->fp && i < MAX_FP; i++)
        if (!strcmp(res->fp_where[i], where))
            return;
    if (res->fp < MAX_FP)
        memcpy(res->fp_where[res->fp], where, sizeof where);
    res->fp++;
}

static int drain(struct runner *r, char *msg, size_t len)
{
    for (;;) {
        size_t n = 0;
        struct scord_ring_info info;
        int err = scord_ring_drain(r->dev, r->races, scor_opt.ring, &n, &info);
        if (err) {
            snprintf(msg, len, "scord_ring_drain: %s", scord_strerror(err));
            return -1;
        }
        if (r->record) {
            /* DET_RING_DROPS is the device's total: count it once. */
            if (!info.remaining)
                r->res->drops += info.drops;
            for (size_t i = 0; i < n; i++) {
                attribute(r, &r->races[i]);
                if (scor_opt.verbose) {
                    char buf[2048];
                    if (scord_race_format(r->kernel, &r->races[i], buf, sizeof buf) >= 0)
                        fputs(buf, r->vout);
                }
            }
        }
        if (info.invalid) {
            snprintf(msg, len, "%u malformed race records", (unsigned)info.invalid);
            return -1;
        }
        if (!info.remaining)
            return 0;
    }
}

static int launch_cb(struct scor_ctx *ctx, struct scord_dim3 grid, struct scord_dim3 block,
                     const void *args, size_t args_size)
{
    struct runner *r = ctx->runner;
    int err = scord_launch(r->dev, r->kernel, grid, block, args, args_size);
    if (err) {
        const char *d = scord_last_error_detail(r->dev);
        snprintf(ctx->msg, sizeof ctx->msg, "launch: %s%s%s", scord_strerror(err), *d ? ": " : "",
                 d);
        return -1;
    }
    /* The host's work while the kernel runs; the wait comes either way. */
    int during = ctx->during ? ctx->during(ctx) : 0;
    err = scord_wait(r->dev, scor_opt.timeout_ms);
    if (during)
        return -1;
    if (err == SCORD_ERR_KERNEL_FAULT) {
        struct scord_fault f;
        scord_get_fault(r->dev, &f);
        snprintf(ctx->msg, sizeof ctx->msg, "kernel fault: %s at pc 0x%08x addr 0x%08x",
                 scord_fault_name(f.cause), (unsigned)f.pc, (unsigned)f.addr);
        return -1;
    }
    if (err) {
        const char *d = scord_last_error_detail(r->dev);
        snprintf(ctx->msg, sizeof ctx->msg, "wait: %s%s%s", scord_strerror(err), *d ? ": " : "",
                 d);
        return -1;
    }
    if (r->cfg->enable && drain(r, ctx->msg, sizeof ctx->msg))
        return -1;
    if (!r->record)
        return 0;
    struct scord_counters c;
    if (scord_read_counters(r->dev, &c) == 0) {
        r->res->cycles += c.cycles;
        r->res->dram += (uint64_t)c.mem_reads + c.mem_writes;
        r->res->l2 += (uint64_t)c.l2_hits + c.l2_misses;
        /* The detector's own L2 requests: metadata lines (its metadata
         * cache's fills and write-backs, the sweep) and ring records. */
        r->res->det_l2 += c.l2_det;
    }
    if (r->cfg->enable) {
        struct scord_detector_counters dc;
        if (scord_read_detector_counters(r->dev, &dc) == 0) {
            r->res->md_reads += dc.md_reads;
            r->res->md_writes += dc.md_writes;
            r->res->tag_mismatch += dc.tag_mismatch;
        }
    }
    r->res->launches++;
    return 0;
}

/* A manifest kernel: four zeroed buffers, 256-byte aligned (the lock-table
 * kernels rely on the low address bits of their lock words), one launch. */
static int run_micro(struct scor_ctx *ctx)
{
    struct runner *r = ctx->runner;
    struct micro_args a;
    uint32_t *ptrs[4] = {&a.data, &a.flag, &a.lock, &a.out};
    memset(&a, 0, sizeof a);
    for (int i = 0; i < 4; i++) {
        scord_addr p;
        int err = scord_malloc(r->dev, 2 * MICRO_WORDS * 4, &p);
        if (!err)
            err = scord_memset(r->dev, p, 0, 2 * MICRO_WORDS * 4);
        if (err) {
            snprintf(ctx->msg, sizeof ctx->msg, "device memory: %s", scord_strerror(err));
            return -1;
        }
        *ptrs[i] = (p + 255u) & ~255u;
    }
    a.layout = r->w->k->layout;
    unsigned ws = r->info.threads;
    struct scord_dim3 grid = {1, 1, 1}, block = {1, 1, 1};
    switch (a.layout) {
    case MICRO_2B: grid.x = 2; break;
    case MICRO_2W: block.x = 2 * ws; break;
    case MICRO_2B2W: grid.x = 2; block.x = 2 * ws; break;
    default: block.x = ws; break;
    }
    return ctx->launch(ctx, grid, block, &a, sizeof a);
}

/* A kernel of the beyond group: its manifest row's shape and check. */
static int run_beyond(struct scor_ctx *ctx)
{
    struct runner *r = ctx->runner;
    const struct kdef *k = r->w->k;
    const struct beyond_kernel bk = {k->name, k->gx, k->gy, k->bx, k->by, k->n, k->check,
                                     SCOR_HAS_ERRORS(k->cls)};
    return beyond_run(ctx, &bk, r->record && scor_opt.verbose ? r->vout : NULL);
}

int scor_run_one(scord_device *dev, const struct work *w, const struct config *cfg,
                 struct result *res, FILE *vout)
{
    memset(res, 0, sizeof *res);
    res->ran = true;
    struct runner r = {.dev = dev, .w = w, .cfg = cfg, .res = res, .vout = vout};
    int rc = -1;
    char path[512];
    snprintf(path, sizeof path, "%s/%s/kernel.c", scor_opt.root, w->dir);
    if (markers_read(path, &r.mk, res->error, sizeof res->error))
        return -1;
    res->expected = (w->app && !w->racey) ? 0 : r.mk.nids;
    r.races = calloc(scor_opt.ring, sizeof *r.races);
    if (!r.races) {
        snprintf(res->error, sizeof res->error, "out of host memory");
        goto out;
    }
    scord_get_info(dev, &r.info);
    /* Disarm first: the next launch arms and sweeps afresh (the warm-up
     * pass pays for it), so a generation wrap left over from the previous
     * workload cannot land in this one's measured pass. */
    struct scord_detector_config dc = {cfg->enable, cfg->cache, cfg->gran, scor_opt.ring};
    int err = scord_detector_configure(dev, NULL);
    if (!err)
        err = scord_detector_configure(dev, &dc);
    if (err) {
        snprintf(res->error, sizeof res->error, "detector configuration: %s: %s",
                 scord_strerror(err), scord_last_error_detail(dev));
        goto out;
    }
    snprintf(path, sizeof path, "%s/%s/%s", scor_opt.sw_dir, w->dir,
             w->app && w->racey ? "kernel_racey.elf" : "kernel.elf");
    scord_free_all(dev);
    err = scord_load_kernel(dev, path, &r.kernel);
    if (err) {
        scor_fmt_to(res->error, sizeof res->error, "%s: %s: %s", path, scord_strerror(err),
                    scord_last_error_detail(dev));
        goto out;
    }
    struct scor_ctx ctx = {.dev = dev,
                           .kernel = r.kernel,
                           .info = r.info,
                           .racey = w->app ? w->racey : 0,
                           .large = scor_opt.large,
                           .launch = launch_cb,
                           .runner = &r};
    for (int pass = scor_opt.warmup ? 0 : 1; pass < 2; pass++) {
        r.record = pass == 1;
        scord_free_all(dev);
        ctx.msg[0] = 0;
        int ok = w->app ? w->app->run(&ctx) : w->k->klass ? run_beyond(&ctx) : run_micro(&ctx);
        if (ok) {
            snprintf(res->error, sizeof res->error, "%s", ctx.msg[0] ? ctx.msg : "run failed");
            goto out;
        }
    }
    for (unsigned i = 0; i < r.mk.nids; i++) {
        res->found += (res->found_mask >> i) & 1u;
        res->warn_found += (res->warn_mask >> i) & 1u;
    }
    if (w->app && !w->racey)
        res->found = 0;
    rc = 0;
out:
    scord_free_all(dev);
    if (r.kernel)
        scord_kernel_free(r.kernel);
    free(r.races);
    markers_free(&r.mk);
    return rc;
}

/* ---- checking ----------------------------------------------------------------- */

/* NULL if the result is what the workload's class promises, else why not. */
const char *scor_verdict(const struct work *w, const struct config *cfg, const struct result *res,
                         char *buf, size_t len)
{
    if (res->error[0])
        return res->error;
    if (res->drops) {
        snprintf(buf, len, "%u race occurrences dropped (ring full): attribution incomplete",
                 res->drops);
        return buf;
    }
    if (!cfg->enable)
        return res->records ? "races reported with the detector off" : NULL;
    unsigned cls = w->k ? w->k->cls : (w->racey ? SCOR_RACY : SCOR_FREE);
    char fps[400] = "";
    for (unsigned i = 0; i < res->fp && i < MAX_FP; i++) {
        size_t n = strlen(fps);
        snprintf(fps + n, sizeof fps - n, "%s%s", i ? ", " : "", res->fp_where[i]);
    }
    if (cls == SCOR_WARN) {
        if (res->records) {
            snprintf(buf, len, "%u race report%s of severity error on same-value stores (%s%s)",
                     res->records, res->records == 1 ? "" : "s", res->found ? "marked lines " : "",
                     res->fp ? fps : "");
            return buf;
        }
        if (res->warn_found != res->expected) {
            snprintf(buf, len, "warned at %u of %u marked races", res->warn_found, res->expected);
            return buf;
        }
        return NULL;
    }
    if (cls == SCOR_FREE || cls == SCOR_LIMIT_FN) {
        if (res->records) {
            snprintf(buf, len, "%u race report%s on race-free code (%s%s)", res->records,
                     res->records == 1 ? "" : "s", res->found ? "marked lines " : "",
                     res->fp ? fps : "");
            return buf;
        }
        return NULL;
    }
    if (w->app) { /* RACEY application: at least one race at the marked lines */
        if (!res->found) {
            snprintf(buf, len, "none of the %u marked races reported", res->expected);
            return buf;
        }
        return NULL;
    }
    if (res->found != res->expected) {
        snprintf(buf, len, "found %u of %u marked races", res->found, res->expected);
        return buf;
    }
    if (res->fp) {
        snprintf(buf, len, "%u false positive line%s: %s", res->fp, res->fp == 1 ? "" : "s", fps);
        return buf;
    }
    if (w->k->types && !(res->marked_types & w->k->types)) {
        snprintf(buf, len, "reported, but with none of the expected race types");
        return buf;
    }
    return NULL;
}
