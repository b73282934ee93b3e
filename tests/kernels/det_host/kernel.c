#include <scord_gpu.h>

#include "args.h"

__global__ void kernel_main(const struct det_host_args *a)
{
    uint32_t t = blockIdx.x * blockDim.x + threadIdx.x;
    if (t >= a->n)
        return;
    switch (a->mode) {
    case DETHOST_COPY:
    case DETHOST_SPIN:
        a->out[t] = a->in[t] + 1;
        break;
    case DETHOST_BYTES:
        a->bytes[4 * t] = (uint8_t)t;
        break;
    case DETHOST_ATOMIC:
        atomicAdd(a->counter, 1u);
        break;
    default:
        break;
    }
    if (a->mode == DETHOST_SPIN)
        while (ld_strong_u32(a->flag) == 0)
            ;
}
