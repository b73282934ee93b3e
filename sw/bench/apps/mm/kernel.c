/* MM device side: see args.h.
 *
 * The GPU reconverges a warp by running its lowest-PC lanes first, and GCC
 * may move a conditional block out of line: lane 0 spinning there for a
 * lock would let lanes 1.. enter the critical section without it. So the
 * lane-0 lock operations are asm blocks whose branch and join are fixed. */
#include <scord_gpu.h>

#include "args.h"

#ifndef RACEY
#define RACEY 0
#endif

#define OPC_AMO_DEV 0x2F

/* In the lanes with `on` set: spin until CAS(*lock, 0 -> 1) succeeds
 * (opcode `opc`: device or block scope). */
#define LOCK_SPIN(on, lock, opc)                                                         \
    do {                                                                                 \
        uint32_t old_;                                                                   \
        __asm__ volatile("beqz %1, 2f\n"                                                 \
                         "1:\tli %0, 0\n\t"                                              \
                         ".insn r %3, 2, %4, %0, %2, %5\n\t"                             \
                         "bnez %0, 1b\n"                                                 \
                         "2:"                                                            \
                         : "=&r"(old_)                                                   \
                         : "r"(on), "r"(lock), "i"(opc), "i"(SCORD_AMO_CAS << 2), "r"(1u) \
                         : "memory");                                                    \
    } while (0)

/* In the lanes with `on` set: *lock = 0 by an atomic exchange (`opc`). */
#define LOCK_RELEASE(on, lock, opc)                                                      \
    do {                                                                                 \
        uint32_t old_;                                                                   \
        __asm__ volatile("beqz %1, 1f\n\t"                                               \
                         ".insn r %3, 2, %4, %0, %2, x0\n"                               \
                         "1:"                                                            \
                         : "=&r"(old_)                                                   \
                         : "r"(on), "r"(lock), "i"(opc), "i"(SCORD_AMO_SWAP << 2)         \
                         : "memory");                                                    \
    } while (0)

/* RACEY: in the lanes with `on` set, CAS(*lock, 0 -> 1) at block scope, with a
 * device fence between tries (it drops the stale L1 line), MM_RACEY_SPINS
 * tries at most. */
#define LOCK_SPIN_BLK_BOUNDED(on, lock)                                                  \
    do {                                                                                 \
        uint32_t old_, n_ = MM_RACEY_SPINS;                                              \
        __asm__ volatile("beqz %2, 2f\n"                                                 \
                         "1:\tli %0, 0\n\t"                                              \
                         ".insn r %4, 2, %5, %0, %3, %6\n\t"                             \
                         "beqz %0, 2f\n\t"                                               \
                         "fence rw, rw\n\t"                                              \
                         "addi %1, %1, -1\n\t"                                           \
                         "bnez %1, 1b\n"                                                 \
                         "2:"                                                            \
                         : "=&r"(old_), "+&r"(n_)                                        \
                         : "r"(on), "r"(lock), "i"(SCORD_OPC_AMO_BLK), "i"(SCORD_AMO_CAS << 2), \
                           "r"(1u)                                                       \
                         : "memory");                                                    \
    } while (0)

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
    LOCK_SPIN(lane == 0, blk_lock, SCORD_OPC_AMO_BLK);
#if !RACEY
    __threadfence_block();
#endif
    for (unsigned j = 0; j < per_lane; j++) {
        unsigned e = lane + j * ws;
        acc[j] = part[e] += acc[j]; // scor:race part
    }
    /* One lane counts the warp in and tells the others: were every lane to
     * read and write the count, a lane running ahead of another (lanes of
     * a warp are threads) could count the warp twice, a race inside the
     * warp (docs/detector.md, intra-warp). */
    uint32_t counted = 0;
    if (lane == 0) {
        counted = a->count[blk * a->stride] + 1; // scor:race count
        a->count[blk * a->stride] = counted;     // scor:race count
    }
    counted = __shfl_sync(SCORD_FULL_MASK, counted, 0);
#if !RACEY
    __threadfence_block();
#endif
    LOCK_RELEASE(lane == 0, blk_lock, SCORD_OPC_AMO_BLK);
    if (counted != nwarps)
        return;

    /* The last warp holds the block's sum: add it into C under the tile's lock. */
    unsigned nblocks = gridDim.x * gridDim.y;
    uint32_t *tile_lock = &a->locks[(nblocks + tile) * a->stride];
#if RACEY
    LOCK_SPIN_BLK_BOUNDED(lane == 0, tile_lock); // scor:race lock
#else
    LOCK_SPIN(lane == 0, tile_lock, OPC_AMO_DEV);
#endif
    __threadfence();
    for (unsigned j = 0; j < per_lane; j++) {
        unsigned e = lane + j * ws, r = row0 + e / MM_TILE, c = col0 + e % MM_TILE;
        a->c[r * a->n + c] += acc[j]; // scor:race c
    }
    __threadfence();
    LOCK_RELEASE(lane == 0, tile_lock, OPC_AMO_DEV); // scor:race lock
}
