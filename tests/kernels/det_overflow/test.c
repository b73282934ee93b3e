/* Ring overflow with an exact count: a kernel whose races are known in
 * number (args.h) runs with a 4-record ring, so most occurrences are
 * merged into the 3 records the ring can hold or dropped. Every
 * occurrence must be accounted for exactly once (docs/detector.md §8.3):
 * sum of record counts + DET_RING_DROPS == the race counter == the number
 * the kernel makes, launch after launch, with and without draining in
 * between. The test arms the detector itself (with or without --detect)
 * and restores the runner's configuration after. */
#include <stdio.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"
#include "scord_defs.h"

enum { RING = 4, MAXR = 16 };

static int launch_wait(struct kt *t, uint32_t block, const struct det_overflow_args *args)
{
    int err = scord_launch(t->dev, t->kernel, kt_dim(2, 1, 1), kt_dim(block, 1, 1), args,
                           sizeof *args);
    if (!err)
        err = scord_wait(t->dev, kt_timeout_ms);
    if (err)
        return kt_fail("launch: %s: %s", scord_error_name(err), scord_last_error_detail(t->dev));
    return 0;
}

/* The counters of the launch just run: want DEV_FENCE races, no other
 * type; `records` records written to the ring. */
static int check_counters(struct kt *t, const char *when, uint32_t want, uint32_t records,
                          struct scord_detector_counters *c)
{
    int err = scord_read_detector_counters(t->dev, c);
    if (err)
        return kt_fail("%s: reading detector counters: %s", when, scord_error_name(err));
    for (uint32_t ty = SCORD_RACE_TYPE_MIN; ty <= SCORD_RACE_TYPE_MAX; ty++) {
        uint32_t w = ty == SCORD_RACE_DEV_FENCE ? want : 0;
        if (c->races[ty - 1] != w)
            return kt_fail("%s: %u races of type %s counted, expected %u", when,
                           c->races[ty - 1], scord_race_type_name(ty), w);
    }
    if (c->records != records)
        return kt_fail("%s: %u records written, expected %u", when, c->records, records);
    return 0;
}

/* Drain: `records` DEV_FENCE records at distinct PCs; returns the sum of
 * their counts in *sum and the drops of the last launch in *drops. */
static int drain(struct kt *t, const char *when, size_t records, uint64_t *sum, uint32_t *drops)
{
    struct scord_race r[MAXR];
    size_t n = 0;
    struct scord_ring_info info;
    int err = scord_ring_drain(t->dev, r, MAXR, &n, &info);
    if (err)
        return kt_fail("%s: scord_ring_drain: %s: %s", when, scord_error_name(err),
                       scord_last_error_detail(t->dev));
    if (n != records || info.invalid || info.remaining)
        return kt_fail("%s: drained %zu records (%u invalid, %u left), expected %zu", when, n,
                       info.invalid, info.remaining, records);
    *sum = 0;
    for (size_t i = 0; i < n; i++) {
        if (r[i].type != SCORD_RACE_DEV_FENCE || !r[i].device_scope ||
            r[i].kind != SCORD_ACCESS_STORE || r[i].count < 1)
            return kt_fail("%s: record %zu is %s (device %u, kind %u, count %u), expected a "
                           "device-fence race of a store",
                           when, i, scord_race_type_name(r[i].type), r[i].device_scope, r[i].kind,
                           r[i].count);
        for (size_t j = 0; j < i; j++)
            if (r[j].pc == r[i].pc)
                return kt_fail("%s: two records for pc 0x%08x", when, r[i].pc);
        *sum += r[i].count;
    }
    if (!(info.status & SCORD_DET_STATUS_OVERFLOW))
        return kt_fail("%s: DET_STATUS 0x%x lacks the overflow bit", when, info.status);
    *drops = info.drops;
    return 0;
}

static int run(struct kt *t)
{
    uint32_t block = t->max_block < 64 ? t->max_block : 64, stride = block; /* fits words[] */
    uint32_t want = DETOVF_STORES * block; /* one race per word */
    struct det_overflow_args args = {0, stride};
    if (kt_alloc(t, DETOVF_STORES * stride * 4, NULL, 0, &args.buf))
        return -1;
    struct scord_detector_counters c;
    char when[64];
    uint64_t sum;
    uint32_t drops;
    /* Launches 1, 2: drained after each. */
    for (int l = 1; l <= 2; l++) {
        snprintf(when, sizeof when, "launch %d", l);
        if (launch_wait(t, block, &args) || check_counters(t, when, want, RING - 1, &c) ||
            drain(t, when, RING - 1, &sum, &drops))
            return -1;
        if (kt_verbose)
            printf("  %s: %u races: %u records with counts summing to %llu, %u dropped, %u "
                   "merged\n", when, want, RING - 1, (unsigned long long)sum, drops, c.suppressed);
        if (sum + drops != want)
            return kt_fail("%s: record counts %llu + drops %u != %u races", when,
                           (unsigned long long)sum, drops, want);
        if (drops == 0 || c.suppressed != sum - (RING - 1))
            return kt_fail("%s: %u drops, %u suppressed (record counts %llu): the ring did not "
                           "overflow as designed", when, drops, c.suppressed,
                           (unsigned long long)sum);
    }
    /* Launch 3 fills the ring and is not drained; launch 4 then finds it
     * full and drops every occurrence (the suppression table starts empty
     * at each kernel start, so nothing merges into launch 3's records). */
    uint32_t drops3 = 0;
    int err;
    if (launch_wait(t, block, &args) || check_counters(t, "launch 3", want, RING - 1, &c))
        return -1;
    if ((err = scord_reg_read(t->dev, SCORD_DET_RING_DROPS, &drops3)))
        return kt_fail("reading DET_RING_DROPS: %s", scord_error_name(err));
    if (launch_wait(t, block, &args) || check_counters(t, "launch 4", want, 0, &c) ||
        drain(t, "after launch 4", RING - 1, &sum, &drops))
        return -1;
    if (c.suppressed != 0 || drops != want)
        return kt_fail("launch 4 into a full ring: %u drops, %u merged, expected %u and 0", drops,
                       c.suppressed, want);
    if (sum + drops3 != want)
        return kt_fail("launch 3 (drained after launch 4): record counts %llu + drops %u != %u",
                       (unsigned long long)sum, drops3, want);
    /* The stores happened: each word holds one of the two blocks' values. */
    uint32_t words[DETOVF_STORES * 64];
    size_t nw = (size_t)DETOVF_STORES * stride;
    if (nw > sizeof words / sizeof words[0])
        return kt_fail("block of %u threads: too large for the check buffer", block);
    if (kt_read(t, words, args.buf, nw * 4))
        return -1;
    for (size_t i = 0; i < nw; i++)
        if (words[i] != 1 && words[i] != 2)
            return kt_fail("buf[%zu] = %u, expected 1 or 2", i, words[i]);
    return 0;
}

int test_det_overflow(scord_device *dev, const char *sw_dir)
{
    const struct scord_detector_config cfg = {1, 0, 4, RING};
    return kt_run_with_detector(dev, sw_dir, "tests/kernels/det_overflow", &cfg, run);
}
