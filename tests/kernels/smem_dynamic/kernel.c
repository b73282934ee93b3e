#include <scord_gpu.h>

#include "args.h"

__shared__ uint32_t marks[5];
SCORD_DYNAMIC_SHARED(uint32_t, dyn);

__global__ void kernel_main(const struct smem_dynamic_args *args)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, blk = blockIdx.x;
    unsigned nw = __dynamic_shared_bytes() / 4;
    if (tid < 5)
        marks[tid] = 0xAB00u + blk + tid;
    for (unsigned i = tid; i < nw; i += nt)
        dyn[i] = sd_value(blk, i);
    __syncthreads();
    unsigned bad = 0;
    for (unsigned i = tid; i < nw; i += nt)
        bad += dyn[nw - 1 - i] != sd_value(blk, nw - 1 - i);
    if (bad)
        atomicAdd(&args->bad[blk], bad);
    if (tid == 0) {
        uint32_t *info = args->info + blk * SD_INFO;
        unsigned ok = 1;
        for (unsigned j = 0; j < 5; j++)
            ok &= marks[j] == 0xAB00u + blk + j;
        info[SD_SHARED] = __shared_bytes();
        info[SD_DYNAMIC] = __dynamic_shared_bytes();
        info[SD_DYN_ADDR] = (uint32_t)(uintptr_t)dyn;
        info[SD_STATIC_OK] = ok;
    }
}
