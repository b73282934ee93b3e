#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

int test_bar_diverge(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    uint32_t *got = NULL, *want = NULL;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/bar_diverge"))
        goto out;
    if (t.info.warps < 2 || t.info.threads < 2) {
        kt_fail("needs 2 warps of 2 threads per core, the device has %u x %u", t.info.warps,
                t.info.threads);
        goto out;
    }
    uint32_t nt = t.max_block, nw = t.info.warps, nb = t.info.cores + 1, n = nb * nt;
    got = malloc(n * 4);
    want = malloc(n * 4);
    if (!got || !want) {
        kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t tid = 0; tid < nt; tid++)
            want[b * nt + tid] = bd_value(b, (tid / t.info.threads + 1) % nw);
    struct bar_diverge_args args = {0, 0, 300};
    if (kt_alloc(&t, nb * nw * 4, NULL, 0xEE, &args.flag) ||
        kt_alloc(&t, n * 4, NULL, 0xEE, &args.seen) ||
        kt_run(&t, kt_dim(nb, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args) ||
        kt_read(&t, got, args.seen, n * 4) ||
        kt_check_u32("flag of the next warp, read after a partly divergent __syncthreads", got,
                     want, n))
        goto out;
    r = 0;
out:
    free(got);
    free(want);
    kt_end(&t);
    return r;
}
