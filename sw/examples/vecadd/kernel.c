#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct vecadd_args *args)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    if (i < args->n)
        args->c[i] = args->a[i] + args->b[i];
}
