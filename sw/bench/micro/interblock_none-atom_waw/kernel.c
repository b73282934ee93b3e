/* interblock_none-atom_waw: Block 0 stores a word plainly, block 1 adds to it with a device atomic:
 * no synchronization between them (Table IV b). */
#include "../micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data;
    switch (micro_actor(a)) {
    case 0:
        d[V(0)] = 5u; // scor:race noneatom
        break;
    case 1:
        atomicAdd(&d[V(0)], 1u); // scor:race noneatom
        break;
    default:
        break;
    }
}
