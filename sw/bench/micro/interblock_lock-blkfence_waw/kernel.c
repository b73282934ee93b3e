/* interblock_lock-blkfence_waw: Both blocks store under a device-scope CAS lock whose acquire and release
 * fences are block scope: the lock is never activated at device scope
 * and the stores are not fenced for the other block. */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        while (atomicCAS(&l[V(0)], 0u, 1u) != 0u)
            ;
        __threadfence_block();
        d[V(0)] = 1u; // scor:race lockblkfence
        __threadfence_block();
        atomicExch(&l[V(0)], 0u);
        break;
    case 1:
        while (atomicCAS(&l[V(0)], 0u, 1u) != 0u)
            ;
        __threadfence_block();
        d[V(0)] = 2u; // scor:race lockblkfence
        __threadfence_block();
        atomicExch(&l[V(0)], 0u);
        break;
    default:
        break;
    }
}
