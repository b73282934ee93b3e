#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

/* Every warp of every block took its block's lock LF_ROUNDS times, so each
 * word of a block's row counts warps x LF_ROUNDS: a lost update means two
 * holders at once, a hang a starved holder. */
int test_lock_fair(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    uint32_t *got = NULL, *want = NULL;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/lock_fair"))
        goto out;
    uint32_t nb = t.info.cores, n = nb * LF_WORDS;
    got = malloc(n * sizeof *got);
    want = malloc(n * sizeof *want);
    if (!got || !want) {
        kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t i = 0; i < n; i++)
        want[i] = t.info.warps * LF_ROUNDS;
    for (uint32_t skew = 0; skew < LF_SKEWS; skew++) {
        struct lock_fair_args args = {0, 0, skew};
        if (kt_alloc(&t, nb * 32, NULL, 0, &args.locks) || kt_alloc(&t, n * 4, NULL, 0, &args.rows))
            goto out;
        if (kt_run(&t, kt_dim(nb, 1, 1), kt_dim(t.max_block, 1, 1), &args, sizeof args))
            goto out;
        if (kt_read(&t, got, args.rows, n * 4) || kt_check_u32("row", got, want, n))
            goto out;
    }
    r = 0;
out:
    free(got);
    free(want);
    kt_end(&t);
    return r;
}
