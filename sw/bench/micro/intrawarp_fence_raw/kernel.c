/* intrawarp_fence_raw: Lane 0 writes, the warp reconverges and fences, lane 1 reads: one warp
 * runs in lockstep (no independent thread scheduling), so program order
 * orders the lanes. */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *o = a->out;
    int me = micro_actor(a);
    if (me == 0)
        d[V(0)] = 42u;
    __threadfence_block();
    if (me == 1)
        o[V(1)] = d[V(0)];
}
