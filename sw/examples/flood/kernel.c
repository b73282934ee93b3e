#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct flood_args *a)
{
    unsigned i = blockIdx.x * blockDim.x + threadIdx.x;
    volatile uint32_t *p = a->buf + i;
    uint32_t s = 0, n = a->iters;
    /* Four accesses per loop trip keep the loop overhead small. */
    if (a->store) {
        for (uint32_t k = 0; k < n; k += 4) {
            p[0] = k;
            p[0] = k + 1;
            p[0] = k + 2;
            p[0] = k + 3;
        }
    } else {
        for (uint32_t k = 0; k < n; k += 4) {
            s += p[0];
            s += p[0];
            s += p[0];
            s += p[0];
        }
    }
    a->out[i] = s;
}
