/* scord-fault-stress: state that must not survive a fault (docs/trust.md).
 *
 *   scord-fault-stress [--device URI] [--sw-dir DIR] [--rounds N] [--seed N]
 *                      [--endless-ms MS] [--mode full|cache|mixed] [--ring N]
 *                      [--progress N] [--name NAME] [-v]
 *
 * Launches the stress kernel (tests/stress/kernel.c) N times with random
 * grids and a random mix of race-free, racy, faulting and endless runs
 * (the first launches take every variant once, in a random order, so even
 * a short run has each, the three endless ones of device memory counting as
 * one; then mode and variant are drawn at random), in
 * device and shared memory,
 * the race detector armed in full or cache mode (kept for stretches of
 * launches, so a fault is followed by launches that do not re-arm it;
 * --mode keeps one mode throughout, so the detector is armed once and its
 * 6-bit generation wraps). In mixed mode a quarter of the re-arms give the
 * ring 2 records (one usable) instead of 64, so records are dropped and
 * the drop count is checked too; --ring N keeps N throughout.
 * After every launch it drains the ring and checks:
 *   - the outcome: race-free and racy runs end, faulting runs fault with
 *     their cause (FAULT_SMEM: at the address just past the block's
 *     shared slice), endless runs time out;
 *   - a race-free run wrote what it should, and no race was reported
 *     (no record, no drop, every race counter 0); so does an endless run
 *     that races nowhere;
 *   - a racy run reported at least one race, the shared-memory ones (and
 *     the endless shared race) of their own type;
 *   - every run: the detector's counters and the records drained show
 *     only the race types the launch can have (no shared-memory race
 *     where nothing raced in shared memory, no device-memory race in a
 *     kernel racing only in shared memory);
 *   - every run: the occurrences in the records drained plus the drops
 *     equal the detector's race counters (nothing lost or invented), also
 *     when a fault or a timeout ends a launch with shared-memory reports
 *     still queued in the cores (FAULT and ENDLESS launches may race in
 *     shared memory first, and ENDLESS 4 races until the timeout).
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
#include "unit.h"

static const char *device = "sim", *sw_dir = "build/sw", *name = "sim";
static unsigned rounds = 200, endless_ms = 300, verbose;
static unsigned progress; /* --progress N: a line on stderr every N launches */
static int fixed_mode = -1; /* --mode full|cache: never change it (-1: mixed) */
static unsigned fixed_ring; /* --ring N: the ring's records (0: 64, or 2 now and then in mixed mode) */
static unsigned long seed = 1;

static uint64_t rng;
static uint32_t rnd(uint32_t n)
{
    rng = rng * 6364136223846793005ull + 1442695040888963407ull;
    return n ? (uint32_t)(((rng >> 32) * (uint64_t)n) >> 32) : 0;
}

static const char *const mode_names[] = {"free", "racy", "fault", "endless"};
static const unsigned n_variants[4] = {FREE_VARIANTS, RACY_VARIANTS, FAULT_VARIANTS, ENDLESS_VARIANTS};
static const char *const variant_names[4][8] = {
    {"plain", "smem"},
    {"interblock", "blkatom", "interwarp", "sh-interwarp", "sh-intrawarp", "stale"},
    {"illegal", "misaligned", "bounds", "ecall", "smem"},
    {"poll", "store", "atomic", "smem-poll", "smem-race", "stale"},
};
struct launch {
    unsigned round, mode, variant, flags, cache, ring, grid, block;
};
#define HISTORY 8
static struct launch hist[HISTORY];
static unsigned long n_launch, n_mode[4], n_races, n_drops, n_rearm, n_sh_races, n_sh_first,
    n_endless_sh, n_endless_sh_ran, n_endless_stale, n_endless_stale_ran;

static const char *describe(const struct launch *l, char *buf, size_t size)
{
    snprintf(buf, size, "%s %u %s%s, %s mode, ring %u, grid %u, block %u", mode_names[l->mode], l->variant,
             variant_names[l->mode][l->variant], l->flags & STRESS_SH_RACE_FIRST ? " after a shared race" : "",
             l->cache ? "cache" : "full", l->ring, l->grid, l->block);
    return buf;
}

static int fail(const struct launch *l, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static int fail(const struct launch *l, const char *fmt, ...)
{
    char why[512];
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(why, sizeof why, fmt, ap);
    va_end(ap);
    char d[160];
    unit_fail("launch %u (%s): %s", l->round, describe(l, d, sizeof d), why);
    unit_reportf(0, "stress/%s", name);
    printf("  the launches before it (seed %lu):\n", seed);
    for (unsigned i = l->round >= HISTORY ? l->round - (HISTORY - 1) : 0; i < l->round; i++) {
        const struct launch *h = &hist[i % HISTORY];
        printf("    %u: %s\n", h->round, describe(h, d, sizeof d));
    }
    return -1;
}

static const uint32_t fault_cause[FAULT_VARIANTS] = {SCORD_FAULT_ILLEGAL, SCORD_FAULT_MISALIGNED,
                                                     SCORD_FAULT_BOUNDS, SCORD_FAULT_ECALL,
                                                     SCORD_FAULT_SMEM};

#define RT(t) (1u << (t))
#define RT_SHARED_BOTH (RT(SCORD_RACE_SHARED) | RT(SCORD_RACE_SHARED_WARP))
/* Every device-memory race type (1 to 8, and the missing acquire fence):
 * what the device-memory races of the old variants may be reported as,
 * which this test does not pin down. */
#define RT_DEVICE ((RT(SCORD_RACE_SHARED) - RT(SCORD_RACE_TYPE_MIN)) | RT(SCORD_RACE_STALE_READ))

/* The race types a launch may report (bit t: type t), and the one it must
 * report (0: none required; a racy launch must report some race anyway). */
static uint32_t allowed_types(const struct launch *l)
{
    uint32_t sh = l->flags & STRESS_SH_RACE_FIRST ? RT_SHARED_BOTH : 0;
    switch (l->mode) {
    case STRESS_FREE:
        return 0;
    case STRESS_RACY:
        return l->variant == RACY_SH_INTERWARP   ? RT(SCORD_RACE_SHARED)
               : l->variant == RACY_SH_INTRAWARP ? RT(SCORD_RACE_SHARED_WARP)
                                                 : RT_DEVICE;
    case STRESS_FAULT:
        return RT_DEVICE | sh;
    default:
        return l->variant == ENDLESS_SMEM_RACE ? RT_SHARED_BOTH
               : l->variant == ENDLESS_STALE   ? RT(SCORD_RACE_STALE_READ) | sh
                                               : sh;
    }
}
static uint32_t required_type(const struct launch *l)
{
    if ((l->mode == STRESS_RACY && l->variant == RACY_STALE) ||
        (l->mode == STRESS_ENDLESS && l->variant == ENDLESS_STALE))
        return SCORD_RACE_STALE_READ;
    if (l->mode == STRESS_RACY && l->variant == RACY_SH_INTERWARP)
        return SCORD_RACE_SHARED;
    if ((l->mode == STRESS_RACY && l->variant == RACY_SH_INTRAWARP) ||
        (l->mode == STRESS_ENDLESS && l->variant == ENDLESS_SMEM_RACE))
        return SCORD_RACE_SHARED_WARP;
    return 0;
}

/* What thread i of a FREE launch (blocks of n threads) wrote. */
static uint32_t value(uint32_t i, uint32_t salt) { return i * 2654435761u ^ salt; }
static uint32_t free_expected(const struct launch *l, uint32_t i, uint32_t salt)
{
    if (l->variant != FREE_SMEM)
        return value(i, salt);
    uint32_t n = l->block, t = i % n, base = i - t;
    if (t != 0)
        return value(base + (t + 1 < n ? t + 1 : 0), salt);
    uint32_t sum = 0;
    for (uint32_t j = 0; j < n; j++)
        sum += value(base + j, salt);
    return sum;
}

static int one_launch(scord_device *dev, const scord_kernel *k, const struct scord_info *info,
                      struct launch *l, scord_addr data, scord_addr count, uint32_t *host)
{
    struct stress_args a = {l->mode, l->variant, data, count, (uint32_t)rnd(0xffffffffu), l->flags};
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
    char waited[256];
    snprintf(waited, sizeof waited, "%s", rc ? scord_last_error_detail(dev) : "");
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
        if (l->variant == FAULT_SMEM && f.addr != SCORD_SMEM_BASE + scord_kernel_shared_bytes(k))
            return fail(l, "FAULT_SMEM at 0x%08x, expected 0x%08x (the end of the block's slice)", f.addr,
                        SCORD_SMEM_BASE + scord_kernel_shared_bytes(k));
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
        for (size_t i = 0; i < n; i++) {
            occ += races[i].count;
            if (races[i].shared)
                n_sh_races += races[i].count;
        }
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
    uint32_t allowed = allowed_types(l), required = required_type(l);
    int bad = -1;
    for (int t = SCORD_RACE_TYPE_MIN; t <= SCORD_RACE_TYPE_MAX; t++) /* c.races[0]: type 1 */
        if (c.races[t - 1] && !(allowed & RT(t)))
            bad = t;
    for (size_t i = 0; i < n && bad < 0; i++)
        if (races[i].type >= 32 || !(allowed & RT(races[i].type)) ||
            races[i].shared != ((RT_SHARED_BOTH & RT(races[i].type)) != 0))
            bad = (int)races[i].type;
    if (bad >= 0 || (counted && !allowed)) {
        printf("  reported (%s):\n", allowed ? "a race type this launch cannot have" : "on a race-free launch");
        for (size_t i = 0; i < n; i++) {
            char buf[1024];
            scord_race_format(k, &races[i], buf, sizeof buf);
            fputs(buf, stdout);
        }
        if (!allowed)
            return fail(l, "%lu races (%lu records) on a race-free launch", counted, records);
        return fail(l, "race type %d reported (%u of them counted), not one this launch can have", bad,
                    bad >= SCORD_RACE_TYPE_MIN && bad <= SCORD_RACE_TYPE_MAX ? c.races[bad - 1] : 0u);
    }
    if (l->mode == STRESS_RACY && counted == 0)
        return fail(l, "a racy launch reported no race");
    /* An endless launch races only once it runs: after a re-arm in default
     * (16 MB swept) it may not have started when the timeout comes. It
     * must report once its warps have made a few dozen shared accesses
     * while armed (each pass of its racing store reports, and the cores'
     * queues hold 4 reports). */
    if (required && l->mode == STRESS_ENDLESS && l->variant == ENDLESS_STALE) {
        /* The readers mark their words once they loaded (a grid larger
         * than the GPU holds at once may never start one: block 0 never
         * ends). A reader that loaded must have its STALE_READ counted. */
        uint32_t ran = 0;
        if ((rc = scord_memcpy_dtoh(dev, host, data, 4 * total)))
            return fail(l, "reading the readers' marks: %s", scord_error_name(rc));
        for (uint32_t b = 1; b < l->grid; b++)
            ran |= host[b * l->block] >> 31;
        n_endless_stale++;
        if (ran)
            n_endless_stale_ran++;
        else
            required = 0;
    } else if (required && l->mode == STRESS_ENDLESS) {
        n_endless_sh++;
        if (c.sh_accesses < 64 && !getenv("STRESS_REQUIRE_ALL"))
            required = 0;
        else
            n_endless_sh_ran++;
    }
    if (verbose && l->mode == STRESS_ENDLESS)
        printf("    %u shared accesses, %u barriers, %lu races counted\n", c.sh_accesses, c.barriers, counted);
    if (required && c.races[required - 1] == 0) {
        struct scord_counters g;
        memset(&g, 0, sizeof g);
        scord_read_counters(dev, &g);
        return fail(l, "no race of type %u reported (%lu races of other types; %u shared accesses, "
                    "%u warp instructions%s%s)", required, counted, c.sh_accesses, g.instrs,
                    waited[0] ? "; " : "", waited);
    }
    if (l->mode == STRESS_FREE) {
        if ((rc = scord_memcpy_dtoh(dev, host, data, 4 * total)) ||
            (rc = scord_memcpy_dtoh(dev, host + total, count, 4)))
            return fail(l, "reading results: %s", scord_error_name(rc));
        for (uint32_t i = 0; i < total; i++)
            if (host[i] != free_expected(l, i, a.salt))
                return fail(l, "thread %u wrote 0x%08x, expected 0x%08x", i, host[i],
                            free_expected(l, i, a.salt));
        if (host[total] != total)
            return fail(l, "the counter reads %u, expected %u", host[total], total);
    }
    (void)info;
    return 0;
}

/* The first launches of a run: every (mode, variant) once, in a random
 * order, but the three endless variants that race nowhere in shared
 * memory (POLL, STORE, ATOMIC) share one card and one of them is drawn:
 * every timeout costs --endless-ms, and the short runs of make test (16
 * launches over the board's link) then still take every card. */
#define DECK_MAX (FREE_VARIANTS + RACY_VARIANTS + FAULT_VARIANTS + ENDLESS_VARIANTS)
static struct {
    unsigned char mode, variant;
} deck[DECK_MAX];
static unsigned deck_n;

static void shuffle_deck(void)
{
    deck_n = 0;
    for (unsigned m = 0; m < 4; m++)
        for (unsigned v = 0; v < n_variants[m]; v++) {
            if (m == STRESS_ENDLESS && (v == ENDLESS_STORE || v == ENDLESS_ATOMIC))
                continue; /* the ENDLESS_POLL card stands for them */
            deck[deck_n].mode = (unsigned char)m;
            deck[deck_n++].variant = (unsigned char)v;
        }
    for (unsigned i = deck_n - 1; i > 0; i--) {
        unsigned j = rnd(i + 1);
        unsigned char m = deck[i].mode, v = deck[i].variant;
        deck[i] = deck[j];
        deck[j].mode = m;
        deck[j].variant = v;
    }
}

static void pick(struct launch *l, const struct scord_info *info, unsigned round)
{
    uint32_t max_block = info->warps * info->threads;
    if (max_block > STRESS_SH_THREADS)
        max_block = STRESS_SH_THREADS;
    l->round = round;
    if (round < deck_n) {
        l->mode = deck[round].mode;
        l->variant = deck[round].variant;
        if (l->mode == STRESS_ENDLESS && l->variant == ENDLESS_POLL)
            l->variant = rnd(ENDLESS_ATOMIC + 1);
    } else {
        uint32_t k = rnd(100);
        l->mode = k < 40 ? STRESS_FREE : k < 65 ? STRESS_RACY : k < 85 ? STRESS_FAULT : STRESS_ENDLESS;
        l->variant = rnd(n_variants[l->mode]);
    }
    l->grid = 1 + rnd(2 * info->cores);
    l->block = 1 + rnd(max_block);
    /* FAULT and ENDLESS: half of them race in shared memory first. */
    l->flags = (l->mode == STRESS_FAULT || l->mode == STRESS_ENDLESS) && l->variant != ENDLESS_SMEM_RACE &&
                       rnd(2)
                   ? STRESS_SH_RACE_FIRST
                   : 0;
    int two_warps = l->mode == STRESS_RACY && (l->variant == RACY_INTERWARP || l->variant == RACY_SH_INTERWARP);
    if (two_warps && info->warps < 2) {
        l->variant = l->variant == RACY_INTERWARP ? RACY_INTERBLOCK : RACY_SH_INTRAWARP;
        two_warps = 0;
    }
    if (two_warps && l->block <= info->threads)
        l->block = info->threads + 1 + rnd(max_block - info->threads);
    /* two lanes of a warp */
    if (((l->mode == STRESS_RACY && l->variant == RACY_SH_INTRAWARP) ||
         (l->mode == STRESS_ENDLESS && l->variant == ENDLESS_SMEM_RACE)) &&
        l->block < 2)
        l->block = 2;
    if (l->mode == STRESS_RACY &&
        (l->variant == RACY_INTERBLOCK || l->variant == RACY_BLKATOM || l->variant == RACY_STALE) &&
        l->grid < 2)
        l->grid = 2;
    if (l->mode == STRESS_ENDLESS && l->variant == ENDLESS_STALE && l->grid < 2)
        l->grid = 2;
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
        else if (!strcmp(a, "--ring") && v)
            fixed_ring = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--progress") && v)
            progress = (unsigned)strtoul(argv[++i], NULL, 0);
        else if (!strcmp(a, "--mode") && v) {
            i++;
            fixed_mode = !strcmp(v, "full") ? 0 : !strcmp(v, "cache") ? 1 : -1;
        } else if (!strcmp(a, "-v"))
            verbose = 1;
        else {
            fprintf(stderr, "usage: scord-fault-stress [--device URI] [--sw-dir DIR] [--rounds N] "
                            "[--seed N] [--endless-ms MS] [--mode full|cache|mixed] [--ring N] [--progress N] [--name NAME] [-v]\n");
            return 2;
        }
    }
    rng = seed * 0x9E3779B97F4A7C15ull + 1;
    shuffle_deck();
    scord_device *dev;
    int rc = scord_open(&dev, device);
    if (rc) {
        unit_fail("cannot open %s: %s: %s", device, scord_error_name(rc), scord_last_error_detail(NULL));
        unit_reportf(0, "stress/%s", name);
        return 1;
    }
    struct scord_info info;
    scord_get_info(dev, &info);
    char path[1024];
    snprintf(path, sizeof path, "%s/tests/stress/kernel.elf", sw_dir);
    scord_kernel *k;
    if ((rc = scord_load_kernel(dev, path, &k))) {
        unit_fail("%s: %s: %s", path, scord_error_name(rc), scord_last_error_detail(dev));
        unit_reportf(0, "stress/%s", name);
        return 1;
    }
    uint32_t max_threads = 2 * info.cores * info.warps * info.threads;
    scord_addr data, count;
    unsigned cache = fixed_mode == 1;
    struct scord_detector_config cfg = {1, (int)cache, 4, fixed_ring ? fixed_ring : 64};
    if ((rc = scord_detector_configure(dev, &cfg)) || (rc = scord_malloc(dev, 4 * (max_threads + 1), &data)) ||
        (rc = scord_malloc(dev, 32, &count))) {
        unit_fail("set-up: %s: %s", scord_error_name(rc), scord_last_error_detail(dev));
        unit_reportf(0, "stress/%s", name);
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
            /* a ring of 2 records (one usable) now and then: drops */
            if (!fixed_ring)
                cfg.ring_records = rnd(4) ? 64 : 2;
            if ((rc = scord_detector_configure(dev, &cfg))) {
                unit_fail("configure: %s", scord_error_name(rc));
                unit_reportf(0, "stress/%s", name);
                failed = 1;
                break;
            }
            n_rearm++;
        }
        struct launch *l = &hist[r % HISTORY];
        pick(l, &info, r);
        l->cache = cache;
        l->ring = cfg.ring_records;
        n_sh_first += l->flags & STRESS_SH_RACE_FIRST;
        if (verbose) {
            char d[160];
            printf("  %u: %s\n", r, describe(l, d, sizeof d));
        }
        if (one_launch(dev, k, &info, l, data, count, host))
            failed = 1;
        if (progress && (r + 1) % progress == 0)
            fprintf(stderr, "stress/%s: %u of %u launches\n", name, r + 1, rounds);
    }
    if (!failed)
        unit_reportf(1, "stress/%s: %lu launches (%lu race-free, %lu racy, %lu faults, %lu timeouts; "
                     "%lu raced in shared memory before a fault or timeout), %lu mode changes; %lu races "
                     "in records (%lu in shared memory) and %lu drops, all counted by the detector; %lu of "
                     "%lu endless shared races ran before their timeout, %lu of %lu endless stale reads",
                     name, n_launch, n_mode[0], n_mode[1], n_mode[2], n_mode[3], n_sh_first, n_rearm,
                     n_races, n_sh_races, n_drops, n_endless_sh_ran, n_endless_sh, n_endless_stale_ran,
                     n_endless_stale);
    free(host);
    scord_kernel_free(k);
    scord_close(dev);
    return failed;
}
