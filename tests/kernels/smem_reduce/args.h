#ifndef T_SMEM_REDUCE_ARGS_H
#define T_SMEM_REDUCE_ARGS_H
#include "scord_kargs.h"

/* Sum of in[0..n): each block sums a grid-stride share per thread, reduces
 * the block's sums as a tree in shared memory down to one warp's worth,
 * finishes inside warp 0 with __shfl_down_sync, writes partial[block] and
 * adds it to *total with a device-scope atomic. */
struct smem_reduce_args {
    SCORD_PTR(const uint32_t) in;
    SCORD_PTR(uint32_t) partial; /* gridDim.x words */
    SCORD_PTR(uint32_t) total;
    uint32_t n;
};
SCORD_KARGS_SIZE(struct smem_reduce_args, 16);
#endif
