/* libscord devices: scord_open picks the backend by the URI's scheme,
 * probes the device against the configuration the library is built for
 * and resets it; close, info, description, soft reset. */
#include "scord_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#ifndef SCORD_CONFIG_NAME
#define SCORD_CONFIG_NAME "unknown"
#endif

static const struct scord_backend *const backends[] = {&scord_backend_sim, &scord_backend_uart};

/* The race detector keeps its registers and finishes its work in flight
 * across a soft reset (gpu_top): queued events, a metadata line fetch, a
 * sweep. Until it is idle its counters and ring are not final, and arming
 * it again would race with that work, so a reset waits for it (a GPU
 * without the detector reads DET_STATUS as 0). Bounded by a sweep of all
 * of device memory (3 cycles per line), with room to spare. */
#define DET_IDLE_STEP 256u
static int wait_detector_idle(scord_device *dev)
{
    uint64_t limit =
        4ull * dev->info.mem_bytes / (dev->info.line_bytes ? dev->info.line_bytes : 1) + 4096;
    for (uint64_t waited = 0;; waited += DET_IDLE_STEP) {
        uint32_t st;
        int rc = scord_regs_read(dev, SCORD_DET_STATUS, &st);
        if (rc || !(st & SCORD_DET_STATUS_BUSY))
            return rc;
        if (waited >= limit)
            return scord_fail(dev, SCORD_ERR_IO,
                              "the race detector stayed busy for %llu cycles after a reset",
                              (unsigned long long)waited);
        if ((rc = dev->be->advance(dev->ctx, DET_IDLE_STEP)))
            return rc;
    }
}

/* Soft reset, then let every memory response of the old run drain so it
 * cannot be taken for the answer to a request of the next one. */
int scord_device_reset(scord_device *dev)
{
    int rc = scord_regs_write(dev, SCORD_CTL_CTRL, 2u);
    if (!rc)
        rc = dev->be->advance(dev->ctx, dev->be->settle_cycles(dev->ctx));
    if (!rc)
        rc = wait_detector_idle(dev);
    if (rc)
        return scord_fail(dev, rc, "soft reset of the GPU failed");
    dev->running = false;
    return 0;
}

int scord_reset(scord_device *dev)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    int rc = scord_device_reset(dev);
    /* A kernel stopped here is over too: the host's copies made while it
     * ran are checked against what it accessed (hostrace.c), and its
     * printf output so far is kept (printf.c). */
    if (!rc)
        rc = scord_host_check(dev);
    return rc ? rc : scord_printf_collect(dev);
}

/* The stack region sits at the top of device memory, one slot of
 * 2^STACK_LOG2 bytes per hardware thread; the allocator stays below it. */
static int setup_stack(scord_device *dev)
{
    uint64_t threads = (uint64_t)dev->info.cores * dev->info.warps * dev->info.threads;
    uint64_t bytes = threads << GPU_STACK_LOG2;
    if (bytes + SCORD_MEM_GUARD >= dev->info.mem_bytes)
        return scord_fail(dev, SCORD_ERR_NO_DEVICE,
                          "stack region (%llu bytes) does not fit in device memory (%u bytes)",
                          (unsigned long long)bytes, (unsigned)dev->info.mem_bytes);
    dev->stack_top = dev->info.mem_bytes;
    dev->stack_log2 = GPU_STACK_LOG2;
    dev->stack_base = dev->info.mem_bytes - (uint32_t)bytes;
    dev->heap_limit = dev->stack_base & ~(dev->info.line_bytes - 1);
    return 0;
}

static int probe(scord_device *dev)
{
    uint32_t hw, mem, ver;
    int rc = scord_regs_read(dev, SCORD_CTL_HW_CONFIG, &hw);
    if (!rc)
        rc = scord_regs_read(dev, SCORD_CTL_MEM_BYTES, &mem);
    if (!rc)
        rc = scord_regs_read(dev, SCORD_CTL_VERSION, &ver);
    if (rc)
        return rc;
    struct scord_info *in = &dev->info;
    in->cores = hw & 0xff;
    in->warps = hw >> 8 & 0xff;
    in->threads = hw >> 16 & 0xff;
    in->line_bytes = hw >> 24 & 0xff;
    in->mem_bytes = mem;
    in->version = ver;
    if ((rc = scord_regs_read(dev, SCORD_CTL_SMEM_CAP, &in->smem_bytes)))
        return rc;
    in->config = SCORD_CONFIG_NAME;
    /* The library is built for one configuration (stack layout, counters);
     * a device of another shape would be driven wrongly, so refuse it. */
    if (in->cores != GPU_NUM_CORES || in->warps != GPU_NUM_WARPS ||
        in->threads != GPU_NUM_THREADS || in->line_bytes != GPU_LINE_BYTES ||
        in->mem_bytes != GPU_MEM_BYTES)
        return scord_fail(
            dev, SCORD_ERR_NO_DEVICE,
            "device reports %u cores x %u warps x %u threads, %u-byte lines, %u bytes "
            "of memory; this library is built for configuration '%s' (%u x %u x %u, "
            "%u, %u)",
            (unsigned)in->cores, (unsigned)in->warps, (unsigned)in->threads,
            (unsigned)in->line_bytes, (unsigned)in->mem_bytes, SCORD_CONFIG_NAME, GPU_NUM_CORES,
            GPU_NUM_WARPS, GPU_NUM_THREADS, GPU_LINE_BYTES, GPU_MEM_BYTES);
    return setup_stack(dev);
}

int scord_open(scord_device **devp, const char *uri)
{
    scord_error_clear(NULL);
    if (!devp)
        return scord_fail(NULL, SCORD_ERR_INVALID_ARG, "no place to return the device");
    *devp = NULL;
    if (!uri || !*uri)
        uri = "sim";
    const char *colon = strchr(uri, ':');
    size_t scheme_len = colon ? (size_t)(colon - uri) : strlen(uri);
    const struct scord_backend *be = NULL;
    for (size_t i = 0; i < sizeof backends / sizeof backends[0]; i++)
        if (strlen(backends[i]->name) == scheme_len &&
            memcmp(backends[i]->name, uri, scheme_len) == 0)
            be = backends[i];
    if (!be)
        return scord_fail(NULL, SCORD_ERR_NO_DEVICE, "unknown device '%.*s' (known: sim, uart)",
                          (int)scheme_len, uri);

    scord_device *dev = calloc(1, sizeof *dev);
    if (!dev)
        return scord_fail(NULL, SCORD_ERR_NO_MEM, "out of host memory");
    dev->be = be;
    char err[SCORD_BACKEND_ERRLEN] = "";
    int rc = be->open(&dev->ctx, colon ? colon + 1 : "", err);
    if (rc) {
        free(dev);
        return scord_fail(NULL, rc, "%s", err[0] ? err : scord_strerror(rc));
    }
    rc = probe(dev);
    if (!rc)
        rc = scord_device_reset(dev);
    if (rc) {
        scord_fail(NULL, rc, "%s", dev->detail);
        be->close(dev->ctx);
        free(dev);
        return rc;
    }
    dev->heap_base = dev->heap_next = SCORD_MEM_GUARD;
    *devp = dev;
    return SCORD_OK;
}

void scord_close(scord_device *dev)
{
    if (!dev)
        return;
    dev->be->close(dev->ctx);
    free(dev->rq);
    scord_host_free(dev);
    scord_printf_free(dev);
    free(dev);
}

int scord_get_info(scord_device *dev, struct scord_info *info)
{
    if (!dev || !info)
        return SCORD_ERR_INVALID_ARG;
    *info = dev->info;
    return SCORD_OK;
}

int scord_get_properties(scord_device *dev, struct scord_properties *p)
{
    if (!dev || !p)
        return SCORD_ERR_INVALID_ARG;
    const struct scord_info *in = &dev->info;
    uint32_t per_core = in->warps * in->threads;
    memset(p, 0, sizeof *p);
    p->config = in->config;
    p->cores = in->cores;
    p->warp_size = in->threads;
    p->warps_per_core = in->warps;
    p->max_threads_per_core = per_core;
    p->max_threads_per_block = per_core;
    p->max_grid_blocks = UINT32_MAX; /* the block id CSR and the dispatcher's count */
    for (int d = 0; d < 3; d++) {
        p->max_block_dim[d] = per_core;
        p->max_grid_dim[d] = UINT32_MAX;
    }
    p->max_blocks_per_core = in->warps; /* a block holds at least one warp slot */
    p->smem_per_core = in->smem_bytes;
    p->smem_per_block = in->smem_bytes;
    p->smem_banks = in->threads;
    p->regs_per_thread = 32;
    p->stack_bytes = 1u << dev->stack_log2;
    p->line_bytes = in->line_bytes;
    p->l1d_bytes = GPU_L1D_BYTES;
    p->l2_bytes = GPU_L2_BYTES;
    p->mem_bytes = in->mem_bytes;
    return SCORD_OK;
}

int scord_describe(scord_device *dev, char *buf, size_t len)
{
    if (!dev || (!buf && len))
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    if (len)
        buf[0] = '\0';
    if (!dev->be->describe)
        return scord_fail(dev, SCORD_ERR_NOT_SUPPORTED, "the %s backend has no description",
                          dev->be->name);
    char line[512];
    int rc = dev->be->describe(dev->ctx, line, sizeof line);
    if (rc)
        return scord_fail(dev, rc, "describing the device failed");
    if (len)
        snprintf(buf, len, "%s", line);
    return SCORD_OK;
}
