/* interblock_blkatom: Two blocks add to one counter with block-scope atomics: a block-scope
 * atomic is not atomic for another block (Table IV d). */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data;
    switch (micro_actor(a)) {
    case 0:
        atomicAdd_block(&d[V(0)], 1u); // scor:race blkatom
        break;
    case 1:
        atomicAdd_block(&d[V(0)], 1u); // scor:race blkatom
        break;
    default:
        break;
    }
}
