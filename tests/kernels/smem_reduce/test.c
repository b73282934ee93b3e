#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

int test_smem_reduce(scord_device *dev, const char *sw_dir)
{
    enum { N = 2000 };
    static uint32_t in[N];
    struct kt t;
    int r = -1;
    uint32_t *partial = NULL, *want = NULL;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/smem_reduce"))
        goto out;
    /* A block of a few warps, not a power of two, and a short last warp. */
    uint32_t nt = t.max_block > t.info.threads ? t.max_block - 1 : t.max_block;
    uint32_t nb = 2 * t.info.cores + 1, seed = 5, total = 0;
    partial = calloc(nb, 4);
    want = calloc(nb, 4);
    if (!partial || !want) {
        kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t i = 0; i < N; i++) {
        in[i] = kt_rand(&seed);
        total += in[i];
        want[i / nt % nb] += in[i];
    }
    struct smem_reduce_args args = {0, 0, 0, N};
    uint32_t got_total;
    if (kt_alloc(&t, sizeof in, in, 0, &args.in) ||
        kt_alloc(&t, nb * 4, NULL, 0xEE, &args.partial) ||
        kt_alloc(&t, 4, NULL, 0, &args.total) ||
        kt_run(&t, kt_dim(nb, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args) ||
        kt_read(&t, partial, args.partial, nb * 4) || kt_read(&t, &got_total, args.total, 4) ||
        kt_check_u32("block sums (shared tree, then __shfl_down_sync)", partial, want, nb) ||
        kt_check_u32("total (atomicAdd)", &got_total, &total, 1))
        goto out;
    r = 0;
out:
    free(partial);
    free(want);
    kt_end(&t);
    return r;
}
