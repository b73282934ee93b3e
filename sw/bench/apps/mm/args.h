/* MM: matrix multiply C = A x B with scoped locks (ScoR Table II, ScoRD
 * Fig. 5's lock/unlock pattern).
 *
 * C is cut into MM_TILE x MM_TILE tiles and the k dimension into chunks of
 * `kchunk`; block (x, y) computes tile x's product over chunk y (split-k),
 * so several blocks add into every tile of C. Inside a block each warp
 * takes an equal slice of the chunk and keeps its partial tile in
 * registers (lane l holds elements l, l + warpSize, ...). The warps then
 * add their partial tiles into the block's tile `part` under a block-scope
 * lock (atomicCAS_block + __threadfence_block ... __threadfence_block +
 * atomicExch_block) and count themselves in `count`; the warp that counts
 * last holds the block's whole sum and adds it into C under the tile's
 * device-scope lock (atomicCAS + __threadfence ... __threadfence +
 * atomicExch). Locks are taken by lane 0 for its warp.
 *
 * RACEY: the block lock without its two block fences (races `part` and
 * `count`: the next warp's accesses to the block's tile and counter are not
 * ordered after the previous warp's), and the tile's lock taken with a
 * block-scope CAS (races `lock`: block-scope atomics on a lock word other
 * blocks use; and `c`: the accesses to C under that lock, which orders
 * nothing across blocks). A block-scope CAS is not atomic across cores,
 * and a failing one writes the old value back and can undo another core's
 * release, so in the RACEY build the spin gives up after MM_RACEY_SPINS
 * tries (its output is not checked). */
#ifndef SCOR_APP_MM_ARGS_H
#define SCOR_APP_MM_ARGS_H
#include "scord_kargs.h"

#define MM_TILE 8u
#define MM_RACEY_SPINS 256u

struct mm_args {
    SCORD_PTR(const int32_t) a; /* m x k, row major */
    SCORD_PTR(const int32_t) b; /* k x n, row major */
    SCORD_PTR(int32_t) c;       /* m x n, row major, zeroed */
    SCORD_PTR(int32_t) part;    /* per block: MM_TILE * MM_TILE, zeroed */
    SCORD_PTR(uint32_t) locks;  /* per block, then per tile: `stride` words each, zeroed */
    SCORD_PTR(uint32_t) count;  /* per block, `stride` words each, zeroed */
    uint32_t m, n, k;           /* m, n multiples of MM_TILE */
    uint32_t kchunk;            /* k = kchunk * gridDim.y; a multiple of the warps per block */
    uint32_t stride;            /* words between two locks or counters: a cache line */
};
SCORD_KARGS_SIZE(struct mm_args, 44);
#endif
