/* 1DC device side: see args.h. */
#include <scord_gpu.h>

#include "args.h"

#ifndef RACEY
#define RACEY 0
#endif

__global__ void kernel_main(const struct conv1d_args *a)
{
    unsigned lo = blockIdx.x * blockDim.x, i = lo + threadIdx.x, n = a->n;
    if (i >= n)
        return;
    int32_t xi = a->x[i];
    for (unsigned j = 0; j < CONV_TAPS; j++) {
        unsigned o = i + j;
        int32_t v = xi * a->f[j];
#if RACEY
        atomicAdd_block(&a->y[o], v); // scor:race shared_out
#else
        /* Shared with the previous block (lo > 0) or the next one (hi < n). */
        unsigned hi = lo + blockDim.x;
        if ((lo > 0 && o < lo + CONV_TAPS - 1) || (hi < n && o >= hi))
            atomicAdd(&a->y[o], v);
        else
            atomicAdd_block(&a->y[o], v);
#endif
    }
}
