/* Source mapping (libdw) of a project kernel's PCs against binutils'
 * addr2line, run at build time over every PC of kernel_main and _start;
 * unknown PCs; kernels without DWARF or symbols. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "race_test.h"

/* ---- source mapping -------------------------------------------------------------- */

const char *path_base(const char *p)
{
    const char *s = strrchr(p, '/');
    return s ? s + 1 : p;
}

/* One address of the addr2line file: its frames, innermost first. */
struct frame {
    char func[128], file[256];
    unsigned line;
};
struct a2l {
    unsigned pc;
    int n;
    struct frame f[8];
};

static int read_a2l(struct a2l **out, int *count)
{
    FILE *f = fopen(a2l_path, "r");
    CHECK(f, "cannot open %s", a2l_path);
    struct a2l *v = calloc(4096, sizeof *v);
    int n = -1;
    char l1[512], l2[512];
    while (v && fgets(l1, sizeof l1, f)) {
        l1[strcspn(l1, "\n")] = '\0';
        if (!strncmp(l1, "0x", 2)) {
            if (++n >= 4096)
                break;
            v[n].pc = (unsigned)strtoul(l1, NULL, 16);
            continue;
        }
        if (n < 0 || !fgets(l2, sizeof l2, f))
            break;
        l2[strcspn(l2, "\n")] = '\0';
        if (v[n].n >= 8)
            continue;
        struct frame *fr = &v[n].f[v[n].n++];
        snprintf(fr->func, sizeof fr->func, "%.127s", l1);
        /* "path:line" or "path:line (discriminator N)" or "??:?" */
        l2[strcspn(l2, " ")] = '\0';
        char *colon = strrchr(l2, ':');
        fr->line = colon ? (unsigned)strtoul(colon + 1, NULL, 10) : 0;
        if (colon)
            *colon = '\0';
        snprintf(fr->file, sizeof fr->file, "%.255s", l2);
    }
    fclose(f);
    CHECK(v && n >= 0, "no addresses in %s", a2l_path);
    *out = v;
    *count = n + 1;
    return 1;
}

static unsigned src_lines(void)
{
    FILE *f = fopen(src_path, "r");
    if (!f)
        return 0;
    unsigned n = 0;
    int c;
    while ((c = fgetc(f)) != EOF)
        n += c == '\n';
    fclose(f);
    return n;
}

static int addr2line_vs_binutils(void)
{
    struct a2l *v;
    int n;
    if (!read_a2l(&v, &n))
        return 0;
    scord_addr km;
    uint32_t km_size;
    int rc = scord_kernel_symbol_info(kern, "kernel_main", &km, &km_size);
    if (rc || km_size == 0) {
        free(v);
        return unit_fail("no kernel_main in %s", elf_path);
    }
    unsigned lines = src_lines(), compared = 0, inlined = 0, boundary = 0;
    int ok = 1;
    for (int i = 0; i < n && ok; i++) {
        struct scord_srcloc loc;
        if (scord_kernel_addr2line(kern, v[i].pc, &loc) != 0) {
            ok = unit_fail("addr2line 0x%x failed", v[i].pc);
            break;
        }
        bool in_km = v[i].pc >= km && v[i].pc < km + km_size;
        if (in_km && (strcmp(loc.function, "kernel_main") || loc.offset != v[i].pc - km)) {
            ok = unit_fail("0x%x: function %s+0x%x", v[i].pc, loc.function, loc.offset);
            break;
        }
        const struct frame *in = &v[i].f[0], *out = &v[i].f[v[i].n - 1];
        /* binutils 2.40 answers "??" at an address where one line sequence
         * ends and the next begins (kernel_main's entry after crt0.S);
         * libdw finds the row that starts there. Such a PC is checked for
         * plausibility only. */
        if (in->line == 0) {
            boundary++;
            if (in_km && (!strstr(loc.file, "kernel.c") || loc.line == 0 || loc.line > lines)) {
                ok = unit_fail("0x%x: %s:%u is not a line of kernel.c (%u lines)", v[i].pc,
                               loc.file, loc.line, lines);
            }
            continue;
        }
        if (loc.line != in->line || strcmp(path_base(loc.file), path_base(in->file))) {
            ok = unit_fail("0x%x: %s:%u, binutils says %s:%u", v[i].pc, path_base(loc.file),
                           loc.line, path_base(in->file), in->line);
            break;
        }
        if (v[i].n > 1) {
            inlined++;
            if (!loc.inlined || strcmp(loc.inlined, in->func) || loc.call_line != out->line ||
                strcmp(path_base(loc.call_file), path_base(out->file))) {
                ok = unit_fail("0x%x: inlined %s from %s:%u, binutils says %s from %s:%u", v[i].pc,
                               loc.inlined ? loc.inlined : "(none)", path_base(loc.call_file),
                               loc.call_line, in->func, path_base(out->file), out->line);
                break;
            }
        } else if (loc.inlined) {
            ok = unit_fail("0x%x: inlined %s, binutils says not inlined", v[i].pc, loc.inlined);
            break;
        }
        compared++;
    }
    free(v);
    if (!ok)
        return 0;
    CHECK(compared >= 16, "only %u PCs compared", compared);
    CHECK(inlined > 0, "no inlined code found in kernel_main (expected scord_gpu.h helpers)");
    printf("  (%u PCs agree with binutils addr2line, %u inside inlined code, %u at a sequence "
           "boundary checked for plausibility)\n",
           compared, inlined, boundary);
    return 1;
}

static int addr2line_entry(void)
{
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    struct scord_srcloc loc;
    CHECK(km && scord_kernel_addr2line(kern, km, &loc) == 0, "lookup failed");
    unsigned lines = src_lines();
    CHECK(!strcmp(loc.function, "kernel_main") && loc.offset == 0, "function %s+0x%x",
          loc.function, loc.offset);
    size_t fl = strlen(loc.file);
    CHECK(fl >= 8 && !strcmp(loc.file + fl - 8, "kernel.c"), "file %s", loc.file);
    CHECK(loc.line >= 1 && loc.line <= lines, "line %u of a %u-line file", loc.line, lines);
    /* The file is found where DWARF says it is. */
    char path[1024];
    snprintf(path, sizeof path, "%s%s%s", loc.file[0] == '/' ? "" : loc.comp_dir,
             loc.file[0] == '/' ? "" : "/", loc.file);
    FILE *f = fopen(path, "r");
    CHECK(f, "%s (file %s, comp_dir %s) does not exist", path, loc.file, loc.comp_dir);
    fclose(f);
    /* _start is an assembler label in crt0.S: a function without DWARF
     * subprogram, still named from the symbol table. */
    scord_addr st = scord_kernel_symbol(kern, "_start");
    CHECK(st && scord_kernel_addr2line(kern, st + 4, &loc) == 0, "_start lookup failed");
    CHECK(!strcmp(loc.function, "_start") && loc.offset == 4, "_start+4 is %s+0x%x",
          loc.function, loc.offset);
    CHECK(strstr(loc.file, "crt0.S") && loc.line > 0, "_start+4 at %s:%u", loc.file, loc.line);
    return 1;
}

static int addr2line_unknown(void)
{
    static const uint32_t pcs[] = {0, 4, 0x00fffff0u, 0xfffffffcu};
    for (size_t i = 0; i < sizeof pcs / sizeof pcs[0]; i++) {
        struct scord_srcloc loc;
        CHECK(scord_kernel_addr2line(kern, pcs[i], &loc) == 0, "0x%x: error", pcs[i]);
        CHECK(!strcmp(loc.function, "??") && !strcmp(loc.file, "??") && loc.line == 0 &&
                  loc.column == 0 && loc.offset == 0 && !loc.inlined && !strcmp(loc.comp_dir, "??") &&
                  !strcmp(loc.call_file, "??") && loc.call_line == 0,
              "0x%x: %s+0x%x %s:%u", pcs[i], loc.function, loc.offset, loc.file, loc.line);
    }
    struct scord_srcloc loc;
    CHECK(scord_kernel_addr2line(NULL, 0, &loc) == SCORD_ERR_INVALID_ARG, "NULL kernel accepted");
    CHECK(scord_kernel_addr2line(kern, 0, NULL) == SCORD_ERR_INVALID_ARG, "NULL loc accepted");
    CHECK(*scord_last_error_detail(NULL), "no error detail");
    /* A report at such a PC says so instead of inventing a line. */
    struct scord_race r = decoded[SCORD_RACE_DEV_FENCE];
    r.pc = 0;
    char buf[2048];
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) > 0, "format failed");
    CHECK(strstr(buf, "at pc 0x00000000 (no source line)"), "report: %s", buf);
    CHECK(scord_race_format_json(kern, &r, buf, sizeof buf) > 0 && json_line_ok(buf),
          "json: %s", buf);
    CHECK(strstr(buf, "\"function\":null") && strstr(buf, "\"line\":null"), "json: %s", buf);
    return 1;
}

static int addr2line_without_debug_info(void)
{
    /* Loading must not depend on debug information, and lookups degrade:
     * the symbol table alone still names the function; nothing names it
     * in a fully stripped file. */
    static const char *const what[] = {"no DWARF", "no symbols"};
    const char *paths[] = {nodebug_path, stripped_path};
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    for (int i = 0; i < 2; i++) {
        scord_kernel *k = NULL;
        int rc = scord_load_kernel(dev, paths[i], &k);
        CHECK(rc == 0, "%s: load: %s (%s)", what[i], scord_error_name(rc),
              scord_last_error_detail(dev));
        struct scord_srcloc loc;
        rc = scord_kernel_addr2line(k, km + 8, &loc);
        char buf[2048];
        struct scord_race r = decoded[SCORD_RACE_BLOCK_FENCE];
        r.pc = km + 8;
        int n = scord_race_format(k, &r, buf, sizeof buf);
        int nj = scord_race_format_json(k, &r, buf, sizeof buf);
        bool ok_json = nj > 0 && json_line_ok(buf);
        /* loc's strings belong to k: check before freeing it. */
        bool ok_line = rc == 0 && loc.line == 0 && !strcmp(loc.file, "??") && !loc.inlined;
        bool ok_func = i == 0 ? !strcmp(loc.function, "kernel_main") && loc.offset == 8
                              : !strcmp(loc.function, "??");
        if (!ok_line || !ok_func)
            unit_fail("%s: %s+0x%x at %s:%u", what[i], loc.function, loc.offset, loc.file,
                      loc.line);
        scord_kernel_free(k);
        if (!ok_line || !ok_func)
            return 0;
        CHECK(n > 0 && ok_json, "%s: formatting failed", what[i]);
    }
    /* `kern` stays valid for the later cases: a handle keeps its own copy
     * of the ELF, whatever was loaded into device memory since. */
    return 1;
}

const struct unit_case race_source_cases[] = {
    UNIT_CASE(addr2line_entry),
    UNIT_CASE(addr2line_vs_binutils),
    UNIT_CASE(addr2line_unknown),
    UNIT_CASE(addr2line_without_debug_info),
    UNIT_END,
};
