/* hrf_indirect: Transitive chain, 2 blocks x 2 warps: block 0 warp 0 writes, fences at
 * device scope and hands off to warp 1 with a block-scope flag; warp 1
 * hands off to block 1 warp 0 with a device-scope flag; that warp reads.
 * Race-free under HRF-indirect (scopes may change along the chain). */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        st_strong_u32(&d[V(0)], 42u);
        __threadfence();
        flag_set_block(&f[V(0)]);
        break;
    case 1:
        flag_wait_block(&f[V(0)]);
        __threadfence();
        flag_set(&f[V(1)]);
        break;
    case 2:
        flag_wait(&f[V(1)]);
        __threadfence();
        o[V(2)] = ld_strong_u32(&d[V(0)]);
        break;
    default:
        break;
    }
}
