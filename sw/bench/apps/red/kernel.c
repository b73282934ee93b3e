/* RED device side: see args.h. */
#include <scord_gpu.h>

#include "args.h"

#ifndef RACEY
#define RACEY 0
#endif

__global__ void kernel_main(const struct red_args *a)
{
    unsigned tid = threadIdx.x, nt = blockDim.x, b = blockIdx.x, nb = gridDim.x;
    uint32_t *s = a->scratch + b * nt, *ready = a->ready + b * nt;

    uint32_t sum = 0;
    for (unsigned i = b * nt + tid; i < a->n; i += nb * nt)
        sum += a->in[i];

    /* Every lane runs every level, so the lanes of one warp that publish at
     * a level do so before the lanes that consume at it (publishing comes
     * first in program order). */
    unsigned top = 1;
    while (2 * top < nt)
        top <<= 1;
    for (unsigned w = top; w > 0; w >>= 1) {
        if (tid >= w && tid < 2 * w) {
            st_strong_u32(&s[tid], sum); // scor:race flag
#if !RACEY
            __threadfence_block();
#endif
            atomicOr_block(&ready[tid], 1u);
        }
        if (tid < w && tid + w < nt) {
            while (atomicOr_block(&ready[tid + w], 0u) == 0)
                ;
            sum += ld_strong_u32(&s[tid + w]); // scor:race flag
        }
    }

    if (tid == 0) {
        st_strong_u32(&a->partial[b], sum); // scor:race ticket
#if RACEY
        __threadfence_block();
#else
        __threadfence();
#endif
        if (atomicAdd(a->ticket, 1u) == nb - 1) {
            uint32_t total = 0;
            for (unsigned k = 0; k < nb; k++)
                total += ld_strong_u32(&a->partial[k]); // scor:race ticket
            st_strong_u32(a->total, total);
        }
    }
}
