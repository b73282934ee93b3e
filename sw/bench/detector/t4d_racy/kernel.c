/* t4d_racy: Table IV (d): block 0 updates a word with a block-scope atomic, block 1
 * reads it after a correct fence and flag hand-off. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *o = a->out;
    switch (micro_actor(a)) {
    case 0:
        atomicAdd_block(&d[V(0)], 5u); // scor:race scoped
        __threadfence();
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        __threadfence();
        o[V(1)] = ld_strong_u32(&d[V(0)]); // scor:race scoped
        break;
    default:
        break;
    }
}
