/* interwarp_dev-blklock-no-tf_waw: Device lock in warp 0, block lock in warp 1 on one lock word, neither
 * fencing before the release (Table IV a). */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        dev_lock(&l[V(0)]);
        d[V(0)] = 1u; // scor:race notf
        atomicExch(&l[V(0)], 0u);
        break;
    case 1:
        blk_lock(&l[V(0)]);
        d[V(0)] = 2u; // scor:race notf
        atomicExch_block(&l[V(0)], 0u);
        break;
    default:
        break;
    }
}
