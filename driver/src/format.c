/* libscord race reports as text (compute-sanitizer's layout) and as one
 * JSON object per race, naming both accesses with their threads, source
 * lines (debuginfo.c) and, in shared memory, the variable; all snprintf
 * style: the length of the whole, whatever fits in the buffer.
 *
 * The struct scord_race printed may have been filled by hand rather than
 * decoded: formatting re-checks the fields it indexes tables with. */
#define _POSIX_C_SOURCE 200809L
#include "scord_int.h"

#include <inttypes.h>
#include <stdarg.h>
#include <stdio.h>
#include <string.h>

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
        return scord_fail(NULL, SCORD_ERR_NO_MEM, "report too long to format");
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

size_t scord_json_string(char *buf, size_t len, const char *s)
{
    struct out o = {buf, buf ? len : 0, 0, false};
    if (o.len)
        o.buf[0] = '\0';
    put_json_string(&o, s);
    return o.pos;
}

/* ---- shared-memory variables ------------------------------------------------------ */

/* The variable at shared address addr, e.g. "tile[3][1]", "sums[7] (+2
 * bytes)", "buf (+12 bytes)"; nothing when no variable covers it. */
static void put_shared_name(struct out *o, struct scord_debuginfo *d, uint32_t addr)
{
    struct scord_shared_var v;
    if (!scord_debuginfo_shared_var(d, addr, &v))
        return;
    put(o, "%s", v.name);
    for (unsigned k = 0; k < v.nidx; k++)
        put(o, "[%llu]", v.idx[k]);
    if (v.rem)
        put(o, " (+%" PRIu32 " byte%s)", v.rem, v.rem == 1 ? "" : "s");
}

int scord_kernel_shared_name(const scord_kernel *kernel, uint32_t addr, char *buf, size_t len)
{
    if (!kernel || (!buf && len))
        return scord_fail(NULL, SCORD_ERR_INVALID_ARG, "no kernel, or no buffer");
    struct out o = {buf, len, 0, false};
    if (len)
        buf[0] = '\0';
    struct scord_debuginfo *d = kernel->dbg;
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
        return scord_fail(NULL, SCORD_ERR_INVALID_ARG, "no race, or no buffer");
    if (len)
        buf[0] = '\0';
    if (!scord_record_type_ok(r->type))
        return scord_fail(NULL, SCORD_ERR_INVALID_ARG, "unknown race type %" PRIu32, r->type);
    if (r->kind > SCORD_ACCESS_ATOMIC || (r->has_prev && r->prev_kind > SCORD_ACCESS_ATOMIC))
        return scord_fail(NULL, SCORD_ERR_INVALID_ARG, "unknown access kind");
    if (r->size != 1 && r->size != 2 && r->size != 4)
        return scord_fail(NULL, SCORD_ERR_INVALID_ARG, "access size %u", (unsigned)r->size);
    if (r->type == SCORD_RACE_HOST_DEVICE &&
        (r->kind == SCORD_ACCESS_ATOMIC || !r->has_prev || r->host_call < SCORD_HOST_MEMCPY_HTOD ||
         r->host_call > SCORD_HOST_MEMSET))
        return scord_fail(NULL, SCORD_ERR_INVALID_ARG,
                          "host-device race without a host call or a kernel access");
    return 0;
}

/* The host call site's strings as NUL-terminated copies: a struct filled
 * by hand may not end them. */
struct host_site {
    char function[sizeof ((struct scord_race *)0)->host_function];
    char file[sizeof ((struct scord_race *)0)->host_file];
};

static void host_site_of(const struct scord_race *r, struct host_site *h)
{
    snprintf(h->function, sizeof h->function, "%.*s", (int)sizeof r->host_function - 1,
             r->host_function);
    snprintf(h->file, sizeof h->file, "%.*s", (int)sizeof r->host_file - 1, r->host_file);
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
        put(o, "%s", scord_record_kind_name(kind));
    else if (kind == SCORD_ACCESS_ATOMIC)
        put(o, "%s-scope atomic", scope ? "device" : "block");
    else
        put(o, "%s %s", strong ? "strong" : "weak", scord_record_kind_name(kind));
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
    bool fn = loc.function != scord_unknown;
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
    /* A host-device race has no current block to compare with: only a
     * grid of at most 128 blocks makes the 7 bits the id. */
    if (r->type == SCORD_RACE_HOST_DEVICE) {
        bool exact = geometry_known(r) && grid_blocks(r) <= SCORD_BLOCK7_MASK + 1u;
        return exact ? (int64_t)r->prev_block : -1;
    }
    if (!r->device_scope)
        return r->block;
    if (geometry_known(r) ? grid_blocks(r) <= SCORD_BLOCK7_MASK + 1u
                          : r->block <= SCORD_BLOCK7_MASK)
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
    struct scord_debuginfo *d = k ? k->dbg : NULL;
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
    bool host = r->type == SCORD_RACE_HOST_DEVICE;
    /* A host-device race's other access is the kernel's last access to
     * the location, whether before the host's call or after it. */
    put(o, BAR "    %s", host ? "the kernel's " : "previous ");
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
    bool itself = !host && pb == (int64_t)r->block && r->prev_warp == r->warp &&
                  r->prev_lane == r->lane;
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

/* Where the host program made the call: "host.c:42 (main+0x7c)", "main+0x7c",
 * "0x5581c0de12a4" (its return address); false when nothing is known. */
static bool put_host_site(struct out *o, const struct scord_race *r)
{
    struct host_site h;
    host_site_of(r, &h);
    if (h.file[0] && r->host_line) {
        put(o, "%s:%" PRIu32, base_name(h.file), r->host_line);
        if (h.function[0])
            put(o, " (%s+0x%" PRIx32 ")", h.function, r->host_offset);
    } else if (h.function[0]) {
        put(o, "%s+0x%" PRIx32, h.function, r->host_offset);
    } else if (r->host_pc) {
        put(o, "0x%" PRIx64, r->host_pc);
    } else {
        return false;
    }
    return true;
}

/* A host-device race (docs/detector.md §15): the host's call, then the
 * kernel's access it conflicts with. */
static int format_host(const scord_kernel *k, const struct scord_race *r, struct out *o)
{
    bool write = r->kind == SCORD_ACCESS_STORE;
    const char *call = scord_host_call_name(r->host_call);
    put(o, BAR "Race (%s) detected: host %s (%s) at 0x%08" PRIx32 " while a kernel ran\n",
        scord_race_type_name(r->type), write ? "write" : "read", call, r->addr);
    put(o, BAR "    %s by the host: %s of %" PRIu32 " byte%s at 0x%08" PRIx32
               ", call %" PRIu32 " after the launch",
        write ? "Write" : "Read", call, r->host_bytes, r->host_bytes == 1 ? "" : "s",
        r->host_addr, r->seq);
    struct out probe = {NULL, 0, 0, false};
    if (put_host_site(&probe, r)) {
        put(o, ", at ");
        put_host_site(o, r);
    }
    put(o, "\n");
    put_previous(o, k, r);
    put(o, BAR "    %s: call scord_wait() before the copy, or use memory the kernel does "
               "not touch\n",
        scord_race_type_description(r->type));
    if (r->count == 1)
        put(o, BAR "    (one location of the call's range");
    else
        put(o, BAR "    (%s%" PRIu32 " locations of the call's range",
            r->count == UINT32_MAX ? "at least " : "", r->count);
    put(o, " against this kernel instruction)\n");
    return finish_out(o);
}

int scord_race_format(const scord_kernel *k, const struct scord_race *r, char *buf, size_t len)
{
    int rc = check_race(r, buf, len);
    if (rc)
        return rc;
    struct out o = {buf, len, 0, false};
    if (r->type == SCORD_RACE_HOST_DEVICE)
        return format_host(k, r, &o);

    /* compute-sanitizer's racecheck separates hazard levels: a warning
     * names a race of the programming model that loses no value (§8.2) */
    put(&o, BAR "%s (%s) detected: ", r->warning ? "Warning: race" : "Race",
        scord_race_type_name(r->type));
    put_access(&o, r->kind, r->strong, r->scope, r->shared);
    put(&o, " of %u byte%s at ", (unsigned)r->size, r->size == 1 ? "" : "s");
    put_location(&o, k, r);
    put(&o, "\n" BAR "    ");
    put_verb(&o, r->kind, r->strong, r->scope, r->shared);
    put(&o, " by ");
    put_thread(&o, r, r->block, r->block & SCORD_BLOCK7_MASK, r->warp, r->lane, true);
    put(&o, " at ");
    put_where(&o, k, r->pc);
    if (geometry_known(r))
        put(&o, " [warp %" PRIu32 ", lane %" PRIu32 ", core %" PRIu32 "]\n", r->warp, r->lane,
            r->core);
    else
        put(&o, " [core %" PRIu32 "]\n", r->core);

    if (r->type == SCORD_RACE_INTRUSION) {
        put(&o, BAR "    %s: race reports of this kernel may be wrong from here on\n",
            scord_race_type_description(r->type));
    } else if (r->has_prev) {
        put_previous(&o, k, r);
        put(&o, BAR "    %s", scord_race_type_description(r->type));
        if (r->type == SCORD_RACE_NOT_STRONG) {
            bool cur_weak = !r->strong, prev_weak = !r->prev_strong;
            put(&o, "; weak: %s", cur_weak && prev_weak ? "both accesses"
                                  : cur_weak            ? "this access"
                                                        : "the earlier access");
        } else if (r->warning) {
            put(&o, "; both lanes of this store wrote the same value: no value is lost on "
                    "this GPU (severity warning), but the CUDA model still calls it a race: "
                    "store from one lane");
        } else if (r->type == SCORD_RACE_STALE_READ) {
            /* whether the L1 actually served an old value in this run (§8.1) */
            put(&o, r->stale ? "; this run read a stale value: the L1 served a copy older than "
                               "the write"
                             : "; this run happened to read the current value");
        } else if (r->type == SCORD_RACE_SCOPED_ATOM) {
            bool cur_blk = r->kind == SCORD_ACCESS_ATOMIC && !r->scope;
            bool prev_blk = r->prev_atomic && !r->prev_scope;
            put(&o, "; block-scope: %s", cur_blk && prev_blk ? "both atomics"
                                         : cur_blk           ? "this atomic"
                                                             : "the earlier atomic");
        } else if (!r->device_scope && r->block > SCORD_BLOCK7_MASK && !r->shared) {
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
    put_json_string(o, loc.function != scord_unknown ? loc.function : NULL);
    if (loc.function != scord_unknown)
        put(o, ",\"offset\":%" PRIu32, loc.offset);
    else
        put(o, ",\"offset\":null");
    put(o, ",\"file\":");
    put_json_string(o, loc.line ? loc.file : NULL);
    put(o, ",\"comp_dir\":");
    put_json_string(o, loc.comp_dir != scord_unknown ? loc.comp_dir : NULL);
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

    put(&o,
        "{\"type\":\"%s\",\"type_id\":%" PRIu32 ",\"description\":", scord_race_type_name(r->type),
        r->type);
    put_json_string(&o, scord_race_type_description(r->type));
    put(&o, ",\"severity\":\"%s\"", r->warning ? "warning" : "error");
    put(&o, ",\"device_scope\":%s,\"shared\":%s,\"pc\":%" PRIu32 ",\"addr\":%" PRIu32,
        tf(r->device_scope), tf(r->shared), r->pc, r->addr);
    if (r->shared) {
        struct scord_debuginfo *d = k ? k->dbg : NULL;
        char name[256];
        struct out n = {name, sizeof name, 0, false};
        name[0] = '\0';
        if (d)
            put_shared_name(&n, d, r->addr);
        put(&o, ",\"shared_offset\":%" PRIu32 ",\"shared_variable\":",
            r->addr - SCORD_SMEM_BASE);
        put_json_string(&o, name[0] ? name : NULL);
    }
    bool host = r->type == SCORD_RACE_HOST_DEVICE;
    if (host)
        put(&o, ",\"access\":{\"kind\":\"%s\",\"size\":null,\"strong\":null,\"scope\":null,\"stale\":null}",
            scord_record_kind_name(r->kind));
    else
        put(&o, ",\"access\":{\"kind\":\"%s\",\"size\":%u,\"strong\":%s,\"scope\":%s,\"stale\":%s}",
            scord_record_kind_name(r->kind), (unsigned)r->size, tf(r->strong),
            r->kind != SCORD_ACCESS_ATOMIC ? "null"
            : r->scope                     ? "\"device\""
                                           : "\"block\"",
            tf(r->stale));
    if (host) {
        /* The racing access is the host's call (§15): no GPU thread. */
        struct host_site h;
        host_site_of(r, &h);
        put(&o, ",\"accessor\":null,\"host\":{\"call\":\"%s\",\"addr\":%" PRIu32
                ",\"bytes\":%" PRIu32 ",\"call_number\":%" PRIu32,
            scord_host_call_name(r->host_call), r->host_addr, r->host_bytes, r->seq);
        if (r->host_pc)
            put(&o, ",\"pc\":%" PRIu64, r->host_pc);
        else
            put(&o, ",\"pc\":null");
        put(&o, ",\"function\":");
        put_json_string(&o, h.function[0] ? h.function : NULL);
        if (h.function[0])
            put(&o, ",\"offset\":%" PRIu32, r->host_offset);
        else
            put(&o, ",\"offset\":null");
        put(&o, ",\"file\":");
        put_json_string(&o, h.file[0] && r->host_line ? h.file : NULL);
        if (h.file[0] && r->host_line)
            put(&o, ",\"line\":%" PRIu32 "}", r->host_line);
        else
            put(&o, ",\"line\":null}");
    } else {
        put(&o, ",\"accessor\":{\"core\":%" PRIu32 ",\"block\":%" PRIu32 ",\"warp\":%" PRIu32
                ",\"lane\":%" PRIu32,
            r->core, r->block, r->warp, r->lane);
        put_json_thread(&o, r, r->block, r->warp, r->lane, true);
        put(&o, "}");
    }
    if (r->has_prev) {
        int64_t pb = prev_block_id(r);
        put(&o,
            ",\"previous\":{\"kind\":\"%s\",\"modified\":%s,\"atomic\":%s,\"scope\":%s,"
            "\"strong\":%s,\"block_mod128\":%" PRIu32 ",\"warp\":%" PRIu32,
            scord_record_kind_name(r->prev_kind), tf(r->prev_modified), tf(r->prev_atomic),
            !r->prev_atomic ? "null"
            : r->prev_scope ? "\"device\""
                            : "\"block\"",
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
    if (host)
        put(&o, "null"); /* no kernel PC: the call site is in "host" */
    else
        put_json_source(&o, k, r->pc);
    put(&o, "}\n");
    return finish_out(&o);
}

/* ---- the summary line of a run ------------------------------------------ */

static uint64_t sat_add(uint64_t a, uint64_t b) { return a > UINT64_MAX - b ? UINT64_MAX : a + b; }

void scord_race_tally_add(struct scord_race_tally *t, const struct scord_race *races, size_t n,
                          uint32_t drops)
{
    if (!t)
        return;
    /* A dropped occurrence's severity is unknown: it counts as an error,
     * so a full ring never hides a failure. */
    t->dropped = sat_add(t->dropped, drops);
    t->races = sat_add(t->races, drops);
    for (size_t i = 0; races && i < n; i++) {
        if (races[i].warning) {
            t->warnings = sat_add(t->warnings, races[i].count);
            t->distinct_warnings = sat_add(t->distinct_warnings, 1);
        } else {
            t->races = sat_add(t->races, races[i].count);
            t->distinct = sat_add(t->distinct, 1);
        }
    }
}

int scord_race_summary_format(const struct scord_race_tally *t, char *buf, size_t len)
{
    if (!t || (!buf && len))
        return scord_fail(NULL, SCORD_ERR_INVALID_ARG, "no tally, or no buffer for the summary");
    struct out o = {buf, len, 0, false};
    put(&o, BAR "RACE SUMMARY: %" PRIu64 " race%s (%" PRIu64 " distinct), ", t->races,
        t->races == 1 ? "" : "s", t->distinct);
    if (t->distinct_warnings)
        put(&o, "%" PRIu64 " warning%s (%" PRIu64 " distinct), ", t->warnings,
            t->warnings == 1 ? "" : "s", t->distinct_warnings);
    put(&o, "%" PRIu64 " dropped\n", t->dropped);
    return finish_out(&o);
}
