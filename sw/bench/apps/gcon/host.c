/* gcon host side: a sparse R-MAT graph (many components), rounds of label
 * propagation until no label changes; the race-free build checks that
 * every partition was processed exactly once per launch and that the
 * labels give the components a host union-find finds, up to renaming. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../scor_app.h"
#include "args.h"
#include "../gcol/rmat.h"
#include "../gcol/steal_host.h"

#define GCON_SEED 0xC0111ECull
#define GCON_MAX_ROUNDS 64u

static uint32_t uf_find(uint32_t *parent, uint32_t v)
{
    while (parent[v] != v) {
        parent[v] = parent[parent[v]];
        v = parent[v];
    }
    return v;
}

/* Same partition into components as a host union-find: labels equal
 * exactly when roots are equal (a renaming, both ways). */
static int check_components(struct scor_ctx *ctx, const struct rmat_graph *g, const uint32_t *lab)
{
    uint32_t n = g->n, *parent = malloc(n * 4), *root_lab = malloc(n * 4), *lab_root = malloc(n * 4);
    int r = -1;
    if (!parent || !root_lab || !lab_root) {
        snprintf(ctx->msg, sizeof ctx->msg, "gcon: out of host memory");
        goto out;
    }
    for (uint32_t v = 0; v < n; v++) {
        parent[v] = v;
        root_lab[v] = lab_root[v] = UINT32_MAX;
    }
    for (uint32_t v = 0; v < n; v++)
        for (uint32_t k = g->row[v]; k < g->row[v + 1]; k++) {
            uint32_t x = uf_find(parent, v), y = uf_find(parent, g->adj[k]);
            if (x != y)
                parent[x < y ? y : x] = x < y ? x : y;
        }
    for (uint32_t v = 0; v < n; v++) {
        uint32_t rt = uf_find(parent, v), l = lab[v];
        if (l >= n) {
            snprintf(ctx->msg, sizeof ctx->msg, "gcon: vertex %u has label %u, not a vertex", v, l);
            goto out;
        }
        if (root_lab[rt] == UINT32_MAX)
            root_lab[rt] = l;
        if (lab_root[l] == UINT32_MAX)
            lab_root[l] = rt;
        if (root_lab[rt] != l || lab_root[l] != rt) {
            snprintf(ctx->msg, sizeof ctx->msg,
                     "gcon: vertex %u: label %u, but its component (root %u) has label %u", v, l,
                     rt, root_lab[rt]);
            goto out;
        }
    }
    r = 0;
out:
    free(parent);
    free(root_lab);
    free(lab_root);
    return r;
}

static int gcon_run(struct scor_ctx *ctx)
{
    struct rmat_graph g;
    unsigned scale = ctx->large ? 12 : 8;
    uint32_t *init = NULL;
    if (ctx->info.warps * ctx->info.threads < GCON_BLOCK) {
        snprintf(ctx->msg, sizeof ctx->msg, "gcon: needs %u threads per core, the GPU has %u",
                 GCON_BLOCK, ctx->info.warps * ctx->info.threads);
        return -1;
    }
    if (rmat_build(&g, scale, 1u << scale, 570, 190, 190, GCON_SEED)) {
        snprintf(ctx->msg, sizeof ctx->msg, "gcon: out of host memory");
        return -1;
    }
    uint32_t np = ctx->info.cores ? ctx->info.cores : 1;
    uint32_t *pstart = malloc(np * 4), *pend = malloc(np * 4), *col = malloc(g.n * 4);
    int r = -1;
    init = malloc(g.n * 4);
    if (!pstart || !pend || !col || !init) {
        snprintf(ctx->msg, sizeof ctx->msg, "gcon: out of host memory");
        goto out;
    }
    steal_partition(g.n, np, pstart, pend);
    for (uint32_t v = 0; v < g.n; v++)
        init[v] = v;
    struct gcon_args args;
    memset(&args, 0, sizeof args);
    scord_addr ca, cb;
    struct steal_dev st = {.nparts = np, .chunk = GCON_CHUNK, .desc_words = GCON_DESC_WORDS,
                           .block = GCON_BLOCK};
    if (scor_upload(ctx, "gcon", g.row, (g.n + 1) * 4, &args.row) ||
        scor_upload(ctx, "gcon", g.adj, g.m * 4, &args.adj) ||
        scor_upload(ctx, "gcon", init, g.n * 4, &ca) || scor_upload(ctx, "gcon", NULL, g.n * 4, &cb) ||
        steal_alloc(ctx, "gcon", &st, pend, &args.pend, &args.scratch))
        goto out;
    args.next = st.next;
    args.done = st.done;
    args.desc = st.desc;
    args.count = st.count;
    args.n = g.n;
    args.nparts = np;
    uint32_t round, changed = 1;
    for (round = 0; round < GCON_MAX_ROUNDS && changed; round++) {
        args.in = round & 1 ? cb : ca;
        args.out = round & 1 ? ca : cb;
        if (steal_launch(ctx, "gcon", &st, &args, sizeof args, pstart, pend, &changed))
            goto out;
    }
    if (!ctx->racey) {
        if (changed) {
            snprintf(ctx->msg, sizeof ctx->msg, "gcon: %u labels still changing after %u rounds",
                     changed, round);
            goto out;
        }
        if (steal_io(ctx, "gcon", scord_memcpy_dtoh(ctx->dev, col, args.out, g.n * 4), "read labels") ||
            check_components(ctx, &g, col))
            goto out;
    }
    r = 0;
out:
    free(pstart);
    free(pend);
    free(col);
    free(init);
    rmat_free(&g);
    return r;
}

const struct scor_app scor_app_gcon = {"gcon", "sw/bench/apps/gcon", 5, gcon_run};
