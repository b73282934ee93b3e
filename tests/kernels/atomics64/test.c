#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"

/* 64-bit atomics (amocas.d and scord_gpu.h's CAS loops on it): results
 * checked in every scope and memory, with the detector armed in full and
 * in cache mode and counting no race; then a block-scope 64-bit atomic
 * used across blocks, which it must report as SCOPED_ATOM. */

static const char *const slot_names[] = {"add", "cas", "min", "max", "minu", "maxu", "exch"};

static void initial_slots(unsigned long long *s)
{
    memset(s, 0, A64_SLOTS * 8);
    s[A64_ADD] = A64_ADD0;
    s[A64_CAS] = A64_CAS0;
    s[A64_MIN] = 0x7fffffffffffffffull;
    s[A64_MAX] = 0x8000000000000000ull;
    s[A64_MINU] = ~0ull;
}

static int check_slots(const char *scope, const unsigned long long *got, uint32_t n)
{
    unsigned long long w[A64_SLOTS];
    initial_slots(w);
    w[A64_ADD] += (unsigned long long)n * A64_REPS;
    w[A64_CAS] += n;
    for (uint32_t g = 0; g < n; g++) {
        if (a64_signed(g) < (long long)w[A64_MIN])
            w[A64_MIN] = (unsigned long long)a64_signed(g);
        if (a64_signed(g) > (long long)w[A64_MAX])
            w[A64_MAX] = (unsigned long long)a64_signed(g);
        if (a64_unsigned(g) < w[A64_MINU])
            w[A64_MINU] = a64_unsigned(g);
        if (a64_unsigned(g) > w[A64_MAXU])
            w[A64_MAXU] = a64_unsigned(g);
    }
    for (int i = 0; i < A64_EXCH; i++) /* EXCH's final value depends on the order */
        if (got[i] != w[i])
            return kt_fail("%s 64-bit atomic %s: got 0x%016llx, expected 0x%016llx", scope,
                           slot_names[i], got[i], w[i]);
    /* EXCH: the last thread's value, some i + 1 of 1 .. n */
    if (got[A64_EXCH] < 1 || got[A64_EXCH] > n)
        return kt_fail("%s 64-bit atomicExch: final 0x%016llx, not one of 1..%u", scope,
                       got[A64_EXCH], n);
    return 0;
}

/* vals[0..n) - base must be exactly {0 .. n-1}; with last (not ~0), vals
 * plus last must be {0 .. n} (exchanges: the start 0 and every i + 1). */
static int check_permutation(const char *what, const unsigned long long *vals, uint32_t n,
                             unsigned long long base, unsigned long long last)
{
    uint32_t total = n + (last != ~0ull);
    unsigned char *seen = calloc(total, 1);
    if (!seen)
        return kt_fail("out of host memory");
    int r = 0;
    for (uint32_t i = 0; i < total && r == 0; i++) {
        unsigned long long v = (i < n ? vals[i] : last) - base;
        if (v >= total)
            r = kt_fail("%s: value 0x%016llx at [%u] out of range", what, v + base, i);
        else if (seen[v]++)
            r = kt_fail("%s: value 0x%016llx returned twice (lost update)", what, v + base);
    }
    free(seen);
    return r;
}

static uint32_t race_mode;
static int armed; /* 0: a GPU built without the detector, results only */

static struct scord_detector_counters c;

static uint32_t shared_races;

static int read_races(struct kt *t, uint32_t *total, uint32_t *scoped)
{
    int err = scord_read_detector_counters(t->dev, &c);
    if (err)
        return kt_fail("reading detector counters: %s", scord_strerror(err));
    *total = 0;
    for (unsigned i = 0; i < SCORD_RACE_TYPE_MAX; i++)
        *total += c.races[i];
    *scoped = c.races[SCORD_RACE_SCOPED_ATOM - 1]; /* races[t - 1] counts type t */
    shared_races = c.races[SCORD_RACE_SHARED - 1];
    if (c.accesses == 0)
        return kt_fail("the detector saw no access: not armed?");
    return 0;
}

static int run(struct kt *t)
{
    /* 16 threads a block (two or more warps of 8 or fewer lanes, warps
     * of one block contending), three blocks (cores contending at the
     * L2). CAS loops under contention cost the square of the threads:
     * kept small, so the test takes seconds. */
    uint32_t nt = 16, nb = 3, n;
    if (race_mode == A64_HI_RACY && nt < 2 * t->info.threads)
        nt = 2 * t->info.threads; /* two warps */
    if (nt > t->max_block)
        nt = t->max_block;
    n = nt * nb;
    int r = -1;
    size_t nslot = A64_SLOTS * (1 + 2 * nb), ntick = 3 * (size_t)n * A64_REPS;
    unsigned long long *buf = malloc((nslot + ntick + 2 * n) * 8);
    double *dsum = malloc((1 + 2 * nb) * sizeof *dsum);
    if (!buf || !dsum) {
        kt_fail("out of host memory");
        goto out;
    }
    unsigned long long *dev = buf, *blk = dev + A64_SLOTS, *sh = blk + A64_SLOTS * nb;
    unsigned long long *tick = sh + A64_SLOTS * nb, *exch = tick + ntick;
    initial_slots(dev);
    for (uint32_t b = 0; b < nb; b++)
        initial_slots(blk + A64_SLOTS * b);
    struct atomics64_args args;
    memset(&args, 0, sizeof args);
    args.mode = race_mode;
    if (kt_alloc(t, A64_SLOTS * 8, dev, 0, &args.dev) ||
        kt_alloc(t, A64_SLOTS * 8 * nb, blk, 0, &args.blk) ||
        kt_alloc(t, A64_SLOTS * 8 * nb, NULL, 0xEE, &args.sh_out) ||
        kt_alloc(t, ntick * 8, NULL, 0xEE, &args.tickets) ||
        kt_alloc(t, 2 * n * 8, NULL, 0xEE, &args.exch) ||
        kt_alloc(t, (1 + 2 * nb) * 8, NULL, 0, &args.dsum))
        goto out;
    if (kt_run(t, kt_dim(nb, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args))
        goto out;
    uint32_t races = 0, scoped = 0;
    if (armed && read_races(t, &races, &scoped))
        goto out;
    if (race_mode == A64_HI_RACY) {
        if (shared_races == 0 || races == shared_races) {
            for (unsigned i = 0; i < SCORD_RACE_TYPE_MAX; i++)
                if (c.races[i])
                    printf("  %u races of type %s\n", c.races[i], scord_race_type_name(i + 1));
            kt_fail("plain stores to the high word of 64-bit atomics' locations: %u shared "
                    "races, %u in device memory; expected both", shared_races,
                    races - shared_races);
            goto out;
        }
        r = 0;
        goto out;
    }
    if (race_mode == A64_RACY) {
        if (scoped == 0) {
            for (unsigned i = 0; i < SCORD_RACE_TYPE_MAX; i++)
                if (c.races[i])
                    printf("  %u races of type %s\n", c.races[i], scord_race_type_name(i + 1));
            kt_fail("a block-scope 64-bit atomic of every block on one word: no SCOPED_ATOM "
                    "race counted (%u races)", races);
            goto out;
        }
        r = 0;
        goto out;
    }
    if (races) {
        for (unsigned i = 0; i < SCORD_RACE_TYPE_MAX; i++)
            if (c.races[i])
                printf("  %u races of type %s\n", c.races[i], scord_race_type_name(i + 1));
        kt_fail("race-free kernel, yet the detector counted %u races", races);
        goto out;
    }
    if (kt_read(t, dev, args.dev, A64_SLOTS * 8) ||
        kt_read(t, blk, args.blk, A64_SLOTS * 8 * nb) ||
        kt_read(t, sh, args.sh_out, A64_SLOTS * 8 * nb) ||
        kt_read(t, tick, args.tickets, ntick * 8) || kt_read(t, exch, args.exch, 2 * n * 8) ||
        kt_read(t, dsum, args.dsum, (1 + 2 * nb) * 8))
        goto out;
    if (check_slots("device", dev, n) ||
        check_permutation("device atomicAdd old values", tick, n * A64_REPS, A64_ADD0, ~0ull) ||
        check_permutation("device atomicExch old values", exch, n, 0, dev[A64_EXCH]))
        goto out;
    if (dsum[0] != n * (n - 1) / 2.0 + n * 0.5) {
        kt_fail("device atomicAdd(double): %.17g, expected %.17g", dsum[0],
                n * (n - 1) / 2.0 + n * 0.5);
        goto out;
    }
    double want_b = nt * (nt - 1) / 2.0 + nt * 0.5;
    for (uint32_t b = 0; b < nb; b++) {
        char what[80];
        const unsigned long long *s = blk + A64_SLOTS * b;
        snprintf(what, sizeof what, "block %u", b);
        if (check_slots(what, s, nt))
            goto out;
        snprintf(what, sizeof what, "block %u atomicAdd_block old values", b);
        if (check_permutation(what, tick + (size_t)(n + b * nt) * A64_REPS, nt * A64_REPS,
                              A64_ADD0, ~0ull))
            goto out;
        snprintf(what, sizeof what, "block %u atomicExch_block old values", b);
        if (check_permutation(what, exch + n + b * nt, nt, 0, s[A64_EXCH]))
            goto out;
        snprintf(what, sizeof what, "shared memory of block %u", b);
        if (check_slots(what, sh + A64_SLOTS * b, nt))
            goto out;
        snprintf(what, sizeof what, "block %u shared atomicAdd old values", b);
        if (check_permutation(what, tick + (size_t)(2 * n + b * nt) * A64_REPS, nt * A64_REPS,
                              A64_ADD0, ~0ull))
            goto out;
        if (dsum[1 + b] != want_b || dsum[1 + nb + b] != want_b) {
            kt_fail("block %u atomicAdd(double): %.17g block scope, %.17g shared, expected %.17g",
                    b, dsum[1 + b], dsum[1 + nb + b], want_b);
            goto out;
        }
    }
    r = 0;
out:
    free(buf);
    free(dsum);
    return r;
}

int test_atomics64(scord_device *dev, const char *sw_dir)
{
    const char *rel = "tests/kernels/atomics64";
    const struct scord_detector_config full = {1, 0, 4, 0}, cache = {1, 1, 4, 0};
    const struct scord_detector_config off = {0, 0, 4, 0};
    race_mode = A64_CHECKED;
    armed = 1;
    int r = kt_run_with_detector(dev, sw_dir, rel, &full, run);
    if (r && strstr(kt_reason(), "SCORD_ERR_NOT_SUPPORTED")) {
        /* a GPU built without the detector: the results alone */
        kt_reset_reason();
        armed = 0;
        return kt_run_with_detector(dev, sw_dir, rel, &off, run);
    }
    if (r || kt_run_with_detector(dev, sw_dir, rel, &cache, run))
        return -1;
    race_mode = A64_RACY;
    if (kt_run_with_detector(dev, sw_dir, rel, &full, run))
        return -1;
    race_mode = A64_HI_RACY;
    return kt_run_with_detector(dev, sw_dir, rel, &full, run);
}
