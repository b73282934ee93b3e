/* uts: unbalanced tree search (ScoR UTS).
 *
 * A forest of deterministic trees: node (key, depth) has
 * uts_children(key, depth) children (0..6, 3 on average, none at depth
 * UTS_DEPTH-1), child i having key uts_child_key(key, i). The kernel visits
 * every node once and counts them; the host compares with its own walk.
 *
 * Workers: lane 0 of every warp. Each block has two stacks of nodes in
 * device memory: a local one (only its own warps use it; block-scope lock)
 * and a global one (anyone may steal from it; device-scope lock). A worker
 * pops from its local stack, else from the global stacks (its own first),
 * expands the node and pushes the children to its local stack while it
 * holds fewer than `lmax` nodes, the rest to its block's global stack.
 * *pending counts the nodes created and not yet expanded; the search ends
 * when it reaches 0. The host puts the roots on block 0's global stack.
 *
 * Stack layout (words): [UTS_LOCK] lock, [UTS_AVAIL] nodes on it (global
 * stacks: kept with atomics, read without the lock as a hint), [UTS_TOP]
 * count, then `cap` nodes of two words (key, depth). Stack 2b is block b's
 * local stack, 2b+1 its global one. */
#ifndef UTS_ARGS_H
#define UTS_ARGS_H
#include "scord_kargs.h"

#define UTS_LOCK 0u
#define UTS_AVAIL 8u
#define UTS_TOP 16u
#define UTS_NODES 24u
#define UTS_STACK_WORDS(cap) (UTS_NODES + 2u * (cap))
#define UTS_MAX_CHILDREN 6u

struct uts_args {
    SCORD_PTR(uint32_t) stacks;  /* [2 * grid] stacks */
    SCORD_PTR(uint32_t) pending; /* [1] */
    SCORD_PTR(uint32_t) count;   /* [grid * wpb] nodes each worker expanded */
    SCORD_PTR(uint32_t) err;     /* [1] bit 0: a push found both stacks full */
    uint32_t cap;                /* nodes per stack */
    uint32_t lmax;               /* local stack fill before pushing to the global one */
    uint32_t depth;              /* tree depth (levels) */
    uint32_t wpb;                /* warps per block */
};
SCORD_KARGS_SIZE(struct uts_args, 32);

static inline uint32_t uts_mix(uint32_t x)
{
    x ^= x >> 16;
    x *= 0x7FEB352Du;
    x ^= x >> 15;
    x *= 0x846CA68Bu;
    x ^= x >> 16;
    return x;
}
static inline uint32_t uts_children(uint32_t key, uint32_t depth, uint32_t levels)
{
    if (depth + 1 >= levels)
        return 0;
    return (uint32_t)(((uint64_t)uts_mix(key ^ 0x9E3779B9u) * 7u) >> 32);
}
static inline uint32_t uts_child_key(uint32_t key, uint32_t i)
{
    return uts_mix(key * 8u + i + 1u);
}
#endif
