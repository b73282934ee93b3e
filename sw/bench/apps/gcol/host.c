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
#include "steal_host.h"

#define GCOL_SEED 0x6C0105EEDull
#define GCOL_MAX_ROUNDS 32u

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
    steal_partition(g.n, np, pstart, pend);
    struct gcol_args args;
    memset(&args, 0, sizeof args);
    scord_addr ca, cb;
    struct steal_dev st = {.nparts = np, .chunk = GCOL_CHUNK, .desc_words = GCOL_DESC_WORDS,
                           .block = GCOL_BLOCK};
    if (scor_upload(ctx, "gcol", g.row, (g.n + 1) * 4, &args.row) ||
        scor_upload(ctx, "gcol", g.adj, g.m * 4, &args.adj) ||
        scor_upload(ctx, "gcol", NULL, g.n * 4, &ca) || scor_upload(ctx, "gcol", NULL, g.n * 4, &cb) ||
        steal_alloc(ctx, "gcol", &st, pend, &args.pend, &args.scratch))
        goto out;
    args.next = st.next;
    args.done = st.done;
    args.desc = st.desc;
    args.count = st.count;
    args.n = g.n;
    args.nparts = np;
    uint32_t round, reset = 1;
    for (round = 0; round < GCOL_MAX_ROUNDS && reset; round++) {
        uint32_t coloured;
        args.round = round;
        args.in = ca;
        args.out = cb;
        args.phase = GCOL_TENTATIVE;
        if (steal_launch(ctx, "gcol", &st, &args, sizeof args, pstart, pend, &coloured))
            goto out;
        args.in = cb;
        args.out = ca;
        args.phase = GCOL_CONFLICT;
        if (steal_launch(ctx, "gcol", &st, &args, sizeof args, pstart, pend, &reset))
            goto out;
    }
    if (!ctx->racey) {
        if (reset) {
            snprintf(ctx->msg, sizeof ctx->msg,
                     "gcol: %u vertices still reset after %u rounds", reset, round);
            goto out;
        }
        if (steal_io(ctx, "gcol", scord_memcpy_dtoh(ctx->dev, col, ca, g.n * 4), "read colours") ||
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
