/* lock_scope_free: The same block-scope lock used by two warps of one block. */
#include "../../micro/micro_sync.h"

__global__ void kernel_main(const struct micro_args *a)
{
    volatile uint32_t *d = a->data, *f = a->flag, *l = a->lock;
    switch (micro_actor(a)) {
    case 0:
        blk_lock(&l[V(0)]);
        d[V(0)] = 42u;
        blk_unlock(&l[V(0)]);
        flag_set_block(&f[V(0)]);
        break;
    case 1:
        flag_wait_block(&f[V(0)]);
        blk_lock(&l[V(0)]);
        d[V(0)] = 43u;
        blk_unlock(&l[V(0)]);
        break;
    default:
        break;
    }
}
