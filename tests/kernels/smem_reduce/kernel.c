#include <scord_gpu.h>

#include "args.h"

__shared__ uint32_t sums[256];

__global__ void kernel_main(const struct smem_reduce_args *args)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, ws = warpSize;
    uint32_t s = 0;
    for (unsigned i = blockIdx.x * nt + tid; i < args->n; i += gridDim.x * nt)
        s += args->in[i];
    sums[tid] = s;
    __syncthreads();
    /* Tree over the block's threads while more than a warp remains: width
     * the smallest power of two >= nt, halved each level. */
    unsigned width = 1;
    while (width < nt)
        width <<= 1;
    for (width >>= 1; width >= (unsigned)ws; width >>= 1) {
        if (tid < width && tid + width < nt)
            sums[tid] += sums[tid + width];
        __syncthreads();
    }
    /* The last steps inside warp 0, in registers. */
    if (tid < (unsigned)ws) {
        uint32_t v = tid < nt ? sums[tid] : 0;
        for (int off = ws / 2; off > 0; off /= 2)
            v += __shfl_down_sync(SCORD_FULL_MASK, v, off);
        if (tid == 0) {
            args->partial[blockIdx.x] = v;
            atomicAdd(args->total, v);
        }
    }
}
