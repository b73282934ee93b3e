#include "args.h"
#include "kernel_tests.h"

int test_smem_histogram(scord_device *dev, const char *sw_dir)
{
    enum { N = 1500 };
    static uint32_t in[N];
    uint32_t want[SH_BINS] = {0}, got[SH_BINS];
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/smem_histogram"))
        goto out;
    uint32_t seed = 9;
    for (uint32_t i = 0; i < N; i++) {
        /* skewed: many lanes of a warp hit the same few bins at once */
        in[i] = i % 4 ? kt_rand(&seed) % 5 : kt_rand(&seed);
        want[in[i] % SH_BINS]++;
    }
    struct smem_histogram_args args = {0, 0, N};
    if (kt_alloc(&t, sizeof in, in, 0, &args.in) ||
        kt_alloc(&t, sizeof got, NULL, 0, &args.hist) ||
        kt_run(&t, kt_dim(2 * t.info.cores + 1, 1, 1), kt_dim(t.max_block, 1, 1), &args,
               sizeof args) ||
        kt_read(&t, got, args.hist, sizeof got) ||
        kt_check_u32("histogram (shared bins, block atomics)", got, want, SH_BINS))
        goto out;
    r = 0;
out:
    kt_end(&t);
    return r;
}
