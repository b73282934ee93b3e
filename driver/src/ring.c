/* libscord's ring drain (docs/detector.md §8.3): the race records the
 * detector left in its ring in device memory, or that the device streamed
 * out meanwhile (stream.c), taken out through the detector registers
 * (§7.1), decoded (record.c) and given the shape of their launch; then
 * the host-device races the library found (hostrace.c, §15). */
#include "scord_int.h"

#include <inttypes.h>
#include <stdlib.h>

#define REC_BYTES SCORD_DET_REC_BYTES
/* Reads of DET_RING_CLAIM before a claim counts as not taken: the
 * detector applies it between two reports, each a few cycles. */
#define CLAIM_TRIES 1000u

/* Copy n slots starting at slot `from`, wrapping at the end of the ring. */
static int read_slots(const struct scord_ring_port *p, uint32_t base, uint32_t size,
                      uint32_t from, uint32_t n, unsigned char *dst)
{
    uint32_t first = size - from < n ? size - from : n;
    int rc = p->mem_read(p->ctx, base + from * REC_BYTES, dst, (size_t)first * REC_BYTES);
    if (!rc && n > first)
        rc = p->mem_read(p->ctx, base, dst + (size_t)first * REC_BYTES,
                         (size_t)(n - first) * REC_BYTES);
    return rc;
}

/* The ring registers make sense. Unused ctl indices read 0 (§7.1): a GPU
 * without the detector, or one whose ring was never configured, shows a
 * ring of size 0. */
static int check_ring(scord_device *dev, uint32_t size, uint32_t head, uint32_t tail)
{
    if (size < 2)
        return scord_fail(dev, SCORD_ERR_NOT_SUPPORTED,
                          "no race ring: DET_RING_SIZE reads %" PRIu32
                          " (detector absent or not configured)",
                          size);
    if (head >= size || tail >= size)
        return scord_fail(dev, SCORD_ERR_IO,
                          "ring pointers head %" PRIu32 ", tail %" PRIu32
                          " outside a ring of %" PRIu32 " slots",
                          head, tail, size);
    return SCORD_OK;
}

/* Write DET_RING_CLAIM and wait until the detector shows it in force: it
 * takes effect between two reports, a few cycles away. */
static int claim_slots(const struct scord_ring_port *p, scord_device *dev, uint32_t claim)
{
    int rc = p->reg_write(p->ctx, SCORD_DET_RING_CLAIM, claim);
    for (unsigned tries = 0; !rc && tries < CLAIM_TRIES; tries++) {
        uint32_t v;
        if ((rc = p->reg_read(p->ctx, SCORD_DET_RING_CLAIM, &v)) || v == claim)
            return rc;
    }
    return rc ? rc
              : scord_fail(dev, SCORD_ERR_IO,
                           "the detector did not take ring claim %" PRIu32 " (DET_RING_CLAIM)",
                           claim);
}

int scord_ring_drain_port(const struct scord_ring_port *p, scord_device *dev,
                          struct scord_race *races, size_t max, size_t *n,
                          struct scord_ring_info *info)
{
    if (!p || !n || (!races && max))
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "no count or no place for the races");
    *n = 0;
    uint32_t status, base, size, head, tail, drops, pc_base;
    int rc;
    if ((rc = p->reg_read(p->ctx, SCORD_DET_STATUS, &status)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_PC_BASE, &pc_base)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_RING_BASE, &base)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_RING_SIZE, &size)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_RING_HEAD, &head)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_RING_TAIL, &tail)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_RING_DROPS, &drops)))
        return rc;
    if ((rc = check_ring(dev, size, head, tail)))
        return rc;
    if ((uint64_t)base + (uint64_t)size * REC_BYTES > UINT32_MAX + 1ull)
        return scord_fail(dev, SCORD_ERR_RANGE,
                          "ring at 0x%08" PRIx32 " of %" PRIu32 " slots passes 4 GiB", base, size);
    uint32_t avail = (head + size - tail) % size;
    uint32_t take = max < avail ? (uint32_t)max : avail;
    struct scord_ring_info in = {.drops = drops, .remaining = avail - take, .status = status};
    if (take == 0) {
        if (info)
            *info = in;
        return SCORD_OK;
    }

    /* §8.3: claim the slots first, so the detector merges no occurrence
     * into a record while it is copied; copy; then free them. */
    uint32_t end = (tail + take) % size;
    if ((rc = claim_slots(p, dev, end)))
        return rc;
    unsigned char *raw = malloc((size_t)take * REC_BYTES);
    if (!raw)
        return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    if ((rc = read_slots(p, base, size, tail, take, raw)) ||
        (rc = p->reg_write(p->ctx, SCORD_DET_RING_TAIL, end))) {
        free(raw);
        return rc;
    }
    size_t stored = 0;
    for (uint32_t i = 0; i < take; i++) {
        if (scord_race_decode_at(raw + (size_t)i * REC_BYTES, pc_base, &races[stored]) != 0)
            in.invalid++;
        else
            stored++;
    }
    free(raw);
    *n = stored;
    if (info)
        *info = in;
    return SCORD_OK;
}

static int dev_reg_read(void *ctx, uint32_t idx, uint32_t *v)
{
    return scord_regs_read(ctx, idx, v);
}
static int dev_reg_write(void *ctx, uint32_t idx, uint32_t v)
{
    return scord_regs_write(ctx, idx, v);
}
/* The library's own read: not a host access to check against a kernel. */
static int dev_mem_read(void *ctx, uint32_t addr, void *dst, size_t n)
{
    return scord_memory_read(ctx, dst, addr, n);
}

/* The drain of a device that takes records out of its ring itself: the
 * records streamed while the kernel ran first, then the ring's. The
 * device picks up merged counts (§8.3) as the drain above does. */
static int drain_taken(scord_device *dev, struct scord_race *races, size_t max, size_t *n,
                       struct scord_ring_info *info)
{
    if (!n || (!races && max))
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "no count or no place for the races");
    *n = 0;
    /* Everything goes through the queue, so a record taken now merges into
     * one streamed during the run (same PC and type), as it would have in
     * a ring drained only now. */
    int rc = scord_stream_pull(dev);
    if (rc)
        return rc;
    /* DET_STATUS .. DET_PC_BASE */
    uint32_t v[SCORD_DET_PC_BASE - SCORD_DET_STATUS + 1];
    if ((rc = scord_regs_read_n(dev, SCORD_DET_STATUS, sizeof v / sizeof v[0], v)))
        return rc;
    uint32_t status = v[0], size = v[SCORD_DET_RING_SIZE - SCORD_DET_STATUS],
             head = v[SCORD_DET_RING_HEAD - SCORD_DET_STATUS],
             tail = v[SCORD_DET_RING_TAIL - SCORD_DET_STATUS],
             drops = v[SCORD_DET_RING_DROPS - SCORD_DET_STATUS],
             pc_base = v[SCORD_DET_PC_BASE - SCORD_DET_STATUS];
    if ((rc = check_ring(dev, size, head, tail)))
        return rc;
    uint32_t in_ring = (head + size - tail) % size, queued = scord_stream_queued(dev);
    uint32_t want = (uint32_t)(max < queued ? max : queued);
    struct scord_ring_info in = {.drops = drops, .remaining = queued - want + in_ring,
                                 .status = status};
    if (want) {
        unsigned char *raw = malloc((size_t)want * REC_BYTES);
        if (!raw)
            return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
        uint32_t got = scord_stream_dequeue(dev, raw, want);
        size_t stored = 0;
        for (uint32_t i = 0; i < got; i++) {
            if (scord_race_decode_at(raw + (size_t)i * REC_BYTES, pc_base, &races[stored]) != 0)
                in.invalid++;
            else
                stored++;
        }
        free(raw);
        *n = stored;
    }
    if (info)
        *info = in;
    return SCORD_OK;
}

/* Grid and block of the device's last launch and its lanes per warp; all
 * 0 before the first launch. */
static void launch_shape(const scord_device *dev, struct scord_dim3 *grid, struct scord_dim3 *block,
                         uint32_t *warp_size)
{
    bool any = dev && dev->launched;
    *grid = any ? dev->last_grid : (struct scord_dim3){0, 0, 0};
    *block = any ? dev->last_block : (struct scord_dim3){0, 0, 0};
    *warp_size = any ? dev->info.threads : 0;
}

int scord_ring_drain(scord_device *dev, struct scord_race *races, size_t max, size_t *n,
                     struct scord_ring_info *info)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    int rc;
    struct scord_ring_info in = {0, 0, 0, 0};
    if (scord_stream_can_take(dev)) {
        rc = drain_taken(dev, races, max, n, &in);
    } else {
        const struct scord_ring_port port = {dev, dev_reg_read, dev_reg_write, dev_mem_read};
        rc = scord_ring_drain_port(&port, dev, races, max, n, &in);
    }
    /* A ring disarmed since (the detector disabled): its host-device races
     * are still the library's to hand out. */
    if (rc == SCORD_ERR_NOT_SUPPORTED && n && scord_host_queued(dev)) {
        scord_error_clear(dev);
        *n = 0;
        rc = SCORD_OK;
    }
    if (rc)
        return rc;
    /* The host-device races after the ring's records (§15). */
    if (max > *n)
        *n += scord_host_take(dev, races + *n, max - *n, &in.invalid);
    in.remaining += scord_host_queued(dev);
    uint64_t drops = (uint64_t)in.drops + scord_host_drops(dev);
    in.drops = drops > UINT32_MAX ? UINT32_MAX : (uint32_t)drops;
    if (info)
        *info = in;
    /* The records are the last launch's (scord.h: drain after each wait):
     * its shape names the threads. */
    struct scord_dim3 grid, block;
    uint32_t warp_size;
    launch_shape(dev, &grid, &block, &warp_size);
    for (size_t i = 0; i < *n; i++) {
        races[i].grid_dim = grid;
        races[i].block_dim = block;
        races[i].warp_size = warp_size;
    }
    return SCORD_OK;
}
