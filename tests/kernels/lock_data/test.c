#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

/* Every word sums LD_ROUNDS times each warp's number (a lost update means
 * two holders at once), and the detector, armed, reports nothing
 * (kt_run_race_free). */
static int run(struct kt *t)
{
    uint32_t nb = t->info.cores, nw = t->info.warps, want[LD_WORDS], got[LD_WORDS];
    uint32_t sum = 0;
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t w = 0; w < nw; w++)
            sum += LD_ROUNDS * (b * 64u + w + 1u);
    for (uint32_t i = 0; i < LD_WORDS; i++)
        want[i] = sum;
    struct lock_data_args args = {0, 0};
    if (kt_alloc(t, 32, NULL, 0, &args.lock) || kt_alloc(t, LD_WORDS * 4, NULL, 0, &args.row))
        return -1;
    if (kt_run(t, kt_dim(nb, 1, 1), kt_dim(t->max_block, 1, 1), &args, sizeof args))
        return -1;
    if (kt_read(t, got, args.row, sizeof got) || kt_check_u32("row", got, want, LD_WORDS))
        return -1;
    return kt_no_races(t);
}

int test_lock_data(scord_device *dev, const char *sw_dir)
{
    return kt_run_race_free(dev, sw_dir, "tests/kernels/lock_data", run);
}
