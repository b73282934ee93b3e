/* interblock_lock: Two blocks increment one word under a device lock. */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        dev_lock(&l[V(0)]);
        d[V(0)] = d[V(0)] + 1u;
        dev_unlock(&l[V(0)]);
        break;
    case 1:
        dev_lock(&l[V(0)]);
        d[V(0)] = d[V(0)] + 2u;
        dev_unlock(&l[V(0)]);
        break;
    default:
        break;
    }
}
