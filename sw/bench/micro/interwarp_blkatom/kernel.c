/* interwarp_blkatom: Two warps of one block add to one counter with block-scope atomics. */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data;
    switch (micro_actor(a)) {
    case 0:
        atomicAdd_block(&d[V(0)], 1u);
        break;
    case 1:
        atomicAdd_block(&d[V(0)], 2u);
        break;
    default:
        break;
    }
}
