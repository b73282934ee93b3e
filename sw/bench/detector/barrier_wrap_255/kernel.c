/* barrier_wrap_255: Warp 0 writes, 255 block barriers, warp 1 reads (weak): the 8-bit
 * barrier id differs, Table III (c) passes. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *o = a->out;
    int me = micro_actor(a);
    if (me == 0)
        d[V(0)] = 42u;
    for (unsigned i = 0; i < 255u; i++)
        __syncthreads();
    if (me == 1)
        o[V(1)] = d[V(0)];
}
