/* gcon: one round of label propagation, with work stealing (see args.h).
 *
 * Per block: every thread reads the block's descriptor and handles one
 * vertex of its chunk, the block sums its count of changed labels through
 * `scratch` (written, a barrier, halved, a barrier, added up by the
 * leader), the leader (thread 0) claims the next chunk and publishes it in
 * the descriptor; a barrier, and round again.
 *
 * RACEY injects what ScoR's GCON does: the three barriers are dropped and a
 * stealer claims chunks of another block's partition with a block-scope
 * atomicAdd. Five races:
 *   gcon_start  descriptor start: leader's store vs the threads' load
 *   gcon_end    descriptor end: the same
 *   gcon_red1   scratch, upper half: the threads' stores vs the first
 *               level's loads
 *   gcon_red2   scratch, lower half: the first level's stores vs the
 *               leader's loads
 *   gcon_steal  a partition's head: a stealer's block-scope claim vs the
 *               owner's device-scope claims (and other stealers') */
#include <scord_gpu.h>

#include "args.h"

#ifndef RACEY
#define RACEY 0
#endif

/* Divergence and barriers: as in gcol, every divergent step before a
 * barrier is a function of its own (noipa), called by all threads and
 * defined above kernel_main, so that with min-PC reconvergence all lanes
 * of a warp return from it before the warp reaches the barrier. */
#define STEP __attribute__((noipa))

/* Label of v after this round. Returns 1 if it changed. */
STEP static unsigned do_vertex(const struct gcon_args *a, unsigned s, unsigned e, unsigned tid)
{
    unsigned v = s + tid;
    if (v >= e)
        return 0;
    unsigned l = a->in[v], m = a->in[l];
    if (l < m)
        m = l;
    for (unsigned k = a->row[v]; k < a->row[v + 1]; k++) {
        unsigned lu = a->in[a->adj[k]];
        if (lu < m)
            m = lu;
    }
    /* Device atomic: the result is visible to the next launch, and a vertex
     * processed twice (a RACEY build's lost claim) is no new race. */
    atomicExch(&a->out[v], m);
    return m != l;
}

/* First level of the block's sum: 32 values to 16. */
STEP static void reduce_half(volatile uint32_t *scratch, unsigned tid, unsigned n)
{
    if (tid < 16) {
        unsigned hi = scratch[tid + 16]; // scor:race gcon_red1
        scratch[tid] = n + hi;           // scor:race gcon_red2
    }
}

/* Leader: add up the 16 partial sums, account for the chunk [s, e) of
 * partition part, claim the next chunk (own partition first, then the
 * others from b+1 on) and publish it (start == end: no work left). */
STEP static void finish_claim(const struct gcon_args *a, volatile uint32_t *scratch,
                              volatile uint32_t *desc, unsigned tid, unsigned b, unsigned *part,
                              unsigned s, unsigned e)
{
    if (tid != 0)
        return;
    unsigned sum = 0;
    for (unsigned i = 0; i < 16; i++)
        sum += scratch[i]; // scor:race gcon_red2
    if (sum)
        atomicAdd(a->count, sum);
    atomicAdd(&a->done[*part], e - s);

    unsigned ns = 0, ne = 0, p = b;
    unsigned h = atomicAdd(&a->next[b], GCON_CHUNK); // scor:race gcon_steal
    unsigned end = a->pend[b];
    if (h < end) {
        ns = h;
        ne = end - h < GCON_CHUNK ? end : h + GCON_CHUNK;
    } else {
        /* A failed claim means the partition is exhausted for good: heads
         * only grow. */
        for (unsigned i = 1; i < a->nparts; i++) {
            unsigned v = b + i < a->nparts ? b + i : b + i - a->nparts;
#if RACEY
            unsigned hv = atomicAdd_block(&a->next[v], GCON_CHUNK); // scor:race gcon_steal
#else
            unsigned hv = atomicAdd(&a->next[v], GCON_CHUNK);
#endif
            unsigned ev = a->pend[v];
            if (hv < ev) {
                ns = hv;
                ne = ev - hv < GCON_CHUNK ? ev : hv + GCON_CHUNK;
                p = v;
                break;
            }
        }
    }
    *part = p;
    desc[0] = ns; // scor:race gcon_start
    desc[1] = ne; // scor:race gcon_end
}

void kernel_main(void *arg)
{
    const struct gcon_args *a = arg;
    unsigned tid = __thread_linear(), b = __block_linear();
    volatile uint32_t *desc = a->desc + b * GCON_DESC_WORDS;
    volatile uint32_t *scratch = a->scratch + b * GCON_BLOCK;
    unsigned part = b;

    /* The host hands out the first chunk of every partition in desc. */
    for (;;) {
        unsigned s = desc[0]; // scor:race gcon_start
        unsigned e = desc[1]; // scor:race gcon_end
        if (s >= e)
            break;
        unsigned n = do_vertex(a, s, e, tid);
        scratch[tid] = n; // scor:race gcon_red1
#if !RACEY
        __syncthreads();
#endif
        reduce_half(scratch, tid, n);
#if !RACEY
        __syncthreads();
#endif
        finish_claim(a, scratch, desc, tid, b, &part, s, e);
#if !RACEY
        __syncthreads();
#endif
    }
}
