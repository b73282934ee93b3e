/* scord-scor's options: the detector configurations it can run, the
 * command line, its usage text and messages. */
#define _POSIX_C_SOURCE 200809L
#include <errno.h>
#include <stdarg.h>
#include <stdlib.h>
#include <string.h>

#include "scor.h"

const struct config scor_configs[NUM_CONFIGS] = {
    {"off", 0, 0, 4, false, false},   {"full", 1, 0, 4, false, false},
    {"full8", 1, 0, 8, false, true},  {"full16", 1, 0, 16, false, true},
    {"cache", 1, 1, 4, false, false}, {"sparse", 1, 2, 4, true, false},
};
_Static_assert(sizeof scor_configs / sizeof scor_configs[0] == NUM_CONFIGS, "NUM_CONFIGS");

/* Where the suite's kernel builds and sources are: the tree's, unless an
 * installed runner was built with its data directory (driver/install.mk). */
#ifndef SCOR_SW_DIR
#define SCOR_SW_DIR "build/sw"
#endif
#ifndef SCOR_SRC_ROOT
#define SCOR_SRC_ROOT "."
#endif

struct scor_options scor_opt = {"sim", SCOR_SW_DIR, SCOR_SRC_ROOT, NULL, NULL, 600000, 1024, false,
                                false, false, false, true, false, {false}, false, 0};

const char scor_prog[] = "scord-scor";

static int usage(FILE *f, int rc)
{
    fprintf(f,
            "usage: %s [options] [workload|micro|detector|beyond|apps ...]\n"
            "  --device URI      device (default sim)\n"
            "  --sw-dir DIR      kernel builds (default " SCOR_SW_DIR ")\n"
            "  --src-root DIR    repository root, for the kernels' sources (default " SCOR_SRC_ROOT ")\n"
            "  --configs LIST    comma list of off,full,full8,full16,cache,sparse (default all\n"
            "                    but sparse; full8 and full16 then only on the race-free\n"
            "                    application builds, as Table VII needs)\n"
            "  --check           PASS/FAIL line per workload and configuration\n"
            "  --tables          Table VI, Fig 8/9 data, Table VII, the beyond table on stdout\n"
            "  --json FILE       every result as a JSON array\n"
            "  --data-dir DIR    write fig8.dat and fig9.dat (gnuplot) there\n"
            "  --progress        progress on stderr\n"
            "  --no-warmup       do not run each workload once before measuring\n"
            "  --large           the applications' larger inputs\n"
            "  --ring N          race ring records (default 1024)\n"
            "  --timeout MS      per launch, wall clock (default 600000)\n"
            "  -j, --jobs N      run N simulations at once in worker processes (default:\n"
            "                    the number of online CPUs; 1 with a device other than\n"
            "                    sim). Every result and line printed is the same as with -j1\n"
            "  --list            list the workloads and exit\n"
            "  -v                print every race report\n"
            "Without workloads: every one. Exit 0 ok, 1 failure, 2 usage, 3 device error.\n",
            scor_prog);
    return rc;
}

int scor_usage_error(const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    fprintf(stderr, "%s: ", scor_prog);
    vfprintf(stderr, fmt, ap);
    va_end(ap);
    fprintf(stderr, "\n(try %s --help)\n", scor_prog);
    return 2;
}

/* snprintf through a function: truncating a long message is fine here. */
void scor_fmt_to(char *buf, size_t len, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    vsnprintf(buf, len, fmt, ap);
    va_end(ap);
}

int scor_config_index(const char *name)
{
    for (size_t i = 0; i < NUM_CONFIGS; i++)
        if (!strcmp(scor_configs[i].name, name))
            return (int)i;
    return -1;
}

int scor_read_options(int argc, char **argv, struct scor_words *words)
{
    const char *cfg_list = NULL;
    const char **sel = words->sel;
    int nsel = 0;
    bool list = false;
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
#define ARG(name)                                                                                  \
    (!strcmp(a, name) && (i + 1 < argc || (scor_usage_error("%s needs a value", name), exit(2), 0)))
        if (!strcmp(a, "-h") || !strcmp(a, "--help"))
            return usage(stdout, 0);
        else if (ARG("--device"))
            scor_opt.uri = argv[++i];
        else if (ARG("--sw-dir"))
            scor_opt.sw_dir = argv[++i];
        else if (ARG("--src-root"))
            scor_opt.root = argv[++i];
        else if (ARG("--configs"))
            cfg_list = argv[++i];
        else if (ARG("--json"))
            scor_opt.json = argv[++i];
        else if (ARG("--data-dir"))
            scor_opt.data_dir = argv[++i];
        else if (!strcmp(a, "-j") || !strcmp(a, "--jobs") || !strncmp(a, "-j", 2) ||
                 !strncmp(a, "--jobs=", 7)) {
            /* -j N, -jN, --jobs N, --jobs=N */
            const char *v = !strncmp(a, "--jobs=", 7) ? a + 7
                            : a[1] == 'j' && a[2]     ? a + 2
                            : i + 1 < argc            ? argv[++i]
                                                      : NULL;
            char *end;
            errno = 0;
            unsigned long n = v ? strtoul(v, &end, 10) : 0;
            if (!v)
                return scor_usage_error("%s needs a number of jobs", a);
            if (!*v || *end || errno || n == 0 || n > 1024 || *v == '-' || *v == '+')
                return scor_usage_error("-j: bad number of jobs '%s' (1..1024)", v);
            scor_opt.jobs = (unsigned)n;
        } else if (ARG("--timeout") || ARG("--ring")) {
            const char *o = a, *v = argv[++i];
            char *end;
            errno = 0;
            unsigned long n = strtoul(v, &end, 0);
            if (!*v || *end || errno || n == 0 || n > 100000000ul || *v == '-')
                return scor_usage_error("%s: bad number '%s'", o, v);
            if (!strcmp(o, "--ring")) {
                if (n < 2 || n > 65536)
                    return scor_usage_error("--ring: %lu records, expected 2..65536", n);
                scor_opt.ring = (unsigned)n;
            } else {
                scor_opt.timeout_ms = (unsigned)n;
            }
        } else if (!strcmp(a, "--check"))
            scor_opt.check = true;
        else if (!strcmp(a, "--tables"))
            scor_opt.tables = true;
        else if (!strcmp(a, "--progress"))
            scor_opt.progress = true;
        else if (!strcmp(a, "--no-warmup"))
            scor_opt.warmup = false;
        else if (!strcmp(a, "--large"))
            scor_opt.large = true;
        else if (!strcmp(a, "--list"))
            list = true;
        else if (!strcmp(a, "-v") || !strcmp(a, "--verbose"))
            scor_opt.verbose = true;
        else if (a[0] == '-')
            return scor_usage_error("unknown option '%s'", a);
        else if (nsel < 256)
            sel[nsel++] = a;
        else
            return scor_usage_error("too many workloads");
#undef ARG
    }
    if (cfg_list) {
        char buf[256];
        snprintf(buf, sizeof buf, "%s", cfg_list);
        for (char *save = NULL, *t = strtok_r(buf, ",", &save); t; t = strtok_r(NULL, ",", &save)) {
            int c = scor_config_index(t);
            if (c < 0)
                return scor_usage_error(
                    "unknown configuration '%s' (off, full, full8, full16, cache, sparse)", t);
            scor_opt.cfg_on[c] = true;
        }
    } else {
        scor_opt.cfg_default = true;
        for (size_t c = 0; c < NUM_CONFIGS; c++)
            scor_opt.cfg_on[c] = !scor_configs[c].on_request;
    }
    if (scor_opt.check)
        scor_opt.warmup = false;
    words->nsel = nsel;
    words->list = list;
    return -1;
}
