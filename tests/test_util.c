#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "kernel_tests.h"

unsigned kt_timeout_ms = 60000;
const char *kt_device_uri = "sim";
int kt_verbose;
int kt_detect;
unsigned long kt_race_total, kt_race_records;

void kt_race_reset(void) { kt_race_total = kt_race_records = 0; }

int kt_on_cycle_model(void)
{
    /* scord_open's reading: the scheme before ':', an empty URI is "sim" */
    return !*kt_device_uri || !strcmp(kt_device_uri, "sim") || !strncmp(kt_device_uri, "sim:", 4);
}

static char reason[512];

int kt_fail(const char *fmt, ...)
{
    if (reason[0] == '\0') {
        va_list ap;
        va_start(ap, fmt);
        vsnprintf(reason, sizeof reason, fmt, ap);
        va_end(ap);
    }
    return -1;
}

const char *kt_reason(void) { return reason[0] ? reason : "failed (no reason given)"; }
void kt_reset_reason(void) { reason[0] = '\0'; }

/* scord error plus the driver's detail, if it has one. */
static const char *err_text(struct kt *t, int err)
{
    static char buf[384];
    const char *detail = scord_last_error_detail(t->dev);
    snprintf(buf, sizeof buf, "%s%s%s", scord_error_name(err), detail[0] ? ": " : "", detail);
    return buf;
}

int kt_begin(struct kt *t, scord_device *dev, const char *sw_dir, const char *rel)
{
    memset(t, 0, sizeof *t);
    t->dev = dev;
    t->name = rel;
    int err = scord_get_info(dev, &t->info);
    if (err)
        return kt_fail("scord_get_info: %s", err_text(t, err));
    t->max_block = t->info.warps * t->info.threads;
    if (t->max_block == 0)
        return kt_fail("device reports %u warps x %u threads", t->info.warps, t->info.threads);
    char path[1024];
    snprintf(path, sizeof path, "%s/%s/kernel.elf", sw_dir, rel);
    err = scord_load_kernel(dev, path, &t->kernel);
    if (err)
        return kt_fail("cannot load %s: %s", path, err_text(t, err));
    return 0;
}

void kt_end(struct kt *t)
{
    if (t->kernel)
        scord_kernel_free(t->kernel);
    t->kernel = NULL;
    scord_free_all(t->dev);
}

int kt_alloc(struct kt *t, size_t bytes, const void *src, int fill_byte, scord_addr *addr)
{
    int err = scord_malloc(t->dev, bytes, addr);
    if (err)
        return kt_fail("scord_malloc(%zu): %s", bytes, err_text(t, err));
    err = src ? scord_memcpy_htod(t->dev, *addr, src, bytes)
              : scord_memset(t->dev, *addr, fill_byte, bytes);
    if (err)
        return kt_fail("filling %zu bytes at 0x%08x: %s", bytes, *addr, err_text(t, err));
    return 0;
}

int kt_read(struct kt *t, void *dst, scord_addr src, size_t bytes)
{
    int err = scord_memcpy_dtoh(t->dev, dst, src, bytes);
    if (err)
        return kt_fail("reading %zu bytes at 0x%08x: %s", bytes, src, err_text(t, err));
    return 0;
}

static int launch(struct kt *t, struct scord_dim3 grid, struct scord_dim3 block,
                  uint32_t dyn_shared, const void *args, size_t args_size)
{
    if (kt_verbose)
        printf("  %s: grid %ux%ux%u block %ux%ux%u shared %u on %u cores x %u warps x %u "
               "threads\n",
               t->name, grid.x, grid.y, grid.z, block.x, block.y, block.z,
               (unsigned)(scord_kernel_shared_bytes(t->kernel) + dyn_shared), t->info.cores,
               t->info.warps, t->info.threads);
    int err = scord_launch_shared(t->dev, t->kernel, grid, block, dyn_shared, args, args_size);
    if (err)
        return kt_fail("scord_launch: %s", err_text(t, err));
    return 0;
}

/* With --detect: take the races of the last launch out of the ring and
 * print them. A failure to read the ring fails the test. */
static int drain_races(struct kt *t)
{
    if (!kt_detect)
        return 0;
    enum { MAX_RACES = 1024 };
    struct scord_race *races = calloc(MAX_RACES, sizeof *races);
    if (!races)
        return kt_fail("out of host memory");
    size_t n = 0;
    struct scord_ring_info info;
    int err = scord_ring_drain(t->dev, races, MAX_RACES, &n, &info);
    if (err) {
        free(races);
        return kt_fail("scord_ring_drain: %s", err_text(t, err));
    }
    unsigned long total = info.drops;
    for (size_t i = 0; i < n; i++) {
        char buf[2048];
        total += races[i].count;
        if (scord_race_format(t->kernel, &races[i], buf, sizeof buf) >= 0)
            fputs(buf, stdout);
    }
    if (n || info.drops || info.invalid)
        printf("  %s: %lu races (%zu distinct), %u dropped, %u invalid records%s\n", t->name,
               total, n, (unsigned)info.drops, (unsigned)info.invalid,
               info.status & 0x8u ? ", INTRUSION" : "");
    kt_race_total += total;
    kt_race_records += n;
    free(races);
    return 0;
}

static int describe_fault(struct kt *t, const char *prefix)
{
    struct scord_fault f;
    if (scord_get_fault(t->dev, &f))
        return kt_fail("%skernel fault (no details)", prefix);
    return kt_fail("%s%s at pc 0x%08x addr 0x%08x (core %u warp %u lane %u)", prefix,
                   scord_fault_name(f.cause), f.pc, f.addr, f.core, f.warp, f.lane);
}

int kt_run(struct kt *t, struct scord_dim3 grid, struct scord_dim3 block, const void *args,
           size_t args_size)
{
    return kt_run_shared(t, grid, block, 0, args, args_size);
}

int kt_run_shared(struct kt *t, struct scord_dim3 grid, struct scord_dim3 block,
                  uint32_t dyn_shared, const void *args, size_t args_size)
{
    if (launch(t, grid, block, dyn_shared, args, args_size))
        return -1;
    int err = scord_wait(t->dev, kt_timeout_ms);
    if (drain_races(t))
        return -1;
    if (err == SCORD_ERR_KERNEL_FAULT) {
        int r = describe_fault(t, "");
        scord_reset(t->dev);
        return r;
    }
    if (err == SCORD_ERR_TIMEOUT)
        return kt_fail("no end after %u ms (hang?)", kt_timeout_ms);
    if (err)
        return kt_fail("scord_wait: %s", err_text(t, err));
    return 0;
}

int kt_run_expect_fault(struct kt *t, struct scord_dim3 grid, struct scord_dim3 block,
                        uint32_t cause, unsigned timeout_ms, struct scord_fault *fault)
{
    if (launch(t, grid, block, 0, NULL, 0))
        return -1;
    int err = scord_wait(t->dev, timeout_ms);
    if (drain_races(t))
        return -1;
    if (cause == 0) {
        /* the error must tell a kernel that runs on from a stalled GPU */
        char detail[384];
        snprintf(detail, sizeof detail, "%s", scord_last_error_detail(t->dev));
        scord_reset(t->dev);
        if (err != SCORD_ERR_TIMEOUT)
            return kt_fail("expected a timeout, got %s", scord_error_name(err));
        if (!strstr(detail, "still running"))
            return kt_fail("a kernel that runs on timed out with: %s", detail);
        return 0;
    }
    if (err != SCORD_ERR_KERNEL_FAULT) {
        scord_reset(t->dev);
        return kt_fail("expected fault '%s', got %s", scord_fault_name(cause),
                       scord_error_name(err));
    }
    struct scord_fault f;
    err = scord_get_fault(t->dev, &f);
    scord_reset(t->dev);
    if (err)
        return kt_fail("scord_get_fault: %s", err_text(t, err));
    if (fault)
        *fault = f;
    if (f.cause != cause)
        return kt_fail("expected fault '%s', got '%s' at pc 0x%08x", scord_fault_name(cause),
                       scord_fault_name(f.cause), f.pc);
    return 0;
}

int kt_check_u32(const char *what, const uint32_t *got, const uint32_t *want, size_t n)
{
    size_t bad = 0, first = 0;
    for (size_t i = 0; i < n; i++) {
        if (got[i] == want[i])
            continue;
        if (bad == 0)
            first = i;
        if (bad < 8)
            printf("  %s[%zu]: got 0x%08x (%d), expected 0x%08x (%d)\n", what, i, got[i],
                   (int32_t)got[i], want[i], (int32_t)want[i]);
        bad++;
    }
    if (bad == 0)
        return 0;
    if (bad > 8)
        printf("  %s: ... %zu differences in all\n", what, bad);
    return kt_fail("%s: %zu of %zu words wrong, first at [%zu]: got 0x%08x, expected 0x%08x",
                   what, bad, n, first, got[first], want[first]);
}

int kt_run_with_detector(scord_device *dev, const char *sw_dir, const char *rel,
                         const struct scord_detector_config *cfg, int (*run)(struct kt *t))
{
    struct scord_detector_config old;
    struct kt t;
    int r = -1;
    scord_detector_get_config(dev, &old);
    if (kt_begin(&t, dev, sw_dir, rel))
        goto out;
    int err = scord_detector_configure(dev, cfg);
    if (err) {
        kt_fail("scord_detector_configure: %s", err_text(&t, err));
        goto out;
    }
    r = run(&t);
out:
    kt_end(&t);
    if (scord_detector_configure(dev, &old) && r == 0)
        r = kt_fail("cannot restore the detector configuration");
    return r;
}

/* Whether kt_run_race_free's current run has the detector armed. */
static int race_free_armed;

int kt_no_races(struct kt *t)
{
    if (!race_free_armed)
        return 0;
    struct scord_detector_counters c;
    int err = scord_read_detector_counters(t->dev, &c);
    if (err)
        return kt_fail("reading detector counters: %s", err_text(t, err));
    uint32_t races = 0;
    for (unsigned i = 0; i < SCORD_RACE_TYPE_MAX; i++)
        races += c.races[i];
    if (c.accesses == 0)
        return kt_fail("the detector saw no access: not armed?");
    if (races)
        return kt_fail("race-free kernel, yet the detector counted %u races", races);
    return 0;
}

int kt_run_race_free(scord_device *dev, const char *sw_dir, const char *rel, int (*run)(struct kt *t))
{
    struct scord_detector_config cfg = {1, 0, 4, 1024};
    if (kt_detect)
        scord_detector_get_config(dev, &cfg);
    race_free_armed = 1;
    int r = kt_run_with_detector(dev, sw_dir, rel, &cfg, run);
    if (r && cfg.cache_mode == 0 && strstr(kt_reason(), "SCORD_ERR_NO_MEM") &&
        strstr(kt_reason(), "use cache")) {
        /* a large kernel image on a small device: full mode's metadata
         * does not fit beside the window, cache mode's does */
        if (kt_verbose)
            printf("  %s: full mode does not fit this device's memory, cache mode\n", rel);
        kt_reset_reason();
        cfg.cache_mode = 1;
        r = kt_run_with_detector(dev, sw_dir, rel, &cfg, run);
    }
    if (r && strstr(kt_reason(), "SCORD_ERR_NOT_SUPPORTED")) {
        /* a GPU built without the detector: the results alone */
        if (kt_verbose)
            printf("  %s: no race detector on this device, results only\n", rel);
        kt_reset_reason();
        cfg.enable = 0;
        race_free_armed = 0;
        r = kt_run_with_detector(dev, sw_dir, rel, &cfg, run);
    }
    return r;
}
