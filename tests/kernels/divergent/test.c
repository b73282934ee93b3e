#include "args.h"
#include "compute.h"
#include "kernel_tests.h"

int test_divergent(scord_device *dev, const char *sw_dir)
{
    enum { N = 300 };
    static uint32_t seeds[N], out[N], want[N];
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/divergent"))
        goto out;
    uint32_t seed = 5;
    for (uint32_t i = 0; i < N; i++) {
        seeds[i] = kt_rand(&seed);
        want[i] = divergent_value(i, seeds[i]);
    }
    struct divergent_args args = {0, 0, N};
    uint32_t bs = t.max_block;
    if (kt_alloc(&t, sizeof seeds, seeds, 0, &args.seeds) ||
        kt_alloc(&t, sizeof out, NULL, 0xEE, &args.out) ||
        kt_run(&t, kt_dim((N + bs - 1) / bs, 1, 1), kt_dim(bs, 1, 1), &args, sizeof args) ||
        kt_read(&t, out, args.out, sizeof out) || kt_check_u32("out", out, want, N))
        goto out;
    r = 0;
out:
    kt_end(&t);
    return r;
}
