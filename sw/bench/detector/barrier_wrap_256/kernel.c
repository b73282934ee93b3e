/* barrier_wrap_256: 256 block barriers: the barrier id and (through the block fences of
 * __syncthreads) the block fence counter wrap: the documented false
 * positive (docs/detector.md §9). */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *o = a->out;
    int me = micro_actor(a);
    /* The whole of warp 0 writes (one warp: no race among its lanes), so
     * the warp stays converged and each __syncthreads is exactly one block
     * fence of warp 0: 256 of them wrap its 6-bit counter. */
    if (__warp_id() == 0)
        d[V(0)] = 42u; // scor:race wrap
    for (unsigned i = 0; i < 256u; i++)
        __syncthreads();
    if (me == 1)
        o[V(1)] = d[V(0)]; // scor:race wrap
}
