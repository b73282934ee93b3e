#include <scord_gpu.h>

#include "args.h"

__shared__ uint32_t words[SB_WORDS];

__global__ void kernel_main(const struct smem_bank_args *args)
{
    unsigned lane = __lane_id(), reps = args->reps;
    volatile uint32_t *p = &words[(lane * args->stride + __warp_id()) % SB_WORDS];
    uint32_t acc = 0;
    /* eight loads an iteration: the loop's own instructions stay few */
    for (unsigned i = 0; i < reps; i += 8)
        acc += p[0] + p[0] + p[0] + p[0] + p[0] + p[0] + p[0] + p[0];
    args->out[blockIdx.x * blockDim.x + threadIdx.x] = acc;
}
