/* SARIF 2.1.0 output of race reports (sarif.h). Written with fprintf: the
 * document's shape is fixed, and every string goes through json_str. */
#define _POSIX_C_SOURCE 200809L
#include "sarif.h"

#include <errno.h>
#include <inttypes.h>
#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#define SARIF_SCHEMA \
    "https://docs.oasis-open.org/sarif/sarif/v2.1.0/errata01/os/schemas/sarif-schema-2.1.0.json"

/* Ids of related locations, which messages link to as "[text](id)". */
enum { LOC_PREV = 1, LOC_CUR_INLINED = 2, LOC_PREV_INLINED = 3, LOC_HOST = 4 };

bool sarif_prev_pc_from_record(const struct scord_race *r, uint32_t *pc)
{
    if (!r->has_prev || !r->prev_known)
        return false;
    *pc = r->prev_pc;
    return true;
}

/* ---- rules: one per race type ------------------------------------------ */

static const struct {
    const char *name; /* SARIF rule name (PascalCase by its convention) */
    const char *help; /* how to fix it */
} rules[SCORD_RACE_TYPE_MAX + 1] = {
    [SCORD_RACE_BLOCK_FENCE] = {"MissingBlockFence",
                                "Order the two accesses: the earlier accessor needs a fence of "
                                "at least block scope (__threadfence_block(), or a barrier: "
                                "__syncthreads()) before the flag or lock the later access "
                                "waits for; or use atomics."},
    [SCORD_RACE_DEV_FENCE] = {"MissingDeviceFence",
                              "The accesses are in different blocks: the earlier accessor needs "
                              "a device-scope fence (__threadfence()) before the flag or lock "
                              "release the later access waits for. Block-scope fences and "
                              "barriers do not order blocks."},
    [SCORD_RACE_NOT_STRONG] = {"WeakAccessInHandOff",
                               "Both accesses of a fence-ordered hand-off must be strong "
                               "(volatile or atomic): a weak load may read a stale L1 line, a "
                               "weak store may stay in the writer's L1."},
    [SCORD_RACE_SCOPED_ATOM] = {"BlockScopeAtomicAcrossBlocks",
                                "A block-scope atomic (atomicAdd_block and the like) is atomic "
                                "only within its block: use the device-scope atomic (atomicAdd) "
                                "on data another block also touches."},
    [SCORD_RACE_LOCK_LOAD] = {"LoadWithoutCommonLock",
                              "Read the data only while holding the lock that protects its "
                              "writes, taken with sufficient scope (a device-scope lock when "
                              "other blocks take it), with a fence after acquiring and before "
                              "releasing."},
    [SCORD_RACE_LOCK_STORE] = {"StoreWithoutCommonLock",
                               "Write the data only while holding the lock that protects its "
                               "other accesses, taken with sufficient scope (a device-scope "
                               "lock when other blocks take it), with a fence after acquiring "
                               "and before releasing."},
    [SCORD_RACE_INTRUSION] = {"DetectorMemoryOverwritten",
                              "The kernel wrote into the race detector's metadata or report "
                              "ring, usually through an out-of-bounds store: fix that store. "
                              "The race reports of this run cannot be trusted."},
    [SCORD_RACE_INTRA_WARP] = {"IntraWarpRace",
                               "Lanes of one warp may interleave (independent thread "
                               "scheduling): put __syncwarp() between one lane's access and "
                               "another lane's conflicting access to the same location (or a "
                               "barrier, or a fence by the earlier lane), or let one lane do "
                               "the access. Lanes of one store that write the same value are "
                               "reported at level warning: nothing is lost, but one lane's "
                               "store is the race-free form."},
    [SCORD_RACE_SHARED] = {"SharedMemoryRace",
                           "Shared memory is ordered between the warps of a block only by "
                           "__syncthreads() (or by block-scope atomics on the word itself): put "
                           "a barrier between the write and the other warp's read or write, "
                           "e.g. after each step of a reduction or tile load."},
    [SCORD_RACE_STALE_READ] = {"MissingAcquireFence",
                               "The reader saw the flag but made no device-scope fence before "
                               "reading the data, so its weak load may hit a line its L1 "
                               "filled before the write: put __threadfence() between the flag "
                               "wait and the data load (the acquire side of the hand-off), or "
                               "read the data with a strong (volatile) load, which bypasses "
                               "the L1."},
    [SCORD_RACE_SHARED_WARP] = {"SharedMemoryWarpRace",
                                "Two lanes of one warp touch the same shared word without "
                                "__syncwarp() between the accesses (or write it in one "
                                "instruction): warp-synchronous code needs __syncwarp() between "
                                "its steps under independent thread scheduling, or shuffles "
                                "instead of shared memory."},
    [SCORD_RACE_HOST_DEVICE] = {"HostCopyDuringKernel",
                                "A copy or memset does not wait for a launched kernel: call "
                                "scord_wait() after scord_launch() before copying into (or "
                                "memsetting) memory the kernel accesses, or reading memory it "
                                "writes; or give the copy a buffer the kernel does not touch."},
};

/* ---- JSON and URI text ----------------------------------------------------- */

static void json_str(FILE *f, const char *s)
{
    fputc('"', f);
    for (; *s; s++) {
        unsigned char c = (unsigned char)*s;
        if (c == '"' || c == '\\')
            fprintf(f, "\\%c", c);
        else if (c < 0x20)
            fprintf(f, "\\u%04x", c);
        else
            fputc(c, f);
    }
    fputc('"', f);
}

/* path as a URI reference (RFC 3986): unreserved characters, sub-delims,
 * ':' '@' and '/' as they are, every other byte percent-encoded. */
static void uri_str(FILE *f, const char *prefix, const char *path, const char *suffix)
{
    static const char keep[] = "-._~!$&'()*+,;=:@/";
    fputc('"', f);
    fputs(prefix, f);
    for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
        if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
            strchr(keep, *p))
            fputc(*p, f);
        else
            fprintf(f, "%%%02X", *p);
    }
    fputs(suffix, f);
    fputc('"', f);
}

/* ---- source paths ------------------------------------------------------------ */

/* Lexically normalise an absolute path in place: no "." or ".." segment, no
 * repeated '/'. */
static void normalise(char *path)
{
    char *out = path, *in = path;
    while (*in) {
        while (*in == '/')
            in++;
        char *seg = in;
        while (*in && *in != '/')
            in++;
        size_t len = (size_t)(in - seg);
        if (len == 0 || (len == 1 && seg[0] == '.'))
            continue;
        if (len == 2 && seg[0] == '.' && seg[1] == '.') {
            while (out > path && *--out != '/')
                ;
            continue;
        }
        *out++ = '/';
        memmove(out, seg, len);
        out += len;
    }
    if (out == path)
        *out++ = '/';
    *out = '\0';
}

struct srcroot {
    char dir[PATH_MAX]; /* absolute, normalised, no trailing '/' except "/" */
    bool ok;
};

/* The artifactLocation of DWARF file `file` compiled in `comp_dir`. */
static void artifact(FILE *f, const struct srcroot *root, const char *file, const char *comp_dir)
{
    char abs[2 * PATH_MAX];
    if (file[0] == '/')
        snprintf(abs, sizeof abs, "%s", file);
    else if (comp_dir && comp_dir[0] == '/')
        snprintf(abs, sizeof abs, "%s/%s", comp_dir, file);
    else
        abs[0] = '\0';
    fputs("\"artifactLocation\": {\"uri\": ", f);
    if (!abs[0]) { /* relative, and from nowhere known: as DWARF says */
        uri_str(f, "", file, "");
        fputs("}", f);
        return;
    }
    normalise(abs);
    size_t n = root->ok ? strlen(root->dir) : 0;
    if (n == 1)
        n = 0; /* root "/": every path is under it */
    if (root->ok && !strncmp(abs, root->dir, n) && abs[n] == '/') {
        uri_str(f, "", abs + n + 1, "");
        fputs(", \"uriBaseId\": \"SRCROOT\"}", f);
    } else {
        uri_str(f, "file://", abs, "");
        fputs("}", f);
    }
}

/* ---- locations ------------------------------------------------------------------ */

static bool src_of(const scord_kernel *k, uint32_t pc, struct scord_srcloc *loc)
{
    return k && scord_kernel_addr2line(k, pc, loc) == 0;
}

static void region(FILE *f, uint32_t line, uint32_t column)
{
    fprintf(f, ", \"region\": {\"startLine\": %" PRIu32, line);
    if (column)
        fprintf(f, ", \"startColumn\": %" PRIu32, column);
    fputs("}", f);
}

/* A location for the access at pc: the line in the kernel's own function
 * (the call site when the access is in an inlined helper), its address and
 * function; id < 0: none. */
static void location(FILE *f, const struct srcroot *root, const scord_kernel *k, uint32_t pc,
                     int id, const char *msg)
{
    struct scord_srcloc loc;
    bool src = src_of(k, pc, &loc);
    fputs("{", f);
    if (id >= 0)
        fprintf(f, "\"id\": %d, ", id);
    fputs("\"physicalLocation\": {", f);
    if (src && loc.inlined && loc.call_line) {
        artifact(f, root, loc.call_file, loc.comp_dir);
        region(f, loc.call_line, 0);
        fputs(", ", f);
    } else if (src && loc.line) {
        artifact(f, root, loc.file, loc.comp_dir);
        region(f, loc.line, loc.column);
        fputs(", ", f);
    }
    fprintf(f, "\"address\": {\"absoluteAddress\": %" PRIu32 ", \"kind\": \"instruction\"}}",
            pc);
    if (src && strcmp(loc.function, "??")) {
        fputs(", \"logicalLocations\": [{\"name\": ", f);
        json_str(f, loc.function);
        fputs(", \"kind\": \"function\"}]", f);
    }
    if (msg) {
        fputs(", \"message\": {\"text\": ", f);
        json_str(f, msg);
        fputs("}", f);
    }
    fputs("}", f);
}

/* The line inside the inlined helper, when pc is in one: a related
 * location, so the helper's own line is not lost. */
static bool inlined_location(FILE *f, const struct srcroot *root, const scord_kernel *k,
                             uint32_t pc, int id, const char *who, bool first)
{
    struct scord_srcloc loc;
    if (!src_of(k, pc, &loc) || !loc.inlined || !loc.call_line || !loc.line)
        return false;
    char msg[256];
    snprintf(msg, sizeof msg, "the %s access itself, in %s (inlined)", who, loc.inlined);
    fprintf(f, "%s{\"id\": %d, \"physicalLocation\": {", first ? "" : ", ", id);
    artifact(f, root, loc.file, loc.comp_dir);
    region(f, loc.line, loc.column);
    fprintf(f, ", \"address\": {\"absoluteAddress\": %" PRIu32 ", \"kind\": \"instruction\"}}"
               ", \"message\": {\"text\": ",
            pc);
    json_str(f, msg);
    fputs("}}", f);
    return true;
}

/* ---- results ---------------------------------------------------------------------- */

static const char *kind_name(uint32_t kind, uint8_t strong, uint8_t atomic_scope, bool shared)
{
    /* Shared memory has no scopes and no caches: no strength either. */
    if (shared)
        return kind == SCORD_ACCESS_LOAD    ? "load"
               : kind == SCORD_ACCESS_STORE ? "store"
                                            : "atomic";
    switch (kind) {
    case SCORD_ACCESS_LOAD: return strong ? "strong load" : "weak load";
    case SCORD_ACCESS_STORE: return strong ? "strong store" : "weak store";
    case SCORD_ACCESS_ATOMIC: return atomic_scope ? "device-scope atomic" : "block-scope atomic";
    default: return "access";
    }
}

/* "thread (x,y,z) in block (x,y,z)" when the record carries its launch's
 * shape, else "lane L of warp W of block B". */
static size_t thread_text(char *buf, size_t len, const struct scord_race *r, uint32_t block,
                          uint32_t warp, uint32_t lane)
{
    const struct scord_dim3 *g = &r->grid_dim, *b = &r->block_dim;
    /* Records keep 16 bits of the block id: past that, the id as it is. */
    if (!r->warp_size || !g->x || !g->y || !g->z || !b->x || !b->y || !b->z ||
        (uint64_t)g->x * g->y * g->z > 0x10000u)
        return (size_t)snprintf(buf, len, "lane %" PRIu32 " of warp %" PRIu32 " of block %" PRIu32,
                                lane, warp, block);
    uint64_t t = (uint64_t)warp * r->warp_size + lane;
    return (size_t)snprintf(buf, len,
                            "thread (%" PRIu64 ",%" PRIu64 ",%" PRIu64 ") in block (%" PRIu32
                            ",%" PRIu32 ",%" PRIu32 ")",
                            t % b->x, t / b->x % b->y, t / b->x / b->y, block % g->x,
                            block / g->x % g->y, block / g->x / g->y);
}

/* The result's message: what happened, where the previous access was
 * (linked to its related location when there is one), what is wrong. */
static void message(FILE *f, const scord_kernel *k, const struct scord_race *r, bool prev_loc)
{
    char text[1024], who[96], var[128] = "";
    size_t n = 0;
    /* Past the end, snprintf only counts (NULL, 0): the text is cut. */
#define ADD(...)                                                                              \
    (n += (size_t)snprintf(n < sizeof text ? text + n : NULL, n < sizeof text ? sizeof text - n : 0, \
                           __VA_ARGS__))
    if (r->shared && k)
        scord_kernel_shared_name(k, r->addr, var, sizeof var);
    thread_text(who, sizeof who, r, r->block, r->warp, r->lane);
    ADD("Race (%s): %s of %u byte%s at 0x%08" PRIx32 "%s%s%s by %s (warp %" PRIu32 ", lane %" PRIu32
        ", core %" PRIu32 ")",
        scord_race_type_name(r->type), kind_name(r->kind, r->strong, r->scope, r->shared), (unsigned)r->size,
        r->size == 1 ? "" : "s", r->addr, var[0] ? " (__shared__ " : "", var, var[0] ? ")" : "",
        who, r->warp, r->lane, r->core);
    struct scord_srcloc loc;
    if (src_of(k, r->pc, &loc) && loc.inlined)
        ADD(", in %s inlined into %s", loc.inlined, loc.function);
    if (r->type == SCORD_RACE_INTRUSION) {
        ADD(": %s.", scord_race_type_description(r->type));
    } else if (r->has_prev) {
        const char *pk = kind_name(r->prev_kind, r->prev_strong, r->prev_scope, r->shared);
        if (prev_loc)
            ADD(", conflicts with an [earlier %s](%d)", pk, LOC_PREV);
        else
            ADD(", conflicts with an earlier %s", pk);
        if (r->prev_known && !r->device_scope) {
            thread_text(who, sizeof who, r, r->block, r->prev_warp, r->prev_lane);
            ADD(" by %s: %s.", who, scord_race_type_description(r->type));
        } else if (r->prev_known) {
            ADD(" by lane %" PRIu32 " of warp %" PRIu32 " of block %" PRIu32 " (mod 128): %s.",
                r->prev_lane, r->prev_warp, r->prev_block, scord_race_type_description(r->type));
        } else {
            ADD(" by warp %" PRIu32 " of block %" PRIu32 "%s: %s.", r->prev_warp, r->prev_block,
                r->block > 127 ? " (mod 128)" : "", scord_race_type_description(r->type));
        }
        if (!r->prev_known)
            ADD(" The detector kept no PC for the earlier access: its source line is unknown.");
    } else {
        ADD(": %s.", scord_race_type_description(r->type));
    }
    if (r->warning)
        ADD(" The lanes stored the same value: no value is lost on this GPU, but the CUDA model "
            "still calls it a race (store from one lane).");
    if (r->count > 1)
        ADD(" Seen %s%" PRIu32 " times at this instruction.", r->count == UINT32_MAX ? "at least " : "",
            r->count);
#undef ADD
    fputs("\"message\": {\"text\": ", f);
    json_str(f, text);
    fputs("}", f);
}

static void result_properties(FILE *f, const struct scord_race *r)
{
    fprintf(f, ", \"properties\": {\"pc\": %" PRIu32 ", \"address\": %" PRIu32
               ", \"size\": %u, \"core\": %" PRIu32 ", \"block\": %" PRIu32 ", \"warp\": %" PRIu32
               ", \"lane\": %" PRIu32 ", \"deviceScope\": %s, \"firstAccess\": %" PRIu32,
            r->pc, r->addr, (unsigned)r->size, r->core, r->block, r->warp, r->lane,
            r->device_scope ? "true" : "false", r->seq);
    fprintf(f, ", \"sharedMemory\": %s, \"severity\": \"%s\"", r->shared ? "true" : "false",
            r->warning ? "warning" : "error");
    if (r->has_prev) {
        fprintf(f, ", \"previous\": {\"kind\": \"%s\", \"strong\": %s, \"blockMod128\": %" PRIu32
                   ", \"warp\": %" PRIu32 ", \"known\": %s",
                kind_name(r->prev_kind, r->prev_strong, r->prev_scope, r->shared),
                r->prev_strong ? "true" : "false", r->prev_block, r->prev_warp,
                r->prev_known ? "true" : "false");
        if (r->prev_known)
            fprintf(f, ", \"lane\": %" PRIu32 ", \"pc\": %" PRIu32, r->prev_lane, r->prev_pc);
        fputs("}", f);
    }
    fputs("}", f);
}

/* The host program's call site as a location, when its source line is
 * known. */
static bool host_location(FILE *f, const struct srcroot *root, const struct scord_race *r, int id,
                          const char *msg, bool first)
{
    char file[sizeof r->host_file], fn[sizeof r->host_function];
    snprintf(file, sizeof file, "%.*s", (int)sizeof file - 1, r->host_file);
    snprintf(fn, sizeof fn, "%.*s", (int)sizeof fn - 1, r->host_function);
    if (!file[0] || !r->host_line)
        return false;
    fprintf(f, "%s{\"id\": %d, \"physicalLocation\": {", first ? "" : ", ", id);
    artifact(f, root, file, NULL);
    region(f, r->host_line, 0);
    fputs("}", f);
    if (fn[0]) {
        fputs(", \"logicalLocations\": [{\"name\": ", f);
        json_str(f, fn);
        fputs(", \"kind\": \"function\"}]", f);
    }
    fputs(", \"message\": {\"text\": ", f);
    json_str(f, msg);
    fputs("}}", f);
    return true;
}

/* A host-device race (docs/detector.md §15): the location is the kernel's
 * access (the host call has no kernel PC), the host's call site a
 * related location. */
static void host_result(FILE *f, const struct srcroot *root, const scord_kernel *k,
                        const struct scord_race *r, sarif_prev_pc_fn prev_pc)
{
    uint32_t ppc = 0;
    bool prev = prev_pc(r, &ppc);
    bool write = r->kind == SCORD_ACCESS_STORE;
    const char *call = r->host_call == SCORD_HOST_MEMCPY_HTOD   ? "scord_memcpy_htod"
                       : r->host_call == SCORD_HOST_MEMCPY_DTOH ? "scord_memcpy_dtoh"
                                                                 : "scord_memset";
    char hmsg[160], text[1024], who[96];
    snprintf(hmsg, sizeof hmsg,
             "the host's %s of %" PRIu32 " byte%s at 0x%08" PRIx32 ", call %" PRIu32
             " after the launch",
             call, r->host_bytes, r->host_bytes == 1 ? "" : "s", r->host_addr, r->seq);
    bool site = r->host_file[0] && r->host_line;
    const char *pk = kind_name(r->prev_kind, r->prev_strong, r->prev_scope, false);
    /* The record keeps 7 bits of the kernel's block: its id only in a
     * grid of at most 128 blocks. */
    const struct scord_dim3 *g = &r->grid_dim;
    bool exact = r->warp_size && g->x && g->y && g->z && (uint64_t)g->x * g->y * g->z <= 128u;
    if (r->prev_known && exact)
        thread_text(who, sizeof who, r, r->prev_block, r->prev_warp, r->prev_lane);
    else if (r->prev_known)
        snprintf(who, sizeof who, "lane %" PRIu32 " of warp %" PRIu32 " of block %" PRIu32
                 " (mod 128)", r->prev_lane, r->prev_warp, r->prev_block);
    else
        snprintf(who, sizeof who, "warp %" PRIu32 " of block %" PRIu32 " (mod 128)", r->prev_warp,
                 r->prev_block);
    snprintf(text, sizeof text,
             "Race (%s): host %s at 0x%08" PRIx32 " by %s%s%s, while the kernel ran, against "
             "the kernel's %s by %s%s: %s.%s",
             scord_race_type_name(r->type), write ? "write" : "read", r->addr,
             site ? "[" : "", hmsg, site ? "](4)" : "", pk, who,
             r->prev_known ? "" : " (its source line is unknown)",
             scord_race_type_description(r->type),
             r->count > 1 ? " Several locations of the call's range conflict with this "
                            "instruction."
                          : "");
    fprintf(f, "{\"ruleId\": \"%s\", \"ruleIndex\": %u, \"level\": \"error\", ",
            scord_race_type_name(r->type), (unsigned)(r->type - SCORD_RACE_TYPE_MIN));
    fputs("\"message\": {\"text\": ", f);
    json_str(f, text);
    fputs("}, \"locations\": [", f);
    if (prev)
        location(f, root, k, ppc, -1, NULL);
    fputs("], \"relatedLocations\": [", f);
    bool any = host_location(f, root, r, LOC_HOST, hmsg, true);
    if (prev)
        inlined_location(f, root, k, ppc, LOC_PREV_INLINED, "kernel's", !any);
    fprintf(f, "], \"occurrenceCount\": %" PRIu32, r->count ? r->count : 1);
    fprintf(f, ", \"properties\": {\"address\": %" PRIu32 ", \"host\": {\"call\": \"%s\", "
               "\"address\": %" PRIu32 ", \"bytes\": %" PRIu32 ", \"callNumber\": %" PRIu32
               ", \"pc\": %" PRIu64 "}",
            r->addr, call, r->host_addr, r->host_bytes, r->seq, r->host_pc);
    fprintf(f, ", \"kernel\": {\"kind\": \"%s\", \"strong\": %s, \"blockMod128\": %" PRIu32
               ", \"warp\": %" PRIu32 ", \"known\": %s",
            pk, r->prev_strong ? "true" : "false", r->prev_block, r->prev_warp,
            r->prev_known ? "true" : "false");
    if (r->prev_known)
        fprintf(f, ", \"lane\": %" PRIu32 ", \"pc\": %" PRIu32, r->prev_lane, r->prev_pc);
    fputs("}}}", f);
}

static void result(FILE *f, const struct srcroot *root, const scord_kernel *k,
                   const struct scord_race *r, sarif_prev_pc_fn prev_pc)
{
    if (r->type == SCORD_RACE_HOST_DEVICE) {
        host_result(f, root, k, r, prev_pc);
        return;
    }
    uint32_t ppc = 0;
    bool prev = r->has_prev && prev_pc(r, &ppc);
    /* two lanes of one store writing one value: level warning (§8.2) */
    fprintf(f, "{\"ruleId\": \"%s\", \"ruleIndex\": %u, \"level\": \"%s\", ",
            scord_race_type_name(r->type), (unsigned)(r->type - SCORD_RACE_TYPE_MIN),
            r->warning ? "warning" : "error");
    message(f, k, r, prev);
    fputs(", \"locations\": [", f);
    location(f, root, k, r->pc, -1, NULL);
    fputs("]", f);
    bool any = false;
    fputs(", \"relatedLocations\": [", f);
    if (prev) {
        char msg[192], who[96];
        if (r->prev_known && !r->device_scope)
            thread_text(who, sizeof who, r, r->block, r->prev_warp, r->prev_lane);
        else
            snprintf(who, sizeof who, "warp %" PRIu32 " of block %" PRIu32 "%s", r->prev_warp,
                     r->prev_block, r->device_scope ? " (mod 128)" : "");
        snprintf(msg, sizeof msg, "the earlier %s, by %s",
                 kind_name(r->prev_kind, r->prev_strong, r->prev_scope, r->shared), who);
        location(f, root, k, ppc, LOC_PREV, msg);
        any = true;
    }
    any |= inlined_location(f, root, k, r->pc, LOC_CUR_INLINED, "racing", !any);
    if (prev)
        inlined_location(f, root, k, ppc, LOC_PREV_INLINED, "earlier", !any);
    fprintf(f, "], \"occurrenceCount\": %" PRIu32, r->count ? r->count : 1);
    result_properties(f, r);
    fputs("}", f);
}

/* ---- the log ------------------------------------------------------------------------ */

static void tool(FILE *f, const char *version)
{
    fputs("      \"tool\": {\"driver\": {\"name\": \"scord\", \"version\": ", f);
    json_str(f, version ? version : "unknown");
    fputs(", \"rules\": [", f);
    for (uint32_t t = SCORD_RACE_TYPE_MIN; t <= SCORD_RACE_TYPE_MAX; t++) {
        fprintf(f, "%s\n        {\"id\": \"%s\", \"name\": \"%s\", \"shortDescription\": {\"text\": ",
                t == SCORD_RACE_TYPE_MIN ? "" : ",", scord_race_type_name(t), rules[t].name);
        json_str(f, scord_race_type_description(t));
        fputs("}, \"help\": {\"text\": ", f);
        json_str(f, rules[t].help);
        fputs("}, \"defaultConfiguration\": {\"level\": \"error\"}}", f);
    }
    fputs("]}},\n", f);
}

static void invocation(FILE *f, const struct sarif_run *run)
{
    fprintf(f, "      \"invocations\": [{\"executionSuccessful\": %s, "
               "\"toolExecutionNotifications\": [",
            run->kernel_finished ? "true" : "false");
    bool first = true;
    char text[256];
    if (run->dropped) {
        snprintf(text, sizeof text,
                 "%" PRIu32 " race occurrence%s dropped: the report ring was full (scord run "
                 "--ring N keeps more)",
                 run->dropped, run->dropped == 1 ? " was" : "s were");
        fputs("{\"level\": \"warning\", \"message\": {\"text\": ", f);
        json_str(f, text);
        fputs("}}", f);
        first = false;
    }
    if (run->invalid) {
        snprintf(text, sizeof text, "%" PRIu32 " malformed race record%s skipped", run->invalid,
                 run->invalid == 1 ? "" : "s");
        fprintf(f, "%s{\"level\": \"warning\", \"message\": {\"text\": ", first ? "" : ", ");
        json_str(f, text);
        fputs("}}", f);
    }
    fputs("]}],\n", f);
}

int sarif_write(FILE *f, const scord_kernel *k, const struct scord_race *races, size_t n,
                const struct sarif_run *run)
{
    struct srcroot root = {.ok = false};
    if (getcwd(root.dir, sizeof root.dir) && root.dir[0] == '/') {
        normalise(root.dir);
        root.ok = true;
    }
    sarif_prev_pc_fn prev_pc = run->prev_pc ? run->prev_pc : sarif_prev_pc_from_record;
    fputs("{\n  \"$schema\": \"" SARIF_SCHEMA "\",\n  \"version\": \"2.1.0\",\n  \"runs\": [\n    {\n",
          f);
    tool(f, run->tool_version);
    invocation(f, run);
    if (root.ok) {
        fputs("      \"originalUriBaseIds\": {\"SRCROOT\": {\"uri\": ", f);
        /* a base URI ends in '/' */
        uri_str(f, "file://", strcmp(root.dir, "/") ? root.dir : "", "/");
        fputs("}},\n", f);
    }
    fputs("      \"properties\": {\"kernel\": ", f);
    json_str(f, run->kernel ? run->kernel : "");
    fputs(", \"configuration\": ", f);
    json_str(f, run->config ? run->config : "");
    fputs("},\n      \"results\": [", f);
    for (size_t i = 0; i < n; i++) {
        fputs(i ? ",\n        " : "\n        ", f);
        result(f, &root, k, &races[i], prev_pc);
    }
    fputs(n ? "\n      ]\n    }\n  ]\n}\n" : "]\n    }\n  ]\n}\n", f);
    return ferror(f) ? -1 : 0;
}
