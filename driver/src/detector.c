/* libscord's race detector arming (docs/detector.md §7): the configuration
 * scord_detector_configure remembers, the placement of the tracked window,
 * metadata and ring below the stacks, arming before each launch (§7.2),
 * and the raw regions of scord.h's low-level section. */
#include "scord_int.h"

#include <stdio.h>
#include <string.h>

/* Granules per metadata entry: 1 (full mode), 32 (cache), 64 (sparse cache). */
static unsigned det_cache_granules(const struct scord_detector_config *c)
{
    return c->cache_mode == 2 ? SCORD_DET_SPARSE_GRANULES
           : c->cache_mode    ? SCORD_DET_CACHE_GRANULES
                              : 1u;
}

const char *scord_detector_mode_text(const struct scord_detector_config *c)
{
    return c->cache_mode == 2 ? "sparse cache" : c->cache_mode ? "cache" : "full";
}

/* How much metadata a mode takes, for error messages: "16 bytes per
 * 4-byte granule", "16 bytes per 32 granules of 4 bytes". */
const char *scord_detector_cost_text(const struct scord_detector_config *c, char *buf, size_t len)
{
    if (c->cache_mode)
        snprintf(buf, len, "%u metadata bytes per %u granules of %u bytes",
                 (unsigned)SCORD_DET_MD_ENTRY_BYTES, det_cache_granules(c), c->granularity);
    else
        snprintf(buf, len, "%u metadata bytes per %u-byte granule",
                 (unsigned)SCORD_DET_MD_ENTRY_BYTES, c->granularity);
    return buf;
}

static uint32_t det_gran_log2(const struct scord_detector_config *c)
{
    return c->granularity == 16 ? 4 : c->granularity == 8 ? 3 : 2;
}

/* DET_MD_BYTES of §5.2 for a window of w bytes: one 16-byte entry per
 * granule in full mode, per DET_CACHE_GRANULES (32) granules in cache
 * mode (12.5 % of the window at 4-byte granules), per 64 in sparse cache
 * mode (6.25 %). */
static uint64_t det_md_bytes(const struct scord_detector_config *c, uint64_t w)
{
    return (w >> det_gran_log2(c)) / det_cache_granules(c) * SCORD_DET_MD_ENTRY_BYTES;
}

/* First byte above metadata and ring for a window [0, w). */
static uint64_t det_layout_end(const struct scord_detector_config *c, uint64_t w)
{
    uint64_t ring = (w + det_md_bytes(c, w) + SCORD_DET_REC_BYTES - 1) &
                    ~(uint64_t)(SCORD_DET_REC_BYTES - 1);
    return ring + (uint64_t)c->ring_records * SCORD_DET_REC_BYTES;
}

/* Largest window (a power of two, >= the smallest) whose metadata and
 * ring fit below the stack region; 0 if none does. */
static uint32_t det_max_window(const scord_device *dev, const struct scord_detector_config *c)
{
    uint64_t best = 0;
    for (uint64_t w = SCORD_DETECTOR_SMALLEST_WINDOW; w <= dev->info.mem_bytes; w <<= 1)
        if (det_layout_end(c, w) <= dev->stack_base)
            best = w;
    return (uint32_t)best;
}

static int det_no_room(scord_device *dev, const struct scord_detector_config *c, uint64_t need,
                       uint32_t wmax)
{
    uint64_t w = wmax >= SCORD_DETECTOR_MIN_WINDOW ? SCORD_DETECTOR_MIN_WINDOW
                                                   : SCORD_DETECTOR_SMALLEST_WINDOW;
    while (w < need)
        w <<= 1;
    char cost[80];
    return scord_fail(
        dev, SCORD_ERR_NO_MEM,
        "race detector (%s mode, %u-byte granules, %u-record ring): the tracked window "
        "must cover [0, 0x%08llx) (kernel image, allocations and arguments), i.e. %llu "
        "bytes, whose %llu bytes of metadata (%s) and %llu-byte ring must fit between "
        "it and the stack region at 0x%08x; %s; use cache mode or a coarser "
        "granularity, or allocate less",
        scord_detector_mode_text(c), c->granularity, c->ring_records, (unsigned long long)need,
        (unsigned long long)w, (unsigned long long)det_md_bytes(c, w),
        scord_detector_cost_text(c, cost, sizeof cost),
        (unsigned long long)c->ring_records * SCORD_DET_REC_BYTES, (unsigned)dev->stack_base,
        wmax ? (need > wmax ? "the largest window that fits is smaller" : "it does not fit")
             : "not even the minimum window fits");
}

static const char *det_err_text(uint32_t code)
{
    switch (code) {
    case SCORD_DET_ERR_MODE: return "DET_ERR_MODE: granularity code 3 in DET_MODE";
    case SCORD_DET_ERR_RING_SIZE: return "DET_ERR_RING_SIZE: ring of fewer than 2 records";
    case SCORD_DET_ERR_RING_RANGE:
        return "DET_ERR_RING_RANGE: ring misaligned or outside [MEM_GUARD, MEM_BYTES)";
    case SCORD_DET_ERR_MD_RANGE:
        return "DET_ERR_MD_RANGE: metadata misaligned or outside [MEM_GUARD, MEM_BYTES)";
    case SCORD_DET_ERR_TRACK_RANGE:
        return "DET_ERR_TRACK_RANGE: tracked window misaligned, not a power of two, too small "
               "or outside memory";
    case SCORD_DET_ERR_OVERLAP:
        return "DET_ERR_OVERLAP: two of metadata, ring and tracked window overlap";
    case SCORD_DET_ERR_NONE: return "no error code, yet not armed";
    default: return "unknown DET_ERR code";
    }
}

static int det_disarm(scord_device *dev)
{
    dev->det_armed = false;
    return scord_regs_write(dev, SCORD_DET_CTRL, 0);
}

/* Disarm, clear the sticky status, write the region registers and arm;
 * *st receives DET_STATUS after the attempt. */
static int det_write_arm(scord_device *dev, const uint32_t regs[6], uint32_t *st)
{
    static const uint32_t idx[6] = {SCORD_DET_MODE,      SCORD_DET_TRACK_BASE,
                                    SCORD_DET_TRACK_BYTES, SCORD_DET_MD_BASE,
                                    SCORD_DET_RING_BASE, SCORD_DET_RING_SIZE};
    dev->det_armed = false;
    scord_stream_clear(dev);
    /* Disarm (registers are writable only then) and clear sticky status,
     * the regions, arm. */
    uint32_t w[8][2] = {{SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR}};
    for (size_t i = 0; i < 6; i++) {
        w[1 + i][0] = idx[i];
        w[1 + i][1] = regs[i];
    }
    w[7][0] = SCORD_DET_CTRL;
    w[7][1] = SCORD_DET_CTRL_ENABLE;
    int rc = scord_regs_write_n(dev, (const uint32_t(*)[2])w, 8);
    return rc ? rc : scord_regs_read(dev, SCORD_DET_STATUS, st);
}

static int det_refused(scord_device *dev, uint32_t st, const uint32_t regs[6], uint32_t md_bytes)
{
    /* A GPU built without the detector reads 0 for all its registers. */
    if (st == 0 && md_bytes == 0)
        return scord_fail(dev, SCORD_ERR_NOT_SUPPORTED,
                          "this device has no race detector (DET_STATUS "
                          "and DET_MD_BYTES read 0 after arming)");
    return scord_fail(dev, SCORD_ERR_LAUNCH,
                      "the GPU refused to arm the race detector: %s (code %u; mode 0x%x, window "
                      "[0x%08x, +0x%x), metadata [0x%08x, +%u), ring 0x%08x x %u records)",
                      det_err_text(st >> 8 & 0xff), (unsigned)(st >> 8 & 0xff), (unsigned)regs[0],
                      (unsigned)regs[1], (unsigned)regs[2], (unsigned)regs[3], (unsigned)md_bytes,
                      (unsigned)regs[4], (unsigned)regs[5]);
}

/* Arm with the window [0, w) and the regions above it. */
static int det_arm(scord_device *dev, uint32_t w)
{
    const struct scord_detector_config *c = &dev->det_cfg;
    uint32_t mode = (c->cache_mode ? 1u : 0u) | (det_gran_log2(c) - 2) << 1 |
                    (c->cache_mode == 2 ? (uint32_t)SCORD_DET_MODE_SPARSE : 0u);
    uint32_t md_bytes = (uint32_t)det_md_bytes(c, w);
    uint32_t md_base = w;
    uint32_t ring_base = (uint32_t)((md_base + (uint64_t)md_bytes + SCORD_DET_REC_BYTES - 1) &
                                    ~(uint64_t)(SCORD_DET_REC_BYTES - 1));
    int rc;
    dev->det_armed = false;
    /* DET_MD_BYTES follows DET_MODE and DET_TRACK_BYTES: check the
     * library's arithmetic (and that there is a detector) before arming. */
    const uint32_t pre[3][2] = {{SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR},
                                {SCORD_DET_MODE, mode},
                                {SCORD_DET_TRACK_BYTES, w}};
    if ((rc = scord_regs_write_n(dev, pre, 3)))
        return rc;
    uint32_t hw_md = 0, st = 0;
    if ((rc = scord_regs_read(dev, SCORD_DET_MD_BYTES, &hw_md)))
        return rc;
    if (hw_md != md_bytes)
        return scord_fail(dev, hw_md ? SCORD_ERR_IO : SCORD_ERR_NOT_SUPPORTED,
                          hw_md ? "race detector: DET_MD_BYTES reads %u for a %u-byte window, the "
                                  "library computed %u (does the device match this library?)"
                                : "this device has no race detector (DET_MD_BYTES reads %u for a "
                                  "%u-byte window; expected %u)",
                          (unsigned)hw_md, (unsigned)w, (unsigned)md_bytes);
    const uint32_t regs[6] = {mode, 0, w, md_base, ring_base, c->ring_records};
    if ((rc = det_write_arm(dev, regs, &st)))
        return rc;
    if (!(st & SCORD_DET_STATUS_ARMED))
        return det_refused(dev, st, regs, md_bytes);
    dev->det_armed = true;
    dev->det_window = w;
    dev->det_md_base = md_base;
    dev->det_md_bytes = md_bytes;
    dev->det_ring_base = ring_base;
    return 0;
}

/* Arm for this launch, keeping an armed detector whose window already
 * covers it. */
static int det_place(scord_device *dev, const scord_kernel *kernel, uint64_t args_end)
{
    uint64_t need = kernel->image_hi;
    if (dev->heap_next > need)
        need = dev->heap_next;
    if (args_end > need)
        need = args_end;
    if (need > dev->det_wmax)
        return det_no_room(dev, &dev->det_cfg, need, dev->det_wmax);
    /* 32 KiB, or less where memory holds no more (need <= det_wmax) */
    uint32_t w = SCORD_DETECTOR_MIN_WINDOW < dev->det_wmax ? SCORD_DETECTOR_MIN_WINDOW
                                                           : dev->det_wmax;
    /* Cache mode: entry k serves granules k, k + N, k + 2N, ... with N =
     * window / 32 bytes apart (window / 64 in sparse cache mode), so in a
     * small window neighbouring buffers share entries and evict each
     * other's history (missed races). Start at a window whose entries
     * repeat no closer than every 4 KiB, as far as memory allows; its
     * metadata is 16 KiB. */
    uint64_t w_cache = (uint64_t)SCORD_DETECTOR_CACHE_WINDOW * det_cache_granules(&dev->det_cfg) /
                       SCORD_DET_CACHE_GRANULES;
    if (dev->det_cfg.cache_mode)
        while (w < w_cache && (uint64_t)w * 2 <= dev->det_wmax)
            w <<= 1;
    while (w < need)
        w <<= 1;
    if (dev->det_armed && w <= dev->det_window) {
        uint32_t st;
        int rc = scord_regs_read(dev, SCORD_DET_STATUS, &st);
        if (rc)
            return rc;
        /* After an intrusion the metadata (or the ring) holds what the
         * kernel wrote: re-arming sweeps it and clears the sticky bit. */
        if ((st & SCORD_DET_STATUS_ARMED) && !(st & SCORD_DET_STATUS_INTRUSION))
            return 0;
    }
    return det_arm(dev, w);
}

/* Before a start: arm for this launch (keeping an armed detector whose
 * window already covers it), or disarm when disabled; then give the
 * detector this kernel's PC base. */
int scord_detector_prepare(scord_device *dev, const scord_kernel *kernel, uint64_t args_end)
{
    if (!dev->det_cfg.enable)
        return det_disarm(dev);
    int rc = det_place(dev, kernel, args_end);
    if (rc)
        return rc;
    /* Previous accesses are kept as (pc - DET_PC_BASE) / 4 in 16 bits
     * (§5): the image start makes every PC of the kernel (at most 128 KiB,
     * sw/runtime/link.ld) fit. Written at every launch: the register is
     * writable while armed, and another kernel may have been loaded. */
    return scord_regs_write(dev, SCORD_DET_PC_BASE, kernel->image_lo);
}

int scord_detector_configure(scord_device *dev, const struct scord_detector_config *cfg)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    struct scord_detector_config c = {0, 0, 0, 0};
    if (cfg && cfg->enable) {
        c.enable = 1;
        if (cfg->cache_mode < 0 || cfg->cache_mode > 2)
            return scord_fail(
                dev, SCORD_ERR_INVALID_ARG,
                "detector cache_mode must be 0 (full), 1 (cache) or 2 (sparse cache), "
                "not %d",
                cfg->cache_mode);
        c.cache_mode = cfg->cache_mode;
        c.granularity = cfg->granularity ? cfg->granularity : 4;
        if (c.granularity != 4 && c.granularity != 8 && c.granularity != 16)
            return scord_fail(dev, SCORD_ERR_INVALID_ARG,
                              "detector granularity must be 4, 8 or 16 bytes, not %u",
                              cfg->granularity);
        c.ring_records = cfg->ring_records ? cfg->ring_records : SCORD_DETECTOR_DEFAULT_RING;
        if (c.ring_records < 2 || c.ring_records > dev->info.mem_bytes / SCORD_DET_REC_BYTES)
            return scord_fail(dev, SCORD_ERR_INVALID_ARG,
                              "detector ring of %u records: must be 2 to %u (32 bytes each)",
                              c.ring_records,
                              (unsigned)(dev->info.mem_bytes / SCORD_DET_REC_BYTES));
    }
    if (dev->running)
        return scord_fail(dev, SCORD_ERR_BUSY,
                          "a kernel is running: wait for it before configuring "
                          "the race detector");
    uint32_t wmax = 0;
    if (c.enable) {
        wmax = det_max_window(dev, &c);
        uint64_t need = dev->heap_next > dev->heap_base ? dev->heap_next : dev->heap_base;
        if (wmax == 0 || need > wmax)
            return det_no_room(dev, &c, need, wmax);
    }
    if (memcmp(&c, &dev->det_cfg, sizeof c) != 0 && dev->det_armed) {
        int rc = det_disarm(dev);
        if (rc)
            return rc;
    }
    dev->det_cfg = c;
    dev->det_wmax = wmax;
    return SCORD_OK;
}

int scord_detector_get_config(scord_device *dev, struct scord_detector_config *cfg)
{
    if (!dev || !cfg)
        return SCORD_ERR_INVALID_ARG;
    *cfg = dev->det_cfg;
    return SCORD_OK;
}

int scord_detector_get_regions(scord_device *dev, struct scord_detector_regions *r)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    if (!r)
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "no place for the detector's regions");
    struct scord_detector_regions v;
    memset(&v, 0, sizeof v);
    /* DET_STATUS .. DET_MD_BYTES in one go. */
    uint32_t w[SCORD_DET_MD_BYTES - SCORD_DET_STATUS + 1];
    int rc = scord_regs_read_n(dev, SCORD_DET_STATUS, sizeof w / sizeof w[0], w);
    if (rc)
        return rc;
#define DET_W(reg) w[SCORD_##reg - SCORD_DET_STATUS]
    v.status = DET_W(DET_STATUS);
    v.mode = DET_W(DET_MODE);
    v.track_base = DET_W(DET_TRACK_BASE);
    v.track_bytes = DET_W(DET_TRACK_BYTES);
    v.md_base = DET_W(DET_MD_BASE);
    v.md_bytes = DET_W(DET_MD_BYTES);
    v.ring_base = DET_W(DET_RING_BASE);
    v.ring_records = DET_W(DET_RING_SIZE);
#undef DET_W
    v.armed = v.status & SCORD_DET_STATUS_ARMED;
    *r = v;
    return SCORD_OK;
}

int scord_detector_arm_regions(scord_device *dev, const struct scord_detector_regions *r)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    if (!r)
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "no detector regions given");
    if (dev->running) {
        uint32_t st;
        int rc = scord_regs_read(dev, SCORD_CTL_STATUS, &st);
        if (rc)
            return rc;
        if (st & SCORD_STATUS_BUSY)
            return scord_fail(dev, SCORD_ERR_BUSY,
                              "a kernel is running: wait for it before arming "
                              "the race detector");
        /* It ended without a scord_wait: check the host's copies against
         * its metadata before arming drops it. */
        if ((rc = scord_host_check(dev)))
            return rc;
    }
    const uint32_t regs[6] = {r->mode,    r->track_base, r->track_bytes,
                              r->md_base, r->ring_base,  r->ring_records};
    uint32_t st = 0, md_bytes = 0;
    int rc = det_write_arm(dev, regs, &st);
    if (!rc)
        rc = scord_regs_read(dev, SCORD_DET_MD_BYTES, &md_bytes);
    if (rc)
        return rc;
    /* Not the library's placement: the next launch arms by the
     * configuration again (or disarms). */
    dev->det_armed = false;
    if (!(st & SCORD_DET_STATUS_ARMED))
        return det_refused(dev, st, regs, md_bytes);
    return SCORD_OK;
}
