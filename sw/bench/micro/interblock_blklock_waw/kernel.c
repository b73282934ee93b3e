/* interblock_blklock_waw: Both blocks update one word under a block-scope lock (block CAS, block
 * fences, block exchange): the lock excludes nothing across blocks. */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        blk_lock_bounded(&l[V(0)]); // scor:race blklock
        __threadfence_block();
        d[V(0)] = d[V(0)] + 1u; // scor:race blklock
        __threadfence_block();
        atomicExch_block(&l[V(0)], 0u); // scor:race blklock
        break;
    case 1:
        blk_lock_bounded(&l[V(0)]); // scor:race blklock
        __threadfence_block();
        d[V(0)] = d[V(0)] + 2u; // scor:race blklock
        __threadfence_block();
        atomicExch_block(&l[V(0)], 0u); // scor:race blklock
        break;
    default:
        break;
    }
}
