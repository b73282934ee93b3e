/* The scord command's options: numbers and option values read whole or
 * refused (nothing the user types may crash the command), and the run
 * command's options, arguments and help. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "cli.h"
#include "scord_defs.h"

#define DEFAULT_TIMEOUT_S 60.0

const char cli_prog[] = "scord";

const char cli_run_help[] =
    "usage: scord [--device URI] run [options] kernel.elf [args...]\n"
    "\n"
    "Loads kernel.elf into device memory, launches it, waits for the end and\n"
    "prints the outcome (done, fault with cause, pc, address, core/warp/lane,\n"
    "or timeout), the kernel's printf output (each line after its block and\n"
    "thread, '[block (1,0,0) thread (3,0,0)] ...', every thread's lines in its\n"
    "program order, by block then thread), the performance counters and the\n"
    "IPC (instrs/cycles).\n"
    "The ScoRD race detector is armed by default: after the run every race it\n"
    "recorded is printed with both accesses (thread, block and source line of\n"
    "the racing access and of the previous one, or that the previous one is\n"
    "unknown), then a line\n"
    "'========= RACE SUMMARY: N races (M distinct), D dropped' (with\n"
    "'W warnings (V distinct)' before the drops when there are races of\n"
    "severity warning: lanes of one store writing one value).\n"
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
    "  --printf-buffer BYTES  device memory for the kernel's printf output\n"
    "                       (default 65536, or what is free); a printf that\n"
    "                       finds it full is lost, and counted\n"
    "  --json FILE          also write each race as one JSON object per line to\n"
    "                       FILE ('-': stdout; everything else then goes to\n"
    "                       stderr)\n"
    "  --sarif FILE         also write the races as a SARIF 2.1.0 log to FILE, for\n"
    "                       CI and code review ('-': stdout, as for --json); source\n"
    "                       paths relative to the current directory; no file\n"
    "                       when the kernel could not be launched\n"
    "  --warnings-as-errors races of severity warning (lanes of one store writing\n"
    "                       one value) count in the exit code too\n"
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
    "the GPU refuses to arm the detector, and a printf the runtime cannot print:\n"
    "an unknown format, a format outside the kernel image, a damaged buffer); 2 usage error; 3 device, ELF or I/O\n"
    "error (including no room for the detector's regions: try --detect-mode\n"
    "cache or --granularity 16); 4 the kernel finished but races were found (races\n"
    "of severity warning only with --warnings-as-errors).\n";

int cli_usage_error(const char *fmt, const char *what)
{
    fprintf(stderr, "%s: ", cli_prog);
    fprintf(stderr, fmt, what);
    fprintf(stderr, "\n(see '%s --help' and '%s run --help')\n", cli_prog, cli_prog);
    return EXIT_USAGE;
}

/* ---- number parsing: whole string or nothing -------------------------- */

/* Locale-independent, unlike isxdigit(). */
static bool isxdigit_c(int c)
{
    return (c >= '0' && c <= '9') || (c >= 'a' && c <= 'f') || (c >= 'A' && c <= 'F');
}

bool cli_parse_u64(const char *s, bool allow_hex, uint64_t *out)
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
        if (!cli_parse_u64(s + 1, false, &v) || v > 0x80000000u)
            return false;
        *out = (uint32_t)(0u - (uint32_t)v);
        return true;
    }
    if (!cli_parse_u64(s, true, &v) || v > UINT32_MAX)
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
    if (!cli_parse_u64(colon + 1, true, &n) || n == 0 || n > UINT32_MAX)
        return false;
    d->bytes = (uint32_t)n;
    return true;
}

static bool parse_arg(const char *s, struct arg *a)
{
    uint64_t n;
    if (strncmp(s, "zeros:", 6) == 0 || strncmp(s, "seq:", 4) == 0) {
        bool zeros = s[0] == 'z';
        if (!cli_parse_u64(s + (zeros ? 6 : 4), true, &n) || n == 0 || n > GPU_MEM_BYTES)
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
const char *cli_opt_value(int argc, char **argv, int *i, const char *name, bool *missing)
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

int cli_parse_run(int argc, char **argv, struct run_opts *o)
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
                return cli_usage_error("too many kernel arguments (at most %s words)", "64");
            if (!parse_arg(a, &o->args[o->nargs]))
                return cli_usage_error("bad kernel argument '%s': expected an integer (decimal or "
                                       "0x hex, 32 bits), zeros:N or seq:N",
                                       a);
            o->nargs++;
            continue;
        }
        if (strcmp(a, "-h") == 0 || strcmp(a, "--help") == 0) {
            fputs(cli_run_help, stdout);
            return -1;
        }
        if (strcmp(a, "-q") == 0 || strcmp(a, "--quiet") == 0) {
            o->quiet = true;
            continue;
        }
        if (strcmp(a, "--warnings-as-errors") == 0) {
            o->warnings_fail = true;
            continue;
        }
        if (strcmp(a, "--no-detect") == 0) {
            o->det.enable = 0;
            continue;
        }
        if ((v = cli_opt_value(argc, argv, &i, "--detect-mode", &missing)) || missing) {
            if (missing)
                return cli_usage_error("option '%s' needs a value: full, cache or sparse", a);
            if (strcmp(v, "full") == 0)
                o->det.cache_mode = 0;
            else if (strcmp(v, "cache") == 0)
                o->det.cache_mode = 1;
            else if (strcmp(v, "sparse") == 0)
                o->det.cache_mode = 2;
            else
                return cli_usage_error("bad detect mode '%s': expected full, cache or sparse", v);
        } else if ((v = cli_opt_value(argc, argv, &i, "--granularity", &missing)) || missing) {
            if (missing)
                return cli_usage_error("option '%s' needs a value: 4, 8 or 16", a);
            if (strcmp(v, "4") && strcmp(v, "8") && strcmp(v, "16"))
                return cli_usage_error("bad granularity '%s': expected 4, 8 or 16 (bytes)", v);
            o->det.granularity = (unsigned)atoi(v);
        } else if ((v = cli_opt_value(argc, argv, &i, "--ring", &missing)) || missing) {
            uint64_t n;
            if (missing)
                return cli_usage_error("option '%s' needs a number of records", a);
            if (!cli_parse_u64(v, false, &n) || n < 2 || n > GPU_MEM_BYTES / 32)
                return cli_usage_error(
                    "bad ring size '%s': expected a number of records, 2 or more "
                    "(32 bytes each, within device memory)",
                    v);
            o->det.ring_records = (unsigned)n;
        } else if ((v = cli_opt_value(argc, argv, &i, "--printf-buffer", &missing)) || missing) {
            uint64_t n;
            if (missing)
                return cli_usage_error("option '%s' needs a number of bytes", a);
            if (!cli_parse_u64(v, true, &n) || n < SCORD_PRINTF_MIN_BUFFER || n > GPU_MEM_BYTES)
                return cli_usage_error("bad printf buffer size '%s': expected a number of bytes, "
                                       "256 or more, within device memory",
                                       v);
            o->printf_bytes = (uint32_t)n;
        } else if ((v = cli_opt_value(argc, argv, &i, "--json", &missing)) || missing) {
            if (missing || !*v)
                return cli_usage_error("option '%s' needs a file name (or - for stdout)", a);
            o->json = v;
        } else if ((v = cli_opt_value(argc, argv, &i, "--sarif", &missing)) || missing) {
            if (missing || !*v)
                return cli_usage_error("option '%s' needs a file name", a);
            o->sarif = v;
        } else if ((v = cli_opt_value(argc, argv, &i, "--grid", &missing)) || missing) {
            if (missing)
                return cli_usage_error("option '%s' needs a value X[xY[xZ]]", a);
            if (!parse_dim(v, &o->grid))
                return cli_usage_error("bad grid '%s': expected X[xY[xZ]], decimal, each >= 1", v);
        } else if ((v = cli_opt_value(argc, argv, &i, "--shared", &missing)) || missing) {
            uint64_t n;
            if (missing)
                return cli_usage_error("option '%s' needs a number of bytes", a);
            if (!cli_parse_u64(v, true, &n) || n > UINT32_MAX)
                return cli_usage_error("bad shared memory size '%s': expected a number of bytes "
                                       "(decimal or 0x hex)",
                                       v);
            o->shared = (uint32_t)n;
        } else if ((v = cli_opt_value(argc, argv, &i, "--block", &missing)) || missing) {
            if (missing)
                return cli_usage_error("option '%s' needs a value X[xY[xZ]]", a);
            if (!parse_dim(v, &o->block))
                return cli_usage_error("bad block '%s': expected X[xY[xZ]], decimal, each >= 1", v);
        } else if ((v = cli_opt_value(argc, argv, &i, "--timeout", &missing)) || missing) {
            if (missing)
                return cli_usage_error("option '%s' needs a number of seconds", a);
            char *end;
            errno = 0;
            double t = strtod(v, &end);
            if (errno || end == v || *end || !isfinite(t) || t < 0 || t > 1e6 ||
                !((v[0] >= '0' && v[0] <= '9') || v[0] == '.'))
                return cli_usage_error("bad timeout '%s': expected seconds, 0 to 1000000", v);
            o->timeout_s = t;
        } else if ((v = cli_opt_value(argc, argv, &i, "--trace", &missing)) || missing) {
            if (missing || !*v)
                return cli_usage_error("option '%s' needs a file name", a);
            if (strchr(v, ','))
                return cli_usage_error("trace file name '%s' must not contain ','", v);
            o->trace = v;
        } else if ((v = cli_opt_value(argc, argv, &i, "--dump", &missing)) || missing) {
            if (missing)
                return cli_usage_error("option '%s' needs a value SYMBOL[:BYTES]", a);
            if (o->ndumps == MAX_DUMPS)
                return cli_usage_error("too many --dump options (at most %s)", "32");
            if (!parse_dump(v, &o->dumps[o->ndumps]))
                return cli_usage_error("bad dump '%s': expected SYMBOL[:BYTES], BYTES >= 1", v);
            o->ndumps++;
        } else {
            return cli_usage_error("run: unknown option '%s'", a);
        }
    }
    if (!o->kernel)
        return cli_usage_error("run: missing the kernel ELF file%s", "");
    if (o->sarif && o->json && !strcmp(o->sarif, "-") && !strcmp(o->json, "-"))
        return cli_usage_error("--json and --sarif cannot both write to stdout%s", "");
    if (o->sarif && !o->det.enable)
        return cli_usage_error("--sarif reports the race detector's findings: it cannot go with "
                               "--no-detect%s",
                               "");
    return 0;
}
