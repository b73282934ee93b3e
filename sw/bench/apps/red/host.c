/* RED host side: see args.h. */
#include <stdio.h>
#include <stdlib.h>

#include "../../scor_app.h"
#include "args.h"

static int run(struct scor_ctx *ctx)
{
    uint32_t nb = ctx->large ? 64 : 16, per_thread = ctx->large ? 32 : 16;
    uint32_t nt = ctx->info.warps * ctx->info.threads; /* one block per core */
    uint32_t n = nb * nt * per_thread;
    int r = -1;
    uint32_t *in = malloc(n * sizeof *in);
    if (!in) {
        snprintf(ctx->msg, sizeof ctx->msg, "red: out of host memory");
        return -1;
    }
    uint32_t seed = 0x5eed0ed1u, want = 0;
    for (uint32_t i = 0; i < n; i++)
        want += in[i] = scor_rand32(&seed) >> 8;

    struct red_args args = {0, 0, 0, 0, 0, 0, n};
    if (scor_upload(ctx, "red", in, n * 4, &args.in) || scor_upload(ctx, "red", NULL, nb * nt * 4, &args.scratch) ||
        scor_upload(ctx, "red", NULL, nb * nt * 4, &args.ready) || scor_upload(ctx, "red", NULL, nb * 4, &args.partial) ||
        scor_upload(ctx, "red", NULL, 4, &args.ticket) || scor_upload(ctx, "red", NULL, 4, &args.total))
        goto out;
    struct scord_dim3 grid = {nb, 1, 1}, block = {nt, 1, 1};
    if (ctx->launch(ctx, grid, block, &args, sizeof args))
        goto out;
    if (ctx->racey) {
        r = 0;
        goto out;
    }
    uint32_t got;
    int err = scord_memcpy_dtoh(ctx->dev, &got, args.total, 4);
    if (err) {
        snprintf(ctx->msg, sizeof ctx->msg, "red: reading the total: %s", scord_error_name(err));
        goto out;
    }
    if (got != want) {
        snprintf(ctx->msg, sizeof ctx->msg, "red: total 0x%08x, expected 0x%08x", got, want);
        goto out;
    }
    r = 0;
out:
    free(in);
    return r;
}

const struct scor_app scor_app_red = {"red", "sw/bench/apps/red", 2, run};
