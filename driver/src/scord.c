/* libscord generic layer: errors, device memory allocator, ELF loading,
 * launch and wait. It talks to the GPU only through the control registers
 * and device memory ranges of a backend (backend.h). */
#define _POSIX_C_SOURCE 200809L /* strdup, clock_gettime */
#include "scord.h"

#include <errno.h>
#include <gelf.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "backend.h"
#include "race.h"
#include "scord_defs.h"

#ifndef SCORD_CONFIG_NAME
#define SCORD_CONFIG_NAME "unknown"
#endif

#define DETAIL_LEN 512
/* Kernel images are at most device memory (16 MiB by default); anything
 * far larger is not a kernel and should not be read into host memory. */
#define MAX_ELF_FILE (256u << 20)
/* Consecutive STATUS polls showing an idle GPU (not busy, no done, no
 * error) after which a launch is declared lost rather than slow. */
#define IDLE_POLLS_LOST 4
#define POLL_FIRST 64u
#define POLL_MAX 4096u

static const struct scord_backend *const backends[] = {&scord_backend_sim, &scord_backend_uart};

struct symbol {
    char *name;
    uint32_t value, size;
};

struct scord_kernel {
    uint32_t entry;
    uint32_t image_lo, image_hi; /* [lo, hi): union of the PT_LOAD ranges */
    uint32_t shared_bytes;       /* size of .shared: the __shared__ variables */
    struct symbol *syms;
    size_t nsyms;
    struct scord_dbg *dbg; /* race.c: function symbols and DWARF for addr2line */
};

struct scord_device {
    const struct scord_backend *be;
    void *ctx;
    struct scord_info info;
    uint32_t stack_top, stack_log2, stack_base; /* stack is [base, top) */
    uint32_t heap_base, heap_next, heap_limit;  /* allocator: [base, limit) */
    uint32_t args_addr, args_bytes;             /* live while running */
    struct scord_dim3 last_grid, last_block;    /* of the last launch: race reports */
    bool args_low;                              /* args sit just above the heap */
    bool launched, running, have_snapshot;
    /* Race detector (scord_detector_configure): the configuration, the
     * largest window whose metadata and ring fit below the stacks (the
     * allocator's ceiling while enabled), and what is armed now. */
    struct scord_detector_config det_cfg;
    uint32_t det_wmax;
    bool det_armed;
    uint32_t det_window, det_md_base, det_md_bytes, det_ring_base;
    /* Race records streamed out of the ring while a kernel runs (backends
     * with ring_take): raw records rq[rq_first .. rq_first+rq_len), oldest
     * first, conceptually still in the ring. At most queue_limit(): when full,
     * the device's ring fills and DET_RING_DROPS counts what is lost. */
    bool streaming;
    unsigned char *rq;
    uint32_t rq_first, rq_len, rq_cap;
    int last_rc;
    struct scord_counters snapshot;
    struct scord_fault fault;
    char detail[DETAIL_LEN];
};

/* Failures of scord_open have no device to hold their detail. */
static _Thread_local char open_detail[DETAIL_LEN];

#if defined(__GNUC__)
__attribute__((format(printf, 3, 4)))
#endif
static int fail(scord_device *dev, int err, const char *fmt, ...)
{
    char *buf = dev ? dev->detail : open_detail;
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, DETAIL_LEN, fmt, ap);
    va_end(ap);
    return err;
}

static void clear_detail(scord_device *dev) { (dev ? dev->detail : open_detail)[0] = '\0'; }

const char *scord_last_error_detail(scord_device *dev)
{
    return dev ? dev->detail : open_detail;
}

/* race.c sets the same details (race.h). */
int scord_priv_fail(scord_device *dev, int err, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(dev ? dev->detail : open_detail, DETAIL_LEN, fmt, ap);
    va_end(ap);
    return err;
}

/* ---- names ------------------------------------------------------------ */

const char *scord_error_name(int err)
{
    switch (err) {
    case SCORD_OK: return "SCORD_OK";
    case SCORD_ERR_INVALID_ARG: return "SCORD_ERR_INVALID_ARG";
    case SCORD_ERR_NO_DEVICE: return "SCORD_ERR_NO_DEVICE";
    case SCORD_ERR_NO_MEM: return "SCORD_ERR_NO_MEM";
    case SCORD_ERR_IO: return "SCORD_ERR_IO";
    case SCORD_ERR_ELF: return "SCORD_ERR_ELF";
    case SCORD_ERR_TIMEOUT: return "SCORD_ERR_TIMEOUT";
    case SCORD_ERR_KERNEL_FAULT: return "SCORD_ERR_KERNEL_FAULT";
    case SCORD_ERR_LAUNCH: return "SCORD_ERR_LAUNCH";
    case SCORD_ERR_BUSY: return "SCORD_ERR_BUSY";
    case SCORD_ERR_RANGE: return "SCORD_ERR_RANGE";
    case SCORD_ERR_NOT_SUPPORTED: return "SCORD_ERR_NOT_SUPPORTED";
    default: return "SCORD_ERR_UNKNOWN";
    }
}

const char *scord_strerror(int err)
{
    switch (err) {
    case SCORD_OK: return "success";
    case SCORD_ERR_INVALID_ARG: return "invalid argument";
    case SCORD_ERR_NO_DEVICE: return "no such device";
    case SCORD_ERR_NO_MEM: return "out of memory";
    case SCORD_ERR_IO: return "input/output error";
    case SCORD_ERR_ELF: return "not a loadable RV32 executable";
    case SCORD_ERR_TIMEOUT: return "the kernel did not finish in time";
    case SCORD_ERR_KERNEL_FAULT: return "the kernel faulted";
    case SCORD_ERR_LAUNCH: return "launch refused";
    case SCORD_ERR_BUSY: return "a kernel is still running";
    case SCORD_ERR_RANGE: return "address range outside device memory";
    case SCORD_ERR_NOT_SUPPORTED: return "not supported by this device";
    default: return "unknown error";
    }
}

const char *scord_fault_name(uint32_t cause)
{
    switch (cause) {
    case SCORD_FAULT_NONE: return "none";
    case SCORD_FAULT_ILLEGAL: return "illegal instruction";
    case SCORD_FAULT_MISALIGNED: return "misaligned access";
    case SCORD_FAULT_BOUNDS: return "out-of-bounds access";
    case SCORD_FAULT_FETCH: return "bad instruction fetch";
    case SCORD_FAULT_LAUNCH: return "bad launch";
    case SCORD_FAULT_ECALL: return "ecall/ebreak";
    case SCORD_FAULT_SMEM: return "shared-memory access outside the block's slice";
    default: return "unknown fault";
    }
}

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

/* ---- register helpers ------------------------------------------------- */

static int reg_rd(scord_device *dev, uint32_t idx, uint32_t *v)
{
    int rc = dev->be->reg_read(dev->ctx, idx, v);
    return rc ? fail(dev, rc, "reading control register 0x%02x failed", (unsigned)idx) : 0;
}

static int reg_wr(scord_device *dev, uint32_t idx, uint32_t v)
{
    int rc = dev->be->reg_write(dev->ctx, idx, v);
    return rc ? fail(dev, rc, "writing control register 0x%02x failed", (unsigned)idx) : 0;
}

/* Consecutive registers: one exchange where the backend can. */
static int regs_rd(scord_device *dev, uint32_t first, uint32_t count, uint32_t *v)
{
    if (dev->be->reg_read_n) {
        int rc = dev->be->reg_read_n(dev->ctx, first, count, v);
        return rc ? fail(dev, rc, "reading control registers 0x%02x..0x%02x failed",
                         (unsigned)first, (unsigned)(first + count - 1))
                  : 0;
    }
    for (uint32_t k = 0; k < count; k++) {
        int rc = reg_rd(dev, first + k, &v[k]);
        if (rc)
            return rc;
    }
    return 0;
}

/* w[i] = {index, value}, written in order: one exchange where the backend
 * can. */
static int regs_wr(scord_device *dev, const uint32_t (*w)[2], size_t count)
{
    if (dev->be->reg_write_n) {
        int rc = dev->be->reg_write_n(dev->ctx, w, count);
        return rc ? fail(dev, rc, "writing %zu control registers (0x%02x first) failed", count,
                         (unsigned)w[0][0])
                  : 0;
    }
    for (size_t k = 0; k < count; k++) {
        int rc = reg_wr(dev, w[k][0], w[k][1]);
        if (rc)
            return rc;
    }
    return 0;
}

static int read_counters_hw(scord_device *dev, struct scord_counters *c)
{
    uint32_t v[SCORD_NUM_COUNTERS];
    int rc = regs_rd(dev, SCORD_CTL_PERF_BASE, SCORD_NUM_COUNTERS, v);
    if (rc)
        return rc;
    for (uint32_t k = 0; k < SCORD_NUM_COUNTERS; k++)
        memcpy((char *)c + counter_offset[k], &v[k], sizeof v[k]);
    return 0;
}

int scord_priv_reg_read(scord_device *dev, uint32_t idx, uint32_t *v) { return reg_rd(dev, idx, v); }
int scord_priv_reg_write(scord_device *dev, uint32_t idx, uint32_t v) { return reg_wr(dev, idx, v); }
int scord_priv_reg_read_n(scord_device *dev, uint32_t first, uint32_t count, uint32_t *v)
{
    return regs_rd(dev, first, count, v);
}

/* ---- race records streamed by the device (backends with ring_take) ---- */

bool scord_priv_can_take(const scord_device *dev) { return dev->be->ring_take != NULL; }

uint32_t scord_priv_queued(const scord_device *dev) { return dev->rq_len; }

uint32_t scord_priv_queue_take(scord_device *dev, unsigned char *dst, uint32_t max)
{
    uint32_t k = max < dev->rq_len ? max : dev->rq_len;
    if (!k)
        return 0;
    memcpy(dst, dev->rq + (size_t)dev->rq_first * SCORD_DET_REC_BYTES,
           (size_t)k * SCORD_DET_REC_BYTES);
    dev->rq_first += k;
    dev->rq_len -= k;
    if (!dev->rq_len)
        dev->rq_first = 0;
    return k;
}

/* Re-arming empties the ring: the records taken from it go too. */
static void queue_clear(scord_device *dev) { dev->rq_first = dev->rq_len = 0; }

static uint32_t rec_word(const unsigned char *r, unsigned w)
{
    const unsigned char *p = r + 4 * w;
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

/* Record slot `from` of the queue's buffer, taken just now and at or after
 * the queue's end, joins the queue, unless a queued record has its (PC,
 * race type): then its occurrences are added to that one, as the
 * detector's suppression table (docs/detector.md 8.3) would have done had
 * the record stayed in the ring. Without this a long racy kernel would show
 * the same race many times over the link and once on the cycle model,
 * which only drains at the end. */
static void queue_add(scord_device *dev, uint32_t from)
{
    const size_t R = SCORD_DET_REC_BYTES;
    unsigned char *rec = dev->rq + (size_t)from * R;
    uint32_t pc = rec_word(rec, 1), type = rec_word(rec, 0) & 0xffu;
    for (uint32_t i = 0; i < dev->rq_len; i++) {
        unsigned char *q = dev->rq + (size_t)(dev->rq_first + i) * R;
        if (rec_word(q, 1) != pc || (rec_word(q, 0) & 0xffu) != type)
            continue;
        uint64_t sum = (uint64_t)rec_word(q, 6) + rec_word(rec, 6);
        uint32_t c = sum > UINT32_MAX ? UINT32_MAX : (uint32_t)sum;
        for (int b = 0; b < 4; b++)
            q[24 + b] = (unsigned char)(c >> (8 * b));
        return;
    }
    uint32_t to = dev->rq_first + dev->rq_len;
    if (to != from)
        memmove(dev->rq + (size_t)to * R, rec, R);
    dev->rq_len++;
}

/* The queue holds four rings' worth, capped at 64 Ki records unless one
 * ring is larger; 64 Ki for a ring armed by other means than scord_launch
 * (scord_detector_arm_regions). */
static uint32_t queue_limit(const scord_device *dev)
{
    uint64_t ring = dev->det_cfg.ring_records, lim = 4 * ring;
    if (!ring || lim > 65536u)
        lim = ring > 65536u ? ring : 65536u;
    return (uint32_t)lim;
}

/* One poll of a running kernel: move what the ring holds into the queue,
 * so the ring overflows only if the link cannot keep up. */
static int stream_take(scord_device *dev, uint32_t *left_in_ring)
{
    *left_in_ring = 0;
    /* a take size even for a ring armed by other means than scord_launch */
    uint32_t chunk = dev->det_cfg.ring_records ? dev->det_cfg.ring_records : 256u;
    uint32_t limit = queue_limit(dev);
    uint32_t room = dev->rq_len < limit ? limit - dev->rq_len : 0;
    if (room > chunk)
        room = chunk;
    if (!room)
        return 0; /* full: let the ring overflow, DET_RING_DROPS counts it */
    if (dev->rq_first + dev->rq_len + room > dev->rq_cap) {
        if (dev->rq_len)
            memmove(dev->rq, dev->rq + (size_t)dev->rq_first * SCORD_DET_REC_BYTES,
                    (size_t)dev->rq_len * SCORD_DET_REC_BYTES);
        dev->rq_first = 0;
        if (dev->rq_len + room > dev->rq_cap) {
            uint32_t cap = dev->rq_len + room;
            if (cap < 2 * dev->rq_cap)
                cap = 2 * dev->rq_cap < limit ? 2 * dev->rq_cap : limit;
            unsigned char *q = realloc(dev->rq, (size_t)cap * SCORD_DET_REC_BYTES);
            if (!q)
                return fail(dev, SCORD_ERR_NO_MEM, "out of host memory for race records");
            dev->rq = q;
            dev->rq_cap = cap;
        }
    }
    uint32_t got = 0, left = 0;
    int rc = dev->be->ring_take(
        dev->ctx, dev->rq + (size_t)(dev->rq_first + dev->rq_len) * SCORD_DET_REC_BYTES, room,
        &got, &left);
    if (rc == SCORD_ERR_NOT_SUPPORTED) {
        dev->streaming = false; /* no ring after all: nothing to stream */
        return 0;
    }
    if (rc)
        return fail(dev, rc, "taking race records out of the detector's ring failed");
    /* the batch sits right after the queue; queue_add packs it in place */
    const uint32_t batch = dev->rq_first + dev->rq_len;
    for (uint32_t i = 0; i < got; i++)
        queue_add(dev, batch + i);
    *left_in_ring = left;
    return 0;
}

/* Moves what the device's ring holds into the queue (a few takes at
 * most: a kernel still running may refill it forever). */
int scord_priv_stream_pull(scord_device *dev)
{
    uint32_t left = 0;
    for (int round = 0; round < 8 && dev->rq_len < queue_limit(dev); round++) {
        int rc = stream_take(dev, &left);
        if (rc)
            return rc;
        if (!left)
            break;
    }
    return 0;
}

/* Soft reset, then let every memory response of the old run drain so it
 * cannot be taken for the answer to a request of the next one. */
/* The race detector keeps its registers and finishes its work in flight
 * across a soft reset (gpu_top): queued events, a metadata line fetch, a
 * sweep. Until it is idle its counters and ring are not final, and arming
 * it again would race with that work, so a reset waits for it (a GPU
 * without the detector reads DET_STATUS as 0). Bounded by a sweep of all
 * of device memory (3 cycles per line), with room to spare. */
#define DET_IDLE_STEP 256u
static int wait_detector_idle(scord_device *dev)
{
    uint64_t limit = 4ull * dev->info.mem_bytes / (dev->info.line_bytes ? dev->info.line_bytes : 1) + 4096;
    for (uint64_t waited = 0;; waited += DET_IDLE_STEP) {
        uint32_t st;
        int rc = reg_rd(dev, SCORD_DET_STATUS, &st);
        if (rc || !(st & SCORD_DET_STATUS_BUSY))
            return rc;
        if (waited >= limit)
            return fail(dev, SCORD_ERR_IO, "the race detector stayed busy for %llu cycles after a reset",
                        (unsigned long long)waited);
        if ((rc = dev->be->advance(dev->ctx, DET_IDLE_STEP)))
            return rc;
    }
}

static int soft_reset(scord_device *dev)
{
    int rc = reg_wr(dev, SCORD_CTL_CTRL, 2u);
    if (!rc)
        rc = dev->be->advance(dev->ctx, dev->be->settle_cycles(dev->ctx));
    if (!rc)
        rc = wait_detector_idle(dev);
    if (rc)
        return fail(dev, rc, "soft reset of the GPU failed");
    dev->running = false;
    return 0;
}

int scord_reset(scord_device *dev)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    return soft_reset(dev);
}

/* ---- open / close ----------------------------------------------------- */

static uint32_t align_up(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }

/* The stack region sits at the top of device memory, one slot of
 * 2^STACK_LOG2 bytes per hardware thread; the allocator stays below it. */
static int setup_stack(scord_device *dev)
{
    uint64_t threads = (uint64_t)dev->info.cores * dev->info.warps * dev->info.threads;
    uint64_t bytes = threads << GPU_STACK_LOG2;
    if (bytes + SCORD_MEM_GUARD >= dev->info.mem_bytes)
        return fail(dev, SCORD_ERR_NO_DEVICE,
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
    int rc = reg_rd(dev, SCORD_CTL_HW_CONFIG, &hw);
    if (!rc)
        rc = reg_rd(dev, SCORD_CTL_MEM_BYTES, &mem);
    if (!rc)
        rc = reg_rd(dev, SCORD_CTL_VERSION, &ver);
    if (rc)
        return rc;
    struct scord_info *in = &dev->info;
    in->cores = hw & 0xff;
    in->warps = hw >> 8 & 0xff;
    in->threads = hw >> 16 & 0xff;
    in->line_bytes = hw >> 24 & 0xff;
    in->mem_bytes = mem;
    in->version = ver;
    if ((rc = reg_rd(dev, SCORD_CTL_SMEM_CAP, &in->smem_bytes)))
        return rc;
    in->config = SCORD_CONFIG_NAME;
    /* The library is built for one configuration (stack layout, counters);
     * a device of another shape would be driven wrongly, so refuse it. */
    if (in->cores != GPU_NUM_CORES || in->warps != GPU_NUM_WARPS ||
        in->threads != GPU_NUM_THREADS || in->line_bytes != GPU_LINE_BYTES ||
        in->mem_bytes != GPU_MEM_BYTES)
        return fail(dev, SCORD_ERR_NO_DEVICE,
                    "device reports %u cores x %u warps x %u threads, %u-byte lines, %u bytes "
                    "of memory; this library is built for configuration '%s' (%u x %u x %u, "
                    "%u, %u)",
                    (unsigned)in->cores, (unsigned)in->warps, (unsigned)in->threads,
                    (unsigned)in->line_bytes, (unsigned)in->mem_bytes, SCORD_CONFIG_NAME,
                    GPU_NUM_CORES, GPU_NUM_WARPS, GPU_NUM_THREADS, GPU_LINE_BYTES, GPU_MEM_BYTES);
    return setup_stack(dev);
}

int scord_open(scord_device **devp, const char *uri)
{
    clear_detail(NULL);
    if (!devp)
        return fail(NULL, SCORD_ERR_INVALID_ARG, "no place to return the device");
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
        return fail(NULL, SCORD_ERR_NO_DEVICE, "unknown device '%.*s' (known: sim, uart)",
                    (int)scheme_len, uri);

    scord_device *dev = calloc(1, sizeof *dev);
    if (!dev)
        return fail(NULL, SCORD_ERR_NO_MEM, "out of host memory");
    dev->be = be;
    char err[SCORD_BACKEND_ERRLEN] = "";
    int rc = be->open(&dev->ctx, colon ? colon + 1 : "", err);
    if (rc) {
        free(dev);
        return fail(NULL, rc, "%s", err[0] ? err : scord_strerror(rc));
    }
    rc = probe(dev);
    if (!rc)
        rc = soft_reset(dev);
    if (rc) {
        fail(NULL, rc, "%s", dev->detail);
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
    free(dev);
}

int scord_get_info(scord_device *dev, struct scord_info *info)
{
    if (!dev || !info)
        return SCORD_ERR_INVALID_ARG;
    *info = dev->info;
    return SCORD_OK;
}

int scord_describe(scord_device *dev, char *buf, size_t len)
{
    if (!dev || (!buf && len))
        return SCORD_ERR_INVALID_ARG;
    clear_detail(dev);
    if (len)
        buf[0] = '\0';
    if (!dev->be->describe)
        return fail(dev, SCORD_ERR_NOT_SUPPORTED, "the %s backend has no description",
                    dev->be->name);
    char line[512];
    int rc = dev->be->describe(dev->ctx, line, sizeof line);
    if (rc)
        return fail(dev, rc, "describing the device failed");
    if (len)
        snprintf(buf, len, "%s", line);
    return SCORD_OK;
}

/* ---- device memory ---------------------------------------------------- */

/* Top of the allocator: below the stacks, and below the largest tracked
 * window while the race detector is enabled. */
static uint32_t heap_top(const scord_device *dev)
{
    if (dev->det_cfg.enable && dev->det_wmax < dev->heap_limit)
        return dev->det_wmax;
    return dev->heap_limit;
}

static uint32_t heap_ceiling(const scord_device *dev)
{
    /* The argument block of a running kernel lies at the top of the heap
     * (or, with the detector, just above it: see scord_malloc). */
    if (dev->running && dev->args_bytes && !dev->args_low && dev->args_addr < heap_top(dev))
        return dev->args_addr;
    return heap_top(dev);
}

/* Granules per metadata entry: 1 (full mode), 32 (cache), 64 (sparse cache). */
static unsigned det_cache_granules(const struct scord_detector_config *c)
{
    return c->cache_mode == 2 ? SCORD_DET_SPARSE_GRANULES
           : c->cache_mode    ? SCORD_DET_CACHE_GRANULES
                              : 1u;
}

static const char *det_mode_text(const struct scord_detector_config *c)
{
    return c->cache_mode == 2 ? "sparse cache" : c->cache_mode ? "cache" : "full";
}

/* How much metadata a mode takes, for error messages: "16 bytes per
 * 4-byte granule", "16 bytes per 32 granules of 4 bytes". */
static const char *det_md_cost_text(const struct scord_detector_config *c, char *buf, size_t len)
{
    if (c->cache_mode)
        snprintf(buf, len, "%u metadata bytes per %u granules of %u bytes",
                 (unsigned)SCORD_DET_MD_ENTRY_BYTES, det_cache_granules(c), c->granularity);
    else
        snprintf(buf, len, "%u metadata bytes per %u-byte granule",
                 (unsigned)SCORD_DET_MD_ENTRY_BYTES, c->granularity);
    return buf;
}

int scord_malloc(scord_device *dev, size_t bytes, scord_addr *addr)
{
    if (!dev || !addr)
        return SCORD_ERR_INVALID_ARG;
    if (bytes == 0)
        return fail(dev, SCORD_ERR_INVALID_ARG, "cannot allocate 0 bytes");
    uint64_t start = align_up(dev->heap_next, dev->info.line_bytes);
    /* Arguments of a running kernel placed just above the heap: go past. */
    if (dev->running && dev->args_bytes && dev->args_low &&
        (uint64_t)dev->args_addr + dev->args_bytes > start)
        start = align_up(dev->args_addr + dev->args_bytes, dev->info.line_bytes);
    uint64_t end = start + (uint64_t)bytes;
    uint32_t ceil = heap_ceiling(dev);
    char cost[80];
    if (bytes > UINT32_MAX || end > ceil) {
        if (ceil < dev->heap_limit)
            return fail(dev, SCORD_ERR_NO_MEM,
                        "device memory exhausted: %zu bytes requested, %llu free below 0x%08x, "
                        "the end of the largest window the race detector can track (%s mode, "
                        "%u-byte granules: %s; its metadata and ring take the memory above "
                        "it); use cache mode or a coarser granularity, or disable the detector",
                        bytes, (unsigned long long)(ceil > start ? ceil - start : 0),
                        (unsigned)ceil, det_mode_text(&dev->det_cfg), dev->det_cfg.granularity,
                        det_md_cost_text(&dev->det_cfg, cost, sizeof cost));
        return fail(dev, SCORD_ERR_NO_MEM,
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
        return fail(dev, SCORD_ERR_RANGE,
                    "range [0x%08x, +%zu bytes) is outside device memory (%u bytes)",
                    (unsigned)a, n, (unsigned)dev->info.mem_bytes);
    return 0;
}

int scord_memcpy_htod(scord_device *dev, scord_addr dst, const void *src, size_t n)
{
    if (!dev || (!src && n))
        return SCORD_ERR_INVALID_ARG;
    int rc = check_range(dev, dst, n);
    if (rc || !n)
        return rc;
    rc = dev->be->mem_write(dev->ctx, dst, src, n);
    return rc ? fail(dev, rc, "writing device memory at 0x%08x failed", (unsigned)dst) : 0;
}

int scord_memcpy_dtoh(scord_device *dev, void *dst, scord_addr src, size_t n)
{
    if (!dev || (!dst && n))
        return SCORD_ERR_INVALID_ARG;
    int rc = check_range(dev, src, n);
    if (rc || !n)
        return rc;
    rc = dev->be->mem_read(dev->ctx, src, dst, n);
    return rc ? fail(dev, rc, "reading device memory at 0x%08x failed", (unsigned)src) : 0;
}

int scord_memset(scord_device *dev, scord_addr dst, int value, size_t n)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    int rc = check_range(dev, dst, n);
    if (rc)
        return rc;
    unsigned char buf[4096];
    memset(buf, value, sizeof buf);
    while (n) {
        size_t k = n < sizeof buf ? n : sizeof buf;
        rc = dev->be->mem_write(dev->ctx, dst, buf, k);
        if (rc)
            return fail(dev, rc, "writing device memory at 0x%08x failed", (unsigned)dst);
        dst += (scord_addr)k;
        n -= k;
    }
    return 0;
}

/* ---- ELF loading ------------------------------------------------------ */

static int read_file(scord_device *dev, const char *path, char **bufp, size_t *sizep)
{
    FILE *f = fopen(path, "rb");
    if (!f)
        return fail(dev, SCORD_ERR_IO, "cannot open: %s", strerror(errno));
    size_t cap = 1 << 16, size = 0;
    char *buf = malloc(cap);
    int rc = buf ? 0 : fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    while (!rc) {
        if (size == cap) {
            if (cap >= MAX_ELF_FILE) {
                rc = fail(dev, SCORD_ERR_ELF, "file is larger than %u MiB: not a kernel",
                          MAX_ELF_FILE >> 20);
                break;
            }
            char *nb = realloc(buf, cap * 2);
            if (!nb) {
                rc = fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
                break;
            }
            buf = nb;
            cap *= 2;
        }
        size_t got = fread(buf + size, 1, cap - size, f);
        size += got;
        if (got == 0) {
            if (ferror(f))
                rc = fail(dev, SCORD_ERR_IO, "read error: %s", strerror(errno));
            break;
        }
    }
    fclose(f);
    if (rc) {
        free(buf);
        return rc;
    }
    *bufp = buf;
    *sizep = size;
    return 0;
}

static const char *machine_name(unsigned m)
{
    switch (m) {
    case EM_386: return "x86";
    case EM_X86_64: return "x86-64";
    case EM_ARM: return "ARM";
    case EM_AARCH64: return "AArch64";
    case EM_MIPS: return "MIPS";
    case EM_PPC: return "PowerPC";
    case EM_PPC64: return "PowerPC64";
    case EM_NONE: return "none";
    default: return NULL;
    }
}

static const char *type_name(unsigned t)
{
    switch (t) {
    case ET_NONE: return "none";
    case ET_REL: return "a relocatable object (.o)";
    case ET_DYN: return "a shared object or PIE";
    case ET_CORE: return "a core dump";
    default: return "unknown";
    }
}

static bool past_end(uint64_t off, uint64_t len, size_t size)
{
    return off > size || len > size - off;
}

static void free_symbols(struct symbol *syms, size_t n)
{
    for (size_t i = 0; i < n; i++)
        free(syms[i].name);
    free(syms);
}

static int load_symbols(scord_device *dev, Elf *elf, size_t size, scord_kernel *k)
{
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            return fail(dev, SCORD_ERR_ELF, "bad section header: %s", elf_errmsg(-1));
        if (sh.sh_type != SHT_NOBITS && past_end(sh.sh_offset, sh.sh_size, size))
            return fail(dev, SCORD_ERR_ELF,
                        "truncated: section %zu extends past the end of the file (%zu bytes)",
                        elf_ndxscn(scn), size);
        if (sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        if (!data)
            return fail(dev, SCORD_ERR_ELF, "unreadable symbol table: %s", elf_errmsg(-1));
        size_t n = sh.sh_size / sh.sh_entsize;
        struct symbol *syms = calloc(n ? n : 1, sizeof *syms);
        if (!syms)
            return fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            GElf_Sym s;
            if (!gelf_getsym(data, (int)i, &s))
                break;
            int type = GELF_ST_TYPE(s.st_info);
            if (s.st_shndx == SHN_UNDEF || type == STT_SECTION || type == STT_FILE)
                continue;
            const char *name = elf_strptr(elf, sh.sh_link, s.st_name);
            if (!name || !*name)
                continue;
            syms[m].name = strdup(name);
            if (!syms[m].name) {
                free_symbols(syms, m);
                return fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
            }
            syms[m].value = (uint32_t)s.st_value;
            syms[m].size = (uint32_t)s.st_size;
            m++;
        }
        free_symbols(k->syms, k->nsyms);
        k->syms = syms;
        k->nsyms = m;
    }
    return 0;
}

/* The kernel's static shared memory: its .shared section, which the
 * linker script puts at the shared window (no PT_LOAD covers it: shared
 * memory is not loaded). */
static int find_shared(scord_device *dev, Elf *elf, scord_kernel *k)
{
    size_t shstrndx;
    if (elf_getshdrstrndx(elf, &shstrndx))
        return 0; /* no section names: no .shared to find */
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh))
            return fail(dev, SCORD_ERR_ELF, "bad section header: %s", elf_errmsg(-1));
        const char *name = elf_strptr(elf, shstrndx, sh.sh_name);
        if (!name || strcmp(name, ".shared") || sh.sh_size == 0)
            continue;
        if (sh.sh_addr != SCORD_SMEM_BASE || sh.sh_size > SCORD_SMEM_WINDOW)
            return fail(dev, SCORD_ERR_ELF,
                        "section .shared [0x%08llx, 0x%08llx) is not at the start of the shared "
                        "window [0x%08x, 0x%08x): link with sw/runtime/link.ld",
                        (unsigned long long)sh.sh_addr,
                        (unsigned long long)(sh.sh_addr + sh.sh_size), (unsigned)SCORD_SMEM_BASE,
                        (unsigned)(SCORD_SMEM_BASE + SCORD_SMEM_WINDOW));
        k->shared_bytes = (uint32_t)sh.sh_size;
    }
    return 0;
}

/* Every check runs before the first byte reaches device memory, so a
 * refused file leaves the device as it was. */
static int check_elf(scord_device *dev, Elf *elf, size_t size, scord_kernel *k)
{
    if (elf_kind(elf) != ELF_K_ELF)
        return fail(dev, SCORD_ERR_ELF, "not an ELF file");
    size_t ident_len;
    const char *ident = elf_getident(elf, &ident_len);
    if (!ident || ident_len < EI_NIDENT)
        return fail(dev, SCORD_ERR_ELF, "truncated: no complete ELF identification");
    if (ident[EI_CLASS] == ELFCLASS64)
        return fail(dev, SCORD_ERR_ELF, "ELF class is 64-bit, expected 32-bit RISC-V");
    if (ident[EI_CLASS] != ELFCLASS32)
        return fail(dev, SCORD_ERR_ELF, "unknown ELF class %d", ident[EI_CLASS]);
    if (ident[EI_DATA] != ELFDATA2LSB)
        return fail(dev, SCORD_ERR_ELF, "ELF is not little endian");
    GElf_Ehdr eh;
    if (!gelf_getehdr(elf, &eh))
        return fail(dev, SCORD_ERR_ELF, "truncated or corrupt ELF header: %s", elf_errmsg(-1));
    if (eh.e_machine != EM_RISCV) {
        const char *mn = machine_name(eh.e_machine);
        if (mn)
            return fail(dev, SCORD_ERR_ELF, "ELF machine is %s, expected RISC-V", mn);
        return fail(dev, SCORD_ERR_ELF, "ELF machine is %u, expected RISC-V (%u)",
                    (unsigned)eh.e_machine, (unsigned)EM_RISCV);
    }
    if (eh.e_type != ET_EXEC)
        return fail(dev, SCORD_ERR_ELF, "ELF is %s, expected an executable (ET_EXEC)",
                    type_name(eh.e_type));
    /* Header tables are checked by hand: libelf reports a truncated table
     * only for the entry that is read, with a generic message. */
    if (eh.e_phnum && past_end(eh.e_phoff, (uint64_t)eh.e_phnum * eh.e_phentsize, size))
        return fail(dev, SCORD_ERR_ELF,
                    "truncated: program headers extend past the end of the file (%zu bytes)",
                    size);
    if (eh.e_shnum && past_end(eh.e_shoff, (uint64_t)eh.e_shnum * eh.e_shentsize, size))
        return fail(dev, SCORD_ERR_ELF,
                    "truncated: section headers extend past the end of the file (%zu bytes)",
                    size);
    size_t phnum;
    if (elf_getphdrnum(elf, &phnum))
        return fail(dev, SCORD_ERR_ELF, "bad program header table: %s", elf_errmsg(-1));
    if (phnum == 0)
        return fail(dev, SCORD_ERR_ELF, "no program headers: nothing to load");

    uint32_t mem = dev->info.mem_bytes;
    bool entry_ok = false, any = false;
    uint64_t lo = UINT64_MAX, hi = 0;
    for (size_t i = 0; i < phnum; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(elf, (int)i, &ph))
            return fail(dev, SCORD_ERR_ELF, "bad program header %zu: %s", i, elf_errmsg(-1));
        if (ph.p_type == PT_INTERP || ph.p_type == PT_DYNAMIC)
            return fail(dev, SCORD_ERR_ELF, "dynamically linked: kernels must be static");
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        if (ph.p_filesz > ph.p_memsz)
            return fail(dev, SCORD_ERR_ELF, "segment %zu: file size larger than memory size", i);
        if (past_end(ph.p_offset, ph.p_filesz, size))
            return fail(dev, SCORD_ERR_ELF,
                        "truncated: segment %zu extends past the end of the file (%zu bytes)", i,
                        size);
        uint64_t end = ph.p_vaddr + ph.p_memsz;
        if (ph.p_vaddr < SCORD_MEM_GUARD)
            return fail(dev, SCORD_ERR_ELF,
                        "segment %zu at 0x%08llx lies in the null guard page [0, 0x%x)", i,
                        (unsigned long long)ph.p_vaddr, (unsigned)SCORD_MEM_GUARD);
        if (end > mem)
            return fail(dev, SCORD_ERR_ELF,
                        "segment %zu [0x%08llx, 0x%08llx) lies outside device memory "
                        "(%u bytes)",
                        i, (unsigned long long)ph.p_vaddr, (unsigned long long)end,
                        (unsigned)mem);
        if (end > dev->stack_base)
            return fail(dev, SCORD_ERR_NO_MEM,
                        "segment %zu [0x%08llx, 0x%08llx) overlaps the stack region "
                        "[0x%08x, 0x%08x)",
                        i, (unsigned long long)ph.p_vaddr, (unsigned long long)end,
                        (unsigned)dev->stack_base, (unsigned)dev->stack_top);
        if ((ph.p_flags & PF_X) && eh.e_entry >= ph.p_vaddr && eh.e_entry < end)
            entry_ok = true;
        any = true;
        lo = ph.p_vaddr < lo ? ph.p_vaddr : lo;
        hi = end > hi ? end : hi;
    }
    if (!any)
        return fail(dev, SCORD_ERR_ELF, "no loadable segment");
    if (!entry_ok || (eh.e_entry & 3))
        return fail(dev, SCORD_ERR_ELF,
                    "entry point 0x%08llx is not an aligned address in an executable segment",
                    (unsigned long long)eh.e_entry);
    k->entry = (uint32_t)eh.e_entry;
    k->image_lo = (uint32_t)lo;
    k->image_hi = (uint32_t)hi;
    int rc = find_shared(dev, elf, k);
    return rc ? rc : load_symbols(dev, elf, size, k);
}

static int copy_segments(scord_device *dev, Elf *elf, const char *buf)
{
    size_t phnum;
    if (elf_getphdrnum(elf, &phnum))
        return fail(dev, SCORD_ERR_ELF, "bad program header table: %s", elf_errmsg(-1));
    for (size_t i = 0; i < phnum; i++) {
        GElf_Phdr ph;
        if (!gelf_getphdr(elf, (int)i, &ph))
            return fail(dev, SCORD_ERR_ELF, "bad program header %zu: %s", i, elf_errmsg(-1));
        if (ph.p_type != PT_LOAD || ph.p_memsz == 0)
            continue;
        int rc = scord_memcpy_htod(dev, (scord_addr)ph.p_vaddr, buf + ph.p_offset,
                                   (size_t)ph.p_filesz);
        if (!rc)
            rc = scord_memset(dev, (scord_addr)(ph.p_vaddr + ph.p_filesz), 0,
                              (size_t)(ph.p_memsz - ph.p_filesz));
        if (rc)
            return rc;
    }
    return 0;
}

int scord_load_kernel(scord_device *dev, const char *elf_path, scord_kernel **kernel)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    clear_detail(dev);
    if (!elf_path || !kernel)
        return fail(dev, SCORD_ERR_INVALID_ARG, "no file name or no place for the kernel");
    *kernel = NULL;
    if (dev->running)
        return fail(dev, SCORD_ERR_BUSY, "a kernel is running: wait for it before loading");
    if (elf_version(EV_CURRENT) == EV_NONE)
        return fail(dev, SCORD_ERR_ELF, "libelf: %s", elf_errmsg(-1));

    char *buf = NULL;
    size_t size = 0;
    int rc = read_file(dev, elf_path, &buf, &size);
    if (rc)
        return rc;
    if (size < SELFMAG || memcmp(buf, ELFMAG, SELFMAG) != 0) {
        free(buf);
        return fail(dev, SCORD_ERR_ELF, size ? "not an ELF file" : "empty file, not an ELF file");
    }
    /* libelf calls a short header "invalid data"; say what is wrong. */
    size_t need = size >= EI_NIDENT && buf[EI_CLASS] == ELFCLASS64 ? sizeof(Elf64_Ehdr)
                                                                   : sizeof(Elf32_Ehdr);
    if (size < need) {
        free(buf);
        return fail(dev, SCORD_ERR_ELF, "truncated: %zu bytes, shorter than an ELF header", size);
    }
    Elf *elf = elf_memory(buf, size);
    if (!elf) {
        free(buf);
        return fail(dev, SCORD_ERR_ELF, "unreadable ELF: %s", elf_errmsg(-1));
    }
    scord_kernel *k = calloc(1, sizeof *k);
    if (!k)
        rc = fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    if (!rc)
        rc = check_elf(dev, elf, size, k);
    if (!rc)
        rc = scord_dbg_open(dev, buf, size, &k->dbg);
    if (!rc)
        rc = copy_segments(dev, elf, buf);
    elf_end(elf);
    free(buf);
    if (rc) {
        scord_kernel_free(k);
        return rc;
    }
    uint32_t base = align_up(k->image_hi, dev->info.line_bytes);
    dev->heap_base = dev->heap_next = base > SCORD_MEM_GUARD ? base : SCORD_MEM_GUARD;
    *kernel = k;
    return SCORD_OK;
}

void scord_kernel_free(scord_kernel *kernel)
{
    if (!kernel)
        return;
    free_symbols(kernel->syms, kernel->nsyms);
    scord_dbg_close(kernel->dbg);
    free(kernel);
}

uint32_t scord_kernel_entry(const scord_kernel *kernel) { return kernel ? kernel->entry : 0; }
uint32_t scord_kernel_shared_bytes(const scord_kernel *kernel)
{
    return kernel ? kernel->shared_bytes : 0;
}
struct scord_dbg *scord_priv_kernel_dbg(const scord_kernel *kernel)
{
    return kernel ? kernel->dbg : NULL;
}
void scord_priv_launch_shape(const scord_device *dev, struct scord_dim3 *grid,
                             struct scord_dim3 *block, uint32_t *warp_size)
{
    bool any = dev && dev->launched;
    *grid = any ? dev->last_grid : (struct scord_dim3){0, 0, 0};
    *block = any ? dev->last_block : (struct scord_dim3){0, 0, 0};
    *warp_size = any ? dev->info.threads : 0;
}

static const struct symbol *find_symbol(const scord_kernel *k, const char *name)
{
    if (!k || !name)
        return NULL;
    /* Prefer a global definition over a local of the same name. */
    const struct symbol *found = NULL;
    for (size_t i = 0; i < k->nsyms; i++)
        if (strcmp(k->syms[i].name, name) == 0)
            found = k->syms + i;
    return found;
}

scord_addr scord_kernel_symbol(const scord_kernel *kernel, const char *name)
{
    const struct symbol *s = find_symbol(kernel, name);
    return s ? s->value : 0;
}

int scord_kernel_symbol_info(const scord_kernel *kernel, const char *name, scord_addr *addr,
                             uint32_t *size)
{
    const struct symbol *s = find_symbol(kernel, name);
    if (!s)
        return SCORD_ERR_INVALID_ARG;
    if (addr)
        *addr = s->value;
    if (size)
        *size = s->size;
    return SCORD_OK;
}

/* ---- race detector arming (docs/detector.md §7.2) ----------------------- */

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
    return fail(dev, SCORD_ERR_NO_MEM,
                "race detector (%s mode, %u-byte granules, %u-record ring): the tracked window "
                "must cover [0, 0x%08llx) (kernel image, allocations and arguments), i.e. %llu "
                "bytes, whose %llu bytes of metadata (%s) and %llu-byte ring must fit between "
                "it and the stack region at 0x%08x; %s; use cache mode or a coarser "
                "granularity, or allocate less",
                det_mode_text(c), c->granularity, c->ring_records, (unsigned long long)need,
                (unsigned long long)w, (unsigned long long)det_md_bytes(c, w),
                det_md_cost_text(c, cost, sizeof cost),
                (unsigned long long)c->ring_records * SCORD_DET_REC_BYTES,
                (unsigned)dev->stack_base,
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
    return reg_wr(dev, SCORD_DET_CTRL, 0);
}

/* Disarm, clear the sticky status, write the region registers and arm;
 * *st receives DET_STATUS after the attempt. */
static int det_write_arm(scord_device *dev, const uint32_t regs[6], uint32_t *st)
{
    static const uint32_t idx[6] = {SCORD_DET_MODE,      SCORD_DET_TRACK_BASE,
                                    SCORD_DET_TRACK_BYTES, SCORD_DET_MD_BASE,
                                    SCORD_DET_RING_BASE, SCORD_DET_RING_SIZE};
    dev->det_armed = false;
    queue_clear(dev);
    /* Disarm (registers are writable only then) and clear sticky status,
     * the regions, arm. */
    uint32_t w[8][2] = {{SCORD_DET_CTRL, SCORD_DET_CTRL_CLEAR}};
    for (size_t i = 0; i < 6; i++) {
        w[1 + i][0] = idx[i];
        w[1 + i][1] = regs[i];
    }
    w[7][0] = SCORD_DET_CTRL;
    w[7][1] = SCORD_DET_CTRL_ENABLE;
    int rc = regs_wr(dev, (const uint32_t(*)[2])w, 8);
    return rc ? rc : reg_rd(dev, SCORD_DET_STATUS, st);
}

static int det_refused(scord_device *dev, uint32_t st, const uint32_t regs[6], uint32_t md_bytes)
{
    /* A GPU built without the detector reads 0 for all its registers. */
    if (st == 0 && md_bytes == 0)
        return fail(dev, SCORD_ERR_NOT_SUPPORTED, "this device has no race detector (DET_STATUS "
                                                  "and DET_MD_BYTES read 0 after arming)");
    return fail(dev, SCORD_ERR_LAUNCH,
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
    if ((rc = regs_wr(dev, pre, 3)))
        return rc;
    uint32_t hw_md = 0, st = 0;
    if ((rc = reg_rd(dev, SCORD_DET_MD_BYTES, &hw_md)))
        return rc;
    if (hw_md != md_bytes)
        return fail(dev, hw_md ? SCORD_ERR_IO : SCORD_ERR_NOT_SUPPORTED,
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
        int rc = reg_rd(dev, SCORD_DET_STATUS, &st);
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
static int det_prepare(scord_device *dev, const scord_kernel *kernel, uint64_t args_end)
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
    return reg_wr(dev, SCORD_DET_PC_BASE, kernel->image_lo);
}

int scord_detector_configure(scord_device *dev, const struct scord_detector_config *cfg)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    clear_detail(dev);
    struct scord_detector_config c = {0, 0, 0, 0};
    if (cfg && cfg->enable) {
        c.enable = 1;
        if (cfg->cache_mode < 0 || cfg->cache_mode > 2)
            return fail(dev, SCORD_ERR_INVALID_ARG,
                        "detector cache_mode must be 0 (full), 1 (cache) or 2 (sparse cache), "
                        "not %d",
                        cfg->cache_mode);
        c.cache_mode = cfg->cache_mode;
        c.granularity = cfg->granularity ? cfg->granularity : 4;
        if (c.granularity != 4 && c.granularity != 8 && c.granularity != 16)
            return fail(dev, SCORD_ERR_INVALID_ARG,
                        "detector granularity must be 4, 8 or 16 bytes, not %u", cfg->granularity);
        c.ring_records = cfg->ring_records ? cfg->ring_records : SCORD_DETECTOR_DEFAULT_RING;
        if (c.ring_records < 2 || c.ring_records > dev->info.mem_bytes / SCORD_DET_REC_BYTES)
            return fail(dev, SCORD_ERR_INVALID_ARG,
                        "detector ring of %u records: must be 2 to %u (32 bytes each)",
                        c.ring_records, (unsigned)(dev->info.mem_bytes / SCORD_DET_REC_BYTES));
    }
    if (dev->running)
        return fail(dev, SCORD_ERR_BUSY, "a kernel is running: wait for it before configuring "
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

const char *const scord_detector_counter_names[SCORD_NUM_DETECTOR_COUNTERS + 1] = {
    "accesses",          "prelim_pass",        "md_reads",          "md_writes",
    "tag_mismatch",      "stall",              "untracked",         "fences",
    "barriers",          "records",            "suppressed",        "sh_accesses",
    "sh_syncs",          "races_block_fence",  "races_dev_fence",   "races_not_strong",
    "races_scoped_atom", "races_lock_load",    "races_lock_store",  "races_intrusion",
    "races_intra_warp",  "races_shared",       "races_shared_warp", NULL,
};
_Static_assert(sizeof(struct scord_detector_counters) ==
                   SCORD_NUM_DETECTOR_COUNTERS * sizeof(uint32_t),
               "struct scord_detector_counters must hold exactly the counters");
_Static_assert(SCORD_DET_CNT_SUPPRESSED == 10 && SCORD_DET_CNT_SH_ACCESSES == 11 &&
                   SCORD_DET_CNT_SH_SYNCS == 12 &&
                   SCORD_DET_RACE_SHARED_WARP == SCORD_RACE_TYPE_MAX &&
                   SCORD_DET_CNT_COUNT == SCORD_DET_CNT_RACE_BASE + SCORD_RACE_TYPE_MAX + 1,
               "scord.h and regmap.def disagree on the detector counters");

int scord_read_detector_counters(scord_device *dev, struct scord_detector_counters *counters)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    clear_detail(dev);
    if (!counters)
        return fail(dev, SCORD_ERR_INVALID_ARG, "no place for the detector counters");
    /* The counters and the unused indices between them (they read 0). */
    uint32_t all[SCORD_DET_CNT_RACE_BASE + SCORD_RACE_TYPE_MAX + 1];
    int rc = regs_rd(dev, SCORD_DET_CNT_BASE, sizeof all / sizeof all[0], all);
    if (rc)
        return rc;
    uint32_t v[SCORD_NUM_DETECTOR_COUNTERS];
    for (uint32_t k = 0; k < SCORD_NUM_DETECTOR_COUNTERS; k++)
        v[k] = all[k <= SCORD_DET_CNT_SH_SYNCS
                       ? k
                       : SCORD_DET_CNT_RACE_BASE + 1 + (k - SCORD_DET_CNT_SH_SYNCS - 1)];
    memcpy(counters, v, sizeof v);
    return SCORD_OK;
}

int scord_detector_get_regions(scord_device *dev, struct scord_detector_regions *r)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    clear_detail(dev);
    if (!r)
        return fail(dev, SCORD_ERR_INVALID_ARG, "no place for the detector's regions");
    struct scord_detector_regions v;
    memset(&v, 0, sizeof v);
    /* DET_STATUS .. DET_MD_BYTES in one go. */
    uint32_t w[SCORD_DET_MD_BYTES - SCORD_DET_STATUS + 1];
    int rc = regs_rd(dev, SCORD_DET_STATUS, sizeof w / sizeof w[0], w);
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
    clear_detail(dev);
    if (!r)
        return fail(dev, SCORD_ERR_INVALID_ARG, "no detector regions given");
    if (dev->running) {
        uint32_t st;
        int rc = reg_rd(dev, SCORD_CTL_STATUS, &st);
        if (rc)
            return rc;
        if (st & SCORD_STATUS_BUSY)
            return fail(dev, SCORD_ERR_BUSY, "a kernel is running: wait for it before arming "
                                             "the race detector");
    }
    const uint32_t regs[6] = {r->mode,    r->track_base, r->track_bytes,
                              r->md_base, r->ring_base,  r->ring_records};
    uint32_t st = 0, md_bytes = 0;
    int rc = det_write_arm(dev, regs, &st);
    if (!rc)
        rc = reg_rd(dev, SCORD_DET_MD_BYTES, &md_bytes);
    if (rc)
        return rc;
    /* Not the library's placement: the next launch arms by the
     * configuration again (or disarms). */
    dev->det_armed = false;
    if (!(st & SCORD_DET_STATUS_ARMED))
        return det_refused(dev, st, regs, md_bytes);
    return SCORD_OK;
}

int scord_reg_read(scord_device *dev, uint32_t idx, uint32_t *value)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    clear_detail(dev);
    if (!value)
        return fail(dev, SCORD_ERR_INVALID_ARG, "no place for the register value");
    if (idx > 0xff)
        return fail(dev, SCORD_ERR_INVALID_ARG, "control register index 0x%x is above 0xff",
                    (unsigned)idx);
    return reg_rd(dev, idx, value);
}

int scord_reg_write(scord_device *dev, uint32_t idx, uint32_t value)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    clear_detail(dev);
    if (idx > 0xff)
        return fail(dev, SCORD_ERR_INVALID_ARG, "control register index 0x%x is above 0xff",
                    (unsigned)idx);
    return reg_wr(dev, idx, value);
}

/* ---- launch and wait -------------------------------------------------- */

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
    clear_detail(dev);
    if (!kernel || (args_size && !args))
        return fail(dev, SCORD_ERR_INVALID_ARG, "no kernel, or argument size without arguments");
    int rc;
    if (dev->running) {
        uint32_t st;
        if ((rc = reg_rd(dev, SCORD_CTL_STATUS, &st)))
            return rc;
        if (st & SCORD_STATUS_BUSY)
            return fail(dev, SCORD_ERR_BUSY, "a kernel is still running: call scord_wait");
    }
    if (!grid.x || !grid.y || !grid.z || !block.x || !block.y || !block.z)
        return fail(dev, SCORD_ERR_LAUNCH, "grid %ux%ux%u, block %ux%ux%u: no dimension may be 0",
                    (unsigned)grid.x, (unsigned)grid.y, (unsigned)grid.z, (unsigned)block.x,
                    (unsigned)block.y, (unsigned)block.z);
    uint64_t blocks = (uint64_t)grid.x * grid.y * grid.z;
    uint64_t threads = (uint64_t)block.x * block.y * block.z;
    uint64_t per_core = (uint64_t)dev->info.warps * dev->info.threads;
    if (threads > per_core)
        return fail(dev, SCORD_ERR_LAUNCH,
                    "block of %llu threads exceeds a core's %u warps x %u threads = %llu",
                    (unsigned long long)threads, (unsigned)dev->info.warps,
                    (unsigned)dev->info.threads, (unsigned long long)per_core);
    if (blocks > UINT32_MAX)
        return fail(dev, SCORD_ERR_LAUNCH, "grid of %llu blocks is too large",
                    (unsigned long long)blocks);
    uint64_t shared = (uint64_t)kernel->shared_bytes + dyn_shared;
    if (shared > dev->info.smem_bytes)
        return fail(dev, SCORD_ERR_LAUNCH,
                    "a block needs %llu bytes of shared memory (%u static + %u dynamic), a core "
                    "has %u",
                    (unsigned long long)shared, (unsigned)kernel->shared_bytes,
                    (unsigned)dyn_shared, (unsigned)dev->info.smem_bytes);

    /* Arguments go at the top of the heap, just below the stack, where no
     * allocation is likely to be; scord_malloc keeps off them while the
     * kernel runs. */
    /* With the race detector they go just above the heap instead, so the
     * tracked window (which must cover them) stays as small as the data. */
    uint32_t args_addr = 0;
    bool args_low = dev->det_cfg.enable != 0;
    if (args_size) {
        uint32_t floor = align_up(dev->heap_next, dev->info.line_bytes);
        uint32_t top = heap_top(dev);
        if (floor > top || args_size > top - floor)
            return fail(dev, SCORD_ERR_NO_MEM, "no room for %zu bytes of kernel arguments%s",
                        args_size,
                        top < dev->heap_limit ? " inside the race detector's largest window" : "");
        args_addr = args_low ? floor
                             : (dev->heap_limit - (uint32_t)args_size) & ~(dev->info.line_bytes - 1);
        if ((rc = scord_memcpy_htod(dev, args_addr, args, args_size)))
            return rc;
    }
    if ((rc = det_prepare(dev, kernel, args_size ? (uint64_t)args_addr + args_size : 0)))
        return rc;

    /* A clean GPU for every launch: clears done/error of the last run. */
    if ((rc = soft_reset(dev)))
        return rc;
    const uint32_t regs[][2] = {
        {SCORD_CTL_ENTRY_PC, kernel->entry}, {SCORD_CTL_ARG_PTR, args_addr},
        {SCORD_CTL_GRID_X, grid.x},          {SCORD_CTL_GRID_Y, grid.y},
        {SCORD_CTL_GRID_Z, grid.z},          {SCORD_CTL_BLOCK_X, block.x},
        {SCORD_CTL_BLOCK_Y, block.y},        {SCORD_CTL_BLOCK_Z, block.z},
        {SCORD_CTL_STACK_TOP, dev->stack_top}, {SCORD_CTL_STACK_LOG2, dev->stack_log2},
        {SCORD_CTL_SMEM_BYTES, (uint32_t)shared}, {SCORD_CTL_CTRL, 1u},
    };
    if ((rc = regs_wr(dev, regs, sizeof regs / sizeof regs[0])))
        return rc;
    dev->args_addr = args_addr;
    dev->args_bytes = (uint32_t)args_size;
    dev->args_low = args_low;
    dev->last_grid = grid;
    dev->last_block = block;
    dev->running = dev->launched = true;
    dev->have_snapshot = false;
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
    int rc = read_counters_hw(dev, &dev->snapshot);
    if (!rc)
        dev->have_snapshot = true;
    dev->running = false;
    char keep[DETAIL_LEN];
    memcpy(keep, dev->detail, sizeof keep);
    if (reset && (rc = soft_reset(dev)))
        return rc;
    memcpy(dev->detail, keep, sizeof keep);
    dev->last_rc = result;
    return result;
}

static int take_fault(scord_device *dev, uint32_t status)
{
    uint32_t pc = 0, addr = 0, info = 0;
    int rc = reg_rd(dev, SCORD_CTL_ERR_PC, &pc);
    if (!rc)
        rc = reg_rd(dev, SCORD_CTL_ERR_ADDR, &addr);
    if (!rc)
        rc = reg_rd(dev, SCORD_CTL_ERR_INFO, &info);
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
        fail(dev, SCORD_ERR_LAUNCH, "the GPU refused the launch parameters");
        return finish(dev, SCORD_ERR_LAUNCH, true);
    }
    fail(dev, SCORD_ERR_KERNEL_FAULT, "%s at pc 0x%08x, address 0x%08x (core %u, warp %u, lane %u)",
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
            return fail(dev, SCORD_ERR_INVALID_ARG, "no kernel was launched");
        return dev->last_rc;
    }
    clear_detail(dev);
    uint64_t start = now_ms();
    uint32_t chunk = POLL_FIRST;
    int idle = 0, rc;
    for (;;) {
        if ((rc = dev->be->advance(dev->ctx, chunk)))
            return fail(dev, rc, "the device stopped responding");
        if (chunk < POLL_MAX)
            chunk *= 2;
        uint32_t st;
        if ((rc = reg_rd(dev, SCORD_CTL_STATUS, &st)))
            return rc;
        if (st & SCORD_STATUS_ERROR)
            return take_fault(dev, st);
        if (st & SCORD_STATUS_DONE)
            return finish(dev, SCORD_OK, false);
        if (st & SCORD_STATUS_BUSY) {
            idle = 0;
            uint32_t left;
            if (dev->streaming && (rc = stream_take(dev, &left)))
                return rc;
        } else if (++idle >= IDLE_POLLS_LOST) {
            fail(dev, SCORD_ERR_IO, "the GPU went idle without signalling done or an error");
            return finish(dev, SCORD_ERR_IO, true);
        }
        uint64_t elapsed = now_ms() - start;
        if (timeout_ms && elapsed >= timeout_ms) {
            /* Tell a kernel that runs on (a loop that never ends) from a GPU
             * that stopped retiring instructions: look at the counters
             * across one more poll. */
            uint32_t c0 = 0, i0 = 0, c1 = 0, i1 = 0;
            reg_rd(dev, SCORD_CTL_PERF_BASE + SCORD_PERF_CYCLES, &c0);
            reg_rd(dev, SCORD_CTL_PERF_BASE + SCORD_PERF_INSTRS, &i0);
            if (!dev->be->advance(dev->ctx, chunk)) {
                reg_rd(dev, SCORD_CTL_PERF_BASE + SCORD_PERF_CYCLES, &c1);
                reg_rd(dev, SCORD_CTL_PERF_BASE + SCORD_PERF_INSTRS, &i1);
            }
            uint32_t dc = c1 - c0, di = i1 - i0;
            if (c1 == 0 || dc == 0)
                fail(dev, SCORD_ERR_TIMEOUT,
                     "the kernel did not finish within %u ms (%u cycles); the GPU was reset",
                     timeout_ms, (unsigned)c0);
            else
                fail(dev, SCORD_ERR_TIMEOUT,
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

int scord_read_counters(scord_device *dev, struct scord_counters *counters)
{
    if (!dev || !counters)
        return SCORD_ERR_INVALID_ARG;
    if (!dev->running && dev->have_snapshot) {
        *counters = dev->snapshot;
        return SCORD_OK;
    }
    return read_counters_hw(dev, counters);
}
