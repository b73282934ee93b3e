#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct reduce_args *args)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, blk = blockIdx.x;
    uint32_t *s = args->scratch + blk * nt;

    uint32_t sum = 0;
    for (unsigned i = blk * nt + tid; i < args->n; i += gridDim.x * nt)
        sum += args->in[i];
    s[tid] = sum;
    atomicAdd_block(&args->block_count[blk * args->count_stride], 1u);
    __syncthreads();

    /* Halve the active range each level; nt need not be a power of two. */
    unsigned width = 1;
    while (width < nt)
        width <<= 1;
    for (width >>= 1; width > 0; width >>= 1) {
        if (tid < width && tid + width < nt)
            s[tid] += s[tid + width];
        __syncthreads();
    }
    if (tid == 0) {
        args->partial[blk] = s[0];
        atomicAdd(args->total, s[0]);
    }
}
