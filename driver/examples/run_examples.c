/* The program behind `make run` and `make bench`: runs the example kernels
 * of sw/examples on the cycle model, checks their results against the
 * host, prints them with the GPU's counters, and (with --bench) the
 * simulation speed.
 *
 *   scord-examples [--device URI] [--sw-dir DIR] [--bench] [--size N]
 */
#define _POSIX_C_SOURCE 200809L
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <time.h>

#include "matmul/args.h"
#include "scord.h"
#include "vecadd/args.h"

struct run {
    const char *name;
    struct scord_counters c;
    double seconds;
};

static double now(void)
{
    struct timespec ts;
    clock_gettime(CLOCK_MONOTONIC, &ts);
    return ts.tv_sec + ts.tv_nsec * 1e-9;
}

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
static int launch(scord_device *dev, const char *name, const scord_kernel *k,
                  struct scord_dim3 grid, struct scord_dim3 block, const void *args,
                  size_t size, struct run *r)
{
    r->name = name;
    double t0 = now();
    int rc = scord_launch(dev, k, grid, block, args, size);
    if (!rc)
        rc = scord_wait(dev, 600000);
    r->seconds = now() - t0;
    if (report(dev, name, rc))
        return rc;
    return report(dev, "counters", scord_read_counters(dev, &r->c));
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

static int matmul(scord_device *dev, const char *sw_dir, unsigned n, unsigned bx, unsigned by,
                  struct run *r)
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
    if ((rc = load(dev, sw_dir, "matmul", &k)))
        goto out;
    if ((rc = alloc_copy(dev, a, n * n * 4, &args.a)) ||
        (rc = alloc_copy(dev, b, n * n * 4, &args.b)) ||
        (rc = alloc_copy(dev, NULL, n * n * 4, &args.c)))
        goto out;
    unsigned gx = (n + bx - 1) / bx, gy = (n + by - 1) / by;
    if ((rc = launch(dev, "matmul", k, (struct scord_dim3){gx, gy, 1},
                     (struct scord_dim3){bx, by, 1}, &args, sizeof args, r)))
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
    printf("matmul  %ux%u, grid %ux%u x block %ux%u: c[0][0] = %d, c[%u][%u] = %d: %s\n", n, n, gx,
           gy, bx, by, c[0], n - 1, n - 1, c[n * n - 1], bad ? "WRONG" : "correct");
    rc = bad ? -1 : 0;
out:
    scord_kernel_free(k);
    free(a);
    free(b);
    free(c);
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

int main(int argc, char **argv)
{
    const char *uri = "sim", *sw_dir = "build/sw";
    int bench = 0;
    unsigned size = 0;
    for (int i = 1; i < argc; i++) {
        if (!strcmp(argv[i], "--device") && i + 1 < argc)
            uri = argv[++i];
        else if (!strcmp(argv[i], "--sw-dir") && i + 1 < argc)
            sw_dir = argv[++i];
        else if (!strcmp(argv[i], "--bench"))
            bench = 1;
        else if (!strcmp(argv[i], "--size") && i + 1 < argc)
            size = (unsigned)strtoul(argv[++i], NULL, 0);
        else {
            fprintf(stderr, "usage: %s [--device URI] [--sw-dir DIR] [--bench] [--size N]\n",
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

    /* Full blocks: every warp slot of a core in one block. */
    unsigned block = info.warps * info.threads;
    struct run runs[2];
    memset(runs, 0, sizeof runs);
    rc = vecadd(dev, sw_dir, size ? size * size : 4096, block, &runs[0]);
    if (!rc)
        rc = matmul(dev, sw_dir, size ? size : 32, info.threads, info.warps, &runs[1]);
    if (!rc) {
        print_counters(runs, 2);
        if (bench) {
            printf("\n");
            for (int i = 0; i < 2; i++)
                printf("bench %-7s cycles %u  ipc %.3f  sim speed %.0f cycles/s\n", runs[i].name,
                       runs[i].c.cycles, (double)runs[i].c.instrs / runs[i].c.cycles,
                       runs[i].c.cycles / runs[i].seconds);
        }
    }
    scord_close(dev);
    return rc ? 1 : 0;
}
