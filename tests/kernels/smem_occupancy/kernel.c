#include <scord_gpu.h>

#include "args.h"

SCORD_DYNAMIC_SHARED(uint32_t, slice);

__global__ void kernel_main(const struct smem_occupancy_args *args)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, blk = blockIdx.x, core = __core_id();
    unsigned nw = __dynamic_shared_bytes() / 4;
    if (tid == 0) {
        uint32_t now = atomicAdd(&args->resident[core], 1u) + 1;
        atomicMaxU(&args->most[core], now);
    }
    for (unsigned i = tid; i < nw; i += nt)
        slice[i] = (blk << 16) ^ i;
    for (volatile unsigned d = 0; d < args->delay; d++)
        ;
    __syncthreads();
    unsigned bad = 0;
    for (unsigned i = tid; i < nw; i += nt)
        bad += slice[i] != ((blk << 16) ^ i);
    if (bad)
        atomicAdd(&args->bad[blk], bad);
    __syncthreads();
    if (tid == 0)
        atomicSub(&args->resident[core], 1u);
}
