/* libscord debug information of a kernel (elfutils libdw): its code
 * symbols, its DWARF line table and scopes (the source line, column and
 * inlining of a PC: scord_kernel_addr2line) and its shared-memory
 * variables (which variable, and which element of it, a shared address
 * is). */
#define _POSIX_C_SOURCE 200809L
#include "scord_int.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>
#include <stdlib.h>
#include <string.h>

/* A code symbol: [lo, hi). Symbols without a size (assembler labels such
 * as _start) extend to the next code symbol or the end of their section. */
struct func {
    uint32_t lo, hi;
    const char *name; /* in the ELF's string table, or `owned` */
    char *owned;      /* a C++ name demangled (malloc'd), else NULL */
    bool sized;
};

/* libstdc++'s demangler (the Itanium C++ ABI's, C linkage; libscord links
 * libstdc++ for the cycle model anyway): C++ kernels' functions, and
 * scord-nvcc's, are named as the source names them, racy(int*), not
 * _Z5racyPi. NULL when name is no C++ name. */
extern char *__cxa_demangle(const char *mangled, char *buf, size_t *len, int *status);

static char *demangle(const char *name)
{
    if (strncmp(name, "_Z", 2) != 0)
        return NULL;
    int status = -1;
    char *d = __cxa_demangle(name, NULL, NULL, &status);
    if (status != 0) {
        free(d);
        return NULL;
    }
    return d;
}

static void free_funcs(struct func *f, size_t n)
{
    for (size_t i = 0; f && i < n; i++)
        free(f[i].owned);
    free(f);
}

/* A shared-memory variable: [lo, hi) in the shared window. From DWARF
 * (name as written, type for element indexes) or, without DWARF, from the
 * symbol table (name without GCC's ".N" suffix of static locals). */
struct shvar {
    uint32_t lo;
    uint64_t hi;
    char *name;
    Dwarf_Off type; /* 0: no type known */
};

struct scord_debuginfo {
    char *image; /* libelf and libdw read the ELF in place */
    Elf *elf;
    Dwarf *dw; /* NULL: no (usable) DWARF */
    struct func *funcs;
    size_t nfuncs;
    struct shvar *shvars; /* DWARF's first, then the symbol table's */
    size_t nshvars, shcap;
    uint32_t dyn_base; /* __scord_dynamic_shared: dynamic shared memory starts here (0: none) */
};

const char scord_unknown[] = "??";

static int cmp_func(const void *a, const void *b)
{
    const struct func *x = a, *y = b;
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    return (int)y->sized - (int)x->sized; /* sized first: they are the real functions */
}

/* Collect the code symbols of the ELF's symbol table. A malformed table
 * only loses names, so failures here are silent; memory is the exception. */
static int collect_funcs(struct scord_debuginfo *d)
{
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(d->elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        if (!data)
            continue;
        size_t n = sh.sh_size / sh.sh_entsize;
        struct func *f = calloc(n ? n : 1, sizeof *f);
        if (!f)
            return SCORD_ERR_NO_MEM;
        size_t m = 0;
        for (size_t i = 0; i < n; i++) {
            GElf_Sym s;
            if (!gelf_getsym(data, (int)i, &s))
                break;
            int type = GELF_ST_TYPE(s.st_info);
            if ((type != STT_FUNC && type != STT_NOTYPE) || s.st_shndx == SHN_UNDEF ||
                s.st_shndx >= SHN_LORESERVE)
                continue;
            Elf_Scn *home = elf_getscn(d->elf, s.st_shndx);
            GElf_Shdr hs;
            if (!home || !gelf_getshdr(home, &hs) || !(hs.sh_flags & SHF_EXECINSTR))
                continue;
            const char *name = elf_strptr(d->elf, sh.sh_link, s.st_name);
            /* "$x"-style mapping symbols and .L labels are not functions. */
            if (!name || !*name || name[0] == '$' || strncmp(name, ".L", 2) == 0)
                continue;
            uint64_t end = hs.sh_addr + hs.sh_size;
            uint64_t hi = s.st_size ? s.st_value + s.st_size : end;
            if (s.st_value > UINT32_MAX || hi > (uint64_t)UINT32_MAX + 1 || hi <= s.st_value)
                continue;
            f[m].lo = (uint32_t)s.st_value;
            f[m].hi = (uint32_t)(hi > UINT32_MAX ? UINT32_MAX : hi);
            f[m].owned = demangle(name);
            f[m].name = f[m].owned ? f[m].owned : name;
            f[m].sized = s.st_size != 0;
            m++;
        }
        qsort(f, m, sizeof *f, cmp_func);
        /* Unsized symbols end where the next symbol begins. */
        for (size_t i = 0; i < m; i++)
            if (!f[i].sized)
                for (size_t j = i + 1; j < m; j++)
                    if (f[j].lo > f[i].lo) {
                        if (f[j].lo < f[i].hi)
                            f[i].hi = f[j].lo;
                        break;
                    }
        free_funcs(d->funcs, d->nfuncs);
        d->funcs = f;
        d->nfuncs = m;
    }
    return 0;
}

/* A DIE's string attribute, following abstract origins (inlined copies
 * carry no name of their own). */
static const char *die_string(Dwarf_Die *die, unsigned name)
{
    Dwarf_Attribute a;
    return dwarf_attr_integrate(die, name, &a) ? dwarf_formstring(&a) : NULL;
}

static bool die_udata(Dwarf_Die *die, unsigned name, Dwarf_Word *v)
{
    Dwarf_Attribute a;
    return dwarf_attr(die, name, &a) && dwarf_formudata(&a, v) == 0;
}

static bool in_shared_window(uint64_t a)
{
    return a >= SCORD_SMEM_BASE && a - SCORD_SMEM_BASE < SCORD_SMEM_WINDOW;
}

static int shvar_add(struct scord_debuginfo *d, uint32_t lo, uint64_t hi, const char *name,
                     size_t n, Dwarf_Off type)
{
    if (d->nshvars == d->shcap) {
        size_t cap = d->shcap ? 2 * d->shcap : 16;
        struct shvar *v = realloc(d->shvars, cap * sizeof *v);
        if (!v)
            return SCORD_ERR_NO_MEM;
        d->shvars = v;
        d->shcap = cap;
    }
    char *copy = malloc(n + 1);
    if (!copy)
        return SCORD_ERR_NO_MEM;
    memcpy(copy, name, n);
    copy[n] = '\0';
    d->shvars[d->nshvars++] = (struct shvar){lo, hi, copy, type};
    return 0;
}

/* Data objects of the symbol table that lie in the shared window (the
 * .shared section), and where dynamic shared memory starts. */
static int collect_shared_syms(struct scord_debuginfo *d)
{
    Elf_Scn *scn = NULL;
    while ((scn = elf_nextscn(d->elf, scn))) {
        GElf_Shdr sh;
        if (!gelf_getshdr(scn, &sh) || sh.sh_type != SHT_SYMTAB || sh.sh_entsize == 0)
            continue;
        Elf_Data *data = elf_getdata(scn, NULL);
        if (!data)
            continue;
        size_t n = sh.sh_size / sh.sh_entsize;
        for (size_t i = 0; i < n; i++) {
            GElf_Sym sym;
            if (!gelf_getsym(data, (int)i, &sym) || !in_shared_window(sym.st_value))
                continue;
            const char *name = elf_strptr(d->elf, sh.sh_link, sym.st_name);
            if (!name || !*name)
                continue;
            if (!strcmp(name, "__scord_dynamic_shared")) {
                d->dyn_base = (uint32_t)sym.st_value;
                continue;
            }
            if (GELF_ST_TYPE(sym.st_info) != STT_OBJECT || sym.st_size == 0)
                continue;
            /* "tile.0": a static local's symbol; the variable is "tile". */
            size_t len = strlen(name), k = len;
            while (k > 0 && name[k - 1] >= '0' && name[k - 1] <= '9')
                k--;
            if (k > 1 && k < len && name[k - 1] == '.')
                len = k - 1;
            if (shvar_add(d, (uint32_t)sym.st_value, sym.st_value + sym.st_size, name, len, 0))
                return SCORD_ERR_NO_MEM;
        }
    }
    return 0;
}

/* A DIE's DW_AT_type, as an offset (0: none). */
static Dwarf_Off type_of(Dwarf_Die *die)
{
    Dwarf_Attribute a;
    Dwarf_Die t;
    if (!dwarf_attr_integrate(die, DW_AT_type, &a) || !dwarf_formref_die(&a, &t))
        return 0;
    return dwarf_dieoffset(&t);
}

/* A variable DIE in the shared window: its address from DW_OP_addr, or the
 * dynamic shared memory's start for the declaration SCORD_DYNAMIC_SHARED
 * makes (linkage name __scord_dynamic_shared). */
static int shared_variable(struct scord_debuginfo *d, Dwarf_Die *die)
{
    const char *name = die_string(die, DW_AT_name);
    if (!name)
        return 0;
    Dwarf_Attribute a;
    Dwarf_Op *ops;
    size_t nops;
    if (dwarf_attr(die, DW_AT_location, &a) && dwarf_getlocation(&a, &ops, &nops) == 0 &&
        nops == 1 && ops[0].atom == DW_OP_addr && in_shared_window(ops[0].number)) {
        Dwarf_Off t = type_of(die);
        Dwarf_Die td;
        Dwarf_Word size = 0;
        if (!t || !dwarf_offdie(d->dw, t, &td) || dwarf_aggregate_size(&td, &size) != 0)
            size = 1;
        return shvar_add(d, (uint32_t)ops[0].number, ops[0].number + (size ? size : 1), name,
                         strlen(name), t);
    }
    const char *link = die_string(die, DW_AT_linkage_name);
    if (link && !strcmp(link, "__scord_dynamic_shared") && d->dyn_base)
        return shvar_add(d, d->dyn_base, (uint64_t)SCORD_SMEM_BASE + SCORD_SMEM_WINDOW, name,
                         strlen(name), type_of(die));
    return 0;
}

static int walk_variables(struct scord_debuginfo *d, Dwarf_Die *parent, int depth)
{
    Dwarf_Die child;
    if (depth > 16 || dwarf_child(parent, &child) != 0)
        return 0;
    do {
        int tag = dwarf_tag(&child), rc = 0;
        if (tag == DW_TAG_variable)
            rc = shared_variable(d, &child);
        else if (tag == DW_TAG_subprogram || tag == DW_TAG_lexical_block ||
                 tag == DW_TAG_inlined_subroutine)
            rc = walk_variables(d, &child, depth + 1);
        if (rc)
            return rc;
    } while (dwarf_siblingof(&child, &child) == 0);
    return 0;
}

/* Every shared variable DWARF names, ahead of the symbol table's. */
static int collect_shared_dwarf(struct scord_debuginfo *d)
{
    size_t first_sym = d->nshvars;
    Dwarf_Off off = 0, next;
    size_t hsize;
    while (dwarf_nextcu(d->dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
        Dwarf_Die cu;
        if (dwarf_offdie(d->dw, off + hsize, &cu) && walk_variables(d, &cu, 0))
            return SCORD_ERR_NO_MEM;
        off = next;
    }
    /* DWARF's entries first: a lookup takes the first match. */
    size_t ndw = d->nshvars - first_sym;
    if (ndw && first_sym) {
        struct shvar *tmp = malloc(d->nshvars * sizeof *tmp);
        if (!tmp)
            return SCORD_ERR_NO_MEM;
        memcpy(tmp, d->shvars + first_sym, ndw * sizeof *tmp);
        memcpy(tmp + ndw, d->shvars, first_sym * sizeof *tmp);
        memcpy(d->shvars, tmp, d->nshvars * sizeof *tmp);
        free(tmp);
    }
    return 0;
}

int scord_debuginfo_open(scord_device *dev, const void *image, size_t size,
                         struct scord_debuginfo **out)
{
    *out = NULL;
    struct scord_debuginfo *d = calloc(1, sizeof *d);
    char *copy = malloc(size ? size : 1);
    if (!d || !copy) {
        free(d);
        free(copy);
        return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    }
    memcpy(copy, image, size);
    d->image = copy;
    d->elf = elf_memory(d->image, size);
    if (d->elf) {
        if (collect_funcs(d)) {
            scord_debuginfo_close(d);
            return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
        }
        /* No DWARF (stripped kernel) leaves dw NULL: lookups give "??". */
        d->dw = dwarf_begin_elf(d->elf, DWARF_C_READ, NULL);
        if (collect_shared_syms(d) || (d->dw && collect_shared_dwarf(d))) {
            scord_debuginfo_close(d);
            return scord_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
        }
    }
    *out = d;
    return 0;
}

void scord_debuginfo_close(struct scord_debuginfo *d)
{
    if (!d)
        return;
    if (d->dw)
        dwarf_end(d->dw);
    if (d->elf)
        elf_end(d->elf);
    free_funcs(d->funcs, d->nfuncs);
    for (size_t i = 0; i < d->nshvars; i++)
        free(d->shvars[i].name);
    free(d->shvars);
    free(d->image);
    free(d);
}

static const struct func *find_func(const struct scord_debuginfo *d, uint32_t pc)
{
    /* A sized symbol (a C function) wins over an assembler label inside
     * it; among equals the innermost (latest start). Kernels have a few
     * hundred symbols and this runs once per report: a scan is enough. */
    const struct func *best = NULL;
    for (size_t i = 0; i < d->nfuncs; i++) {
        const struct func *f = &d->funcs[i];
        if (pc < f->lo || pc >= f->hi)
            continue;
        if (!best || (f->sized && !best->sized) || (f->sized == best->sized && f->lo >= best->lo))
            best = f;
    }
    return best;
}

/* The compilation unit holding pc. dwarf_addrdie reads .debug_aranges,
 * where g++ (C++ kernels, scord-nvcc's device code) lists the functions the
 * linker's --gc-sections dropped as ranges at address 0, and libdw's
 * lookup then misses the real ones; so when it finds nothing, every unit's
 * own ranges are asked. */
static Dwarf_Die *cu_of(struct scord_debuginfo *d, uint32_t pc, Dwarf_Die *mem)
{
    Dwarf_Die *cu = dwarf_addrdie(d->dw, pc, mem);
    if (cu)
        return cu;
    Dwarf_Off off = 0, next;
    size_t hsize;
    while (dwarf_nextcu(d->dw, off, &next, &hsize, NULL, NULL, NULL) == 0) {
        if (dwarf_offdie(d->dw, off + hsize, mem) && dwarf_haspc(mem, pc) == 1)
            return mem;
        off = next;
    }
    return NULL;
}

static void dwarf_lookup(struct scord_debuginfo *d, uint32_t pc, struct scord_srcloc *loc)
{
    Dwarf_Die cu_mem, *cu = cu_of(d, pc, &cu_mem);
    if (!cu)
        return;
    const char *dir = die_string(cu, DW_AT_comp_dir);
    if (dir)
        loc->comp_dir = dir;
    Dwarf_Line *ln = dwarf_getsrc_die(cu, pc);
    if (ln) {
        const char *file = dwarf_linesrc(ln, NULL, NULL);
        int line = 0, col = 0;
        if (file)
            loc->file = file;
        if (dwarf_lineno(ln, &line) == 0 && line > 0)
            loc->line = (uint32_t)line;
        if (dwarf_linecol(ln, &col) == 0 && col > 0)
            loc->column = (uint32_t)col;
    }

    /* Inlining. dwarf_getscopes lists the scopes containing pc innermost
     * first, but after an inlined instance it continues into that
     * function's abstract definition, not into the caller; so only the
     * innermost inlined instance is taken from it, and the chain of
     * callers comes from dwarf_getscopes_die, which follows the concrete
     * nesting up to the real function. */
    Dwarf_Die *scopes = NULL, *chain = NULL;
    int ns = dwarf_getscopes(cu, pc, &scopes);
    int inner = -1;
    for (int i = 0; i < ns && inner < 0; i++) {
        int tag = dwarf_tag(&scopes[i]);
        if (tag == DW_TAG_subprogram)
            break;
        if (tag == DW_TAG_inlined_subroutine)
            inner = i;
    }
    if (inner >= 0) {
        const char *name = die_string(&scopes[inner], DW_AT_name);
        loc->inlined = name ? name : scord_unknown;
        int nc = dwarf_getscopes_die(&scopes[inner], &chain);
        Dwarf_Die *outer = &scopes[inner];
        for (int i = 0; i < nc; i++) {
            int tag = dwarf_tag(&chain[i]);
            if (tag == DW_TAG_subprogram)
                break;
            if (tag == DW_TAG_inlined_subroutine)
                outer = &chain[i];
        }
        Dwarf_Word fidx, cline;
        Dwarf_Files *files;
        size_t nfiles;
        if (die_udata(outer, DW_AT_call_file, &fidx) &&
            dwarf_getsrcfiles(cu, &files, &nfiles) == 0 && fidx < nfiles) {
            const char *f = dwarf_filesrc(files, fidx, NULL, NULL);
            if (f)
                loc->call_file = f;
        }
        if (die_udata(outer, DW_AT_call_line, &cline) && cline <= UINT32_MAX)
            loc->call_line = (uint32_t)cline;
    }
    free(chain);
    free(scopes);
}

int scord_kernel_addr2line(const scord_kernel *kernel, uint32_t pc, struct scord_srcloc *loc)
{
    if (!kernel || !loc)
        return scord_fail(NULL, SCORD_ERR_INVALID_ARG, "no kernel or no place for the location");
    *loc = (struct scord_srcloc){.function = scord_unknown,
                                 .file = scord_unknown,
                                 .comp_dir = scord_unknown,
                                 .call_file = scord_unknown};
    struct scord_debuginfo *d = kernel->dbg;
    if (!d)
        return SCORD_OK;
    const struct func *f = find_func(d, pc);
    if (f) {
        loc->function = f->name;
        loc->offset = pc - f->lo;
    }
    if (d->dw)
        dwarf_lookup(d, pc, loc);
    return SCORD_OK;
}

/* ---- shared-memory variables ---------------------------------------------------------- */

/* Follow typedefs and qualifiers to the type itself. */
static bool strip_type(Dwarf_Die *t)
{
    for (int i = 0; i < 16; i++) {
        int tag = dwarf_tag(t);
        if (tag != DW_TAG_typedef && tag != DW_TAG_const_type && tag != DW_TAG_volatile_type &&
            tag != DW_TAG_restrict_type && tag != DW_TAG_atomic_type)
            return true;
        Dwarf_Attribute a;
        if (!dwarf_attr_integrate(t, DW_AT_type, &a) || !dwarf_formref_die(&a, t))
            return false;
    }
    return false;
}

/* The indexes of the element at byte `off` of array type t, and what is
 * left inside the element; false (var unchanged) if t is not an array of
 * known shape. */
static bool array_index(Dwarf_Die *t, uint32_t off, struct scord_shared_var *var)
{
    if (!strip_type(t) || dwarf_tag(t) != DW_TAG_array_type)
        return false;
    Dwarf_Word dims[8];
    int n = 0;
    Dwarf_Die c;
    if (dwarf_child(t, &c) != 0)
        return false;
    do {
        if (dwarf_tag(&c) != DW_TAG_subrange_type)
            continue;
        if (n == 8)
            return false;
        Dwarf_Word v = 0;
        if (die_udata(&c, DW_AT_count, &v))
            dims[n] = v;
        else if (die_udata(&c, DW_AT_upper_bound, &v))
            dims[n] = v + 1;
        else
            dims[n] = 0; /* unknown: only the first dimension may be */
        if (dims[n] == 0 && n > 0)
            return false;
        n++;
    } while (dwarf_siblingof(&c, &c) == 0);
    Dwarf_Die elem;
    Dwarf_Attribute a;
    Dwarf_Word esz = 0;
    if (n == 0 || !dwarf_attr_integrate(t, DW_AT_type, &a) || !dwarf_formref_die(&a, &elem) ||
        dwarf_aggregate_size(&elem, &esz) != 0 || esz == 0)
        return false;
    uint64_t flat = off / esz;
    for (int k = n - 1; k > 0; k--) {
        var->idx[k] = flat % dims[k];
        flat /= dims[k];
    }
    var->idx[0] = flat;
    var->nidx = (unsigned)n;
    var->rem = (uint32_t)(off % esz);
    return true;
}

bool scord_debuginfo_shared_var(struct scord_debuginfo *d, uint32_t addr,
                                struct scord_shared_var *var)
{
    const struct shvar *v = NULL;
    for (size_t i = 0; i < d->nshvars && !v; i++)
        if (addr >= d->shvars[i].lo && addr < d->shvars[i].hi)
            v = &d->shvars[i];
    if (!v)
        return false;
    uint32_t off = addr - v->lo;
    var->name = v->name;
    var->nidx = 0;
    var->rem = off;
    Dwarf_Die t;
    if (v->type && d->dw && dwarf_offdie(d->dw, v->type, &t))
        array_index(&t, off, var);
    return true;
}
