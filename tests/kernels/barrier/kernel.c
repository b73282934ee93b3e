#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct barrier_args *args)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, blk = blockIdx.x;
    uint32_t *buf = args->buf + blk * nt;
    unsigned other = (tid + __warp_size()) % nt;
    unsigned spin = (__warp_id() ^ 1) * args->delay; /* later warps sometimes first */

    for (unsigned r = 0; r < BAR_ROUNDS; r++) {
        unsigned start = __clock();
        while (__clock() - start < spin * (r + 1))
            ;
        buf[tid] = bar_value(r, tid);
        __syncthreads();
        args->seen[(blk * nt + tid) * BAR_ROUNDS + r] = buf[other];
        __syncthreads();
    }
}
