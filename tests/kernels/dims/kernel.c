/* Checks the runtime's index arithmetic (threadIdx & co.) on a 3-D launch. */
#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct dims_args *args)
{
    unsigned nthreads = __block_threads();
    uint32_t *o = args->out + (__block_linear() * nthreads + __thread_linear()) * DIMS_WORDS;
    struct dim3 t = threadIdx, b = blockIdx, bd = blockDim, gd = gridDim;
    o[DIMS_TX] = t.x;
    o[DIMS_TY] = t.y;
    o[DIMS_TZ] = t.z;
    o[DIMS_BX] = b.x;
    o[DIMS_BY] = b.y;
    o[DIMS_BZ] = b.z;
    o[DIMS_BDX] = bd.x;
    o[DIMS_BDY] = bd.y;
    o[DIMS_BDZ] = bd.z;
    o[DIMS_GDX] = gd.x;
    o[DIMS_GDY] = gd.y;
    o[DIMS_GDZ] = gd.z;
    o[DIMS_TID] = __thread_linear();
    o[DIMS_LANE] = __lane_id();
    o[DIMS_WARP] = __warp_id();
    o[DIMS_BLOCK] = __block_linear();
    o[DIMS_WARPSIZE] = __warp_size();
    o[DIMS_LINEAR_BLOCK_THREADS] = nthreads;
}
