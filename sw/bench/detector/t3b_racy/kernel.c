/* t3b_racy: Table III (b) passes program order only: warp 0 writes a word that
 * warp 1 reads without synchronization. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        d[V(0)] = 1u; // scor:race po
        break;
    case 1:
        o[V(1)] = d[V(0)]; // scor:race po
        break;
    default:
        break;
    }
}
