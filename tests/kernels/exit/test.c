#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

int test_exit(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    uint32_t *got = NULL, *want = NULL;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/exit"))
        goto out;
    uint32_t T = t.info.threads, nt = t.max_block, nb = 2, words = nb * nt * EX_WORDS;
    got = malloc(words * 4);
    want = malloc(words * 4);
    if (!got || !want) {
        kt_fail("out of host memory");
        goto out;
    }
    uint32_t even = 0;
    for (uint32_t l = 0; l < T && l < 32; l += 2)
        even |= 1u << l;
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t tid = 0; tid < nt; tid++) {
            uint32_t *w = want + (b * nt + tid) * EX_WORDS, lane = tid % T;
            int odd = tid & 1, loop_exit = lane % 3 == 0;
            w[EX_BEFORE] = 1;
            w[EX_MASK] = odd ? 0xEEEEEEEEu : even;
            w[EX_LOOP] = odd ? 0xEEEEEEEEu : loop_exit ? 2 + lane % 4 : EX_LOOP_END - 1;
            w[EX_BAR] = odd || loop_exit || tid / T == 1 ? 0xEEEEEEEEu : 1;
        }
    struct exit_args args;
    if (kt_alloc(&t, words * 4, NULL, 0xEE, &args.out) ||
        kt_run(&t, kt_dim(nb, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args) ||
        kt_read(&t, got, args.out, words * 4) ||
        kt_check_u32("out[thread*4 + {before,mask,loop,bar}]", got, want, words))
        goto out;
    r = 0;
out:
    free(got);
    free(want);
    kt_end(&t);
    return r;
}
