/* 1DC host side: see args.h. */
#include <stdio.h>
#include <stdlib.h>

#include "../../scor_app.h"
#include "args.h"

static int run(struct scor_ctx *ctx)
{
    uint32_t n = ctx->large ? 16384 : 2048, ny = n + CONV_TAPS - 1;
    uint32_t nt = ctx->info.warps * ctx->info.threads; /* one block per core */
    int r = -1;
    int32_t *x = malloc(n * sizeof *x), *y = malloc(ny * sizeof *y), f[CONV_TAPS];
    if (!x || !y) {
        snprintf(ctx->msg, sizeof ctx->msg, "1dc: out of host memory");
        goto out;
    }
    uint32_t seed = 0x1dc0ffeeu;
    for (uint32_t i = 0; i < n; i++)
        x[i] = (int32_t)(scor_rand32(&seed) % 201) - 100;
    for (uint32_t j = 0; j < CONV_TAPS; j++)
        f[j] = (int32_t)(scor_rand32(&seed) % 17) - 8;

    struct conv1d_args args = {0, 0, 0, n};
    if (scor_upload(ctx, "1dc", x, n * 4, &args.x) || scor_upload(ctx, "1dc", f, sizeof f, &args.f) ||
        scor_upload(ctx, "1dc", NULL, ny * 4, &args.y))
        goto out;
    struct scord_dim3 grid = {(n + nt - 1) / nt, 1, 1}, block = {nt, 1, 1};
    if (ctx->launch(ctx, grid, block, &args, sizeof args))
        goto out;
    if (ctx->racey) {
        r = 0;
        goto out;
    }
    int err = scord_memcpy_dtoh(ctx->dev, y, args.y, ny * 4);
    if (err) {
        snprintf(ctx->msg, sizeof ctx->msg, "1dc: reading y: %s", scord_error_name(err));
        goto out;
    }
    for (uint32_t o = 0; o < ny; o++) {
        uint32_t want = 0; /* unsigned: wraps like the device's 32-bit adds */
        for (uint32_t j = 0; j < CONV_TAPS; j++)
            if (o >= j && o - j < n)
                want += (uint32_t)x[o - j] * (uint32_t)f[j];
        if ((uint32_t)y[o] != want) {
            snprintf(ctx->msg, sizeof ctx->msg, "1dc: y[%u] = %d, expected %d", o, y[o],
                     (int32_t)want);
            goto out;
        }
    }
    r = 0;
out:
    free(x);
    free(y);
    return r;
}

const struct scor_app scor_app_1dc = {"1dc", "sw/bench/apps/1dc", 1, run};
