/* Host side of the work stealing that gcol and gcon share: each block
 * starts on the first chunk of its own partition (a descriptor the host
 * writes), steals chunks of other partitions through their heads, and
 * counts in done[] the vertices it processed per partition. */
#ifndef SCOR_STEAL_HOST_H
#define SCOR_STEAL_HOST_H

#include <stdio.h>
#include <stdlib.h>

#include "../../scor_app.h"

/* The device buffers of the scheme, from the application's arguments. */
struct steal_dev {
    scord_addr next;     /* [nparts] partition heads */
    scord_addr desc;     /* [nparts * desc_words] block descriptors: [0] start, [1] end */
    scord_addr done;     /* [nparts] vertices processed per partition */
    scord_addr count;    /* [1] the kernel's result count */
    uint32_t nparts;     /* = blocks of the grid */
    uint32_t chunk;      /* vertices per chunk */
    uint32_t desc_words; /* words per descriptor */
    uint32_t block;      /* threads per block */
};

static inline int steal_io(struct scor_ctx *ctx, const char *who, int err, const char *what)
{
    if (err)
        snprintf(ctx->msg, sizeof ctx->msg, "%s: %s: %s", who, what, scord_strerror(err));
    return err ? -1 : 0;
}

/* Partition p of np over n vertices: [pstart[p], pend[p]), equal sizes. */
static inline void steal_partition(uint32_t n, uint32_t np, uint32_t *pstart, uint32_t *pend)
{
    for (uint32_t p = 0; p < np; p++) {
        pstart[p] = (uint32_t)((uint64_t)n * p / np);
        pend[p] = (uint32_t)((uint64_t)n * (p + 1) / np);
    }
}

/* The scheme's device buffers for s->nparts partitions of threads-per-block
 * s->block: the partition ends (pend uploaded to *pend_dev), heads, done
 * counts, descriptors, one scratch word per thread and the count. Fills
 * s->next/desc/done/count. Returns 0, or -1 with ctx->msg naming `who`. */
static inline int steal_alloc(struct scor_ctx *ctx, const char *who, struct steal_dev *s,
                              const uint32_t *pend, scord_addr *pend_dev, scord_addr *scratch)
{
    uint32_t np = s->nparts;
    return scor_upload(ctx, who, pend, np * 4, pend_dev) ||
                   scor_upload(ctx, who, NULL, np * 4, &s->next) ||
                   scor_upload(ctx, who, NULL, np * 4, &s->done) ||
                   scor_upload(ctx, who, NULL, (size_t)np * s->desc_words * 4, &s->desc) ||
                   scor_upload(ctx, who, NULL, (size_t)np * s->block * 4, scratch) ||
                   scor_upload(ctx, who, NULL, 4, &s->count)
               ? -1
               : 0;
}

/* One launch over partitions [pstart[p], pend[p]): heads and descriptors
 * set, done[] and *count cleared, np blocks launched, *count read back.
 * The race-free build must have processed every partition exactly once.
 * Returns 0, or -1 with ctx->msg naming `who`. */
static inline int steal_launch(struct scor_ctx *ctx, const char *who, const struct steal_dev *s,
                               const void *args, size_t args_size, const uint32_t *pstart,
                               const uint32_t *pend, uint32_t *count)
{
    uint32_t np = s->nparts, zero = 0;
    uint32_t *done = calloc(np, sizeof *done), *next = calloc(np, 4);
    uint32_t *desc = calloc((size_t)np * s->desc_words, 4);
    int r = -1;
    if (!done || !next || !desc) {
        snprintf(ctx->msg, sizeof ctx->msg, "%s: out of host memory", who);
        goto out;
    }
    for (uint32_t p = 0; p < np; p++) {
        next[p] = pend[p] - pstart[p] < s->chunk ? pend[p] : pstart[p] + s->chunk;
        desc[p * s->desc_words] = pstart[p];
        desc[p * s->desc_words + 1] = next[p];
    }
    int err = scord_memcpy_htod(ctx->dev, s->next, next, np * 4);
    if (!err)
        err = scord_memcpy_htod(ctx->dev, s->desc, desc, (size_t)np * s->desc_words * 4);
    if (steal_io(ctx, who, err, "reset heads") ||
        steal_io(ctx, who, scord_memset(ctx->dev, s->done, 0, np * 4), "reset done") ||
        steal_io(ctx, who, scord_memcpy_htod(ctx->dev, s->count, &zero, 4), "reset count"))
        goto out;
    struct scord_dim3 grid = {np, 1, 1}, block = {s->block, 1, 1};
    if (ctx->launch(ctx, grid, block, args, args_size))
        goto out;
    if (steal_io(ctx, who, scord_memcpy_dtoh(ctx->dev, count, s->count, 4), "read count") ||
        steal_io(ctx, who, scord_memcpy_dtoh(ctx->dev, done, s->done, np * 4), "read done"))
        goto out;
    if (!ctx->racey)
        for (uint32_t p = 0; p < np; p++)
            if (done[p] != pend[p] - pstart[p]) {
                snprintf(ctx->msg, sizeof ctx->msg,
                         "%s: partition %u processed %u vertices, it has %u", who, p, done[p],
                         pend[p] - pstart[p]);
                goto out;
            }
    r = 0;
out:
    free(done);
    free(next);
    free(desc);
    return r;
}

#endif
