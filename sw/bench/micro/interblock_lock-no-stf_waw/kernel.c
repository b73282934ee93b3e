/* interblock_lock-no-stf_waw: Device lock across blocks without the fence after the acquire: the
 * critical section's weak stores may use stale lines (Table IV c). */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        while (atomicCAS(&l[V(0)], 0u, 1u) != 0u)
            ;
        d[V(0)] = 1u; // scor:race nostf
        dev_unlock(&l[V(0)]);
        break;
    case 1:
        while (atomicCAS(&l[V(0)], 0u, 1u) != 0u)
            ;
        d[V(0)] = 2u; // scor:race nostf
        dev_unlock(&l[V(0)]);
        break;
    default:
        break;
    }
}
