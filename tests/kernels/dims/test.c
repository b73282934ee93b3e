#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

static int run_shape(struct kt *t, struct scord_dim3 g, struct scord_dim3 b)
{
    uint32_t nb = g.x * g.y * g.z, nt = b.x * b.y * b.z, words = nb * nt * DIMS_WORDS;
    uint32_t *got = malloc(words * 4u), *want = malloc(words * 4u);
    int r = -1;
    struct dims_args args;
    if (!got || !want) {
        kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t blk = 0; blk < nb; blk++)
        for (uint32_t tid = 0; tid < nt; tid++) {
            uint32_t *w = want + (blk * nt + tid) * DIMS_WORDS;
            w[DIMS_TX] = tid % b.x;
            w[DIMS_TY] = tid / b.x % b.y;
            w[DIMS_TZ] = tid / (b.x * b.y);
            w[DIMS_BX] = blk % g.x;
            w[DIMS_BY] = blk / g.x % g.y;
            w[DIMS_BZ] = blk / (g.x * g.y);
            w[DIMS_BDX] = b.x;
            w[DIMS_BDY] = b.y;
            w[DIMS_BDZ] = b.z;
            w[DIMS_GDX] = g.x;
            w[DIMS_GDY] = g.y;
            w[DIMS_GDZ] = g.z;
            w[DIMS_TID] = tid;
            w[DIMS_LANE] = tid % t->info.threads;
            w[DIMS_WARP] = tid / t->info.threads;
            w[DIMS_BLOCK] = blk;
            w[DIMS_WARPSIZE] = t->info.threads;
            w[DIMS_LINEAR_BLOCK_THREADS] = nt;
        }
    if (kt_alloc(t, words * 4u, NULL, 0xEE, &args.out) || kt_run(t, g, b, &args, sizeof args) ||
        kt_read(t, got, args.out, words * 4u))
        goto out;
    char what[96];
    snprintf(what, sizeof what, "grid %ux%ux%u block %ux%ux%u: out", g.x, g.y, g.z, b.x, b.y, b.z);
    r = kt_check_u32(what, got, want, words);
out:
    free(got);
    free(want);
    return r;
}

int test_dims(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/dims"))
        goto out;
    /* 3-D block of at most max_block threads, not a power of two in x. */
    uint32_t bz = 2, by = 2, bx = t.max_block / 4 > 1 ? t.max_block / 4 - 1 : 1;
    if (run_shape(&t, kt_dim(3, 2, 2), kt_dim(bx, by, bz)) ||
        run_shape(&t, kt_dim(5, 1, 1), kt_dim(t.max_block, 1, 1)) ||
        run_shape(&t, kt_dim(2, 3, 1), kt_dim(1, t.max_block / 2, 1)))
        goto out;
    r = 0;
out:
    kt_end(&t);
    return r;
}
