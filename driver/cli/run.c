/* `scord run`: open the device, load the kernel, configure the race
 * detector, build the kernel's arguments, launch, wait, then print the
 * outcome, the counters, the dumps and (report.c) the races. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "scord_defs.h"

static int device_error(scord_device *dev, const char *what, int rc)
{
    const char *d = scord_last_error_detail(dev);
    fprintf(stderr, "%s: %s: %s\n", cli_prog, what, *d ? d : scord_strerror(rc));
    return EXIT_DEVICE;
}

/* Where results go: stdout, or stderr when --json - takes stdout. */
static FILE *out;

static void print_counters(scord_device *dev, bool detect)
{
    struct scord_counters c;
    if (scord_read_counters(dev, &c))
        return;
    uint32_t v[SCORD_NUM_COUNTERS];
    memcpy(v, &c, sizeof v);
    int w = 3;
    for (int k = 0; k < SCORD_NUM_COUNTERS; k++)
        if ((int)strlen(scord_counter_names[k]) > w)
            w = (int)strlen(scord_counter_names[k]);
    struct scord_detector_counters dc;
    uint32_t dv[SCORD_NUM_DETECTOR_COUNTERS];
    if (detect && scord_read_detector_counters(dev, &dc) == 0) {
        memcpy(dv, &dc, sizeof dv);
        for (int k = 0; k < SCORD_NUM_DETECTOR_COUNTERS; k++)
            if ((int)strlen(scord_detector_counter_names[k]) > w)
                w = (int)strlen(scord_detector_counter_names[k]);
    } else {
        detect = false;
    }
    fprintf(out, "counters:\n");
    for (int k = 0; k < SCORD_NUM_COUNTERS; k++)
        fprintf(out, "  %-*s %10u\n", w, scord_counter_names[k], (unsigned)v[k]);
    fprintf(out, "  %-*s %10.3f  (instrs/cycles)\n", w, "ipc",
            c.cycles ? (double)c.instrs / c.cycles : 0.0);
    if (!detect)
        return;
    fprintf(out, "detector counters:\n");
    for (int k = 0; k < SCORD_NUM_DETECTOR_COUNTERS; k++)
        fprintf(out, "  %-*s %10u\n", w, scord_detector_counter_names[k], (unsigned)dv[k]);
}

/* Set once the SARIF log is written: a file nothing was written to is
 * removed at the end rather than left empty (not SARIF). */
static bool sarif_written;

static int do_dump(scord_device *dev, const struct dump *d)
{
    scord_addr addr = d->addr;
    uint32_t n = d->bytes;
    unsigned char *buf = malloc(n);
    if (!buf) {
        fprintf(stderr, "%s: out of host memory\n", cli_prog);
        return EXIT_DEVICE;
    }
    int rc = scord_memcpy_dtoh(dev, buf, addr, n);
    if (rc) {
        free(buf);
        return device_error(dev, "dump", rc);
    }
    fprintf(out, "%s (0x%08x, %u bytes):\n", d->symbol, (unsigned)addr, (unsigned)n);
    for (uint32_t off = 0; off < n; off += 32) {
        fprintf(out, "  0x%08x:", (unsigned)(addr + off));
        for (uint32_t j = off; j < off + 32 && j < n; j += 4) {
            if (j + 4 <= n) {
                uint32_t w = (uint32_t)buf[j] | (uint32_t)buf[j + 1] << 8 |
                             (uint32_t)buf[j + 2] << 16 | (uint32_t)buf[j + 3] << 24;
                fprintf(out, " %08x", (unsigned)w);
            } else {
                /* A partial last word is shown byte by byte, address order. */
                fprintf(out, " ");
                for (uint32_t b = j; b < n; b++)
                    fprintf(out, "%02x", buf[b]);
            }
        }
        fprintf(out, "\n");
    }
    free(buf);
    return EXIT_OK;
}

/* The kernel's printf output, to out (stdout unless --json/--sarif take
 * it), before the counters and races as compute-sanitizer lets a
 * program's output through; errors and lost lines to stderr. Returns
 * EXIT_KERNEL when a record could not be printed. */
static int print_printf(scord_device *dev, const char *kernel)
{
    struct scord_printf_line lines[64];
    struct scord_printf_info info;
    size_t n;
    int status = EXIT_OK;
    char buf[512];
    do {
        int rc = scord_printf_drain(dev, lines, sizeof lines / sizeof lines[0], &n, &info);
        if (rc)
            return device_error(dev, "printf output", rc);
        for (size_t i = 0; i < n; i++) {
            if (lines[i].error) {
                if (lines[i].has_thread)
                    fprintf(stderr, "%s: printf error in block (%u,%u,%u) thread (%u,%u,%u): %s\n",
                            kernel, (unsigned)lines[i].block_idx.x, (unsigned)lines[i].block_idx.y,
                            (unsigned)lines[i].block_idx.z, (unsigned)lines[i].thread_idx.x,
                            (unsigned)lines[i].thread_idx.y, (unsigned)lines[i].thread_idx.z,
                            lines[i].text);
                else
                    fprintf(stderr, "%s: printf error: %s\n", kernel, lines[i].text);
                status = EXIT_KERNEL;
                continue;
            }
            int len = scord_printf_format(&lines[i], buf, sizeof buf);
            if (len >= (int)sizeof buf) {
                char *big = malloc((size_t)len + 1);
                if (big) {
                    scord_printf_format(&lines[i], big, (size_t)len + 1);
                    fputs(big, out);
                    free(big);
                }
            } else if (len > 0) {
                fputs(buf, out);
            }
        }
    } while (info.remaining);
    if (info.lost)
        fprintf(stderr,
                "%s: printf buffer full: %u line%s lost (%u printed; buffer of %u bytes, "
                "--printf-buffer)\n",
                kernel, (unsigned)info.lost, info.lost == 1 ? "" : "s", (unsigned)info.records,
                (unsigned)info.buffer_bytes);
    fflush(out);
    return status;
}

/* Builds the argument struct; buffers go in the allocator above the image. */
static int build_args(scord_device *dev, const struct run_opts *o, uint32_t *words)
{
    for (int i = 0; i < o->nargs; i++) {
        const struct arg *a = &o->args[i];
        if (a->kind == ARG_WORD) {
            words[i] = a->value;
            continue;
        }
        size_t bytes = a->kind == ARG_ZEROS ? a->value : (size_t)a->value * 4;
        scord_addr p;
        int rc = scord_malloc(dev, bytes, &p);
        if (!rc && a->kind == ARG_ZEROS)
            rc = scord_memset(dev, p, 0, bytes);
        for (uint32_t j = 0; !rc && a->kind == ARG_SEQ && j < a->value; j += 1024) {
            uint32_t chunk[1024], n = a->value - j < 1024 ? a->value - j : 1024;
            for (uint32_t t = 0; t < n; t++) {
                /* Little-endian words whatever the host's byte order. */
                uint32_t v = j + t;
                unsigned char *b = (unsigned char *)&chunk[t];
                b[0] = (unsigned char)v;
                b[1] = (unsigned char)(v >> 8);
                b[2] = (unsigned char)(v >> 16);
                b[3] = (unsigned char)(v >> 24);
            }
            rc = scord_memcpy_htod(dev, p + j * 4, chunk, (size_t)n * 4);
        }
        if (rc)
            return device_error(dev, "kernel arguments", rc);
        words[i] = p;
    }
    return EXIT_OK;
}

static char *device_uri(const char *uri, const char *trace)
{
    if (!trace)
        return strdup(uri);
    size_t n = strlen(uri) + strlen(trace) + 16;
    char *s = malloc(n);
    if (s)
        snprintf(s, n, "%s%strace=%s", uri, strchr(uri, ':') ? "," : ":", trace);
    return s;
}

int cli_run(const char *uri, int argc, char **argv)
{
    struct run_opts o;
    memset(&o, 0, sizeof o);
    int rc = cli_parse_run(argc, argv, &o);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    out = stdout;
    FILE *json = NULL;
    if (o.json && strcmp(o.json, "-") == 0) {
        json = stdout;
        out = stderr;
    } else if (o.json && !(json = fopen(o.json, "w"))) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", cli_prog, o.json, strerror(errno));
        return EXIT_DEVICE;
    }
    FILE *sarif = NULL;
    if (o.sarif && strcmp(o.sarif, "-") == 0) {
        sarif = stdout;
        out = stderr;
    } else if (o.sarif && !(sarif = fopen(o.sarif, "w"))) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", cli_prog, o.sarif, strerror(errno));
        if (json && json != stdout)
            fclose(json);
        return EXIT_DEVICE;
    }

    char *full_uri = device_uri(uri, o.trace);
    if (!full_uri) {
        fprintf(stderr, "%s: out of host memory\n", cli_prog);
        return EXIT_DEVICE;
    }
    scord_device *dev;
    rc = scord_open(&dev, full_uri);
    if (rc) {
        fprintf(stderr, "%s: cannot open device '%s': %s\n", cli_prog, full_uri,
                *scord_last_error_detail(NULL) ? scord_last_error_detail(NULL)
                                               : scord_strerror(rc));
        free(full_uri);
        if (json && json != stdout)
            fclose(json);
        if (sarif && sarif != stdout) {
            fclose(sarif);
            remove(o.sarif);
        }
        return rc == SCORD_ERR_INVALID_ARG ? EXIT_USAGE : EXIT_DEVICE;
    }
    free(full_uri);

    int status = EXIT_OK;
    scord_kernel *k = NULL;
    rc = scord_load_kernel(dev, o.kernel, &k);
    if (rc) {
        fprintf(stderr, "%s: %s\n", o.kernel,
                *scord_last_error_detail(dev) ? scord_last_error_detail(dev) : scord_strerror(rc));
        status = EXIT_DEVICE;
        goto out;
    }
    /* Before the arguments: with the detector the allocator stays inside
     * its window. */
    rc = scord_detector_configure(dev, &o.det);
    if (rc) {
        fprintf(stderr, "%s: race detector: %s\n", o.kernel,
                *scord_last_error_detail(dev) ? scord_last_error_detail(dev) : scord_strerror(rc));
        status = rc == SCORD_ERR_INVALID_ARG ? EXIT_USAGE : EXIT_DEVICE;
        goto out;
    }
    if (o.printf_bytes && (rc = scord_printf_set_buffer(dev, o.printf_bytes))) {
        status = device_error(dev, "printf buffer", rc);
        goto out;
    }
    uint32_t words[MAX_ARG_WORDS];
    if ((status = build_args(dev, &o, words)))
        goto out;

    /* Dumps are resolved before the run, which may be long. */
    struct scord_info info;
    scord_get_info(dev, &info);
    for (int i = 0; i < o.ndumps; i++) {
        struct dump *d = &o.dumps[i];
        uint32_t size = 0;
        if (d->symbol[0] == '@') {
            uint64_t n;
            if (!cli_parse_u64(d->symbol + 1, false, &n) || n >= (uint64_t)o.nargs ||
                o.args[n].kind == ARG_WORD) {
                fprintf(stderr, "%s: --dump %s: argument %s is not a zeros:N or seq:N buffer\n",
                        cli_prog, d->symbol, d->symbol + 1);
                status = EXIT_USAGE;
                goto out;
            }
            d->addr = words[n];
            size = o.args[n].kind == ARG_ZEROS ? o.args[n].value : o.args[n].value * 4;
        } else if (scord_kernel_symbol_info(k, d->symbol, &d->addr, &size)) {
            fprintf(stderr, "%s: --dump: no symbol '%s' in %s\n", cli_prog, d->symbol, o.kernel);
            status = EXIT_USAGE;
            goto out;
        }
        if (!d->bytes)
            d->bytes = size ? size : 4;
        if ((uint64_t)d->addr + d->bytes > info.mem_bytes) {
            fprintf(stderr, "%s: --dump %s: %u bytes at 0x%08x run past device memory\n", cli_prog,
                    d->symbol, (unsigned)d->bytes, (unsigned)d->addr);
            status = EXIT_USAGE;
            goto out;
        }
    }

    rc = scord_launch_shared(dev, k, o.grid, o.block, o.shared, words, (size_t)o.nargs * 4);
    if (rc) {
        fprintf(stderr, "%s: launch refused: %s\n", o.kernel,
                *scord_last_error_detail(dev) ? scord_last_error_detail(dev) : scord_strerror(rc));
        status = rc == SCORD_ERR_LAUNCH ? EXIT_KERNEL : EXIT_DEVICE;
        goto out;
    }
    double ms = ceil(o.timeout_s * 1000.0);
    unsigned timeout_ms = o.timeout_s > 0 && ms < 1 ? 1 : (unsigned)ms;
    rc = scord_wait(dev, timeout_ms);
    switch (rc) {
    case SCORD_OK:
        if (!o.quiet)
            fprintf(out, "%s: done\n", o.kernel);
        break;
    case SCORD_ERR_KERNEL_FAULT: {
        struct scord_fault f;
        scord_get_fault(dev, &f);
        fprintf(stderr,
                "%s: fault: %s (cause %u) at pc 0x%08x, address 0x%08x%s, core %u warp %u "
                "lane %u\n",
                o.kernel, scord_fault_name(f.cause), (unsigned)f.cause, (unsigned)f.pc,
                (unsigned)f.addr,
                f.cause == SCORD_FAULT_BOUNDS && f.addr < SCORD_MEM_GUARD ? " (null page)" : "",
                (unsigned)f.core, (unsigned)f.warp, (unsigned)f.lane);
        status = EXIT_KERNEL;
        break;
    }
    case SCORD_ERR_TIMEOUT:
    case SCORD_ERR_LAUNCH:
        fprintf(stderr, "%s: %s: %s\n", o.kernel, rc == SCORD_ERR_TIMEOUT ? "timeout" : "launch refused",
                scord_last_error_detail(dev));
        status = EXIT_KERNEL;
        break;
    default:
        fprintf(stderr, "%s: %s\n", o.kernel,
                *scord_last_error_detail(dev) ? scord_last_error_detail(dev) : scord_strerror(rc));
        status = EXIT_DEVICE;
        goto out;
    }
    /* A printf that could not be printed fails the run (exit 1) once the
     * races are reported: the kernel itself finished. */
    int printf_status = print_printf(dev, o.kernel);
    if (!o.quiet)
        print_counters(dev, o.det.enable);
    for (int i = 0; i < o.ndumps; i++) {
        int drc = do_dump(dev, &o.dumps[i]);
        if (drc && status == EXIT_OK)
            status = drc;
    }
    if (o.det.enable) {
        /* Races are reported whatever the outcome; exit 4 only for a kernel
         * that finished. */
        int rrc = cli_report_races(dev, k, &o, out, json, sarif, status == EXIT_OK, &sarif_written);
        if (rrc && status == EXIT_OK)
            status = rrc;
    }
    if (printf_status && (status == EXIT_OK || status == EXIT_RACES))
        status = printf_status;
out:
    scord_kernel_free(k);
    scord_close(dev);
    fflush(stdout);
    if (json && json != stdout && fclose(json) != 0) {
        fprintf(stderr, "%s: writing '%s' failed: %s\n", cli_prog, o.json, strerror(errno));
        if (status == EXIT_OK || status == EXIT_RACES)
            status = EXIT_DEVICE;
    }
    if (sarif && sarif != stdout && !sarif_written) {
        fclose(sarif);
        remove(o.sarif);
    } else if (sarif && sarif != stdout && (ferror(sarif) | fclose(sarif)) != 0) {
        fprintf(stderr, "%s: writing '%s' failed: %s\n", cli_prog, o.sarif, strerror(errno));
        if (status == EXIT_OK || status == EXIT_RACES)
            status = EXIT_DEVICE;
    }
    return status;
}
