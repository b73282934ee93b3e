/* Host side of the kernel tests: one function per test, run by tests/runner.c
 * on any device URI. A test returns 0 when it passed; otherwise it has set
 * the one-line reason with kt_fail() (and may have printed details, such as
 * a diff, to stdout before). */
#ifndef KERNEL_TESTS_H
#define KERNEL_TESTS_H

#include <stddef.h>
#include <stdint.h>

#include "scord.h"

#define KERNEL_TESTS(X) \
    X(vecadd)           \
    X(matmul)           \
    X(dims)             \
    X(reduce)           \
    X(histogram)        \
    X(divergent)        \
    X(prodcons)         \
    X(stale)            \
    X(host_order)       \
    X(lock_fair)        \
    X(lock_data)        \
    X(poll_flag)        \
    X(scoped_atomics)   \
    X(float_atomics)    \
    X(float_ops)        \
    X(atomics64)        \
    X(barrier)          \
    X(bar_diverge)      \
    X(tmc)              \
    X(warp_ops)         \
    X(smem_matmul)      \
    X(smem_reduce)      \
    X(smem_histogram)   \
    X(smem_scan)        \
    X(smem_dynamic)     \
    X(smem_conflicts)   \
    X(smem_occupancy)   \
    X(exit)             \
    X(det_overflow)     \
    X(det_stream)       \
    X(det_intrusion)    \
    X(det_regs)         \
    X(det_acquire)      \
    X(det_stale_read)   \
    X(det_host)         \
    X(printf)           \
    X(faults)

#define KT_DECLARE(name) int test_##name(scord_device *dev, const char *sw_dir);
KERNEL_TESTS(KT_DECLARE)
#undef KT_DECLARE

/* ---- helpers shared by the tests (tests/test_util.c) --------------------- */

/* Per-launch time limit in ms (runner option --timeout). */
extern unsigned kt_timeout_ms;
/* The device's URI (runner option --device; "sim" by default), and whether
 * it names the in-process cycle model ("sim", "sim:OPTIONS") rather than a
 * board or the simulated board over the uart backend. */
extern const char *kt_device_uri;
int kt_on_cycle_model(void);
/* Print what every launch does (runner option --verbose). */
extern int kt_verbose;

/* Run every launch with the race detector armed, full mode (runner option
 * --detect). After each launch the ring is drained and every race printed
 * (compute-sanitizer style, with source lines) to stdout. */
extern int kt_detect;
/* Races the detector reported since kt_race_reset(): occurrences (record
 * counts plus drops) and records (distinct). */
extern unsigned long kt_race_total, kt_race_records;
void kt_race_reset(void);

/* Record the reason of the failure (the first one wins); returns -1. */
int kt_fail(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
/* Reason recorded since the last kt_reset_reason(). */
const char *kt_reason(void);
void kt_reset_reason(void);

/* Everything one test touches; kt_end() releases it. */
struct kt {
    scord_device *dev;
    scord_kernel *kernel;
    struct scord_info info;
    const char *name;
    uint32_t max_block; /* threads in a block that fills a core: warps * threads */
};

/* Load <sw_dir>/<rel>/kernel.elf (rel e.g. "tests/kernels/vecadd"). */
int kt_begin(struct kt *t, scord_device *dev, const char *sw_dir, const char *rel);
void kt_end(struct kt *t);

/* scord_malloc + optional copy (src may be NULL: then the block is set to
 * fill_byte). Fails the test on error. */
int kt_alloc(struct kt *t, size_t bytes, const void *src, int fill_byte, scord_addr *addr);
int kt_read(struct kt *t, void *dst, scord_addr src, size_t bytes);
/* Launch and wait; on a fault the reason names the cause, PC and lane. */
int kt_run(struct kt *t, struct scord_dim3 grid, struct scord_dim3 block, const void *args,
           size_t args_size);
/* kt_run with dyn_shared bytes of dynamic shared memory per block. */
int kt_run_shared(struct kt *t, struct scord_dim3 grid, struct scord_dim3 block,
                  uint32_t dyn_shared, const void *args, size_t args_size);
/* Launch, wait and expect a fault with this cause (ERR_* of regmap.def),
 * whose details go to *fault if not NULL; or a timeout when cause is 0.
 * The GPU is reset afterwards either way. */
int kt_run_expect_fault(struct kt *t, struct scord_dim3 grid, struct scord_dim3 block,
                        uint32_t cause, unsigned timeout_ms, struct scord_fault *fault);

/* kt_begin(rel), then run(t) with the race detector configured as cfg,
 * then kt_end; the device's detector configuration is restored either
 * way (a failure to restore fails a test that passed). */
int kt_run_with_detector(scord_device *dev, const char *sw_dir, const char *rel,
                         const struct scord_detector_config *cfg, int (*run)(struct kt *t));

/* A race-free kernel's test: run(t) launches and checks its results, then
 * returns kt_no_races(t). The detector is armed (--detect's configuration,
 * else full mode; cache mode where full mode's metadata does not fit the
 * device's memory beside the kernel); on a device built without it the
 * kernel runs disarmed and only its results are checked. */
int kt_run_race_free(scord_device *dev, const char *sw_dir, const char *rel, int (*run)(struct kt *t));
/* Within such a run: fails unless the detector saw accesses and counted
 * no race in the last launch (0 when the run is disarmed). */
int kt_no_races(struct kt *t);

/* Compare n words; prints up to 8 differing indices, returns -1 (with a
 * reason) if any differ. */
int kt_check_u32(const char *what, const uint32_t *got, const uint32_t *want, size_t n);

static inline struct scord_dim3 kt_dim(uint32_t x, uint32_t y, uint32_t z)
{
    struct scord_dim3 d = {x, y, z};
    return d;
}

/* Small deterministic generator, so every run and device sees the same data. */
static inline uint32_t kt_rand(uint32_t *state)
{
    *state = *state * 1664525u + 1013904223u;
    return *state ^ (*state >> 16);
}

#endif
