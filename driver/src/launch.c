/* libscord launches: scord_launch checks the grid, places the arguments,
 * arms the race detector and starts the GPU; scord_wait polls it to the
 * end (streaming race records meanwhile where the device can), keeps the
 * counters and the fault, resets a GPU that did not end cleanly, and has
 * the host's copies made meanwhile checked against the kernel's accesses
 * (hostrace.c). */
#define _POSIX_C_SOURCE 200809L /* clock_gettime */
#include "scord_int.h"

#include <stdarg.h>
#include <stdio.h>
#include <string.h>
#include <time.h>

/* Consecutive STATUS polls showing an idle GPU (not busy, no done, no
 * error) after which a launch is declared lost rather than slow. */
#define IDLE_POLLS_LOST 4
#define POLL_FIRST 64u
#define POLL_MAX 4096u

/* Append one broken limit to the launch's refusal ("; " between them). */
static void add_limit(char *buf, size_t *len, const char *fmt, ...)
    __attribute__((format(printf, 3, 4)));
static void add_limit(char *buf, size_t *len, const char *fmt, ...)
{
    if (*len >= SCORD_DETAIL_LEN - 1)
        return;
    if (*len)
        *len += (size_t)snprintf(buf + *len, SCORD_DETAIL_LEN - *len, "; ");
    if (*len >= SCORD_DETAIL_LEN - 1)
        return;
    va_list ap;
    va_start(ap, fmt);
    *len += (size_t)vsnprintf(buf + *len, SCORD_DETAIL_LEN - *len, fmt, ap);
    va_end(ap);
}

/* x*y*z of 32-bit factors; UINT64_MAX (too many, whatever the limit) where
 * it does not fit 64 bits. */
static uint64_t product3(struct scord_dim3 d)
{
    uint64_t xy = (uint64_t)d.x * d.y;
    return d.z && xy > UINT64_MAX / d.z ? UINT64_MAX : xy * d.z;
}

/* The limits of scord_get_properties, each checked, so a refusal names
 * every one the launch broke rather than the first; the GPU (gpu_ctl)
 * would refuse the same launches, with no more than FAULT_LAUNCH. */
static int check_limits(scord_device *dev, const scord_kernel *kernel, struct scord_dim3 grid,
                        struct scord_dim3 block, uint32_t dyn_shared)
{
    char why[SCORD_DETAIL_LEN] = "";
    size_t len = 0;
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
        add_limit(why, &len, "grid %ux%ux%u, block %ux%ux%u: no dimension may be 0",
                  (unsigned)grid.x, (unsigned)grid.y, (unsigned)grid.z, (unsigned)block.x,
                  (unsigned)block.y, (unsigned)block.z);
    uint64_t blocks = product3(grid), threads = product3(block);
    uint64_t per_core = (uint64_t)dev->info.warps * dev->info.threads;
    if (threads > per_core)
        add_limit(why, &len,
                  "block of %llu threads (%ux%ux%u) exceeds the limit of threads per block: a "
                  "core's %u warps x %u threads = %llu",
                  (unsigned long long)threads, (unsigned)block.x, (unsigned)block.y,
                  (unsigned)block.z, (unsigned)dev->info.warps, (unsigned)dev->info.threads,
                  (unsigned long long)per_core);
    if (blocks > UINT32_MAX)
        add_limit(why, &len,
                  "grid of %llu blocks (%ux%ux%u) exceeds the limit of blocks per grid: %u "
                  "(block ids are 32-bit)",
                  (unsigned long long)blocks, (unsigned)grid.x, (unsigned)grid.y,
                  (unsigned)grid.z, (unsigned)UINT32_MAX);
    uint64_t shared = (uint64_t)kernel->shared_bytes + dyn_shared;
    uint32_t cap = dev->info.smem_bytes;
    if (shared > cap)
        add_limit(why, &len,
                  "a block needs %llu bytes of shared memory (%u static + %u dynamic), a core "
                  "has %u: the limit of shared memory per block (dynamic at most %u beside "
                  "this kernel's static)",
                  (unsigned long long)shared, (unsigned)kernel->shared_bytes, (unsigned)dyn_shared,
                  (unsigned)cap,
                  (unsigned)(kernel->shared_bytes < cap ? cap - kernel->shared_bytes : 0));
    return len ? scord_fail(dev, SCORD_ERR_LAUNCH, "%s", why) : SCORD_OK;
}

int scord_launch(scord_device *dev, const scord_kernel *kernel, struct scord_dim3 grid,
                 struct scord_dim3 block, const void *args, size_t args_size)
{
    return scord_launch_shared(dev, kernel, grid, block, 0, args, args_size);
}

int scord_launch_shared(scord_device *dev, const scord_kernel *kernel, struct scord_dim3 grid,
                        struct scord_dim3 block, uint32_t dyn_shared, const void *args,
                        size_t args_size)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    scord_error_clear(dev);
    if (!kernel || (args_size && !args))
        return scord_fail(dev, SCORD_ERR_INVALID_ARG,
                          "no kernel, or argument size without arguments");
    int rc;
    if (dev->running) {
        uint32_t st;
        if ((rc = scord_regs_read(dev, SCORD_CTL_STATUS, &st)))
            return rc;
        if (st & SCORD_STATUS_BUSY)
            return scord_fail(dev, SCORD_ERR_BUSY, "a kernel is still running: call scord_wait");
        /* It ended without a scord_wait: the host's copies since its launch
         * are checked now, before this launch's arming and start. */
        if ((rc = scord_host_check(dev)))
            return rc;
    }
    if ((rc = check_limits(dev, kernel, grid, block, dyn_shared)))
        return rc;
    uint64_t shared = (uint64_t)kernel->shared_bytes + dyn_shared;

    /* Arguments go at the top of the heap, just below the stack, where no
     * allocation is likely to be; scord_malloc keeps off them while the
     * kernel runs. */
    /* With the race detector they go just above the heap instead, so the
     * tracked window (which must cover them) stays as small as the data. */
    uint32_t args_addr = 0;
    bool args_low = dev->det_cfg.enable != 0;
    if (args_size) {
        uint32_t floor = scord_align_up(dev->heap_next, dev->info.line_bytes);
        uint32_t top = scord_memory_top(dev);
        if (floor > top || args_size > top - floor)
            return scord_fail(
                dev, SCORD_ERR_NO_MEM, "no room for %zu bytes of kernel arguments%s", args_size,
                top < dev->heap_limit ? " inside the race detector's largest window" : "");
        args_addr = args_low ? floor
                             : (dev->heap_limit - (uint32_t)args_size) & ~(dev->info.line_bytes - 1);
        if ((rc = scord_memcpy_htod(dev, args_addr, args, args_size)))
            return rc;
    }
    if ((rc = scord_detector_prepare(dev, kernel, args_size ? (uint64_t)args_addr + args_size : 0)))
        return rc;
    /* A kernel with printf: its buffer at the top of what is free, above
     * the allocations and arguments and, with the detector, above its
     * metadata and ring, so outside the tracked window: printf's writes
     * are never checked, cost the detector no metadata and cannot make a
     * report. */
    uint32_t pf_lo = dev->heap_next, pf_hi = dev->heap_limit;
    if (args_size && args_low && args_addr + (uint32_t)args_size > pf_lo)
        pf_lo = args_addr + (uint32_t)args_size;
    if (args_size && !args_low)
        pf_hi = args_addr;
    if (dev->det_armed) {
        uint32_t ring_end = dev->det_ring_base + dev->det_cfg.ring_records * SCORD_DET_REC_BYTES;
        if (ring_end > pf_lo)
            pf_lo = ring_end;
    }
    if ((rc = scord_printf_prepare(dev, kernel, pf_lo, pf_hi, grid, block)))
        return rc;

    /* A clean GPU for every launch: clears done/error of the last run. */
    if ((rc = scord_device_reset(dev)))
        return rc;
    const uint32_t regs[][2] = {
        {SCORD_CTL_ENTRY_PC, kernel->entry}, {SCORD_CTL_ARG_PTR, args_addr},
        {SCORD_CTL_GRID_X, grid.x},          {SCORD_CTL_GRID_Y, grid.y},
        {SCORD_CTL_GRID_Z, grid.z},          {SCORD_CTL_BLOCK_X, block.x},
        {SCORD_CTL_BLOCK_Y, block.y},        {SCORD_CTL_BLOCK_Z, block.z},
        {SCORD_CTL_STACK_TOP, dev->stack_top}, {SCORD_CTL_STACK_LOG2, dev->stack_log2},
        {SCORD_CTL_SMEM_BYTES, (uint32_t)shared}, {SCORD_CTL_CTRL, 1u},
    };
    if ((rc = scord_regs_write_n(dev, regs, sizeof regs / sizeof regs[0])))
        return rc;
    dev->args_addr = args_addr;
    dev->args_bytes = (uint32_t)args_size;
    dev->args_low = args_low;
    dev->last_grid = grid;
    dev->last_block = block;
    dev->running = dev->launched = true;
    dev->have_snapshot = false;
    scord_host_launch(dev, dev->det_armed);
    /* Stream the ring while waiting when the device can hand out records. */
    dev->streaming = dev->det_armed && dev->be->ring_take;
    memset(&dev->fault, 0, sizeof dev->fault);
    dev->last_rc = SCORD_OK;
    return SCORD_OK;
}

static uint64_t now_ms(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return (uint64_t)ts.tv_sec * 1000u + (uint64_t)ts.tv_nsec / 1000000u;
}

/* The run is over: keep its counters (a reset may clear them), then reset
 * the GPU if it did not end cleanly, so the device stays usable. */
static int finish(scord_device *dev, int result, bool reset)
{
    int rc = scord_counters_fetch(dev, &dev->snapshot);
    if (!rc)
        dev->have_snapshot = true;
    dev->running = false;
    char keep[SCORD_DETAIL_LEN];
    memcpy(keep, dev->detail, sizeof keep);
    if (reset && (rc = scord_device_reset(dev)))
        return rc;
    /* The host's copies made while it ran, against its accesses: the
     * detector keeps its metadata across the reset. */
    rc = scord_host_check(dev);
    /* Its printf output, whatever the outcome (a fault keeps memory). */
    if (!rc)
        rc = scord_printf_collect(dev);
    else
        scord_printf_collect(dev);
    if (rc && result == SCORD_OK)
        result = rc;
    else
        memcpy(dev->detail, keep, sizeof keep);
    dev->last_rc = result;
    return result;
}

static int take_fault(scord_device *dev, uint32_t status)
{
    uint32_t pc = 0, addr = 0, info = 0;
    int rc = scord_regs_read(dev, SCORD_CTL_ERR_PC, &pc);
    if (!rc)
        rc = scord_regs_read(dev, SCORD_CTL_ERR_ADDR, &addr);
    if (!rc)
        rc = scord_regs_read(dev, SCORD_CTL_ERR_INFO, &info);
    if (rc)
        return rc;
    struct scord_fault *f = &dev->fault;
    f->cause = status >> 8 & 0xff;
    f->pc = pc;
    f->addr = addr;
    f->lane = info & 0xff;
    f->warp = info >> 8 & 0xff;
    f->core = info >> 16 & 0xff;
    if (f->cause == SCORD_FAULT_LAUNCH) {
        scord_fail(dev, SCORD_ERR_LAUNCH, "the GPU refused the launch parameters");
        return finish(dev, SCORD_ERR_LAUNCH, true);
    }
    scord_fail(dev, SCORD_ERR_KERNEL_FAULT,
               "%s at pc 0x%08x, address 0x%08x (core %u, warp %u, lane %u)",
               scord_fault_name(f->cause), (unsigned)f->pc, (unsigned)f->addr, (unsigned)f->core,
               (unsigned)f->warp, (unsigned)f->lane);
    return finish(dev, SCORD_ERR_KERNEL_FAULT, true);
}

int scord_wait(scord_device *dev, unsigned timeout_ms)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    if (!dev->running) {
        if (!dev->launched)
            return scord_fail(dev, SCORD_ERR_INVALID_ARG, "no kernel was launched");
        return dev->last_rc;
    }
    scord_error_clear(dev);
    uint64_t start = now_ms();
    uint32_t chunk = POLL_FIRST;
    int idle = 0, rc;
    for (;;) {
        if ((rc = dev->be->advance(dev->ctx, chunk)))
            return scord_fail(dev, rc, "the device stopped responding");
        if (chunk < POLL_MAX)
            chunk *= 2;
        uint32_t st;
        if ((rc = scord_regs_read(dev, SCORD_CTL_STATUS, &st)))
            return rc;
        if (st & SCORD_STATUS_ERROR)
            return take_fault(dev, st);
        if (st & SCORD_STATUS_DONE)
            return finish(dev, SCORD_OK, false);
        if (st & SCORD_STATUS_BUSY) {
            idle = 0;
            uint32_t left;
            if (dev->streaming && (rc = scord_stream_take(dev, &left)))
                return rc;
        } else if (++idle >= IDLE_POLLS_LOST) {
            scord_fail(dev, SCORD_ERR_IO, "the GPU went idle without signalling done or an error");
            return finish(dev, SCORD_ERR_IO, true);
        }
        uint64_t elapsed = now_ms() - start;
        if (timeout_ms && elapsed >= timeout_ms) {
            /* Tell a kernel that runs on (a loop that never ends) from a GPU
             * that stopped retiring instructions: look at the counters
             * across one more poll. */
            uint32_t c0 = 0, i0 = 0, c1 = 0, i1 = 0;
            scord_regs_read(dev, SCORD_CTL_PERF_BASE + SCORD_PERF_CYCLES, &c0);
            scord_regs_read(dev, SCORD_CTL_PERF_BASE + SCORD_PERF_INSTRS, &i0);
            if (!dev->be->advance(dev->ctx, chunk)) {
                scord_regs_read(dev, SCORD_CTL_PERF_BASE + SCORD_PERF_CYCLES, &c1);
                scord_regs_read(dev, SCORD_CTL_PERF_BASE + SCORD_PERF_INSTRS, &i1);
            }
            uint32_t dc = c1 - c0, di = i1 - i0;
            if (c1 == 0 || dc == 0)
                scord_fail(dev, SCORD_ERR_TIMEOUT,
                           "the kernel did not finish within %u ms (%u cycles); the GPU was reset",
                           timeout_ms, (unsigned)c0);
            else
                scord_fail(dev, SCORD_ERR_TIMEOUT,
                           "the kernel did not finish within %u ms (%u cycles, %u instructions); "
                           "%s (%u instructions in the last %u cycles); the GPU was reset",
                           timeout_ms, (unsigned)c1, (unsigned)i1,
                           di ? "it was still running: a loop that never ends?"
                              : "no warp made progress: the GPU was stalled",
                           (unsigned)di, (unsigned)dc);
            return finish(dev, SCORD_ERR_TIMEOUT, true);
        }
    }
}

int scord_get_fault(scord_device *dev, struct scord_fault *fault)
{
    if (!dev || !fault)
        return SCORD_ERR_INVALID_ARG;
    *fault = dev->fault;
    return SCORD_OK;
}
