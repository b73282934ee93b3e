/* MM host side: see args.h. */
#include <stdio.h>
#include <stdlib.h>

#include "../../scor_app.h"
#include "args.h"

static int run(struct scor_ctx *ctx)
{
    uint32_t ws = ctx->info.threads, nwarps = ctx->info.warps;
    if (ws < 4 || (MM_TILE * MM_TILE) % ws) {
        snprintf(ctx->msg, sizeof ctx->msg, "mm: needs a warp size of 4..%u dividing %u",
                 MM_TILE * MM_TILE, MM_TILE * MM_TILE);
        return -1;
    }
    uint32_t m = ctx->large ? 32 : 16, n = m, chunks = ctx->large ? 8 : 4;
    uint32_t kchunk = 8 * nwarps, k = kchunk * chunks;
    uint32_t tiles = (m / MM_TILE) * (n / MM_TILE), nblocks = tiles * chunks;
    uint32_t stride = ctx->info.line_bytes / 4 ? ctx->info.line_bytes / 4 : 1;
    int r = -1;
    int32_t *A = malloc((size_t)m * k * 4), *B = malloc((size_t)k * n * 4);
    int32_t *C = malloc((size_t)m * n * 4);
    if (!A || !B || !C) {
        snprintf(ctx->msg, sizeof ctx->msg, "mm: out of host memory");
        goto out;
    }
    uint32_t seed = 0x3a7e1u;
    for (uint32_t i = 0; i < m * k; i++)
        A[i] = (int32_t)(scor_rand32(&seed) % 2001) - 1000;
    for (uint32_t i = 0; i < k * n; i++)
        B[i] = (int32_t)(scor_rand32(&seed) % 2001) - 1000;

    struct mm_args args = {0, 0, 0, 0, 0, 0, m, n, k, kchunk, stride};
    if (scor_upload(ctx, "mm", A, (size_t)m * k * 4, &args.a) || scor_upload(ctx, "mm", B, (size_t)k * n * 4, &args.b) ||
        scor_upload(ctx, "mm", NULL, (size_t)m * n * 4, &args.c) ||
        scor_upload(ctx, "mm", NULL, (size_t)nblocks * MM_TILE * MM_TILE * 4, &args.part) ||
        scor_upload(ctx, "mm", NULL, (size_t)(nblocks + tiles) * stride * 4, &args.locks) ||
        scor_upload(ctx, "mm", NULL, (size_t)nblocks * stride * 4, &args.count))
        goto out;
    struct scord_dim3 grid = {tiles, chunks, 1}, block = {nwarps * ws, 1, 1};
    if (ctx->launch(ctx, grid, block, &args, sizeof args))
        goto out;
    if (ctx->racey) {
        r = 0;
        goto out;
    }
    int err = scord_memcpy_dtoh(ctx->dev, C, args.c, (size_t)m * n * 4);
    if (err) {
        snprintf(ctx->msg, sizeof ctx->msg, "mm: reading C: %s", scord_error_name(err));
        goto out;
    }
    for (uint32_t i = 0; i < m; i++)
        for (uint32_t j = 0; j < n; j++) {
            uint32_t want = 0; /* unsigned: wraps like the device's 32-bit arithmetic */
            for (uint32_t kk = 0; kk < k; kk++)
                want += (uint32_t)A[i * k + kk] * (uint32_t)B[kk * n + j];
            if ((uint32_t)C[i * n + j] != want) {
                snprintf(ctx->msg, sizeof ctx->msg, "mm: C[%u][%u] = %d, expected %d", i, j,
                         C[i * n + j], (int32_t)want);
                goto out;
            }
        }
    r = 0;
out:
    free(A);
    free(B);
    free(C);
    return r;
}

const struct scor_app scor_app_mm = {"mm", "sw/bench/apps/mm", 4, run};
