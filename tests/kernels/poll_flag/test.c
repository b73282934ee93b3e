#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

/* The consumer must read every value, and the detector, armed, must
 * report nothing (kt_run_race_free). */
static int run(struct kt *t)
{
    int r = -1;
    uint32_t *got = NULL, *want = NULL;
    if (t->info.cores < 2)
        return kt_fail("needs 2 cores, the device has %u", t->info.cores);
    uint32_t nt = t->info.threads, n = 4 * nt, words = PF_PARTS * n;
    got = malloc(words * sizeof *got);
    want = malloc(words * sizeof *want);
    if (!got || !want) {
        kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t k = 0; k < PF_PARTS; k++)
        for (uint32_t i = 0; i < n; i++)
            want[k * n + i] = PF_VAL(k, i);
    struct poll_flag_args args = {0, 0, 0, 0, n};
    if (kt_alloc(t, words * 4, NULL, 0, &args.data) ||
        kt_alloc(t, 32 * PF_PARTS, NULL, 0, &args.flags) ||
        kt_alloc(t, words * 4, NULL, 0xEE, &args.out) || kt_alloc(t, 8, NULL, 0xEE, &args.cores))
        goto out;
    if (kt_run(t, kt_dim(2, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args))
        goto out;
    uint32_t cores[2];
    if (kt_read(t, cores, args.cores, sizeof cores))
        goto out;
    if (cores[0] == cores[1]) {
        kt_fail("blocks 0 and 1 both ran on core %u: the test needs two cores", cores[0]);
        goto out;
    }
    if (kt_read(t, got, args.out, words * 4) || kt_check_u32("consumer's reads", got, want, words))
        goto out;
    r = kt_no_races(t);
out:
    free(got);
    free(want);
    return r;
}

int test_poll_flag(scord_device *dev, const char *sw_dir)
{
    return kt_run_race_free(dev, sw_dir, "tests/kernels/poll_flag", run);
}
