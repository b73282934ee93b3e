/* scord: run a kernel ELF on the GPU (cycle model or board) from the shell.
 * Every failure ends with a message on stderr and a documented exit code;
 * nothing the user types may crash it. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "sarif.h"
#include "scord.h"
#include "scord_defs.h"

#ifndef SCORD_CONFIG_NAME
#define SCORD_CONFIG_NAME "unknown"
#endif
#ifndef SCORD_VERSION
#define SCORD_VERSION "unknown"
#endif

enum { EXIT_OK = 0, EXIT_KERNEL = 1, EXIT_USAGE = 2, EXIT_DEVICE = 3, EXIT_RACES = 4 };

#define MAX_ARG_WORDS 64
#define MAX_DUMPS 32
#define DEFAULT_TIMEOUT_S 60.0

static const char *prog = "scord";

static const char main_help[] =
    "usage: scord [--device URI] COMMAND [options]\n"
    "\n"
    "Run kernels on the open SIMT GPU (configuration '%s').\n"
    "\n"
    "commands:\n"
    "  run [options] kernel.elf [args...]   load, launch and wait for a kernel\n"
    "  info                                 print the device's configuration\n"
    "  help                                 this text ('scord run --help' for run)\n"
    "\n"
    "global options:\n"
    "  --device URI   device to use (default \"sim\"): \"sim\" is the cycle model;\n"
    "                 \"sim:OPT,OPT\" takes trace=FILE.fst (waveform of the whole\n"
    "                 session) and latency=N (device memory latency in cycles);\n"
    "                 \"uart:/dev/ttyUSB0[,baud=N]\" is the FPGA board over its\n"
    "                 host link, \"uart:tcp=127.0.0.1:PORT\" the simulated board\n"
    "                 (scord-soc-sim); more options: timeout=MS, retries=N\n"
    "  -h, --help     this text\n"
    "\n"
    "exit codes:\n"
    "  0  success (for run: the kernel finished and no race was found)\n"
    "  1  the kernel faulted, timed out, or the GPU refused the launch\n"
    "  2  usage error (unknown option, missing value, bad number, unknown symbol)\n"
    "  3  device, ELF or I/O error (cannot open the device, file is not a\n"
    "     loadable RV32 executable, out of device memory, no room for the race\n"
    "     detector's window, metadata and ring)\n"
    "  4  run: the kernel finished, but the race detector reported races\n";

static const char run_help[] =
    "usage: scord [--device URI] run [options] kernel.elf [args...]\n"
    "\n"
    "Loads kernel.elf into device memory, launches it, waits for the end and\n"
    "prints the outcome (done, fault with cause, pc, address, core/warp/lane,\n"
    "or timeout), the performance counters and the IPC (instrs/cycles).\n"
    "The ScoRD race detector is armed by default: after the run every race it\n"
    "recorded is printed with both accesses (thread, block and source line of\n"
    "the racing access and of the previous one, or that the previous one is\n"
    "unknown), then a line\n"
    "'========= RACE SUMMARY: N races (M distinct), D dropped'.\n"
    "\n"
    "options:\n"
    "  --grid X[xY[xZ]]     blocks in the grid (default 1)\n"
    "  --block X[xY[xZ]]    threads per block (default 1); at most warps x threads\n"
    "                       of one core\n"
    "  --shared BYTES       dynamic shared memory of each block (default 0), on top\n"
    "                       of the kernel's __shared__ variables; a block may use\n"
    "                       at most the shared memory of one core ('scord info')\n"
    "  --timeout SECONDS    wall-clock limit, fractions allowed, 0 = none\n"
    "                       (default 60); on timeout the GPU is reset\n"
    "  --trace FILE.fst     write an FST waveform of the run (sim device only)\n"
    "  --dump SYMBOL[:BYTES]  after the run, print BYTES of memory at the kernel\n"
    "                       symbol as 32-bit hex words (default: the symbol's\n"
    "                       size, or 4); repeatable\n"
    "  --dump @N[:BYTES]    the same for the buffer of argument N (0-based,\n"
    "                       a zeros: or seq: argument; default: its whole size)\n"
    "  --no-detect          run with the race detector disarmed\n"
    "  --detect-mode MODE   full (default: one metadata entry per granule),\n"
    "                       cache (1/32 of the metadata; may miss races) or\n"
    "                       sparse (1/64 of it; may miss more)\n"
    "  --granularity BYTES  4 (default), 8 or 16 bytes per tracked granule\n"
    "                       (coarser: less metadata, may report false races)\n"
    "  --ring N             race records the ring holds (default 256, >= 2);\n"
    "                       further distinct races are counted as dropped\n"
    "  --json FILE          also write each race as one JSON object per line to\n"
    "                       FILE ('-': stdout; everything else then goes to\n"
    "                       stderr)\n"
    "  --sarif FILE         also write the races as a SARIF 2.1.0 log to FILE, for\n"
    "                       CI and code review ('-': stdout, as for --json); source\n"
    "                       paths relative to the current directory; no file\n"
    "                       when the kernel could not be launched\n"
    "  -q, --quiet          print only dumps, races and errors\n"
    "  -h, --help           this text\n"
    "  --                   end of options: every later word is an argument\n"
    "Options may come before or after kernel.elf and take their value as the\n"
    "next word or after '=' (--grid=4x2). Dimensions are decimal.\n"
    "\n"
    "args (each adds one 32-bit word to the argument struct, in order; the\n"
    "kernel gets its address as the argument pointer):\n"
    "  N           an integer, decimal (may be negative) or 0x hex\n"
    "  zeros:N     allocate N zeroed bytes in device memory, pass the address\n"
    "  seq:N       allocate N 32-bit words holding 0, 1, ..., N-1, pass the address\n"
    "\n"
    "exit codes: 0 done, no race; 1 fault, timeout or launch refused (also when\n"
    "the GPU refuses to arm the detector); 2 usage error; 3 device, ELF or I/O\n"
    "error (including no room for the detector's regions: try --detect-mode\n"
    "cache or --granularity 16); 4 the kernel finished but races were found.\n";

static int usage_error(const char *fmt, const char *what)
{
    fprintf(stderr, "%s: ", prog);
    fprintf(stderr, fmt, what);
    fprintf(stderr, "\n(see '%s --help' and '%s run --help')\n", prog, prog);
    return EXIT_USAGE;
}

/* ---- number parsing: whole string or nothing -------------------------- */

/* Locale-independent, unlike isxdigit(). */
static bool isxdigit_c(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

static bool parse_u64(const char *s, bool allow_hex, uint64_t *out)
{
    int base = 10;
    if (allow_hex && s[0] == '0' && (s[1] == 'x' || s[1] == 'X')) {
        base = 16;
        s += 2;
    }
    /* strtoull accepts leading space and signs; a number here has neither. */
    if (!*s || !(base == 16 ? isxdigit_c(*s) : (*s >= '0' && *s <= '9')))
        return false;
    char *end;
    errno = 0;
    unsigned long long v = strtoull(s, &end, base);
    if (errno || *end)
        return false;
    *out = v;
    return true;
}

static bool parse_word(const char *s, uint32_t *out)
{
    uint64_t v;
    if (s[0] == '-') {
        if (!parse_u64(s + 1, false, &v) || v > 0x80000000u)
            return false;
        *out = (uint32_t)(0u - (uint32_t)v);
        return true;
    }
    if (!parse_u64(s, true, &v) || v > UINT32_MAX)
        return false;
    *out = (uint32_t)v;
    return true;
}

static bool parse_dim(const char *s, struct scord_dim3 *d)
{
    uint32_t v[3] = {1, 1, 1};
    int n = 0;
    const char *p = s;
    for (;;) {
        if (n == 3 || !(*p >= '0' && *p <= '9'))
            return false;
        char *end;
        errno = 0;
        unsigned long long x = strtoull(p, &end, 10);
        if (errno || x == 0 || x > UINT32_MAX)
            return false;
        v[n++] = (uint32_t)x;
        if (*end == '\0')
            break;
        if (*end != 'x')
            return false;
        p = end + 1;
    }
    d->x = v[0];
    d->y = v[1];
    d->z = v[2];
    return true;
}

/* ---- run -------------------------------------------------------------- */

enum arg_kind { ARG_WORD, ARG_ZEROS, ARG_SEQ };
struct arg {
    enum arg_kind kind;
    uint32_t value; /* the word, or N */
};
struct dump {
    char symbol[128]; /* a kernel symbol, or "@N": the buffer of argument N */
    uint32_t bytes;   /* 0: the symbol's or the buffer's size */
    scord_addr addr;  /* resolved before the launch */
};
struct run_opts {
    struct scord_dim3 grid, block;
    uint32_t shared;  /* dynamic shared memory per block */
    double timeout_s;
    const char *trace;
    struct dump dumps[MAX_DUMPS];
    int ndumps;
    bool quiet;
    struct scord_detector_config det;
    const char *json;
    const char *sarif;
    const char *kernel;
    struct arg args[MAX_ARG_WORDS];
    int nargs;
};

static bool parse_dump(const char *s, struct dump *d)
{
    const char *colon = strrchr(s, ':');
    size_t len = colon ? (size_t)(colon - s) : strlen(s);
    d->bytes = 0;
    if (len == 0 || len >= sizeof d->symbol)
        return false;
    memcpy(d->symbol, s, len);
    d->symbol[len] = '\0';
    if (!colon)
        return true;
    uint64_t n;
    if (!parse_u64(colon + 1, true, &n) || n == 0 || n > UINT32_MAX)
        return false;
    d->bytes = (uint32_t)n;
    return true;
}

static bool parse_arg(const char *s, struct arg *a)
{
    uint64_t n;
    if (strncmp(s, "zeros:", 6) == 0 || strncmp(s, "seq:", 4) == 0) {
        bool zeros = s[0] == 'z';
        if (!parse_u64(s + (zeros ? 6 : 4), true, &n) || n == 0 || n > GPU_MEM_BYTES)
            return false;
        if (!zeros && n > GPU_MEM_BYTES / 4)
            return false;
        a->kind = zeros ? ARG_ZEROS : ARG_SEQ;
        a->value = (uint32_t)n;
        return true;
    }
    a->kind = ARG_WORD;
    return parse_word(s, &a->value);
}

/* Value of option `name` at argv[*i]: "--name=V" or "--name V". */
static const char *opt_value(int argc, char **argv, int *i, const char *name, bool *missing)
{
    size_t len = strlen(name);
    const char *a = argv[*i];
    *missing = false;
    if (strncmp(a, name, len) != 0)
        return NULL;
    if (a[len] == '=')
        return a + len + 1;
    if (a[len] != '\0')
        return NULL;
    if (*i + 1 >= argc) {
        *missing = true;
        return NULL;
    }
    return argv[++*i];
}

static int parse_run(int argc, char **argv, struct run_opts *o)
{
    o->grid = o->block = (struct scord_dim3){1, 1, 1};
    o->timeout_s = DEFAULT_TIMEOUT_S;
    o->det = (struct scord_detector_config){1, 0, 4, SCORD_DETECTOR_DEFAULT_RING};
    bool opts_done = false;
    for (int i = 0; i < argc; i++) {
        const char *a = argv[i], *v;
        bool missing;
        if (!opts_done && strcmp(a, "--") == 0) {
            opts_done = true;
            continue;
        }
        /* Options may follow the kernel too; a negative number is an
         * argument, never an option. */
        if (opts_done || a[0] != '-' || a[1] == '\0' || (a[1] >= '0' && a[1] <= '9')) {
            if (!o->kernel) {
                o->kernel = a;
                continue;
            }
            if (o->nargs == MAX_ARG_WORDS)
                return usage_error("too many kernel arguments (at most %s words)", "64");
            if (!parse_arg(a, &o->args[o->nargs]))
                return usage_error("bad kernel argument '%s': expected an integer (decimal or "
                                   "0x hex, 32 bits), zeros:N or seq:N",
                                   a);
            o->nargs++;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(run_help, stdout);
            return -1;
        }
        if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            o->quiet = true;
            continue;
        }
        if (strcmp(a, "--no-detect") == 0) {
            o->det.enable = 0;
            continue;
        }
        if ((v = opt_value(argc, argv, &i, "--detect-mode", &missing)) || missing) {
            if (missing)
                return usage_error("option '%s' needs a value: full, cache or sparse", a);
            if (strcmp(v, "full") == 0)
                o->det.cache_mode = 0;
            else if (strcmp(v, "cache") == 0)
                o->det.cache_mode = 1;
            else if (strcmp(v, "sparse") == 0)
                o->det.cache_mode = 2;
            else
                return usage_error("bad detect mode '%s': expected full, cache or sparse", v);
        } else if ((v = opt_value(argc, argv, &i, "--granularity", &missing)) || missing) {
            if (missing)
                return usage_error("option '%s' needs a value: 4, 8 or 16", a);
            if (strcmp(v, "4") && strcmp(v, "8") && strcmp(v, "16"))
                return usage_error("bad granularity '%s': expected 4, 8 or 16 (bytes)", v);
            o->det.granularity = (unsigned)atoi(v);
        } else if ((v = opt_value(argc, argv, &i, "--ring", &missing)) || missing) {
            uint64_t n;
            if (missing)
                return usage_error("option '%s' needs a number of records", a);
            if (!parse_u64(v, false, &n) || n < 2 || n > GPU_MEM_BYTES / 32)
                return usage_error("bad ring size '%s': expected a number of records, 2 or more "
                                   "(32 bytes each, within device memory)",
                                   v);
            o->det.ring_records = (unsigned)n;
        } else if ((v = opt_value(argc, argv, &i, "--json", &missing)) || missing) {
            if (missing || !*v)
                return usage_error("option '%s' needs a file name (or - for stdout)", a);
            o->json = v;
        } else if ((v = opt_value(argc, argv, &i, "--sarif", &missing)) || missing) {
            if (missing || !*v)
                return usage_error("option '%s' needs a file name", a);
            o->sarif = v;
        } else if ((v = opt_value(argc, argv, &i, "--grid", &missing)) || missing) {
            if (missing)
                return usage_error("option '%s' needs a value X[xY[xZ]]", a);
            if (!parse_dim(v, &o->grid))
                return usage_error("bad grid '%s': expected X[xY[xZ]], decimal, each >= 1", v);
        } else if ((v = opt_value(argc, argv, &i, "--shared", &missing)) || missing) {
            uint64_t n;
            if (missing)
                return usage_error("option '%s' needs a number of bytes", a);
            if (!parse_u64(v, true, &n) || n > UINT32_MAX)
                return usage_error("bad shared memory size '%s': expected a number of bytes "
                                   "(decimal or 0x hex)",
                                   v);
            o->shared = (uint32_t)n;
        } else if ((v = opt_value(argc, argv, &i, "--block", &missing)) || missing) {
            if (missing)
                return usage_error("option '%s' needs a value X[xY[xZ]]", a);
            if (!parse_dim(v, &o->block))
                return usage_error("bad block '%s': expected X[xY[xZ]], decimal, each >= 1", v);
        } else if ((v = opt_value(argc, argv, &i, "--timeout", &missing)) || missing) {
            if (missing)
                return usage_error("option '%s' needs a number of seconds", a);
            char *end;
            errno = 0;
            double t = strtod(v, &end);
            if (errno || end == v || *end || !isfinite(t) || t < 0 || t > 1e6 ||
                !((v[0] >= '0' && v[0] <= '9') || v[0] == '.'))
                return usage_error("bad timeout '%s': expected seconds, 0 to 1000000", v);
            o->timeout_s = t;
        } else if ((v = opt_value(argc, argv, &i, "--trace", &missing)) || missing) {
            if (missing || !*v)
                return usage_error("option '%s' needs a file name", a);
            if (strchr(v, ','))
                return usage_error("trace file name '%s' must not contain ','", v);
            o->trace = v;
        } else if ((v = opt_value(argc, argv, &i, "--dump", &missing)) || missing) {
            if (missing)
                return usage_error("option '%s' needs a value SYMBOL[:BYTES]", a);
            if (o->ndumps == MAX_DUMPS)
                return usage_error("too many --dump options (at most %s)", "32");
            if (!parse_dump(v, &o->dumps[o->ndumps]))
                return usage_error("bad dump '%s': expected SYMBOL[:BYTES], BYTES >= 1", v);
            o->ndumps++;
        } else {
            return usage_error("run: unknown option '%s'", a);
        }
    }
    if (!o->kernel)
        return usage_error("run: missing the kernel ELF file%s", "");
    if (o->sarif && o->json && !strcmp(o->sarif, "-") && !strcmp(o->json, "-"))
        return usage_error("--json and --sarif cannot both write to stdout%s", "");
    if (o->sarif && !o->det.enable)
        return usage_error("--sarif reports the race detector's findings: it cannot go with "
                           "--no-detect%s", "");
    return 0;
}

static int device_error(scord_device *dev, const char *what, int rc)
{
    const char *d = scord_last_error_detail(dev);
    fprintf(stderr, "%s: %s: %s\n", prog, what, *d ? d : scord_strerror(rc));
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

/* The races as a SARIF log into sarif (sarif.c); a file nothing was
 * written to is removed at the end rather than left empty (not SARIF). */
static bool sarif_written;
static void report_sarif(scord_device *dev, const scord_kernel *k, const struct run_opts *o,
                         FILE *sarif, const struct scord_race *races, size_t n,
                         const struct scord_ring_info *info, bool finished)
{
    struct scord_info di;
    struct sarif_run run = {.tool_version = SCORD_VERSION, .kernel = o->kernel,
                            .config = scord_get_info(dev, &di) == 0 ? di.config : NULL,
                            .kernel_finished = finished, .dropped = info->drops,
                            .invalid = info->invalid};
    sarif_write(sarif, k, races, n, &run); /* errors: at fclose */
    sarif_written = true;
}

/* Drain the ring, print every race (text to out, JSON to json, SARIF to
 * sarif; finished: the kernel ran to its end), then the summary. Returns
 * EXIT_RACES if any race was found, EXIT_OK if none, EXIT_DEVICE if the
 * ring could not be read. */
static int report_races(scord_device *dev, const scord_kernel *k, const struct run_opts *o,
                        FILE *json, FILE *sarif, bool finished)
{
    /* A ring's worth per drain; a device that streamed records while the
     * kernel ran may hold more (docs/fpga.md), so drain until none is left. */
    size_t chunk = o->det.ring_records, n = 0, rcap = 0;
    struct scord_race *races = NULL;
    struct scord_ring_info info;
    uint32_t invalid = 0;
    for (;;) {
        if (rcap - n < chunk) {
            struct scord_race *nr = realloc(races, (rcap + chunk) * sizeof *races);
            if (!nr) {
                free(races);
                fprintf(stderr, "%s: out of host memory\n", prog);
                return EXIT_DEVICE;
            }
            races = nr;
            rcap += chunk;
        }
        size_t got = 0;
        int rc = scord_ring_drain(dev, races + n, chunk, &got, &info);
        if (rc) {
            free(races);
            const char *d = scord_last_error_detail(dev);
            fprintf(stderr, "%s: reading the race ring: %s\n", prog, *d ? d : scord_strerror(rc));
            return EXIT_DEVICE;
        }
        n += got;
        invalid += info.invalid;
        if (!info.remaining || (!got && !info.invalid))
            break;
    }
    info.invalid = invalid;
    uint64_t total = info.drops;
    char *buf = NULL;
    size_t cap = 0;
    for (size_t i = 0; i < n; i++) {
        total += races[i].count;
        for (int pass = 0; pass < 2; pass++) {
            int len = pass ? scord_race_format_json(k, &races[i], NULL, 0)
                           : scord_race_format(k, &races[i], NULL, 0);
            if (len < 0 || (pass && !json))
                continue;
            if ((size_t)len + 1 > cap) {
                char *nb = realloc(buf, (size_t)len + 1);
                if (!nb)
                    continue;
                buf = nb;
                cap = (size_t)len + 1;
            }
            if (pass) {
                scord_race_format_json(k, &races[i], buf, cap);
                fputs(buf, json);
            } else {
                scord_race_format(k, &races[i], buf, cap);
                fputs(buf, out);
            }
        }
    }
    free(buf);
    if (sarif)
        report_sarif(dev, k, o, sarif, races, n, &info, finished);
    free(races);
    if (info.invalid)
        fprintf(stderr, "%s: warning: %u malformed race records skipped\n", prog,
                (unsigned)info.invalid);
    if (info.remaining)
        fprintf(stderr, "%s: warning: %u race records left in the ring\n", prog,
                (unsigned)info.remaining);
    if (info.status & SCORD_DET_STATUS_INTRUSION)
        fprintf(stderr, "%s: warning: the kernel wrote into the race detector's metadata or "
                        "ring: the metadata can no longer be trusted, nor the reports of this "
                        "run\n", prog);
    fprintf(out, "========= RACE SUMMARY: %llu race%s (%zu distinct), %u dropped\n",
            (unsigned long long)total, total == 1 ? "" : "s", n, (unsigned)info.drops);
    return total || n ? EXIT_RACES : EXIT_OK;
}

static int do_dump(scord_device *dev, const struct dump *d)
{
    scord_addr addr = d->addr;
    uint32_t n = d->bytes;
    unsigned char *buf = malloc(n);
    if (!buf) {
        fprintf(stderr, "%s: out of host memory\n", prog);
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

static int cmd_run(const char *uri, int argc, char **argv)
{
    struct run_opts o;
    memset(&o, 0, sizeof o);
    int rc = parse_run(argc, argv, &o);
    if (rc)
        return rc < 0 ? EXIT_OK : rc;
    out = stdout;
    FILE *json = NULL;
    if (o.json && strcmp(o.json, "-") == 0) {
        json = stdout;
        out = stderr;
    } else if (o.json && !(json = fopen(o.json, "w"))) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", prog, o.json, strerror(errno));
        return EXIT_DEVICE;
    }
    FILE *sarif = NULL;
    if (o.sarif && strcmp(o.sarif, "-") == 0) {
        sarif = stdout;
        out = stderr;
    } else if (o.sarif && !(sarif = fopen(o.sarif, "w"))) {
        fprintf(stderr, "%s: cannot write '%s': %s\n", prog, o.sarif, strerror(errno));
        if (json && json != stdout)
            fclose(json);
        return EXIT_DEVICE;
    }

    char *full_uri = device_uri(uri, o.trace);
    if (!full_uri) {
        fprintf(stderr, "%s: out of host memory\n", prog);
        return EXIT_DEVICE;
    }
    scord_device *dev;
    rc = scord_open(&dev, full_uri);
    if (rc) {
        fprintf(stderr, "%s: cannot open device '%s': %s\n", prog, full_uri,
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
            if (!parse_u64(d->symbol + 1, false, &n) || n >= (uint64_t)o.nargs ||
                o.args[n].kind == ARG_WORD) {
                fprintf(stderr, "%s: --dump %s: argument %s is not a zeros:N or seq:N buffer\n",
                        prog, d->symbol, d->symbol + 1);
                status = EXIT_USAGE;
                goto out;
            }
            d->addr = words[n];
            size = o.args[n].kind == ARG_ZEROS ? o.args[n].value : o.args[n].value * 4;
        } else if (scord_kernel_symbol_info(k, d->symbol, &d->addr, &size)) {
            fprintf(stderr, "%s: --dump: no symbol '%s' in %s\n", prog, d->symbol, o.kernel);
            status = EXIT_USAGE;
            goto out;
        }
        if (!d->bytes)
            d->bytes = size ? size : 4;
        if ((uint64_t)d->addr + d->bytes > info.mem_bytes) {
            fprintf(stderr, "%s: --dump %s: %u bytes at 0x%08x run past device memory\n", prog,
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
        int rrc = report_races(dev, k, &o, json, sarif, status == EXIT_OK);
        if (rrc && status == EXIT_OK)
            status = rrc;
    }
out:
    scord_kernel_free(k);
    scord_close(dev);
    fflush(stdout);
    if (json && json != stdout && fclose(json) != 0) {
        fprintf(stderr, "%s: writing '%s' failed: %s\n", prog, o.json, strerror(errno));
        if (status == EXIT_OK || status == EXIT_RACES)
            status = EXIT_DEVICE;
    }
    if (sarif && sarif != stdout && !sarif_written) {
        fclose(sarif);
        remove(o.sarif);
    } else if (sarif && sarif != stdout && (ferror(sarif) | fclose(sarif)) != 0) {
        fprintf(stderr, "%s: writing '%s' failed: %s\n", prog, o.sarif, strerror(errno));
        if (status == EXIT_OK || status == EXIT_RACES)
            status = EXIT_DEVICE;
    }
    return status;
}

static int cmd_info(const char *uri, int argc, char **argv)
{
    for (int i = 0; i < argc; i++) {
        if (strcmp(argv[i], "-h") == 0 || strcmp(argv[i], "--help") == 0) {
            printf("usage: scord [--device URI] info\n\nPrints the configuration of the "
                   "device.\n");
            return EXIT_OK;
        }
        return usage_error("info: unexpected argument '%s'", argv[i]);
    }
    scord_device *dev;
    int rc = scord_open(&dev, uri);
    if (rc) {
        fprintf(stderr, "%s: cannot open device '%s': %s\n", prog, uri,
                *scord_last_error_detail(NULL) ? scord_last_error_detail(NULL)
                                               : scord_strerror(rc));
        return rc == SCORD_ERR_INVALID_ARG ? EXIT_USAGE : EXIT_DEVICE;
    }
    struct scord_info in;
    scord_get_info(dev, &in);
    uint32_t hw_threads = in.cores * in.warps * in.threads;
    uint32_t stack = hw_threads << GPU_STACK_LOG2;
    printf("device          %s\n", uri);
    printf("configuration   %s\n", in.config);
    printf("version         0x%08x\n", (unsigned)in.version);
    printf("cores           %u\n", (unsigned)in.cores);
    printf("warps/core      %u\n", (unsigned)in.warps);
    printf("threads/warp    %u\n", (unsigned)in.threads);
    printf("hw threads      %u\n", (unsigned)hw_threads);
    printf("line bytes      %u\n", (unsigned)in.line_bytes);
    printf("L1 D$ / I$      %u / %u bytes per core\n", GPU_L1D_BYTES, GPU_L1I_BYTES);
    printf("L2              %u bytes\n", GPU_L2_BYTES);
    printf("shared memory   %u bytes per core, %u banks; window [0x%08x, 0x%08x)\n",
           (unsigned)in.smem_bytes, (unsigned)in.threads, (unsigned)SCORD_SMEM_BASE,
           (unsigned)(SCORD_SMEM_BASE + SCORD_SMEM_WINDOW));
    printf("memory          %u bytes\n", (unsigned)in.mem_bytes);
    printf("memory latency  %u cycles (configuration default)\n", GPU_MEM_LATENCY);
    printf("null guard      [0x00000000, 0x%08x)\n", (unsigned)SCORD_MEM_GUARD);
    printf("stack region    [0x%08x, 0x%08x), %u bytes per thread\n",
           (unsigned)(in.mem_bytes - stack), (unsigned)in.mem_bytes, 1u << GPU_STACK_LOG2);
    char line[512];
    if (scord_describe(dev, line, sizeof line) == SCORD_OK)
        printf("board           %s\n", line);
    scord_close(dev);
    return EXIT_OK;
}

int main(int argc, char **argv)
{
    const char *uri = "sim";
    int i = 1;
    for (; i < argc; i++) {
        const char *a = argv[i], *v;
        bool missing;
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            printf(main_help, SCORD_CONFIG_NAME);
            return EXIT_OK;
        }
        if ((v = opt_value(argc, argv, &i, "--device", &missing)) || missing) {
            if (missing || !*v)
                return usage_error("option '%s' needs a device URI", a);
            uri = v;
            continue;
        }
        if (a[0] == '-')
            return usage_error("unknown option '%s'", a);
        break;
    }
    if (i >= argc)
        return usage_error("missing command (run, info or help)%s", "");
    const char *cmd = argv[i++];
    if (strcmp(cmd, "run") == 0)
        return cmd_run(uri, argc - i, argv + i);
    if (strcmp(cmd, "info") == 0)
        return cmd_info(uri, argc - i, argv + i);
    if (strcmp(cmd, "help") == 0) {
        if (i < argc && strcmp(argv[i], "run") == 0)
            fputs(run_help, stdout);
        else
            printf(main_help, SCORD_CONFIG_NAME);
        return EXIT_OK;
    }
    return usage_error("unknown command '%s' (run, info or help)", cmd);
}
