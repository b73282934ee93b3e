#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct det_overflow_args *a)
{
    /* volatile: one store instruction, at its own PC, per line. */
    volatile uint32_t *p = a->buf + threadIdx.x;
    uint32_t s = a->stride, v = blockIdx.x + 1;
    p[0 * s] = v;
    p[1 * s] = v;
    p[2 * s] = v;
    p[3 * s] = v;
    p[4 * s] = v;
    p[5 * s] = v;
    p[6 * s] = v;
    p[7 * s] = v;
}
