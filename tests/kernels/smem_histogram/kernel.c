#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct smem_histogram_args *args)
{
    __shared__ uint32_t bins[SH_BINS];
    unsigned tid = threadIdx.x, nt = blockDim.x;
    for (unsigned b = tid; b < SH_BINS; b += nt)
        bins[b] = 0;
    __syncthreads();
    for (unsigned i = blockIdx.x * nt + tid; i < args->n; i += gridDim.x * nt) {
        uint32_t *bin = &bins[args->in[i] % SH_BINS];
        if (i & 1)
            atomicAdd(bin, 1u);
        else
            atomicAdd_block(bin, 1u);
    }
    __syncthreads();
    for (unsigned b = tid; b < SH_BINS; b += nt)
        if (bins[b])
            atomicAdd(&args->hist[b], bins[b]);
}
