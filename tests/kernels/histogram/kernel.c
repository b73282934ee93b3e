#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct histogram_args *args)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, blk = blockIdx.x;
    uint32_t *mine = args->block_bins + blk * HIST_BINS;
    for (unsigned i = blk * nt + tid; i < args->n; i += gridDim.x * nt) {
        unsigned bin = args->in[i] % HIST_BINS;
        atomicAdd(&args->direct[bin], 1u);
        atomicAdd_block(&mine[bin], 1u);
    }
    __syncthreads();
    for (unsigned b = tid; b < HIST_BINS; b += nt)
        atomicAdd(&args->merged[b], mine[b]);
}
