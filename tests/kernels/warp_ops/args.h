#ifndef T_WARP_OPS_ARGS_H
#define T_WARP_OPS_ARGS_H
#include "scord_kargs.h"

/* Every warp-level operation, each thread writing WO_RESULTS words: the
 * host recomputes them from the CUDA semantics (tests/kernels/warp_ops/
 * test.c). The block's thread count need not fill its last warp. */
enum {
    WO_ACTIVE,        /* __activemask(), converged */
    WO_BALLOT,        /* __ballot_sync(full, tid % 3 == 0) */
    WO_ANY,           /* __any_sync(full, lane == 2) */
    WO_ALL_TRUE,      /* __all_sync(full, tid < blockDim.x) */
    WO_ALL_FALSE,     /* __all_sync(full, lane != 1) */
    WO_SHFL,          /* __shfl_sync(full, v, (lane + 3) % warpSize) */
    WO_SHFL_UP,       /* __shfl_up_sync(full, v, 1) */
    WO_SHFL_DOWN,     /* __shfl_down_sync(full, v, 2) */
    WO_SHFL_XOR,      /* __shfl_xor_sync(full, v, 1) */
    WO_SHFL_DOWN_W4,  /* __shfl_down_sync(full, v, 1, 4): segments of 4 lanes */
    WO_SHFL_W2,       /* __shfl_sync(full, v, 1, 2) */
    WO_SPLIT_XOR,     /* odd and even lanes apart: __shfl_xor_sync(own parity, v, 2) */
    WO_PARTIAL,       /* lanes 0-3 only: __ballot_sync(0xf, lane & 1); others WO_NONE */
    WO_SHFL_64,       /* 64-bit: __shfl_down_sync(full, (uint64)v << 32 | ~v, 1), high * 7 + low */
    WO_WAIT_SYNC,     /* lane 0 arrives last at __syncwarp, then every lane reads its store */
    WO_WAIT_SHFL,     /* lane 0 arrives last at a shuffle from lane 0 */
    WO_ACTIVE_SPLIT,  /* __activemask() with lane 0 on a path of its own */
    WO_AFTER_EXIT,    /* lane 1 has exited: __syncwarp(full) of the others, then 1 */
    WO_RESULTS
};
#define WO_NONE 0x7777u

static inline uint32_t wo_value(uint32_t tid) { return tid * 10u + 1u; }
static inline uint32_t wo_magic(uint32_t block, uint32_t warp)
{
    return 0xC0000000u | (block << 8) | warp;
}

struct warp_ops_args {
    SCORD_PTR(uint32_t) out; /* gridDim.x * blockDim.x * WO_RESULTS words */
    uint32_t delay;          /* busy-wait iterations of the late lane 0 */
};
SCORD_KARGS_SIZE(struct warp_ops_args, 8);
#endif
