/* interblock_lock-no-tf_waw: Device lock across blocks without the fence before the release: the
 * store may not be visible when the next holder enters (Table IV b). */
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
        dev_lock(&l[V(0)]);
        d[V(0)] = 2u; // scor:race notf
        atomicExch(&l[V(0)], 0u);
        break;
    default:
        break;
    }
}
