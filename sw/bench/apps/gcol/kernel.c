/* gcol: one phase of a colouring round, with work stealing (see args.h).
 *
 * Per block: every thread reads the block's descriptor and handles one
 * vertex of its chunk, the block sums its count through `scratch` (two
 * barriers), the leader (thread 0) adds it to the launch's total, claims
 * the next chunk and publishes it in the descriptor; a barrier, and round
 * again. The host hands out each partition's first chunk.
 *
 * RACEY injects what ScoR's GCOL does: the leader claims chunks of its own
 * partition with a block-scope atomicAdd (as if nobody else touched its
 * head, but stealers do) and counts them in done[] with a block-scope
 * atomicAdd too; and the barrier between publishing the descriptor and
 * the next chunk reading it is dropped. Six races:
 *   gcol_own    own head: block-scope claim vs a stealer's device claim
 *   gcol_probe  a stealer's probe of a head the owner claimed with block scope
 *   gcol_done   done[] of a partition: owner block scope, stealers device scope
 *   gcol_start  descriptor start: leader's store vs the threads' load
 *   gcol_end    descriptor end: the same
 *   gcol_reuse  scratch: the leader's reads of the last sum vs the next
 *               chunk's stores (that barrier also separated them) */
#include <scord_gpu.h>

#include "args.h"

#ifndef RACEY
#define RACEY 0
#endif

/* Divergence and barriers. The GPU reconverges by minimum PC
 * (docs/architecture.md) and a warp waits at a barrier with whichever of
 * its lanes issued it. If GCC placed the body of an `if (tid == 0)` after
 * the barrier that follows it, the other lanes would reach the barrier
 * first and the warp would pass it without its leader. So every divergent
 * step before a barrier is a function of its own (noipa: never inlined or
 * cloned), called by all threads, and defined above kernel_main: lanes
 * inside it have lower PCs than any lane back in kernel_main, so all of
 * them return before the warp goes on. Nothing divergent calls a libgcc
 * helper (they are placed after kernel_main): see ctz32. */
#define STEP __attribute__((noipa))

/* Leader: claim the next chunk for block b, from its own partition, else
 * stolen from the partition with the most vertices left, and publish it in
 * the block's descriptor (start == end: no work left). */
STEP static void claim(const struct gcol_args *a, unsigned tid, unsigned b, volatile uint32_t *desc,
                       unsigned *part)
{
    if (tid != 0)
        return;
    unsigned s = 0, e = 0, p = b, end = a->pend[b];
#if RACEY
    unsigned h = atomicAdd_block(&a->next[b], GCOL_CHUNK); // scor:race gcol_own
#else
    unsigned h = atomicAdd(&a->next[b], GCOL_CHUNK);
#endif
    if (h < end) {
        s = h;
        e = end - h < GCOL_CHUNK ? end : h + GCOL_CHUNK;
    } else {
        for (;;) {
            unsigned best = b, left = 0;
            for (unsigned v = 0; v < a->nparts; v++) {
                if (v == b)
                    continue;
                /* An atomic read: the owner's last claim is an atomic too. */
                unsigned hv = atomicAdd(&a->next[v], 0u); // scor:race gcol_probe
                unsigned ev = a->pend[v];
                if (hv < ev && ev - hv > left) {
                    left = ev - hv;
                    best = v;
                }
            }
            if (left == 0)
                break;
            unsigned hs = atomicAdd(&a->next[best], GCOL_CHUNK); // scor:race gcol_own
            unsigned ev = a->pend[best];
            if (hs < ev) {
                s = hs;
                e = ev - hs < GCOL_CHUNK ? ev : hs + GCOL_CHUNK;
                p = best;
                break;
            }
        }
    }
    *part = p;
    desc[0] = s; // scor:race gcol_start
    desc[1] = e; // scor:race gcol_end
}

static inline unsigned ctz32(uint32_t x)
{
    unsigned n = 0;
    if (!(x & 0xFFFFu)) {
        n += 16;
        x >>= 16;
    }
    if (!(x & 0xFFu)) {
        n += 8;
        x >>= 8;
    }
    if (!(x & 0xFu)) {
        n += 4;
        x >>= 4;
    }
    if (!(x & 3u)) {
        n += 2;
        x >>= 2;
    }
    return n + !(x & 1u);
}

/* A free colour for v (one no neighbour has in a->in): the first, second,
 * third or fourth free one, chosen by a hash of v and the round. With
 * first fit alone, every uncoloured vertex of a clique would pick the same
 * colour and only one of them would keep it per round. */
static inline unsigned pick_colour(const struct gcol_args *a, unsigned v)
{
    unsigned k0 = a->row[v], k1 = a->row[v + 1];
    unsigned skip = ((v ^ (a->round << 16)) * 2654435761u) >> 30;
    for (unsigned base = 1;; base += 32) {
        uint32_t used = 0;
        for (unsigned k = k0; k < k1; k++) {
            unsigned d = a->in[a->adj[k]] - base;
            if (d < 32)
                used |= 1u << d;
        }
        uint32_t avail = ~used;
        while (avail && skip) {
            avail &= avail - 1;
            skip--;
        }
        if (avail)
            return base + ctz32(avail);
    }
}

/* Thread tid's vertex of chunk [s, e). Returns 1 if it was coloured
 * (tentative phase) or reset (conflict phase). */
STEP static unsigned do_vertex(const struct gcol_args *a, unsigned s, unsigned e, unsigned tid)
{
    unsigned v = s + tid;
    if (v >= e)
        return 0;
    unsigned c = a->in[v], r = c, changed = 0;
    if (a->phase == GCOL_TENTATIVE) {
        if (c == 0) {
            r = pick_colour(a, v) | GCOL_NEW;
            changed = 1;
        }
    } else if (c & GCOL_NEW) {
        /* Coloured in this round: a neighbour coloured in this round too
         * may have picked the same colour; the lower id keeps it. Colours
         * of earlier rounds were avoided by both. */
        r = c & ~GCOL_NEW;
        for (unsigned k = a->row[v]; k < a->row[v + 1]; k++) {
            unsigned u = a->adj[k];
            if (u < v && a->in[u] == c) {
                r = 0;
                changed = 1;
                break;
            }
        }
    }
    /* Device atomic: the result is visible to the next launch, and a vertex
     * processed twice (a RACEY build's lost claim) is no new race. */
    atomicExch(&a->out[v], r);
    return changed;
}

/* First level of the block's sum: 32 values to 16. */
STEP static void reduce_half(volatile uint32_t *scratch, unsigned tid, unsigned n)
{
    if (tid < 16) {
        unsigned hi = scratch[tid + 16];
        scratch[tid] = n + hi;
    }
}

/* Leader: add up the 16 partial sums, account for the chunk [s, e). */
STEP static void finish(const struct gcol_args *a, volatile uint32_t *scratch, unsigned tid,
                        unsigned b, unsigned part, unsigned s, unsigned e)
{
    if (tid != 0)
        return;
    unsigned sum = 0;
    for (unsigned i = 0; i < 16; i++)
        sum += scratch[i]; // scor:race gcol_reuse
    if (sum)
        atomicAdd(a->count, sum);
#if RACEY
    if (part == b)
        atomicAdd_block(&a->done[part], e - s); // scor:race gcol_done
    else
#endif
        atomicAdd(&a->done[part], e - s); // scor:race gcol_done
    (void)b;
}

void kernel_main(void *arg)
{
    const struct gcol_args *a = arg;
    unsigned tid = __thread_linear(), b = __block_linear();
    volatile uint32_t *desc = a->desc + b * GCOL_DESC_WORDS;
    volatile uint32_t *scratch = a->scratch + b * GCOL_BLOCK;
    unsigned part = b;

    /* The host hands out the first chunk of every partition in desc. */
    for (;;) {
        unsigned s = desc[0]; // scor:race gcol_start
        unsigned e = desc[1]; // scor:race gcol_end
        if (s >= e)
            break;
        unsigned n = do_vertex(a, s, e, tid);
        scratch[tid] = n; // scor:race gcol_reuse
        __syncthreads();
        reduce_half(scratch, tid, n);
        __syncthreads();
        finish(a, scratch, tid, b, part, s, e);
        claim(a, tid, b, desc, &part);
#if !RACEY
        __syncthreads();
#endif
    }
}
