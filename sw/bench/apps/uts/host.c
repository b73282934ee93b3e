/* uts host side: the roots on block 0's global stack, one launch, and (race
 * free build) the number of nodes expanded compared with a walk of the
 * same trees on the host. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../../scor_app.h"
#include "args.h"

#define UTS_SEED 0x075EEDu
#define UTS_CAP 1024u
#define UTS_LMAX 8u

/* Nodes of the tree below (key, depth), itself included. */
static uint64_t host_walk(uint32_t key, uint32_t depth, uint32_t levels)
{
    uint64_t n = 1;
    uint32_t nk = uts_children(key, depth, levels);
    for (uint32_t i = 0; i < nk; i++)
        n += host_walk(uts_child_key(key, i), depth + 1, levels);
    return n;
}

static int uts_run(struct scor_ctx *ctx)
{
    uint32_t roots = ctx->large ? 32 : 6, levels = ctx->large ? 7 : 5;
    uint32_t nb = ctx->info.cores ? ctx->info.cores : 1;
    uint32_t bt = ctx->info.warps * ctx->info.threads, wpb = ctx->info.warps;
    uint32_t sw = UTS_STACK_WORDS(UTS_CAP), nworkers = nb * wpb;
    uint32_t *stacks = calloc((size_t)2 * nb * sw, 4), *count = calloc(nworkers, 4);
    int r = -1, err;
    if (!stacks || !count) {
        snprintf(ctx->msg, sizeof ctx->msg, "uts: out of host memory");
        goto out;
    }
    if (roots > UTS_CAP) {
        snprintf(ctx->msg, sizeof ctx->msg, "uts: %u roots do not fit a stack", roots);
        goto out;
    }
    uint64_t want = 0;
    uint32_t *g0 = stacks + sw; /* block 0's global stack */
    for (uint32_t i = 0; i < roots; i++) {
        uint32_t key = uts_mix(UTS_SEED + i);
        g0[UTS_NODES + 2 * i] = key;
        g0[UTS_NODES + 2 * i + 1] = 0;
        want += host_walk(key, 0, levels);
    }
    g0[UTS_TOP] = roots;
    g0[UTS_AVAIL] = roots;
    struct uts_args args = {0, 0, 0, 0, UTS_CAP, UTS_LMAX, levels, wpb};
    uint32_t pending = roots;
    size_t sbytes = (size_t)2 * nb * sw * 4;
    if ((err = scord_malloc(ctx->dev, sbytes, &args.stacks)) ||
        (err = scord_memcpy_htod(ctx->dev, args.stacks, stacks, sbytes)) ||
        (err = scord_malloc(ctx->dev, 4, &args.pending)) ||
        (err = scord_memcpy_htod(ctx->dev, args.pending, &pending, 4)) ||
        (err = scord_malloc(ctx->dev, nworkers * 4, &args.count)) ||
        (err = scord_memset(ctx->dev, args.count, 0, nworkers * 4)) ||
        (err = scord_malloc(ctx->dev, 4, &args.err)) ||
        (err = scord_memset(ctx->dev, args.err, 0, 4))) {
        snprintf(ctx->msg, sizeof ctx->msg, "uts: device memory: %s", scord_strerror(err));
        goto out;
    }
    struct scord_dim3 grid = {nb, 1, 1}, block = {bt, 1, 1};
    if (ctx->launch(ctx, grid, block, &args, sizeof args))
        goto out;
    uint32_t flag = 0;
    if ((err = scord_memcpy_dtoh(ctx->dev, count, args.count, nworkers * 4)) ||
        (err = scord_memcpy_dtoh(ctx->dev, &flag, args.err, 4)) ||
        (err = scord_memcpy_dtoh(ctx->dev, &pending, args.pending, 4))) {
        snprintf(ctx->msg, sizeof ctx->msg, "uts: reading results: %s", scord_strerror(err));
        goto out;
    }
    uint64_t got = 0;
    for (uint32_t i = 0; i < nworkers; i++)
        got += count[i];
    if (!ctx->racey) {
        if (flag) {
            snprintf(ctx->msg, sizeof ctx->msg, "uts: a global stack overflowed (%u nodes)",
                     UTS_CAP);
            goto out;
        }
        if (got != want || pending != 0) {
            snprintf(ctx->msg, sizeof ctx->msg,
                     "uts: %llu nodes expanded, the trees have %llu (%u pending)",
                     (unsigned long long)got, (unsigned long long)want, pending);
            goto out;
        }
    }
    r = 0;
out:
    free(stacks);
    free(count);
    return r;
}

const struct scor_app scor_app_uts = {"uts", "sw/bench/apps/uts", 6, uts_run};
