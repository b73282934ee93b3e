#include <scord_gpu.h>

#include "args.h"
#include "compute.h"

__global__ void kernel_main(const struct divergent_args *args)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i >= args->n)
        return; /* lanes leave early and exit while the others go on */
    args->out[i] = divergent_value(i, args->seeds[i]);
}
