#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct vecadd_args *args)
{
    unsigned stride = gridDim.x * blockDim.x;
    for (unsigned i = blockIdx.x * blockDim.x + threadIdx.x; i < args->n; i += stride)
        args->c[i] = args->a[i] + args->b[i];
}
