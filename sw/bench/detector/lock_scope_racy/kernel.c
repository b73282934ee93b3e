/* lock_scope_racy: A block-scope lock (with device fences) used by two blocks in turn: a
 * block lock protects only within its block (D11). */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        blk_lock_bounded(&l[V(0)]); // scor:race scope
        __threadfence();
        d[V(0)] = 42u; // scor:race scope
        __threadfence();
        atomicExch_block(&l[V(0)], 0u); // scor:race scope
        flag_set(&f[V(0)]);
        break;
    case 1:
        flag_wait(&f[V(0)]);
        blk_lock_bounded(&l[V(0)]); // scor:race scope
        __threadfence();
        d[V(0)] = 43u; // scor:race scope
        __threadfence();
        atomicExch_block(&l[V(0)], 0u); // scor:race scope
        break;
    default:
        break;
    }
}
