#include <stdio.h>
#include <stdlib.h>

#include "args.h"
#include "kernel_tests.h"

#define DONT_CARE 0xD0C4u /* not a value the kernel can write: compare nothing */

/* What lane l of warp wi writes, by CUDA's rules, for a warp of T lanes
 * of which nl exist (the block's last warp may be partial). A value read
 * from a lane that does not exist is undefined: DONT_CARE. */
static void model(uint32_t *o, uint32_t T, uint32_t nt, uint32_t blk, uint32_t wi, uint32_t l)
{
    uint32_t nl = nt - wi * T < T ? nt - wi * T : T;
    uint32_t em = nl >= 32 ? 0xffffffffu : (1u << nl) - 1, base = wi * T, tid = base + l;
#define VAL(src) ((src) < nl ? wo_value(base + (src)) : DONT_CARE)
    o[WO_ACTIVE] = em;
    o[WO_BALLOT] = 0;
    for (uint32_t k = 0; k < nl; k++)
        if ((base + k) % 3 == 0)
            o[WO_BALLOT] |= 1u << k;
    o[WO_ANY] = nl > 2;
    o[WO_ALL_TRUE] = 1;
    o[WO_ALL_FALSE] = nl <= 1;
    o[WO_SHFL] = VAL((l + 3) % T);
    o[WO_SHFL_UP] = l >= 1 ? VAL(l - 1) : wo_value(tid);
    o[WO_SHFL_DOWN] = l + 2 < T ? VAL(l + 2) : wo_value(tid);
    o[WO_SHFL_XOR] = VAL(l ^ 1);
    o[WO_SHFL_DOWN_W4] = l + 1 <= (l & ~3u) + 3 ? VAL(l + 1) : wo_value(tid);
    o[WO_SHFL_W2] = VAL((l & ~1u) | 1);
    uint32_t x = VAL(l ^ 2);
    o[WO_SPLIT_XOR] = x == DONT_CARE ? x : x + !(l & 1);
    o[WO_PARTIAL] = l < 4 ? 0xau & em : WO_NONE;
    uint32_t s = l + 1 < T ? l + 1 : l, vs = VAL(s);
    o[WO_SHFL_64] = vs == DONT_CARE ? vs : vs * 7u + ~vs;
    o[WO_WAIT_SYNC] = wo_magic(blk, wi);
    o[WO_WAIT_SHFL] = wo_magic(blk, wi);
    o[WO_ACTIVE_SPLIT] = l == 0 ? 1u : em & ~1u;
    o[WO_AFTER_EXIT] = l == 1 ? 0xEEEEEEEEu : 1u;
#undef VAL
}

static const char *const names[WO_RESULTS] = {
    "__activemask", "__ballot_sync", "__any_sync", "__all_sync (true)", "__all_sync (false)",
    "__shfl_sync", "__shfl_up_sync", "__shfl_down_sync", "__shfl_xor_sync",
    "__shfl_down_sync width 4", "__shfl_sync width 2", "__shfl_xor_sync, odd/even lanes apart",
    "__ballot_sync of lanes 0-3", "64-bit __shfl_down_sync", "__syncwarp with a late lane",
    "__shfl_sync with a late lane", "__activemask, lane 0 apart",
    "__syncwarp after a lane exited"};

int test_warp_ops(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    uint32_t *got = NULL;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/warp_ops"))
        goto out;
    uint32_t T = t.info.threads;
    if (T < 4) {
        kt_fail("needs warps of at least 4 lanes, the device has %u", T);
        goto out;
    }
    /* A partial last warp (3 lanes short) when the block has two warps. */
    uint32_t nt = t.max_block > T ? t.max_block - 3 : t.max_block, nb = 2;
    size_t n = (size_t)nb * nt * WO_RESULTS;
    got = malloc(n * 4);
    if (!got) {
        kt_fail("out of host memory");
        goto out;
    }
    struct warp_ops_args args = {0, 200};
    if (kt_alloc(&t, n * 4, NULL, 0xEE, &args.out) ||
        kt_run(&t, kt_dim(nb, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args) ||
        kt_read(&t, got, args.out, n * 4))
        goto out;
    /* Every synchronising warp operation executed is counted, and with
     * the detector armed each reaches it as one warp synchronisation. */
    struct scord_counters c;
    struct scord_detector_counters d;
    int err = scord_read_counters(dev, &c);
    if (!err && kt_detect)
        err = scord_read_detector_counters(dev, &d);
    if (err) {
        kt_fail("reading counters: %s", scord_error_name(err));
        goto out;
    }
    if (c.warp_syncs == 0 || (kt_detect && d.sh_syncs != c.warp_syncs)) {
        kt_fail("%u warp syncs counted, the detector got %u", c.warp_syncs,
                kt_detect ? d.sh_syncs : 0);
        goto out;
    }
    unsigned bad = 0;
    for (uint32_t b = 0; b < nb; b++)
        for (uint32_t tid = 0; tid < nt; tid++) {
            uint32_t want[WO_RESULTS];
            model(want, T, nt, b, tid / T, tid % T);
            const uint32_t *g = got + ((size_t)b * nt + tid) * WO_RESULTS;
            for (int k = 0; k < WO_RESULTS; k++) {
                if (want[k] == DONT_CARE || g[k] == want[k])
                    continue;
                if (bad++ < 8)
                    printf("  block %u thread %u %s: got 0x%08x, want 0x%08x\n", (unsigned)b,
                           (unsigned)tid, names[k], (unsigned)g[k], (unsigned)want[k]);
                kt_fail("%s: block %u thread %u got 0x%08x, want 0x%08x", names[k],
                        (unsigned)b, (unsigned)tid, (unsigned)g[k], (unsigned)want[k]);
            }
        }
    if (bad)
        goto out;
    r = 0;
out:
    free(got);
    kt_end(&t);
    return r;
}
