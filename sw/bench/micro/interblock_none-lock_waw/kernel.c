/* interblock_none-lock_waw: Block 0 writes under a device lock, block 1 writes without it
 * (Table IV f; IV b when the unlocked write comes first). */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        dev_lock(&l[V(0)]);
        d[V(0)] = 7u; // scor:race nonelock
        dev_unlock(&l[V(0)]);
        break;
    case 1:
        d[V(0)] = 9u; // scor:race nonelock
        break;
    default:
        break;
    }
}
