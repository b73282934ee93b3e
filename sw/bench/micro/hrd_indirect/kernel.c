/* hrd_indirect: Transitive chain the other way round: block 0 warp 0 writes and hands off
 * to block 1 warp 0 with a device-scope flag, which hands off to block 1
 * warp 1 with a block-scope flag; that warp reads. */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        st_strong_u32(&d[V(0)], 42u);
        __threadfence();
        flag_set(&f[V(0)]);
        break;
    case 2:
        flag_wait(&f[V(0)]);
        __threadfence();
        flag_set_block(&f[V(1)]);
        break;
    case 3:
        flag_wait_block(&f[V(1)]);
        __threadfence_block();
        o[V(3)] = ld_strong_u32(&d[V(0)]);
        break;
    default:
        break;
    }
}
