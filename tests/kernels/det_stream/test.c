/* Races reported all through a run (args.h) with a 4-record ring, all at
 * one (PC, type). On the cycle model the records stay in the ring until the
 * drain after the run, and the detector merges every occurrence into one.
 * A board's driver takes them out while it waits (docs/fpga.md, race
 * streaming), so the detector writes a new record after each take, and the
 * driver merges those by (PC, type) as the detector would have. Either way
 * the user sees one record, and every occurrence is accounted for exactly
 * once (docs/detector.md §8.3): the counts plus DET_RING_DROPS equal the
 * detector's race counter. */
#include <limits.h>
#include <stdio.h>

#include "args.h"
#include "kernel_tests.h"
#include "scord_defs.h"

/* A board's driver takes records only while the kernel runs: ITERS stores
 * per block keep it running long enough. The cycle model keeps them in the
 * ring until the run ends, so a tenth shows the same merging and
 * accounting: on `default`'s model 2 x ITERS racing stores took 35 s of
 * CPU, a third of its kernel tests, which run in three detector modes. */
enum { RING = 4, ITERS = 20000, ITERS_CYCLE_MODEL = ITERS / 10 };
/* A long run may come near the other tests' 60 s wall-clock bound on a
 * loaded machine, where the bound, a hang guard, not this test's subject,
 * would fail it. */
enum { TIMEOUT_FACTOR = 5 };

static int run(struct kt *t)
{
    struct det_stream_args args = {0, kt_on_cycle_model() ? ITERS_CYCLE_MODEL : ITERS};
    if (kt_alloc(t, 4, NULL, 0, &args.word))
        return -1;
    int err = scord_launch(t->dev, t->kernel, kt_dim(2, 1, 1), kt_dim(1, 1, 1), &args,
                           sizeof args);
    if (!err)
        err = scord_wait(t->dev, kt_timeout_ms <= UINT_MAX / TIMEOUT_FACTOR
                                          ? kt_timeout_ms * TIMEOUT_FACTOR
                                          : kt_timeout_ms);
    if (err)
        return kt_fail("launch: %s: %s", scord_error_name(err), scord_last_error_detail(t->dev));
    struct scord_detector_counters c;
    if ((err = scord_read_detector_counters(t->dev, &c)))
        return kt_fail("reading detector counters: %s", scord_error_name(err));
    uint32_t races = c.races[SCORD_RACE_DEV_FENCE - 1];
    uint64_t sum = 0;
    size_t records = 0;
    struct scord_ring_info info;
    for (int round = 0;; round++) {
        struct scord_race r[RING];
        size_t n = 0;
        if ((err = scord_ring_drain(t->dev, r, RING, &n, &info)))
            return kt_fail("scord_ring_drain: %s: %s", scord_error_name(err),
                           scord_last_error_detail(t->dev));
        if (info.invalid)
            return kt_fail("%u malformed records", info.invalid);
        for (size_t i = 0; i < n; i++) {
            if (r[i].type != SCORD_RACE_DEV_FENCE || r[i].count < 1)
                return kt_fail("record of type %s, count %u: expected device-fence races",
                               scord_race_type_name(r[i].type), r[i].count);
            sum += r[i].count;
        }
        records += n;
        if (!info.remaining)
            break;
        if (!n || round > 1000000)
            return kt_fail("the drain makes no progress (%u remaining)", info.remaining);
    }
    if (kt_verbose)
        printf("  %u races: %zu records (the detector wrote %u) with counts summing to %llu, "
               "%u dropped, %u merged\n",
               races, records, c.records, (unsigned long long)sum, info.drops, c.suppressed);
    if (races == 0)
        return kt_fail("no race counted: the two blocks' stores did not conflict");
    if (records != 1 || c.records < 1)
        return kt_fail("%zu records drained (the detector wrote %u): one (PC, type) must give one",
                       records, c.records);
    if (sum + info.drops != races)
        return kt_fail("record counts %llu + drops %u != %u races counted",
                       (unsigned long long)sum, info.drops, races);
    return 0;
}

int test_det_stream(scord_device *dev, const char *sw_dir)
{
    const struct scord_detector_config cfg = {1, 0, 4, RING};
    return kt_run_with_detector(dev, sw_dir, "tests/kernels/det_stream", &cfg, run);
}
