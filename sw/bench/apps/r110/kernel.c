/* R110 device side: see args.h. */
#include <scord_gpu.h>

#include "args.h"

#ifndef RACEY
#define RACEY 0
#endif

__global__ void kernel_main(const struct r110_args *a)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, b = blockIdx.x, nb = gridDim.x;
    unsigned n = a->n, seg = n / nb, lo = b * seg, hi = lo + seg;
    uint32_t *prev_done = b > 0 ? &a->progress[(b - 1) * a->stride] : 0;
    uint32_t *next_done = b + 1 < nb ? &a->progress[(b + 1) * a->stride] : 0;
    /* Owners of the segment's first and last cell: they talk to the neighbours. */
    int left = tid == 0 && prev_done, right = tid == nt - 1 && next_done;

    for (unsigned g = 0; g < a->iters; g++) {
        const uint32_t *cur = a->cells + (g & 1) * n;
        uint32_t *nxt = a->cells + ((g + 1) & 1) * n;
        if (g > 0) {
            if (left)
                while (atomicAdd(prev_done, 0u) < g) // scor:race progress
                    ;
            if (right)
                while (atomicAdd(next_done, 0u) < g) // scor:race progress
                    ;
        }
        for (unsigned i = lo + tid; i < hi; i += nt) {
            uint32_t l, c = cur[i], r;
            if (i == lo)
                l = left ? ld_strong_u32(&cur[i - 1]) : 0; // scor:race border
            else
                l = cur[i - 1];
            if (i == hi - 1)
                r = right ? ld_strong_u32(&cur[i + 1]) : 0; // scor:race border
            else
                r = cur[i + 1];
            st_strong_u32(&nxt[i], (110u >> (l << 2 | c << 1 | r)) & 1); // scor:race border
        }
#if RACEY
        __threadfence_block();
#else
        if (left || right)
            __threadfence();
        else
            __threadfence_block();
#endif
        __syncthreads();
        if (tid == 0) {
#if RACEY
            atomicAdd_block(&a->progress[b * a->stride], 1u); // scor:race progress
#else
            atomicAdd(&a->progress[b * a->stride], 1u);
#endif
        }
    }
}
