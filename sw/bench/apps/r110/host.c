/* R110 host side: see args.h. */
#include <stdio.h>
#include <stdlib.h>

#include "../../scor_app.h"
#include "args.h"

static int run(struct scor_ctx *ctx)
{
    /* The blocks wait for each other: launch no more than can be resident,
     * one block of a core's every thread on each core. */
    uint32_t nb = ctx->info.cores, nt = ctx->info.warps * ctx->info.threads;
    uint32_t per_thread = ctx->large ? 16 : 4, iters = ctx->large ? 64 : 32;
    uint32_t n = nb * nt * per_thread, stride = ctx->info.line_bytes / 4;
    int r = -1;
    /* Two buffers of n + 2 words: cell i is word i + 1, words 0 and n + 1 stay 0. */
    uint32_t *cells = calloc(2 * ((size_t)n + 2), sizeof *cells), *got = malloc(n * sizeof *got);
    if (!cells || !got) {
        snprintf(ctx->msg, sizeof ctx->msg, "r110: out of host memory");
        goto out;
    }
    uint32_t seed = 0x110110u;
    for (uint32_t i = 0; i < n; i++)
        cells[1 + i] = scor_rand32(&seed) >> 31;

    struct r110_args args = {0, 0, n, iters, stride ? stride : 1};
    if (scor_upload(ctx, "r110", cells, 2 * (n + 2) * 4, &args.cells) ||
        scor_upload(ctx, "r110", NULL, nb * args.stride * 4, &args.progress))
        goto out;
    struct scord_dim3 grid = {nb, 1, 1}, block = {nt, 1, 1};
    if (ctx->launch(ctx, grid, block, &args, sizeof args))
        goto out;
    if (ctx->racey) {
        r = 0;
        goto out;
    }
    /* Reference: the same generations on the host. */
    for (uint32_t g = 0; g < iters; g++) {
        const uint32_t *cur = cells + (g & 1) * (n + 2);
        uint32_t *nxt = cells + ((g + 1) & 1) * (n + 2);
        for (uint32_t i = 1; i <= n; i++)
            nxt[i] = (110u >> (cur[i - 1] << 2 | cur[i] << 1 | cur[i + 1])) & 1;
    }
    int err = scord_memcpy_dtoh(ctx->dev, got, args.cells + ((iters & 1) * (n + 2) + 1) * 4, n * 4);
    if (err) {
        snprintf(ctx->msg, sizeof ctx->msg, "r110: reading the cells: %s",
                 scord_error_name(err));
        goto out;
    }
    const uint32_t *want = cells + (iters & 1) * (n + 2) + 1;
    for (uint32_t i = 0; i < n; i++)
        if (got[i] != want[i]) {
            snprintf(ctx->msg, sizeof ctx->msg,
                     "r110: cell %u after %u generations is %u, expected %u", i, iters, got[i],
                     want[i]);
            goto out;
        }
    r = 0;
out:
    free(cells);
    free(got);
    return r;
}

const struct scor_app scor_app_r110 = {"r110", "sw/bench/apps/r110", 2, run};
