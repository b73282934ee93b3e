#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

/* Two launches: one thread per element with a ragged last block, then fewer
 * threads than elements so the grid-stride loop runs several times. */
int test_vecadd(scord_device *dev, const char *sw_dir)
{
    enum { N = 1000 };
    static uint32_t a[N], b[N], c[N], want[N];
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/vecadd"))
        goto out;
    uint32_t seed = 1;
    for (int i = 0; i < N; i++) {
        a[i] = kt_rand(&seed);
        b[i] = i == 0 ? 0x7fffffffu : kt_rand(&seed); /* include a signed overflow */
        want[i] = a[i] + b[i];
    }
    a[0] = 1;
    want[0] = 0x80000000u;
    struct vecadd_args args = {0, 0, 0, N};
    if (kt_alloc(&t, sizeof a, a, 0, &args.a) || kt_alloc(&t, sizeof b, b, 0, &args.b) ||
        kt_alloc(&t, sizeof c, NULL, 0xEE, &args.c))
        goto out;
    uint32_t bs = t.max_block;
    if (kt_run(&t, kt_dim((N + bs - 1) / bs, 1, 1), kt_dim(bs, 1, 1), &args, sizeof args) ||
        kt_read(&t, c, args.c, sizeof c) || kt_check_u32("c (one thread per element)", c, want, N))
        goto out;
    if (scord_memset(dev, args.c, 0xEE, sizeof c)) {
        kt_fail("scord_memset failed");
        goto out;
    }
    bs = t.info.threads > 1 ? t.info.threads - 1 : 1; /* a block smaller than a warp */
    if (kt_run(&t, kt_dim(3, 1, 1), kt_dim(bs, 1, 1), &args, sizeof args) ||
        kt_read(&t, c, args.c, sizeof c) || kt_check_u32("c (grid-stride)", c, want, N))
        goto out;
    r = 0;
out:
    kt_end(&t);
    return r;
}
