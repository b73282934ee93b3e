/* A kernel that stores into the detector's metadata region and into its
 * report ring (addresses from scord_detector_get_regions after a first,
 * harmless launch armed it) is reported as two INTRUSION races, with
 * DET_STATUS.intrusion set; the next launch re-arms (sweeps) and runs
 * clean. The test arms the detector itself and restores the runner's
 * configuration after. */
#include "args.h"
#include "kernel_tests.h"
#include "scord_defs.h"

enum { MAXR = 8 };

static int launch(struct kt *t, uint32_t nb, uint32_t block, const struct det_intrusion_args *a,
                  struct scord_race *r, size_t *n, struct scord_ring_info *info,
                  struct scord_detector_counters *c)
{
    int err = scord_launch(t->dev, t->kernel, kt_dim(nb, 1, 1), kt_dim(block, 1, 1), a, sizeof *a);
    if (!err)
        err = scord_wait(t->dev, kt_timeout_ms);
    if (!err)
        err = scord_read_detector_counters(t->dev, c);
    if (!err)
        err = scord_ring_drain(t->dev, r, MAXR, n, info);
    if (err)
        return kt_fail("launch (md 0x%08x, ring 0x%08x): %s: %s", a->md, a->ring,
                       scord_error_name(err), scord_last_error_detail(t->dev));
    uint32_t out[256];
    uint32_t total = nb * block;
    if (total > 256)
        return kt_fail("grid too large for the check buffer");
    if (kt_read(t, out, a->out, total * 4))
        return -1;
    for (uint32_t i = 0; i < total; i++)
        if (out[i] != i)
            return kt_fail("out[%u] = %u, expected %u", i, out[i], i);
    return 0;
}

static int clean(const char *when, size_t n, const struct scord_ring_info *info,
                 const struct scord_detector_counters *c)
{
    uint32_t races = 0;
    for (int k = 0; k < SCORD_RACE_TYPE_MAX; k++)
        races += c->races[k];
    if (n || races || (info->status & SCORD_DET_STATUS_INTRUSION))
        return kt_fail("%s: %zu records, %u races, status 0x%x: expected none", when, n, races,
                       info->status);
    return 0;
}

static int run(struct kt *t)
{
    uint32_t nb = 2, block = t->max_block < 64 ? t->max_block : 64; /* fits out[] */
    struct det_intrusion_args a = {0, 0, 0};
    if (kt_alloc(t, nb * block * 4, NULL, 0xff, &a.out))
        return -1;
    struct scord_race r[MAXR];
    size_t n;
    struct scord_ring_info info;
    struct scord_detector_counters c;
    if (launch(t, nb, block, &a, r, &n, &info, &c) || clean("first launch", n, &info, &c))
        return -1;
    struct scord_detector_regions reg;
    int err = scord_detector_get_regions(t->dev, &reg);
    if (err)
        return kt_fail("scord_detector_get_regions: %s", scord_error_name(err));
    if (!reg.armed || reg.md_bytes == 0 || reg.ring_records < 2 ||
        reg.md_base < reg.track_base + reg.track_bytes)
        return kt_fail("regions after an armed launch: armed %u, window [0x%x, +0x%x), metadata "
                       "[0x%x, +0x%x), ring 0x%x x %u",
                       reg.armed, reg.track_base, reg.track_bytes, reg.md_base, reg.md_bytes,
                       reg.ring_base, reg.ring_records);
    /* An entry in the middle of the metadata, a word of the ring's last
     * slot (two records will not reach it). */
    a.md = reg.md_base + (reg.md_bytes / 2 & ~7u);
    a.ring = reg.ring_base + 32 * (reg.ring_records - 1) + 8;
    if (launch(t, nb, block, &a, r, &n, &info, &c))
        return -1;
    if (c.races[SCORD_RACE_INTRUSION - 1] != 2 || n != 2)
        return kt_fail("intruding launch: %u intrusions counted, %zu records, expected 2 and 2",
                       c.races[SCORD_RACE_INTRUSION - 1], n);
    for (size_t i = 0; i < n; i++) {
        scord_addr want = i == 0 ? a.md : a.ring;
        if (r[i].type != SCORD_RACE_INTRUSION || r[i].addr != want ||
            r[i].kind != SCORD_ACCESS_STORE || r[i].count != 1 || r[i].block != 0 ||
            r[i].warp != 0 || r[i].lane != 0)
            return kt_fail("record %zu: %s at 0x%08x (kind %u, count %u, block %u warp %u lane %u)"
                           ", expected an intrusion by a store of thread 0 at 0x%08x",
                           i, scord_race_type_name(r[i].type), r[i].addr, r[i].kind, r[i].count,
                           r[i].block, r[i].warp, r[i].lane, want);
    }
    if (!(info.status & SCORD_DET_STATUS_INTRUSION))
        return kt_fail("DET_STATUS 0x%x lacks the intrusion bit", info.status);
    uint32_t other = 0;
    for (int k = 0; k < SCORD_RACE_TYPE_MAX; k++)
        other += k == SCORD_RACE_INTRUSION - 1 ? 0 : c.races[k];
    if (other)
        return kt_fail("intruding launch: %u races besides the intrusions", other);
    /* The metadata can no longer be trusted: the library re-arms (sweeps). */
    a.md = a.ring = 0;
    if (launch(t, nb, block, &a, r, &n, &info, &c) || clean("launch after", n, &info, &c))
        return -1;
    return 0;
}

int test_det_intrusion(scord_device *dev, const char *sw_dir)
{
    const struct scord_detector_config cfg = {1, 0, 4, 0};
    return kt_run_with_detector(dev, sw_dir, "tests/kernels/det_intrusion", &cfg, run);
}
