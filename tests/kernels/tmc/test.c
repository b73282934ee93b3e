#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

/* Live lanes of warp w in a block of nt threads with T lanes per warp. */
static uint32_t live_mask(uint32_t nt, uint32_t T, uint32_t w)
{
    uint32_t n = nt - w * T < T ? nt - w * T : T;
    return n >= 32 ? 0xffffffffu : (1u << n) - 1;
}

int test_tmc(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    uint32_t *got = NULL, *want = NULL;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/tmc"))
        goto out;
    uint32_t T = t.info.threads, nt = t.max_block > T + 1 ? t.max_block - 1 : t.max_block;
    uint32_t words = nt * TM_WORDS;
    got = malloc(words * 4);
    want = malloc(words * 4);
    if (!got || !want) {
        kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t tid = 0; tid < nt; tid++) {
        uint32_t *w = want + tid * TM_WORDS, lane = tid % T, warp = tid / T;
        uint32_t live = live_mask(nt, T, warp);
        w[TM_START] = live;
        w[TM_EVEN] = lane % 2 == 0 ? live & 0x55555555u : 0xEEEEEEEEu;
        w[TM_ODD] = lane % 2 == 1 ? live & 0xAAAAAAAAu : 0xEEEEEEEEu;
        w[TM_AFTER] = live;
        w[TM_END] = warp == 1 ? 0xEEEEEEEEu : 1;
    }
    struct tmc_args args;
    if (kt_alloc(&t, words * 4, NULL, 0xEE, &args.out) ||
        kt_run(&t, kt_dim(2, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args) ||
        kt_read(&t, got, args.out, words * 4) ||
        kt_check_u32("out[tid*5 + {start,even,odd,after,end}]", got, want, words))
        goto out;
    r = 0;
out:
    free(got);
    free(want);
    kt_end(&t);
    return r;
}
