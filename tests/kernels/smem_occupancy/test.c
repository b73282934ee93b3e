#include <stdio.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"

int test_smem_occupancy(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/smem_occupancy"))
        goto out;
    uint32_t cap = t.info.smem_bytes, row = 4 * t.info.threads, stat = scord_kernel_shared_bytes(t.kernel);
    /* Slices for 1, 2 and 3 blocks per core; one-warp blocks, so warp
     * slots alone would let NUM_WARPS blocks share a core. */
    for (uint32_t fit = 1; fit <= 3; fit++) {
        uint32_t slice = cap / fit / row * row, limit = fit < t.info.warps ? fit : t.info.warps;
        uint32_t nb = 3 * t.info.cores * limit + 1;
        uint32_t most[64], bad[64];
        if (t.info.cores > 64 || nb > 64) {
            kt_fail("too many cores for this test");
            goto out;
        }
        struct smem_occupancy_args args = {0, 0, 0, 150};
        if (kt_alloc(&t, t.info.cores * 4, NULL, 0, &args.resident) ||
            kt_alloc(&t, t.info.cores * 4, NULL, 0, &args.most) ||
            kt_alloc(&t, nb * 4, NULL, 0, &args.bad) ||
            kt_run_shared(&t, kt_dim(nb, 1, 1), kt_dim(t.info.threads, 1, 1), slice - stat, &args,
                          sizeof args) ||
            kt_read(&t, most, args.most, t.info.cores * 4) || kt_read(&t, bad, args.bad, nb * 4))
            goto out;
        uint32_t top = 0;
        for (uint32_t c = 0; c < t.info.cores; c++) {
            if (most[c] > limit) {
                kt_fail("slices of %u bytes: core %u held %u blocks at once, only %u fit in its "
                        "%u bytes",
                        slice, c, most[c], limit, cap);
                goto out;
            }
            top = most[c] > top ? most[c] : top;
        }
        if (top != limit) {
            kt_fail("slices of %u bytes: at most %u blocks per core ran at once, expected %u",
                    slice, top, limit);
            goto out;
        }
        for (uint32_t b = 0; b < nb; b++)
            if (bad[b]) {
                kt_fail("slices of %u bytes: block %u found %u words of its slice overwritten",
                        slice, b, bad[b]);
                goto out;
            }
        scord_free_all(dev);
    }
    r = 0;
out:
    kt_end(&t);
    return r;
}
