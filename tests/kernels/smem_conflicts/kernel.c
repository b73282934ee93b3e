#include <scord_gpu.h>

#include "args.h"

__shared__ uint32_t words[SC_WORDS];

__global__ void kernel_main(const struct smem_conflicts_args *args)
{
    unsigned lane = __lane_id(), reps = args->reps;
    volatile uint32_t *p = &words[lane * args->stride % SC_WORDS];
    uint32_t acc = 0;
    switch (args->kind) {
    case SC_LOAD:
        for (unsigned i = 0; i < reps; i++)
            acc += *p;
        break;
    case SC_STORE:
        for (unsigned i = 0; i < reps; i++)
            *p = i;
        break;
    default:
        for (unsigned i = 0; i < reps; i++)
            acc += atomicAdd_block(p, 1u);
        break;
    }
    args->out[lane] = acc;
}
