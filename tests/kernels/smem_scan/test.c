#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

int test_smem_scan(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    uint32_t *in = NULL, *want = NULL, *got = NULL;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/smem_scan"))
        goto out;
    uint32_t nt = t.max_block > t.info.threads ? t.max_block - 2 : t.max_block;
    uint32_t nb = t.info.cores + 1, n = nb * nt, seed = 21;
    in = malloc(n * 4);
    want = malloc(n * 4);
    got = malloc(n * 4);
    if (!in || !want || !got) {
        kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t i = 0; i < n; i++) {
        in[i] = kt_rand(&seed) % 1000;
        want[i] = in[i] + (i % nt ? want[i - 1] : 0);
    }
    struct smem_scan_args args = {0, 0, 0};
    if (kt_alloc(&t, n * 4, in, 0, &args.in) || kt_alloc(&t, n * 4, NULL, 0xEE, &args.warp_out) ||
        kt_alloc(&t, n * 4, NULL, 0xEE, &args.buf_out) ||
        kt_run(&t, kt_dim(nb, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args) ||
        kt_read(&t, got, args.warp_out, n * 4) ||
        kt_check_u32("prefix sums: __shfl_up_sync and warp totals in shared memory", got, want,
                     n) ||
        kt_read(&t, got, args.buf_out, n * 4) ||
        kt_check_u32("prefix sums: double-buffered in shared memory", got, want, n))
        goto out;
    r = 0;
out:
    free(in);
    free(want);
    free(got);
    kt_end(&t);
    return r;
}
