/* interblock_atom: Two blocks add to one counter with device-scope atomics. */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data;
    switch (micro_actor(a)) {
    case 0:
        atomicAdd(&d[V(0)], 1u);
        break;
    case 1:
        atomicAdd(&d[V(0)], 2u);
        break;
    default:
        break;
    }
}
