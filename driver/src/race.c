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
_Static_assert(SCORD_RACE_INTRA_WARP == SCORD_DET_RACE_INTRA_WARP, "regmap.def changed");
_Static_assert(SCORD_RACE_SHARED == SCORD_DET_RACE_SHARED, "regmap.def changed");
_Static_assert(SCORD_RACE_SHARED_WARP == SCORD_DET_RACE_SHARED_WARP, "regmap.def changed");
_Static_assert(SCORD_RACE_PC_INDEX_UNKNOWN == SCORD_DET_PCIDX_UNKNOWN, "regmap.def changed");
_Static_assert(SCORD_RACE_TYPE_MAX + 1 == SCORD_DET_RACE_TYPES, "regmap.def changed");
_Static_assert(SCORD_RACE_RECORD_BYTES == SCORD_DET_REC_BYTES, "regmap.def changed");
_Static_assert(SCORD_ACCESS_LOAD == SCORD_DET_EV_LOAD && SCORD_ACCESS_STORE == SCORD_DET_EV_STORE &&
                   SCORD_ACCESS_ATOMIC == SCORD_DET_EV_ATOMIC,
               "regmap.def changed");

#define REC_BYTES SCORD_DET_REC_BYTES
#define BLOCK7_MASK ((1u << SCORD_DET_BLOCK_BITS) - 1u)
#define WARP_LIMIT (1u << SCORD_DET_WARP_BITS)
#define LANE_LIMIT 32u /* lane ids are 5 bits (§2) */
/* Reads of DET_RING_CLAIM before a claim counts as not taken: the
 * detector applies it between two reports, each a few cycles. */
#define CLAIM_TRIES 1000u

/* ---- names -------------------------------------------------------------- */

static const char *const type_names[SCORD_RACE_TYPE_MAX + 1] = {
    [SCORD_RACE_BLOCK_FENCE] = "block-fence", [SCORD_RACE_DEV_FENCE] = "device-fence",
    [SCORD_RACE_NOT_STRONG] = "not-strong",   [SCORD_RACE_SCOPED_ATOM] = "scoped-atomic",
    [SCORD_RACE_LOCK_LOAD] = "lock-load",     [SCORD_RACE_LOCK_STORE] = "lock-store",
    [SCORD_RACE_INTRUSION] = "intrusion",     [SCORD_RACE_INTRA_WARP] = "intra-warp",
    [SCORD_RACE_SHARED] = "shared",           [SCORD_RACE_SHARED_WARP] = "shared-warp",
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
    [SCORD_RACE_INTRA_WARP] = "conflicting global-memory accesses by two lanes of one warp with "
                              "no __syncwarp(), barrier or fence between them (lanes of a warp "
                              "may interleave)",
    [SCORD_RACE_SHARED] = "conflicting shared-memory accesses by two warps of one block with no "
                          "__syncthreads() between them",
    [SCORD_RACE_SHARED_WARP] = "conflicting shared-memory accesses by two lanes of one warp with "
                               "no __syncwarp() or __syncthreads() between them",
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

static bool shared_type(uint32_t t)
{
    return t == SCORD_RACE_SHARED || t == SCORD_RACE_SHARED_WARP;
}

/* The fields of the record's 8 words; no check yet. */
static void unpack(const uint32_t w[8], uint32_t pc_base, struct scord_race *r,
                   uint32_t *size_log2)
{
    memset(r, 0, sizeof *r);
    r->type = w[0] & 0xffu;
    r->device_scope = w[0] >> 8 & 1u;
    r->kind = w[0] >> 9 & 3u;
    r->strong = w[0] >> 11 & 1u;
    r->scope = w[0] >> 12 & 1u;
    r->prev_modified = w[0] >> 13 & 1u;
    r->prev_atomic = w[0] >> 14 & 1u;
    r->prev_scope = w[0] >> 15 & 1u;
    r->prev_strong = w[0] >> 16 & 1u;
    *size_log2 = w[0] >> 17 & 3u;
    r->prev_known = w[0] >> 19 & 1u;
    r->shared = w[0] >> 20 & 1u;
    r->prev_lane = w[0] >> 21 & 0x1fu;
    r->pc = w[1];
    r->addr = w[2];
    r->block = w[3];
    r->core = w[4] & 0xffu;
    r->warp = w[4] >> 8 & 0xffu;
    r->lane = w[4] >> 16 & 0xffu;
    r->prev_block = w[5] & 0xffu;
    r->prev_warp = w[5] >> 8 & 0xffu;
    r->prev_pc_index = w[5] >> 16;
    r->prev_pc = r->prev_known ? pc_base + 4u * r->prev_pc_index : 0;
    r->count = w[6];
    r->seq = w[7];
}

/* Encoding of the record itself (§8.1, §8.2): widths, reserved bits,
 * normalisation. */
static int check_encoding(const uint32_t w[8], const struct scord_race *r, uint32_t size_log2)
{
    if (!type_ok(r->type))
        return BAD("unknown race type %" PRIu32, r->type);
    if (w[0] >> 26)
        return BAD("reserved bits [31:26] of word 0 are 0x%" PRIx32, w[0] >> 26);
    if (r->kind > SCORD_ACCESS_ATOMIC)
        return BAD("access kind 3 (a fence or barrier cannot race)");
    if (size_log2 > 2)
        return BAD("access size code 3 (accesses are at most 4 bytes)");
    if (w[3] >> 16)
        return BAD("block id 0x%08" PRIx32 " wider than 16 bits", w[3]);
    if (w[4] >> 24)
        return BAD("reserved bits [31:24] of word 4 are 0x%02" PRIx32, w[4] >> 24);
    if (r->warp >= WARP_LIMIT || r->lane >= LANE_LIMIT)
        return BAD("warp %" PRIu32 " or lane %" PRIu32 " wider than 5 bits", r->warp, r->lane);
    if (r->prev_block > BLOCK7_MASK || r->prev_warp >= WARP_LIMIT)
        return BAD("previous block %" PRIu32 " or warp %" PRIu32 " wider than 7 / 5 bits",
                   r->prev_block, r->prev_warp);
    if (r->count == 0)
        return BAD("count 0 (a record counts at least its first occurrence)");
    /* Normalisation on arrival (§3.2): atomics strong, loads/stores unscoped. */
    if (r->kind == SCORD_ACCESS_ATOMIC && !r->strong)
        return BAD("weak atomic (atomics are always strong)");
    if (r->kind != SCORD_ACCESS_ATOMIC && r->scope)
        return BAD("%s with a scope (only atomics have one)", kind_name(r->kind));
    /* The previous access flags are metadata (§5.3): SCOPE only on atomics,
     * and an atomic writes. */
    if (r->prev_scope && !r->prev_atomic)
        return BAD("previous access has a scope but is not atomic");
    if (r->prev_atomic && !r->prev_modified)
        return BAD("previous access is atomic but not modifying");
    return SCORD_OK;
}

/* Shared-memory records (§5, §6 of the v2 rules): one block, accesses
 * neither strong nor scoped (atomics normalised strong), in the window. */
static int check_shared(const struct scord_race *r)
{
    if (!r->shared)
        return BAD("%s race without the shared-memory flag", type_names[r->type]);
    if (r->addr - SCORD_SMEM_BASE >= SCORD_SMEM_WINDOW)
        return BAD("shared-memory race at 0x%08" PRIx32 ", outside the shared window",
                   r->addr);
    if (r->strong != (r->kind == SCORD_ACCESS_ATOMIC) || r->scope)
        return BAD("shared-memory %s marked %s", kind_name(r->kind),
                   r->scope ? "device scope" : "strong");
    bool same_warp = r->prev_warp == r->warp;
    if (r->type == SCORD_RACE_SHARED && same_warp)
        return BAD("shared race (between warps) with the previous access in the same warp");
    if (r->type == SCORD_RACE_SHARED_WARP && !same_warp)
        return BAD("shared-warp race with the previous access in warp %" PRIu32 ", not %" PRIu32,
                   r->prev_warp, r->warp);
    return SCORD_OK;
}

/* The rules every race between two accesses obeys (§6.3, v2 C1 and the
 * shared rule): a load races only with a write, two atomics never. */
static int check_pair(const struct scord_race *r)
{
    bool lanes_rule = r->type == SCORD_RACE_INTRA_WARP || shared_type(r->type);
    if (lanes_rule && r->kind == SCORD_ACCESS_LOAD && !r->prev_modified)
        return BAD("%s race between two reads", type_names[r->type]);
    if (lanes_rule && r->kind == SCORD_ACCESS_ATOMIC && r->prev_atomic)
        return BAD("%s race between two atomics", type_names[r->type]);
    /* devrace is "md.BLOCK != block[6:0]" (§6.2 A5). */
    bool differ = (r->block & BLOCK7_MASK) != r->prev_block;
    if (r->device_scope != differ)
        return BAD("scope flag %u, but blocks %" PRIu32 " and %" PRIu32 " (mod 128) %s",
                   (unsigned)r->device_scope, r->block, r->prev_block,
                   differ ? "differ" : "are equal");
    if ((r->type == SCORD_RACE_BLOCK_FENCE || lanes_rule) && r->device_scope)
        return BAD("%s race between different blocks", type_names[r->type]);
    if ((r->type == SCORD_RACE_DEV_FENCE || r->type == SCORD_RACE_SCOPED_ATOM) &&
        !r->device_scope)
        return BAD("%s race within one block", type_names[r->type]);
    if (r->type == SCORD_RACE_INTRA_WARP && r->prev_warp != r->warp)
        return BAD("intra-warp race with the previous access in warp %" PRIu32 ", not %" PRIu32,
                   r->prev_warp, r->warp);
    /* C1: the same lane never races with itself. */
    if (r->type == SCORD_RACE_INTRA_WARP && r->prev_known && r->prev_lane == r->lane)
        return BAD("intra-warp race of lane %" PRIu32 " with itself", r->lane);
    if (r->type == SCORD_RACE_LOCK_LOAD && r->kind != SCORD_ACCESS_LOAD)
        return BAD("lock-load race by a %s", kind_name(r->kind));
    if (r->type == SCORD_RACE_LOCK_STORE && r->kind != SCORD_ACCESS_STORE)
        return BAD("lock-store race by a %s", kind_name(r->kind));
    /* Known exactly when the detector kept a PC index (§5 word 0 [19]). */
    if (r->prev_known != (r->prev_pc_index != SCORD_RACE_PC_INDEX_UNKNOWN))
        return BAD("previous access %s, but its PC index is 0x%04" PRIx32,
                   r->prev_known ? "known" : "unknown", r->prev_pc_index);
    return SCORD_OK;
}

int scord_race_decode_at(const void *record32, uint32_t pc_base, struct scord_race *out)
{
    if (!record32 || !out)
        return scord_priv_fail(NULL, SCORD_ERR_INVALID_ARG, "no record or no place for it");
    const unsigned char *b = record32;
    uint32_t w[8];
    for (int i = 0; i < 8; i++)
        w[i] = rd32(b + 4 * i);

    struct scord_race r;
    uint32_t size_log2;
    unpack(w, pc_base, &r, &size_log2);
    int rc = check_encoding(w, &r, size_log2);
    if (rc)
        return rc;
    if (shared_type(r.type)) {
        if ((rc = check_shared(&r)))
            return rc;
    } else if (r.shared) {
        return BAD("%s race with the shared-memory flag", type_names[r.type]);
    }
    if (r.type == SCORD_RACE_INTRUSION) {
        if (r.device_scope || (w[0] >> 13 & 0xfu) || (w[0] >> 19 & 0x7fu) || w[5])
            return BAD("intrusion with a previous access");
        if (r.kind == SCORD_ACCESS_LOAD)
            return BAD("intrusion by a load (only stores and atomics intrude)");
    } else {
        if ((rc = check_pair(&r)))
            return rc;
        r.has_prev = 1;
        r.prev_kind = r.prev_atomic     ? SCORD_ACCESS_ATOMIC
                      : r.prev_modified ? SCORD_ACCESS_STORE
                                        : SCORD_ACCESS_LOAD;
    }
    r.size = (uint8_t)(1u << size_log2);
    *out = r;
    return SCORD_OK;
}

int scord_race_decode(const void *record32, struct scord_race *out)
{
    return scord_race_decode_at(record32, 0, out);
}

/* ---- source mapping (libdw) ---------------------------------------------------- */

/* A code symbol: [lo, hi). Symbols without a size (assembler labels such
 * as _start) extend to the next code symbol or the end of their section. */
struct func {
    uint32_t lo, hi;
    const char *name; /* in the ELF's string table */
    bool sized;
};

/* A shared-memory variable: [lo, hi) in the shared window. From DWARF
 * (name as written, type for element indexes) or, without DWARF, from the
 * symbol table (name without GCC's ".N" suffix of static locals). */
struct shvar {
    uint32_t lo;
    uint64_t hi;
    char *name;
    Dwarf_Off type; /* 0: no type known */
};

struct scord_dbg {
    char *image; /* libelf and libdw read the ELF in place */
    Elf *elf;
    Dwarf *dw; /* NULL: no (usable) DWARF */
    struct func *funcs;
    size_t nfuncs;
    struct shvar *shvars; /* DWARF's first, then the symbol table's */
    size_t nshvars, shcap;
    uint32_t dyn_base; /* __scord_dynamic_shared: dynamic shared memory starts here (0: none) */
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

static int shvar_add(struct scord_dbg *d, uint32_t lo, uint64_t hi, const char *name, size_t n,
                     Dwarf_Off type)
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
static int collect_shared_syms(struct scord_dbg *d)
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
static int shared_variable(struct scord_dbg *d, Dwarf_Die *die)
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

static int walk_variables(struct scord_dbg *d, Dwarf_Die *parent, int depth)
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
static int collect_shared_dwarf(struct scord_dbg *d)
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
        if (collect_shared_syms(d) || (d->dw && collect_shared_dwarf(d))) {
            scord_dbg_close(d);
            return scord_priv_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
        }
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
    for (size_t i = 0; i < d->nshvars; i++)
        free(d->shvars[i].name);
    free(d->shvars);
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

/* ---- shared-memory variables ------------------------------------------------------ */

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

/* "[i][j]" of the element at byte `off` of array type t, and what is left
 * inside the element in *rem; false if t is not an array of known shape. */
static bool array_index(Dwarf_Die *t, uint32_t off, struct out *o, uint32_t *rem)
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
    uint64_t idx[8];
    for (int k = n - 1; k > 0; k--) {
        idx[k] = flat % dims[k];
        flat /= dims[k];
    }
    idx[0] = flat;
    for (int k = 0; k < n; k++)
        put(o, "[%llu]", (unsigned long long)idx[k]);
    *rem = (uint32_t)(off % esz);
    return true;
}

/* The variable at shared address addr, e.g. "tile[3][1]", "sums[7] (+2
 * bytes)", "buf (+12 bytes)"; nothing when no variable covers it. */
static void put_shared_name(struct out *o, struct scord_dbg *d, uint32_t addr)
{
    const struct shvar *v = NULL;
    for (size_t i = 0; i < d->nshvars && !v; i++)
        if (addr >= d->shvars[i].lo && addr < d->shvars[i].hi)
            v = &d->shvars[i];
    if (!v)
        return;
    uint32_t off = addr - v->lo, rem = off;
    put(o, "%s", v->name);
    Dwarf_Die t;
    if (v->type && d->dw && dwarf_offdie(d->dw, v->type, &t) && array_index(&t, off, o, &rem) &&
        rem == 0)
        return;
    if (rem)
        put(o, " (+%" PRIu32 " byte%s)", rem, rem == 1 ? "" : "s");
}

int scord_kernel_shared_name(const scord_kernel *kernel, uint32_t addr, char *buf, size_t len)
{
    if (!kernel || (!buf && len))
        return scord_priv_fail(NULL, SCORD_ERR_INVALID_ARG, "no kernel, or no buffer");
    struct out o = {buf, len, 0, false};
    if (len)
        buf[0] = '\0';
    struct scord_dbg *d = scord_priv_kernel_dbg(kernel);
    if (d)
        put_shared_name(&o, d, addr);
    return finish_out(&o);
}

/* ---- reports ------------------------------------------------------------------------ */

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

/* "weak store", "strong load", "device-scope atomic"; shared memory has
 * neither strength nor scope: "store", "atomic". */
static void put_access(struct out *o, uint32_t kind, bool strong, bool scope, bool shared)
{
    if (shared)
        put(o, "%s", kind_name(kind));
    else if (kind == SCORD_ACCESS_ATOMIC)
        put(o, "%s-scope atomic", scope ? "device" : "block");
    else
        put(o, "%s %s", strong ? "strong" : "weak", kind_name(kind));
}

/* compute-sanitizer's words for an access: "Read", "Write", "Atomic",
 * qualified where global memory makes a difference: "Write (weak)". */
static void put_verb(struct out *o, uint32_t kind, bool strong, bool scope, bool shared)
{
    static const char *const verbs[] = {"Read", "Write", "Atomic"};
    put(o, "%s", verbs[kind]);
    if (shared)
        return;
    if (kind == SCORD_ACCESS_ATOMIC)
        put(o, " (%s-scope)", scope ? "device" : "block");
    else
        put(o, " (%s)", strong ? "strong" : "weak");
}

/* "file:line:col (function+0xoff)": the kernel's own line first, the
 * inlined helper's after it; just the PC without a kernel or a line. */
static void put_where(struct out *o, const scord_kernel *k, uint32_t pc)
{
    struct scord_srcloc loc;
    if (!k || scord_kernel_addr2line(k, pc, &loc) != 0) {
        put(o, "pc 0x%08" PRIx32, pc);
        return;
    }
    bool fn = loc.function != unknown;
    if (!loc.line) {
        put(o, "pc 0x%08" PRIx32 " (", pc);
        if (fn)
            put(o, "%s+0x%" PRIx32 ", ", loc.function, loc.offset);
        put(o, "no source line)");
        return;
    }
    if (loc.inlined && loc.call_line)
        put(o, "%s:%" PRIu32, base_name(loc.call_file), loc.call_line);
    else if (loc.column)
        put(o, "%s:%" PRIu32 ":%" PRIu32, base_name(loc.file), loc.line, loc.column);
    else
        put(o, "%s:%" PRIu32, base_name(loc.file), loc.line);
    put(o, " (");
    if (fn)
        put(o, "%s+0x%" PRIx32, loc.function, loc.offset);
    else
        put(o, "pc 0x%08" PRIx32, pc);
    if (loc.inlined) {
        put(o, ", in %s", loc.inlined);
        put(o, loc.column ? " at %s:%" PRIu32 ":%" PRIu32 : " at %s:%" PRIu32, base_name(loc.file),
            loc.line, loc.column);
    }
    put(o, ")");
}

/* Split a linear index over (dx, dy, *), as the GPU numbers threads and
 * blocks (x fastest). */
static struct scord_dim3 split3(uint64_t i, uint32_t dx, uint32_t dy)
{
    struct scord_dim3 r = {(uint32_t)(i % dx), (uint32_t)(i / dx % dy), (uint32_t)(i / dx / dy)};
    return r;
}

static bool geometry_known(const struct scord_race *r)
{
    return r->warp_size && r->block_dim.x && r->block_dim.y && r->block_dim.z && r->grid_dim.x &&
           r->grid_dim.y && r->grid_dim.z;
}

static uint64_t grid_blocks(const struct scord_race *r)
{
    return (uint64_t)r->grid_dim.x * r->grid_dim.y * r->grid_dim.z;
}

/* The block id names one block of the launch: records keep 16 bits of it. */
static bool block_exact(const struct scord_race *r, int64_t block)
{
    return (uint64_t)block < grid_blocks(r) && grid_blocks(r) <= 0x10000u;
}

/* The previous accessor's full block id, if the record's 7 bits and the
 * grid tell it: -1 otherwise. Same 7 bits as the current block: the
 * detector took it as the same block. Without the launch's shape, a
 * current block id below 128 is taken to mean a grid that small. */
static int64_t prev_block_id(const struct scord_race *r)
{
    if (!r->device_scope)
        return r->block;
    if (geometry_known(r) ? grid_blocks(r) <= BLOCK7_MASK + 1u : r->block <= BLOCK7_MASK)
        return r->prev_block;
    return -1;
}

/* "thread (x,y,z) in block (x,y,z)", or "lane L of warp W of block B"
 * without the launch's shape. block < 0: b7 is its id mod 128. */
static void put_thread(struct out *o, const struct scord_race *r, int64_t block, uint32_t b7,
                       uint32_t warp, uint32_t lane, bool lane_known)
{
    bool geo = geometry_known(r);
    if (geo && lane_known) {
        struct scord_dim3 t = split3((uint64_t)warp * r->warp_size + lane, r->block_dim.x,
                                     r->block_dim.y);
        put(o, "thread (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ")", t.x, t.y, t.z);
    } else if (lane_known) {
        put(o, "lane %" PRIu32 " of warp %" PRIu32, lane, warp);
    } else {
        put(o, "warp %" PRIu32, warp);
    }
    if (block >= 0 && geo && block_exact(r, block)) {
        struct scord_dim3 b = split3((uint64_t)block, r->grid_dim.x, r->grid_dim.y);
        put(o, " in block (%" PRIu32 ",%" PRIu32 ",%" PRIu32 ")", b.x, b.y, b.z);
    } else if (block >= 0 && geo && grid_blocks(r) > 0x10000u) {
        /* Records keep 16 bits of the block id (§8.1). */
        put(o, " in a block whose id is %" PRId64 " mod 65536", block);
    } else if (block >= 0) {
        put(o, " of block %" PRId64, block);
    } else if (geo) {
        put(o, " in a block whose id is %" PRIu32 " mod 128", b7);
    } else {
        put(o, " of block %" PRIu32 " (mod 128)", b7);
    }
}

/* Where the race happened in shared memory: the variable and the address. */
static void put_location(struct out *o, const scord_kernel *k, const struct scord_race *r)
{
    put(o, "0x%08" PRIx32, r->addr);
    if (!r->shared)
        return;
    struct out name = {NULL, 0, 0, false};
    struct scord_dbg *d = k ? scord_priv_kernel_dbg(k) : NULL;
    if (d)
        put_shared_name(&name, d, r->addr);
    if (name.pos) {
        put(o, " (__shared__ ");
        put_shared_name(o, d, r->addr);
        put(o, ")");
    } else {
        put(o, " (shared memory offset 0x%" PRIx32 ")", r->addr - SCORD_SMEM_BASE);
    }
}

#define BAR "========= "

static void put_previous(struct out *o, const scord_kernel *k, const struct scord_race *r)
{
    int64_t pb = prev_block_id(r);
    put(o, BAR "    previous ");
    put_verb(o, r->prev_kind, r->prev_strong, r->prev_scope, r->shared);
    put(o, " by ");
    if (!r->prev_known) {
        put_thread(o, r, pb, r->prev_block, r->prev_warp, 0, false);
        /* In shared memory the one unnamed previous access is a read by
         * another lane of the first reader's warp (docs/detector.md §6.4). */
        if (r->shared && r->prev_warp == r->warp && r->prev_kind == SCORD_ACCESS_LOAD)
            put(o, ": another lane of this warp (the detector keeps the first reader only)\n");
        else
            put(o, ": its thread and source line are unknown (the detector kept no PC for it)\n");
        return;
    }
    /* Several threads read the word and the racing thread is one of
     * them: the record names the first reader, which may be itself. */
    bool itself = pb == (int64_t)r->block && r->prev_warp == r->warp && r->prev_lane == r->lane;
    put_thread(o, r, pb, r->prev_block, r->prev_warp, r->prev_lane, true);
    if (itself)
        put(o, " (this thread and others read it)");
    put(o, " at ");
    put_where(o, k, r->prev_pc);
    if (!geometry_known(r))
        put(o, "\n");
    else
        put(o, " [warp %" PRIu32 ", lane %" PRIu32 "]\n", r->prev_warp, r->prev_lane);
}

int scord_race_format(const scord_kernel *k, const struct scord_race *r, char *buf, size_t len)
{
    int rc = check_race(r, buf, len);
    if (rc)
        return rc;
    struct out o = {buf, len, 0, false};

    put(&o, BAR "Race (%s) detected: ", type_names[r->type]);
    put_access(&o, r->kind, r->strong, r->scope, r->shared);
    put(&o, " of %u byte%s at ", (unsigned)r->size, r->size == 1 ? "" : "s");
    put_location(&o, k, r);
    put(&o, "\n" BAR "    ");
    put_verb(&o, r->kind, r->strong, r->scope, r->shared);
    put(&o, " by ");
    put_thread(&o, r, r->block, r->block & BLOCK7_MASK, r->warp, r->lane, true);
    put(&o, " at ");
    put_where(&o, k, r->pc);
    if (geometry_known(r))
        put(&o, " [warp %" PRIu32 ", lane %" PRIu32 ", core %" PRIu32 "]\n", r->warp, r->lane,
            r->core);
    else
        put(&o, " [core %" PRIu32 "]\n", r->core);

    if (r->type == SCORD_RACE_INTRUSION) {
        put(&o, BAR "    %s: race reports of this kernel may be wrong from here on\n",
            type_descriptions[r->type]);
    } else if (r->has_prev) {
        put_previous(&o, k, r);
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
        } else if (!r->device_scope && r->block > BLOCK7_MASK && !r->shared) {
            /* The metadata keeps 7 bits of the block id (§2). */
            put(&o, "; taken as the same block: the block ids are equal mod 128");
        }
        put(&o, "\n");
    }
    if (r->count == 1)
        put(&o, BAR "    (seen once");
    else
        put(&o, BAR "    (seen %s%" PRIu32 " times at this pc",
            r->count == UINT32_MAX ? "at least " : "", r->count);
    /* A shared record's seq counts device-memory accesses, not shared ones
     * (§8.1): no position in the kernel to give. */
    if (!r->shared)
        put(&o, "; %saccess #%" PRIu32 " of the kernel", r->count == 1 ? "" : "first as ", r->seq);
    put(&o, ")\n");
    return finish_out(&o);
}

static const char *tf(bool b) { return b ? "true" : "false"; }

/* "source": {...} of pc, or null without a kernel. */
static void put_json_source(struct out *o, const scord_kernel *k, uint32_t pc)
{
    struct scord_srcloc loc;
    if (!k || scord_kernel_addr2line(k, pc, &loc) != 0) {
        put(o, "null");
        return;
    }
    /* Unknown parts are null rather than "??", so tools need no magic
     * string. */
    put(o, "{\"function\":");
    put_json_string(o, loc.function != unknown ? loc.function : NULL);
    if (loc.function != unknown)
        put(o, ",\"offset\":%" PRIu32, loc.offset);
    else
        put(o, ",\"offset\":null");
    put(o, ",\"file\":");
    put_json_string(o, loc.line ? loc.file : NULL);
    put(o, ",\"comp_dir\":");
    put_json_string(o, loc.comp_dir != unknown ? loc.comp_dir : NULL);
    if (loc.line)
        put(o, ",\"line\":%" PRIu32 ",\"column\":%" PRIu32, loc.line, loc.column);
    else
        put(o, ",\"line\":null,\"column\":null");
    put(o, ",\"inlined\":");
    put_json_string(o, loc.inlined);
    put(o, ",\"call_file\":");
    put_json_string(o, loc.inlined && loc.call_line ? loc.call_file : NULL);
    if (loc.inlined && loc.call_line)
        put(o, ",\"call_line\":%" PRIu32 "}", loc.call_line);
    else
        put(o, ",\"call_line\":null}");
}

/* ",\"thread\":[x,y,z],\"block_idx\":[x,y,z]" (null when the launch's
 * shape, the lane or the full block id is unknown). */
static void put_json_thread(struct out *o, const struct scord_race *r, int64_t block,
                            uint32_t warp, uint32_t lane, bool lane_known)
{
    bool geo = geometry_known(r);
    if (geo && lane_known) {
        struct scord_dim3 t = split3((uint64_t)warp * r->warp_size + lane, r->block_dim.x,
                                     r->block_dim.y);
        put(o, ",\"thread\":[%" PRIu32 ",%" PRIu32 ",%" PRIu32 "]", t.x, t.y, t.z);
    } else {
        put(o, ",\"thread\":null");
    }
    if (geo && block >= 0 && block_exact(r, block)) {
        struct scord_dim3 b = split3((uint64_t)block, r->grid_dim.x, r->grid_dim.y);
        put(o, ",\"block_idx\":[%" PRIu32 ",%" PRIu32 ",%" PRIu32 "]", b.x, b.y, b.z);
    } else {
        put(o, ",\"block_idx\":null");
    }
}

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
    put(&o, ",\"device_scope\":%s,\"shared\":%s,\"pc\":%" PRIu32 ",\"addr\":%" PRIu32,
        tf(r->device_scope), tf(r->shared), r->pc, r->addr);
    if (r->shared) {
        struct scord_dbg *d = k ? scord_priv_kernel_dbg(k) : NULL;
        char name[256];
        struct out n = {name, sizeof name, 0, false};
        name[0] = '\0';
        if (d)
            put_shared_name(&n, d, r->addr);
        put(&o, ",\"shared_offset\":%" PRIu32 ",\"shared_variable\":",
            r->addr - SCORD_SMEM_BASE);
        put_json_string(&o, name[0] ? name : NULL);
    }
    put(&o, ",\"access\":{\"kind\":\"%s\",\"size\":%u,\"strong\":%s,\"scope\":%s}",
        kind_name(r->kind), (unsigned)r->size, tf(r->strong),
        r->kind != SCORD_ACCESS_ATOMIC ? "null" : r->scope ? "\"device\"" : "\"block\"");
    put(&o, ",\"accessor\":{\"core\":%" PRIu32 ",\"block\":%" PRIu32 ",\"warp\":%" PRIu32
            ",\"lane\":%" PRIu32,
        r->core, r->block, r->warp, r->lane);
    put_json_thread(&o, r, r->block, r->warp, r->lane, true);
    put(&o, "}");
    if (r->has_prev) {
        int64_t pb = prev_block_id(r);
        put(&o, ",\"previous\":{\"kind\":\"%s\",\"modified\":%s,\"atomic\":%s,\"scope\":%s,"
                "\"strong\":%s,\"block_mod128\":%" PRIu32 ",\"warp\":%" PRIu32,
            kind_name(r->prev_kind), tf(r->prev_modified), tf(r->prev_atomic),
            !r->prev_atomic ? "null" : r->prev_scope ? "\"device\"" : "\"block\"",
            tf(r->prev_strong), r->prev_block, r->prev_warp);
        put(&o, ",\"known\":%s", tf(r->prev_known));
        if (pb >= 0)
            put(&o, ",\"block\":%" PRId64, pb);
        else
            put(&o, ",\"block\":null");
        if (r->prev_known)
            put(&o, ",\"lane\":%" PRIu32 ",\"pc\":%" PRIu32 ",\"pc_index\":%" PRIu32, r->prev_lane,
                r->prev_pc, r->prev_pc_index);
        else
            put(&o, ",\"lane\":null,\"pc\":null,\"pc_index\":null");
        put_json_thread(&o, r, pb, r->prev_warp, r->prev_lane, r->prev_known);
        put(&o, ",\"source\":");
        if (r->prev_known)
            put_json_source(&o, k, r->prev_pc);
        else
            put(&o, "null");
        put(&o, "}");
    } else {
        put(&o, ",\"previous\":null");
    }
    put(&o, ",\"count\":%" PRIu32 ",\"seq\":%" PRIu32 ",\"source\":", r->count, r->seq);
    put_json_source(&o, k, r->pc);
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

/* Write DET_RING_CLAIM and wait until the detector shows it in force: it
 * takes effect between two reports, a few cycles away. */
static int claim_slots(const struct scord_ring_port *p, scord_device *dev, uint32_t claim)
{
    int rc = p->reg_write(p->ctx, SCORD_DET_RING_CLAIM, claim);
    for (unsigned tries = 0; !rc && tries < CLAIM_TRIES; tries++) {
        uint32_t v;
        if ((rc = p->reg_read(p->ctx, SCORD_DET_RING_CLAIM, &v)) || v == claim)
            return rc;
    }
    return rc ? rc
              : scord_priv_fail(dev, SCORD_ERR_IO,
                                "the detector did not take ring claim %" PRIu32 " (DET_RING_CLAIM)",
                                claim);
}

int scord_priv_ring_drain(const struct scord_ring_port *p, scord_device *dev,
                          struct scord_race *races, size_t max, size_t *n,
                          struct scord_ring_info *info)
{
    if (!p || !n || (!races && max))
        return scord_priv_fail(dev, SCORD_ERR_INVALID_ARG, "no count or no place for the races");
    *n = 0;
    uint32_t status, base, size, head, tail, drops, pc_base;
    int rc;
    if ((rc = p->reg_read(p->ctx, SCORD_DET_STATUS, &status)) ||
        (rc = p->reg_read(p->ctx, SCORD_DET_PC_BASE, &pc_base)) ||
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

    /* §8.3: claim the slots first, so the detector merges no occurrence
     * into a record while it is copied; copy; then free them. */
    uint32_t end = (tail + take) % size;
    if ((rc = claim_slots(p, dev, end)))
        return rc;
    unsigned char *raw = malloc((size_t)take * REC_BYTES);
    if (!raw)
        return scord_priv_fail(dev, SCORD_ERR_NO_MEM, "out of host memory");
    if ((rc = read_slots(p, base, size, tail, take, raw)) ||
        (rc = p->reg_write(p->ctx, SCORD_DET_RING_TAIL, end))) {
        free(raw);
        return rc;
    }
    size_t stored = 0;
    for (uint32_t i = 0; i < take; i++) {
        if (scord_race_decode_at(raw + (size_t)i * REC_BYTES, pc_base, &races[stored]) != 0)
            in.invalid++;
        else
            stored++;
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
    /* DET_STATUS .. DET_PC_BASE */
    uint32_t v[SCORD_DET_PC_BASE - SCORD_DET_STATUS + 1];
    if ((rc = scord_priv_reg_read_n(dev, SCORD_DET_STATUS, sizeof v / sizeof v[0], v)))
        return rc;
    uint32_t status = v[0], size = v[SCORD_DET_RING_SIZE - SCORD_DET_STATUS],
             head = v[SCORD_DET_RING_HEAD - SCORD_DET_STATUS],
             tail = v[SCORD_DET_RING_TAIL - SCORD_DET_STATUS],
             drops = v[SCORD_DET_RING_DROPS - SCORD_DET_STATUS],
             pc_base = v[SCORD_DET_PC_BASE - SCORD_DET_STATUS];
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
            if (scord_race_decode_at(raw + (size_t)i * REC_BYTES, pc_base, &races[stored]) != 0)
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
    int rc;
    if (scord_priv_can_take(dev)) {
        rc = drain_taken(dev, races, max, n, info);
    } else {
        const struct scord_ring_port port = {dev, dev_reg_read, dev_reg_write, dev_mem_read};
        rc = scord_priv_ring_drain(&port, dev, races, max, n, info);
    }
    if (rc)
        return rc;
    /* The records are the last launch's (scord.h: drain after each wait):
     * its shape names the threads. */
    struct scord_dim3 grid, block;
    uint32_t warp_size;
    scord_priv_launch_shape(dev, &grid, &block, &warp_size);
    for (size_t i = 0; i < *n; i++) {
        races[i].grid_dim = grid;
        races[i].block_dim = block;
        races[i].warp_size = warp_size;
    }
    return SCORD_OK;
}
