/* gcon: graph connectivity with work stealing (ScoR GCON).
 *
 * Label propagation with pointer jumping over a graph in CSR form (row[n+1],
 * adj[]; undirected). One launch is one round:
 *   out[v] = min(in[v], in[in[v]], in[u] for every neighbour u)
 * Labels start as the vertex ids; the host repeats rounds (in and out
 * swapped) until no label changes: every vertex then holds the smallest id
 * of its component.
 *
 * Work as in gcol: one partition of consecutive vertices per block, the
 * host gives block p the first chunk of GCON_CHUNK vertices of partition p
 * in its descriptor and next[p] hands out the others with atomicAdd; a
 * block that exhausted its partition steals chunks from the others, trying
 * them in turn from p+1 on. done[p] counts the vertices of partition p
 * processed, *count the labels changed in the launch. */
#ifndef GCON_ARGS_H
#define GCON_ARGS_H
#include "scord_kargs.h"

#define GCON_BLOCK 32u /* threads per block: the reduction is written for 32 */
#define GCON_CHUNK GCON_BLOCK
#define GCON_DESC_WORDS 8u /* per block: [0] start, [1] end */

struct gcon_args {
    SCORD_PTR(const uint32_t) row;
    SCORD_PTR(const uint32_t) adj;
    SCORD_PTR(const uint32_t) in;
    SCORD_PTR(uint32_t) out;
    SCORD_PTR(const uint32_t) pend; /* [nparts] */
    SCORD_PTR(uint32_t) next;       /* [nparts] */
    SCORD_PTR(uint32_t) done;       /* [nparts] */
    SCORD_PTR(uint32_t) desc;       /* [grid * GCON_DESC_WORDS] */
    SCORD_PTR(uint32_t) scratch;    /* [grid * GCON_BLOCK] */
    SCORD_PTR(uint32_t) count;      /* [1] */
    uint32_t n;
    uint32_t nparts; /* = grid size */
};
SCORD_KARGS_SIZE(struct gcon_args, 48);
#endif
