#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

int test_reduce(scord_device *dev, const char *sw_dir)
{
    enum { N = 3000 };
    static uint32_t in[N];
    struct kt t;
    int r = -1;
    uint32_t *partial = NULL, *count = NULL, *want_partial = NULL, *want_count = NULL;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/reduce"))
        goto out;
    /* A non-power-of-two block (when possible) exercises the ragged tree. */
    uint32_t nt = t.max_block > 2 ? t.max_block - 1 : t.max_block;
    uint32_t nb = 2 * t.info.cores + 1, stride = t.info.line_bytes / 4;
    uint32_t seed = 3, total = 0;
    partial = calloc(nb, 4);
    want_partial = calloc(nb, 4);
    count = calloc(nb * stride, 4);
    want_count = calloc(nb * stride, 4);
    if (!partial || !want_partial || !count || !want_count) {
        kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t i = 0; i < N; i++) {
        in[i] = kt_rand(&seed);
        total += in[i];
        want_partial[i / nt % nb] += in[i];
    }
    for (uint32_t b = 0; b < nb; b++)
        want_count[b * stride] = nt;
    struct reduce_args args = {0, 0, 0, 0, 0, N, stride};
    if (kt_alloc(&t, sizeof in, in, 0, &args.in) ||
        kt_alloc(&t, nb * nt * 4, NULL, 0xEE, &args.scratch) ||
        kt_alloc(&t, nb * 4, NULL, 0xEE, &args.partial) ||
        kt_alloc(&t, nb * stride * 4, NULL, 0, &args.block_count) ||
        kt_alloc(&t, 4, NULL, 0, &args.total))
        goto out;
    uint32_t got_total;
    if (kt_run(&t, kt_dim(nb, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args) ||
        kt_read(&t, partial, args.partial, nb * 4) ||
        kt_read(&t, count, args.block_count, nb * stride * 4) ||
        kt_read(&t, &got_total, args.total, 4) ||
        kt_check_u32("block_count (atomicAdd_block)", count, want_count, nb * stride) ||
        kt_check_u32("partial (tree with __syncthreads)", partial, want_partial, nb) ||
        kt_check_u32("total (atomicAdd)", &got_total, &total, 1))
        goto out;
    r = 0;
out:
    free(partial);
    free(want_partial);
    free(count);
    free(want_count);
    kt_end(&t);
    return r;
}
