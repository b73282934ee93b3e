/* t3a_racy: Table III (a) passes only a location's first access: both blocks store
 * to a fresh word, and the second store is checked and reported. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data;
    switch (micro_actor(a)) {
    case 0:
        d[V(0)] = 1u; // scor:race first
        break;
    case 1:
        d[V(0)] = 2u; // scor:race first
        break;
    default:
        break;
    }
}
