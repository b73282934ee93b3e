/* interwarp_blklock-no-tf_waw: Two warps of one block store under a block lock that lacks the fence
 * before the release (Table IV a). */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        blk_lock(&l[V(0)]);
        d[V(0)] = 1u; // scor:race notf
        atomicExch_block(&l[V(0)], 0u);
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
