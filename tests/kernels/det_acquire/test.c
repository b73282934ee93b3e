/* Message passing with the detector armed (args.h): with the consumer's
 * __threadfence() (det_acquire) no race at all and the consumer reads the
 * new data; without it (det_stale_read) one STALE_READ record at the
 * consumer's load, naming the producer's store, counted once per lane,
 * with the stale flag set exactly when the load returned the old value
 * (the two blocks on two cores). Full and cache mode. The test arms the
 * detector itself and restores the runner's configuration after. */
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"
#include "scord_defs.h"

enum { MAXR = 8 };
static int fenced_now;

static int run(struct kt *t)
{
    uint32_t nt = t->info.threads, n = 2 * nt;
    uint32_t *buf = malloc(4 * n * sizeof *buf);
    if (!buf)
        return kt_fail("out of host memory");
    uint32_t *old = buf, *got = buf + n, *want = buf + 2 * n;
    for (uint32_t i = 0; i < n; i++)
        old[i] = AQ_OLD(i);
    int rc = -1;
    struct det_acquire_args a = {0, 0, 0, 0, 0};
    if (kt_alloc(t, n * 4, old, 0, &a.data) || kt_alloc(t, 64, NULL, 0, &a.flags) ||
        kt_alloc(t, nt * 4, NULL, 0xEE, &a.pre) || kt_alloc(t, nt * 4, NULL, 0xEE, &a.post) ||
        kt_alloc(t, 8, NULL, 0xEE, &a.cores))
        goto out;
    int err = scord_launch(t->dev, t->kernel, kt_dim(2, 1, 1), kt_dim(nt, 1, 1), &a, sizeof a);
    if (!err)
        err = scord_wait(t->dev, kt_timeout_ms);
    struct scord_detector_counters c;
    struct scord_race r[MAXR];
    struct scord_ring_info info;
    size_t nr = 0;
    if (!err)
        err = scord_read_detector_counters(t->dev, &c);
    if (!err)
        err = scord_ring_drain(t->dev, r, MAXR, &nr, &info);
    if (err) {
        kt_fail("launch: %s: %s", scord_error_name(err), scord_last_error_detail(t->dev));
        goto out;
    }
    uint32_t cores[2];
    if (kt_read(t, cores, a.cores, sizeof cores))
        goto out;
    int one_l1 = cores[0] == cores[1];
    for (uint32_t i = 0; i < nt; i++)
        want[i] = AQ_OLD(2 * i + 1);
    if (kt_read(t, got, a.pre, nt * 4) || kt_check_u32("consumer's first read", got, want, nt))
        goto out;
    for (uint32_t i = 0; i < nt; i++)
        want[i] = AQ_NEW(i);
    int stale = !fenced_now && !one_l1;
    if (stale)
        for (uint32_t i = 0; i < nt; i++)
            want[i] = AQ_OLD(2 * i);
    if (kt_read(t, got, a.post, nt * 4) ||
        kt_check_u32(fenced_now ? "read after flag + fence (must be new)"
                     : stale    ? "read after flag, no fence, other core (must be stale)"
                                : "read after flag, no fence, one core (the shared L1 is new)",
                     got, want, nt))
        goto out;
    uint32_t races = 0;
    for (int k = 0; k < SCORD_RACE_TYPE_MAX; k++)
        races += c.races[k];
    if (fenced_now) {
        if (races || nr) {
            kt_fail("acquired hand-off: %u races, %zu records (first: %s), expected none", races, nr,
                    nr ? scord_race_type_name(r[0].type) : "-");
            goto out;
        }
    } else {
        uint32_t sr = c.races[SCORD_RACE_STALE_READ - 1];
        if (nr != 1 || sr != nt || races != sr) {
            kt_fail("no acquire: %zu records, %u stale reads of %u races, expected 1 record and "
                    "%u stale reads only",
                    nr, sr, races, nt);
            goto out;
        }
        const struct scord_race *x = &r[0];
        if (x->type != SCORD_RACE_STALE_READ || x->kind != SCORD_ACCESS_LOAD || x->strong ||
            x->block != 1 || !x->device_scope || !x->has_prev || x->prev_kind != SCORD_ACCESS_STORE ||
            x->prev_strong || x->prev_block != 0 || x->count != nt || x->addr != a.data) {
            kt_fail("record: %s by a %s %s of block %u at 0x%08x, previous %u of block %u, count %u"
                    "; expected a stale-read by the weak load of block 1 at 0x%08x after block "
                    "0's weak store, count %u",
                    scord_race_type_name(x->type), x->strong ? "strong" : "weak",
                    x->kind == SCORD_ACCESS_LOAD ? "load" : "store or atomic", x->block, x->addr, x->prev_kind, x->prev_block,
                    x->count, a.data, nt);
            goto out;
        }
        if (x->stale != stale) {
            kt_fail("the record's stale flag is %u, but the load %s the old value", x->stale,
                    stale ? "returned" : "did not return");
            goto out;
        }
    }
    rc = 0;
out:
    free(buf);
    return rc;
}

int acquire_test(scord_device *dev, const char *sw_dir, const char *rel, int fenced)
{
    fenced_now = fenced;
    const struct scord_detector_config full = {1, 0, 4, 0}, cache = {1, 1, 4, 0};
    if (kt_run_with_detector(dev, sw_dir, rel, &full, run) ||
        kt_run_with_detector(dev, sw_dir, rel, &cache, run))
        return -1;
    return 0;
}

int test_det_acquire(scord_device *dev, const char *sw_dir)
{
    return acquire_test(dev, sw_dir, "tests/kernels/det_acquire", 1);
}
