#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"

/* Device printf (docs/architecture.md, "printf in kernels"): the exact
 * output of several blocks and threads with every kind of conversion,
 * against the host's own printf of the same formats and values; an
 * overflow with its exact count of lost lines; records the runtime
 * cannot print (an unknown conversion, a format outside the image, a
 * damaged buffer) as error lines, every other line still there. */

enum { GRID = 3, BLOCK = 6 };
static const char dev_text[] = "device text";

/* All lines of the last launch; their texts stay valid until the next. */
static size_t take_lines(struct kt *t, struct scord_printf_line *l, size_t max,
                         struct scord_printf_info *info)
{
    size_t n = 0;
    if (scord_printf_drain(t->dev, l, max, &n, info)) {
        kt_fail("scord_printf_drain: %s", scord_last_error_detail(t->dev));
        return (size_t)-1;
    }
    if (info->remaining) {
        kt_fail("%u lines left after %zu", info->remaining, n);
        return (size_t)-1;
    }
    if (kt_verbose)
        for (size_t i = 0; i < n; i++) {
            char buf[512];
            scord_printf_format(&l[i], buf, sizeof buf);
            printf("  %s%s", l[i].error ? "error: " : "", buf);
        }
    return n;
}

#define LINE(...) snprintf(want[nw++], sizeof want[0], __VA_ARGS__)

static int run_formats(struct kt *t)
{
    static char want[GRID * BLOCK * 4][256];
    static struct scord_printf_line got[GRID * BLOCK * 8];
    size_t nw = 0;
    struct printf_args args = {0, 0, 0};
    if (kt_alloc(t, sizeof dev_text, dev_text, 0, &args.text) ||
        kt_run(t, kt_dim(GRID, 1, 1), kt_dim(BLOCK, 1, 1), &args, sizeof args))
        return -1;
    struct scord_printf_info info;
    size_t n = take_lines(t, got, sizeof got / sizeof got[0], &info);
    if (n == (size_t)-1)
        return -1;
    /* The kernel's formats, printed here by the host's printf. */
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wformat"
    for (unsigned b = 0; b < GRID; b++)
        for (unsigned th = 0; th < BLOCK; th++) {
            LINE("b%u t%u: %d %i %5u|%-4x|%08X|%#o %c%c", b, th, -(int)th - 1, (int)(th * 100),
                 th + b, 0xabu + th, 0xC0FFEEu, 8u + th, 'A' + (int)th, '!');
            if (th % 2 == 0)
                LINE("b%u t%u: ll %lld %llu %llx h %hd hh %hhu z %u l %ld", b, th,
                     -(long long)0x123456789LL * (th + 1), 0xFFFFFFFFFFFFFFFFull,
                     0x1122334455667788ull, (short)-2, (unsigned char)200, 42u, -7L);
            if (th == 1)
                LINE("b%u t%u: f %f %.2f %e %g %8.3g %a | %s | %.3s | %s %s", b, th, 1.5, -3.14159,
                     12345.678, 0.0001, 2.0 / 3.0, 1.0, "image string", dev_text, "0x1234",
                     dev_text);
            if (th == 3)
                LINE("b%u t%u: star [%*d] [%-*d] [%.*f] 100%% continued", b, th, 6, 42, 4, 7, 3,
                     2.5);
        }
#pragma GCC diagnostic pop
    if (n != nw)
        return kt_fail("%zu printf lines, expected %zu", n, nw);
    for (size_t i = 0; i < n; i++) {
        const struct scord_printf_line *l = &got[i];
        unsigned b, th;
        sscanf(want[i], "b%u t%u", &b, &th);
        if (l->error || strcmp(l->text, want[i]) || l->block != b || l->thread != th ||
            !l->has_thread || l->block_idx.x != b || l->thread_idx.x != th ||
            l->block_idx.y || l->thread_idx.z) {
            printf("  got  [%u %u] %s\n  want [%u %u] %s\n", l->block, l->thread, l->text, b, th,
                   want[i]);
            return kt_fail("printf line %zu differs", i);
        }
    }
    /* The default size, or what was free (the fpga configuration with the
     * detector's regions in full mode). */
    if (info.records != GRID * BLOCK + GRID * (BLOCK / 2) + 2 * GRID + GRID || info.lost ||
        info.invalid || info.buffer_bytes < SCORD_PRINTF_MIN_BUFFER ||
        info.buffer_bytes > SCORD_PRINTF_DEFAULT_BUFFER || info.buffer_bytes % 32)
        return kt_fail("printf info: %u records, %u lost, %u invalid, %u-byte buffer",
                       info.records, info.lost, info.invalid, info.buffer_bytes);
    /* printf itself is never a race (its buffer is outside the window). */
    return kt_no_races(t);
}

/* A 256-byte buffer holds 62 record words: 8 records of 7 words
 * ("line %u of %u.%u\n": 3 arguments); every later call is lost. Each
 * thread's kept lines are the first ones it printed. */
static int run_overflow(struct kt *t)
{
    enum { COUNT = 3, THREADS = 4 };
    static struct scord_printf_line got[64];
    struct printf_args args = {0, 1, COUNT};
    struct scord_printf_info info;
    if (scord_printf_set_buffer(t->dev, 256))
        return kt_fail("scord_printf_set_buffer(256): %s", scord_last_error_detail(t->dev));
    int r = kt_run(t, kt_dim(1, 1, 1), kt_dim(THREADS, 1, 1), &args, sizeof args);
    scord_printf_set_buffer(t->dev, 0);
    if (r)
        return -1;
    size_t n = take_lines(t, got, 64, &info);
    if (n == (size_t)-1)
        return -1;
    if (info.records != 8 || info.lost != COUNT * THREADS - 8 || n != 8 || info.invalid ||
        info.buffer_bytes != 256)
        return kt_fail("overflow: %zu lines, %u records, %u lost (expected 8, 8, %u), "
                       "%u invalid, %u-byte buffer",
                       n, info.records, info.lost, COUNT * THREADS - 8, info.invalid,
                       info.buffer_bytes);
    unsigned next[THREADS] = {0};
    for (size_t i = 0; i < n; i++) {
        char want[64];
        unsigned th = got[i].thread;
        if (th >= THREADS || (i && th < got[i - 1].thread))
            return kt_fail("overflow: line %zu from thread %u, out of order", i, th);
        snprintf(want, sizeof want, "line %u of 0.%u", next[th]++, th);
        if (strcmp(got[i].text, want))
            return kt_fail("overflow: line %zu is '%s', expected '%s'", i, got[i].text, want);
    }
    /* The same launch with the default buffer loses nothing. */
    if (kt_run(t, kt_dim(1, 1, 1), kt_dim(THREADS, 1, 1), &args, sizeof args))
        return -1;
    n = take_lines(t, got, 64, &info);
    if (n != COUNT * THREADS || info.lost || info.records != COUNT * THREADS)
        return kt_fail("default buffer: %zu lines, %u lost", n, info.lost);
    /* Sizes the library refuses. */
    if (scord_printf_set_buffer(t->dev, 255) != SCORD_ERR_INVALID_ARG ||
        !strstr(scord_last_error_detail(t->dev), "printf buffer of 255 bytes"))
        return kt_fail("a 255-byte printf buffer was not refused: %s",
                       scord_last_error_detail(t->dev));
    return 0;
}

static int find_line(const struct scord_printf_line *l, size_t n, unsigned th, int error,
                     const char *part)
{
    for (size_t i = 0; i < n; i++)
        if (l[i].thread == th && l[i].error == error && strstr(l[i].text, part))
            return (int)i;
    return -1;
}

static int run_bad(struct kt *t)
{
    enum { THREADS = 4 };
    static const char dev_fmt[] = "format in device memory %d\n";
    static struct scord_printf_line got[64];
    struct printf_args args = {0, 2, 0};
    struct scord_printf_info info;
    if (kt_alloc(t, sizeof dev_fmt, dev_fmt, 0, &args.text) ||
        kt_run(t, kt_dim(1, 1, 1), kt_dim(THREADS, 1, 1), &args, sizeof args))
        return -1;
    size_t n = take_lines(t, got, 64, &info);
    if (n == (size_t)-1)
        return -1;
    if (n != 2 * THREADS + 2 || info.invalid != 2 || info.records != 2 * THREADS)
        return kt_fail("bad formats: %zu lines, %u invalid, %u records (expected %u, 2, %u)", n,
                       info.invalid, info.records, 2 * THREADS + 2, 2 * THREADS);
    for (unsigned th = 0; th < THREADS; th++) {
        char b[32], a[32];
        snprintf(b, sizeof b, "before %u", th);
        snprintf(a, sizeof a, "after %u", th);
        int ib = find_line(got, n, th, 0, b), ia = find_line(got, n, th, 0, a);
        if (ib < 0 || ia < 0 || ia < ib)
            return kt_fail("thread %u: its good lines are missing or out of order", th);
    }
    int q = find_line(got, n, 1, 1, "printf format \"%q\" is not supported");
    int o = find_line(got, n, 2, 1, "outside the kernel image");
    if (q < 0 || o < 0 || q != find_line(got, n, 1, 0, "before 1") + 1)
        return kt_fail("the unknown format (line %d) or the format outside the image (line %d) "
                       "is not reported where it was printed", q, o);

    /* A kernel that overwrote a record's header: the records before it
     * are printed, the rest is reported as damaged, nothing crashes. */
    args.mode = 3;
    if (kt_run(t, kt_dim(1, 1, 1), kt_dim(THREADS, 1, 1), &args, sizeof args))
        return -1;
    n = take_lines(t, got, 64, &info);
    if (n != 2 || info.records != 1 || info.invalid != 1 || got[1].has_thread || !got[1].error ||
        !strstr(got[1].text, "printf buffer damaged at record word 5") ||
        strncmp(got[0].text, "rec ", 4))
        return kt_fail("damaged buffer: %zu lines, %u records, %u invalid; last line '%s'", n,
                       info.records, info.invalid, n ? got[n - 1].text : "");
    return 0;
}

int test_printf(scord_device *dev, const char *sw_dir)
{
    const char *rel = "tests/kernels/printf";
    if (kt_run_race_free(dev, sw_dir, rel, run_formats))
        return -1;
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, rel) || run_overflow(&t) || run_bad(&t))
        goto out;
    r = 0;
out:
    kt_end(&t);
    return r;
}
