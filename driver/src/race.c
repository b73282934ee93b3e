/* libscord race reports: decoding the detector's 32-byte records
 * (docs/detector.md §8), source mapping of the reporting PC through the
 * kernel's DWARF (elfutils libdw), text and JSON reports, and draining the
 * ring in device memory (§8.3) through the detector registers (§7.1).
 *
 * Records come from device memory, which a buggy or hostile kernel may
 * have written (INTRUSION exists for that reason), so nothing here trusts
 * a record's bytes: decoding checks every field before anything is
 * printed, and formatting re-checks the fields it indexes tables with. */
#define _POSIX_C_SOURCE 200809L
#include "race.h"

#include <dwarf.h>
#include <elfutils/libdw.h>
#include <gelf.h>
#include <inttypes.h>
#include <stdarg.h>
#include <stdbool.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "scord_defs.h"

/* The public enum repeats numbers of config/regmap.def because scord.h
 * cannot include the generated header; keep the two in step. */
_Static_assert(SCORD_RACE_BLOCK_FENCE == SCORD_DET_RACE_BLOCK_FENCE, "regmap.def changed");
_Static_assert(SCORD_RACE_DEV_FENCE == SCORD_DET_RACE_DEV_FENCE, "regmap.def changed");
_Static_assert(SCORD_RACE_NOT_STRONG == SCORD_DET_RACE_NOT_STRONG, "regmap.def changed");
_Static_assert(SCORD_RACE_SCOPED_ATOM == SCORD_DET_RACE_SCOPED_ATOM, "regmap.def changed");
_Static_assert(SCORD_RACE_LOCK_LOAD == SCORD_DET_RACE_LOCK_LOAD, "regmap.def changed");
_Static_assert(SCORD_RACE_LOCK_STORE == SCORD_DET_RACE_LOCK_STORE, "regmap.def changed");
_Static_assert(SCORD_RACE_INTRUSION == SCORD_DET_RACE_INTRUSION, "regmap.def changed");
_Static_assert(SCORD_RACE_TYPE_MAX + 1 == SCORD_DET_RACE_TYPES, "regmap.def changed");
_Static_assert(SCORD_RACE_RECORD_BYTES == SCORD_DET_REC_BYTES, "regmap.def changed");
_Static_assert(SCORD_ACCESS_LOAD == SCORD_DET_EV_LOAD && SCORD_ACCESS_STORE == SCORD_DET_EV_STORE &&
                   SCORD_ACCESS_ATOMIC == SCORD_DET_EV_ATOMIC,
               "regmap.def changed");

#define REC_BYTES SCORD_DET_REC_BYTES
#define BLOCK7_MASK ((1u << SCORD_DET_BLOCK_BITS) - 1u)
#define WARP_LIMIT (1u << SCORD_DET_WARP_BITS)
#define LANE_LIMIT 32u /* lane ids are 5 bits (§2) */

/* ---- names -------------------------------------------------------------- */

static const char *const type_names[SCORD_RACE_TYPE_MAX + 1] = {
    [SCORD_RACE_BLOCK_FENCE] = "block-fence", [SCORD_RACE_DEV_FENCE] = "device-fence",
    [SCORD_RACE_NOT_STRONG] = "not-strong",   [SCORD_RACE_SCOPED_ATOM] = "scoped-atomic",
    [SCORD_RACE_LOCK_LOAD] = "lock-load",     [SCORD_RACE_LOCK_STORE] = "lock-store",
    [SCORD_RACE_INTRUSION] = "intrusion",
};

static const char *const type_descriptions[SCORD_RACE_TYPE_MAX + 1] = {
    [SCORD_RACE_BLOCK_FENCE] = "missing block-scope fence between conflicting accesses of "
                               "different warps of one block",
    [SCORD_RACE_DEV_FENCE] = "missing device-scope fence between conflicting accesses of "
                             "different blocks",
    [SCORD_RACE_NOT_STRONG] = "conflicting accesses ordered by a fence, but not both strong "
                              "(a weak access may read or write a stale cached copy)",
    [SCORD_RACE_SCOPED_ATOM] = "block-scope atomic on a location that another block also "
                               "accesses: the atomic is not atomic across blocks",
    [SCORD_RACE_LOCK_LOAD] = "load of data written under a lock without holding a common lock "
                             "of sufficient scope",
    [SCORD_RACE_LOCK_STORE] = "store to data accessed under a lock without holding a common "
                              "lock of sufficient scope",
    [SCORD_RACE_INTRUSION] = "the kernel wrote into the detector's metadata region or report "
                             "ring",
};

static bool type_ok(uint32_t t) { return t >= SCORD_RACE_TYPE_MIN && t <= SCORD_RACE_TYPE_MAX; }

const char *scord_race_type_name(uint32_t type)
{
    return type_ok(type) ? type_names[type] : "unknown";
}

const char *scord_race_type_description(uint32_t type)
{
    return type_ok(type) ? type_descriptions[type] : "unknown race type";
}

static const char *kind_name(uint32_t k)
{
    switch (k) {
    case SCORD_ACCESS_LOAD: return "load";
    case SCORD_ACCESS_STORE: return "store";
    case SCORD_ACCESS_ATOMIC: return "atomic";
    default: return "unknown";
    }
}

/* ---- decoding (§8.1) -------------------------------------------------------- */

static uint32_t rd32(const unsigned char *p)
{
    return (uint32_t)p[0] | (uint32_t)p[1] << 8 | (uint32_t)p[2] << 16 | (uint32_t)p[3] << 24;
}

#define BAD(...) scord_priv_fail(NULL, SCORD_ERR_INVALID_ARG, "bad race record: " __VA_ARGS__)

int scord_race_decode(const void *record32, struct scord_race *out)
{
    if (!record32 || !out)
        return scord_priv_fail(NULL, SCORD_ERR_INVALID_ARG, "no record or no place for it");
    const unsigned char *b = record32;
    uint32_t w[8];
    for (int i = 0; i < 8; i++)
        w[i] = rd32(b + 4 * i);

    struct scord_race r;
    memset(&r, 0, sizeof r);
    r.type = w[0] & 0xffu;
    r.device_scope = w[0] >> 8 & 1u;
    r.kind = w[0] >> 9 & 3u;
    r.strong = w[0] >> 11 & 1u;
    r.scope = w[0] >> 12 & 1u;
    r.prev_modified = w[0] >> 13 & 1u;
    r.prev_atomic = w[0] >> 14 & 1u;
    r.prev_scope = w[0] >> 15 & 1u;
    r.prev_strong = w[0] >> 16 & 1u;
    uint32_t size_log2 = w[0] >> 17 & 3u;
    r.pc = w[1];
    r.addr = w[2];
    r.block = w[3];
    r.core = w[4] & 0xffu;
    r.warp = w[4] >> 8 & 0xffu;
    r.lane = w[4] >> 16 & 0xffu;
    r.prev_block = w[5] & 0xffu;
    r.prev_warp = w[5] >> 8 & 0xffu;
    r.count = w[6];
    r.seq = w[7];

    /* Encoding of the record itself (§8.1, §8.2). */
    if (!type_ok(r.type))
        return BAD("unknown race type %" PRIu32, r.type);
    if (w[0] >> 19)
        return BAD("reserved bits [31:19] of word 0 are 0x%" PRIx32, w[0] >> 19);
    if (r.kind > SCORD_ACCESS_ATOMIC)
        return BAD("access kind 3 (a fence or barrier cannot race)");
    if (size_log2 > 2)
        return BAD("access size code 3 (accesses are at most 4 bytes)");
    if (w[3] >> 16)
        return BAD("block id 0x%08" PRIx32 " wider than 16 bits", w[3]);
    if (w[4] >> 24)
        return BAD("reserved bits [31:24] of word 4 are 0x%02" PRIx32, w[4] >> 24);
    if (r.warp >= WARP_LIMIT || r.lane >= LANE_LIMIT)
        return BAD("warp %" PRIu32 " or lane %" PRIu32 " wider than 5 bits", r.warp, r.lane);
    if (w[5] >> 16)
        return BAD("reserved bits [31:16] of word 5 are 0x%04" PRIx32, w[5] >> 16);
    if (r.prev_block > BLOCK7_MASK || r.prev_warp >= WARP_LIMIT)
        return BAD("previous block %" PRIu32 " or warp %" PRIu32 " wider than 7 / 5 bits",
                   r.prev_block, r.prev_warp);
    if (r.count == 0)
        return BAD("count 0 (a record counts at least its first occurrence)");
    /* Normalisation on arrival (§3.2): atomics strong, loads/stores unscoped. */
    if (r.kind == SCORD_ACCESS_ATOMIC && !r.strong)
        return BAD("weak atomic (atomics are always strong)");
    if (r.kind != SCORD_ACCESS_ATOMIC && r.scope)
        return BAD("%s with a scope (only atomics have one)", kind_name(r.kind));
    /* The previous access flags are metadata (§5.3): SCOPE only on atomics,
     * and an atomic writes. */
    if (r.prev_scope && !r.prev_atomic)
        return BAD("previous access has a scope but is not atomic");
    if (r.prev_atomic && !r.prev_modified)
        return BAD("previous access is atomic but not modifying");

    if (r.type == SCORD_RACE_INTRUSION) {
        if (r.device_scope || (w[0] >> 13 & 0xfu) || w[5])
            return BAD("intrusion with a previous access");
        if (r.kind == SCORD_ACCESS_LOAD)
            return BAD("intrusion by a load (only stores and atomics intrude)");
    } else {
        /* devrace is "md.BLOCK != block[6:0]" (§6.2 A5). */
        bool differ = (r.block & BLOCK7_MASK) != r.prev_block;
        if (r.device_scope != differ)
            return BAD("scope flag %u, but blocks %" PRIu32 " and %" PRIu32 " (mod 128) %s",
                       (unsigned)r.device_scope, r.block, r.prev_block,
                       differ ? "differ" : "are equal");
        if (r.type == SCORD_RACE_BLOCK_FENCE && r.device_scope)
            return BAD("block-fence race between different blocks");
        if ((r.type == SCORD_RACE_DEV_FENCE || r.type == SCORD_RACE_SCOPED_ATOM) &&
            !r.device_scope)
            return BAD("%s race within one block", type_names[r.type]);
        if (r.type == SCORD_RACE_LOCK_LOAD && r.kind != SCORD_ACCESS_LOAD)
            return BAD("lock-load race by a %s", kind_name(r.kind));
        if (r.type == SCORD_RACE_LOCK_STORE && r.kind != SCORD_ACCESS_STORE)
            return BAD("lock-store race by a %s", kind_name(r.kind));
        r.has_prev = 1;
        r.prev_kind = r.prev_atomic     ? SCORD_ACCESS_ATOMIC
                      : r.prev_modified ? SCORD_ACCESS_STORE
                                        : SCORD_ACCESS_LOAD;
    }
    r.size = (uint8_t)(1u << size_log2);
    *out = r;
    return SCORD_OK;
}

/* ---- source mapping (libdw) ---------------------------------------------------- */

/* A code symbol: [lo, hi). Symbols without a size (assembler labels such
 * as _start) extend to the next code symbol or the end of their section. */
struct func {
    uint32_t lo, hi;
    const char *name; /* in the ELF's string table */
    bool sized;
};

struct scord_dbg {
    char *image; /* libelf and libdw read the ELF in place */
    Elf *elf;
    Dwarf *dw; /* NULL: no (usable) DWARF */
    struct func *funcs;
    size_t nfuncs;
};

static const char unknown[] = "??";

static int cmp_func(const void *a, const void *b)
{
    const struct func *x = a, *y = b;
    if (x->lo != y->lo)
        return x->lo < y->lo ? -1 : 1;
    return (int)y->sized - (int)x->sized; /* sized first: they are the real functions */
}

/* Collect the code symbols of the ELF's symbol table. A malformed table
 * only loses names, so failures here are silent; memory is the exception. */
static int collect_funcs(struct scord_dbg *d)
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
            f[m].name = name;
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
        free(d->funcs);
        d->funcs = f;
        d->nfuncs = m;
    }
    return 0;
}

int scord_dbg_open(scord_device *dev, const void *image, size_t size, struct scord_dbg **out)
{
    *out = NULL;
    struct scord_dbg *d = calloc(1, sizeof *d);
    char *copy = malloc(size ? size : 1);
    if (!d || !copy) {
        free(d);
        free(copy);
        return scord_priv_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    }
    memcpy(copy, image, size);
    d->image = copy;
    d->elf = elf_memory(d->image, size);
    if (d->elf) {
        if (collect_funcs(d)) {
            scord_dbg_close(d);
            return scord_priv_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
        }
        /* No DWARF (stripped kernel) leaves dw NULL: lookups give "??". */
        d->dw = dwarf_begin_elf(d->elf, DWARF_C_READ, NULL);
    }
    *out = d;
    return 0;
}

void scord_dbg_close(struct scord_dbg *d)
{
    if (!d)
        return;
    if (d->dw)
        dwarf_end(d->dw);
    if (d->elf)
        elf_end(d->elf);
    free(d->funcs);
    free(d->image);
    free(d);
}

static const struct func *find_func(const struct scord_dbg *d, uint32_t pc)
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

static void dwarf_lookup(struct scord_dbg *d, uint32_t pc, struct scord_srcloc *loc)
{
    Dwarf_Die cu_mem, *cu = dwarf_addrdie(d->dw, pc, &cu_mem);
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
        loc->inlined = name ? name : unknown;
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
        return scord_priv_fail(NULL, SCORD_ERR_INVALID_ARG, "no kernel or no place for the location");
    *loc = (struct scord_srcloc){
        .function = unknown, .file = unknown, .comp_dir = unknown, .call_file = unknown};
    struct scord_dbg *d = scord_priv_kernel_dbg(kernel);
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

/* ---- formatting ------------------------------------------------------------------ */

/* snprintf into a fixed buffer, counting what did not fit, so the caller
 * learns the size it needs (the snprintf contract of scord.h). */
struct out {
    char *buf;
    size_t len, pos; /* pos: characters produced so far, fitting or not */
    bool bad;        /* vsnprintf failed: no sensible length to report */
};

#if defined(__GNUC__)
__attribute__((format(printf, 2, 3)))
#endif
static void put(struct out *o, const char *fmt, ...)
{
    char *at = o->pos < o->len ? o->buf + o->pos : NULL;
    size_t room = o->pos < o->len ? o->len - o->pos : 0;
    va_list ap;
    va_start(ap, fmt);
    int n = vsnprintf(at, room, fmt, ap);
    va_end(ap);
    if (n < 0)
        o->bad = true;
    else
        o->pos += (size_t)n;
}

static void put_char(struct out *o, char c)
{
    if (o->pos + 1 < o->len) {
        o->buf[o->pos] = c;
        o->buf[o->pos + 1] = '\0';
    }
    o->pos++;
}

static int finish_out(struct out *o)
{
    if (o->len)
        o->buf[o->pos < o->len ? o->pos : o->len - 1] = '\0';
    if (o->bad || o->pos > INT32_MAX)
        return scord_priv_fail(NULL, SCORD_ERR_NO_MEM, "report too long to format");
    return (int)o->pos;
}

/* Length of the UTF-8 sequence starting at s (1..4), or 0 if invalid:
 * overlong forms, surrogates and values above U+10FFFF are refused, so
 * the JSON stays valid UTF-8 whatever bytes a file name holds. */
static size_t utf8_len(const unsigned char *s)
{
    unsigned c = s[0];
    size_t n;
    uint32_t cp, min;
    if (c < 0x80)
        return 1;
    if ((c & 0xe0) == 0xc0)
        n = 2, cp = c & 0x1f, min = 0x80;
    else if ((c & 0xf0) == 0xe0)
        n = 3, cp = c & 0x0f, min = 0x800;
    else if ((c & 0xf8) == 0xf0)
        n = 4, cp = c & 0x07, min = 0x10000;
    else
        return 0;
    for (size_t i = 1; i < n; i++) {
        if ((s[i] & 0xc0) != 0x80) /* also stops at the terminating NUL */
            return 0;
        cp = cp << 6 | (s[i] & 0x3f);
    }
    if (cp < min || cp > 0x10ffff || (cp >= 0xd800 && cp <= 0xdfff))
        return 0;
    return n;
}

static void put_json_string(struct out *o, const char *s)
{
    if (!s) {
        put(o, "null");
        return;
    }
    put_char(o, '"');
    const unsigned char *p = (const unsigned char *)s;
    while (*p) {
        unsigned c = *p;
        if (c == '"' || c == '\\') {
            put_char(o, '\\');
            put_char(o, (char)c);
            p++;
        } else if (c == '\n') {
            put(o, "\\n");
            p++;
        } else if (c == '\t') {
            put(o, "\\t");
            p++;
        } else if (c < 0x20 || c == 0x7f) {
            put(o, "\\u%04x", c);
            p++;
        } else {
            size_t n = utf8_len(p);
            if (n == 0) {
                put(o, "\\ufffd");
                p++;
            } else {
                for (size_t i = 0; i < n; i++)
                    put_char(o, (char)p[i]);
                p += n;
            }
        }
    }
    put_char(o, '"');
}

size_t scord_priv_json_string(char *buf, size_t len, const char *s)
{
    struct out o = {buf, buf ? len : 0, 0, false};
    if (o.len)
        o.buf[0] = '\0';
    put_json_string(&o, s);
    return o.pos;
}

/* Formatting takes a struct the caller may have filled by hand: refuse
 * values that would index past a table or print nonsense. */
static int check_race(const struct scord_race *r, char *buf, size_t len)
{
    if (!r || (!buf && len))
        return scord_priv_fail(NULL, SCORD_ERR_INVALID_ARG, "no race, or no buffer");
    if (len)
        buf[0] = '\0';
    if (!type_ok(r->type))
        return scord_priv_fail(NULL, SCORD_ERR_INVALID_ARG, "unknown race type %" PRIu32,
                               r->type);
    if (r->kind > SCORD_ACCESS_ATOMIC || (r->has_prev && r->prev_kind > SCORD_ACCESS_ATOMIC))
        return scord_priv_fail(NULL, SCORD_ERR_INVALID_ARG, "unknown access kind");
    if (r->size != 1 && r->size != 2 && r->size != 4)
        return scord_priv_fail(NULL, SCORD_ERR_INVALID_ARG, "access size %u", (unsigned)r->size);
    return 0;
}

static const char *base_name(const char *path)
{
    const char *slash = strrchr(path, '/');
    return slash ? slash + 1 : path;
}

/* "weak store", "strong load", "device-scope atomic". */
static void put_access(struct out *o, uint32_t kind, bool strong, bool scope)
{
    if (kind == SCORD_ACCESS_ATOMIC)
        put(o, "%s-scope atomic", scope ? "device" : "block");
    else
        put(o, "%s %s", strong ? "strong" : "weak", kind_name(kind));
}

/* "kernel_main+0x44 (kernel.c:27:5)", with the inlining path when the line
 * is inside an inlined helper; just the PC without a kernel. */
static void put_where(struct out *o, const scord_kernel *k, uint32_t pc)
{
    struct scord_srcloc loc;
    if (!k || scord_kernel_addr2line(k, pc, &loc) != 0) {
        put(o, "pc 0x%08" PRIx32, pc);
        return;
    }
    if (loc.function != unknown)
        put(o, "%s+0x%" PRIx32, loc.function, loc.offset);
    else
        put(o, "pc 0x%08" PRIx32, pc);
    if (loc.line) {
        put(o, " (%s:%" PRIu32, base_name(loc.file), loc.line);
        if (loc.column)
            put(o, ":%" PRIu32, loc.column);
        if (loc.inlined) {
            put(o, ", in %s inlined", loc.inlined);
            if (loc.call_line)
                put(o, " at %s:%" PRIu32, base_name(loc.call_file), loc.call_line);
        }
        put(o, ")");
    } else {
        put(o, " (?\?)"); /* escaped: -std=c11 has trigraphs */
    }
}

#define BAR "========= "

int scord_race_format(const scord_kernel *k, const struct scord_race *r, char *buf, size_t len)
{
    int rc = check_race(r, buf, len);
    if (rc)
        return rc;
    struct out o = {buf, len, 0, false};

    put(&o, BAR "Race (%s) detected: ", type_names[r->type]);
    put_access(&o, r->kind, r->strong, r->scope);
    put(&o, " of %u byte%s at 0x%08" PRIx32 "\n", (unsigned)r->size, r->size == 1 ? "" : "s",
        r->addr);
    put(&o, BAR "    by lane %" PRIu32 " of warp %" PRIu32 " of block %" PRIu32 " (core %" PRIu32
                "), at ",
        r->lane, r->warp, r->block, r->core);
    put_where(&o, k, r->pc);
    put(&o, "\n");

    if (r->type == SCORD_RACE_INTRUSION) {
        put(&o, BAR "    %s: race reports of this kernel may be wrong from here on\n",
            type_descriptions[r->type]);
    } else if (r->has_prev) {
        put(&o, BAR "    conflicts with an earlier ");
        put_access(&o, r->prev_kind, r->prev_strong, r->prev_scope);
        /* The record keeps 7 bits of the earlier block id (§8.1): only a
         * grid of more than 128 blocks makes that ambiguous. */
        put(&o, " by warp %" PRIu32 " of block %" PRIu32 "%s (%s); the record holds no "
                "location for it\n",
            r->prev_warp, r->prev_block, r->block > BLOCK7_MASK ? " (mod 128)" : "",
            r->device_scope ? "different block: device-scope race"
                            : "same block: block-scope race");
        put(&o, BAR "    %s", type_descriptions[r->type]);
        if (r->type == SCORD_RACE_NOT_STRONG) {
            bool cur_weak = !r->strong, prev_weak = !r->prev_strong;
            put(&o, "; weak: %s", cur_weak && prev_weak ? "both accesses"
                                  : cur_weak            ? "this access"
                                                        : "the earlier access");
        } else if (r->type == SCORD_RACE_SCOPED_ATOM) {
            bool cur_blk = r->kind == SCORD_ACCESS_ATOMIC && !r->scope;
            bool prev_blk = r->prev_atomic && !r->prev_scope;
            put(&o, "; block-scope: %s", cur_blk && prev_blk ? "both atomics"
                                         : cur_blk           ? "this atomic"
                                                             : "the earlier atomic");
        }
        put(&o, "\n");
    }
    if (r->count == 1)
        put(&o, BAR "    (seen once; access #%" PRIu32 " of the kernel)\n", r->seq);
    else
        put(&o, BAR "    (seen %s%" PRIu32 " times at this pc; first as access #%" PRIu32
                    " of the kernel)\n",
            r->count == UINT32_MAX ? "at least " : "", r->count, r->seq);
    return finish_out(&o);
}

static const char *tf(bool b) { return b ? "true" : "false"; }

int scord_race_format_json(const scord_kernel *k, const struct scord_race *r, char *buf,
                           size_t len)
{
    int rc = check_race(r, buf, len);
    if (rc)
        return rc;
    struct out o = {buf, len, 0, false};

    put(&o, "{\"type\":\"%s\",\"type_id\":%" PRIu32 ",\"description\":", type_names[r->type],
        r->type);
    put_json_string(&o, type_descriptions[r->type]);
    put(&o, ",\"device_scope\":%s,\"pc\":%" PRIu32 ",\"addr\":%" PRIu32, tf(r->device_scope),
        r->pc, r->addr);
    put(&o, ",\"access\":{\"kind\":\"%s\",\"size\":%u,\"strong\":%s,\"scope\":%s}",
        kind_name(r->kind), (unsigned)r->size, tf(r->strong),
        r->kind != SCORD_ACCESS_ATOMIC ? "null" : r->scope ? "\"device\"" : "\"block\"");
    put(&o, ",\"accessor\":{\"core\":%" PRIu32 ",\"block\":%" PRIu32 ",\"warp\":%" PRIu32
            ",\"lane\":%" PRIu32 "}",
        r->core, r->block, r->warp, r->lane);
    if (r->has_prev)
        put(&o, ",\"previous\":{\"kind\":\"%s\",\"modified\":%s,\"atomic\":%s,\"scope\":%s,"
                "\"strong\":%s,\"block_mod128\":%" PRIu32 ",\"warp\":%" PRIu32 "}",
            kind_name(r->prev_kind), tf(r->prev_modified), tf(r->prev_atomic),
            !r->prev_atomic ? "null" : r->prev_scope ? "\"device\"" : "\"block\"",
            tf(r->prev_strong), r->prev_block, r->prev_warp);
    else
        put(&o, ",\"previous\":null");
    put(&o, ",\"count\":%" PRIu32 ",\"seq\":%" PRIu32 ",\"source\":", r->count, r->seq);

    struct scord_srcloc loc;
    if (!k || scord_kernel_addr2line(k, r->pc, &loc) != 0) {
        put(&o, "null");
    } else {
        /* Unknown parts are null rather than "??", so tools need no magic
         * string. */
        put(&o, "{\"function\":");
        put_json_string(&o, loc.function != unknown ? loc.function : NULL);
        if (loc.function != unknown)
            put(&o, ",\"offset\":%" PRIu32, loc.offset);
        else
            put(&o, ",\"offset\":null");
        put(&o, ",\"file\":");
        put_json_string(&o, loc.line ? loc.file : NULL);
        put(&o, ",\"comp_dir\":");
        put_json_string(&o, loc.comp_dir != unknown ? loc.comp_dir : NULL);
        if (loc.line)
            put(&o, ",\"line\":%" PRIu32 ",\"column\":%" PRIu32, loc.line, loc.column);
        else
            put(&o, ",\"line\":null,\"column\":null");
        put(&o, ",\"inlined\":");
        put_json_string(&o, loc.inlined);
        put(&o, ",\"call_file\":");
        put_json_string(&o, loc.inlined && loc.call_line ? loc.call_file : NULL);
        if (loc.inlined && loc.call_line)
            put(&o, ",\"call_line\":%" PRIu32 "}", loc.call_line);
        else
            put(&o, ",\"call_line\":null}");
    }
    put(&o, "}\n");
    return finish_out(&o);
}

/* ---- ring drain (§8.3) ----------------------------------------------------------------- */

/* Copy n slots starting at slot `from`, wrapping at the end of the ring. */
static int read_slots(const struct scord_ring_port *p, uint32_t base, uint32_t size,
                      uint32_t from, uint32_t n, unsigned char *dst)
{
    uint32_t first = size - from < n ? size - from : n;
    int rc = p->mem_read(p->ctx, base + from * REC_BYTES, dst, (size_t)first * REC_BYTES);
    if (!rc && n > first)
        rc = p->mem_read(p->ctx, base, dst + (size_t)first * REC_BYTES,
                         (size_t)(n - first) * REC_BYTES);
    return rc;
}

/* The ring registers make sense. Unused ctl indices read 0 (§7.1): a GPU
 * without the detector, or one whose ring was never configured, shows a
 * ring of size 0. */
static int check_ring(scord_device *dev, uint32_t size, uint32_t head, uint32_t tail)
{
    if (size < 2)
        return scord_priv_fail(dev, SCORD_ERR_NOT_SUPPORTED,
                               "no race ring: DET_RING_SIZE reads %" PRIu32
                               " (detector absent or not configured)",
                               size);
    if (head >= size || tail >= size)
        return scord_priv_fail(dev, SCORD_ERR_IO,
                               "ring pointers head %" PRIu32 ", tail %" PRIu32
                               " outside a ring of %" PRIu32 " slots",
                               head, tail, size);
    return SCORD_OK;
}

int scord_priv_ring_drain(const struct scord_ring_port *p, scord_device *dev,
                          struct scord_race *races, size_t max, size_t *n,
                          struct scord_ring_info *info)
{
    if (!p || !n || (!races && max))
        return scord_priv_fail(dev, SCORD_ERR_INVALID_ARG, "no count or no place for the races");
    *n = 0;
    uint32_t status, base, size, head, tail, drops;
    int rc;
    if ((rc = p->reg_read(p->ctx, SCORD_DET_STATUS, &status)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_RING_BASE, &base)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_RING_SIZE, &size)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_RING_HEAD, &head)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_RING_TAIL, &tail)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_RING_DROPS, &drops)))
        return rc;
    if ((rc = check_ring(dev, size, head, tail)))
        return rc;
    if ((uint64_t)base + (uint64_t)size * REC_BYTES > UINT32_MAX + 1ull)
        return scord_priv_fail(dev, SCORD_ERR_RANGE,
                               "ring at 0x%08" PRIx32 " of %" PRIu32 " slots passes 4 GiB", base,
                               size);
    uint32_t avail = (head + size - tail) % size;
    uint32_t take = max < avail ? (uint32_t)max : avail;
    struct scord_ring_info in = {.drops = drops, .remaining = avail - take, .status = status};
    if (take == 0) {
        if (info)
            *info = in;
        return SCORD_OK;
    }

    unsigned char *raw = malloc((size_t)take * REC_BYTES * 2);
    if (!raw)
        return scord_priv_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    unsigned char *again = raw + (size_t)take * REC_BYTES;
    if ((rc = read_slots(p, base, size, tail, take, raw)) ||
        (rc = p->reg_write(p->ctx, SCORD_DET_RING_TAIL, (tail + take) % size)) ||
        /* The detector may have merged an occurrence into a record (count,
         * word 6) between our copy and the tail write; after the tail
         * write it no longer touches these slots (§8.3 R3), so a second
         * copy has the final counts. A slot already reused for a new
         * record differs in its other words and keeps the first copy's. */
        (rc = read_slots(p, base, size, tail, take, again))) {
        free(raw);
        return rc;
    }
    size_t stored = 0;
    for (uint32_t i = 0; i < take; i++) {
        const unsigned char *a = raw + (size_t)i * REC_BYTES, *b = again + (size_t)i * REC_BYTES;
        struct scord_race r;
        if (scord_race_decode(a, &r) != 0) {
            in.invalid++;
            continue;
        }
        if (memcmp(a, b, 24) == 0 && memcmp(a + 28, b + 28, 4) == 0 && rd32(b + 24) > r.count)
            r.count = rd32(b + 24);
        races[stored++] = r;
    }
    free(raw);
    *n = stored;
    if (info)
        *info = in;
    return SCORD_OK;
}

static int dev_reg_read(void *ctx, uint32_t idx, uint32_t *v)
{
    return scord_priv_reg_read(ctx, idx, v);
}
static int dev_reg_write(void *ctx, uint32_t idx, uint32_t v)
{
    return scord_priv_reg_write(ctx, idx, v);
}
static int dev_mem_read(void *ctx, uint32_t addr, void *dst, size_t n)
{
    return scord_memcpy_dtoh(ctx, dst, addr, n);
}

/* The drain of a device that takes records out of its ring itself: the
 * records streamed while the kernel ran first, then the ring's. The
 * device picks up merged counts (§8.3) as the drain above does. */
static int drain_taken(scord_device *dev, struct scord_race *races, size_t max, size_t *n,
                       struct scord_ring_info *info)
{
    if (!n || (!races && max))
        return scord_priv_fail(dev, SCORD_ERR_INVALID_ARG, "no count or no place for the races");
    *n = 0;
    /* Everything goes through the queue, so a record taken now merges into
     * one streamed during the run (same PC and type), as it would have in
     * a ring drained only now. */
    int rc = scord_priv_stream_pull(dev);
    if (rc)
        return rc;
    /* DET_STATUS .. DET_RING_DROPS */
    uint32_t v[SCORD_DET_RING_DROPS - SCORD_DET_STATUS + 1];
    if ((rc = scord_priv_reg_read_n(dev, SCORD_DET_STATUS, sizeof v / sizeof v[0], v)))
        return rc;
    uint32_t status = v[0], size = v[SCORD_DET_RING_SIZE - SCORD_DET_STATUS],
             head = v[SCORD_DET_RING_HEAD - SCORD_DET_STATUS],
             tail = v[SCORD_DET_RING_TAIL - SCORD_DET_STATUS],
             drops = v[SCORD_DET_RING_DROPS - SCORD_DET_STATUS];
    if ((rc = check_ring(dev, size, head, tail)))
        return rc;
    uint32_t in_ring = (head + size - tail) % size, queued = scord_priv_queued(dev);
    uint32_t want = (uint32_t)(max < queued ? max : queued);
    struct scord_ring_info in = {.drops = drops, .remaining = queued - want + in_ring,
                                 .status = status};
    if (want) {
        unsigned char *raw = malloc((size_t)want * REC_BYTES);
        if (!raw)
            return scord_priv_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
        uint32_t got = scord_priv_queue_take(dev, raw, want);
        size_t stored = 0;
        for (uint32_t i = 0; i < got; i++) {
            if (scord_race_decode(raw + (size_t)i * REC_BYTES, &races[stored]) != 0)
                in.invalid++;
            else
                stored++;
        }
        free(raw);
        *n = stored;
    }
    if (info)
        *info = in;
    return SCORD_OK;
}

int scord_ring_drain(scord_device *dev, struct scord_race *races, size_t max, size_t *n,
                     struct scord_ring_info *info)
{
    if (!dev)
        return SCORD_ERR_INVALID_ARG;
    if (scord_priv_can_take(dev))
        return drain_taken(dev, races, max, n, info);
    const struct scord_ring_port port = {dev, dev_reg_read, dev_reg_write, dev_mem_read};
    return scord_priv_ring_drain(&port, dev, races, max, n, info);
}
