/* RED host side: see args.h. */
#include <stdio.h>
#include <stdlib.h>

#include "../../scor_app.h"
#include "args.h"

static uint32_t xorshift32(uint32_t *s)
{
    uint32_t x = *s;
    x ^= x << 13;
    x ^= x >> 17;
    x ^= x << 5;
    return *s = x;
}

/* A fresh allocation of `bytes`, filled from src (NULL: zeros). */
static int upload(struct scor_ctx *ctx, const void *src, size_t bytes, scord_addr *addr)
{
    int err = scord_malloc(ctx->dev, bytes, addr);
    if (!err)
        err = src ? scord_memcpy_htod(ctx->dev, *addr, src, bytes)
                  : scord_memset(ctx->dev, *addr, 0, bytes);
    if (err)
        snprintf(ctx->msg, sizeof ctx->msg, "red: allocating %zu bytes: %s (%s)", bytes,
                 scord_error_name(err), scord_last_error_detail(ctx->dev));
    return err ? -1 : 0;
}

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
        want += in[i] = xorshift32(&seed) >> 8;

    struct red_args args = {0, 0, 0, 0, 0, 0, n};
    if (upload(ctx, in, n * 4, &args.in) || upload(ctx, NULL, nb * nt * 4, &args.scratch) ||
        upload(ctx, NULL, nb * nt * 4, &args.ready) || upload(ctx, NULL, nb * 4, &args.partial) ||
        upload(ctx, NULL, 4, &args.ticket) || upload(ctx, NULL, 4, &args.total))
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
