/* scord-cc: compile GPU kernels with the project's flags, runtime and
 * linker script, from any directory, like a compiler driver (nvcc's role).
 *
 *   scord-cc [options] -o kernel.elf kernel.c [more.c ...] [-I dir] [-O2] [-g]
 *
 * It runs the RISC-V GCC twice per build, as sw/sw.mk does: every source is
 * compiled for the GPU's ISA (rv32ima_zicsr) into a temporary object, then
 * the objects are linked with crt0 and link.ld for rv32im, the multilib
 * Debian's picolibc and libgcc exist for. GCC's own messages and exit status
 * come through unchanged. The flags are sw/sw.mk's, written into
 * scord_cc_flags.h at build time (driver/cc/cc.mk), so scord-cc and the
 * project's own kernels cannot drift apart.
 *
 * The kernel runtime (crt0.o, link.ld, the kernel headers) is found in a
 * "device directory" <dir>/lib/scord/device, searched at $SCORD_DEVICE_DIR,
 * then next to the executable (<exe>/../lib/scord/device: the build tree's
 * build/bin and an installed PREFIX/bin both have one there), then under
 * the install prefix compiled in (SCORD_CC_PREFIX, `make install`). */
#define _XOPEN_SOURCE 700 /* POSIX 2008 with realpath */
#include <errno.h>
#include <limits.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <sys/wait.h>
#include <unistd.h>

#include "scord_cc_flags.h"
#include "spawn.h"

#ifndef SCORD_VERSION
#define SCORD_VERSION "unknown"
#endif

/* EXIT_OK, EXIT_GCC and EXIT_INSTALL are spawn.h's SPAWN_OK, _FAILED, _MISSING. */
enum { EXIT_OK = SPAWN_OK, EXIT_GCC = SPAWN_FAILED, EXIT_USAGE = 2, EXIT_INSTALL = SPAWN_MISSING };

static const char *prog = "scord-cc";

static const char help_text[] =
    "usage: scord-cc [options] file... \n"
    "\n"
    "Compile and link GPU kernels (C, freestanding C++ .cpp/.cc/.cxx with the RISC-V\n"
    "g++, or assembly .S/.s) into a kernel ELF for 'scord run', with the project's\n"
    "flags, runtime (crt0) and linker script.\n"
    "Works like gcc: every option it does not know goes to the RISC-V GCC.\n"
    "\n"
    "  scord-cc -o kernel.elf kernel.c helper.c -Iinclude\n"
    "  scord-cc -c kernel.c -o kernel.o    (compile only; then link the .o files)\n"
    "\n"
    "options:\n"
    "  -o FILE            output (default a.out, or FILE.o with -c)\n"
    "  -c, -S, -E         compile, assemble or preprocess only, as gcc does\n"
    "  -O0 -O1 -O2 -O3 -Os -Og   optimisation (default -O2)\n"
    "  -g, -g0, -g1, -g3  debug information (default -g: 'scord run' needs it\n"
    "                     to print race reports with source lines)\n"
    "  -I DIR, -D NAME[=V], -W..., -f..., -std=...   passed to GCC\n"
    "  -l LIB, -L DIR, -Wl,...   passed to the link\n"
    "  --verbose          print every GCC command before running it\n"
    "  --print-device-dir print the directory of the kernel runtime and exit\n"
    "  --version          print the version and exit\n"
    "  -h, --help         this text\n"
    "Later options win over the defaults (-O0 after -O2, -g0 after -g).\n"
    "\n"
    "Defaults: -march=rv32ima_zicsr -mabi=ilp32 -std=c11 -O2 -g -Wall -Wextra\n"
    "-ffreestanding and the rest of sw/sw.mk's flags (--verbose shows them all);\n"
    "kernel headers (<scord_gpu.h>) come from DEVICE_DIR/include.\n"
    "\n"
    "environment:\n"
    "  SCORD_GCC          the RISC-V GCC to run (default " SCORD_CC_GCC ")\n"
    "  SCORD_GXX          the RISC-V g++ for C++ sources (default: SCORD_GCC's name\n"
    "                     with g++ for gcc)\n"
    "  SCORD_DEVICE_DIR   the kernel runtime's directory (crt0.o, link.ld, include/)\n"
    "\n"
    "exit codes: 0 success; 1 GCC reported an error (its message is printed);\n"
    "2 usage error; 3 the kernel runtime or GCC cannot be found.\n";

/* ---- running GCC ------------------------------------------------------ */

static bool verbose;

static void push(struct argv_buf *a, const char *s) { argv_push(a, prog, s); }
static void push_all(struct argv_buf *a, const char *const *list) { argv_push_all(a, prog, list); }

/* Run argv: EXIT_OK, EXIT_GCC (its error), or EXIT_INSTALL if it could not
 * be started. */
static int run(const struct argv_buf *a)
{
    return spawn_run(a, verbose, prog, "install the RISC-V GCC: make deps, or set SCORD_GCC");
}

/* ---- the kernel runtime ----------------------------------------------- */

/* dir + "/" + name into buf; false if it does not fit. */
static bool path_join(char *buf, size_t len, const char *dir, const char *name)
{
    int n = snprintf(buf, len, "%s/%s", dir, name);
    return n >= 0 && (size_t)n < len;
}

static bool is_file(const char *dir, const char *name)
{
    char p[PATH_MAX];
    struct stat st;
    return path_join(p, sizeof p, dir, name) && stat(p, &st) == 0 && S_ISREG(st.st_mode);
}

static bool is_device_dir(const char *dir)
{
    return is_file(dir, "crt0.o") && is_file(dir, "link.ld") &&
           is_file(dir, "include/scord_gpu.h") && is_file(dir, "include/scord_defs.h");
}

static const char *search_device_dir(void);

/* The device directory (its real path), or NULL with a message naming
 * where it looked. */
static const char *find_device_dir(void)
{
    static char real[PATH_MAX];
    const char *d = search_device_dir();
    return d && realpath(d, real) ? real : d;
}

static const char *search_device_dir(void)
{
    static char found[PATH_MAX];
    const char *env = getenv("SCORD_DEVICE_DIR");
    if (env && *env) {
        if (is_device_dir(env))
            return env;
        fprintf(stderr, "%s: SCORD_DEVICE_DIR=%s has no kernel runtime (crt0.o, link.ld, "
                        "include/scord_gpu.h, include/scord_defs.h)\n",
                prog, env);
        return NULL;
    }
    char exe[PATH_MAX];
    ssize_t n = readlink("/proc/self/exe", exe, sizeof exe - 1);
    if (n > 0) {
        exe[n] = '\0';
        char *slash = strrchr(exe, '/');
        if (slash) {
            *slash = '\0';
            if (path_join(found, sizeof found, exe, "../lib/scord/device") &&
                is_device_dir(found))
                return found;
        }
    }
#ifdef SCORD_CC_PREFIX
    if (path_join(found, sizeof found, SCORD_CC_PREFIX, "lib/scord/device") &&
        is_device_dir(found))
        return found;
#endif
    fprintf(stderr, "%s: cannot find the kernel runtime (lib/scord/device next to %s%s); "
                    "run 'make sim' in the source tree, 'make install', or set SCORD_DEVICE_DIR\n",
            prog, n > 0 ? exe : "the executable",
#ifdef SCORD_CC_PREFIX
            " or under " SCORD_CC_PREFIX
#else
            ""
#endif
    );
    return NULL;
}

/* ---- options ------------------------------------------------------------- */

/* GCC options whose value is the next word. */
static bool takes_value(const char *a)
{
    static const char *const with_value[] = {
        "-I", "-D", "-U", "-include", "-imacros", "-isystem", "-idirafter", "-iquote",
        "-iprefix", "-iwithprefix", "-iwithprefixbefore", "-isysroot", "-MF", "-MT", "-MQ",
        "-x", "-Xassembler", "-Xpreprocessor", "--param", "-aux-info", NULL};
    for (const char *const *w = with_value; *w; w++)
        if (!strcmp(a, *w))
            return true;
    return false;
}

/* Options for the link only (with the next word for the two-word ones). */
static bool link_option(const char *a, bool *two_words)
{
    *two_words = !strcmp(a, "-l") || !strcmp(a, "-L") || !strcmp(a, "-Xlinker") ||
                 !strcmp(a, "-T") || !strcmp(a, "-u") || !strcmp(a, "-z");
    return *two_words || !strncmp(a, "-l", 2) || !strncmp(a, "-L", 2) ||
           !strncmp(a, "-Wl,", 4) || !strncmp(a, "-T", 2) || !strcmp(a, "-nostdlib") ||
           !strcmp(a, "-nodefaultlibs");
}

/* Options that matter to both steps. */
static bool both_steps(const char *a)
{
    return !strcmp(a, "-v") || !strncmp(a, "-flto", 5) || !strcmp(a, "-fno-lto") ||
           !strncmp(a, "-fuse-ld=", 9);
}

static bool has_suffix(const char *s, const char *suf)
{
    size_t a = strlen(s), b = strlen(suf);
    return a >= b && !strcmp(s + a - b, suf);
}

static bool is_object(const char *f)
{
    return has_suffix(f, ".o") || has_suffix(f, ".a");
}

static bool is_asm(const char *f)
{
    return has_suffix(f, ".S") || has_suffix(f, ".s") || has_suffix(f, ".sx");
}

struct opts {
    const char *out;
    const char *stop; /* "-c", "-S" or "-E": no link */
    bool user_script; /* -T given: no link.ld of ours */
    struct argv_buf cflags, lflags, inputs;
};

static int usage_error(const char *msg, const char *what)
{
    fprintf(stderr, "%s: ", prog);
    fprintf(stderr, msg, what);
    fprintf(stderr, " (see 'scord-cc --help')\n");
    return EXIT_USAGE;
}

/* Returns -1 to go on, else the exit code. */
static int parse(int argc, char **argv, struct opts *o)
{
    for (int i = 1; i < argc; i++) {
        const char *a = argv[i];
        bool two;
        if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
            fputs(help_text, stdout);
            return EXIT_OK;
        }
        if (!strcmp(a, "--version")) {
            printf("scord-cc (scord) %s\n", SCORD_VERSION);
            return EXIT_OK;
        }
        if (!strcmp(a, "--verbose")) {
            verbose = true;
        } else if (!strcmp(a, "--print-device-dir")) {
            const char *d = find_device_dir();
            if (!d)
                return EXIT_INSTALL;
            puts(d);
            return EXIT_OK;
        } else if (!strcmp(a, "-o")) {
            if (i + 1 >= argc)
                return usage_error("missing filename after '%s'", a);
            o->out = argv[++i];
        } else if (!strncmp(a, "-o", 2)) {
            o->out = a + 2;
        } else if (!strcmp(a, "-c") || !strcmp(a, "-S") || !strcmp(a, "-E")) {
            o->stop = a;
        } else if (link_option(a, &two)) {
            o->user_script |= !strncmp(a, "-T", 2);
            push(&o->lflags, a);
            if (two) {
                if (i + 1 >= argc)
                    return usage_error("missing argument to '%s'", a);
                push(&o->lflags, argv[++i]);
            }
        } else if (a[0] == '-' && a[1]) {
            push(&o->cflags, a);
            if (both_steps(a))
                push(&o->lflags, a);
            if (takes_value(a)) {
                if (i + 1 >= argc)
                    return usage_error("missing argument to '%s'", a);
                push(&o->cflags, argv[++i]);
            }
        } else {
            push(&o->inputs, a);
        }
    }
    if (!o->inputs.n)
        return usage_error("no input files%s", "");
    return -1;
}

/* ---- compile and link ------------------------------------------------------ */

static bool is_cxx(const char *f)
{
    return has_suffix(f, ".cpp") || has_suffix(f, ".cc") || has_suffix(f, ".cxx") ||
           has_suffix(f, ".C");
}

/* The RISC-V g++ beside the GCC: SCORD_GXX, else the GCC's name with its
 * trailing "gcc" made "g++" (riscv64-unknown-elf-gcc: riscv64-unknown-elf-g++). */
static const char *gxx_for(const char *gcc)
{
    static char buf[PATH_MAX];
    const char *env = getenv("SCORD_GXX");
    if (env && *env)
        return env;
    size_t n = strlen(gcc);
    if (n >= 3 && !strcmp(gcc + n - 3, "gcc") && n < sizeof buf - 1) {
        snprintf(buf, sizeof buf, "%.*sg++", (int)(n - 3), gcc);
        return buf;
    }
    return gcc;
}

/* C++ kernels (and scord-nvcc's device code) are freestanding: no
 * exceptions, RTTI or thread-safe statics, for which there is no runtime
 * on the GPU; the C flags' -std=c11 becomes C++17 with GNU extensions.
 * -fno-thread-jumps: GCC's jump threading copies the code after a branch
 * into both of its arms, and a warp operation (shuffle, vote, __syncwarp)
 * copied so runs at two PCs, each time with part of the warp only; seen
 * wrong in C++ warp code (tests/cuda/device/warp.cu.cpp).
 * -fno-partial-inlining: GCC split a kernel's body off its first test and
 * inlined it back, and the DWARF then had the kernel inlined into itself
 * at its declaration's line, which race reports named instead of the
 * access's line (seen with scord-nvcc's kernels). */
static const char *const cxx_extra_flags[] = {"-std=gnu++17", "-fno-exceptions", "-fno-rtti",
                                              "-fno-threadsafe-statics",
                                              "-fno-use-cxa-atexit", "-fno-thread-jumps",
                                              "-fno-partial-inlining", NULL};

static void compile_command(struct argv_buf *c, const char *gcc, const char *dev_inc,
                            const struct opts *o, const char *src)
{
    if (is_cxx(src)) {
        push(c, gxx_for(gcc));
        for (const char *const *f = cc_compile_flags; *f; f++)
            if (strncmp(*f, "-std=", 5))
                push(c, *f);
        push_all(c, cxx_extra_flags);
    } else {
        push(c, gcc);
        push_all(c, is_asm(src) ? cc_asm_flags : cc_compile_flags);
    }
    push(c, "-I");
    push(c, dev_inc);
    for (size_t k = 0; k < o->cflags.n; k++)
        push(c, o->cflags.v[k]);
}

/* -c/-S/-E: one GCC run per input, outputs named as gcc names them. */
static int compile_only(const char *gcc, const char *dev_inc, const struct opts *o)
{
    if (o->out && o->inputs.n > 1) {
        fprintf(stderr, "%s: fatal error: cannot specify '-o' with '-c', '-S' or '-E' with "
                        "multiple files\n",
                prog);
        return EXIT_GCC;
    }
    int rc = EXIT_OK;
    for (size_t i = 0; i < o->inputs.n; i++) {
        const char *src = o->inputs.v[i];
        if (is_object(src))
            continue; /* gcc: "linker input file unused" */
        struct argv_buf c = {0};
        compile_command(&c, gcc, dev_inc, o, src);
        push(&c, o->stop);
        if (o->out) {
            push(&c, "-o");
            push(&c, o->out);
        }
        push(&c, src);
        int r = run(&c);
        free(c.v);
        if (r > rc)
            rc = r;
    }
    return rc;
}

/* -MD or -MMD without -MF. */
static bool wants_deps(const struct opts *o)
{
    bool md = false;
    for (size_t k = 0; k < o->cflags.n; k++) {
        const char *f = o->cflags.v[k];
        if (!strcmp(f, "-MF") || !strncmp(f, "-MF", 3))
            return false;
        md |= !strcmp(f, "-MD") || !strcmp(f, "-MMD");
    }
    return md;
}

/* OUT's folder + SRC_BASE without its suffix + ".d". */
static void dep_file(char *buf, size_t len, const char *out, const char *src_base)
{
    const char *slash = strrchr(out, '/');
    int dlen = slash ? (int)(slash - out + 1) : 0;
    const char *dot = strrchr(src_base, '.');
    int blen = dot ? (int)(dot - src_base) : (int)strlen(src_base);
    snprintf(buf, len, "%.*s%.*s.d", dlen, out, blen, src_base);
}

/* Compile every source into dir, then link everything into o->out. */
static int compile_and_link(const char *gcc, const char *dev, const char *dev_inc,
                            const struct opts *o, const char *tmp)
{
    int rc = EXIT_OK;
    size_t nobj = o->inputs.n;
    char **objs = calloc(nobj, sizeof *objs);
    if (!objs)
        return EXIT_INSTALL;
    for (size_t i = 0; i < nobj && rc != EXIT_INSTALL; i++) {
        const char *src = o->inputs.v[i];
        if (is_object(src))
            continue;
        const char *base = strrchr(src, '/');
        base = base ? base + 1 : src;
        size_t len = strlen(tmp) + strlen(base) + 32;
        objs[i] = malloc(len);
        if (!objs[i]) {
            rc = EXIT_INSTALL;
            break;
        }
        snprintf(objs[i], len, "%s/%zu-%s.o", tmp, i, base);
        struct argv_buf c = {0};
        compile_command(&c, gcc, dev_inc, o, src);
        char dep[PATH_MAX];
        if (wants_deps(o)) {
            /* make-style dependencies of the ELF: OUT_DIR/SOURCE_BASE.d
             * (gcc would name them after the temporary object) */
            dep_file(dep, sizeof dep, o->out ? o->out : "a.out", base);
            push(&c, "-MF");
            push(&c, dep);
            push(&c, "-MT");
            push(&c, o->out ? o->out : "a.out");
        }
        push(&c, "-c");
        push(&c, "-o");
        push(&c, objs[i]);
        push(&c, src);
        int r = run(&c);
        free(c.v);
        if (r > rc)
            rc = r; /* go on: every file's errors, as gcc reports them */
    }
    if (rc == EXIT_OK) {
        char crt0[PATH_MAX], script[PATH_MAX];
        path_join(crt0, sizeof crt0, dev, "crt0.o"); /* fit: find_device_dir checked them */
        path_join(script, sizeof script, dev, "link.ld");
        struct argv_buf l = {0};
        push(&l, gcc);
        push_all(&l, cc_link_flags);
        if (!o->user_script) {
            push(&l, "-T");
            push(&l, script);
        }
        push(&l, "-o");
        push(&l, o->out ? o->out : "a.out");
        push(&l, crt0);
        for (size_t i = 0; i < nobj; i++)
            push(&l, objs[i] ? objs[i] : o->inputs.v[i]);
        for (size_t k = 0; k < o->lflags.n; k++)
            push(&l, o->lflags.v[k]);
        push_all(&l, cc_link_libs);
        rc = run(&l);
        free(l.v);
    }
    for (size_t i = 0; i < nobj; i++) {
        if (objs[i])
            unlink(objs[i]);
        free(objs[i]);
    }
    free(objs);
    return rc;
}

int main(int argc, char **argv)
{
    struct opts o = {0};
    int rc = parse(argc, argv, &o);
    if (rc >= 0)
        return rc;
    const char *gcc = getenv("SCORD_GCC");
    if (!gcc || !*gcc)
        gcc = SCORD_CC_GCC;
    const char *dev = find_device_dir();
    if (!dev)
        return EXIT_INSTALL;
    char dev_inc[PATH_MAX];
    path_join(dev_inc, sizeof dev_inc, dev, "include");
    if (o.stop)
        return compile_only(gcc, dev_inc, &o);

    const char *tdir = getenv("TMPDIR");
    char tmp[PATH_MAX];
    snprintf(tmp, sizeof tmp, "%s/scord-cc.XXXXXX", tdir && *tdir ? tdir : "/tmp");
    if (!mkdtemp(tmp)) {
        fprintf(stderr, "%s: cannot make a temporary directory %s: %s\n", prog, tmp,
                strerror(errno));
        return EXIT_INSTALL;
    }
    rc = compile_and_link(gcc, dev, dev_inc, &o, tmp);
    rmdir(tmp);
    free(o.cflags.v);
    free(o.lflags.v);
    free(o.inputs.v);
    return rc;
}
