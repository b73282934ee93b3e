/* Host-device races (docs/detector.md §15): a host copy or memset made
 * between scord_launch and the end of scord_wait that touches memory the
 * kernel accesses is a HOST_DEVICE race, reported through the ring drain
 * like the detector's own races, naming the host call (its range, its
 * number, its call site in this file) and the kernel's access (kind and
 * source line); copies before the launch and after the wait, copies of
 * memory the kernel does not touch (other buffers, other bytes of its
 * words, memory only an earlier kernel used) and reads of memory it only
 * reads are not. Each case is one launch; the kernel itself is race free.
 * In full, cache and sparse cache mode (4-byte granules; the counts are
 * exact in full mode, where no history is lost to aliasing), then with
 * the detector off, where nothing is checked and nothing fails. The test
 * arms the detector itself and restores the runner's configuration. */
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"
#include "scord_defs.h"

enum { MAXR = 64, HD = SCORD_RACE_HOST_DEVICE };

struct bufs {
    uint32_t n;
    scord_addr in, out, bytes, counter, flag, other;
};

static struct bufs B;
static int cache_mode; /* of the run in progress */

/* What one launch gave: the wait's result, the races drained, counters. */
struct outcome {
    int wait_rc;
    size_t n;
    struct scord_race r[MAXR];
    struct scord_ring_info info;
    struct scord_detector_counters c;
};

/* A host call made while the kernel runs. */
struct call {
    uint32_t call; /* SCORD_HOST_* */
    scord_addr addr;
    uint32_t bytes;
};

static int do_call(struct kt *t, const struct call *c, int *rc)
{
    static unsigned char scratch[4096];
    if (c->bytes > sizeof scratch)
        return kt_fail("host call of %u bytes: too large for the test", c->bytes);
    switch (c->call) {
    case SCORD_HOST_MEMCPY_HTOD:
        memset(scratch, 0x5a, c->bytes);
        *rc = scord_memcpy_htod(t->dev, c->addr, scratch, c->bytes);
        break;
    case SCORD_HOST_MEMCPY_DTOH:
        *rc = scord_memcpy_dtoh(t->dev, scratch, c->addr, c->bytes);
        break;
    default:
        *rc = scord_memset(t->dev, c->addr, 0x33, c->bytes);
        break;
    }
    return 0;
}

/* Launch in `mode`, make the calls, wait (timeout_ms), drain every race
 * and read the counters. call_rc receives each call's result. */
static int launch(struct kt *t, uint32_t mode, const struct call *calls, int ncalls,
                  unsigned timeout_ms, struct outcome *o, int *call_rc)
{
    memset(o, 0, sizeof *o);
    struct det_host_args a = {B.in, B.out, B.bytes, B.counter, B.flag, B.n, mode};
    uint32_t bs = t->max_block, nb = (B.n + bs - 1) / bs;
    int err = scord_launch(t->dev, t->kernel, kt_dim(nb, 1, 1), kt_dim(bs, 1, 1), &a, sizeof a);
    if (err)
        return kt_fail("scord_launch: %s: %s", scord_error_name(err),
                       scord_last_error_detail(t->dev));
    for (int i = 0; i < ncalls; i++)
        if (do_call(t, &calls[i], &call_rc[i]))
            return -1;
    o->wait_rc = scord_wait(t->dev, timeout_ms); /* a timeout resets the GPU */
    err = scord_ring_drain(t->dev, o->r, MAXR, &o->n, &o->info);
    if (err == SCORD_ERR_NOT_SUPPORTED) { /* detector off: no ring */
        o->n = 0;
        err = 0;
    }
    if (!err)
        err = scord_read_detector_counters(t->dev, &o->c);
    if (err)
        return kt_fail("after the wait: %s: %s", scord_error_name(err),
                       scord_last_error_detail(t->dev));
    if (o->info.remaining || o->info.invalid || o->info.drops)
        return kt_fail("drain: %u left, %u invalid, %u dropped", o->info.remaining,
                       o->info.invalid, o->info.drops);
    return 0;
}

static int launch1(struct kt *t, uint32_t mode, const struct call *c, struct outcome *o)
{
    int rc = 0;
    if (launch(t, mode, c, c ? 1 : 0, kt_timeout_ms, o, &rc))
        return -1;
    if (rc)
        return kt_fail("host call during the kernel: %s: %s", scord_error_name(rc),
                       scord_last_error_detail(t->dev));
    if (o->wait_rc)
        return kt_fail("scord_wait: %s: %s", scord_error_name(o->wait_rc),
                       scord_last_error_detail(t->dev));
    return 0;
}

/* No race of any kind: the kernel is race free, and so is the host. */
static int silent(const char *what, const struct outcome *o)
{
    uint32_t races = 0;
    for (int k = 0; k < SCORD_RACE_TYPE_MAX; k++)
        races += o->c.races[k];
    if (o->n || races) {
        char buf[2048];
        if (o->n && scord_race_format(NULL, &o->r[0], buf, sizeof buf) > 0)
            fputs(buf, stdout);
        return kt_fail("%s: %zu records (first: %s), %u races counted: expected none", what, o->n,
                       o->n ? scord_race_type_name(o->r[0].type) : "-", races);
    }
    return 0;
}

static const char *base(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* The kernel's access kinds the cases expect. */
enum { K_LOAD = SCORD_ACCESS_LOAD, K_STORE = SCORD_ACCESS_STORE, K_ATOMIC = SCORD_ACCESS_ATOMIC };

/* Exactly one race, a HOST_DEVICE record of call c (number seq) against a
 * kernel access of kind kernel_kind at first (the call's first byte the
 * kernel touched), in conflict over `count` granules (at most that, and
 * at least one, in the cache modes); every report path prints it. */
static int one_host_race(struct kt *t, const char *what, const struct outcome *o,
                         const struct call *c, uint32_t seq, uint32_t kernel_kind,
                         scord_addr first, uint32_t count)
{
    if (o->n != 1)
        return kt_fail("%s: %zu records, expected one host-device race", what, o->n);
    const struct scord_race *r = &o->r[0];
    uint32_t kind = c->call == SCORD_HOST_MEMCPY_DTOH ? SCORD_ACCESS_LOAD : SCORD_ACCESS_STORE;
    if (r->type != HD || r->kind != kind || r->host_call != c->call || r->host_addr != c->addr ||
        r->host_bytes != c->bytes || r->seq != seq || r->addr != first || !r->has_prev ||
        r->prev_kind != kernel_kind)
        return kt_fail("%s: %s race, kind %u, call %u [0x%08x, +%u) #%u at 0x%08x, kernel %u; "
                       "expected host-device, kind %u, call %u [0x%08x, +%u) #%u at 0x%08x, "
                       "kernel %u",
                       what, scord_race_type_name(r->type), r->kind, r->host_call, r->host_addr,
                       r->host_bytes, r->seq, r->addr, r->prev_kind, kind, c->call, c->addr,
                       c->bytes, seq, first, kernel_kind);
    bool exact = cache_mode == 0;
    if (exact ? r->count != count : (r->count < 1 || r->count > count))
        return kt_fail("%s: %u locations in conflict, expected %s%u", what, r->count,
                       exact ? "" : "1 to ", count);
    uint32_t others = 0;
    for (int k = 0; k < SCORD_RACE_TYPE_MAX; k++)
        others += k == HD - 1 ? 0 : o->c.races[k];
    if (o->c.races[HD - 1] != r->count || others)
        return kt_fail("%s: counters: %u host-device (record: %u), %u others", what,
                       o->c.races[HD - 1], r->count, others);
    /* The kernel's access by its source line (the call's, when inlined
     * from scord_gpu.h, as atomicAdd is). */
    struct scord_srcloc loc;
    if (!r->prev_known || scord_kernel_addr2line(t->kernel, r->prev_pc, &loc) ||
        strcmp(base(loc.inlined && loc.call_line ? loc.call_file : loc.file), "kernel.c") ||
        !(loc.inlined && loc.call_line ? loc.call_line : loc.line))
        return kt_fail("%s: the kernel's access (pc 0x%08x, known %u) has no line in kernel.c",
                       what, r->prev_pc, r->prev_known);
    /* The host's call by its line in this file. */
    if (!r->host_pc || !r->host_line || strcmp(base(r->host_file), "test.c"))
        return kt_fail("%s: host call site 0x%llx at %s:%u, expected a line of test.c", what,
                       (unsigned long long)r->host_pc, r->host_file, r->host_line);
    char text[2048], json[4096], want[160];
    int tl = scord_race_format(t->kernel, r, text, sizeof text);
    int jl = scord_race_format_json(t->kernel, r, json, sizeof json);
    if (tl <= 0 || jl <= 0 || (size_t)tl >= sizeof text || (size_t)jl >= sizeof json)
        return kt_fail("%s: formatting failed (%d, %d)", what, tl, jl);
    if (kt_verbose)
        fputs(text, stdout);
    snprintf(want, sizeof want, "\"host\":{\"call\":\"%s\",\"addr\":%u,\"bytes\":%u",
             c->call == SCORD_HOST_MEMCPY_HTOD   ? "scord_memcpy_htod"
             : c->call == SCORD_HOST_MEMCPY_DTOH ? "scord_memcpy_dtoh"
                                                 : "scord_memset",
             c->addr, c->bytes);
    if (!strstr(text, "Race (host-device)") || !strstr(text, "kernel.c:") ||
        !strstr(text, "test.c:") || !strstr(json, "\"type\":\"host-device\"") ||
        !strstr(json, want) || strchr(json, '\n') != json + jl - 1)
        return kt_fail("%s: reports lack the race, the call or a source line:\n%s%s", what, text,
                       json);
    return 0;
}

/* ---- the cases ------------------------------------------------------------------ */

static int racy(struct kt *t)
{
    struct outcome o;
    uint32_t n = B.n;
    const struct call htod_out = {SCORD_HOST_MEMCPY_HTOD, B.out, 4 * n};
    if (launch1(t, DETHOST_COPY, &htod_out, &o) ||
        one_host_race(t, "copy into the kernel's output", &o, &htod_out, 1, K_STORE, B.out, n))
        return -1;
    const struct call dtoh_out = {SCORD_HOST_MEMCPY_DTOH, B.out, 4 * n};
    if (launch1(t, DETHOST_COPY, &dtoh_out, &o) ||
        one_host_race(t, "copy out of the kernel's output", &o, &dtoh_out, 1, K_STORE, B.out, n))
        return -1;
    const struct call set_in = {SCORD_HOST_MEMSET, B.in, 4 * n};
    if (launch1(t, DETHOST_COPY, &set_in, &o) ||
        one_host_race(t, "memset of the kernel's input", &o, &set_in, 1, K_LOAD, B.in, n))
        return -1;
    const struct call tail = {SCORD_HOST_MEMCPY_HTOD, B.out + 4 * (n - 3), 12};
    if (launch1(t, DETHOST_COPY, &tail, &o) ||
        one_host_race(t, "copy into the output's last 3 words", &o, &tail, 1, K_STORE, tail.addr,
                      3))
        return -1;
    const struct call byte = {SCORD_HOST_MEMCPY_HTOD, B.bytes + 4 * 5, 1};
    if (launch1(t, DETHOST_BYTES, &byte, &o) ||
        one_host_race(t, "copy of a byte the kernel writes", &o, &byte, 1, K_STORE, byte.addr, 1))
        return -1;
    const struct call ctr = {SCORD_HOST_MEMCPY_DTOH, B.counter, 4};
    if (launch1(t, DETHOST_ATOMIC, &ctr, &o) ||
        one_host_race(t, "read of an atomic counter", &o, &ctr, 1, K_ATOMIC, B.counter, 1))
        return -1;
    /* A race-free read first: the racing call is the second. */
    const struct call two[2] = {{SCORD_HOST_MEMCPY_DTOH, B.in, 4 * n}, htod_out};
    int rc[2];
    if (launch(t, DETHOST_COPY, two, 2, kt_timeout_ms, &o, rc))
        return -1;
    if (rc[0] || rc[1] || o.wait_rc)
        return kt_fail("two calls: %d, %d, wait %d", rc[0], rc[1], o.wait_rc);
    if (one_host_race(t, "second of two calls", &o, &two[1], 2, K_STORE, B.out, n))
        return -1;
    /* A kernel that never ends: its timeout still reports the race. */
    if (launch(t, DETHOST_SPIN, &htod_out, 1, 1500, &o, rc))
        return -1;
    if (rc[0] || o.wait_rc != SCORD_ERR_TIMEOUT)
        return kt_fail("spinning kernel: call %d, wait %s (expected a timeout)", rc[0],
                       scord_error_name(o.wait_rc));
    return one_host_race(t, "copy into the output of a kernel that times out", &o, &htod_out, 1,
                         K_STORE, B.out, n);
}

static int race_free(struct kt *t)
{
    struct outcome o;
    uint32_t n = B.n;
    uint32_t *in = malloc(4 * n), *out = malloc(4 * n);
    if (!in || !out) {
        free(in);
        free(out);
        return kt_fail("out of host memory");
    }
    /* Before the launch and after the wait: the kernel sees the host's
     * data, the host the kernel's. */
    uint32_t seed = 0x1234u + (uint32_t)cache_mode;
    for (uint32_t i = 0; i < n; i++)
        in[i] = kt_rand(&seed);
    int err = scord_memcpy_htod(t->dev, B.in, in, 4 * n);
    int r = err ? kt_fail("copy in: %s", scord_error_name(err)) : 0;
    if (!r)
        r = launch1(t, DETHOST_COPY, NULL, &o);
    if (!r && (err = scord_memcpy_dtoh(t->dev, out, B.out, 4 * n)))
        r = kt_fail("copy out: %s", scord_error_name(err));
    if (!r) {
        for (uint32_t i = 0; i < n; i++)
            in[i] += 1;
        r = kt_check_u32("out", out, in, n);
    }
    free(in);
    free(out);
    if (r || silent("copies before the launch and after the wait", &o))
        return -1;
    const struct call other = {SCORD_HOST_MEMCPY_HTOD, B.other, 4 * n};
    if (launch1(t, DETHOST_COPY, &other, &o) || silent("copy into another buffer", &o))
        return -1;
    const struct call rd_in = {SCORD_HOST_MEMCPY_DTOH, B.in, 4 * n};
    if (launch1(t, DETHOST_COPY, &rd_in, &o) || silent("read of what the kernel reads", &o))
        return -1;
    const struct call bytes = {SCORD_HOST_MEMCPY_HTOD, B.bytes + 4 * 5 + 1, 3};
    if (launch1(t, DETHOST_BYTES, &bytes, &o) ||
        silent("copy into bytes of a word the kernel does not write", &o))
        return -1;
    /* The previous launch wrote out; this one touches the counter only. */
    if (launch1(t, DETHOST_COPY, NULL, &o) || silent("the copy kernel alone", &o))
        return -1;
    const struct call out_now = {SCORD_HOST_MEMCPY_HTOD, B.out, 4 * n};
    if (launch1(t, DETHOST_ATOMIC, &out_now, &o) ||
        silent("copy into memory only the previous kernel used", &o))
        return -1;
    /* A write into the detector's metadata while the kernel runs is
     * refused: the check reads it afterwards. */
    struct scord_detector_regions reg;
    if ((err = scord_detector_get_regions(t->dev, &reg)))
        return kt_fail("scord_detector_get_regions: %s", scord_error_name(err));
    const struct call md = {SCORD_HOST_MEMCPY_HTOD, reg.md_base, 16};
    int rc = 0;
    if (launch(t, DETHOST_COPY, &md, 1, kt_timeout_ms, &o, &rc))
        return -1;
    if (rc != SCORD_ERR_RANGE || o.wait_rc)
        return kt_fail("copy into the metadata while the kernel runs: %s (expected RANGE), "
                       "wait %s",
                       scord_error_name(rc), scord_error_name(o.wait_rc));
    return silent("a refused copy into the metadata", &o);
}

/* A kernel stopped by scord_reset is over as well: the copy made while
 * it ran is checked then. What it did before the reset depends on the
 * device (nothing on the cycle model, which had not run it yet), so
 * either no race or host-device races of that copy, nothing else; and
 * the device goes on as usual. */
static int stopped(struct kt *t)
{
    struct det_host_args a = {B.in, B.out, B.bytes, B.counter, B.flag, B.n, DETHOST_SPIN};
    uint32_t bs = t->max_block, nb = (B.n + bs - 1) / bs;
    int err = scord_launch(t->dev, t->kernel, kt_dim(nb, 1, 1), kt_dim(bs, 1, 1), &a, sizeof a);
    static uint32_t zeros[1024];
    if (!err && B.n <= 1024)
        err = scord_memcpy_htod(t->dev, B.out, zeros, 4 * B.n);
    if (!err)
        err = scord_reset(t->dev);
    struct outcome o;
    memset(&o, 0, sizeof o);
    if (!err)
        err = scord_ring_drain(t->dev, o.r, MAXR, &o.n, &o.info);
    if (err)
        return kt_fail("a kernel stopped by a reset: %s: %s", scord_error_name(err),
                       scord_last_error_detail(t->dev));
    for (size_t i = 0; i < o.n; i++)
        if (o.r[i].type != HD || o.r[i].host_addr != B.out || o.r[i].seq != 1)
            return kt_fail("a kernel stopped by a reset: a %s race (host call %u at 0x%08x)",
                           scord_race_type_name(o.r[i].type), o.r[i].seq, o.r[i].host_addr);
    if (launch1(t, DETHOST_COPY, NULL, &o))
        return -1;
    return silent("the launch after a reset", &o);
}

static int setup(struct kt *t)
{
    memset(&B, 0, sizeof B);
    B.n = 2 * t->max_block;
    size_t w = 4 * (size_t)B.n;
    if (kt_alloc(t, w, NULL, 0, &B.in) || kt_alloc(t, w, NULL, 0, &B.out) ||
        kt_alloc(t, w, NULL, 0, &B.bytes) || kt_alloc(t, 4, NULL, 0, &B.counter) ||
        kt_alloc(t, 4, NULL, 0, &B.flag) || kt_alloc(t, w, NULL, 0, &B.other))
        return -1;
    return 0;
}

static int run(struct kt *t)
{
    if (setup(t))
        return -1;
    if (racy(t) || race_free(t) || stopped(t))
        return -1;
    return 0;
}

/* The detector off: copies during a kernel are not checked and change
 * nothing else. */
static int run_off(struct kt *t)
{
    if (setup(t))
        return -1;
    struct outcome o;
    const struct call htod_out = {SCORD_HOST_MEMCPY_HTOD, B.out, 4 * B.n};
    if (launch1(t, DETHOST_COPY, &htod_out, &o))
        return -1;
    return silent("detector off: copy into the kernel's output", &o);
}

int test_det_host(scord_device *dev, const char *sw_dir)
{
    static const char rel[] = "tests/kernels/det_host";
    for (cache_mode = 0; cache_mode <= 2; cache_mode++) {
        const struct scord_detector_config cfg = {1, cache_mode, 4, 0};
        if (kt_run_with_detector(dev, sw_dir, rel, &cfg, run)) {
            static const char *const names[] = {"full", "cache", "sparse cache"};
            printf("  det_host: in %s mode\n", names[cache_mode]);
            return -1;
        }
    }
    cache_mode = 0;
    const struct scord_detector_config off = {0, 0, 0, 0};
    return kt_run_with_detector(dev, sw_dir, rel, &off, run_off);
}
