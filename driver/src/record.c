/* libscord race records (docs/detector.md §8.1, §8.2): decoding the
 * detector's 32-byte records into struct scord_race, and the names and
 * descriptions of race types.
 *
 * Records come from device memory, which a buggy or hostile kernel may
 * have written (INTRUSION exists for that reason), so nothing here trusts
 * a record's bytes: decoding checks every field before anything is
 * printed. */
#include "scord_int.h"

#include <inttypes.h>
#include <string.h>

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
_Static_assert(SCORD_RACE_STALE_READ == SCORD_DET_RACE_STALE_READ, "regmap.def changed");
_Static_assert(SCORD_DET_REC_STALE_BIT == 24, "the record's stale flag moved (§8.1)");
_Static_assert(SCORD_DET_REC_WARN_BIT == 16, "the record's warning flag moved (§8.1): its byte must hold no other field");
_Static_assert(SCORD_RACE_HOST_DEVICE == SCORD_DET_RACE_HOST_DEVICE, "regmap.def changed");
_Static_assert(SCORD_HOST_MEMCPY_HTOD == SCORD_DET_HOST_MEMCPY_HTOD &&
                   SCORD_HOST_MEMCPY_DTOH == SCORD_DET_HOST_MEMCPY_DTOH &&
                   SCORD_HOST_MEMSET == SCORD_DET_HOST_MEMSET,
               "regmap.def changed");
_Static_assert(SCORD_RACE_PC_INDEX_UNKNOWN == SCORD_DET_PCIDX_UNKNOWN, "regmap.def changed");
_Static_assert(SCORD_RACE_TYPE_MAX + 1 == SCORD_DET_RACE_TYPES, "regmap.def changed");
_Static_assert(SCORD_RACE_RECORD_BYTES == SCORD_DET_REC_BYTES, "regmap.def changed");
_Static_assert(SCORD_ACCESS_LOAD == SCORD_DET_EV_LOAD && SCORD_ACCESS_STORE == SCORD_DET_EV_STORE &&
                   SCORD_ACCESS_ATOMIC == SCORD_DET_EV_ATOMIC,
               "regmap.def changed");

#define WARP_LIMIT (1u << SCORD_DET_WARP_BITS)
#define LANE_LIMIT 32u /* lane ids are 5 bits (§2) */

static const char *const type_names[SCORD_RACE_TYPE_MAX + 1] = {
    [SCORD_RACE_BLOCK_FENCE] = "block-fence", [SCORD_RACE_DEV_FENCE] = "device-fence",
    [SCORD_RACE_NOT_STRONG] = "not-strong",   [SCORD_RACE_SCOPED_ATOM] = "scoped-atomic",
    [SCORD_RACE_LOCK_LOAD] = "lock-load",     [SCORD_RACE_LOCK_STORE] = "lock-store",
    [SCORD_RACE_INTRUSION] = "intrusion",     [SCORD_RACE_INTRA_WARP] = "intra-warp",
    [SCORD_RACE_SHARED] = "shared",           [SCORD_RACE_SHARED_WARP] = "shared-warp",
    [SCORD_RACE_STALE_READ] = "stale-read",
    [SCORD_RACE_HOST_DEVICE] = "host-device",
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
    [SCORD_RACE_STALE_READ] = "missing acquire fence: may read a stale L1 copy (a weak load of "
                              "data another block wrote and published, with no device-scope "
                              "fence by the reader since the write)",
    [SCORD_RACE_HOST_DEVICE] = "a host copy or memset made before scord_wait() touched memory "
                               "the launched kernel accesses (a host write against any kernel "
                               "access, a host read against a kernel write)",
};

bool scord_record_type_ok(uint32_t t)
{
    return t >= SCORD_RACE_TYPE_MIN && t <= SCORD_RACE_TYPE_MAX;
}

const char *scord_race_type_name(uint32_t type)
{
    return scord_record_type_ok(type) ? type_names[type] : "unknown";
}

const char *scord_race_type_description(uint32_t type)
{
    return scord_record_type_ok(type) ? type_descriptions[type] : "unknown race type";
}

const char *scord_host_call_name(uint32_t call)
{
    switch (call) {
    case SCORD_HOST_MEMCPY_HTOD: return "scord_memcpy_htod";
    case SCORD_HOST_MEMCPY_DTOH: return "scord_memcpy_dtoh";
    case SCORD_HOST_MEMSET: return "scord_memset";
    default: return "unknown";
    }
}

const char *scord_record_kind_name(uint32_t k)
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

#define BAD(...) scord_fail(NULL, SCORD_ERR_INVALID_ARG, "bad race record: " __VA_ARGS__)

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
    r->block = w[3] & 0xffffu;
    r->warning = w[3] >> SCORD_DET_REC_WARN_BIT & 1u;
    r->core = w[4] & 0xffu;
    r->warp = w[4] >> 8 & 0xffu;
    r->lane = w[4] >> 16 & 0xffu;
    r->stale = w[4] >> SCORD_DET_REC_STALE_BIT & 1u;
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
    if (!scord_record_type_ok(r->type))
        return BAD("unknown race type %" PRIu32, r->type);
    if (w[0] >> 26)
        return BAD("reserved bits [31:26] of word 0 are 0x%" PRIx32, w[0] >> 26);
    if (r->kind > SCORD_ACCESS_ATOMIC)
        return BAD("access kind 3 (a fence or barrier cannot race)");
    if (size_log2 > 2)
        return BAD("access size code 3 (accesses are at most 4 bytes)");
    if (w[3] >> 17)
        return BAD("reserved bits [31:17] of word 3 are 0x%04" PRIx32, w[3] >> 17);
    if (w[4] >> 25)
        return BAD("reserved bits [31:25] of word 4 are 0x%02" PRIx32, w[4] >> 25);
    /* Only a weak load reads through the L1 (§8.1 word 4 [24]). */
    if (r->stale && (r->kind != SCORD_ACCESS_LOAD || r->strong))
        return BAD("stale flag on a %s %s", r->strong ? "strong" : "weak",
                   scord_record_kind_name(r->kind));
    if (r->warp >= WARP_LIMIT || r->lane >= LANE_LIMIT)
        return BAD("warp %" PRIu32 " or lane %" PRIu32 " wider than 5 bits", r->warp, r->lane);
    if (r->prev_block > SCORD_BLOCK7_MASK || r->prev_warp >= WARP_LIMIT)
        return BAD("previous block %" PRIu32 " or warp %" PRIu32 " wider than 7 / 5 bits",
                   r->prev_block, r->prev_warp);
    if (r->count == 0)
        return BAD("count 0 (a record counts at least its first occurrence)");
    /* Normalisation on arrival (§3.2): atomics strong, loads/stores unscoped. */
    if (r->kind == SCORD_ACCESS_ATOMIC && !r->strong)
        return BAD("weak atomic (atomics are always strong)");
    if (r->kind != SCORD_ACCESS_ATOMIC && r->scope)
        return BAD("%s with a scope (only atomics have one)", scord_record_kind_name(r->kind));
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
        return BAD("shared-memory %s marked %s", scord_record_kind_name(r->kind),
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
    bool differ = (r->block & SCORD_BLOCK7_MASK) != r->prev_block;
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
    /* A warning is two lanes of one store writing one value (§8.2). */
    if (r->warning && (r->type != SCORD_RACE_INTRA_WARP || r->kind != SCORD_ACCESS_STORE ||
                       !r->prev_modified || r->prev_atomic))
        return BAD("severity warning on a %s race by a %s", type_names[r->type],
                   scord_record_kind_name(r->kind));
    /* C1: the same lane never races with itself. */
    if (r->type == SCORD_RACE_INTRA_WARP && r->prev_known && r->prev_lane == r->lane)
        return BAD("intra-warp race of lane %" PRIu32 " with itself", r->lane);
    if (r->type == SCORD_RACE_LOCK_LOAD && r->kind != SCORD_ACCESS_LOAD)
        return BAD("lock-load race by a %s", scord_record_kind_name(r->kind));
    if (r->type == SCORD_RACE_LOCK_STORE && r->kind != SCORD_ACCESS_STORE)
        return BAD("lock-store race by a %s", scord_record_kind_name(r->kind));
    /* C7: a weak load of another block's write (§6.3). */
    if (r->type == SCORD_RACE_STALE_READ &&
        (r->kind != SCORD_ACCESS_LOAD || r->strong || !r->prev_modified || !r->device_scope))
        return BAD("stale-read race by a %s %s after a %s in %s block",
                   r->strong ? "strong" : "weak", scord_record_kind_name(r->kind),
                   r->prev_modified ? "write" : "read", r->device_scope ? "another" : "the same");
    /* Known exactly when the detector kept a PC index (§5 word 0 [19]). */
    if (r->prev_known != (r->prev_pc_index != SCORD_RACE_PC_INDEX_UNKNOWN))
        return BAD("previous access %s, but its PC index is 0x%04" PRIx32,
                   r->prev_known ? "known" : "unknown", r->prev_pc_index);
    return SCORD_OK;
}

/* A host-device record (§15): the library's, from a call of the host and
 * a metadata entry of the kernel. Word 1 is the call, words 3 and 4 its
 * range, word 7 its number; the current access has no thread. */
static int check_host(const uint32_t w[8], struct scord_race *r, uint32_t size_log2)
{
    uint32_t call = w[1];
    if (call < SCORD_HOST_MEMCPY_HTOD || call > SCORD_HOST_MEMSET)
        return BAD("host call 0x%08" PRIx32 " unknown", call);
    uint32_t want = call == SCORD_HOST_MEMCPY_DTOH ? SCORD_ACCESS_LOAD : SCORD_ACCESS_STORE;
    if (r->kind != want)
        return BAD("%s as a %s", scord_host_call_name(call), scord_record_kind_name(r->kind));
    if (r->device_scope || r->strong || r->scope || size_log2 || r->shared)
        return BAD("host-device race with a scope, strength, size or the shared flag");
    if (w[4] == 0 || (uint64_t)w[3] + w[4] > UINT32_MAX + 1ull)
        return BAD("host call of %" PRIu32 " bytes at 0x%08" PRIx32, w[4], w[3]);
    if (w[2] - w[3] >= w[4])
        return BAD("host-device race at 0x%08" PRIx32 ", outside the call's [0x%08" PRIx32
                   ", +%" PRIu32 ")",
                   w[2], w[3], w[4]);
    if (r->kind == SCORD_ACCESS_LOAD && !r->prev_modified)
        return BAD("host read against a kernel read");
    if (r->seq == 0)
        return BAD("host call number 0 (calls count from 1)");
    if (r->prev_known != (r->prev_pc_index != SCORD_RACE_PC_INDEX_UNKNOWN))
        return BAD("previous access %s, but its PC index is 0x%04" PRIx32,
                   r->prev_known ? "known" : "unknown", r->prev_pc_index);
    r->host_call = call;
    r->host_addr = w[3];
    r->host_bytes = w[4];
    r->pc = 0;
    r->block = 0;
    return SCORD_OK;
}

int scord_race_decode_at(const void *record32, uint32_t pc_base, struct scord_race *out)
{
    if (!record32 || !out)
        return scord_fail(NULL, SCORD_ERR_INVALID_ARG, "no record or no place for it");
    const unsigned char *b = record32;
    uint32_t w[8];
    for (int i = 0; i < 8; i++)
        w[i] = rd32(b + 4 * i);

    struct scord_race r;
    uint32_t size_log2;
    unpack(w, pc_base, &r, &size_log2);
    int rc;
    if (r.type == SCORD_RACE_HOST_DEVICE) {
        /* Words 3 and 4 are the call's range here, not a thread. */
        uint32_t wd[8];
        memcpy(wd, w, sizeof wd);
        wd[3] = wd[4] = 0;
        r.block = r.core = r.warp = r.lane = 0;
        r.warning = 0;
        if ((rc = check_encoding(wd, &r, size_log2)) || (rc = check_host(w, &r, size_log2)))
            return rc;
        r.has_prev = 1;
        r.prev_kind = r.prev_atomic     ? SCORD_ACCESS_ATOMIC
                      : r.prev_modified ? SCORD_ACCESS_STORE
                                        : SCORD_ACCESS_LOAD;
        r.size = 1;
        *out = r;
        return SCORD_OK;
    }
    rc = check_encoding(w, &r, size_log2);
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
