/* t3a_free: Table III (a): each block's only access is the first access of its own
 * word: passed by the preliminary check. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data;
    switch (micro_actor(a)) {
    case 0:
        d[V(0)] = 1u;
        break;
    case 1:
        d[V(1)] = 2u;
        break;
    default:
        break;
    }
}
