/* The tiled matrix multiply of sw/examples/matmul_tiled (A and B tiles in
 * shared memory, __syncthreads between the copy and the products), on
 * blocks as tall as the configuration allows, against the host. */
#include <stdlib.h>

#include "kernel_tests.h"
#include "matmul_tiled/args.h"

int test_smem_matmul(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    int32_t *a = NULL, *b = NULL, *c = NULL, *want = NULL;
    if (kt_begin(&t, dev, sw_dir, "sw/examples/matmul_tiled"))
        goto out;
    /* blockDim = 8 x by, by = 4, 2 or 1 (what a core holds) */
    uint32_t by = t.max_block >= 32 ? 4 : t.max_block >= 16 ? 2 : 1;
    if (t.max_block < 8) {
        kt_fail("needs blocks of 8 threads, a core holds %u", t.max_block);
        goto out;
    }
    const uint32_t m = 2 * MATMUL_TILE_ROWS(by) * 2, n = 32, k = 24;
    a = malloc(m * k * 4);
    b = malloc(k * n * 4);
    c = malloc(m * n * 4);
    want = malloc(m * n * 4);
    if (!a || !b || !c || !want) {
        kt_fail("out of host memory");
        goto out;
    }
    uint32_t seed = 11;
    for (uint32_t i = 0; i < m * k; i++)
        a[i] = (int32_t)(kt_rand(&seed) % 201) - 100;
    for (uint32_t i = 0; i < k * n; i++)
        b[i] = (int32_t)(kt_rand(&seed) % 201) - 100;
    for (uint32_t i = 0; i < m; i++)
        for (uint32_t j = 0; j < n; j++) {
            int32_t acc = 0;
            for (uint32_t x = 0; x < k; x++)
                acc += a[i * k + x] * b[x * n + j];
            want[i * n + j] = acc;
        }
    struct matmul_tiled_args args = {0, 0, 0, m, n, k};
    if (kt_alloc(&t, m * k * 4, a, 0, &args.a) || kt_alloc(&t, k * n * 4, b, 0, &args.b) ||
        kt_alloc(&t, m * n * 4, NULL, 0xEE, &args.c) ||
        kt_run(&t, kt_dim(n / MATMUL_TILE_COLS, m / MATMUL_TILE_ROWS(by), 1), kt_dim(8, by, 1),
               &args, sizeof args) ||
        kt_read(&t, c, args.c, m * n * 4) ||
        kt_check_u32("C = A x B through shared memory", (const uint32_t *)c,
                     (const uint32_t *)want, m * n))
        goto out;
    r = 0;
out:
    free(a);
    free(b);
    free(c);
    free(want);
    kt_end(&t);
    return r;
}
