/* MM device side: see args.h. */
#include <scord_gpu.h>

#include "args.h"

#ifndef RACEY
#define RACEY 0
#endif

/* Tile elements per lane, for warps of at least 4 lanes. */
#define MM_MAX_PER_LANE (MM_TILE * MM_TILE / 4)

__global__ void kernel_main(const struct mm_args *a)
{
    unsigned lane = __lane_id(), ws = __warp_size(), warp = __warp_id();
    unsigned nwarps = __block_threads() / ws, per_lane = MM_TILE * MM_TILE / ws;
    unsigned tile = blockIdx.x, chunk = blockIdx.y, blk = __block_linear();
    unsigned tiles_n = a->n / MM_TILE;
    unsigned row0 = tile / tiles_n * MM_TILE, col0 = tile % tiles_n * MM_TILE;
    unsigned kw = a->kchunk / nwarps, k0 = chunk * a->kchunk + warp * kw;

    int32_t acc[MM_MAX_PER_LANE];
    for (unsigned j = 0; j < per_lane; j++)
        acc[j] = 0;
    for (unsigned kk = k0; kk < k0 + kw; kk++)
        for (unsigned j = 0; j < per_lane; j++) {
            unsigned e = lane + j * ws, r = row0 + e / MM_TILE, c = col0 + e % MM_TILE;
            acc[j] += a->a[r * a->k + kk] * a->b[kk * a->n + c];
        }

    /* Add this warp's share into the block's tile under the block lock. */
    uint32_t *blk_lock = &a->locks[blk * a->stride];
    int32_t *part = a->part + blk * MM_TILE * MM_TILE;
    if (lane == 0)
        while (atomicCAS_block(blk_lock, 0u, 1u) != 0)
            ;
#if !RACEY
    __threadfence_block();
#endif
    for (unsigned j = 0; j < per_lane; j++) {
        unsigned e = lane + j * ws;
        acc[j] = part[e] += acc[j]; // scor:race part
    }
    uint32_t counted = a->count[blk * a->stride] + 1; // scor:race count
    a->count[blk * a->stride] = counted;               // scor:race count
#if !RACEY
    __threadfence_block();
#endif
    if (lane == 0)
        atomicExch_block(blk_lock, 0u);
    if (counted != nwarps)
        return;

    /* The last warp holds the block's sum: add it into C under the tile's lock. */
    unsigned nblocks = gridDim.x * gridDim.y;
    uint32_t *tile_lock = &a->locks[(nblocks + tile) * a->stride];
    if (lane == 0) {
#if RACEY
        for (unsigned spin = 0; atomicCAS_block(tile_lock, 0u, 1u) != 0 && spin < MM_RACEY_SPINS; // scor:race lock
             spin++)
            __threadfence(); /* drop the stale L1 line before trying again */
#else
        while (atomicCAS(tile_lock, 0u, 1u) != 0)
            ;
#endif
    }
    __threadfence();
    for (unsigned j = 0; j < per_lane; j++) {
        unsigned e = lane + j * ws, r = row0 + e / MM_TILE, c = col0 + e % MM_TILE;
        a->c[r * a->n + c] += acc[j]; // scor:race c
    }
    __threadfence();
    if (lane == 0)
        atomicExch(tile_lock, 0u); // scor:race lock
}
