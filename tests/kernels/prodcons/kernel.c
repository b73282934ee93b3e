/* Also compiled by tests/kernels/stale with CONSUMER_FENCE 0. */
#include <scord_gpu.h>

#include "args.h"

#ifndef CONSUMER_FENCE
#define CONSUMER_FENCE 1
#endif

__global__ void kernel_main(const struct prodcons_args *args)
{
    /* Everything the consumer needs, in registers: after the poll loop no
     * weak load may refill (and so refresh) the consumer's L1. */
    const struct prodcons_args a = *args;
    volatile uint32_t *data = a.data;
    unsigned tid = threadIdx.x, nt = blockDim.x;

    if (tid == 0)
        st_strong_u32(&a.cores[blockIdx.x], __core_id());
    if (blockIdx.x == 0) {
        while (ld_strong_u32(&a.flags[HS_READY]) != nt)
            ;
        for (unsigned i = tid; i < a.n; i += nt)
            st_strong_u32(&data[i], HS_NEW(i));
        __threadfence();
        __syncthreads();
        if (tid == 0)
            st_strong_u32(&a.flags[HS_DONE], 1);
    } else if (blockIdx.x == 1) {
        for (unsigned i = tid; i < a.n; i += nt)
            a.pre[i] = data[i];
        atomicAdd(&a.flags[HS_READY], 1u);
        while (ld_strong_u32(&a.flags[HS_DONE]) == 0)
            ;
#if CONSUMER_FENCE
        __threadfence();
#endif
        for (unsigned i = tid; i < a.n; i += nt)
            a.post[i] = data[i];
    }
}
