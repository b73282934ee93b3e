/* t3c_free: Table III (c): warp 0 writes, the block's barrier, warp 1 reads with
 * plain (weak) accesses: the barrier orders them. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *o = a->out;
    int me = micro_actor(a);
    if (me == 0)
        d[V(0)] = 42u;
    __syncthreads();
    if (me == 1)
        o[V(1)] = d[V(0)];
}
