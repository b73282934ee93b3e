#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct matmul_args *args)
{
    unsigned col = blockIdx.x * blockDim.x + threadIdx.x;
    unsigned row = blockIdx.y * blockDim.y + threadIdx.y;
    if (row >= args->m || col >= args->n)
        return;
    const int32_t *a = args->a + row * args->k;
    const int32_t *b = args->b + col;
    int32_t acc = 0;
    for (unsigned i = 0; i < args->k; i++, b += args->n)
        acc += a[i] * *b;
    args->c[row * args->n + col] = acc;
}
