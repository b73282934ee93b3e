/* gcol: graph colouring with work stealing (ScoR GCOL).
 *
 * One launch is one phase of a colouring round over a graph in CSR form
 * (row[n+1], adj[]; undirected, no self loops):
 *   GCOL_TENTATIVE  out[v] = in[v] if v is coloured, else the smallest
 *                   colour >= 1 no neighbour has in `in` (one of the
 *                   first four free ones), marked GCOL_NEW
 *   GCOL_CONFLICT   for v marked GCOL_NEW: out[v] = 0 if a neighbour u < v
 *                   has in[u] == in[v] (the lower id keeps a contested
 *                   colour), else in[v] without the mark; others copied
 * The host alternates the two (a -> b, b -> a) until no vertex is reset.
 *
 * Work: the n vertices are split into one partition per block
 * [pstart[p], pend[p]); the host gives block p the first chunk of GCOL_CHUNK
 * vertices of partition p in its descriptor, and next[p] (the partition's
 * head, set to the end of that chunk) hands out the others with atomicAdd. A block that exhausted its partition steals chunks from the
 * partition with the most work left. done[p] counts the vertices of
 * partition p processed (host check: every vertex exactly once), *count
 * the vertices coloured tentatively / reset in the launch. desc and
 * scratch are per-block work areas in device memory (the GPU has no shared
 * memory): the leader's chunk descriptor and the block's reduction. */
#ifndef GCOL_ARGS_H
#define GCOL_ARGS_H
#include "scord_kargs.h"

#define GCOL_BLOCK 32u /* threads per block: the reduction is written for 32 */
#define GCOL_CHUNK GCOL_BLOCK
#define GCOL_NEW 0x80000000u /* colour picked in this round */
#define GCOL_DESC_WORDS 8u /* per block: [0] start, [1] end */

enum { GCOL_TENTATIVE = 0, GCOL_CONFLICT = 1 };

struct gcol_args {
    SCORD_PTR(const uint32_t) row;
    SCORD_PTR(const uint32_t) adj;
    SCORD_PTR(const uint32_t) in;
    SCORD_PTR(uint32_t) out;
    SCORD_PTR(const uint32_t) pend; /* [nparts] */
    SCORD_PTR(uint32_t) next;       /* [nparts] */
    SCORD_PTR(uint32_t) done;       /* [nparts] */
    SCORD_PTR(uint32_t) desc;       /* [grid * GCOL_DESC_WORDS] */
    SCORD_PTR(uint32_t) scratch;    /* [grid * GCOL_BLOCK] */
    SCORD_PTR(uint32_t) count;      /* [1] */
    uint32_t n;
    uint32_t nparts; /* = grid size */
    uint32_t phase;
    uint32_t round; /* seeds the choice among free colours */
};
SCORD_KARGS_SIZE(struct gcol_args, 56);
#endif
