/* scord-scor's jobs: one workload under one configuration each, run in
 * worker processes (pool.c) on a device of its own, their results
 * committed and their progress and --check lines printed in the order a
 * serial run gives. */
#define _POSIX_C_SOURCE 200809L
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "pool.h"
#include "scor.h"

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
bool scor_parallel_device(const char *uri)
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
    if (scord_open(&dev, scor_opt.uri)) {
        memset(&res, 0, sizeof res);
        res.ran = true;
        scor_fmt_to(res.error, sizeof res.error, "cannot open device '%s': %s", scor_opt.uri,
                    scord_last_error_detail(NULL));
    } else {
        scor_run_one(dev, &scor_works[jb->wi], &scor_configs[jb->ci], &res, vout);
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
    scor_fmt_to(res.error, sizeof res.error, "%s", why);
    return job_blob(&res, NULL, 0, blob, len);
}

/* In job order: keep the result, print what a serial run prints for it. */
static void job_commit(size_t j, const char *blob, size_t len, void *ctx)
{
    struct job_state *st = ctx;
    const struct job *jb = &jobs[j];
    const struct work *w = &scor_works[jb->wi];
    const struct config *cfg = &scor_configs[jb->ci];
    struct result *r = RES(jb->wi, jb->ci);
    memcpy(r, blob, sizeof *r);
    st->done++;
    if (scor_opt.progress)
        fprintf(stderr, "%s[%u/%u] %-7s %s%s%s", st->tty ? "\r\033[K" : "", st->done, st->total,
                cfg->name, w->name, w->app ? (w->racey ? " (racey)" : " (race-free)") : "",
                st->tty ? "" : "\n");
    if (scor_opt.verbose) {
        printf("== %s%s [%s]\n", w->name, w->app && w->racey ? " (racey)" : "", cfg->name);
        fwrite(blob + sizeof *r, 1, len - sizeof *r, stdout);
    }
    char buf[512];
    const char *why = scor_verdict(w, cfg, r, buf, sizeof buf);
    if (r->error[0] || (scor_opt.check && why))
        st->failed++;
    if (scor_opt.check) {
        if (why)
            printf("FAIL %s%s [%s]: %s\n", w->name, w->app && w->racey ? "_racey" : "", cfg->name,
                   why);
        else
            printf("PASS %s%s [%s]\n", w->name, w->app && w->racey ? "_racey" : "", cfg->name);
        fflush(stdout);
    } else if (r->error[0]) {
        fprintf(stderr, "%s%s: %s [%s]: %s\n", st->tty && scor_opt.progress ? "\r\033[K" : "",
                scor_prog, w->name, cfg->name, r->error);
    }
}

int scor_run_jobs(unsigned workers, unsigned *total, unsigned *failed)
{
    jobs = calloc(scor_nworks * NUM_CONFIGS, sizeof *jobs);
    if (!jobs)
        return -1;
    /* The serial order: the applications (seconds each), then the kernels
     * (milliseconds), each configuration by configuration, workload by
     * workload: the last jobs handed out are short, so no worker idles
     * long while another finishes. */
    for (int apps = 1; apps >= 0; apps--)
        for (size_t c = 0; c < NUM_CONFIGS; c++)
            for (size_t i = 0; i < scor_nworks; i++)
                if (scor_runs(i, c) && !scor_works[i].app == !apps)
                    jobs[njobs++] = (struct job){i, c};
    struct job_state st = {.total = (unsigned)njobs, .tty = isatty(2)};
    static const struct pool_ops ops = {job_run, job_commit, job_lost};
    if (pool_run(njobs, workers, &ops, &st))
        return -1;
    if (scor_opt.progress && st.tty)
        fprintf(stderr, "\r\033[K");
    free(jobs);
    *total = st.total;
    *failed = st.failed;
    return 0;
}
