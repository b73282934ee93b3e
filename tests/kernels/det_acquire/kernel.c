/* Also compiled by tests/kernels/det_stale_read with CONSUMER_FENCE 0. */
#include <scord_gpu.h>

#include "args.h"

#ifndef CONSUMER_FENCE
#define CONSUMER_FENCE 1
#endif

__global__ void kernel_main(const struct det_acquire_args *args)
{
    /* Everything the consumer needs, in registers: after the poll loop no
     * weak load may refill (and so refresh) the consumer's L1. */
    const struct det_acquire_args a = *args;
    uint32_t *data = a.data;
    unsigned tid = threadIdx.x, nt = blockDim.x;

    if (tid == 0)
        st_strong_u32(&a.cores[blockIdx.x], __core_id());
    if (blockIdx.x == 0) {
        while (atomicAdd(&a.flags[AQ_READY], 0u) != nt)
            ;
        data[2 * tid] = AQ_NEW(tid);
        __threadfence();
        if (tid == 0)
            atomicExch(&a.flags[AQ_DONE], 1u);
    } else if (blockIdx.x == 1) {
        a.pre[tid] = data[2 * tid + 1];
        atomicAdd(&a.flags[AQ_READY], 1u);
        while (atomicAdd(&a.flags[AQ_DONE], 0u) == 0u)
            ;
#if CONSUMER_FENCE
        __threadfence();
#endif
        a.post[tid] = data[2 * tid];
    }
}
