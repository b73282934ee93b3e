/* scord-scor: runs the ScoR suite (microbenchmarks, the detector's per-rule
 * kernels, the applications, the races beyond ScoRD's classes) under
 * chosen detector configurations and scores the race reports against the
 * `scor:race ID` markers of each kernel.c (sw/bench/micro/micro.h has the
 * convention).
 *
 *   scord-scor [options] [workload | micro | detector | beyond | apps ...]
 *
 * Per workload, build and configuration: expected unique races (distinct
 * marker IDs), found (IDs with a report at one of their lines), false
 * positives (distinct unmarked lines with a report), cycles and memory
 * counters. --check prints PASS/FAIL lines; --tables prints Table VI,
 * Fig 8/9 data, Table VII and the beyond group's table per class of race;
 * --json writes every result.
 * Exit: 0 ok, 1 a check failed or a run failed, 2 usage, 3 device error. */
#define _POSIX_C_SOURCE 200809L
#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "beyond.h"
#include "micro.h"
#include "pool.h"
#include "scor.h"

/* ---- workloads -------------------------------------------------------- */

struct kdef {
    const char *group, *name;
    unsigned layout, cls, types;
    const char *desc;
    /* The beyond group (beyond.def): the class of race ("shared", ...),
     * NULL for the micro and detector kernels; shape, size and check. */
    const char *klass;
    unsigned gx, gy, bx, by, n, check;
};
#define SCOR_KERNEL(g, n, l, c, t, d) {#g, n, l, c, t, d, NULL, 0, 0, 0, 0, 0, 0},
#define SCOR_BEYOND(k, n, c, t, gx, gy, bx, by, sz, chk, d)                                   \
    {"beyond", n, 0, c, t, d, #k, gx, gy, bx, by, sz, chk},
static const struct kdef kdefs[] = {
#include "micro.def"
#include "beyond.def"
};
#undef SCOR_KERNEL
#undef SCOR_BEYOND
/* The classes of the beyond group, in its table's order. */
static const char *const beyond_classes[] = {"shared", "shared-warp", "intra-warp", "bytes",
                                             "scoped"};
#define NUM_BEYOND_CLASSES (sizeof beyond_classes / sizeof beyond_classes[0])
#define NUM_KDEFS (sizeof kdefs / sizeof kdefs[0])

/* One thing to run: a manifest kernel or one build of an application. */
struct work {
    const char *name, *group;
    const struct kdef *k;       /* NULL for an application */
    const struct scor_app *app; /* NULL for a kernel */
    int racey;                  /* app: RACEY build; kernel: class != FREE */
    char dir[128];              /* source folder, e.g. sw/bench/micro/x */
    bool selected;
};

/* ---- configurations ------------------------------------------------------ */

struct config {
    const char *name;
    int enable, cache;
    unsigned gran;
    bool on_request; /* not run when --configs is not given */
    /* when --configs is not given, not run on the applications' racey
     * builds: only Table VII reads the configuration (false positives of
     * the race-free builds) */
    bool fp_only;
};
static const struct config configs[] = {
    {"off", 0, 0, 4, false, false},     {"full", 1, 0, 4, false, false},
    {"full8", 1, 0, 8, false, true},    {"full16", 1, 0, 16, false, true},
    {"cache", 1, 1, 4, false, false},   {"sparse", 1, 2, 4, true, false},
};
#define NUM_CONFIGS (sizeof configs / sizeof configs[0])

/* ---- markers ------------------------------------------------------------- */

#define MAX_IDS 32
#define MAX_FP 64
struct markers {
    unsigned nlines;
    unsigned char *id_of_line; /* 0: none, else 1 + index into ids */
    unsigned nids;
    char ids[MAX_IDS][32];
};

/* ---- results --------------------------------------------------------------- */

struct result {
    bool ran;
    char error[300];
    unsigned expected, found, fp;
    uint32_t found_mask; /* bit per marker ID */
    unsigned marked_types;
    char fp_where[MAX_FP][96];
    unsigned records, drops;
    uint64_t occurrences;
    uint64_t cycles, dram, l2, det_l2, md_reads, md_writes, tag_mismatch, launches;
};

/* ---- options ------------------------------------------------------------- */

/* Where the suite's kernel builds and sources are: the tree's, unless an
 * installed runner was built with its data directory (driver/install.mk). */
#ifndef SCOR_SW_DIR
#define SCOR_SW_DIR "build/sw"
#endif
#ifndef SCOR_SRC_ROOT
#define SCOR_SRC_ROOT "."
#endif

static struct {
    const char *uri, *sw_dir, *root, *json, *data_dir;
    unsigned timeout_ms, ring;
    bool check, tables, progress, verbose, warmup, large;
    bool cfg_on[NUM_CONFIGS];
    bool cfg_default; /* no --configs: the configurations' defaults */
    unsigned jobs; /* worker processes; 0: the default */
} opt = {"sim", SCOR_SW_DIR, SCOR_SRC_ROOT, NULL, NULL, 600000, 1024, false, false, false, false, true,
         false, {false}, false, 0};

static const char *prog = "scord-scor";

static int usage(FILE *f, int rc)
{
    fprintf(f,
            "usage: %s [options] [workload|micro|detector|beyond|apps ...]\n"
            "  --device URI      device (default sim)\n"
            "  --sw-dir DIR      kernel builds (default " SCOR_SW_DIR ")\n"
            "  --src-root DIR    repository root, for the kernels' sources (default " SCOR_SRC_ROOT ")\n"
            "  --configs LIST    comma list of off,full,full8,full16,cache,sparse (default all\n"
            "                    but sparse; full8 and full16 then only on the race-free\n"
            "                    application builds, as Table VII needs)\n"
            "  --check           PASS/FAIL line per workload and configuration\n"
            "  --tables          Table VI, Fig 8/9 data, Table VII, the beyond table on stdout\n"
            "  --json FILE       every result as a JSON array\n"
            "  --data-dir DIR    write fig8.dat and fig9.dat (gnuplot) there\n"
            "  --progress        progress on stderr\n"
            "  --no-warmup       do not run each workload once before measuring\n"
            "  --large           the applications' larger inputs\n"
            "  --ring N          race ring records (default 1024)\n"
            "  --timeout MS      per launch, wall clock (default 600000)\n"
            "  -j, --jobs N      run N simulations at once in worker processes (default:\n"
            "                    the number of online CPUs; 1 with a device other than\n"
            "                    sim). Every result and line printed is the same as with -j1\n"
            "  --list            list the workloads and exit\n"
            "  -v                print every race report\n"
            "Without workloads: every one. Exit 0 ok, 1 failure, 2 usage, 3 device error.\n",
            prog);
    return rc;
}

static int usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", prog);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(try %s --help)\n", prog);
    return 2;
}

/* snprintf through a function: truncating a long message is fine here. */
static void fmt_to(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, len, fmt, ap);
    va_end(ap);
}

/* ---- marker parsing -------------------------------------------------------- */

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
        fmt_to(err, errlen, "cannot read %s: %s", path, strerror(errno));
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
            fmt_to(err, errlen, "%s:%u: `scor:race` without an ID", path, n);
            return -1;
        }
        unsigned i;
        for (i = 0; i < m->nids && strcmp(m->ids[i], id); i++)
            ;
        if (i == m->nids) {
            if (m->nids == MAX_IDS) {
                fclose(f);
                fmt_to(err, errlen, "%s: more than %d marker IDs", path, MAX_IDS);
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
    if (scord_kernel_addr2line(r->kernel, race->pc, &loc) == 0) {
        file = loc.inlined ? loc.call_file : loc.file;
        line = loc.inlined ? loc.call_line : loc.line;
    }
    char src[160];
    snprintf(src, sizeof src, "%s/kernel.c", r->w->dir);
    res->records++;
    res->occurrences += race->count;
    if (file && ends_with(file, src) && line < r->mk.nlines + 1 && line && r->mk.id_of_line[line] &&
        !(r->w->app && !r->w->racey)) {
        unsigned id = r->mk.id_of_line[line] - 1u;
        res->found_mask |= 1u << id;
        res->marked_types |= 1u << race->type;
        return;
    }
    char where[96];
    const char *base = file ? strrchr(file, '/') : NULL;
    snprintf(where, sizeof where, "%s:%u", base ? base + 1 : (file ? file : "??"), line);
    if (line == 0)
        snprintf(where, sizeof where, "pc 0x%08x", (unsigned)race->pc);
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
        int err = scord_ring_drain(r->dev, r->races, opt.ring, &n, &info);
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
                if (opt.verbose) {
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
    err = scord_wait(r->dev, opt.timeout_ms);
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
                                     k->cls != SCOR_FREE};
    return beyond_run(ctx, &bk, r->record && opt.verbose ? r->vout : NULL);
}

static int run_one(scord_device *dev, const struct work *w, const struct config *cfg,
                   struct result *res, FILE *vout)
{
    memset(res, 0, sizeof *res);
    res->ran = true;
    struct runner r = {.dev = dev, .w = w, .cfg = cfg, .res = res, .vout = vout};
    int rc = -1;
    char path[512];
    snprintf(path, sizeof path, "%s/%s/kernel.c", opt.root, w->dir);
    if (markers_read(path, &r.mk, res->error, sizeof res->error))
        return -1;
    res->expected = (w->app && !w->racey) ? 0 : r.mk.nids;
    r.races = calloc(opt.ring, sizeof *r.races);
    if (!r.races) {
        snprintf(res->error, sizeof res->error, "out of host memory");
        goto out;
    }
    scord_get_info(dev, &r.info);
    /* Disarm first: the next launch arms and sweeps afresh (the warm-up
     * pass pays for it), so a generation wrap left over from the previous
     * workload cannot land in this one's measured pass. */
    struct scord_detector_config dc = {cfg->enable, cfg->cache, cfg->gran, opt.ring};
    int err = scord_detector_configure(dev, NULL);
    if (!err)
        err = scord_detector_configure(dev, &dc);
    if (err) {
        snprintf(res->error, sizeof res->error, "detector configuration: %s: %s",
                 scord_strerror(err), scord_last_error_detail(dev));
        goto out;
    }
    snprintf(path, sizeof path, "%s/%s/%s", opt.sw_dir, w->dir,
             w->app && w->racey ? "kernel_racey.elf" : "kernel.elf");
    scord_free_all(dev);
    err = scord_load_kernel(dev, path, &r.kernel);
    if (err) {
        fmt_to(res->error, sizeof res->error, "%s: %s: %s", path, scord_strerror(err),
                 scord_last_error_detail(dev));
        goto out;
    }
    struct scor_ctx ctx = {.dev = dev, .kernel = r.kernel, .info = r.info,
                           .racey = w->app ? w->racey : 0, .large = opt.large,
                           .launch = launch_cb, .runner = &r};
    for (int pass = opt.warmup ? 0 : 1; pass < 2; pass++) {
        r.record = pass == 1;
        scord_free_all(dev);
        ctx.msg[0] = 0;
        int ok = w->app ? w->app->run(&ctx) : w->k->klass ? run_beyond(&ctx) : run_micro(&ctx);
        if (ok) {
            snprintf(res->error, sizeof res->error, "%s", ctx.msg[0] ? ctx.msg : "run failed");
            goto out;
        }
    }
    for (unsigned i = 0; i < r.mk.nids; i++)
        res->found += (res->found_mask >> i) & 1u;
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

/* ---- checking ------------------------------------------------------------------ */

/* NULL if the result is what the workload's class promises, else why not. */
static const char *verdict(const struct work *w, const struct config *cfg,
                           const struct result *res, char *buf, size_t len)
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

/* ---- output ------------------------------------------------------------------------- */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            fprintf(f, "\\%c", *s);
        else if ((unsigned char)*s < 0x20)
            fprintf(f, "\\u%04x", *s);
        else
            fputc(*s, f);
    }
    fputc('"', f);
}

static void json_result(FILE *f, const struct work *w, const struct config *c,
                        const struct result *r, bool first)
{
    fprintf(f, "%s\n  {\"name\": ", first ? "" : ",");
    json_str(f, w->name);
    fprintf(f, ", \"group\": \"%s\", \"racey\": %s, \"config\": \"%s\", ", w->group,
            w->racey ? "true" : "false", c->name);
    if (w->k && w->k->klass)
        fprintf(f, "\"class\": \"%s\", ", w->k->klass);
    fprintf(f, "\"expected_races\": %u, \"reported_races\": %u, \"false_positives\": %u, ",
            r->expected, r->found, r->fp);
    fprintf(f, "\"fp_lines\": [");
    for (unsigned i = 0; i < r->fp && i < MAX_FP; i++) {
        fputs(i ? ", " : "", f);
        json_str(f, r->fp_where[i]);
    }
    fprintf(f, "], \"records\": %u, \"occurrences\": %llu, \"dropped\": %u, ", r->records,
            (unsigned long long)r->occurrences, r->drops);
    uint64_t meta = r->det_l2;
    fprintf(f, "\"launches\": %llu, \"cycles\": %llu, \"dram_accesses\": %llu, "
               "\"l2_accesses\": %llu, \"data_accesses\": %llu, \"metadata_accesses\": %llu, "
               "\"md_reads\": %llu, \"md_writes\": %llu, \"tag_mismatch\": %llu, \"error\": ",
            (unsigned long long)r->launches, (unsigned long long)r->cycles,
            (unsigned long long)r->dram, (unsigned long long)r->l2,
            (unsigned long long)(r->l2 > meta ? r->l2 - meta : 0), (unsigned long long)meta,
            (unsigned long long)r->md_reads, (unsigned long long)r->md_writes,
            (unsigned long long)r->tag_mismatch);
    if (r->error[0])
        json_str(f, r->error);
    else
        fputs("null", f);
    fputs("}", f);
}

/* Paper values (ScoRD, ISCA 2020) printed next to ours. */
static const struct {
    const char *name;
    unsigned races, fp8, fp16;
} paper[] = {{"mm", 4, 1, 3},   {"red", 2, 1, 1},  {"r110", 2, 2, 2}, {"gcol", 6, 27, 29},
             {"gcon", 5, 28, 28}, {"1dc", 1, 1, 2}, {"uts", 6, 12, 23}};
#define NUM_PAPER (sizeof paper / sizeof paper[0])

static int cfg_index(const char *name)
{
    for (size_t i = 0; i < NUM_CONFIGS; i++)
        if (!strcmp(configs[i].name, name))
            return (int)i;
    return -1;
}

static struct work *works;
static size_t nworks;
static struct result *results; /* [work][config] */
#define RES(wi, ci) (&results[(wi) * NUM_CONFIGS + (ci)])

/* "NAME_racey" / "NAME_free": one build of application NAME (the names
 * --check prints are NAME_racey and NAME). */
static bool app_build_named(const struct work *w, const char *sel)
{
    size_t n = strlen(w->name);
    return w->app && !strncmp(sel, w->name, n) &&
           !strcmp(sel + n, w->racey ? "_racey" : "_free");
}

static int find_work(const char *name, int racey)
{
    for (size_t i = 0; i < nworks; i++)
        if (!strcmp(works[i].name, name) && works[i].racey == racey && works[i].app)
            return (int)i;
    return -1;
}

static bool have(size_t wi, int ci) { return ci >= 0 && opt.cfg_on[ci] && RES(wi, ci)->ran && !RES(wi, ci)->error[0]; }

/* Why an application has no row: not compiled in, not selected, or its
 * runs failed (the error is on stderr / in the JSON). */
static const char *app_missing(const char *name, int racey)
{
    int a = find_work(name, racey);
    if (a < 0)
        return "application not present";
    if (!works[a].selected)
        return racey ? "RACEY build not selected" : "race-free build not selected";
    return "not measured (a run failed or a configuration was not selected)";
}

/* The beyond group, one row per class of race: unique races present
 * (marker IDs of the racy kernels) and found, race-free kernels without
 * any report, false positives (distinct unmarked lines reported, racy and
 * race-free kernels), under full and cache mode. */
static void print_beyond_table(void)
{
    int full = cfg_index("full"), cache = cfg_index("cache");
    int cols[2] = {full, cache};
    bool any = false;
    for (size_t wi = 0; wi < nworks && !any; wi++)
        any = works[wi].selected && works[wi].k && works[wi].k->klass;
    if (!any)
        return;
    printf("\nRaces beyond ScoRD (sw/bench/beyond): unique races present and found, race-free "
           "kernels without a report, false positives (distinct unmarked lines)\n");
    printf("%-12s %5s %5s %8s %11s %12s %11s %12s %8s %9s\n", "class", "racy", "free", "present",
           "found full", "found cache", "clean full", "clean cache", "FP full", "FP cache");
    unsigned tot[9] = {0};
    bool col_ok[2] = {false, false};
    for (size_t c = 0; c <= NUM_BEYOND_CLASSES; c++) {
        unsigned v[9] = {0}; /* racy free present found[2] clean[2] fp[2] */
        if (c == NUM_BEYOND_CLASSES)
            memcpy(v, tot, sizeof v);
        for (size_t wi = 0; wi < nworks && c < NUM_BEYOND_CLASSES; wi++) {
            const struct work *w = &works[wi];
            if (!w->selected || !w->k || !w->k->klass || strcmp(w->k->klass, beyond_classes[c]))
                continue;
            bool racy = w->k->cls != SCOR_FREE;
            v[racy ? 0 : 1]++;
            unsigned present = 0; /* marker IDs: the same in every configuration */
            for (size_t k = 0; k < NUM_CONFIGS; k++)
                if (RES(wi, k)->expected > present)
                    present = RES(wi, k)->expected;
            v[2] += racy ? present : 0;
            for (int k = 0; k < 2; k++) {
                if (!have(wi, cols[k]))
                    continue;
                const struct result *r = RES(wi, cols[k]);
                col_ok[k] = true;
                v[3 + k] += racy ? r->found : 0;
                v[5 + k] += !racy && !r->records;
                v[7 + k] += r->fp;
            }
        }
        if (c < NUM_BEYOND_CLASSES) {
            if (!v[0] && !v[1])
                continue;
            for (int k = 0; k < 9; k++)
                tot[k] += v[k];
        }
        char cells[6][16];
        for (int k = 0; k < 2; k++) {
            if (col_ok[k]) {
                snprintf(cells[k], sizeof cells[k], "%u", v[3 + k]);
                snprintf(cells[2 + k], sizeof cells[2 + k], "%u/%u", v[5 + k], v[1]);
                snprintf(cells[4 + k], sizeof cells[4 + k], "%u", v[7 + k]);
            } else {
                for (int m = 0; m < 3; m++)
                    snprintf(cells[2 * m + k], sizeof cells[0], "-");
            }
        }
        printf("%-12s %5u %5u %8u %11s %12s %11s %12s %8s %9s\n",
               c < NUM_BEYOND_CLASSES ? beyond_classes[c] : "total", v[0], v[1], v[2], cells[0],
               cells[1], cells[2], cells[3], cells[4], cells[5]);
    }
}

/* Races present (found: races found) over the selected racy
 * microbenchmarks that ran in configuration ci. */
static unsigned micro_races(int ci, bool found)
{
    unsigned n = 0;
    for (size_t wi = 0; wi < nworks; wi++) {
        const struct work *w = &works[wi];
        if (w->k && !strcmp(w->group, "micro") && w->k->cls == SCOR_RACY && w->selected &&
            have(wi, ci))
            n += found ? RES(wi, ci)->found : RES(wi, ci)->expected;
    }
    return n;
}

static void print_tables(void)
{
    int off = cfg_index("off"), full = cfg_index("full"), cache = cfg_index("cache");
    int f8 = cfg_index("full8"), f16 = cfg_index("full16");
    /* Table VI */
    printf("\nTable VI: unique races present and found (ours; paper's in brackets)\n");
    printf("%-16s %8s %12s %12s\n", "workload", "present", "found full", "found cache");
    unsigned tp = 0, tf = 0, tc = 0;
    for (size_t p = 0; p < NUM_PAPER; p++) {
        int wi = find_work(paper[p].name, 1);
        if (wi < 0 || !works[wi].selected) {
            printf("%-16s %8s %12s %12s   %s [%u %u %u]\n", paper[p].name, "-", "-", "-",
                   app_missing(paper[p].name, 1), paper[p].races, paper[p].races,
                   paper[p].races - !strcmp(paper[p].name, "r110"));
            continue;
        }
        const struct result *rf = have(wi, full) ? RES(wi, full) : NULL;
        const struct result *rc = have(wi, cache) ? RES(wi, cache) : NULL;
        if (!rf && !rc) {
            printf("%-16s %8s %12s %12s   %s [%u %u %u]\n", paper[p].name, "-", "-", "-",
                   app_missing(paper[p].name, 1), paper[p].races, paper[p].races,
                   paper[p].races - !strcmp(paper[p].name, "r110"));
            continue;
        }
        unsigned present = rf ? rf->expected : rc ? rc->expected : 0;
        printf("%-16s %8u %12u %12u   [%u %u %u]\n", paper[p].name, present, rf ? rf->found : 0,
               rc ? rc->found : 0, paper[p].races, paper[p].races,
               paper[p].races - !strcmp(paper[p].name, "r110"));
        tp += present;
        tf += rf ? rf->found : 0;
        tc += rc ? rc->found : 0;
    }
    unsigned mp = micro_races(full, false), mf = micro_races(full, true),
             mc = micro_races(cache, true);
    printf("%-16s %8u %12u %12u   [18 18 18]\n", "Microbenchmarks", mp, mf, mc);
    printf("%-16s %8u %12u %12u   [44 44 43]\n", "Total", tp + mp, tf + mf, tc + mc);

    /* Table VI's races found in sparse cache mode (one entry per 64
     * granules), when it ran (--configs ...,sparse) */
    int sparse = cfg_index("sparse");
    if (opt.cfg_on[sparse]) {
        printf("\nTable VI, sparse cache mode (1/64 granules): unique races found\n");
        printf("%-16s %8s %12s\n", "workload", "present", "found sparse");
        unsigned sp = 0, sf = 0;
        for (size_t p = 0; p < NUM_PAPER; p++) {
            int wi = find_work(paper[p].name, 1);
            if (wi < 0 || !works[wi].selected || !have(wi, sparse))
                continue;
            printf("%-16s %8u %12u\n", paper[p].name, RES(wi, sparse)->expected,
                   RES(wi, sparse)->found);
            sp += RES(wi, sparse)->expected;
            sf += RES(wi, sparse)->found;
        }
        unsigned smp = micro_races(sparse, false), smf = micro_races(sparse, true);
        printf("%-16s %8u %12u\n", "Microbenchmarks", smp, smf);
        printf("%-16s %8u %12u\n", "Total", sp + smp, sf + smf);
    }

    /* Fig 8 and Fig 9: race-free application builds, then the micro mean */
    FILE *d8 = NULL, *d9 = NULL;
    if (opt.data_dir) {
        char p[512];
        snprintf(p, sizeof p, "%s/fig8.dat", opt.data_dir);
        d8 = fopen(p, "w");
        snprintf(p, sizeof p, "%s/fig9.dat", opt.data_dir);
        d9 = fopen(p, "w");
        if (d8)
            fprintf(d8, "# workload cycles_full/off cycles_cache/off\n");
        if (d9)
            fprintf(d9, "# workload full_data full_meta cache_data cache_meta (L2 accesses / off)\n");
    }
    printf("\nFig 8: cycles normalised to detector off (race-free builds)\n");
    printf("%-16s %10s %10s %10s\n", "workload", "off", "full", "cache");
    double s8f = 0, s8c = 0, max8f = 0, max8c = 0;
    unsigned n8 = 0;
    char max8c_name[40] = "";
    double micro8f = 0, micro8c = 0; /* drawn after the apps' mean */
    struct row9 {
        char name[40];
        double fd, fm, cd, cm, dramf, dramc;
    } rows9[16];
    unsigned n9 = 0;
    for (int pass = 0; pass < 2; pass++) {
        /* pass 0: applications; pass 1: the mean over the microbenchmarks */
        size_t lim = pass ? 1 : NUM_PAPER;
        for (size_t p = 0; p < lim; p++) {
            double off_c = 0, full_c = 0, cache_c = 0, off_l2 = 0, off_dram = 0;
            double fd = 0, fm = 0, cd = 0, cm = 0, dramf = 0, dramc = 0;
            unsigned cnt = 0;
            const char *name = pass ? "micro (mean)" : paper[p].name;
            for (size_t wi = 0; wi < nworks; wi++) {
                const struct work *w = &works[wi];
                if (!w->selected || w->racey)
                    continue;
                if (pass ? (!w->k || strcmp(w->group, "micro"))
                         : (!w->app || strcmp(w->name, paper[p].name)))
                    continue;
                if (!have(wi, off) || !have(wi, full) || !have(wi, cache))
                    continue;
                const struct result *o = RES(wi, off), *f = RES(wi, full), *c = RES(wi, cache);
                if (!o->cycles || !o->l2)
                    continue;
                double fmeta = (double)f->det_l2;
                double cmeta = (double)c->det_l2;
                off_c = 1;
                full_c += (double)f->cycles / o->cycles;
                cache_c += (double)c->cycles / o->cycles;
                off_l2 = 1;
                fm += fmeta / o->l2;
                fd += ((double)f->l2 - fmeta) / o->l2;
                cm += cmeta / o->l2;
                cd += ((double)c->l2 - cmeta) / o->l2;
                off_dram = 1;
                dramf += o->dram ? (double)f->dram / o->dram : 0;
                dramc += o->dram ? (double)c->dram / o->dram : 0;
                cnt++;
            }
            if (!cnt) {
                if (!pass)
                    printf("%-16s   %s\n", name, app_missing(name, 0));
                continue;
            }
            (void)off_c;
            (void)off_l2;
            (void)off_dram;
            full_c /= cnt, cache_c /= cnt, fd /= cnt, fm /= cnt, cd /= cnt, cm /= cnt;
            dramf /= cnt, dramc /= cnt;
            printf("%-16s %10.3f %10.3f %10.3f\n", name, 1.0, full_c, cache_c);
            if (!pass) {
                s8f += full_c, s8c += cache_c, n8++;
                max8f = full_c > max8f ? full_c : max8f;
                if (cache_c > max8c) {
                    max8c = cache_c;
                    snprintf(max8c_name, sizeof max8c_name, "%s", name);
                }
            }
            if (d8 && !pass)
                fprintf(d8, "\"%s\" %.4f %.4f\n", name, full_c, cache_c);
            if (pass)
                micro8f = full_c, micro8c = cache_c;
            if (n9 < 16) {
                struct row9 *rw = &rows9[n9++];
                snprintf(rw->name, sizeof rw->name, "%s", name);
                rw->fd = fd, rw->fm = fm, rw->cd = cd, rw->cm = cm;
                rw->dramf = dramf, rw->dramc = dramc;
            }
        }
    }
    if (n8) {
        printf("%-16s %10.3f %10.3f %10.3f   (paper: ScoRD 1.35 mean)\n", "apps mean", 1.0,
               s8f / n8, s8c / n8);
        printf("%-16s %10.3f %10.3f %10.3f   (cache max: %s; paper: ScoRD 1.88 max, 1DC)\n",
               "apps max", 1.0, max8f, max8c, max8c_name);
        if (d8)
            fprintf(d8, "\"apps mean\" %.4f %.4f\n", s8f / n8, s8c / n8);
    }
    if (d8 && micro8f > 0)
        fprintf(d8, "\"micro (mean)\" %.4f %.4f\n", micro8f, micro8c);
    printf("\nFig 9: memory accesses at the L2 normalised to detector off, split data + metadata;\n"
           "       device memory (DRAM) accesses normalised to off\n");
    printf("%-16s %10s %10s %10s %10s %10s %10s\n", "workload", "full data", "full meta",
           "cache data", "cache meta", "DRAM full", "DRAM cache");
    for (unsigned i = 0; i < n9; i++) {
        struct row9 *rw = &rows9[i];
        printf("%-16s %10.3f %10.3f %10.3f %10.3f %10.3f %10.3f\n", rw->name, rw->fd, rw->fm,
               rw->cd, rw->cm, rw->dramf, rw->dramc);
        if (d9)
            fprintf(d9, "\"%s\" %.4f %.4f %.4f %.4f\n", rw->name, rw->fd, rw->fm, rw->cd, rw->cm);
    }
    if (d8)
        fclose(d8);
    if (d9)
        fclose(d9);

    /* Table VII */
    printf("\nTable VII: false positives (distinct source lines) by granularity, race-free builds\n");
    printf("%-16s %8s %8s %8s %8s\n", "workload", "4-byte", "8-byte", "16-byte", "cache");
    int cols[4] = {full, f8, f16, cache};
    for (int pass = 0; pass < 2; pass++) {
        size_t lim = pass ? 2 : NUM_PAPER;
        for (size_t p = 0; p < lim; p++) {
            const char *name = pass ? (p ? "detector kernels" : "micro (sum)") : paper[p].name;
            unsigned v[4] = {0}, seen = 0;
            bool col_ok[4] = {false};
            for (size_t wi = 0; wi < nworks; wi++) {
                const struct work *w = &works[wi];
                if (!w->selected)
                    continue;
                if (pass ? (!w->k || strcmp(w->group, p ? "detector" : "micro") ||
                            w->k->cls == SCOR_LIMIT_FP)
                         : (!w->app || w->racey || strcmp(w->name, paper[p].name)))
                    continue;
                seen++;
                for (int c = 0; c < 4; c++)
                    if (have(wi, cols[c])) {
                        col_ok[c] = true;
                        v[c] += RES(wi, cols[c])->fp;
                    }
            }
            if (!seen) {
                printf("%-16s   %s (paper 0/%u/%u/0)\n", name,
                       pass ? "not selected" : app_missing(name, 0), pass ? 0 : paper[p].fp8,
                       pass ? 0 : paper[p].fp16);
                continue;
            }
            printf("%-16s", name);
            for (int c = 0; c < 4; c++)
                if (col_ok[c])
                    printf(" %8u", v[c]);
                else
                    printf(" %8s", "-");
            if (!pass)
                printf("   [0 %u %u 0]", paper[p].fp8, paper[p].fp16);
            printf("\n");
        }
    }
    print_beyond_table();
}

/* ---- jobs: one workload under one configuration, each on a device of its own ----- */

/* Whether workload i runs under configuration c. */
static bool runs(size_t i, size_t c)
{
    return works[i].selected && opt.cfg_on[c] &&
           !(opt.cfg_default && configs[c].fp_only && works[i].app && works[i].racey);
}

struct job {
    size_t wi, ci;
};
static struct job *jobs;
static size_t njobs;

struct job_state {
    unsigned total, done, failed;
    bool tty;
};

/* Jobs run in parallel only on the in-process cycle model: a board is one
 * device, and a trace file would be written by every job at once. */
static bool parallel_device(const char *uri)
{
    return (!strcmp(uri, "sim") || !strncmp(uri, "sim:", 4)) && !strstr(uri, "trace=");
}

/* A job's blob: its struct result, then the text -v prints for it. */
static int job_blob(const struct result *res, const char *text, size_t tlen, char **blob,
                    size_t *len)
{
    *len = sizeof *res + tlen;
    *blob = malloc(*len);
    if (!*blob)
        return -1;
    memcpy(*blob, res, sizeof *res);
    if (tlen)
        memcpy(*blob + sizeof *res, text, tlen);
    return 0;
}

/* Run job j (in a worker, or in this process with -j1). Every job opens a
 * fresh device, so no state of an earlier job (device memory, detector
 * arming, the allocator) reaches it: a job's result does not depend on
 * which worker ran it or what ran before. */
static int job_run(size_t j, void *ctx, char **blob, size_t *len)
{
    (void)ctx;
    const struct job *jb = &jobs[j];
    char *text = NULL;
    size_t tlen = 0;
    FILE *vout = open_memstream(&text, &tlen);
    if (!vout)
        return -1;
    struct result res;
    scord_device *dev;
    if (scord_open(&dev, opt.uri)) {
        memset(&res, 0, sizeof res);
        res.ran = true;
        fmt_to(res.error, sizeof res.error, "cannot open device '%s': %s", opt.uri,
               scord_last_error_detail(NULL));
    } else {
        run_one(dev, &works[jb->wi], &configs[jb->ci], &res, vout);
        scord_close(dev);
    }
    int rc = fclose(vout) ? -1 : job_blob(&res, text, tlen, blob, len);
    free(text);
    return rc;
}

/* The job's worker died: its result is the reason, as an error. */
static int job_lost(size_t j, const char *why, void *ctx, char **blob, size_t *len)
{
    (void)j;
    (void)ctx;
    struct result res;
    memset(&res, 0, sizeof res);
    res.ran = true;
    fmt_to(res.error, sizeof res.error, "%s", why);
    return job_blob(&res, NULL, 0, blob, len);
}

/* In job order: keep the result, print what a serial run prints for it. */
static void job_commit(size_t j, const char *blob, size_t len, void *ctx)
{
    struct job_state *st = ctx;
    const struct job *jb = &jobs[j];
    const struct work *w = &works[jb->wi];
    const struct config *cfg = &configs[jb->ci];
    struct result *r = RES(jb->wi, jb->ci);
    memcpy(r, blob, sizeof *r);
    st->done++;
    if (opt.progress)
        fprintf(stderr, "%s[%u/%u] %-7s %s%s%s", st->tty ? "\r\033[K" : "", st->done, st->total,
                cfg->name, w->name, w->app ? (w->racey ? " (racey)" : " (race-free)") : "",
                st->tty ? "" : "\n");
    if (opt.verbose) {
        printf("== %s%s [%s]\n", w->name, w->app && w->racey ? " (racey)" : "", cfg->name);
        fwrite(blob + sizeof *r, 1, len - sizeof *r, stdout);
    }
    char buf[512];
    const char *why = verdict(w, cfg, r, buf, sizeof buf);
    if (r->error[0] || (opt.check && why))
        st->failed++;
    if (opt.check) {
        if (why)
            printf("FAIL %s%s [%s]: %s\n", w->name, w->app && w->racey ? "_racey" : "", cfg->name,
                   why);
        else
            printf("PASS %s%s [%s]\n", w->name, w->app && w->racey ? "_racey" : "", cfg->name);
        fflush(stdout);
    } else if (r->error[0]) {
        fprintf(stderr, "%s%s: %s [%s]: %s\n", st->tty && opt.progress ? "\r\033[K" : "", prog,
                w->name, cfg->name, r->error);
    }
}

/* ---- main --------------------------------------------------------------------------- */

static void add_work(const char *name, const char *group, const struct kdef *k,
                     const struct scor_app *app, int racey, const char *dir)
{
    struct work *w = &works[nworks++];
    memset(w, 0, sizeof *w);
    w->name = name;
    w->group = group;
    w->k = k;
    w->app = app;
    w->racey = racey;
    snprintf(w->dir, sizeof w->dir, "%s", dir);
}

int main(int argc, char **argv)
{
    const char *cfg_list = NULL;
    const char *sel[256];
    int nsel = 0;
    bool list = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
#define ARG(name) (!strcmp(a, name) && (i + 1 < argc || (usage_error("%s needs a value", name), exit(2), 0)))
        if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            return usage(stdout, 0);
        else if (ARG("--device"))
            opt.uri = argv[++i];
        else if (ARG("--sw-dir"))
            opt.sw_dir = argv[++i];
        else if (ARG("--src-root"))
            opt.root = argv[++i];
        else if (ARG("--configs"))
            cfg_list = argv[++i];
        else if (ARG("--json"))
            opt.json = argv[++i];
        else if (ARG("--data-dir"))
            opt.data_dir = argv[++i];
        else if (!strcmp(a, "-j") || !strcmp(a, "--jobs") || !strncmp(a, "-j", 2) ||
                 !strncmp(a, "--jobs=", 7)) {
            /* -j N, -jN, --jobs N, --jobs=N */
            const char *v = !strncmp(a, "--jobs=", 7) ? a + 7
                            : a[1] == 'j' && a[2]     ? a + 2
                            : i + 1 < argc            ? argv[++i]
                                                      : NULL;
            char *end;
            errno = 0;
            unsigned long n = v ? strtoul(v, &end, 10) : 0;
            if (!v)
                return usage_error("%s needs a number of jobs", a);
            if (!*v || *end || errno || n == 0 || n > 1024 || *v == '-' || *v == '+')
                return usage_error("-j: bad number of jobs '%s' (1..1024)", v);
            opt.jobs = (unsigned)n;
        } else if (ARG("--timeout") || ARG("--ring")) {
            const char *o = a, *v = argv[++i];
            char *end;
            errno = 0;
            unsigned long n = strtoul(v, &end, 0);
            if (!*v || *end || errno || n == 0 || n > 100000000ul || *v == '-')
                return usage_error("%s: bad number '%s'", o, v);
            if (!strcmp(o, "--ring")) {
                if (n < 2 || n > 65536)
                    return usage_error("--ring: %lu records, expected 2..65536", n);
                opt.ring = (unsigned)n;
            } else {
                opt.timeout_ms = (unsigned)n;
            }
        } else if (!strcmp(a, "--check"))
            opt.check = true;
        else if (!strcmp(a, "--tables"))
            opt.tables = true;
        else if (!strcmp(a, "--progress"))
            opt.progress = true;
        else if (!strcmp(a, "--no-warmup"))
            opt.warmup = false;
        else if (!strcmp(a, "--large"))
            opt.large = true;
        else if (!strcmp(a, "--list"))
            list = true;
        else if (!strcmp(a, "-v") || !strcmp(a, "--verbose"))
            opt.verbose = true;
        else if (a[0] == '-')
            return usage_error("unknown option '%s'", a);
        else if (nsel < 256)
            sel[nsel++] = a;
        else
            return usage_error("too many workloads");
#undef ARG
    }
    if (cfg_list) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", cfg_list);
        for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            int c = cfg_index(t);
            if (c < 0)
                return usage_error("unknown configuration '%s' (off, full, full8, full16, cache, sparse)",
                                   t);
            opt.cfg_on[c] = true;
        }
    } else {
        opt.cfg_default = true;
        for (size_t c = 0; c < NUM_CONFIGS; c++)
            opt.cfg_on[c] = !configs[c].on_request;
    }
    if (opt.check)
        opt.warmup = false;

    works = calloc(NUM_KDEFS + 2 * scor_num_apps, sizeof *works);
    if (!works)
        return 3;
    for (size_t i = 0; i < NUM_KDEFS; i++) {
        char dir[128];
        snprintf(dir, sizeof dir, "sw/bench/%s/%s", kdefs[i].group, kdefs[i].name);
        add_work(kdefs[i].name, kdefs[i].group, &kdefs[i], NULL, kdefs[i].cls != SCOR_FREE, dir);
    }
    for (size_t i = 0; i < scor_num_apps; i++)
        for (int racey = 0; racey < 2; racey++)
            add_work(scor_apps[i]->name, "apps", NULL, scor_apps[i], racey, scor_apps[i]->dir);
    for (int s = 0; s < nsel; s++) {
        bool hit = false;
        for (size_t i = 0; i < nworks; i++)
            if (!strcmp(sel[s], works[i].name) || !strcmp(sel[s], works[i].group) ||
                !strcmp(sel[s], "all") || app_build_named(&works[i], sel[s])) {
                works[i].selected = true;
                hit = true;
            }
        bool group_word = !strcmp(sel[s], "micro") || !strcmp(sel[s], "detector") ||
                          !strcmp(sel[s], "beyond") || !strcmp(sel[s], "apps") ||
                          !strcmp(sel[s], "all");
        if (!hit && !group_word)
            return usage_error("unknown workload '%s' (--list shows them)", sel[s]);
    }
    if (!nsel)
        for (size_t i = 0; i < nworks; i++)
            works[i].selected = true;
    if (list) {
        for (size_t i = 0; i < nworks; i++)
            if (!works[i].racey || !works[i].app)
                printf("%-9s %-34s %s\n", works[i].group, works[i].name,
                       works[i].k ? works[i].k->desc : "application (race-free and RACEY builds)");
        return 0;
    }

    if (opt.jobs > 1 && !parallel_device(opt.uri))
        return usage_error("-j %u: device '%s' cannot run simulations in parallel (only sim "
                           "without trace=)", opt.jobs, opt.uri);
    /* Checked once here so a bad URI is a device error (3) before any job;
     * every job then opens a device of its own (job_run). */
    scord_device *dev;
    int err = scord_open(&dev, opt.uri);
    if (err) {
        fprintf(stderr, "%s: cannot open device '%s': %s\n", prog, opt.uri,
                scord_last_error_detail(NULL));
        return 3;
    }
    scord_close(dev);
    unsigned workers = opt.jobs ? opt.jobs : parallel_device(opt.uri) ? pool_default_workers() : 1;
    results = calloc(nworks * NUM_CONFIGS, sizeof *results);
    jobs = calloc(nworks * NUM_CONFIGS, sizeof *jobs);
    if (!results || !jobs)
        return 3;
    /* The serial order: the applications (seconds each), then the kernels
     * (milliseconds), each configuration by configuration, workload by
     * workload: the last jobs handed out are short, so no worker idles
     * long while another finishes. */
    for (int apps = 1; apps >= 0; apps--)
        for (size_t c = 0; c < NUM_CONFIGS; c++)
            for (size_t i = 0; i < nworks; i++)
                if (runs(i, c) && !works[i].app == !apps)
                    jobs[njobs++] = (struct job){i, c};
    struct job_state st = {.total = (unsigned)njobs, .tty = isatty(2)};
    static const struct pool_ops ops = {job_run, job_commit, job_lost};
    if (pool_run(njobs, workers, &ops, &st))
        return 3;
    if (opt.progress && st.tty)
        fprintf(stderr, "\r\033[K");
    unsigned total = st.total, failed = st.failed;

    if (opt.json) {
        FILE *f = !strcmp(opt.json, "-") ? stdout : fopen(opt.json, "w");
        if (!f) {
            fprintf(stderr, "%s: %s: %s\n", prog, opt.json, strerror(errno));
            return 3;
        }
        fputs("[", f);
        bool first = true;
        for (size_t c = 0; c < NUM_CONFIGS; c++)
            for (size_t i = 0; i < nworks; i++)
                if (runs(i, c)) {
                    json_result(f, &works[i], &configs[c], RES(i, c), first);
                    first = false;
                }
        fputs("\n]\n", f);
        if (f != stdout)
            fclose(f);
    }
    if (opt.tables)
        print_tables();
    if (!opt.check && !opt.tables && !opt.json) {
        printf("%-36s %-7s %8s %6s %4s %10s\n", "workload", "config", "expected", "found", "FP",
               "cycles");
        for (size_t c = 0; c < NUM_CONFIGS; c++)
            for (size_t i = 0; i < nworks; i++)
                if (runs(i, c)) {
                    const struct result *r = RES(i, c);
                    char nm[64];
                    snprintf(nm, sizeof nm, "%s%s", works[i].name,
                             works[i].app && works[i].racey ? " (racey)" : "");
                    printf("%-36s %-7s %8u %6u %4u %10llu%s%s\n", nm, configs[c].name,
                           r->expected, r->found, r->fp, (unsigned long long)r->cycles,
                           r->error[0] ? "  ERROR: " : "", r->error);
                }
    }
    if (opt.check)
        printf("%u of %u passed\n", total - failed, total);
    free(results);
    free(jobs);
    free(works);
    return failed ? 1 : 0;
}
