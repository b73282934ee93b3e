#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

/* Every word sums LD_ROUNDS times each warp's number (a lost update means
 * two holders at once), and the detector, armed (the runner's
 * configuration with --detect, else full mode), reports nothing. */
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
    struct scord_detector_counters c;
    int err = scord_read_detector_counters(t->dev, &c);
    if (err)
        return kt_fail("reading detector counters: %s", scord_error_name(err));
    uint32_t races = 0;
    for (unsigned i = 0; i < SCORD_RACE_TYPE_MAX; i++)
        races += c.races[i];
    if (c.accesses == 0)
        return kt_fail("the detector saw no access: not armed?");
    if (races)
        return kt_fail("sections under one lock, yet the detector counted %u races", races);
    return 0;
}

int test_lock_data(scord_device *dev, const char *sw_dir)
{
    struct scord_detector_config cfg = {1, 0, 4, 1024};
    if (kt_detect)
        scord_detector_get_config(dev, &cfg);
    return kt_run_with_detector(dev, sw_dir, "tests/kernels/lock_data", &cfg, run);
}
