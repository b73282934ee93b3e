/* libscord's internals: the device and kernel handles and what the
 * library's files call in one another. Not installed: programs use
 * scord.h, whose functions these files implement, one concern each.
 *
 * Layering: each file calls only the files on lines below its own (the
 * last column), so no two files call each other, directly or round a
 * circle. `nm` shows it: a file's undefined symbols are defined only by
 * the files it lists.
 *
 *   file          holds                                          calls
 *   format.c      race reports as text and JSON, shared          debuginfo record error
 *                 variables by name, the runs' summary line
 *   launch.c      launch, wait, the fault of the last run        detector memory device
 *                                                                counters stream hostrace
 *                                                                printf regs error
 *   ring.c        the ring drain: records out of the ring or     memory record stream
 *                 the stream queue, decoded; host-device races   hostrace regs error
 *   kernel.c      kernel ELF loading (from a file or memory)     memory debuginfo error
 *                 and checks, symbols
 *   memory.c      device memory allocator, copies, memset        detector hostrace error
 *   detector.c    detector configuration, placement, arming,     stream hostrace regs error
 *                 regions
 *   device.c      open/close (URI, backends table), info,        hostrace printf regs error
 *                 soft reset
 *   counters.c    performance and detector counters              hostrace regs error
 *   hostrace.c    host-device races: the host's memory calls     record regs error
 *                 while a kernel runs, checked against the
 *                 metadata when it ends
 *   stream.c      race records streamed out while a kernel       error
 *                 runs (host-side queue)
 *   printf.c      device printf: the buffer's placement, its     error
 *                 records read back and formatted as lines
 *   debuginfo.c   a kernel's symbols and DWARF: source lines,    error
 *                 shared variables
 *   record.c      one 32-byte race record decoded and checked;   error
 *                 race type names
 *   regs.c        control registers through the backend          error
 *   error.c       the error detail of the last call; names of    -
 *                 errors and faults
 *
 * Below them the backends (backend.h: backend_sim.c, backend_uart.c over
 * hostlink.c), which call nothing of the library; device.c holds their
 * table. */
#ifndef SCORD_INT_H
#define SCORD_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "backend.h"
#include "scord.h"
#include "scord_defs.h"

/* Not exported from libscord.so: only the API of scord.h is. */
#if defined(__GNUC__)
#define SCORD_INTERNAL __attribute__((visibility("hidden")))
#define SCORD_PRINTF(f, a) __attribute__((format(printf, f, a)))
#else
#define SCORD_INTERNAL
#define SCORD_PRINTF(f, a)
#endif

#define SCORD_DETAIL_LEN 512

/* Kernel symbols (kernel.c) and debug information (debuginfo.c). */
struct kernel_symbol;
struct scord_debuginfo;

struct scord_kernel {
    uint32_t entry;
    uint32_t image_lo, image_hi; /* [lo, hi): union of the PT_LOAD ranges */
    uint32_t shared_bytes;       /* size of .shared: the __shared__ variables */
    struct kernel_symbol *syms;
    size_t nsyms;
    struct scord_debuginfo *dbg; /* function symbols and DWARF for addr2line */
    /* Device printf: the kernel's __scord_printf descriptor (0: the kernel
     * has no printf) and, then, the image as loaded [image_lo, image_hi),
     * where the records' format strings are read. */
    uint32_t pf_desc;
    unsigned char *image;
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
     * first, conceptually still in the ring. At most stream.c's queue
     * limit: when full, the device's ring fills and DET_RING_DROPS counts
     * what is lost. */
    bool streaming;
    unsigned char *rq;
    uint32_t rq_first, rq_len, rq_cap;
    /* Host-device races (hostrace.c): while hlive (a kernel launched with
     * the detector armed and not yet over), the host's memory calls go
     * into hlog (hcalls counts them, hlog_lost those that did not fit);
     * the races found when the kernel ended wait in hq for the drain
     * (hq_drops: occurrences that did not fit; host_races: occurrences of
     * the last kernel). */
    bool hlive;
    struct scord_hostcall *hlog;
    uint32_t hlog_len, hlog_cap, hcalls, hlog_lost;
    struct scord_hostrec *hq;
    uint32_t hq_len, hq_cap, hq_drops, host_races;
    /* Device printf (printf.c): its state, and the buffer of the launch
     * running now (bytes 0: none), which scord_malloc keeps off. */
    struct scord_printf_state *pf;
    uint32_t pf_base, pf_bytes;
    int last_rc;
    struct scord_counters snapshot;
    struct scord_fault fault;
    char detail[SCORD_DETAIL_LEN];
};

static inline uint32_t scord_align_up(uint32_t v, uint32_t a) { return (v + a - 1) & ~(a - 1); }

/* ---- error.c ------------------------------------------------------------- */

/* Sets the error detail of dev (NULL: this thread's, as for a failed
 * scord_open and the functions that take no device) and returns err. */
SCORD_INTERNAL SCORD_PRINTF(3, 4) int scord_fail(scord_device *dev, int err, const char *fmt,
                                                 ...);
SCORD_INTERNAL void scord_error_clear(scord_device *dev);

/* ---- regs.c -------------------------------------------------------------- */

/* Control registers through the device's backend, the detail set on
 * failure. */
SCORD_INTERNAL int scord_regs_read(scord_device *dev, uint32_t idx, uint32_t *value);
SCORD_INTERNAL int scord_regs_write(scord_device *dev, uint32_t idx, uint32_t value);
/* Registers first .. first+count-1: one exchange where the backend can. */
SCORD_INTERNAL int scord_regs_read_n(scord_device *dev, uint32_t first, uint32_t count,
                                     uint32_t *values);
/* w[i] = {index, value}, written in order: one exchange where the backend
 * can. */
SCORD_INTERNAL int scord_regs_write_n(scord_device *dev, const uint32_t (*w)[2], size_t count);

/* ---- record.c ------------------------------------------------------------ */

/* Records keep 7 bits of the previous accessor's block id (docs/detector.md §2). */
#define SCORD_BLOCK7_MASK ((1u << SCORD_DET_BLOCK_BITS) - 1u)

SCORD_INTERNAL bool scord_record_type_ok(uint32_t type);
/* "load", "store", "atomic"; "unknown" otherwise. */
SCORD_INTERNAL const char *scord_record_kind_name(uint32_t kind);
/* "scord_memcpy_htod", "scord_memcpy_dtoh", "scord_memset" (SCORD_HOST_*);
 * "unknown" otherwise. */
SCORD_INTERNAL const char *scord_host_call_name(uint32_t call);

/* ---- debuginfo.c --------------------------------------------------------- */

/* "??": every unknown string of a struct scord_srcloc is this very
 * object, so a caller can tell "unknown" from a name by the pointer. */
SCORD_INTERNAL extern const char scord_unknown[];

/* Keep what addr2line needs from an ELF image that kernel.c has already
 * checked (the image is copied: libelf reads it in place). A file without
 * DWARF or with unreadable DWARF is not an error: lookups then give "??".
 * Errors: NO_MEM (detail set on dev). */
SCORD_INTERNAL int scord_debuginfo_open(scord_device *dev, const void *image, size_t size,
                                        struct scord_debuginfo **out);
SCORD_INTERNAL void scord_debuginfo_close(struct scord_debuginfo *dbg);

/* The shared-memory variable covering a shared address: its name, the
 * element's indexes when its DWARF type is an array of known shape
 * (nidx 0 otherwise), and the bytes left inside that element (or inside
 * the variable, without indexes). */
struct scord_shared_var {
    const char *name;
    unsigned nidx;
    unsigned long long idx[8];
    uint32_t rem;
};
/* false when no variable covers addr. */
SCORD_INTERNAL bool scord_debuginfo_shared_var(struct scord_debuginfo *dbg, uint32_t addr,
                                               struct scord_shared_var *var);

/* ---- stream.c ------------------------------------------------------------ */

/* A device whose backend takes race records out of the ring itself
 * (ring_take): records streamed while a kernel ran wait in a host-side
 * queue, oldest first. */
SCORD_INTERNAL bool scord_stream_can_take(const scord_device *dev);
/* One poll of a running kernel: what the ring holds moves into the queue,
 * merged by (PC, race type) as the detector would have; *left_in_ring
 * receives what the take left behind. */
SCORD_INTERNAL int scord_stream_take(scord_device *dev, uint32_t *left_in_ring);
/* The same a few times at most, until the ring is empty or the queue full. */
SCORD_INTERNAL int scord_stream_pull(scord_device *dev);
SCORD_INTERNAL uint32_t scord_stream_queued(const scord_device *dev);
/* Moves up to max raw records from the queue to dst; returns the count. */
SCORD_INTERNAL uint32_t scord_stream_dequeue(scord_device *dev, unsigned char *dst,
                                             uint32_t max);
/* Re-arming empties the ring: the records taken from it go too. */
SCORD_INTERNAL void scord_stream_clear(scord_device *dev);

/* ---- printf.c ------------------------------------------------------------ */

struct scord_printf_state;
/* A launch: forget the last launch's output; for a kernel with printf,
 * place its buffer at the top of [lo, hi) (free memory outside the race
 * detector's window), clear it and tell the kernel where it is. NO_MEM
 * (detail set) when not even SCORD_PRINTF_MIN_BUFFER fits. */
SCORD_INTERNAL int scord_printf_prepare(scord_device *dev, const scord_kernel *kernel,
                                        uint32_t lo, uint32_t hi, struct scord_dim3 grid,
                                        struct scord_dim3 block);
/* The launch is over (done, faulted, timed out): read its records and
 * format them into lines for scord_printf_drain. */
SCORD_INTERNAL int scord_printf_collect(scord_device *dev);
SCORD_INTERNAL void scord_printf_free(scord_device *dev);

/* ---- hostrace.c ---------------------------------------------------------- */

struct scord_hostcall;
struct scord_hostrec;
/* A launch: forget the last kernel's calls and counts; log the host's
 * memory calls from now on when the detector is armed. */
SCORD_INTERNAL void scord_host_launch(scord_device *dev, bool armed);
/* A memory call of the host (SCORD_HOST_*, its device range, its return
 * address in the program): logged while a kernel runs with the detector
 * armed. RANGE (detail set) for a write into the detector's metadata or
 * ring then; 0 otherwise. */
SCORD_INTERNAL int scord_host_note(scord_device *dev, uint32_t call, uint32_t addr, size_t n,
                                   uint64_t site);
/* The kernel is over (done, faulted, timed out, reset): check the logged
 * calls against its metadata and queue the races found. */
SCORD_INTERNAL int scord_host_check(scord_device *dev);
/* The queue: records waiting, occurrences dropped and found for the last
 * kernel; take moves up to max decoded races out (host call sites
 * filled), counting records that fail to decode in *invalid. */
SCORD_INTERNAL uint32_t scord_host_queued(const scord_device *dev);
SCORD_INTERNAL uint32_t scord_host_drops(const scord_device *dev);
SCORD_INTERNAL uint32_t scord_host_races(const scord_device *dev);
SCORD_INTERNAL size_t scord_host_take(scord_device *dev, struct scord_race *races, size_t max,
                                      uint32_t *invalid);
SCORD_INTERNAL void scord_host_free(scord_device *dev);

/* ---- counters.c ---------------------------------------------------------- */

/* The performance counters as the device holds them now. */
SCORD_INTERNAL int scord_counters_fetch(scord_device *dev, struct scord_counters *c);

/* ---- device.c ------------------------------------------------------------ */

/* Soft reset, then wait until no memory response of the old run and no
 * work of the race detector is left in flight. */
SCORD_INTERNAL int scord_device_reset(scord_device *dev);

/* ---- detector.c ---------------------------------------------------------- */

/* "full", "cache", "sparse cache". */
SCORD_INTERNAL const char *scord_detector_mode_text(const struct scord_detector_config *c);
/* How much metadata a mode takes, for error messages: "16 metadata bytes
 * per 4-byte granule", ... Returns buf. */
SCORD_INTERNAL const char *scord_detector_cost_text(const struct scord_detector_config *c,
                                                    char *buf, size_t len);
/* Before a start: arm for this launch (keeping an armed detector whose
 * window already covers it; args_end: the end of the launch's arguments),
 * or disarm when disabled; then give the detector the kernel's PC base. */
SCORD_INTERNAL int scord_detector_prepare(scord_device *dev, const scord_kernel *kernel,
                                          uint64_t args_end);

/* ---- memory.c ------------------------------------------------------------ */

/* Top of the allocator: below the stacks, and below the largest tracked
 * window while the race detector is enabled. */
SCORD_INTERNAL uint32_t scord_memory_top(const scord_device *dev);
/* The library's own reads of device memory (the ring drain): range
 * checked, never logged as the host's. */
SCORD_INTERNAL int scord_memory_read(scord_device *dev, void *dst, scord_addr src, size_t n);

/* ---- ring.c -------------------------------------------------------------- */

/* What the ring drain needs from a device: registers and memory reads.
 * scord_ring_drain() plugs in the real device; a test can plug in the
 * reference model, which has the detector's registers and ring. Each
 * function returns 0 or a negative enum scord_error. */
struct scord_ring_port {
    void *ctx;
    int (*reg_read)(void *ctx, uint32_t idx, uint32_t *value);
    int (*reg_write)(void *ctx, uint32_t idx, uint32_t value);
    int (*mem_read)(void *ctx, uint32_t addr, void *dst, size_t n);
};

/* scord_ring_drain() over a port (which also gives DET_PC_BASE, the base
 * of the previous accesses' PC indexes); dev only receives the error
 * detail and may be NULL. The races' launch fields are left 0. */
SCORD_INTERNAL int scord_ring_drain_port(const struct scord_ring_port *port, scord_device *dev,
                                         struct scord_race *races, size_t max, size_t *n,
                                         struct scord_ring_info *info);

/* ---- format.c ------------------------------------------------------------ */

/* s as a JSON string literal (quotes included) into buf, snprintf style:
 * returns the full length. Bytes that are not UTF-8 become U+FFFD. */
SCORD_INTERNAL size_t scord_json_string(char *buf, size_t len, const char *s);

#endif
