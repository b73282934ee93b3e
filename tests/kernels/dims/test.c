#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"

static int run_shape(struct kt *t, struct scord_dim3 g, struct scord_dim3 b)
{
    uint32_t nb = g.x * g.y * g.z, nt = b.x * b.y * b.z, words = nb * nt * DIMS_WORDS;
    uint32_t *got = malloc(words * 4u), *want = malloc(words * 4u);
    int r = -1;
    struct dims_args args;
    if (!got || !want) {
        kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t blk = 0; blk < nb; blk++)
        for (uint32_t tid = 0; tid < nt; tid++) {
            uint32_t *w = want + (blk * nt + tid) * DIMS_WORDS;
            w[DIMS_TX] = tid % b.x;
            w[DIMS_TY] = tid / b.x % b.y;
            w[DIMS_TZ] = tid / (b.x * b.y);
            w[DIMS_BX] = blk % g.x;
            w[DIMS_BY] = blk / g.x % g.y;
            w[DIMS_BZ] = blk / (g.x * g.y);
            w[DIMS_BDX] = b.x;
            w[DIMS_BDY] = b.y;
            w[DIMS_BDZ] = b.z;
            w[DIMS_GDX] = g.x;
            w[DIMS_GDY] = g.y;
            w[DIMS_GDZ] = g.z;
            w[DIMS_TID] = tid;
            w[DIMS_LANE] = tid % t->info.threads;
            w[DIMS_WARP] = tid / t->info.threads;
            w[DIMS_BLOCK] = blk;
            w[DIMS_WARPSIZE] = t->info.threads;
            w[DIMS_LINEAR_BLOCK_THREADS] = nt;
        }
    if (kt_alloc(t, words * 4u, NULL, 0xEE, &args.out) || kt_run(t, g, b, &args, sizeof args) ||
        kt_read(t, got, args.out, words * 4u))
        goto out;
    char what[96];
    snprintf(what, sizeof what, "grid %ux%ux%u block %ux%ux%u: out", g.x, g.y, g.z, b.x, b.y, b.z);
    r = kt_check_u32(what, got, want, words);
out:
    free(got);
    free(want);
    return r;
}

/* The launch must be refused with LAUNCH and a detail holding each of the
 * patterns (NULL-terminated); nothing reaches the device. */
static int expect_refused(struct kt *t, const char *what, struct scord_dim3 g, struct scord_dim3 b,
                          uint32_t dyn, const char *const *patterns)
{
    int err = scord_launch_shared(t->dev, t->kernel, g, b, dyn, NULL, 0);
    const char *detail = scord_last_error_detail(t->dev);
    if (err != SCORD_ERR_LAUNCH)
        return kt_fail("%s: %s (%s), expected SCORD_ERR_LAUNCH", what, scord_error_name(err),
                       detail);
    for (const char *const *p = patterns; *p; p++)
        if (!strstr(detail, *p))
            return kt_fail("%s: the refusal \"%s\" does not say \"%s\"", what, detail, *p);
    return 0;
}

/* scord_get_properties against the device's own registers (scord_info),
 * then one launch past each limit, and all at once. */
static int check_limits(struct kt *t)
{
    struct scord_properties p;
    const struct scord_info *in = &t->info;
    if (scord_get_properties(NULL, &p) != SCORD_ERR_INVALID_ARG ||
        scord_get_properties(t->dev, NULL) != SCORD_ERR_INVALID_ARG)
        return kt_fail("scord_get_properties takes a NULL device or result");
    int err = scord_get_properties(t->dev, &p);
    if (err)
        return kt_fail("scord_get_properties: %s", scord_error_name(err));
    uint32_t max = in->warps * in->threads;
    if (p.cores != in->cores || p.warp_size != in->threads || p.warps_per_core != in->warps ||
        p.max_threads_per_core != max || p.max_threads_per_block != max ||
        p.max_block_dim[0] != max || p.max_block_dim[2] != max ||
        p.max_blocks_per_core != in->warps || p.max_grid_blocks != UINT32_MAX ||
        p.max_grid_dim[1] != UINT32_MAX || p.smem_per_core != in->smem_bytes ||
        p.smem_per_block != in->smem_bytes || p.smem_banks != in->threads ||
        p.regs_per_thread != 32 || p.stack_bytes < 256 || p.line_bytes != in->line_bytes ||
        p.mem_bytes != in->mem_bytes || !p.l1d_bytes || !p.l2_bytes || !p.config ||
        strcmp(p.config, in->config))
        return kt_fail("scord_get_properties disagrees with scord_get_info: %u cores, warp "
                       "size %u, %u warps, %u threads a block, %u blocks a core, %u shared "
                       "bytes a block, %u banks",
                       p.cores, p.warp_size, p.warps_per_core, p.max_threads_per_block,
                       p.max_blocks_per_core, p.smem_per_block, p.smem_banks);
    char per_block[96], smem[96];
    snprintf(per_block, sizeof per_block,
             "exceeds the limit of threads per block: a core's %u warps x %u threads = %u",
             in->warps, in->threads, max);
    snprintf(smem, sizeof smem, "a core has %u: the limit of shared memory per block",
             in->smem_bytes);
    uint32_t stat = scord_kernel_shared_bytes(t->kernel), over = in->smem_bytes - stat + 4;
    char over_s[64], wide_s[64], tall_s[64];
    snprintf(over_s, sizeof over_s, "block of %u threads (%ux1x1)", max + 1, max + 1);
    snprintf(wide_s, sizeof wide_s, "block of %u threads (1x2x%u)", 2 * max, max);
    snprintf(tall_s, sizeof tall_s, "(%u static + %u dynamic)", stat, over);
    const char *const threads_x[] = {over_s, per_block, NULL};
    const char *const threads_3d[] = {wide_s, per_block, NULL};
    const char *const grid[] = {"grid of 8589934592 blocks (65536x65536x2) exceeds the limit "
                                "of blocks per grid: 4294967295",
                                NULL};
    const char *const zero[] = {"grid 4x0x1, block 1x1x1: no dimension may be 0", NULL};
    const char *const shared[] = {smem, tall_s, NULL};
    const char *const all[] = {over_s, "; grid of 8589934592 blocks", "; a block needs", smem,
                               NULL};
    return expect_refused(t, "a block one thread too large", kt_dim(1, 1, 1),
                          kt_dim(max + 1, 1, 1), 0, threads_x) ||
           expect_refused(t, "a 3-D block too large", kt_dim(1, 1, 1), kt_dim(1, 2, max), 0,
                          threads_3d) ||
           expect_refused(t, "a grid of 2^33 blocks", kt_dim(65536, 65536, 2), kt_dim(1, 1, 1), 0,
                          grid) ||
           expect_refused(t, "a grid dimension of 0", kt_dim(4, 0, 1), kt_dim(1, 1, 1), 0, zero) ||
           expect_refused(t, "shared memory 4 bytes over", kt_dim(1, 1, 1), kt_dim(1, 1, 1), over,
                          shared) ||
           expect_refused(t, "three limits at once", kt_dim(65536, 65536, 2),
                          kt_dim(max + 1, 1, 1), over, all);
}

int test_dims(scord_device *dev, const char *sw_dir)
{
    struct kt t;
    int r = -1;
    if (kt_begin(&t, dev, sw_dir, "tests/kernels/dims"))
        goto out;
    /* 3-D block of at most max_block threads, not a power of two in x. */
    uint32_t bz = 2, by = 2, bx = t.max_block / 4 > 1 ? t.max_block / 4 - 1 : 1;
    if (run_shape(&t, kt_dim(3, 2, 2), kt_dim(bx, by, bz)) ||
        run_shape(&t, kt_dim(5, 1, 1), kt_dim(t.max_block, 1, 1)) ||
        run_shape(&t, kt_dim(2, 3, 1), kt_dim(1, t.max_block / 2, 1)) ||
        run_shape(&t, kt_dim(2, 1, 1), kt_dim(1, 1, t.max_block)))
        goto out;
    /* refused launches leave the device as it was: one more runs after them */
    if (check_limits(&t) || run_shape(&t, kt_dim(1, 1, 2), kt_dim(t.max_block, 1, 1)))
        goto out;
    r = 0;
out:
    kt_end(&t);
    return r;
}
