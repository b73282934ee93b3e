#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct matmul_args *args)
{
    unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= args->m || col >= args->n)
        return;
    uint32_t acc = 0; /* unsigned: wrapping is defined, as on the host */
    for (unsigned i = 0; i < args->k; i++)
        acc += (uint32_t)args->a[row * args->k + i] * (uint32_t)args->b[i * args->n + col];
    args->c[row * args->n + col] = (int32_t)acc;
}
