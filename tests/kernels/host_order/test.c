/* What the host writes between two launches, every kernel sees, and what
 * a kernel wrote the host reads after scord_wait (docs/detector.md §15,
 * "Caches across launches"): the host's copies go to device memory past
 * the GPU's caches, and every start empties each core's L1 (and I$) and
 * the L2, which write through. A first launch reads `in` (its lines now
 * in the L1s and the L2), the host rewrites `in`, the same launch again
 * must see the new values; the host then rewrites `out`, which the
 * kernels stored to, and a kernel adding to it must start from the
 * host's values. */
#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

static int run_mode(struct kt *t, const struct host_order_args *a)
{
    uint32_t bs = t->max_block, nb = (a->n + bs - 1) / bs;
    return kt_run(t, kt_dim(nb, 1, 1), kt_dim(bs, 1, 1), a, sizeof *a);
}

static int put(struct kt *t, scord_addr dst, const uint32_t *src, uint32_t n)
{
    int err = scord_memcpy_htod(t->dev, dst, src, 4 * (size_t)n);
    return err ? kt_fail("copy to 0x%08x: %s", dst, scord_error_name(err)) : 0;
}

static int check(struct kt *t, const char *what, scord_addr src, const uint32_t *want,
                 uint32_t n, uint32_t *got)
{
    if (kt_read(t, got, src, 4 * (size_t)n))
        return -1;
    return kt_check_u32(what, got, want, n);
}

int test_host_order(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/host_order"))
        return -1;
    uint32_t n = 4 * t.max_block; /* several lines per block, several blocks */
    uint32_t *a = malloc(4 * n), *b = malloc(4 * n), *c = malloc(4 * n), *got = malloc(4 * n);
    int r = -1;
    if (!a || !b || !c || !got) {
        kt_fail("out of host memory");
        goto out;
    }
    uint32_t seed = 73;
    for (uint32_t i = 0; i < n; i++) {
        a[i] = kt_rand(&seed);
        b[i] = ~a[i];
        c[i] = kt_rand(&seed);
    }
    struct host_order_args args = {0, 0, n, 0};
    if (kt_alloc(&t, 4 * n, a, 0, &args.in) || kt_alloc(&t, 4 * n, NULL, 0, &args.out))
        goto out;
    /* in = A: out = A, and in's lines are cached now */
    if (run_mode(&t, &args) || check(&t, "out after the first launch", args.out, a, n, got))
        goto out;
    /* in = B behind the caches' back: the next launch reads B, not A */
    if (put(&t, args.in, b, n) || run_mode(&t, &args) ||
        check(&t, "out after the host rewrote in", args.out, b, n, got))
        goto out;
    /* out = C, where the kernels stored: out += in gives C + B */
    if (put(&t, args.out, c, n))
        goto out;
    args.mode = 1;
    if (run_mode(&t, &args))
        goto out;
    for (uint32_t i = 0; i < n; i++)
        c[i] += b[i];
    if (check(&t, "out after the host rewrote out", args.out, c, n, got))
        goto out;
    r = 0;
out:
    free(a);
    free(b);
    free(c);
    free(got);
    kt_end(&t);
    return r;
}
