/* libscord device memory: a bump allocator of line-aligned blocks between
 * the kernel image and the stacks (or the end of the race detector's
 * largest window), copies between host and device memory, memset. A copy
 * or memset made while a kernel runs with the detector armed is noted
 * for the host-device check (hostrace.c), with the caller's return
 * address: the call site the report names. */
#include "scord_int.h"

#include <string.h>

/* Top of the allocator: below the stacks, and below the largest tracked
 * window while the race detector is enabled. */
uint32_t scord_memory_top(const scord_device *dev)
{
    if (dev->det_cfg.enable && dev->det_wmax < dev->heap_limit)
        return dev->det_wmax;
    return dev->heap_limit;
}

static uint32_t heap_ceiling(const scord_device *dev)
{
    /* A running kernel's printf buffer lies above the heap and its
     * arguments (launch.c). */
    if (dev->running && dev->pf_bytes && dev->pf_base < scord_memory_top(dev) &&
        !(dev->args_bytes && !dev->args_low && dev->args_addr < dev->pf_base))
        return dev->pf_base;
    /* The argument block of a running kernel lies at the top of the heap
     * (or, with the detector, just above it: see scord_malloc). */
    if (dev->running && dev->args_bytes && !dev->args_low && dev->args_addr < scord_memory_top(dev))
        return dev->args_addr;
    return scord_memory_top(dev);
}

int scord_malloc(scord_device *dev, size_t bytes, scord_addr *addr)
{
    if (!dev || !addr)
        return SCORD_ERR_INVALID_ARG;
    if (bytes == 0)
        return scord_fail(dev, SCORD_ERR_INVALID_ARG, "cannot allocate 0 bytes");
    uint64_t start = scord_align_up(dev->heap_next, dev->info.line_bytes);
    /* Arguments of a running kernel placed just above the heap: go past. */
    if (dev->running && dev->args_bytes && dev->args_low &&
        (uint64_t)dev->args_addr + dev->args_bytes > start)
        start = scord_align_up(dev->args_addr + dev->args_bytes, dev->info.line_bytes);
    uint64_t end = start + (uint64_t)bytes;
    uint32_t ceil = heap_ceiling(dev);
    char cost[80];
    if (bytes > UINT32_MAX || end > ceil) {
        if (ceil < dev->heap_limit)
            return scord_fail(
                dev, SCORD_ERR_NO_MEM,
                "device memory exhausted: %zu bytes requested, %llu free below 0x%08x, "
                "the end of the largest window the race detector can track (%s mode, "
                "%u-byte granules: %s; its metadata and ring take the memory above "
                "it); use cache mode or a coarser granularity, or disable the detector",
                bytes, (unsigned long long)(ceil > start ? ceil - start : 0), (unsigned)ceil,
                scord_detector_mode_text(&dev->det_cfg), dev->det_cfg.granularity,
                scord_detector_cost_text(&dev->det_cfg, cost, sizeof cost));
        return scord_fail(dev, SCORD_ERR_NO_MEM,
                          "device memory exhausted: %zu bytes requested, %llu free below the stack",
                          bytes, (unsigned long long)(ceil > start ? ceil - start : 0));
    }
    dev->heap_next = (uint32_t)end;
    *addr = (scord_addr)start;
    return SCORD_OK;
}

void scord_free_all(scord_device *dev)
{
    if (dev)
        dev->heap_next = dev->heap_base;
}

static int check_range(scord_device *dev, scord_addr a, size_t n)
{
    if ((uint64_t)a + n > dev->info.mem_bytes)
        return scord_fail(dev, SCORD_ERR_RANGE,
                          "range [0x%08x, +%zu bytes) is outside device memory (%u bytes)",
                          (unsigned)a, n, (unsigned)dev->info.mem_bytes);
    return 0;
}

/* The caller of a public copy function: where the host program made the
 * call (a host-device report names it). */
#define CALL_SITE() ((uint64_t)(uintptr_t)__builtin_return_address(0))

int scord_memcpy_htod(scord_device *dev, scord_addr dst, const void *src, size_t n)
{
    if (!dev || (!src && n))
        return SCORD_ERR_INVALID_ARG;
    int rc = check_range(dev, dst, n);
    if (!rc)
        rc = scord_host_note(dev, SCORD_HOST_MEMCPY_HTOD, dst, n, CALL_SITE());
    if (rc || !n)
        return rc;
    rc = dev->be->mem_write(dev->ctx, dst, src, n);
    return rc ? scord_fail(dev, rc, "writing device memory at 0x%08x failed", (unsigned)dst) : 0;
}

int scord_memory_read(scord_device *dev, void *dst, scord_addr src, size_t n)
{
    int rc = check_range(dev, src, n);
    if (rc || !n)
        return rc;
    rc = dev->be->mem_read(dev->ctx, src, dst, n);
    return rc ? scord_fail(dev, rc, "reading device memory at 0x%08x failed", (unsigned)src) : 0;
}

int scord_memcpy_dtoh(scord_device *dev, void *dst, scord_addr src, size_t n)
{
    if (!dev || (!dst && n))
        return SCORD_ERR_INVALID_ARG;
    int rc = check_range(dev, src, n);
    if (!rc)
        rc = scord_host_note(dev, SCORD_HOST_MEMCPY_DTOH, src, n, CALL_SITE());
    return rc ? rc : scord_memory_read(dev, dst, src, n);
}

int scord_memset(scord_device *dev, scord_addr dst, int value, size_t n)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    int rc = check_range(dev, dst, n);
    if (!rc)
        rc = scord_host_note(dev, SCORD_HOST_MEMSET, dst, n, CALL_SITE());
    if (rc)
        return rc;
    unsigned char buf[4096];
    memset(buf, value, sizeof buf);
    while (n) {
        size_t k = n < sizeof buf ? n : sizeof buf;
        rc = dev->be->mem_write(dev->ctx, dst, buf, k);
        if (rc)
            return scord_fail(dev, rc, "writing device memory at 0x%08x failed", (unsigned)dst);
        dst += (scord_addr)k;
        n -= k;
    }
    return 0;
}
