#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"

int handshake_test(scord_device *dev, const char *sw_dir, const char *rel, int fenced)
{
    struct kt t;
    int r = -1;
    uint32_t *buf = NULL;
    if (kt_begin(&t, dev, sw_dir, rel))
        goto out;
    if (t.info.cores < 2) {
        kt_fail("needs 2 cores, the device has %u", t.info.cores);
        goto out;
    }
    uint32_t nt = t.info.threads, n = 4 * nt;
    buf = malloc(4 * n * sizeof *buf);
    if (!buf) {
        kt_fail("out of host memory");
        goto out;
    }
    uint32_t *old = buf, *neu = buf + n, *got = buf + 2 * n, *want = buf + 3 * n;
    for (uint32_t i = 0; i < n; i++) {
        old[i] = HS_OLD(i);
        neu[i] = HS_NEW(i);
    }
    struct prodcons_args args = {0, 0, 0, 0, 0, n};
    if (kt_alloc(&t, n * 4, old, 0, &args.data) || kt_alloc(&t, 64, NULL, 0, &args.flags) ||
        kt_alloc(&t, n * 4, NULL, 0xEE, &args.pre) || kt_alloc(&t, n * 4, NULL, 0xEE, &args.post) ||
        kt_alloc(&t, 8, NULL, 0xEE, &args.cores))
        goto out;
    if (kt_run(&t, kt_dim(2, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args))
        goto out;
    uint32_t cores[2];
    if (kt_read(&t, cores, args.cores, sizeof cores))
        goto out;
    if (cores[0] == cores[1]) {
        kt_fail("blocks 0 and 1 both ran on core %u: the test needs two cores", cores[0]);
        goto out;
    }
    if (kt_read(&t, got, args.pre, n * 4) || kt_check_u32("consumer's first read", got, old, n) ||
        kt_read(&t, got, args.data, n * 4) || kt_check_u32("data in memory", got, neu, n) ||
        kt_read(&t, got, args.post, n * 4))
        goto out;
    memcpy(want, fenced ? neu : old, n * 4);
    if (kt_check_u32(fenced ? "read after flag + fence (must be new)"
                            : "read after flag, no fence (must be stale)",
                     got, want, n))
        goto out;
    r = 0;
out:
    free(buf);
    kt_end(&t);
    return r;
}

int test_prodcons(scord_device *dev, const char *sw_dir)
{
    return handshake_test(dev, sw_dir, "tests/kernels/prodcons", 1);
}
