#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

int test_barrier(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    uint32_t *got = NULL, *want = NULL;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/barrier"))
        goto out;
    if (t.info.warps < 2) {
        kt_fail("needs 2 warps per core, the device has %u", t.info.warps);
        goto out;
    }
    /* Several warps, the last one partly filled (lanes past the block's
     * thread count start exited and must not hold up the barrier). */
    uint32_t nt = t.max_block - 1, nb = t.info.cores + 1, words = nb * nt * BAR_ROUNDS;
    if (nt <= t.info.threads)
        nt = t.max_block;
    got = malloc(words * 4);
    want = malloc(words * 4);
    if (!got || !want) {
        kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t tid = 0; tid < nt; tid++)
            for (uint32_t rd = 0; rd < BAR_ROUNDS; rd++)
                want[(b * nt + tid) * BAR_ROUNDS + rd] = bar_value(rd, (tid + t.info.threads) % nt);
    struct barrier_args args = {0, 0, 200};
    if (kt_alloc(&t, nb * nt * 4, NULL, 0xEE, &args.buf) ||
        kt_alloc(&t, words * 4, NULL, 0xEE, &args.seen) ||
        kt_run(&t, kt_dim(nb, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args) ||
        kt_read(&t, got, args.seen, words * 4) ||
        kt_check_u32("value read from another warp after __syncthreads", got, want, words))
        goto out;
    r = 0;
out:
    free(got);
    free(want);
    kt_end(&t);
    return r;
}
