/* scord-nvcc: build a CUDA program (device and host code in one .cu file)
 * into a host executable whose kernels run on the GPU's cycle model (or a
 * board), with the race detector armed, the way nvcc builds one for an
 * NVIDIA GPU.
 *
 *   scord-nvcc [-o app] [-I dir] [-D name[=v]] [-O2] [-g] [-std=c++17] file.cu [host.c host.cpp ...]
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
#include "translate.h"

#ifndef SCORD_VERSION
#define SCORD_VERSION "unknown"
#endif
/* The configuration a program runs on unless --config says: CUDA's shape
 * (32-lane warps) in the build tree, the installed one in an install. */
#ifndef SCORD_NVCC_DEFAULT_CONFIG
#define SCORD_NVCC_DEFAULT_CONFIG "cuda"
#endif

enum { EXIT_OK = 0, EXIT_COMPILE = 1, EXIT_USAGE = 2, EXIT_INSTALL = 3 };

static const char *prog = "scord-nvcc";

static const char help_text[] =
    "usage: scord-nvcc [options] file.cu [host.c host.cpp host.o ...]\n"
    "\n"
    "Build a CUDA program (kernels and host code in one .cu file) into an executable\n"
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

/* ---- argument vectors --------------------------------------------------------- */

struct argv_buf {
    const char **v;
    size_t n, cap;
};

static void push(struct argv_buf *a, const char *s)
{
    if (a->n + 2 > a->cap) {
        size_t cap = a->cap ? 2 * a->cap : 32;
        const char **v = realloc(a->v, cap * sizeof *v);
        if (!v) {
            fprintf(stderr, "%s: out of memory\n", prog);
            exit(EXIT_INSTALL);
        }
        a->v = v;
        a->cap = cap;
    }
    a->v[a->n++] = s;
    a->v[a->n] = NULL;
}

static void push_buf(struct argv_buf *a, const struct argv_buf *b)
{
    for (size_t i = 0; i < b->n; i++)
        push(a, b->v[i]);
}

static bool verbose;

static int run(const struct argv_buf *a)
{
    if (verbose) {
        for (size_t i = 0; i < a->n; i++)
            fprintf(stderr, "%s%s", i ? " " : "", a->v[i]);
        fputc('\n', stderr);
    }
    fflush(NULL);
    pid_t pid = fork();
    if (pid < 0) {
        fprintf(stderr, "%s: fork: %s\n", prog, strerror(errno));
        return EXIT_INSTALL;
    }
    if (pid == 0) {
        execvp(a->v[0], (char *const *)a->v);
        fprintf(stderr, "%s: cannot run '%s': %s\n", prog, a->v[0], strerror(errno));
        _exit(127);
    }
    int st;
    while (waitpid(pid, &st, 0) < 0)
        if (errno != EINTR)
            return EXIT_INSTALL;
    if (WIFEXITED(st))
        return WEXITSTATUS(st) == 127 ? EXIT_INSTALL : WEXITSTATUS(st) ? EXIT_COMPILE : EXIT_OK;
    fprintf(stderr, "%s: '%s' was killed by signal %d\n", prog, a->v[0], WTERMSIG(st));
    return EXIT_COMPILE;
}

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
    if (o->cu.n != 1)
        return usage_error(o->cu.n ? "%s" : "no .cu file given%s",
                           o->cu.n ? "more than one .cu file: one per program for now (put "
                                     "the device code of a program in one .cu file)"
                                   : "");
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

static int build(struct opts *o, const char *tmp)
{
    const char *cu = o->cu.v[0];
    char cu_abs[PATH_MAX];
    if (!realpath(cu, cu_abs)) {
        fprintf(stderr, "%s: %s: %s\n", prog, cu, strerror(errno));
        return EXIT_USAGE;
    }
    char cu_dir[PATH_MAX];
    snprintf(cu_dir, sizeof cu_dir, "%s", cu_abs);
    *strrchr(cu_dir, '/') = '\0';

    /* where the headers, scord-cc and the libraries are: an install's
     * PREFIX/lib/scord, or the build tree (build/bin beside build/lib and
     * build/<config>/lib) */
    const char *inc_c[] = {path_fmt("%s/../lib/scord/nvcc/include", exe_dir), NULL};
    const char *inc = first_existing("scord-nvcc's headers", "(make scord-nvcc, or make install)",
                                     inc_c);
    const char *cinc_c[] = {path_fmt("%s/../lib/scord/cuda/include", exe_dir), NULL};
    const char *cuda_inc = first_existing("the CUDA runtime's headers (cuda_runtime.h)",
                                          "(make scord-nvcc, or make install)", cinc_c);
    if (!inc || !cuda_inc)
        return EXIT_INSTALL;

    /* 1. translate */
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
    struct nvcc_unit u;
    int errs = nvcc_translate(cu, ca.v, (int)ca.n, 0, &u);
    free(ca.v);
    if (errs) {
        if (errs > 0)
            fprintf(stderr, "%d error%s in %s\n", errs, errs == 1 ? "" : "s", cu);
        nvcc_unit_free(&u);
        return EXIT_COMPILE;
    }

    if (o->print_units) {
        printf("// ---- device unit of %s\n%s", cu, u.device_src);
        printf("// ---- host unit of %s\n%s", cu, u.host_src);
        for (size_t i = 0; i < u.nkernels; i++)
            printf("// kernel %u: %s\n", u.kernels[i].id, u.kernels[i].target);
        for (size_t i = 0; i < u.nvars; i++)
            printf("// device variable %s: symbol %s\n", u.vars[i].name, u.vars[i].symbol);
        nvcc_unit_free(&u);
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
        nvcc_unit_free(&u);
        return EXIT_INSTALL;
    }
    char *qcu = quoted(cu_abs);
    /* 2. the device unit and the kernel image */
    struct text d = {0};
    tprintf(&d, "#include <scord_cuda.h>\n#include <scord_nvcc_device.h>\n#line 1 \"%s\"\n", qcu);
    struct text dt = {0};
    tprintf(&dt, "\n#line 1 \"<scord-nvcc: kernel dispatch>\"\n"
                 "extern \"C\" void kernel_main(void *__scord_arg)\n{\n"
                 "    switch (*(const unsigned *)__scord_arg) {\n");
    for (size_t i = 0; i < u.nkernels; i++)
        tprintf(&dt, "    case %uu: __scord_call(&%s, __scord_arg); break;\n", u.kernels[i].id,
                u.kernels[i].target);
    /* an index no launch named (the host stub said why): stop the kernel */
    tprintf(&dt, "    default: __builtin_trap();\n    }\n}\n");
    char *dev_cpp = path_fmt("%s/device.cpp", tmp);
    char *dev_elf = path_fmt("%s/kernel.elf", tmp);
    if (!write_file(dev_cpp, d.p, u.device_src, dt.p))
        return EXIT_INSTALL;
    struct argv_buf dc = {0};
    push(&dc, scord_cc);
    if (verbose)
        push(&dc, "--verbose");
    push(&dc, o->opt ? o->opt : "-O2");
    push(&dc, "-g");
    push(&dc, o->std ? o->std : "-std=gnu++17");
    push(&dc, "-Wno-unused-parameter");
    push(&dc, "-iquote");
    push(&dc, cu_dir);
    /* CUDA programs' host includes (<cuda_runtime.h>, <cstdio>, ...) resolve
     * to the device directory's shims in device code */
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
    push(&dc, dev_cpp);
    int rc = run(&dc);
    free(dc.v);
    free(shim);
    if (rc != EXIT_OK) {
        nvcc_unit_free(&u);
        return rc;
    }

    /* 3. the host unit, with the image and the device variables registered */
    struct text h = {0};
    tprintf(&h, "#include <scord_nvcc_host.h>\n#line 1 \"%s\"\n", qcu);
    char *qelf = quoted(dev_elf);
    struct text ht = {0};
    tprintf(&ht,
            "\n#line 1 \"<scord-nvcc: registration>\"\n"
            "extern \"C\" const unsigned char __scord_image[], __scord_image_end[];\n"
            "__asm__(\".section .rodata\\n.balign 8\\n.globl __scord_image\\n__scord_image:\\n"
            ".incbin \\\"%s\\\"\\n.globl __scord_image_end\\n__scord_image_end:\\n.previous\\n\");\n"
            "static void __attribute__((constructor)) __scord_register(void)\n{\n"
            "    __scordCudaRegisterImage(__scord_image, (size_t)(__scord_image_end - "
            "__scord_image), \"%s\");\n",
            qelf, qcu);
    for (size_t i = 0; i < u.nvars; i++)
        tprintf(&ht, "    __scordCudaRegisterVar((const void *)&%s, \"%s\", sizeof %s);\n",
                u.vars[i].name, u.vars[i].symbol, u.vars[i].name);
    tprintf(&ht, "}\n");
    /* template kernels' instances: the stub of each asks for its index by
     * its own address */
    tprintf(&ht, "static unsigned __scord_kernel_id(const void *fn)\n{\n");
    for (size_t i = 0; i < u.nkernels; i++)
        if (u.kernels[i].instance)
            tprintf(&ht, "    if (fn == (const void *)&%s)\n        return %uu;\n",
                    u.kernels[i].target, u.kernels[i].id);
    tprintf(&ht, "    (void)fn;\n    return __SCORD_NO_KERNEL;\n}\n");
    char *host_cpp = path_fmt("%s/host.cpp", tmp);
    if (!write_file(host_cpp, h.p, u.host_src, ht.p))
        return EXIT_INSTALL;
    nvcc_unit_free(&u);

    struct argv_buf hc = {0};
    const char *cxx = getenv("SCORD_HOST_CXX");
    push(&hc, cxx && *cxx ? cxx : SCORD_NVCC_HOST_CXX);
    push(&hc, o->std ? o->std : "-std=c++17");
    push(&hc, o->opt ? o->opt : "-O2");
    push(&hc, "-g");
    push(&hc, "-iquote");
    push(&hc, cu_dir);
    push(&hc, "-I");
    push(&hc, inc);
    push(&hc, "-I");
    push(&hc, cuda_inc);
    push_buf(&hc, &o->common);
    push_buf(&hc, &o->host_only);
    push(&hc, "-o");
    push(&hc, o->out ? o->out : "a.out");
    push(&hc, host_cpp);
    push_buf(&hc, &o->other);
    push_buf(&hc, &o->link);
    push(&hc, cudart);
    push(&hc, libscord);
    for (const char *const *l = nvcc_host_libs; *l; l++)
        push(&hc, *l);
    rc = run(&hc);
    free(hc.v);
    free(qcu);
    free(qelf);
    free(d.p);
    free(dt.p);
    free(h.p);
    free(ht.p);
    if (o->keep)
        fprintf(stderr, "%s: kept %s, %s and %s\n", prog, dev_cpp, dev_elf, host_cpp);
    else {
        unlink(dev_cpp);
        unlink(dev_elf);
        unlink(host_cpp);
    }
    free(dev_cpp);
    free(dev_elf);
    free(host_cpp);
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
