/* Text and JSON reports: every type with its previous access known and
 * unknown, with and without a launch's shape; shared-memory variables by
 * name; refusal of bad races. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "race_test.h"

/* ---- reports --------------------------------------------------------------------- */

/* The report's "FILE:LINE" for pc: the kernel's own line (the call site
 * when pc is inside an inlined helper). */
static void where_of(uint32_t pc, char *buf, size_t len)
{
    struct scord_srcloc loc;
    scord_kernel_addr2line(kern, pc, &loc);
    if (loc.inlined && loc.call_line)
        snprintf(buf, len, "at %s:%u ", path_base(loc.call_file), loc.call_line);
    else if (loc.column)
        snprintf(buf, len, "at %s:%u:%u ", path_base(loc.file), loc.line, loc.column);
    else
        snprintf(buf, len, "at %s:%u ", path_base(loc.file), loc.line);
}

/* 320 blocks in the big grid: a previous block id known mod 128 only. */
void give_shape(struct scord_race *r, bool big_grid)
{
    r->grid_dim = big_grid ? (struct scord_dim3){20, 16, 1} : (struct scord_dim3){4, 2, 1};
    r->block_dim = (struct scord_dim3){16, 2, 1};
    r->warp_size = 8;
}

/* "thread (x,y,z) in block (x,y,z)" as the shape of give_shape says. */
static void thread_name(const struct scord_race *r, uint32_t block, uint32_t warp, uint32_t lane,
                        char *buf, size_t len)
{
    uint32_t t = warp * r->warp_size + lane, gx = r->grid_dim.x, gy = r->grid_dim.y;
    snprintf(buf, len, "thread (%u,%u,%u) in block (%u,%u,%u)", t % 16, t / 16 % 2, t / 32,
             block % gx, block / gx % gy, block / gx / gy);
}

static const char *const verbs[] = {"Read", "Write", "Atomic"};

static int format_case(uint32_t type, bool known, bool shape)
{
    struct scord_race r = known ? decoded[type] : decoded_unknown[type];
    CHECK(r.type == type, "no decoded record of type %u (decode case failed?)", type);
    /* Point both accesses into kernel_main so source lines show. */
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    r.pc = km;
    if (r.prev_known)
        r.prev_pc = km + 0x14;
    bool big = r.block >= 8 || r.prev_block >= 8;
    if (shape)
        give_shape(&r, big);
    char buf[2048], want[512], where[256];
    int n = scord_race_format(kern, &r, buf, sizeof buf);
    CHECK(n > 0 && (size_t)n == strlen(buf), "format returned %d for %zu chars", n, strlen(buf));
    snprintf(want, sizeof want, "Race (%s) detected: ", scord_race_type_name(type));
    CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
    snprintf(want, sizeof want, " of %u byte%s at 0x%08x%s", r.size, r.size == 1 ? "" : "s",
             r.addr, r.shared ? " (shared memory offset" : "\n");
    CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
    /* The current access: verb, thread, line. */
    char who[128];
    if (shape)
        thread_name(&r, r.block, r.warp, r.lane, who, sizeof who);
    else
        snprintf(who, sizeof who, "lane %u of warp %u of block %u", r.lane, r.warp, r.block);
    where_of(r.pc, where, sizeof where);
    snprintf(want, sizeof want, "    %s%s by %s %s(kernel_main+0x0", verbs[r.kind],
             r.shared                        ? ""
             : r.kind == SCORD_ACCESS_ATOMIC ? (r.scope ? " (device-scope)" : " (block-scope)")
             : r.strong                      ? " (strong)"
                                             : " (weak)",
             who, where);
    CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
    snprintf(want, sizeof want, "core %u]\n", r.core);
    CHECK(strstr(buf, want), "no core in:\n%s", buf);
    CHECK(strstr(buf, scord_race_type_description(type)), "no description in:\n%s", buf);
    if (!r.has_prev) {
        CHECK(!strstr(buf, "previous"), "intrusion with a previous access:\n%s", buf);
    } else if (r.prev_known) {
        /* The previous access: its thread and its own line. */
        uint32_t pb = r.device_scope ? r.prev_block : r.block;
        if (shape && !(big && r.device_scope))
            thread_name(&r, pb, r.prev_warp, r.prev_lane, who, sizeof who);
        else if (shape)
            snprintf(who, sizeof who, "in a block whose id is %u mod 128", r.prev_block);
        else if (r.block > 127 && r.device_scope)
            snprintf(who, sizeof who, "lane %u of warp %u of block %u (mod 128)", r.prev_lane,
                     r.prev_warp, pb);
        else
            snprintf(who, sizeof who, "lane %u of warp %u of block %u", r.prev_lane, r.prev_warp,
                     pb);
        where_of(r.prev_pc, where, sizeof where);
        snprintf(want, sizeof want, "    previous %s", verbs[r.prev_kind]);
        CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
        CHECK(strstr(buf, who), "previous thread '%s' missing in:\n%s", who, buf);
        snprintf(want, sizeof want, "%s(kernel_main+0x14", where);
        CHECK(strstr(buf, want), "previous line '%s' missing in:\n%s", want, buf);
        CHECK(!strstr(buf, "unknown"), "known previous access called unknown:\n%s", buf);
    } else {
        snprintf(want, sizeof want, "warp %u", r.prev_warp);
        CHECK(strstr(buf, "    previous ") && strstr(buf, want) &&
                  strstr(buf, "its thread and source line are unknown"),
              "unknown previous access not said so in:\n%s", buf);
        CHECK(!strstr(strstr(buf, "    previous "), "kernel_main+"),
              "a line invented for an unknown previous access:\n%s", buf);
    }
    if (r.count > 1) {
        snprintf(want, sizeof want, "seen %u times", r.count);
        CHECK(strstr(buf, want), "count missing in:\n%s", buf);
    } else {
        CHECK(strstr(buf, "seen once"), "count missing in:\n%s", buf);
    }
    CHECK(!r.shared || !strstr(buf, "access #"), "shared record given a position:\n%s", buf);
    for (const char *p = buf; *p; p = strchr(p, '\n') + 1)
        CHECK(!strncmp(p, "========= ", 10), "line without prefix in:\n%s", buf);

    /* snprintf contract: sizing call, truncation. */
    CHECK(scord_race_format(kern, &r, NULL, 0) == n, "sizing call differs");
    char small[40];
    CHECK(scord_race_format(kern, &r, small, sizeof small) == n &&
              strlen(small) == sizeof small - 1 && !strncmp(small, buf, sizeof small - 1),
          "truncated output '%s'", small);
    /* Without a kernel: the PCs alone. */
    CHECK(scord_race_format(NULL, &r, buf, sizeof buf) > 0 && strstr(buf, "at pc 0x"),
          "no-kernel report:\n%s", buf);
    return 1;
}

static int format_type(uint32_t type)
{
    for (int known = 1; known >= 0; known--) {
        if (!known && type == SCORD_RACE_INTRUSION)
            break;
        for (int shape = 0; shape < 2; shape++)
            if (!format_case(type, known, shape))
                return 0;
    }
    return 1;
}

static bool has(const char *json, const char *key_value) { return strstr(json, key_value); }

static int format_json_case(uint32_t type, bool known)
{
    struct scord_race r = known ? decoded[type] : decoded_unknown[type];
    CHECK(r.type == type, "no decoded record of type %u", type);
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    r.pc = km + 0x10;
    if (r.prev_known)
        r.prev_pc = km + 0x18;
    give_shape(&r, r.block >= 8 || r.prev_block >= 8);
    char buf[4096], want[256];
    int n = scord_race_format_json(kern, &r, buf, sizeof buf);
    CHECK(n > 0 && (size_t)n == strlen(buf), "returned %d", n);
    CHECK(json_line_ok(buf), "invalid JSON: %s", buf);
    snprintf(want, sizeof want, "\"type\":\"%s\",\"type_id\":%u,", scord_race_type_name(type), type);
    CHECK(has(buf, want), "no %s in %s", want, buf);
    snprintf(want, sizeof want, "\"shared\":%s,\"pc\":%u,\"addr\":%u", r.shared ? "true" : "false",
             r.pc, r.addr);
    CHECK(has(buf, want), "no %s in %s", want, buf);
    snprintf(want, sizeof want, "\"accessor\":{\"core\":%u,\"block\":%u,\"warp\":%u,\"lane\":%u,",
             r.core, r.block, r.warp, r.lane);
    CHECK(has(buf, want), "no %s in %s", want, buf);
    uint32_t t = r.warp * 8 + r.lane;
    snprintf(want, sizeof want, "\"thread\":[%u,%u,%u]", t % 16, t / 16 % 2, t / 32);
    CHECK(has(buf, want), "no %s in %s", want, buf);
    snprintf(want, sizeof want, "\"size\":%u,\"strong\":%s", r.size, r.strong ? "true" : "false");
    CHECK(has(buf, want), "no %s in %s", want, buf);
    snprintf(want, sizeof want, "\"count\":%u,\"seq\":%u,", r.count, r.seq);
    CHECK(has(buf, want), "no %s in %s", want, buf);
    snprintf(want, sizeof want, "\"device_scope\":%s", r.device_scope ? "true" : "false");
    CHECK(has(buf, want), "no %s in %s", want, buf);
    if (r.has_prev) {
        snprintf(want, sizeof want, "\"block_mod128\":%u,\"warp\":%u,\"known\":%s", r.prev_block,
                 r.prev_warp, r.prev_known ? "true" : "false");
        CHECK(has(buf, want), "no %s in %s", want, buf);
        if (r.prev_known) {
            snprintf(want, sizeof want, "\"lane\":%u,\"pc\":%u,\"pc_index\":%u", r.prev_lane,
                     r.prev_pc, r.prev_pc_index);
            CHECK(has(buf, want), "no %s in %s", want, buf);
            const char *prev = strstr(buf, "\"previous\":");
            CHECK(prev && strstr(prev, "\"source\":{\"function\":\"kernel_main\",\"offset\":24,"),
                  "previous access's source missing: %s", buf);
        } else {
            CHECK(has(buf, "\"lane\":null,\"pc\":null,\"pc_index\":null,\"thread\":null"),
                  "unknown previous access with a lane or pc: %s", buf);
            CHECK(!strstr(strstr(buf, "\"previous\":"), "\"offset\":24"),
                  "unknown previous access with a source: %s", buf);
        }
    } else {
        CHECK(has(buf, "\"previous\":null"), "intrusion with a previous access: %s", buf);
    }
    CHECK(has(buf, "\"source\":{\"function\":\"kernel_main\",\"offset\":16,\"file\":\""),
          "source missing: %s", buf);
    CHECK(scord_race_format_json(NULL, &r, buf, sizeof buf) > 0 && json_line_ok(buf) &&
              has(buf, "\"source\":null}"),
          "no-kernel JSON: %s", buf);
    return 1;
}

static int format_json_type(uint32_t type)
{
    return format_json_case(type, true) &&
           (type == SCORD_RACE_INTRUSION || format_json_case(type, false));
}
#define FORMAT_CASES(T, N)                                                                     \
    static int format_text_##N(void) { return format_type(T); }                                \
    static int format_json_##N(void) { return format_json_type(T); }
FORMAT_CASES(SCORD_RACE_BLOCK_FENCE, block_fence)
FORMAT_CASES(SCORD_RACE_DEV_FENCE, dev_fence)
FORMAT_CASES(SCORD_RACE_NOT_STRONG, not_strong)
FORMAT_CASES(SCORD_RACE_SCOPED_ATOM, scoped_atom)
FORMAT_CASES(SCORD_RACE_LOCK_LOAD, lock_load)
FORMAT_CASES(SCORD_RACE_LOCK_STORE, lock_store)
FORMAT_CASES(SCORD_RACE_INTRUSION, intrusion)
FORMAT_CASES(SCORD_RACE_INTRA_WARP, intra_warp)
FORMAT_CASES(SCORD_RACE_SHARED, shared)
FORMAT_CASES(SCORD_RACE_SHARED_WARP, shared_warp)
FORMAT_CASES(SCORD_RACE_STALE_READ, stale_read)

/* The "this thread and others read it" case: the record's previous
 * thread is the racing thread itself. */
static int format_first_reader(void)
{
    struct scord_race r = decoded[SCORD_RACE_SHARED_WARP];
    r.kind = SCORD_ACCESS_STORE;
    r.prev_modified = 0;
    r.prev_kind = SCORD_ACCESS_LOAD;
    r.prev_lane = r.lane;
    give_shape(&r, false);
    char buf[2048];
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) > 0 &&
              strstr(buf, "previous Read by thread (5,0,0) in block (0,0,0) (this thread and "
                          "others read it)"),
          "report:\n%s", buf);
    return 1;
}

/* A grid of more than 65536 blocks: the record's 16-bit block id names no
 * single block, and the report says so instead of picking one. */
static int format_big_grid(void)
{
    struct scord_race r = decoded[SCORD_RACE_BLOCK_FENCE];
    give_shape(&r, false);
    r.grid_dim = (struct scord_dim3){300, 300, 1};
    char buf[2048];
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) > 0 &&
              strstr(buf, " by thread (7,1,0) in a block whose id is 5 mod 65536 at ") &&
              !strstr(buf, "in block ("),
          "report:\n%s", buf);
    CHECK(scord_race_format_json(kern, &r, buf, sizeof buf) > 0 && json_line_ok(buf) &&
              strstr(buf, "\"block_idx\":null"),
          "JSON: %s", buf);
    return 1;
}

/* ---- shared-memory variables ------------------------------------------------------ */

static int shared_name_is(const scord_kernel *k, uint32_t addr, const char *want)
{
    char buf[128];
    int n = scord_kernel_shared_name(k, addr, buf, sizeof buf);
    CHECK(n == (int)strlen(want) && !strcmp(buf, want), "0x%08x: '%s' (%d), expected '%s'", addr,
          buf, n, want);
    return 1;
}

static int shared_names(void)
{
    scord_kernel *scan = NULL, *scan_nd = NULL, *hist = NULL, *dyn = NULL;
    int ok = 0;
    if (scord_load_kernel(dev, scan_path, &scan) || scord_load_kernel(dev, scan_nodebug_path, &scan_nd) ||
        scord_load_kernel(dev, hist_path, &hist) || scord_load_kernel(dev, dyn_path, &dyn)) {
        unit_fail("load: %s", scord_last_error_detail(dev));
        goto out;
    }
    /* smem_scan: __shared__ uint32_t warp_sums[32]; __shared__ uint32_t buf[2][256]; */
    uint32_t ws = scord_kernel_symbol(scan, "warp_sums"), b2 = scord_kernel_symbol(scan, "buf");
    if (!(ws >> 30 && b2 >> 30)) {
        unit_fail("smem_scan's shared symbols at 0x%x, 0x%x", ws, b2);
        goto out;
    }
    if (!shared_name_is(scan, ws, "warp_sums[0]") || !shared_name_is(scan, ws + 4 * 31, "warp_sums[31]") ||
        !shared_name_is(scan, ws + 4 * 5 + 2, "warp_sums[5] (+2 bytes)") ||
        !shared_name_is(scan, b2 + 4 * (256 + 3), "buf[1][3]") ||
        !shared_name_is(scan, b2 + 4 * 255, "buf[0][255]") ||
        !shared_name_is(scan, ws + 128, "") || !shared_name_is(scan, 0x1000, ""))
        goto out;
    /* Without DWARF: the symbol table's extent, a byte offset. */
    if (!shared_name_is(scan_nd, b2 + 4 * (256 + 3), "buf (+1036 bytes)") ||
        !shared_name_is(scan_nd, ws, "warp_sums"))
        goto out;
    /* A static local: the symbol is "bins.N", DWARF says "bins". */
    char buf[128];
    scord_kernel_shared_name(hist, SCORD_SMEM_BASE + 8, buf, sizeof buf);
    if (strcmp(buf, "bins[2]")) {
        unit_fail("smem_histogram's static local: '%s'", buf);
        goto out;
    }
    /* Dynamic shared memory after the static variables, by its declared name. */
    uint32_t d0 = scord_kernel_symbol(dyn, "__scord_dynamic_shared");
    if (!shared_name_is(dyn, d0 + 8, "dyn[2]") || !shared_name_is(dyn, d0 + 4000, "dyn[1000]") ||
        !shared_name_is(dyn, SCORD_SMEM_BASE + 4, "marks[1]"))
        goto out;
    /* A report names the variable; without a kernel, the offset. */
    struct scord_race r = decoded[SCORD_RACE_SHARED];
    r.addr = b2 + 4 * (256 + 3);
    r.pc = scord_kernel_symbol(scan, "kernel_main");
    char text[2048], want[128];
    scord_race_format(scan, &r, text, sizeof text);
    snprintf(want, sizeof want, "store of 4 bytes at 0x%08x (__shared__ buf[1][3])\n", r.addr);
    if (!strstr(text, want)) {
        unit_fail("no '%s' in:\n%s", want, text);
        goto out;
    }
    snprintf(want, sizeof want, "at 0x%08x (shared memory offset 0x%x)\n", r.addr,
             r.addr - SCORD_SMEM_BASE);
    if (scord_race_format(NULL, &r, text, sizeof text) <= 0 || !strstr(text, want)) {
        unit_fail("no '%s' in:\n%s", want, text);
        goto out;
    }
    if (scord_race_format_json(scan, &r, text, sizeof text) <= 0 || !json_line_ok(text) ||
        !strstr(text, "\"shared_variable\":\"buf[1][3]\"")) {
        unit_fail("JSON: %s", text);
        goto out;
    }
    ok = scord_kernel_shared_name(NULL, 0, buf, sizeof buf) == SCORD_ERR_INVALID_ARG &&
         scord_kernel_shared_name(scan, ws, NULL, 4) == SCORD_ERR_INVALID_ARG &&
         scord_kernel_shared_name(scan, ws, NULL, 0) == 12;
    if (!ok)
        unit_fail("bad arguments accepted, or no sizing call");
out:
    scord_kernel_free(scan);
    scord_kernel_free(scan_nd);
    scord_kernel_free(hist);
    scord_kernel_free(dyn);
    return ok;
}

static int format_rejects(void)
{
    struct scord_race r = decoded[SCORD_RACE_BLOCK_FENCE];
    char buf[64];
    CHECK(scord_race_format(kern, NULL, buf, sizeof buf) == SCORD_ERR_INVALID_ARG, "NULL race");
    CHECK(scord_race_format(kern, &r, NULL, 10) == SCORD_ERR_INVALID_ARG, "NULL buffer");
    r.type = 99;
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG && !buf[0],
          "type 99");
    CHECK(scord_race_format_json(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG, "json 99");
    r = decoded[SCORD_RACE_BLOCK_FENCE];
    r.kind = 7;
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG, "kind 7");
    r = decoded[SCORD_RACE_BLOCK_FENCE];
    r.size = 3;
    CHECK(scord_race_format_json(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG, "size 3");
    CHECK(!strcmp(scord_race_type_name(0), "unknown") && !strcmp(scord_race_type_name(SCORD_RACE_TYPE_MAX + 1), "unknown") &&
              !strcmp(scord_race_type_description(1000), "unknown race type"),
          "names of unknown types");
    r = decoded[SCORD_RACE_HOST_DEVICE];
    r.host_call = 0;
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG &&
              scord_race_format_json(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG,
          "host-device race without a host call");
    r = decoded[SCORD_RACE_HOST_DEVICE];
    r.kind = SCORD_ACCESS_ATOMIC;
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) == SCORD_ERR_INVALID_ARG,
          "host-device race by an atomic");
    for (uint32_t t = SCORD_RACE_TYPE_MIN; t <= SCORD_RACE_TYPE_MAX; t++)
        CHECK(strcmp(scord_race_type_name(t), "unknown") &&
                  strlen(scord_race_type_description(t)) > 20,
              "type %u has no name or description", t);
    return 1;
}

/* ---- host-device races (§15) ---------------------------------------------------- */

/* The decoded host-device record with the kernel's access in kernel_main
 * and, when site, the host call site a drain gives it. */
static struct scord_race host_race(bool known, bool shape, bool site)
{
    struct scord_race r = known ? decoded[SCORD_RACE_HOST_DEVICE]
                                : decoded_unknown[SCORD_RACE_HOST_DEVICE];
    scord_addr km = scord_kernel_symbol(kern, "kernel_main");
    if (r.prev_known)
        r.prev_pc = km + 0x14;
    if (shape)
        give_shape(&r, false);
    if (site) {
        r.host_pc = 0x55550000107cull;
        r.host_offset = 0x7c;
        r.host_line = 42;
        snprintf(r.host_function, sizeof r.host_function, "main");
        snprintf(r.host_file, sizeof r.host_file, "/src/app/host.c");
    }
    return r;
}

static int format_text_host_device(void)
{
    for (int v = 0; v < 8; v++) {
        bool known = v & 1, shape = v & 2, site = v & 4;
        struct scord_race r = host_race(known, shape, site);
        CHECK(r.type == SCORD_RACE_HOST_DEVICE, "no decoded host-device record");
        char buf[2048], want[512], where[256], who[128];
        int n = scord_race_format(kern, &r, buf, sizeof buf);
        CHECK(n > 0 && (size_t)n == strlen(buf), "format returned %d", n);
        snprintf(want, sizeof want,
                 "Race (host-device) detected: host write (scord_memcpy_htod) at 0x%08x while a "
                 "kernel ran\n",
                 r.addr);
        CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
        snprintf(want, sizeof want,
                 "    Write by the host: scord_memcpy_htod of %u bytes at 0x%08x, call %u after "
                 "the launch%s",
                 r.host_bytes, r.host_addr, r.seq, site ? ", at host.c:42 (main+0x7c)\n" : "\n");
        CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
        if (known) {
            if (shape)
                thread_name(&r, r.prev_block, r.prev_warp, r.prev_lane, who, sizeof who);
            else
                snprintf(who, sizeof who, "lane %u of warp %u of block %u (mod 128)", r.prev_lane,
                         r.prev_warp, r.prev_block);
            where_of(r.prev_pc, where, sizeof where);
            snprintf(want, sizeof want, "    the kernel's Write (strong) by %s %s(kernel_main+0x14",
                     who, where);
        } else {
            snprintf(want, sizeof want, "    the kernel's Write (strong) by warp %u",
                     r.prev_warp);
        }
        CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
        CHECK(known || strstr(buf, "its thread and source line are unknown"),
              "unknown kernel access not said so:\n%s", buf);
        CHECK(strstr(buf, scord_race_type_description(SCORD_RACE_HOST_DEVICE)) &&
                  strstr(buf, "call scord_wait() before the copy"),
              "no description or fix in:\n%s", buf);
        snprintf(want, sizeof want, "(%u locations of the call's range against this kernel "
                 "instruction)\n", r.count);
        CHECK(strstr(buf, want), "no '%s' in:\n%s", want, buf);
        CHECK(!strstr(buf, "previous") && !strstr(buf, "access #"),
              "a device race's words in:\n%s", buf);
        for (const char *p = buf; *p; p = strchr(p, '\n') + 1)
            CHECK(!strncmp(p, "========= ", 10), "line without prefix in:\n%s", buf);
        CHECK(scord_race_format(kern, &r, NULL, 0) == n, "sizing call differs");
    }
    /* A host read, a single location, a name the struct does not end. */
    struct scord_race r = host_race(true, true, true);
    r.kind = SCORD_ACCESS_LOAD;
    r.host_call = SCORD_HOST_MEMCPY_DTOH;
    r.count = 1;
    memset(r.host_function, 'f', sizeof r.host_function);
    char buf[2048];
    CHECK(scord_race_format(kern, &r, buf, sizeof buf) > 0 &&
              strstr(buf, "host read (scord_memcpy_dtoh)") &&
              strstr(buf, "    Read by the host: scord_memcpy_dtoh") &&
              strstr(buf, "(one location of the call's range") && strstr(buf, "fffff+0x7c)"),
          "host read:\n%s", buf);
    return 1;
}

static int format_json_host_device(void)
{
    for (int v = 0; v < 4; v++) {
        bool known = v & 1, site = v & 2;
        struct scord_race r = host_race(known, true, site);
        char buf[4096], want[512];
        int n = scord_race_format_json(kern, &r, buf, sizeof buf);
        CHECK(n > 0 && (size_t)n == strlen(buf) && json_line_ok(buf), "invalid JSON: %s", buf);
        snprintf(want, sizeof want, "\"type\":\"host-device\",\"type_id\":%u,",
                 SCORD_RACE_HOST_DEVICE);
        CHECK(has(buf, want), "no %s in %s", want, buf);
        CHECK(has(buf, "\"access\":{\"kind\":\"store\",\"size\":null,\"strong\":null,"
                       "\"scope\":null,\"stale\":null},\"accessor\":null,"),
              "access or accessor: %s", buf);
        if (site)
            snprintf(want, sizeof want,
                     "\"host\":{\"call\":\"scord_memcpy_htod\",\"addr\":%u,\"bytes\":%u,"
                     "\"call_number\":%u,\"pc\":%llu,\"function\":\"main\",\"offset\":124,"
                     "\"file\":\"/src/app/host.c\",\"line\":42}",
                     r.host_addr, r.host_bytes, r.seq, (unsigned long long)r.host_pc);
        else
            snprintf(want, sizeof want,
                     "\"host\":{\"call\":\"scord_memcpy_htod\",\"addr\":%u,\"bytes\":%u,"
                     "\"call_number\":%u,\"pc\":null,\"function\":null,\"offset\":null,"
                     "\"file\":null,\"line\":null}",
                     r.host_addr, r.host_bytes, r.seq);
        CHECK(has(buf, want), "no %s in %s", want, buf);
        snprintf(want, sizeof want, "\"block_mod128\":%u,\"warp\":%u,\"known\":%s",
                 r.prev_block, r.prev_warp, known ? "true" : "false");
        CHECK(has(buf, want), "no %s in %s", want, buf);
        const char *prev = strstr(buf, "\"previous\":");
        CHECK(prev && (!known || strstr(prev, "\"source\":{\"function\":\"kernel_main\",\"offset\":20,")),
              "kernel access's source: %s", buf);
        CHECK(has(buf, "\"source\":null}\n"), "a kernel source for the host's call: %s", buf);
    }
    return 1;
}

const struct unit_case race_format_cases[] = {
    UNIT_CASE(format_text_block_fence),
    UNIT_CASE(format_text_dev_fence),
    UNIT_CASE(format_text_not_strong),
    UNIT_CASE(format_text_scoped_atom),
    UNIT_CASE(format_text_lock_load),
    UNIT_CASE(format_text_lock_store),
    UNIT_CASE(format_text_intrusion),
    UNIT_CASE(format_text_intra_warp),
    UNIT_CASE(format_text_shared),
    UNIT_CASE(format_text_shared_warp),
    UNIT_CASE(format_text_stale_read),
    {"format_text_first_reader", format_first_reader},
    {"format_text_big_grid", format_big_grid},
    UNIT_CASE(format_json_block_fence),
    UNIT_CASE(format_json_dev_fence),
    UNIT_CASE(format_json_not_strong),
    UNIT_CASE(format_json_scoped_atom),
    UNIT_CASE(format_json_lock_load),
    UNIT_CASE(format_json_lock_store),
    UNIT_CASE(format_json_intrusion),
    UNIT_CASE(format_json_intra_warp),
    UNIT_CASE(format_json_shared),
    UNIT_CASE(format_json_shared_warp),
    UNIT_CASE(format_json_stale_read),
    UNIT_CASE(format_text_host_device),
    UNIT_CASE(format_json_host_device),
    UNIT_CASE(format_rejects),
    UNIT_CASE(shared_names),
    UNIT_END,
};
