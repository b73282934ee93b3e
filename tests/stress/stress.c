/* scord-fault-stress: state that must not survive a fault (docs/trust.md).
 *
 *   scord-fault-stress [--device URI] [--sw-dir DIR] [--rounds N] [--seed N]
 *                      [--endless-ms MS] [--mode full|cache|mixed] [--progress N]
 *                      [--name NAME] [-v]
 *
 * Launches the stress kernel (tests/stress/kernel.c) N times with random
 * grids and a random mix of race-free, racy, faulting and endless runs,
 * the race detector armed in full or cache mode (kept for stretches of
 * launches, so a fault is followed by launches that do not re-arm it;
 * --mode keeps one mode throughout, so the detector is armed once and its
 * 6-bit generation wraps).
 * After every launch it drains the ring and checks:
 *   - the outcome: race-free and racy runs end, faulting runs fault with
 *     their cause, endless runs time out;
 *   - a race-free run wrote what it should, and no race was reported
 *     (no record, no drop, every race counter 0);
 *   - a racy run reported at least one race;
 *   - every run: the occurrences in the records drained plus the drops
 *     equal the detector's race counters (nothing lost or invented).
 * Prints PASS/FAIL lines and a summary; exits 1 on a failure, after
 * printing the launches before it (enough to replay with the same seed).
 */
#define _POSIX_C_SOURCE 200809L
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "scord.h"
#include "scord_defs.h"

static const char *device = "sim", *sw_dir = "build/sw", *name = "sim";
static unsigned rounds = 200, endless_ms = 300, verbose;
static unsigned progress; /* --progress N: a line on stderr every N launches */
static int fixed_mode = -1; /* --mode full|cache: never change it (-1: mixed) */
static unsigned long seed = 1;

static uint64_t rng;
static uint32_t rnd(uint32_t n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return n ? (uint32_t)(((rng >> 32) * (uint64_t)n) >> 32) : 0;
}

static const char *const mode_names[] = {"free", "racy", "fault", "endless"};
struct launch {
    unsigned round, mode, variant, cache, grid, block;
};
#define HISTORY 8
static struct launch hist[HISTORY];
static unsigned long n_launch, n_mode[4], n_races, n_drops, n_rearm;

static int fail(const struct launch *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(const struct launch *l, const char *fmt, ...)
{
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    printf("FAIL stress/%s: launch %u (%s %u, %s mode, grid %u, block %u): %s\n", name, l->round,
           mode_names[l->mode], l->variant, l->cache ? "cache" : "full", l->grid, l->block, why);
    printf("  the launches before it (seed %lu):\n", seed);
    for (unsigned i = l->round > HISTORY ? l->round - HISTORY : 0; i < l->round; i++) {
        const struct launch *h = &hist[i % HISTORY];
        printf("    %u: %s %u, %s mode, grid %u, block %u\n", h->round, mode_names[h->mode], h->variant,
               h->cache ? "cache" : "full", h->grid, h->block);
    }
    return -1;
}

static const uint32_t fault_cause[FAULT_VARIANTS] = {SCORD_FAULT_ILLEGAL, SCORD_FAULT_MISALIGNED,
                                                     SCORD_FAULT_BOUNDS, SCORD_FAULT_ECALL};

static int one_launch(scord_device *dev, const scord_kernel *k, const struct scord_info *info,
                      struct launch *l, scord_addr data, scord_addr count, uint32_t *host)
{
    struct stress_args a = {l->mode, l->variant, data, count, (uint32_t)rnd(0xffffffffu)};
    uint32_t total = l->grid * l->block;
    int rc = scord_memset(dev, data, 0, 4 * (total + 1));
    if (!rc)
        rc = scord_memset(dev, count, 0, 4);
    if (rc)
        return fail(l, "clearing the buffers: %s", scord_error_name(rc));
    struct scord_dim3 g = {l->grid, 1, 1}, b = {l->block, 1, 1};
    rc = scord_launch(dev, k, g, b, &a, sizeof a);
    if (rc)
        return fail(l, "launch: %s: %s", scord_error_name(rc), scord_last_error_detail(dev));
    rc = scord_wait(dev, l->mode == STRESS_ENDLESS ? endless_ms : 60000);
    n_launch++;
    n_mode[l->mode]++;
    struct scord_fault f;
    memset(&f, 0, sizeof f);
    if (rc == SCORD_ERR_KERNEL_FAULT)
        scord_get_fault(dev, &f);
    switch (l->mode) {
    case STRESS_FREE:
    case STRESS_RACY:
        if (rc)
            return fail(l, "%s: %s", scord_error_name(rc), scord_last_error_detail(dev));
        break;
    case STRESS_FAULT:
        if (rc != SCORD_ERR_KERNEL_FAULT)
            return fail(l, "expected a fault, got %s", scord_error_name(rc));
        if (f.cause != fault_cause[l->variant])
            return fail(l, "fault cause %s, expected %s", scord_fault_name(f.cause),
                        scord_fault_name(fault_cause[l->variant]));
        break;
    default:
        if (rc != SCORD_ERR_TIMEOUT)
            return fail(l, "expected a timeout, got %s", scord_error_name(rc));
        break;
    }
    /* After a fault or a timeout the library reset the GPU: nothing may
     * still be running, in the GPU or in the detector. */
    if (l->mode == STRESS_FAULT || l->mode == STRESS_ENDLESS) {
        uint32_t st = 0, det = 0;
        if ((rc = scord_reg_read(dev, SCORD_CTL_STATUS, &st)) ||
            (rc = scord_reg_read(dev, SCORD_DET_STATUS, &det)))
            return fail(l, "status registers: %s", scord_error_name(rc));
        if (st & (SCORD_STATUS_BUSY | SCORD_STATUS_ERROR))
            return fail(l, "after the reset CTL_STATUS is 0x%08x (busy or error)", st);
        if ((det & 2u) && !getenv("STRESS_NO_BUSY_CHECK")) {
            unsigned waits = 0;
            while ((det & 2u) && waits < 10000) {
                scord_reset(dev);
                scord_reg_read(dev, SCORD_DET_STATUS, &det);
                waits++;
            }
            return fail(l, "after the reset DET_STATUS is busy; idle after %u more resets (0x%08x)", waits, det);
        }
    }
    /* The detector's view of this launch. */
    struct scord_race races[64];
    size_t n = 0;
    unsigned long occ = 0, records = 0;
    struct scord_ring_info ri;
    memset(&ri, 0, sizeof ri);
    do {
        rc = scord_ring_drain(dev, races, 64, &n, &ri);
        if (rc)
            return fail(l, "ring drain: %s: %s", scord_error_name(rc), scord_last_error_detail(dev));
        for (size_t i = 0; i < n; i++)
            occ += races[i].count;
        records += n;
        if (ri.invalid)
            return fail(l, "%u invalid records in the ring", ri.invalid);
    } while (ri.remaining);
    struct scord_detector_counters c;
    if ((rc = scord_read_detector_counters(dev, &c)))
        return fail(l, "detector counters: %s", scord_error_name(rc));
    unsigned long counted = 0;
    for (int t = 0; t < SCORD_RACE_TYPE_MAX; t++)
        counted += c.races[t];
    n_races += occ;
    n_drops += ri.drops;
    if (occ + ri.drops != counted)
        return fail(l, "records hold %lu occurrences and %u were dropped, the counters say %lu", occ,
                    ri.drops, counted);
    if (l->mode == STRESS_RACY && counted == 0)
        return fail(l, "a racy launch reported no race");
    if ((l->mode == STRESS_FREE || l->mode == STRESS_ENDLESS) && (counted || records)) {
        printf("  reported on a race-free launch:\n");
        for (size_t i = 0; i < n; i++) {
            char buf[1024];
            scord_race_format(k, &races[i], buf, sizeof buf);
            fputs(buf, stdout);
        }
        return fail(l, "%lu races (%lu records) on a race-free launch", counted, records);
    }
    if (l->mode == STRESS_FREE) {
        if ((rc = scord_memcpy_dtoh(dev, host, data, 4 * total)) ||
            (rc = scord_memcpy_dtoh(dev, host + total, count, 4)))
            return fail(l, "reading results: %s", scord_error_name(rc));
        for (uint32_t i = 0; i < total; i++)
            if (host[i] != (i * 2654435761u ^ a.salt))
                return fail(l, "thread %u wrote 0x%08x, expected 0x%08x", i, host[i],
                            i * 2654435761u ^ a.salt);
        if (host[total] != total)
            return fail(l, "the counter reads %u, expected %u", host[total], total);
    }
    (void)info;
    return 0;
}

static void pick(struct launch *l, const struct scord_info *info, unsigned round)
{
    uint32_t max_block = info->warps * info->threads;
    l->round = round;
    uint32_t k = rnd(100);
    l->mode = k < 40 ? STRESS_FREE : k < 65 ? STRESS_RACY : k < 85 ? STRESS_FAULT : STRESS_ENDLESS;
    l->variant = l->mode == STRESS_RACY    ? rnd(RACY_VARIANTS)
                 : l->mode == STRESS_FAULT ? rnd(FAULT_VARIANTS)
                                           : rnd(ENDLESS_VARIANTS);
    l->grid = 1 + rnd(2 * info->cores);
    l->block = 1 + rnd(max_block);
    if (l->mode == STRESS_RACY) {
        if (l->variant == RACY_INTERWARP) {
            if (info->warps < 2)
                l->variant = RACY_INTERBLOCK;
            else if (l->block <= info->threads)
                l->block = info->threads + 1 + rnd(max_block - info->threads);
        }
        if (l->variant != RACY_INTERWARP && l->grid < 2)
            l->grid = 2;
    }
}

int main(int argc, char **argv)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i], *v = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "--device") && v)
            device = name = argv[++i];
        else if (!strcmp(a, "--sw-dir") && v)
            sw_dir = argv[++i];
        else if (!strcmp(a, "--rounds") && v)
            rounds = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--seed") && v)
            seed = strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--endless-ms") && v)
            endless_ms = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--name") && v)
            name = argv[++i];
        else if (!strcmp(a, "--progress") && v)
            progress = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--mode") && v) {
            i++;
            fixed_mode = !strcmp(v, "full") ? 0 : !strcmp(v, "cache") ? 1 : -1;
        } else if (!strcmp(a, "-v"))
            verbose = 1;
        else {
            fprintf(stderr, "usage: scord-fault-stress [--device URI] [--sw-dir DIR] [--rounds N] "
                            "[--seed N] [--endless-ms MS] [--mode full|cache|mixed] [--progress N] [--name NAME] [-v]\n");
            return 2;
        }
    }
    rng = seed * 0x9E3779B97F4A7C15ull + 1;
    scord_device *dev;
    int rc = scord_open(&dev, device);
    if (rc) {
        printf("FAIL stress/%s: cannot open %s: %s: %s\n", name, device, scord_error_name(rc),
               scord_last_error_detail(NULL));
        return 1;
    }
    struct scord_info info;
    scord_get_info(dev, &info);
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/stress/kernel.elf", sw_dir);
    scord_kernel *k;
    if ((rc = scord_load_kernel(dev, path, &k))) {
        printf("FAIL stress/%s: %s: %s: %s\n", name, path, scord_error_name(rc), scord_last_error_detail(dev));
        return 1;
    }
    uint32_t max_threads = 2 * info.cores * info.warps * info.threads;
    scord_addr data, count;
    unsigned cache = fixed_mode == 1;
    struct scord_detector_config cfg = {1, (int)cache, 4, 64};
    if ((rc = scord_detector_configure(dev, &cfg)) || (rc = scord_malloc(dev, 4 * (max_threads + 1), &data)) ||
        (rc = scord_malloc(dev, 32, &count))) {
        printf("FAIL stress/%s: set-up: %s: %s\n", name, scord_error_name(rc), scord_last_error_detail(dev));
        return 1;
    }
    uint32_t *host = calloc(max_threads + 2, 4);
    int failed = 0;
    for (unsigned r = 0; r < rounds && !failed; r++) {
        /* The detector's mode changes now and then, not every launch: many
         * launches after a fault run without re-arming, many re-arm at once
         * (and a re-arm sweeps the metadata while a reset's work may still
         * be in flight). */
        int after_fault = r > 0 && hist[(r - 1) % HISTORY].mode >= STRESS_FAULT;
        if (fixed_mode < 0 && rnd(after_fault ? 2 : 8) == 0) {
            cache ^= 1;
            cfg.cache_mode = (int)cache;
            if ((rc = scord_detector_configure(dev, &cfg))) {
                printf("FAIL stress/%s: configure: %s\n", name, scord_error_name(rc));
                failed = 1;
                break;
            }
            n_rearm++;
        }
        struct launch *l = &hist[r % HISTORY];
        pick(l, &info, r);
        l->cache = cache;
        if (verbose)
            printf("  %u: %s %u, %s mode, grid %u, block %u\n", r, mode_names[l->mode], l->variant,
                   cache ? "cache" : "full", l->grid, l->block);
        if (one_launch(dev, k, &info, l, data, count, host))
            failed = 1;
        if (progress && (r + 1) % progress == 0)
            fprintf(stderr, "stress/%s: %u of %u launches\n", name, r + 1, rounds);
    }
    if (!failed)
        printf("PASS stress/%s: %lu launches (%lu race-free, %lu racy, %lu faults, %lu timeouts), "
               "%lu mode changes; %lu races and %lu drops, all counted by the detector\n",
               name, n_launch, n_mode[0], n_mode[1], n_mode[2], n_mode[3], n_rearm, n_races, n_drops);
    free(host);
    scord_kernel_free(k);
    scord_close(dev);
    return failed;
}
