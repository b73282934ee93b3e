/* scord-nvcc: build a CUDA program (device and host code in one .cu file)
 * into a host executable whose kernels run on the GPU's cycle model (or a
 * board), with the race detector armed, the way nvcc builds one for an
 * NVIDIA GPU.
 *
 *   scord-nvcc [-o app] [-I dir] [-D name[=v]] [-O2] [-g] [-std=c++17] a.cu [b.cu host.c host.cpp ...]
 *
 * Steps (translate.c does the first): Clang's parser (libclang) reads the
 * .cu file; a device unit (kernels and device functions, volatile accesses
 * made strong, a kernel_main dispatching launches) is compiled by scord-cc
 * with the RISC-V g++ into a kernel image; a host unit (kernels made launch
 * stubs, <<<>>> made call configurations) is compiled by the system's g++
 * with the image embedded, and linked with the CUDA runtime layer
 * (libscord_cudart) and libscord with the cycle model of the configuration
 * chosen (--config, default cuda: CUDA's 32-lane warps). */
#define _XOPEN_SOURCE 700
#include <errno.h>
#include <limits.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scord_nvcc_flags.h"
#include "spawn.h"
#include "translate.h"

#ifndef SCORD_VERSION
#define SCORD_VERSION "unknown"
#endif
/* The configuration a program runs on unless --config says: CUDA's shape
 * (32-lane warps) in the build tree, the installed one in an install. */
#ifndef SCORD_NVCC_DEFAULT_CONFIG
#define SCORD_NVCC_DEFAULT_CONFIG "cuda"
#endif

enum { EXIT_OK = SPAWN_OK, EXIT_COMPILE = SPAWN_FAILED, EXIT_USAGE = 2, EXIT_INSTALL = SPAWN_MISSING };

static const char *prog = "scord-nvcc";

static const char help_text[] =
    "usage: scord-nvcc [options] file.cu [more.cu host.c host.cpp host.o ...]\n"
    "\n"
    "Build a CUDA program (kernels and host code in .cu files) into an executable\n"
    "whose kernels run on the GPU's cycle model with the race detector armed, as nvcc\n"
    "builds one for an NVIDIA GPU. Races are printed when the launch that made them\n"
    "completes (cudaDeviceSynchronize, cudaMemcpy, ...), naming both accesses' lines.\n"
    "\n"
    "  scord-nvcc -o app app.cu && ./app\n"
    "  scord check ./app        (exit status 1 when a race was found)\n"
    "\n"
    "options:\n"
    "  -o FILE            the executable (default a.out)\n"
    "  -I DIR, -D NAME[=V], -U NAME   for both the device and the host code\n"
    "  -O0 ... -O3, -Os   optimisation of both (default -O2)\n"
    "  -g, -G, -lineinfo  accepted: device code always has line information (races\n"
    "                     are reported with source lines)\n"
    "  -std=c++14|c++17|c++20   the C++ dialect of both (default c++17)\n"
    "  -Xcompiler OPT     an option for the host compiler only\n"
    "  -l LIB, -L DIR     for the host link\n"
    "  -arch=..., -gencode ..., --use_fast_math   accepted and ignored (one GPU)\n"
    "  --config NAME      the GPU configuration the program runs on (default\n"
    "                     " SCORD_NVCC_DEFAULT_CONFIG "; cuda: CUDA's 32-lane warps, default: 8-lane\n"
    "                     warps); its cycle model must be built (make sim CONFIG=NAME)\n"
    "                     or installed; SCORD_CONFIG sets it too\n"
    "  --keep             keep the generated files (printed) for inspection\n"
    "  --print-units      print the device and host units the .cu file becomes, and\n"
    "                     stop (what --keep keeps, without building)\n"
    "  --verbose          print every command before running it\n"
    "  --version, -h, --help\n"
    "\n"
    "environment at run time: SCORD_DEVICE (uart:/dev/ttyUSB0 for a board; default\n"
    "the cycle model), SCORD_DETECT_MODE (full, cache or off), SCORD_CHECK_EXITCODE.\n"
    "\n"
    "exit codes: 0 built; 1 the source has errors (Clang's or g++'s diagnostics, or a\n"
    "CUDA feature we do not support, at file:line:col); 2 usage; 3 a tool or the\n"
    "runtime is missing.\n";

/* ---- running tools ------------------------------------------------------------------ */

static bool verbose;

static void push(struct argv_buf *a, const char *s) { argv_push(a, prog, s); }
static void push_buf(struct argv_buf *a, const struct argv_buf *b) { argv_push_buf(a, prog, b); }
static int run(const struct argv_buf *a) { return spawn_run(a, verbose, prog, NULL); }

/* ---- where things are ----------------------------------------------------------- */

static char exe_dir[PATH_MAX]; /* the folder of this executable */

static bool exists(const char *p)
{
    struct stat st;
    return stat(p, &st) == 0;
}

static char *path_fmt(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
static char *path_fmt(const char *fmt, ...)
{
    char buf[PATH_MAX];
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(buf, sizeof buf, fmt, ap);
    va_end(ap);
    if (n < 0 || (size_t)n >= sizeof buf) {
        fprintf(stderr, "%s: path too long: %s\n", prog, buf);
        exit(EXIT_INSTALL);
    }
    char *d = strdup(buf);
    if (!d)
        exit(EXIT_INSTALL);
    return d;
}

/* The first of the candidates (NULL-terminated) that exists, or NULL with
 * a message listing them. */
static const char *first_existing(const char *what, const char *hint, const char **cand)
{
    for (const char **c = cand; *c; c++)
        if (exists(*c))
            return *c;
    fprintf(stderr, "%s: cannot find %s; looked at:\n", prog, what);
    for (const char **c = cand; *c; c++)
        fprintf(stderr, "  %s\n", *c);
    if (hint)
        fprintf(stderr, "%s\n", hint);
    return NULL;
}

/* ---- options --------------------------------------------------------------------------- */

struct opts {
    const char *out;
    const char *config;
    const char *opt;
    const char *std;
    bool keep;
    bool print_units; /* --print-units: the translation's text, no build */
    struct argv_buf common; /* -I -D -U for both sides */
    struct argv_buf host_only;
    struct argv_buf link;
    struct argv_buf cu, other;
};

static bool has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

static int usage_error(const char *msg, const char *what)
{
    fprintf(stderr, "%s: ", prog);
    fprintf(stderr, msg, what);
    fprintf(stderr, " (see 'scord-nvcc --help')\n");
    return EXIT_USAGE;
}

static int parse(int argc, char **argv, struct opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        const char *next = i + 1 < argc ? argv[i + 1] : NULL;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(help_text, stdout);
            return EXIT_OK;
        } else if (!strcmp(a, "--version")) {
            printf("scord-nvcc (scord) %s\n", SCORD_VERSION);
            return EXIT_OK;
        } else if (!strcmp(a, "--verbose") || !strcmp(a, "-v")) {
            verbose = true;
        } else if (!strcmp(a, "--print-units")) {
            o->print_units = true;
        } else if (!strcmp(a, "--keep") || !strcmp(a, "-keep")) {
            o->keep = true;
        } else if (!strcmp(a, "-o") || !strcmp(a, "--config") || !strcmp(a, "-Xcompiler") ||
                   !strcmp(a, "-I") || !strcmp(a, "-D") || !strcmp(a, "-U") ||
                   !strcmp(a, "-l") || !strcmp(a, "-L") || !strcmp(a, "-gencode") ||
                   !strcmp(a, "-arch")) {
            if (!next)
                return usage_error("missing argument to '%s'", a);
            i++;
            if (!strcmp(a, "-o"))
                o->out = next;
            else if (!strcmp(a, "--config"))
                o->config = next;
            else if (!strcmp(a, "-Xcompiler"))
                push(&o->host_only, next);
            else if (!strcmp(a, "-l") || !strcmp(a, "-L")) {
                push(&o->link, a);
                push(&o->link, next);
            } else if (a[1] == 'I' || a[1] == 'D' || a[1] == 'U') {
                push(&o->common, a);
                push(&o->common, next);
            }
        } else if (!strncmp(a, "--config=", 9)) {
            o->config = a + 9;
        } else if (!strncmp(a, "-o", 2)) {
            o->out = a + 2;
        } else if (!strncmp(a, "-I", 2) || !strncmp(a, "-D", 2) || !strncmp(a, "-U", 2)) {
            push(&o->common, a);
        } else if (!strncmp(a, "-l", 2) || !strncmp(a, "-L", 2) || !strncmp(a, "-Wl,", 4)) {
            push(&o->link, a);
        } else if (!strncmp(a, "-O", 2)) {
            o->opt = a;
        } else if (!strncmp(a, "-std=", 5)) {
            if (strcmp(a + 5, "c++11") && strcmp(a + 5, "c++14") && strcmp(a + 5, "c++17") &&
                strcmp(a + 5, "c++20"))
                return usage_error("unsupported C++ dialect '%s' (c++11, c++14, c++17 or c++20)",
                                   a);
            o->std = a;
        } else if (!strcmp(a, "-g") || !strcmp(a, "-G") || !strcmp(a, "-lineinfo") ||
                   !strncmp(a, "-arch=", 6) || !strncmp(a, "--gpu-architecture", 18) ||
                   !strncmp(a, "-gencode=", 9) || !strcmp(a, "--use_fast_math") ||
                   !strcmp(a, "-use_fast_math") || !strncmp(a, "-W", 2)) {
            /* line information is always on; one GPU; warnings are g++'s */
        } else if (a[0] == '-' && a[1]) {
            return usage_error("unknown option '%s'", a);
        } else if (has_suffix(a, ".cu")) {
            push(&o->cu, a);
        } else if (has_suffix(a, ".c") || has_suffix(a, ".cpp") || has_suffix(a, ".cc") ||
                   has_suffix(a, ".cxx") || has_suffix(a, ".o") || has_suffix(a, ".a")) {
            push(&o->other, a);
        } else {
            return usage_error("'%s': not a .cu, C, C++ or object file", a);
        }
    }
    if (o->cu.n == 0)
        return usage_error("no .cu file given%s", "");
    return -1;
}

/* ---- building ------------------------------------------------------------------------------ */

static bool write_file(const char *path, const char *a, const char *b, const char *c)
{
    FILE *f = fopen(path, "w");
    if (!f) {
        fprintf(stderr, "%s: cannot write %s: %s\n", prog, path, strerror(errno));
        return false;
    }
    fputs(a, f);
    fputs(b, f);
    fputs(c, f);
    return fclose(f) == 0;
}

/* "path" as a C string literal body (the #line names and .incbin). */
static char *quoted(const char *s)
{
    char *q = malloc(2 * strlen(s) + 1), *d = q;
    if (!q)
        exit(EXIT_INSTALL);
    for (; *s; s++) {
        if (*s == '"' || *s == '\\')
            *d++ = '\\';
        *d++ = *s;
    }
    *d = '\0';
    return q;
}

struct text {
    char *p;
    size_t n, cap;
};

static void tprintf(struct text *t, const char *fmt, ...) __attribute__((format(printf, 2, 3)));
static void tprintf(struct text *t, const char *fmt, ...)
{
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(NULL, 0, fmt, ap);
    va_end(ap);
    if (n < 0)
        return;
    if (t->n + (size_t)n + 1 > t->cap) {
        size_t cap = t->cap ? t->cap : 1024;
        while (t->n + (size_t)n + 1 > cap)
            cap *= 2;
        char *p = realloc(t->p, cap);
        if (!p)
            exit(EXIT_INSTALL);
        t->p = p;
        t->cap = cap;
    }
    va_start(ap, fmt);
    vsnprintf(t->p + t->n, (size_t)n + 1, fmt, ap);
    va_end(ap);
    t->n += (size_t)n;
}

/* One .cu file translated: its units' files and what the others need. */
struct cu_file {
    const char *path;
    char abs[PATH_MAX], dir[PATH_MAX];
    struct nvcc_unit u;
    char *dev_cpp, *host_cpp;
};

static void cleanup(struct cu_file *f, size_t n, bool keep)
{
    for (size_t i = 0; i < n; i++) {
        if (!keep) {
            if (f[i].dev_cpp)
                unlink(f[i].dev_cpp);
            if (f[i].host_cpp)
                unlink(f[i].host_cpp);
        } else if (f[i].dev_cpp) {
            fprintf(stderr, "%s: kept %s and %s\n", prog, f[i].dev_cpp, f[i].host_cpp);
        }
        free(f[i].dev_cpp);
        free(f[i].host_cpp);
        nvcc_unit_free(&f[i].u);
    }
    free(f);
}

static int build(struct opts *o, const char *tmp)
{
    size_t nf = o->cu.n;
    struct cu_file *f = calloc(nf, sizeof *f);
    if (!f)
        return EXIT_INSTALL;
    for (size_t i = 0; i < nf; i++) {
        f[i].path = o->cu.v[i];
        if (!realpath(f[i].path, f[i].abs)) {
            fprintf(stderr, "%s: %s: %s\n", prog, f[i].path, strerror(errno));
            cleanup(f, nf, false);
            return EXIT_USAGE;
        }
        snprintf(f[i].dir, sizeof f[i].dir, "%s", f[i].abs);
        *strrchr(f[i].dir, '/') = '\0';
    }

    /* where the headers, scord-cc and the libraries are: an install's
     * PREFIX/lib/scord, or the build tree (build/bin beside build/lib and
     * build/<config>/lib) */
    const char *inc_c[] = {path_fmt("%s/../lib/scord/nvcc/include", exe_dir), NULL};
    const char *inc = first_existing("scord-nvcc's headers", "(make scord-nvcc, or make install)",
                                     inc_c);
    const char *cinc_c[] = {path_fmt("%s/../lib/scord/cuda/include", exe_dir), NULL};
    const char *cuda_inc = first_existing("the CUDA runtime's headers (cuda_runtime.h)",
                                          "(make scord-nvcc, or make install)", cinc_c);
    if (!inc || !cuda_inc) {
        cleanup(f, nf, false);
        return EXIT_INSTALL;
    }

    /* 1. translate every file; kernel indices run on from file to file */
    struct argv_buf ca = {0};
    push(&ca, "-x");
    push(&ca, "cuda");
    push(&ca, "--cuda-host-only");
    push(&ca, "-nocudainc");
    push(&ca, "-nocudalib");
    push(&ca, o->std ? o->std : "-std=c++17");
    push(&ca, "-I");
    push(&ca, inc);
    push(&ca, "-I");
    push(&ca, cuda_inc);
    push(&ca, "-include");
    push(&ca, "scord_nvcc_parse.h");
    push_buf(&ca, &o->common);
    unsigned next_id = 0;
    int failed = 0;
    /* our own header folders: a header there is not the program's */
    char *ours_dev = path_fmt("%s/../lib/scord/device/include", exe_dir);
    char *ours[] = {realpath(inc, NULL), realpath(cuda_inc, NULL), realpath(ours_dev, NULL), NULL};
    const char *our_dirs[4];
    size_t no = 0;
    for (size_t i = 0; i < 3; i++)
        if (ours[i])
            our_dirs[no++] = ours[i];
    our_dirs[no] = NULL;
    for (size_t i = 0; i < nf; i++) {
        int errs = nvcc_translate(f[i].path, ca.v, (int)ca.n, next_id, (unsigned)i, our_dirs,
                                  &f[i].u);
        if (errs) {
            if (errs > 0)
                fprintf(stderr, "%d error%s in %s\n", errs, errs == 1 ? "" : "s", f[i].path);
            failed = 1;
            continue;
        }
        for (size_t k = 0; k < f[i].u.nkernels; k++)
            if (f[i].u.kernels[k].id >= next_id)
                next_id = f[i].u.kernels[k].id + 1;
    }
    free(ca.v);
    for (size_t i = 0; i < 3; i++)
        free(ours[i]);
    free(ours_dev);
    if (failed) {
        cleanup(f, nf, false);
        return EXIT_COMPILE;
    }
    if (o->print_units) {
        for (size_t i = 0; i < nf; i++) {
            const struct nvcc_unit *u = &f[i].u;
            printf("// ---- device unit of %s\n%s", f[i].path, u->device_src);
            printf("// ---- host unit of %s\n%s", f[i].path, u->host_src);
            for (size_t h = 0; h < u->nheaders; h++)
                printf("// ---- device copy %s of %s\n%s// ---- host copy %s of %s\n%s",
                       u->headers[h].name, u->headers[h].path, u->headers[h].device_src,
                       u->headers[h].name, u->headers[h].path, u->headers[h].host_src);
            for (size_t k = 0; k < u->nkernels; k++)
                printf("// kernel %u: %s\n", u->kernels[k].id, u->kernels[k].target);
            for (size_t k = 0; k < u->nvars; k++)
                printf("// device variable %s: symbol %s\n", u->vars[k].name, u->vars[k].symbol);
        }
        cleanup(f, nf, false);
        return EXIT_OK;
    }

    /* the tools and libraries: after the translation, so that a program's
     * own errors come first */
    const char *cc_c[] = {path_fmt("%s/scord-cc", exe_dir), NULL};
    const char *scord_cc = first_existing("scord-cc", NULL, cc_c);
    const char *lib_c[] = {path_fmt("%s/../lib/scord/%s/libscord.a", exe_dir, o->config),
                           path_fmt("%s/../%s/lib/libscord.a", exe_dir, o->config), NULL};
    char hint[256];
    snprintf(hint, sizeof hint,
             "the cycle model of configuration '%s' is not built: make sim CONFIG=%s (or "
             "choose one with --config)",
             o->config, o->config);
    const char *libscord = first_existing("libscord for this configuration", hint, lib_c);
    const char *rt_c[] = {path_fmt("%s/../lib/scord/libscord_cudart.a", exe_dir),
                          path_fmt("%s/../lib/libscord_cudart.a", exe_dir), NULL};
    const char *cudart = first_existing("the CUDA runtime layer (libscord_cudart.a)", NULL, rt_c);
    if (!scord_cc || !libscord || !cudart) {
        cleanup(f, nf, false);
        return EXIT_INSTALL;
    }

    /* 2. the device units, each with a dispatch of its kernels, and one
     * kernel_main asking them in turn: one kernel image */
    char *dev_elf = path_fmt("%s/kernel.elf", tmp);
    char *main_cpp = path_fmt("%s/kernel_main.cpp", tmp);
    struct text km = {0};
    tprintf(&km, "#line 1 \"<scord-nvcc: kernel dispatch>\"\n");
    for (size_t i = 0; i < nf; i++)
        tprintf(&km, "extern \"C\" int __scord_dispatch_%zu(unsigned id, void *arg);\n", i);
    tprintf(&km, "extern \"C\" void kernel_main(void *arg)\n{\n"
                 "    unsigned id = *(const unsigned *)arg;\n");
    for (size_t i = 0; i < nf; i++)
        tprintf(&km, "    if (__scord_dispatch_%zu(id, arg))\n        return;\n", i);
    /* an index no launch named (the host stub said why): stop the kernel */
    tprintf(&km, "    __builtin_trap();\n}\n");
    int rc = write_file(main_cpp, km.p, "", "") ? EXIT_OK : EXIT_INSTALL;
    free(km.p);
    /* the edited copies of the program's headers, one folder a side */
    char *dev_inc = path_fmt("%s/dev-inc", tmp), *host_inc = path_fmt("%s/host-inc", tmp);
    if (rc == EXIT_OK && (mkdir(dev_inc, 0700) || mkdir(host_inc, 0700))) {
        fprintf(stderr, "%s: cannot create %s: %s\n", prog, dev_inc, strerror(errno));
        rc = EXIT_INSTALL;
    }
    for (size_t i = 0; i < nf && rc == EXIT_OK; i++)
        for (size_t h = 0; h < f[i].u.nheaders && rc == EXIT_OK; h++) {
            const struct nvcc_header *hd = &f[i].u.headers[h];
            char *q = quoted(hd->path);
            char *line = path_fmt("#line 1 \"%s\"\n", q);
            char *dp = path_fmt("%s/%s", dev_inc, hd->name), *hp = path_fmt("%s/%s", host_inc, hd->name);
            if (!write_file(dp, line, hd->device_src, "") || !write_file(hp, line, hd->host_src, ""))
                rc = EXIT_INSTALL;
            free(q);
            free(line);
            free(dp);
            free(hp);
        }
    for (size_t i = 0; i < nf && rc == EXIT_OK; i++) {
        const struct nvcc_unit *u = &f[i].u;
        char *q = quoted(f[i].abs);
        struct text d = {0}, dt = {0};
        tprintf(&d, "#include <scord_cuda.h>\n#include <scord_nvcc_device.h>\n#line 1 \"%s\"\n",
                q);
        tprintf(&dt, "\n#line 1 \"<scord-nvcc: kernel dispatch>\"\n"
                     "extern \"C\" int __scord_dispatch_%zu(unsigned id, void *arg)\n{\n"
                     "    switch (id) {\n", i);
        for (size_t k = 0; k < u->nkernels; k++) {
            const struct nvcc_kernel *kn = &u->kernels[k];
            bool overloaded = false;
            for (size_t j = 0; j < u->nkernels && kn->sig; j++)
                overloaded |= j != k && !strcmp(u->kernels[j].name, kn->name);
            if (overloaded) /* the overload of these parameter types */
                tprintf(&dt, "    case %uu: { void (*f)(%s) = &%s; __scord_call(f, arg); return 1; }\n",
                        kn->id, kn->sig, kn->target);
            else
                tprintf(&dt, "    case %uu: __scord_call(&%s, arg); return 1;\n", kn->id,
                        kn->target);
        }
        tprintf(&dt, "    default: (void)arg; return 0;\n    }\n}\n");
        f[i].dev_cpp = path_fmt("%s/device-%zu.cpp", tmp, i);
        if (!write_file(f[i].dev_cpp, d.p, u->device_src, dt.p))
            rc = EXIT_INSTALL;
        free(d.p);
        free(dt.p);
        free(q);
    }
    if (rc == EXIT_OK) {
        struct argv_buf dc = {0};
        push(&dc, scord_cc);
        if (verbose)
            push(&dc, "--verbose");
        push(&dc, o->opt ? o->opt : "-O2");
        push(&dc, "-g");
        if (o->std) /* else scord-cc's C++ default, gnu++17 */
            push(&dc, o->std);
        push(&dc, "-Wno-unused-parameter");
        push(&dc, "-iquote");
        push(&dc, dev_inc);
        for (size_t i = 0; i < nf; i++) {
            push(&dc, "-iquote");
            push(&dc, f[i].dir);
        }
        /* CUDA programs' host includes (<cuda_runtime.h>, <cstdio>, ...)
         * resolve to the device directory's shims in device code */
        char *shim = path_fmt("%s/../lib/scord/device/include/cuda-device", exe_dir);
        if (exists(shim)) {
            push(&dc, "-I");
            push(&dc, shim);
        }
        push(&dc, "-I");
        push(&dc, inc);
        push_buf(&dc, &o->common);
        push(&dc, "-o");
        push(&dc, dev_elf);
        for (size_t i = 0; i < nf; i++)
            push(&dc, f[i].dev_cpp);
        push(&dc, main_cpp);
        rc = run(&dc);
        free(dc.v);
        free(shim);
    }

    /* 3. the host units: the first embeds the image; each registers its
     * device variables and answers for its template kernels' instances */
    char *qelf = quoted(dev_elf);
    for (size_t i = 0; i < nf && rc == EXIT_OK; i++) {
        const struct nvcc_unit *u = &f[i].u;
        char *q = quoted(f[i].abs);
        struct text h = {0}, ht = {0};
        tprintf(&h, "#include <scord_nvcc_host.h>\n#line 1 \"%s\"\n", q);
        tprintf(&ht, "\n#line 1 \"<scord-nvcc: registration>\"\n");
        if (i == 0)
            tprintf(&ht,
                    "extern \"C\" const unsigned char __scord_image[], __scord_image_end[];\n"
                    "__asm__(\".section .rodata\\n.balign 8\\n.globl __scord_image\\n"
                    "__scord_image:\\n.incbin \\\"%s\\\"\\n.globl __scord_image_end\\n"
                    "__scord_image_end:\\n.previous\\n\");\n",
                    qelf);
        tprintf(&ht, "static void __attribute__((constructor)) __scord_register(void)\n{\n");
        if (i == 0)
            tprintf(&ht,
                    "    __scordCudaRegisterImage(__scord_image, (size_t)(__scord_image_end - "
                    "__scord_image), \"%s\");\n",
                    q);
        for (size_t k = 0; k < u->nvars; k++)
            tprintf(&ht, "    __scordCudaRegisterVar((const void *)&%s, \"%s\", sizeof %s);\n",
                    u->vars[k].name, u->vars[k].symbol, u->vars[k].name);
        tprintf(&ht, "}\n");
        /* template kernels' instances: the stub of each asks for its index
         * by its own address */
        tprintf(&ht, "static unsigned __scord_kernel_id(const void *fn)\n{\n");
        for (size_t k = 0; k < u->nkernels; k++)
            if (u->kernels[k].instance)
                tprintf(&ht, "    if (fn == (const void *)&%s)\n        return %uu;\n",
                        u->kernels[k].target, u->kernels[k].id);
        tprintf(&ht, "    (void)fn;\n    return __SCORD_NO_KERNEL;\n}\n");
        f[i].host_cpp = path_fmt("%s/host-%zu.cpp", tmp, i);
        if (!write_file(f[i].host_cpp, h.p, u->host_src, ht.p))
            rc = EXIT_INSTALL;
        free(h.p);
        free(ht.p);
        free(q);
    }
    if (rc == EXIT_OK) {
        struct argv_buf hc = {0};
        const char *cxx = getenv("SCORD_HOST_CXX");
        push(&hc, cxx && *cxx ? cxx : SCORD_NVCC_HOST_CXX);
        push(&hc, o->std ? o->std : "-std=c++17");
        push(&hc, o->opt ? o->opt : "-O2");
        push(&hc, "-g");
        push(&hc, "-iquote");
        push(&hc, host_inc);
        for (size_t i = 0; i < nf; i++) {
            push(&hc, "-iquote");
            push(&hc, f[i].dir);
        }
        push(&hc, "-I");
        push(&hc, inc);
        push(&hc, "-I");
        push(&hc, cuda_inc);
        push_buf(&hc, &o->common);
        push_buf(&hc, &o->host_only);
        push(&hc, "-o");
        push(&hc, o->out ? o->out : "a.out");
        for (size_t i = 0; i < nf; i++)
            push(&hc, f[i].host_cpp);
        push_buf(&hc, &o->other);
        push_buf(&hc, &o->link);
        push(&hc, cudart);
        push(&hc, libscord);
        for (const char *const *l = nvcc_host_libs; *l; l++)
            push(&hc, *l);
        rc = run(&hc);
        free(hc.v);
    }
    free(qelf);
    if (o->keep) {
        fprintf(stderr, "%s: kept %s and %s\n", prog, main_cpp, dev_elf);
    } else {
        unlink(main_cpp);
        unlink(dev_elf);
        for (size_t i = 0; i < nf; i++)
            for (size_t h = 0; h < f[i].u.nheaders; h++) {
                char *dp = path_fmt("%s/%s", dev_inc, f[i].u.headers[h].name);
                char *hp = path_fmt("%s/%s", host_inc, f[i].u.headers[h].name);
                unlink(dp);
                unlink(hp);
                free(dp);
                free(hp);
            }
        rmdir(dev_inc);
        rmdir(host_inc);
    }
    free(dev_inc);
    free(host_inc);
    free(main_cpp);
    free(dev_elf);
    cleanup(f, nf, o->keep);
    return rc;
}

int main(int argc, char **argv)
{
    struct opts o = {0};
    o.config = getenv("SCORD_CONFIG");
    if (!o.config || !*o.config)
        o.config = SCORD_NVCC_DEFAULT_CONFIG;
    int rc = parse(argc, argv, &o);
    if (rc >= 0)
        return rc;
    ssize_t n = readlink("/proc/self/exe", exe_dir, sizeof exe_dir - 1);
    if (n <= 0) {
        fprintf(stderr, "%s: cannot find its own folder: %s\n", prog, strerror(errno));
        return EXIT_INSTALL;
    }
    exe_dir[n] = '\0';
    *strrchr(exe_dir, '/') = '\0';
    const char *tdir = getenv("TMPDIR");
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/scord-nvcc.XXXXXX", tdir && *tdir ? tdir : "/tmp");
    if (!mkdtemp(tmp)) {
        fprintf(stderr, "%s: cannot make a temporary directory %s: %s\n", prog, tmp,
                strerror(errno));
        return EXIT_INSTALL;
    }
    rc = build(&o, tmp);
    if (!o.keep)
        rmdir(tmp);
    free(o.common.v);
    free(o.host_only.v);
    free(o.link.v);
    free(o.cu.v);
    free(o.other.v);
    return rc;
}
