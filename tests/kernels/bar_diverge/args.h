#ifndef T_BAR_DIVERGE_ARGS_H
#define T_BAR_DIVERGE_ARGS_H
#include "scord_kargs.h"

/* A __syncthreads() reached by part of a warp first: lane 0 of each warp
 * runs a branch body that the kernel places *after* the barrier in the
 * code, so with min-PC issue the other lanes reach the barrier before it.
 * Lane 0 delays, then writes bd_value(warp) to flag[warp]; after the
 * barrier every thread reads the flag of the next warp of its block. A
 * barrier that lets a warp through with lane 0 still outside reads the
 * 0xEEEEEEEE the host put there. */
static inline uint32_t bd_value(uint32_t block, uint32_t warp)
{
    return 0xB0000000u | (block << 8) | warp;
}

struct bar_diverge_args {
    SCORD_PTR(uint32_t) flag; /* gridDim.x * warps per block words */
    SCORD_PTR(uint32_t) seen; /* one word per thread of the grid */
    uint32_t delay;           /* busy-wait iterations of lane 0 */
};
SCORD_KARGS_SIZE(struct bar_diverge_args, 12);
#endif
