#include <string.h>

#include "args.h"
#include "kernel_tests.h"

int test_histogram(scord_device *dev, const char *sw_dir)
{
    enum { N = 4096 };
    static uint32_t in[N];
    uint32_t want[HIST_BINS] = {0}, direct[HIST_BINS], merged[HIST_BINS];
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/histogram"))
        goto out;
    uint32_t seed = 11;
    for (uint32_t i = 0; i < N; i++) {
        /* Skewed: half of the values land in bin 3, so whole warps collide. */
        in[i] = (i & 1) ? 3 + HIST_BINS * (kt_rand(&seed) % 1000) : kt_rand(&seed);
        want[in[i] % HIST_BINS]++;
    }
    uint32_t nb = 2 * t.info.cores;
    struct histogram_args args = {0, 0, 0, 0, N};
    if (kt_alloc(&t, sizeof in, in, 0, &args.in) ||
        kt_alloc(&t, sizeof direct, NULL, 0, &args.direct) ||
        kt_alloc(&t, nb * HIST_BINS * 4, NULL, 0, &args.block_bins) ||
        kt_alloc(&t, sizeof merged, NULL, 0, &args.merged))
        goto out;
    if (kt_run(&t, kt_dim(nb, 1, 1), kt_dim(t.max_block, 1, 1), &args, sizeof args) ||
        kt_read(&t, direct, args.direct, sizeof direct) ||
        kt_read(&t, merged, args.merged, sizeof merged) ||
        kt_check_u32("direct (atomicAdd)", direct, want, HIST_BINS) ||
        kt_check_u32("merged (atomicAdd_block, then atomicAdd)", merged, want, HIST_BINS))
        goto out;
    r = 0;
out:
    kt_end(&t);
    return r;
}
