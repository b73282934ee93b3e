/* R110: the rule-110 cellular automaton, with the fence scope chosen by
 * whether a cell lies on a block's border (ScoR Table II).
 *
 * n cells, one 32-bit word each, cells outside [0, n) are 0. The grid runs
 * `iters` generations in one launch, double buffered (generation g is read
 * from buffer g % 2 and written to the other). Block b owns the segment
 * [b*S, b*S + S), S = n / gridDim.x, thread t the cells b*S + t + k*blockDim.x.
 * Per generation a thread computes its cells and stores them (strong), then
 * fences: __threadfence() if it owns one of the segment's two border cells
 * (the neighbouring blocks read them), __threadfence_block() otherwise (only
 * its block reads them, after the barrier that ends the generation). Thread
 * 0 then counts the generation in progress[b] (device atomicAdd). Before
 * generation g > 0 the owners of the border cells wait until the
 * neighbouring block has finished generation g - 1 (progress polled with a
 * device atomic): then its border cells of g - 1 are written, and it has
 * read this block's cells that generation g overwrites. Cells of another
 * block are read with strong loads. Every block must be resident at once
 * (the host launches one block per core).
 *
 * RACEY: a block fence on the border cells too (race `border`: a
 * neighbour's load of a border cell stored without a device fence, or the
 * store that overwrites one the neighbour read), and the progress counter
 * incremented with a block-scope atomicAdd (race `progress`: the block-scope
 * atomic against the neighbours' device-scope polls). The polls stay device
 * scope: a block-scope poll would spin on a stale line of its own L1. */
#ifndef SCOR_APP_R110_ARGS_H
#define SCOR_APP_R110_ARGS_H
#include "scord_kargs.h"

struct r110_args {
    SCORD_PTR(uint32_t) cells;    /* 2 * (n + 2) words: two generations, 0 at both ends */
    SCORD_PTR(uint32_t) progress; /* gridDim.x counters, `stride` words apart, zeroed */
    uint32_t n;                   /* a multiple of gridDim.x * blockDim.x */
    uint32_t iters;
    uint32_t stride; /* words between two counters: one cache line */
};
SCORD_KARGS_SIZE(struct r110_args, 20);
#endif
