#include "args.h"
#include "kernel_tests.h"

/* Odd sizes, so blocks on the right and bottom edges are partly idle, and a
 * 2-D block shape that spans several warps. */
int test_matmul(scord_device *dev, const char *sw_dir)
{
    enum { M = 13, N = 19, K = 11 };
    static int32_t a[M * K], b[K * N];
    static uint32_t c[M * N], want[M * N];
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/matmul"))
        goto out;
    uint32_t seed = 7;
    for (int i = 0; i < M * K; i++)
        a[i] = (int32_t)(kt_rand(&seed) % 2001) - 1000;
    for (int i = 0; i < K * N; i++)
        b[i] = (int32_t)(kt_rand(&seed) % 2001) - 1000;
    a[0] = INT32_MAX; /* one row wraps around */
    for (int i = 0; i < M; i++)
        for (int j = 0; j < N; j++) {
            uint32_t acc = 0;
            for (int p = 0; p < K; p++)
                acc += (uint32_t)a[i * K + p] * (uint32_t)b[p * N + j];
            want[i * N + j] = acc;
        }
    struct matmul_args args = {0, 0, 0, M, N, K};
    if (kt_alloc(&t, sizeof a, a, 0, &args.a) || kt_alloc(&t, sizeof b, b, 0, &args.b) ||
        kt_alloc(&t, sizeof c, NULL, 0xEE, &args.c))
        goto out;
    /* x = one warp wide, y = as many warps as a core holds. */
    uint32_t bx = t.info.threads, by = t.info.warps;
    if (kt_run(&t, kt_dim((N + bx - 1) / bx, (M + by - 1) / by, 1), kt_dim(bx, by, 1), &args,
               sizeof args) ||
        kt_read(&t, c, args.c, sizeof c) || kt_check_u32("C", c, want, M * N))
        goto out;
    r = 0;
out:
    kt_end(&t);
    return r;
}
