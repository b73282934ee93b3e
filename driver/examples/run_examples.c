/* The program behind `make run` and `make bench`: runs the example kernels
 * of sw/examples on the cycle model, checks their results against the
 * host, prints them with the GPU's counters, and (with --bench) the
 * simulation speed. With --bench-detector (`make bench-detector`) it
 * measures the race detector's cost instead: cycles of the examples with
 * the detector off, in full mode and in cache mode, and its throughput
 * under a flood of accesses (sw/examples/flood). --bench-scale prints one
 * line per example with its cycles off and in cache mode, for the scaling
 * sweep over GPU sizes (`make bench-scale`, tools/bench_scale.sh).
 *
 *   scord-examples [--device URI] [--sw-dir DIR] [--bench | --bench-detector | --bench-scale]
 *                  [--size N]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "flood/args.h"
#include "matmul/args.h"
#include "matmul_tiled/args.h"
#include "scord.h"
#include "smem_bank/args.h"
#include "vecadd/args.h"

struct run {
    const char *name;
    struct scord_counters c;
    double seconds, cpu_seconds;
};

static double clock_s(clockid_t id)
{
    struct timespec ts;
    clock_gettime(id, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}
static double now(void) { return clock_s(CLOCK_MONOTONIC); }
/* The cycle model runs in this process: its processor time is the
 * simulation's, whatever else the machine runs meanwhile. */
static double cpu_now(void) { return clock_s(CLOCK_PROCESS_CPUTIME_ID); }

static int report(scord_device *dev, const char *what, int rc)
{
    if (rc)
        fprintf(stderr, "scord-examples: %s: %s (%s)\n", what, scord_strerror(rc),
                scord_last_error_detail(dev));
    return rc;
}

/* Loading the image restarts the device allocator above it, so it comes
 * before any buffer is allocated. */
static int load(scord_device *dev, const char *sw_dir, const char *name, scord_kernel **k)
{
    char path[512];
    snprintf(path, sizeof path, "%s/sw/examples/%s/kernel.elf", sw_dir, name);
    return report(dev, path, scord_load_kernel(dev, path, k));
}

/* Launch, wait, read the counters; time only the run itself. */
static int launch_shared(scord_device *dev, const char *name, const scord_kernel *k,
                         struct scord_dim3 grid, struct scord_dim3 block, uint32_t shared,
                         const void *args, size_t size, struct run *r)
{
    r->name = name;
    double t0 = now(), c0 = cpu_now();
    int rc = scord_launch_shared(dev, k, grid, block, shared, args, size);
    if (!rc)
        rc = scord_wait(dev, 600000);
    r->seconds = now() - t0;
    r->cpu_seconds = cpu_now() - c0;
    if (report(dev, name, rc))
        return rc;
    return report(dev, "counters", scord_read_counters(dev, &r->c));
}

static int launch(scord_device *dev, const char *name, const scord_kernel *k,
                  struct scord_dim3 grid, struct scord_dim3 block, const void *args,
                  size_t size, struct run *r)
{
    return launch_shared(dev, name, k, grid, block, 0, args, size, r);
}

static int alloc_copy(scord_device *dev, const void *src, size_t n, uint32_t *addr)
{
    int rc = scord_malloc(dev, n, addr);
    if (!rc && src)
        rc = scord_memcpy_htod(dev, *addr, src, n);
    return report(dev, "device memory", rc);
}

static int vecadd(scord_device *dev, const char *sw_dir, unsigned n, unsigned block, struct run *r)
{
    int32_t *a = malloc(n * 4), *b = malloc(n * 4), *c = malloc(n * 4);
    scord_kernel *k = NULL;
    int rc = -1;
    if (!a || !b || !c)
        goto out;
    for (unsigned i = 0; i < n; i++) {
        a[i] = (int32_t)(i * 7u);
        b[i] = (int32_t)(1000u - i);
    }
    struct vecadd_args args = {0, 0, 0, n};
    if ((rc = load(dev, sw_dir, "vecadd", &k)))
        goto out;
    if ((rc = alloc_copy(dev, a, n * 4, &args.a)) || (rc = alloc_copy(dev, b, n * 4, &args.b)) ||
        (rc = alloc_copy(dev, NULL, n * 4, &args.c)))
        goto out;
    if ((rc = launch(dev, "vecadd", k, (struct scord_dim3){(n + block - 1) / block, 1, 1},
                     (struct scord_dim3){block, 1, 1}, &args, sizeof args, r)))
        goto out;
    if ((rc = report(dev, "read back", scord_memcpy_dtoh(dev, c, args.c, n * 4))))
        goto out;
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++)
        bad += c[i] != a[i] + b[i];
    printf("vecadd  n=%u, grid %u x block %u: c[0..3] = %d %d %d %d ... c[%u] = %d: %s\n", n,
           (n + block - 1) / block, block, c[0], c[1], c[2], c[3], n - 1, c[n - 1],
           bad ? "WRONG" : "correct");
    if (bad)
        printf("vecadd: %u of %u elements differ from the host's result\n", bad, n);
    rc = bad ? -1 : 0;
out:
    scord_kernel_free(k);
    free(a);
    free(b);
    free(c);
    return rc;
}

/* C = A * B, n x n, with the global-memory kernel (sw/examples/matmul,
 * blocks of bx x by threads) or, tiled, with the shared-memory one
 * (sw/examples/matmul_tiled, blocks of 8 x by); checked against the host. */
static int matmul_kernel(scord_device *dev, const char *sw_dir, unsigned n, unsigned bx,
                         unsigned by, int tiled, struct run *r)
{
    int32_t *a = malloc(n * n * 4), *b = malloc(n * n * 4), *c = malloc(n * n * 4);
    scord_kernel *k = NULL;
    int rc = -1;
    if (!a || !b || !c)
        goto out;
    for (unsigned i = 0; i < n * n; i++) {
        a[i] = (int32_t)(i % 13) - 6;
        b[i] = (int32_t)(i % 7) - 3;
    }
    struct matmul_args args = {0, 0, 0, n, n, n};
    _Static_assert(sizeof(struct matmul_args) == sizeof(struct matmul_tiled_args),
                   "both kernels take the same arguments");
    const char *name = tiled ? "matmul_tiled" : "matmul";
    if ((rc = load(dev, sw_dir, name, &k)))
        goto out;
    if ((rc = alloc_copy(dev, a, n * n * 4, &args.a)) ||
        (rc = alloc_copy(dev, b, n * n * 4, &args.b)) ||
        (rc = alloc_copy(dev, NULL, n * n * 4, &args.c)))
        goto out;
    if (tiled)
        bx = 8;
    unsigned tw = tiled ? MATMUL_TILE_COLS : bx, th = tiled ? MATMUL_TILE_ROWS(by) : by;
    unsigned gx = (n + tw - 1) / tw, gy = (n + th - 1) / th;
    if (tiled && (n % tw || n % th || n % MATMUL_TILE_K)) {
        fprintf(stderr, "scord-examples: matmul_tiled needs n a multiple of %u, %u and %u\n", tw,
                th, MATMUL_TILE_K);
        rc = -1;
        goto out;
    }
    if ((rc = launch(dev, name, k, (struct scord_dim3){gx, gy, 1}, (struct scord_dim3){bx, by, 1},
                     &args, sizeof args, r)))
        goto out;
    if ((rc = report(dev, "read back", scord_memcpy_dtoh(dev, c, args.c, n * n * 4))))
        goto out;
    unsigned bad = 0;
    for (unsigned i = 0; i < n; i++)
        for (unsigned j = 0; j < n; j++) {
            int32_t acc = 0;
            for (unsigned x = 0; x < n; x++)
                acc += a[i * n + x] * b[x * n + j];
            bad += c[i * n + j] != acc;
        }
    printf("%-7s %ux%u, grid %ux%u x block %ux%u: c[0][0] = %d, c[%u][%u] = %d: %s\n",
           tiled ? "tiled" : "matmul", n, n, gx, gy, bx, by, c[0], n - 1, n - 1, c[n * n - 1],
           bad ? "WRONG" : "correct");
    rc = bad ? -1 : 0;
out:
    scord_kernel_free(k);
    free(a);
    free(b);
    free(c);
    return rc;
}

static int matmul(scord_device *dev, const char *sw_dir, unsigned n, unsigned bx, unsigned by,
                  struct run *r)
{
    return matmul_kernel(dev, sw_dir, n, bx, by, 0, r);
}

/* ---- shared memory (--bench) -------------------------------------------- */

/* Rows of the tiled matrix multiply's 8-wide block: as many as the core's
 * warp slots hold, up to 4. */
static unsigned tiled_block_y(const struct scord_info *info)
{
    unsigned t = info->warps * info->threads;
    return t >= 32 ? 4 : t >= 16 ? 2 : 1;
}

/* The tiled matrix multiply against the global-memory one, and the cost of
 * bank conflicts: one block of one warp per core, loads at strides that
 * put the warp's words into 1, 2, ... of the banks. */
static int bench_smem(scord_device *dev, const char *sw_dir, const struct scord_info *info)
{
    unsigned by = tiled_block_y(info);
    printf("\nshared memory: tiled matrix multiply (4x2 outputs a thread, 8-wide k steps) "
           "against the global-memory one\n");
    /* The tiled kernel's cost per multiply-add and lane: its cycles times
     * the GPU's lanes over n^3, comparable across GPUs of different sizes
     * (a GPU with four times the lanes at twice the figure still gives
     * twice the throughput). */
    unsigned lanes = info->cores * info->warps * info->threads;
    printf("  %-5s %14s %7s %14s %7s %8s %12s\n", "n", "global cycles", "ipc", "tiled cycles",
           "ipc", "speedup", "cyc/madd/ln");
    static const unsigned sizes[] = {32, 64, 128};
    for (unsigned i = 0; i < sizeof sizes / sizeof sizes[0]; i++) {
        struct run g, t;
        memset(&g, 0, sizeof g);
        memset(&t, 0, sizeof t);
        int rc = matmul_kernel(dev, sw_dir, sizes[i], info->threads, info->warps, 0, &g);
        if (!rc)
            rc = matmul_kernel(dev, sw_dir, sizes[i], 8, by, 1, &t);
        if (rc)
            return rc;
        double n3 = (double)sizes[i] * sizes[i] * sizes[i];
        printf("  %-5u %14u %7.3f %14u %7.3f %7.2fx %12.2f\n", sizes[i], g.c.cycles,
               (double)g.c.instrs / g.c.cycles, t.c.cycles, (double)t.c.instrs / t.c.cycles,
               (double)g.c.cycles / t.c.cycles, t.c.cycles * (double)lanes / n3);
    }

    scord_kernel *k = NULL;
    int rc = load(dev, sw_dir, "smem_bank", &k);
    if (rc)
        return rc;
    const unsigned reps = 512;
    printf("\nshared memory: bank conflicts (one warp of %u lanes per core, %u loads each, lane l "
           "at word l x stride)\n",
           info->threads, reps);
    printf("  %-7s %7s %10s %14s %13s\n", "stride", "passes", "cycles", "extra / load",
           "conflicts");
    uint32_t base_cycles = 0;
    for (unsigned stride = 1; stride <= info->threads; stride *= 2) {
        struct smem_bank_args args = {0, stride, reps};
        struct run r;
        scord_free_all(dev);
        if ((rc = alloc_copy(dev, NULL, info->cores * info->threads * 4, &args.out)) ||
            (rc = launch(dev, "smem_bank", k, (struct scord_dim3){info->cores, 1, 1},
                         (struct scord_dim3){info->threads, 1, 1}, &args, sizeof args, &r)))
            break;
        unsigned passes = stride; /* T lanes at stride s (a power of two): s words a bank */
        if (stride == 1)
            base_cycles = r.c.cycles;
        printf("  %-7u %7u %10u %14.2f %13u\n", stride, passes, r.c.cycles,
               (double)(r.c.cycles - base_cycles) / reps, r.c.smem_conflicts);
    }
    scord_kernel_free(k);
    return rc;
}

static void print_counters(const struct run *runs, int nruns)
{
    printf("\n%-16s", "counter");
    for (int i = 0; i < nruns; i++)
        printf(" %12s", runs[i].name);
    printf("\n");
    for (int k = 0; k < SCORD_NUM_COUNTERS; k++) {
        printf("%-16s", scord_counter_names[k]);
        for (int i = 0; i < nruns; i++)
            printf(" %12u", ((const uint32_t *)&runs[i].c)[k]);
        printf("\n");
    }
    printf("%-16s", "ipc");
    for (int i = 0; i < nruns; i++)
        printf(" %12.3f", runs[i].c.cycles ? (double)runs[i].c.instrs / runs[i].c.cycles : 0.0);
    printf("\n");
}

/* ---- race detector cost (--bench-detector) ------------------------------ */

/* smem_bank at stride 1 (conflict free), one warp per core: almost every
 * access a shared load, so its cycles with the detector armed show what
 * the shared-memory checks cost. */
static int smem_bank_run(scord_device *dev, const char *sw_dir, const struct scord_info *info,
                         unsigned reps, struct run *r)
{
    scord_kernel *k = NULL;
    int rc = load(dev, sw_dir, "smem_bank", &k);
    struct smem_bank_args args = {0, 1, reps};
    scord_free_all(dev);
    if (!rc)
        rc = alloc_copy(dev, NULL, info->cores * info->threads * 4, &args.out);
    if (!rc)
        rc = launch(dev, "smem_bank", k, (struct scord_dim3){info->cores, 1, 1},
                    (struct scord_dim3){info->threads, 1, 1}, &args, sizeof args, r);
    scord_kernel_free(k);
    return rc;
}

static int det_config(scord_device *dev, int mode)
{
    struct scord_detector_config cfg = {mode > 0, mode == 2, 4, 0};
    return report(dev, "detector configuration", scord_detector_configure(dev, &cfg));
}

static const char *const mode_names[] = {"off", "full", "cache"};

/* Races of the last launch (there must be none: both examples are race
 * free); the ring is drained so records do not pile up. */
static int det_races(scord_device *dev, const char *name, int mode,
                     struct scord_detector_counters *dc)
{
    memset(dc, 0, sizeof *dc);
    if (mode == 0)
        return 0;
    int rc = report(dev, "detector counters", scord_read_detector_counters(dev, dc));
    struct scord_race races[16];
    size_t n = 0;
    if (!rc)
        rc = report(dev, "race ring", scord_ring_drain(dev, races, 16, &n, NULL));
    uint32_t total = 0;
    for (int t = 0; t < SCORD_RACE_TYPE_MAX; t++)
        total += dc->races[t];
    if (!rc && (total || n)) {
        printf("%s (%s mode): %u races reported in a race-free kernel\n", name, mode_names[mode],
               total);
        rc = -1;
    }
    return rc;
}

/* One example under one detector mode, twice: the first launch after
 * arming sweeps the metadata region, the second shows the steady state. */
static int det_example(scord_device *dev, const char *sw_dir, int which, int mode,
                       unsigned size, const struct scord_info *info, struct run r[2],
                       struct scord_detector_counters *dc)
{
    int rc = det_config(dev, mode);
    for (int k = 0; k < 2 && !rc; k++) {
        rc = which == 0 ? vecadd(dev, sw_dir, size ? size * size : 4096,
                                 info->warps * info->threads, &r[k])
           : which == 1 ? matmul(dev, sw_dir, size ? size : 32, info->threads, info->warps, &r[k])
           : which == 2 ? matmul_kernel(dev, sw_dir, size ? size : 64, 8, tiled_block_y(info), 1, &r[k])
                        : smem_bank_run(dev, sw_dir, info, 512, &r[k]);
        if (!rc)
            rc = det_races(dev, r[k].name, mode, dc);
    }
    return rc;
}

struct flood_run {
    struct scord_counters c;
    struct scord_detector_counters d;
};

/* The flood kernel, n iterations, loads or stores, one full block per core
 * slot of the whole GPU; the detector stays armed between calls. */
static int flood(scord_device *dev, const char *sw_dir, const struct scord_info *info, unsigned n,
                 int store, int mode, struct flood_run *fr)
{
    scord_kernel *k = NULL;
    char path[512];
    snprintf(path, sizeof path, "%s/sw/examples/flood/kernel.elf", sw_dir);
    int rc = report(dev, path, scord_load_kernel(dev, path, &k));
    unsigned block = info->warps * info->threads, grid = info->cores;
    unsigned threads = block * grid;
    struct flood_args args = {0, 0, n, (uint32_t)store};
    uint32_t *out = malloc(threads * 4);
    if (!out)
        rc = -1;
    if (!rc)
        rc = alloc_copy(dev, NULL, threads * 4, &args.buf);
    if (!rc)
        rc = report(dev, "device memory", scord_memset(dev, args.buf, 0, threads * 4));
    if (!rc)
        rc = alloc_copy(dev, NULL, threads * 4, &args.out);
    struct run r;
    if (!rc)
        rc = launch(dev, "flood", k, (struct scord_dim3){grid, 1, 1},
                    (struct scord_dim3){block, 1, 1}, &args, sizeof args, &r);
    if (!rc)
        rc = report(dev, "read back", scord_memcpy_dtoh(dev, out, args.out, threads * 4));
    for (unsigned i = 0; !rc && i < threads; i++)
        if (out[i] != 0) {
            printf("flood: out[%u] = %u, expected 0\n", i, out[i]);
            rc = -1;
        }
    if (!rc) {
        fr->c = r.c;
        rc = det_races(dev, "flood", mode, &fr->d);
    }
    free(out);
    scord_kernel_free(k);
    return rc;
}

static int bench_detector(scord_device *dev, const char *sw_dir, unsigned size,
                          const struct scord_info *info)
{
    enum { KERNELS = 4 };  /* vecadd, matmul, matmul_tiled, smem_bank */
    struct run r[KERNELS][3][2];
    struct scord_detector_counters dc[KERNELS][3];
    int rc = 0;
    for (int which = 0; which < KERNELS && !rc; which++)
        for (int mode = 0; mode < 3 && !rc; mode++)
            rc = det_example(dev, sw_dir, which, mode, size, info, r[which][mode], &dc[which][mode]);
    if (rc)
        return rc;
    printf("\nexample kernels, detector off / full mode / cache mode (4-byte granules);\n"
           "cycles of a second launch (the first after arming also sweeps the metadata)\n\n");
    printf("%-12s %-6s %10s %7s %12s %10s %9s %9s %9s\n", "kernel", "mode", "cycles", "ratio",
           "1st launch", "accesses", "md_reads", "md_writes", "stall");
    for (int which = 0; which < KERNELS; which++)
        for (int mode = 0; mode < 3; mode++) {
            const struct run *x = &r[which][mode][1];
            const struct scord_detector_counters *d = &dc[which][mode];
            printf("%-12s %-6s %10u %7.3f %12u %10u %9u %9u %9u\n", x->name, mode_names[mode],
                   x->c.cycles, (double)x->c.cycles / r[which][0][1].c.cycles,
                   r[which][mode][0].c.cycles, d->accesses, d->md_reads, d->md_writes, d->stall);
        }
    /* The shared-memory checks alone: smem_bank at two lengths, so the
     * start and the end (the global stores of the results, the metadata
     * flush) cancel and what is left is the cost per shared load. */
    const unsigned s1 = 512, s2 = 2048;
    printf("\nshared-memory checks: smem_bank (stride 1, one warp per core), %u and %u shared\n"
           "loads per lane; extra = cycles(%u) - cycles(%u), the detector's share of it\n\n",
           s1, s2, s2, s1);
    printf("%-6s %10s %10s %10s %14s\n", "mode", "cycles", "cycles", "extra", "vs off");
    uint32_t off_extra = 0;
    for (int mode = 0; mode < 3 && !rc; mode++) {
        struct run a, b;
        struct scord_detector_counters d;
        if ((rc = det_config(dev, mode)) || (rc = smem_bank_run(dev, sw_dir, info, s1, &a)) ||
            (rc = det_races(dev, "smem_bank", mode, &d)) ||
            (rc = smem_bank_run(dev, sw_dir, info, s1, &a)) ||
            (rc = det_races(dev, "smem_bank", mode, &d)) ||
            (rc = smem_bank_run(dev, sw_dir, info, s2, &b)) ||
            (rc = det_races(dev, "smem_bank", mode, &d)))
            break;
        uint32_t extra = b.c.cycles - a.c.cycles;
        if (mode == 0)
            off_extra = extra;
        printf("%-6s %10u %10u %10u %13.2f%%\n", mode_names[mode], a.c.cycles, b.c.cycles, extra,
               100.0 * ((double)extra - off_extra) / off_extra);
    }

    /* Throughput: two flood lengths; the difference cancels the start
     * (sweep or generation step, block launch) and the drain at the end. */
    const unsigned n1 = 64, n2 = 256;
    printf("\ndetector throughput under a flood of race-free accesses (sw/examples/flood):\n"
           "%u cores x %u warps x %u threads, %u and %u accesses per thread;\n"
           "rate = difference of accesses / difference of cycles between the two lengths\n\n",
           info->cores, info->warps, info->threads, n1, n2);
    printf("%-6s %-6s %10s %10s %12s %14s %14s\n", "access", "mode", "cycles", "accesses",
           "acc./cycle", "stalled cores", "md writes/acc");
    for (int store = 0; store < 2 && !rc; store++)
        for (int mode = 0; mode < 3 && !rc; mode++) {
            struct flood_run a, b;
            if ((rc = det_config(dev, mode)))
                break;
            /* A first run arms (and sweeps) so the measured ones do not. */
            if ((rc = flood(dev, sw_dir, info, n1, store, mode, &a)) ||
                (rc = flood(dev, sw_dir, info, n1, store, mode, &a)) ||
                (rc = flood(dev, sw_dir, info, n2, store, mode, &b)))
                break;
            if (mode == 0) {
                printf("%-6s %-6s %10u %10s %12s %14s %14s\n", store ? "store" : "load",
                       mode_names[mode], b.c.cycles, "-", "-", "-", "-");
                continue;
            }
            double dacc = (double)b.d.accesses - a.d.accesses;
            double dcyc = (double)b.c.cycles - a.c.cycles;
            double stalled = (double)b.d.stall / ((double)b.c.cycles * info->cores);
            printf("%-6s %-6s %10u %10u %12.4f %13.1f%% %14.3f\n", store ? "store" : "load",
                   mode_names[mode], b.c.cycles, b.d.accesses, dacc / dcyc, 100.0 * stalled,
                   b.d.accesses ? (double)b.d.md_writes / b.d.accesses : 0.0);
        }
    det_config(dev, 0);
    return rc;
}

/* vecadd, matmul and matmul_tiled, detector off and in cache mode (second
 * launches, as above): "scale NAME CORES OFF CACHE RATIO" lines. */
static int bench_scale(scord_device *dev, const char *sw_dir, unsigned size,
                       const struct scord_info *info)
{
    int rc = 0;
    for (int which = 0; which < 3 && !rc; which++) {
        struct run r[2][2];
        struct scord_detector_counters dc;
        rc = det_example(dev, sw_dir, which, 0, size, info, r[0], &dc);
        if (!rc)
            rc = det_example(dev, sw_dir, which, 2, size, info, r[1], &dc);
        if (!rc)
            printf("scale %-12s %2u %10u %10u %7.3f\n", r[0][1].name, info->cores,
                   r[0][1].c.cycles, r[1][1].c.cycles,
                   (double)r[1][1].c.cycles / r[0][1].c.cycles);
    }
    det_config(dev, 0);
    return rc;
}

int main(int argc, char **argv)
{
    const char *uri = "sim", *sw_dir = "build/sw";
    int bench = 0, bench_det = 0, bench_sc = 0;
    unsigned size = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--device") && i + 1 < argc)
            uri = argv[++i];
        else if (!strcmp(argv[i], "--sw-dir") && i + 1 < argc)
            sw_dir = argv[++i];
        else if (!strcmp(argv[i], "--bench"))
            bench = 1;
        else if (!strcmp(argv[i], "--bench-detector"))
            bench_det = 1;
        else if (!strcmp(argv[i], "--bench-scale"))
            bench_sc = 1;
        else if (!strcmp(argv[i], "--size") && i + 1 < argc)
            size = (unsigned)strtoul(argv[++i], NULL, 0);
        else {
            fprintf(stderr,
                    "usage: %s [--device URI] [--sw-dir DIR] [--bench | --bench-detector | "
                    "--bench-scale] [--size N]\n",
                    argv[0]);
            return 2;
        }
    }
    scord_device *dev = NULL;
    int rc = scord_open(&dev, uri);
    if (rc) {
        fprintf(stderr, "scord-examples: cannot open %s: %s (%s)\n", uri, scord_strerror(rc),
                scord_last_error_detail(NULL));
        return 3;
    }
    struct scord_info info;
    scord_get_info(dev, &info);
    printf("GPU '%s': %u cores x %u warps x %u threads, %u KiB device memory\n\n", info.config,
           info.cores, info.warps, info.threads, info.mem_bytes / 1024);

    if (bench_det || bench_sc) {
        rc = bench_det ? bench_detector(dev, sw_dir, size, &info)
                       : bench_scale(dev, sw_dir, size, &info);
        scord_close(dev);
        return rc ? 1 : 0;
    }
    /* Full blocks: every warp slot of a core in one block. */
    unsigned block = info.warps * info.threads;
    struct run runs[3];
    memset(runs, 0, sizeof runs);
    rc = vecadd(dev, sw_dir, size ? size * size : 4096, block, &runs[0]);
    if (!rc)
        rc = matmul(dev, sw_dir, size ? size : 32, info.threads, info.warps, &runs[1]);
    if (!rc)
        rc = matmul_kernel(dev, sw_dir, size ? size : 32, 8, tiled_block_y(&info), 1, &runs[2]);
    if (!rc) {
        print_counters(runs, 3);
        if (bench) {
            printf("\n");
            for (int i = 0; i < 3; i++)
                printf("bench %-7s cycles %u  ipc %.3f  sim speed %.0f cycles/s, %.0f cycles per "
                       "processor second\n",
                       runs[i].name, runs[i].c.cycles, (double)runs[i].c.instrs / runs[i].c.cycles,
                       runs[i].c.cycles / runs[i].seconds, runs[i].c.cycles / runs[i].cpu_seconds);
            rc = bench_smem(dev, sw_dir, &info);
        }
    }
    scord_close(dev);
    return rc ? 1 : 0;
}
