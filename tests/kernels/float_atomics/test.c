#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "args.h"
#include "kernel_tests.h"

static uint32_t fbits(float f)
{
    uint32_t u;
    memcpy(&u, &f, 4);
    return u;
}

static int cmp_u32(const void *x, const void *y)
{
    uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
    return a < b ? -1 : a > b;
}

static int cmp_u64(const void *x, const void *y)
{
    uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
    return a < b ? -1 : a > b;
}

/* The old values an atomicAdd of positive values returned, sorted, must
 * be 0, then each the one before plus the value of the thread that got it,
 * and the last plus its thread's value the final sum: no update lost, none
 * seen twice. (Each thread's value is known from the old value's thread.) */
static int check_chain(const char *what, const uint32_t *ret, uint32_t first, uint32_t n,
                       uint32_t final)
{
    uint64_t *key = malloc(n * sizeof *key);
    if (!key)
        return kt_fail("out of host memory");
    for (uint32_t i = 0; i < n; i++)
        key[i] = (uint64_t)ret[i] << 32 | (first + i); /* positive floats sort as bits */
    qsort(key, n, sizeof *key, cmp_u64);
    float sum = 0.0f;
    int r = 0;
    for (uint32_t i = 0; i < n && r == 0; i++) {
        uint32_t old = (uint32_t)(key[i] >> 32), g = (uint32_t)key[i];
        if (old != fbits(sum))
            r = kt_fail("%s: the %u-th old value is 0x%08x (thread %u), expected 0x%08x", what, i,
                        old, g, fbits(sum));
        sum += fa_val(g);
    }
    if (r == 0 && final != fbits(sum))
        r = kt_fail("%s: final 0x%08x, expected 0x%08x", what, final, fbits(sum));
    free(key);
    return r;
}

/* Exchanges: returned values plus the final one == written values plus the
 * initial one, as multisets of bits. */
static int check_exch(const char *what, const uint32_t *ret, uint32_t first, uint32_t n,
                      uint32_t final, float init)
{
    uint32_t *a = malloc((n + 1) * 4), *b = malloc((n + 1) * 4);
    int r = 0;
    if (!a || !b) {
        r = kt_fail("out of host memory");
        goto out;
    }
    for (uint32_t i = 0; i < n; i++) {
        a[i] = ret[i];
        b[i] = fbits(fa_xval(first + i));
    }
    a[n] = final;
    b[n] = fbits(init);
    qsort(a, n + 1, 4, cmp_u32);
    qsort(b, n + 1, 4, cmp_u32);
    for (uint32_t i = 0; i <= n && r == 0; i++)
        if (a[i] != b[i])
            r = kt_fail("%s: returned and final values are not the written ones plus the "
                        "initial one (0x%08x against 0x%08x)",
                        what, a[i], b[i]);
out:
    free(a);
    free(b);
    return r;
}

static int run(struct kt *t)
{
    int r = -1;
    /* A block of two warps per core (at least two blocks, for the
     * hand-off): warps of one block and of other blocks contend, and every
     * retry costs a soft-float add. */
    uint32_t nb = t->info.cores < 2 ? 2 : t->info.cores, nt = 2 * t->info.threads;
    if (nt > t->max_block)
        nt = t->max_block;
    uint32_t total = nb * nt, n = 2 * nt;
    uint32_t words[FA_WORDS], *blk = calloc(nb, FA_BLK_WORDS * 4),
                              *shout = calloc(nb, FA_SHOUT_WORDS * 4), *ret = calloc(total, 4),
                              *exret = calloc(total, 4), *bexret = calloc(total, 4),
                              *got = calloc(n, 4);
    if (!blk || !shout || !ret || !exret || !bexret || !got) {
        kt_fail("out of host memory");
        goto out;
    }
    memset(words, 0, sizeof words);
    words[FA_EXCH] = fbits(FA_EXCH_INIT);
    for (uint32_t b = 0; b < nb; b++)
        blk[FA_BLK_WORDS * b + 4] = fbits(FA_EXCH_INIT);
    struct float_atomics_args args = {0, 0, 0, 0, 0, 0, 0, 0, 0, n};
    if (kt_alloc(t, sizeof words, words, 0, &args.words) ||
        kt_alloc(t, nb * FA_BLK_WORDS * 4, blk, 0, &args.blk) ||
        kt_alloc(t, nb * FA_SHOUT_WORDS * 4, NULL, 0xEE, &args.shout) ||
        kt_alloc(t, total * 4, NULL, 0xEE, &args.ret) ||
        kt_alloc(t, total * 4, NULL, 0xEE, &args.exret) ||
        kt_alloc(t, total * 4, NULL, 0xEE, &args.bexret) ||
        kt_alloc(t, n * 4, NULL, 0, &args.data) || kt_alloc(t, 32, NULL, 0, &args.flag) ||
        kt_alloc(t, n * 4, NULL, 0xEE, &args.got))
        goto out;
    if (kt_run(t, kt_dim(nb, 1, 1), kt_dim(nt, 1, 1), &args, sizeof args) ||
        kt_read(t, words, args.words, sizeof words) ||
        kt_read(t, blk, args.blk, nb * FA_BLK_WORDS * 4) ||
        kt_read(t, shout, args.shout, nb * FA_SHOUT_WORDS * 4) ||
        kt_read(t, ret, args.ret, total * 4) || kt_read(t, exret, args.exret, total * 4) ||
        kt_read(t, bexret, args.bexret, total * 4) || kt_read(t, got, args.got, n * 4))
        goto out;

    struct scord_counters c;
    if (kt_verbose && scord_read_counters(t->dev, &c) == SCORD_OK)
        printf("  %u threads: %u cycles, %u thread instructions, %u atomics\n", total, c.cycles,
               c.thread_instrs, c.atomics);
    if (check_chain("device scope atomicAdd", ret, 0, total, words[FA_DEV]))
        goto out;
    if (words[FA_ZIG] != 0) {
        kt_fail("device scope atomicAdd of +v, -v from +0.0: 0x%08x, expected +0.0",
                words[FA_ZIG]);
        goto out;
    }
    if (check_exch("device scope atomicExch", exret, 0, total, words[FA_EXCH], FA_EXCH_INIT))
        goto out;
    r = 0;
    for (uint32_t b = 0; b < nb && r == 0; b++) {
        float sum = 0.0f;
        for (uint32_t i = 0; i < nt; i++)
            sum += fa_val(b * nt + i);
        const uint32_t *bw = &blk[FA_BLK_WORDS * b], *sh = &shout[FA_SHOUT_WORDS * b];
        char what[64];
        snprintf(what, sizeof what, "block %u: atomicExch_block", b);
        if (bw[0] != fbits(sum))
            r = kt_fail("block %u: atomicAdd_block in device memory gave 0x%08x, expected 0x%08x",
                        b, bw[0], fbits(sum));
        else if (sh[0] != fbits(sum) || sh[1] != fbits(sum))
            r = kt_fail("block %u: shared atomicAdd_block 0x%08x, atomicAdd 0x%08x, expected "
                        "0x%08x",
                        b, sh[0], sh[1], fbits(sum));
        else if (sh[2] != 0)
            r = kt_fail("block %u: shared atomicAdd_block of +v, -v: 0x%08x, expected +0.0", b,
                        sh[2]);
        else
            r = check_exch(what, bexret + b * nt, b * nt, nt, bw[4], FA_EXCH_INIT);
    }
    if (r)
        goto out;
    r = -1;
    for (uint32_t i = 0; i < n; i++)
        if (got[i] != FA_DATA(i)) {
            kt_fail("hand-off: block 1 read 0x%08x at [%u], expected 0x%08x", got[i], i,
                    FA_DATA(i));
            goto out;
        }
    r = kt_no_races(t);
out:
    free(blk);
    free(shout);
    free(ret);
    free(exret);
    free(bexret);
    free(got);
    return r;
}

int test_float_atomics(scord_device *dev, const char *sw_dir)
{
    return kt_run_race_free(dev, sw_dir, "tests/kernels/float_atomics", run);
}
