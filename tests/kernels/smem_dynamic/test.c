#include <stdio.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"
#include "scord_defs.h"

int test_smem_dynamic(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/smem_dynamic"))
        goto out;
    uint32_t stat = scord_kernel_shared_bytes(t.kernel), cap = t.info.smem_bytes;
    /* 5 words, aligned to 16 by the linker script */
    if (stat != 32) {
        kt_fail("static shared memory is %u bytes, expected 32 (5 words, 16-aligned)", stat);
        goto out;
    }
    enum { NB = 5 };
    uint32_t bad[NB], info[NB * SD_INFO];
    /* two sizes: an odd number of bytes (rounded to words) and all a core has */
    const uint32_t dyns[] = {1001, cap - stat};
    for (unsigned s = 0; s < 2; s++) {
        uint32_t dyn = dyns[s], words = dyn / 4;
        struct smem_dynamic_args args = {0, 0};
        if (kt_alloc(&t, sizeof bad, NULL, 0, &args.bad) ||
            kt_alloc(&t, sizeof info, NULL, 0xEE, &args.info) ||
            kt_run_shared(&t, kt_dim(NB, 1, 1), kt_dim(t.max_block, 1, 1), dyn, &args,
                          sizeof args) ||
            kt_read(&t, bad, args.bad, sizeof bad) || kt_read(&t, info, args.info, sizeof info))
            goto out;
        for (uint32_t b = 0; b < NB; b++) {
            const uint32_t *in = info + b * SD_INFO;
            uint32_t rounded = (stat + dyn + 3) & ~3u;
            if (bad[b] || in[SD_SHARED] != rounded || in[SD_DYNAMIC] != rounded - stat ||
                in[SD_DYN_ADDR] != SCORD_SMEM_BASE + stat || in[SD_STATIC_OK] != 1) {
                kt_fail("dynamic %u bytes, block %u: %u words wrong of %u, shared %u (want %u), "
                        "dynamic %u, at 0x%08x (want 0x%08x), static intact %u",
                        dyn, b, bad[b], words, in[SD_SHARED], rounded, in[SD_DYNAMIC],
                        in[SD_DYN_ADDR], SCORD_SMEM_BASE + stat, in[SD_STATIC_OK]);
                goto out;
            }
        }
        scord_free_all(dev);
    }

    /* More than a core has: refused before anything reaches the device,
     * with a message that says so; the device then runs a launch again. */
    int err = scord_launch_shared(dev, t.kernel, kt_dim(1, 1, 1), kt_dim(1, 1, 1), cap - stat + 4,
                                  NULL, 0);
    const char *detail = scord_last_error_detail(dev);
    if (err != SCORD_ERR_LAUNCH || !strstr(detail, "shared memory")) {
        kt_fail("a block of %u shared bytes on a %u-byte core: %s (%s), expected LAUNCH",
                cap + 4, cap, scord_error_name(err), detail);
        goto out;
    }
    struct smem_dynamic_args args = {0, 0};
    if (kt_alloc(&t, sizeof bad, NULL, 0, &args.bad) ||
        kt_alloc(&t, sizeof info, NULL, 0xEE, &args.info) ||
        kt_run_shared(&t, kt_dim(1, 1, 1), kt_dim(t.max_block, 1, 1), 64, &args, sizeof args))
        goto out;
    r = 0;
out:
    kt_end(&t);
    return r;
}
