/* gcol host side: an R-MAT graph, colouring rounds of two launches each
 * (tentative colours, then conflict resets) until no vertex is reset; the
 * race-free build checks that every partition was processed exactly once
 * per launch and that the result is a proper colouring. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../scor_app.h"
#include "args.h"
#include "rmat.h"

#define GCOL_SEED 0x6C0105EEDull
#define GCOL_MAX_ROUNDS 32u

static int dev_io(struct scor_ctx *ctx, int err, const char *what)
{
    if (err)
        snprintf(ctx->msg, sizeof ctx->msg, "gcol: %s: %s", what, scord_strerror(err));
    return err ? -1 : 0;
}

/* One launch of `phase` from `in` to `out`; *count receives the kernel's count. */
static int launch_phase(struct scor_ctx *ctx, struct gcol_args *args, const uint32_t *pstart,
                        const uint32_t *pend, uint32_t *count)
{
    uint32_t np = args->nparts, zero = 0;
    uint32_t *done = calloc(np, sizeof *done);
    if (!done) {
        snprintf(ctx->msg, sizeof ctx->msg, "gcol: out of host memory");
        return -1;
    }
    int r = -1;
    /* Each block starts on the first chunk of its partition. */
    uint32_t *desc = calloc((size_t)np * GCOL_DESC_WORDS, 4), *next = calloc(np, 4);
    if (!desc || !next) {
        free(desc);
        free(next);
        free(done);
        snprintf(ctx->msg, sizeof ctx->msg, "gcol: out of host memory");
        return -1;
    }
    for (uint32_t p = 0; p < np; p++) {
        next[p] = pend[p] - pstart[p] < GCOL_CHUNK ? pend[p] : pstart[p] + GCOL_CHUNK;
        desc[p * GCOL_DESC_WORDS] = pstart[p];
        desc[p * GCOL_DESC_WORDS + 1] = next[p];
    }
    int err = scord_memcpy_htod(ctx->dev, args->next, next, np * 4);
    if (!err)
        err = scord_memcpy_htod(ctx->dev, args->desc, desc, (size_t)np * GCOL_DESC_WORDS * 4);
    free(desc);
    free(next);
    if (dev_io(ctx, err, "reset heads") ||
        dev_io(ctx, scord_memset(ctx->dev, args->done, 0, np * 4), "reset done") ||
        dev_io(ctx, scord_memcpy_htod(ctx->dev, args->count, &zero, 4), "reset count"))
        goto out;
    struct scord_dim3 grid = {np, 1, 1}, block = {GCOL_BLOCK, 1, 1};
    if (ctx->launch(ctx, grid, block, args, sizeof *args))
        goto out;
    if (dev_io(ctx, scord_memcpy_dtoh(ctx->dev, count, args->count, 4), "read count") ||
        dev_io(ctx, scord_memcpy_dtoh(ctx->dev, done, args->done, np * 4), "read done"))
        goto out;
    if (!ctx->racey)
        for (uint32_t p = 0; p < np; p++)
            if (done[p] != pend[p] - pstart[p]) {
                snprintf(ctx->msg, sizeof ctx->msg,
                         "gcol: phase %u: partition %u processed %u vertices, it has %u",
                         args->phase, p, done[p], pend[p] - pstart[p]);
                goto out;
            }
    r = 0;
out:
    free(done);
    return r;
}

static int check_colouring(struct scor_ctx *ctx, const struct rmat_graph *g, const uint32_t *col)
{
    for (uint32_t v = 0; v < g->n; v++) {
        if (col[v] == 0) {
            snprintf(ctx->msg, sizeof ctx->msg, "gcol: vertex %u is not coloured", v);
            return -1;
        }
        for (uint32_t k = g->row[v]; k < g->row[v + 1]; k++)
            if (col[g->adj[k]] == col[v]) {
                snprintf(ctx->msg, sizeof ctx->msg,
                         "gcol: edge %u-%u joins two vertices of colour %u", v, g->adj[k],
                         col[v]);
                return -1;
            }
    }
    return 0;
}

static int gcol_run(struct scor_ctx *ctx)
{
    struct rmat_graph g;
    unsigned scale = ctx->large ? 12 : 8;
    if (ctx->info.warps * ctx->info.threads < GCOL_BLOCK) {
        snprintf(ctx->msg, sizeof ctx->msg, "gcol: needs %u threads per core, the GPU has %u",
                 GCOL_BLOCK, ctx->info.warps * ctx->info.threads);
        return -1;
    }
    if (rmat_build(&g, scale, 4u << scale, 570, 190, 190, GCOL_SEED)) {
        snprintf(ctx->msg, sizeof ctx->msg, "gcol: out of host memory");
        return -1;
    }
    uint32_t np = ctx->info.cores ? ctx->info.cores : 1;
    uint32_t *pstart = malloc(np * 4), *pend = malloc(np * 4), *col = malloc(g.n * 4);
    int r = -1;
    if (!pstart || !pend || !col) {
        snprintf(ctx->msg, sizeof ctx->msg, "gcol: out of host memory");
        goto out;
    }
    for (uint32_t p = 0; p < np; p++) {
        pstart[p] = (uint32_t)((uint64_t)g.n * p / np);
        pend[p] = (uint32_t)((uint64_t)g.n * (p + 1) / np);
    }
    struct gcol_args args;
    memset(&args, 0, sizeof args);
    scord_addr ca, cb;
    if (scor_upload(ctx, "gcol", g.row, (g.n + 1) * 4, &args.row) || scor_upload(ctx, "gcol", g.adj, g.m * 4, &args.adj) ||
        scor_upload(ctx, "gcol", NULL, g.n * 4, &ca) || scor_upload(ctx, "gcol", NULL, g.n * 4, &cb) ||
        scor_upload(ctx, "gcol", pend, np * 4, &args.pend) || scor_upload(ctx, "gcol", NULL, np * 4, &args.next) ||
        scor_upload(ctx, "gcol", NULL, np * 4, &args.done) ||
        scor_upload(ctx, "gcol", NULL, np * GCOL_DESC_WORDS * 4, &args.desc) ||
        scor_upload(ctx, "gcol", NULL, np * GCOL_BLOCK * 4, &args.scratch) ||
        scor_upload(ctx, "gcol", NULL, 4, &args.count))
        goto out;
    args.n = g.n;
    args.nparts = np;
    uint32_t round, reset = 1;
    for (round = 0; round < GCOL_MAX_ROUNDS && reset; round++) {
        uint32_t coloured;
        args.round = round;
        args.in = ca;
        args.out = cb;
        args.phase = GCOL_TENTATIVE;
        if (launch_phase(ctx, &args, pstart, pend, &coloured))
            goto out;
        args.in = cb;
        args.out = ca;
        args.phase = GCOL_CONFLICT;
        if (launch_phase(ctx, &args, pstart, pend, &reset))
            goto out;
    }
    if (!ctx->racey) {
        if (reset) {
            snprintf(ctx->msg, sizeof ctx->msg,
                     "gcol: %u vertices still reset after %u rounds", reset, round);
            goto out;
        }
        if (dev_io(ctx, scord_memcpy_dtoh(ctx->dev, col, ca, g.n * 4), "read colours") ||
            check_colouring(ctx, &g, col))
            goto out;
    }
    r = 0;
out:
    free(pstart);
    free(pend);
    free(col);
    rmat_free(&g);
    return r;
}

const struct scor_app scor_app_gcol = {"gcol", "sw/bench/apps/gcol", 6, gcol_run};
