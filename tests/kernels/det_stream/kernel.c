#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct det_stream_args *a)
{
    volatile uint32_t *w = a->word;
    for (uint32_t k = 0; k < a->iters; k++)
        *w = k;
}
