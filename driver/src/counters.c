/* libscord counters: the GPU's performance counters (kept at the end of a
 * run, which a reset may clear) and the race detector's, with their names. */
#include "scord_int.h"

#include <string.h>

const char *const scord_counter_names[SCORD_NUM_COUNTERS + 1] = {
    "cycles",      "instrs",     "thread_instrs", "loads",       "stores",
    "atomics",     "l1d_hits",   "l1d_misses",    "l1i_hits",    "l1i_misses",
    "l2_hits",     "l2_misses",  "mem_reads",     "mem_writes",  "stall_mem",
    "stall_fetch", "stall_bar",  "stall_replay",  "stall_wb",    "idle",
    "l2_det",      "smem_accesses", "smem_conflicts", "warp_syncs", NULL,
};

/* Field k of struct scord_counters is counter PERF k of regmap.def. */
static const size_t counter_offset[SCORD_NUM_COUNTERS] = {
    offsetof(struct scord_counters, cycles),       offsetof(struct scord_counters, instrs),
    offsetof(struct scord_counters, thread_instrs), offsetof(struct scord_counters, loads),
    offsetof(struct scord_counters, stores),       offsetof(struct scord_counters, atomics),
    offsetof(struct scord_counters, l1d_hits),     offsetof(struct scord_counters, l1d_misses),
    offsetof(struct scord_counters, l1i_hits),     offsetof(struct scord_counters, l1i_misses),
    offsetof(struct scord_counters, l2_hits),      offsetof(struct scord_counters, l2_misses),
    offsetof(struct scord_counters, mem_reads),    offsetof(struct scord_counters, mem_writes),
    offsetof(struct scord_counters, stall_mem),    offsetof(struct scord_counters, stall_fetch),
    offsetof(struct scord_counters, stall_bar),    offsetof(struct scord_counters, stall_replay),
    offsetof(struct scord_counters, stall_wb),     offsetof(struct scord_counters, idle),
    offsetof(struct scord_counters, l2_det),       offsetof(struct scord_counters, smem_accesses),
    offsetof(struct scord_counters, smem_conflicts), offsetof(struct scord_counters, warp_syncs),
};
_Static_assert(SCORD_NUM_COUNTERS == SCORD_PERF_COUNT, "scord.h and regmap.def disagree");
_Static_assert(sizeof(struct scord_counters) == SCORD_NUM_COUNTERS * sizeof(uint32_t),
               "struct scord_counters must hold exactly the counters");

int scord_counters_fetch(scord_device *dev, struct scord_counters *c)
{
    uint32_t v[SCORD_NUM_COUNTERS];
    int rc = scord_regs_read_n(dev, SCORD_CTL_PERF_BASE, SCORD_NUM_COUNTERS, v);
    if (rc)
        return rc;
    for (uint32_t k = 0; k < SCORD_NUM_COUNTERS; k++)
        memcpy((char *)c + counter_offset[k], &v[k], sizeof v[k]);
    return 0;
}

int scord_read_counters(scord_device *dev, struct scord_counters *counters)
{
    if (!dev || !counters)
        return SCORD_ERR_INVALID_ARG;
    if (!dev->running && dev->have_snapshot) {
        *counters = dev->snapshot;
        return SCORD_OK;
    }
    return scord_counters_fetch(dev, counters);
}

const char *const scord_detector_counter_names[SCORD_NUM_DETECTOR_COUNTERS + 1] = {
    "accesses",          "prelim_pass",        "md_reads",          "md_writes",
    "tag_mismatch",      "stall",              "untracked",         "fences",
    "barriers",          "records",            "suppressed",        "sh_accesses",
    "sh_syncs",          "epoch_sat",          "warnings",          "races_block_fence",
    "races_dev_fence",   "races_not_strong",   "races_scoped_atom", "races_lock_load",
    "races_lock_store",  "races_intrusion",    "races_intra_warp",  "races_shared",
    "races_shared_warp", "races_stale_read",   "races_host_device", NULL,
};
_Static_assert(sizeof(struct scord_detector_counters) ==
                   SCORD_NUM_DETECTOR_COUNTERS * sizeof(uint32_t),
               "struct scord_detector_counters must hold exactly the counters");
/* The detector counts the races of every type below HOST_DEVICE; that
 * one, the last type, is the library's (hostrace.c) and has no register. */
_Static_assert(SCORD_DET_CNT_SUPPRESSED == 10 && SCORD_DET_CNT_SH_ACCESSES == 11 &&
                   SCORD_DET_CNT_SH_SYNCS == 12 && SCORD_DET_CNT_EPOCH_SAT == 13 &&
                   SCORD_DET_CNT_WARNINGS == 14 &&
                   SCORD_DET_RACE_HOST_DEVICE == SCORD_RACE_TYPE_MAX &&
                   SCORD_DET_CNT_COUNT == SCORD_DET_CNT_RACE_BASE + SCORD_DET_RACE_HOST_DEVICE,
               "scord.h and regmap.def disagree on the detector counters");

int scord_read_detector_counters(scord_device *dev, struct scord_detector_counters *counters)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    if (!counters)
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "no place for the detector counters");
    /* The counters and the unused indices between them (they read 0). */
    uint32_t all[SCORD_DET_CNT_COUNT];
    int rc = scord_regs_read_n(dev, SCORD_DET_CNT_BASE, sizeof all / sizeof all[0], all);
    if (rc)
        return rc;
    uint32_t v[SCORD_NUM_DETECTOR_COUNTERS];
    for (uint32_t k = 0; k < SCORD_NUM_DETECTOR_COUNTERS - 1; k++)
        v[k] = all[k <= SCORD_DET_CNT_WARNINGS
                       ? k
                       : SCORD_DET_CNT_RACE_BASE + 1 + (k - SCORD_DET_CNT_WARNINGS - 1)];
    v[SCORD_NUM_DETECTOR_COUNTERS - 1] = scord_host_races(dev);
    memcpy(counters, v, sizeof v);
    return SCORD_OK;
}
